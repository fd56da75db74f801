# Bad-input catalogue (docs/errors.md): one test per class of bad input a user can give,
# each checking the exit code and the one-line message (tests/expect_fail.sh). Classes
# tested elsewhere are named in docs/errors.md (test_config, test_api, bench_bad*,
# trace_bad_*, gantt_bad_input, *_cli_bad_value, seismic_refuse_*, watchdog_*).
#
#   ladro_badinput(NAME n PROG target NP p CODE c REGEX r [ARGS ...] [ENV k=v ...]
#                  [SH "shell prelude"])
# NP 0 runs the program directly (no MPI launcher); so does NP 1, as an MPI singleton
# (MPI_Init without a launcher starts in a fraction of mpiexec's time). SH runs a shell command first (in
# the test's scratch directory ${CMAKE_CURRENT_BINARY_DIR}/badinput, where files made by
# the prelude live).
set(_bi_dir ${CMAKE_CURRENT_BINARY_DIR}/badinput)
file(MAKE_DIRECTORY ${_bi_dir})
function(ladro_badinput)
  cmake_parse_arguments(B "" "NAME;PROG;NP;CODE;REGEX;SH" "ARGS;ENV" ${ARGN})
  if(B_NP GREATER LADRO_TEST_MAX_NP)
    return()
  endif()
  set(_cmd ${CMAKE_CURRENT_SOURCE_DIR}/expect_fail.sh ${B_CODE} "${B_REGEX}" 1 --)
  if(B_NP EQUAL 0)
    list(APPEND _cmd $<TARGET_FILE:${B_PROG}> ${B_ARGS})
    set(_labels "badinput")
    set(_env ${B_ENV})
  elseif(B_NP EQUAL 1)
    list(APPEND _cmd $<TARGET_FILE:${B_PROG}> ${B_ARGS})
    set(_labels "mpi;badinput")
    set(_env ${LADRO_MPI_ENV} LADRO_EXPECT_NP=1 ${B_ENV})
  else()
    list(APPEND _cmd ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${B_NP}
         ${LADRO_MPI_PREFLAGS} $<TARGET_FILE:${B_PROG}> ${B_ARGS})
    set(_labels "mpi;badinput")
    set(_env ${LADRO_MPI_ENV} ${B_ENV})
  endif()
  if(B_SH)
    list(PREPEND _cmd sh -c "${B_SH} && exec \"$@\"" sh)
  endif()
  math(EXPR _t "60 * ${LADRO_TEST_TIMEOUT_SCALE}")
  add_test(NAME bad_${B_NAME} COMMAND ${_cmd} WORKING_DIRECTORY ${_bi_dir})
  set_tests_properties(bad_${B_NAME} PROPERTIES TIMEOUT ${_t} LABELS "${_labels}"
                       ENVIRONMENT "${_env}")
endfunction()

# ---- ladro-synth: flags, runtime keys given as flags, the environment, the launcher
ladro_badinput(NAME synth_threads_zero PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --threads '0': accepted: an integer in \\[1, 1024\\]" ARGS --threads 0)
ladro_badinput(NAME synth_threads_env_zero PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: environment variable LADRO_THREADS: threads='0': accepted: an integer in \\[1, 1024\\]"
  ENV LADRO_THREADS=0)
ladro_badinput(NAME synth_profile_bad PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --profile 'nope': accepted: list, 10s-4M, .*, 1s-16M$"
  ARGS --profile nope)
ladro_badinput(NAME synth_threads_profile_bad PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --threads-profile 'C9': accepted: C1, C2, C3, C4, C5"
  ARGS --threads-profile C9)
ladro_badinput(NAME synth_threads_profile_and_threads PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --threads-profile and --threads \\(or LADRO_THREADS\\): give one"
  ARGS --threads-profile C2 --threads 3)
ladro_badinput(NAME synth_unknown_flag PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: option '--bogus': unknown" ARGS --bogus 1)
ladro_badinput(NAME synth_missing_value PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --init '': needs a value" ARGS --init)
ladro_badinput(NAME synth_positional PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: argument 'extra': not an option" ARGS extra)
ladro_badinput(NAME synth_bad_number PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --tasks-per-rank '1.5': accepted: an integer in" ARGS --tasks-per-rank 1.5)
ladro_badinput(NAME synth_bad_repeat PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --repeat '0': accepted: an integer in \\[1, 1000000\\]" ARGS --repeat 0)
ladro_badinput(NAME synth_bad_init PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --init 'half': accepted: even" ARGS --init half)
ladro_badinput(NAME synth_bad_dist PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --work-dist 'uniform:3,1': accepted: const" ARGS --work-dist uniform:3,1)
ladro_badinput(NAME synth_bad_key_flag PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --policy 'fastest': unknown; accepted: " ARGS --policy fastest)
ladro_badinput(NAME synth_cross_field PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: chunk=4096: must be at most task_capacity/2" ARGS --chunk 4096)
ladro_badinput(NAME env_unknown PROG ladro-synth NP 1 CODE 2
  REGEX "environment variable LADRO_POLCY: unknown LADRO_ variable" ENV LADRO_POLCY=random)
# a removed key: named, with what replaces it (the emulation and the delays are the
# programs' flags now)
ladro_badinput(NAME env_removed_speed PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: LADRO_SPEED was removed: speeds are emulated by the programs' --speed"
  ENV LADRO_SPEED=C1)
ladro_badinput(NAME synth_removed_key_entry PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --policy 'random:delay_us=5': delay_us was removed: injected delays"
  ARGS --policy random:delay_us=5)
ladro_badinput(NAME synth_bad_speed PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --speed 'C6': speed 'C6': entry 'C6' is not a positive number"
  ARGS --speed C6)
ladro_badinput(NAME env_bad_value PROG ladro-synth NP 1 CODE 2
  REGEX "environment variable LADRO_CHUNK: chunk='0': accepted: an integer in" ENV LADRO_CHUNK=0)
ladro_badinput(NAME synth_wrong_np PROG ladro-synth NP 2 CODE 1
  REGEX "^ladro-synth: LADRO_EXPECT_NP=3 but the communicator has 2 ranks" ENV LADRO_EXPECT_NP=3)

# ---- ladro-bench: a flag without its value (the value classes: bench_bad* tests)
ladro_badinput(NAME bench_missing_value PROG ladro-bench NP 1 CODE 2
  REGEX "^ladro-bench: --policy '': needs a value" ARGS --policy)

# ---- ladro-uts and ladro-nqueens: argument classes not covered by *_cli_bad_value
ladro_badinput(NAME uts_unknown_argument PROG ladro-uts NP 1 CODE 2
  REGEX "^ladro-uts: option '--bogus': unknown" ARGS --bogus)
ladro_badinput(NAME uts_missing_value PROG ladro-uts NP 1 CODE 2
  REGEX "^ladro-uts: -t '': needs a value" ARGS -t)
ladro_badinput(NAME uts_unknown_tree_flag PROG ladro-uts NP 1 CODE 2
  REGEX "^ladro-uts: option '-z': unknown" ARGS -z 1)
ladro_badinput(NAME uts_bad_expect PROG ladro-uts NP 1 CODE 2
  REGEX "^ladro-uts: --expect '1,2': accepted: NODES,LEAVES,DEPTH" ARGS --expect 1,2)
ladro_badinput(NAME nqueens_unknown_argument PROG ladro-nqueens NP 1 CODE 2
  REGEX "^ladro-nqueens: option '--bogus': unknown" ARGS --bogus)
ladro_badinput(NAME nqueens_missing_value PROG ladro-nqueens NP 1 CODE 2
  REGEX "^ladro-nqueens: --cutoff '': needs a value" ARGS --cutoff)

# ---- ladro-seismic / ladro-rtm: arguments, the velocity model file, outputs, --data
if(TARGET ladro-seismic)
  ladro_badinput(NAME seismic_unknown_argument PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: option '--checkpoint': unknown" ARGS --checkpoint)
  ladro_badinput(NAME seismic_missing_value PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: --dims '': needs a value" ARGS --dims)
  ladro_badinput(NAME seismic_bad_dims PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: --dims '8,8': accepted: NX,NY,NZ" ARGS --dims 8,8)
  ladro_badinput(NAME seismic_resume_replaced PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: --resume was replaced by the library's journal: set LADRO_JOURNAL=DIR on every run, and run again with the same DIR to resume$"
    ARGS --resume)
  ladro_badinput(NAME rtm_resume_replaced PROG ladro-rtm NP 1 CODE 2
    REGEX "^ladro-rtm: --resume was replaced by the library's journal" ARGS --resume)
  ladro_badinput(NAME seismic_journal_policies PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: LADRO_JOURNAL needs a single --policy, got 'all'$"
    ARGS --policy all ENV LADRO_JOURNAL=seis_bad_jnl)
  ladro_badinput(NAME seismic_model_missing PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: refused: cannot open nosuch.bin: No such file"
    ARGS --model-file nosuch.bin --out seis_bad)
  ladro_badinput(NAME seismic_model_size PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: refused: short.bin: 5 bytes of samples, expected 409600 for 40 x 40 x 64 float32"
    SH "printf 12345 > short.bin" ARGS --model-file short.bin --dims 40,40,64 --out seis_bad)
  ladro_badinput(NAME seismic_model_header PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: refused: hdr.bin: header says 8 x 8 x 8, the command line 40 x 40 x 64"
    SH "printf 'LDRV\\010\\000\\000\\000\\010\\000\\000\\000\\010\\000\\000\\000' > hdr.bin"
    ARGS --model-file hdr.bin --dims 40,40,64 --out seis_bad)
  ladro_badinput(NAME seismic_out_unwritable PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: cannot create /proc/ladro-nope: "
    ARGS --dims 16,16,16 --shots 1,1 --tmax 0.05 --out /proc/ladro-nope)
  ladro_badinput(NAME rtm_data_bad_su PROG ladro-rtm NP 1 CODE 1
    REGEX "^ladro-rtm: shot 0: badsu/shot_00000.su: SU data of 7 bytes is shorter than one 240-byte header"
    SH "mkdir -p badsu && printf garbage > badsu/shot_00000.su"
    ARGS --dims 16,16,16 --shots 1,1 --tmax 0.05 --fpeak 8 --data badsu --out rtm_bad --quiet)
endif()

# ---- ladro-gantt: the command line and the CSV trace file
ladro_badinput(NAME gantt_unknown_option PROG ladro-gantt NP 0 CODE 2
  REGEX "^ladro-gantt: option '--bogus': unknown" ARGS t.csv --bogus 1)
ladro_badinput(NAME gantt_missing_value PROG ladro-gantt NP 0 CODE 2
  REGEX "^ladro-gantt: -o '': needs a value" ARGS t.csv -o)
ladro_badinput(NAME gantt_bad_width PROG ladro-gantt NP 0 CODE 2
  REGEX "^ladro-gantt: --width '10': accepted: pixels in" ARGS t.csv --width 10)
ladro_badinput(NAME gantt_two_files PROG ladro-gantt NP 0 CODE 2
  REGEX "^ladro-gantt: argument 'b.csv': only one trace file" ARGS a.csv b.csv)
ladro_badinput(NAME gantt_no_file PROG ladro-gantt NP 0 CODE 2
  REGEX "^ladro-gantt: no trace file given")
ladro_badinput(NAME gantt_missing_file PROG ladro-gantt NP 0 CODE 1
  REGEX "^ladro-gantt: cannot read 'nosuch.csv': No such file" ARGS nosuch.csv)
ladro_badinput(NAME gantt_empty_file PROG ladro-gantt NP 0 CODE 1
  REGEX "^ladro-gantt: empty.csv: empty, no CSV header"
  SH ": > empty.csv" ARGS empty.csv -o empty.svg)
ladro_badinput(NAME gantt_bad_record PROG ladro-gantt NP 0 CODE 1
  REGEX "^ladro-gantt: rec.csv:3: malformed record"
  SH "printf '# ladro trace, 1 ranks\\nkind,rank,start,end,task_id,peer,count,what\\ntask,0,2,1,0,0,0,\\n' > rec.csv"
  ARGS rec.csv -o rec.svg)
ladro_badinput(NAME env_bad_idle PROG ladro-synth NP 1 CODE 2
  REGEX "environment variable LADRO_IDLE: idle='sleep': accepted: auto, spin, backoff" ENV LADRO_IDLE=sleep)
# paper=1: the rules of a paper ladro cannot give are refused, naming the rule
ladro_badinput(NAME paper_ctws_spawn PROG ladro-uts NP 2 CODE 1
  REGEX "paper=1 \\(ctws's finish token\\): a task pushed a task, but the paper's finish token assumes every task exists at the start"
  ARGS --policy ctws ENV LADRO_PAPER=1)
ladro_badinput(NAME paper_ctws_spawn_nqueens PROG ladro-nqueens NP 2 CODE 1
  REGEX "paper=1 \\(ctws's finish token\\): a task pushed a task, but the paper's finish token assumes every task exists at the start"
  ARGS -n 8 --policy ctws ENV LADRO_PAPER=1)
ladro_badinput(NAME paper_ctws_results PROG ladro-synth NP 2 CODE 1
  REGEX "paper=1 \\(ctws's finish token\\): result_bytes must be 0"
  ARGS --policy ctws --tasks-per-rank 2 ENV LADRO_PAPER=1 LADRO_RESULT_BYTES=8)
ladro_badinput(NAME paper_leader_single PROG ladro-synth NP 2 CODE 1
  REGEX "paper=1: the paper's leader serves from a service thread, which needs MPI_THREAD_MULTIPLE, and MPI does not provide it"
  ARGS --policy leader --tasks-per-rank 2 ENV LADRO_PAPER=1 OMPI_MCA_osc=pt2pt)
ladro_badinput(NAME env_bad_paper PROG ladro-synth NP 1 CODE 2
  REGEX "environment variable LADRO_PAPER: paper='yes': accepted: 0, 1"
  ENV LADRO_PAPER=yes)
# removed keys answer with what replaced them, as a variable and as a tool's key
ladro_badinput(NAME removed_env_ctws_tokens PROG ladro-synth NP 1 CODE 2
  REGEX "LADRO_CTWS_TOKENS was removed: ctws uses one token per 4 ranks; LADRO_PAPER=1 gives the paper's single token"
  ENV LADRO_CTWS_TOKENS=2)
ladro_badinput(NAME removed_env_successonly_nocycle PROG ladro-synth NP 1 CODE 2
  REGEX "LADRO_SUCCESSONLY_NOCYCLE was removed: the no-cycle variant did not beat successonly"
  ENV LADRO_SUCCESSONLY_NOCYCLE=1)
ladro_badinput(NAME removed_key_ctws_probe PROG ladro-bench NP 1 CODE 2
  REGEX "ctws_probe was removed: a ctws holder whose list ran dry reads 16 random ranks; paper=1 gives the paper's none"
  ARGS --policy ctws:ctws_probe=4)

# ---- ladro-synth --policy LIST: the entry that is not a policy is named
ladro_badinput(NAME synth_bad_policy_list PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --policy 'fastest': unknown; accepted: static"
  ARGS --policy random,fastest)

# ---- the shared command-line vocabulary (docs/cli.md): an old spelling names the new
# one, an unknown option the closest one, a policy name in any case is refused only
# when no policy has that name
ladro_badinput(NAME cli_renamed_policies PROG ladro-bench NP 1 CODE 2
  REGEX "^ladro-bench: --policies was renamed --policy$" ARGS --policies all)
ladro_badinput(NAME cli_renamed_keep PROG ladro-uts NP 1 CODE 2
  REGEX "^ladro-uts: --keep was renamed --chunk$" ARGS --keep 2)
ladro_badinput(NAME cli_renamed_cutoff PROG ladro-nqueens NP 1 CODE 2
  REGEX "^ladro-nqueens: -c was renamed --cutoff$" ARGS -n 8 -c 4)
ladro_badinput(NAME cli_renamed_dist PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --dist was renamed --work-dist$" ARGS --dist exp)
ladro_badinput(NAME cli_did_you_mean_synth PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: option '--polcy': unknown; did you mean '--policy'\\? \\(see --help\\)$"
  ARGS --polcy random)
ladro_badinput(NAME cli_did_you_mean_bench PROG ladro-bench NP 1 CODE 2
  REGEX "^ladro-bench: option '--tasks-per-rnak': unknown; did you mean '--tasks-per-rank'\\?"
  ARGS --tasks-per-rnak 4)
ladro_badinput(NAME cli_did_you_mean_uts PROG ladro-uts NP 1 CODE 2
  REGEX "^ladro-uts: option '--sequentail': unknown; did you mean '--sequential'\\?"
  ARGS --sequentail)
ladro_badinput(NAME cli_did_you_mean_policy PROG ladro-nqueens NP 1 CODE 2
  REGEX "^ladro-nqueens: --policy 'radnom': unknown; did you mean 'random'\\? accepted: "
  ARGS -n 6 --policy radnom)
ladro_badinput(NAME cli_json_needs_file PROG ladro-synth NP 1 CODE 2
  REGEX "^ladro-synth: --json '': needs a value \\(FILE\\) or none$" ARGS --json=)
if(TARGET ladro-seismic)
  ladro_badinput(NAME cli_did_you_mean_seismic PROG ladro-seismic NP 1 CODE 2
    REGEX "^ladro-seismic: option '--no-progres': unknown; did you mean '--no-progress'\\?"
    ARGS --no-progres)
endif()

# ---- ladro-gantt on the other trace formats: a file that is not ladro's JSON or Paje
ladro_badinput(NAME gantt_bad_json PROG ladro-gantt NP 0 CODE 1
  REGEX "^ladro-gantt: bad.json:1: not a ladro Chrome JSON trace"
  SH "printf '{\"x\": 1}\\n' > bad.json" ARGS bad.json -o bad.svg)
ladro_badinput(NAME gantt_bad_paje PROG ladro-gantt NP 0 CODE 1
  REGEX "^ladro-gantt: bad.paje:2: unknown Paje event"
  SH "printf '%%%%EventDef X 0\\n99 0\\n' > bad.paje" ARGS bad.paje -o bad.svg)
