# UTS tests, included from apps/uts/CMakeLists.txt (names uts_*). Budget: about a minute
# on a 2-core machine; the reference's small sample trees are ~4.1M nodes each (~0.3 s
# sequential). Expected counts: the reference's published numbers (sample_trees.sh);
# the balanced tree's from its closed form, which the reference also prints.
set(_uts_T1 -t 1 -a 3 -d 10 -b 4 -r 19 --expect 4130071,3305118,10)
set(_uts_T2 -t 1 -a 2 -d 16 -b 6 -r 502 --expect 4117769,2342762,81)
set(_uts_T3 -t 0 -b 2000 -q 0.124875 -m 8 -r 42 --expect 4112897,3599034,1572)
set(_uts_T4 -t 2 -a 0 -d 16 -b 6 -r 1 -q 0.234375 -m 4 --expect 4132453,3108986,134)
set(_uts_T5 -t 1 -a 0 -d 20 -b 4 -r 34 --expect 4147582,2181318,20)
set(_uts_BAL -t 3 -b 4 -d 10 --expect 1398101,1048576,10)

# A run that must fail: exit code CODE and a stderr line matching REGEX (expect_fail.sh).
function(uts_expect_fail NAME NP CODE REGEX)
  cmake_parse_arguments(F "" "" "ARGS;ENV" ${ARGN})
  if(NP GREATER LADRO_TEST_MAX_NP)
    return()
  endif()
  add_test(NAME ${NAME} COMMAND ${PROJECT_SOURCE_DIR}/tests/expect_fail.sh ${CODE} "${REGEX}" 1
           -- ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${NP} ${LADRO_MPI_PREFLAGS}
           $<TARGET_FILE:ladro-uts> ${F_ARGS})
  math(EXPR _t "60 * ${LADRO_TEST_TIMEOUT_SCALE}")
  set_tests_properties(${NAME} PROPERTIES TIMEOUT ${_t} LABELS "mpi;uts;badinput"
                       ENVIRONMENT "${LADRO_MPI_ENV};LADRO_EXPECT_NP=${NP};${F_ENV}")
endfunction()

add_executable(test_uts_sha1 ${PROJECT_SOURCE_DIR}/tests/uts/test_sha1.c)
target_link_libraries(test_uts_sha1 PRIVATE uts_tree)
target_compile_definitions(test_uts_sha1 PRIVATE _POSIX_C_SOURCE=200809L)
add_test(NAME uts_sha1 COMMAND test_uts_sha1)
set_tests_properties(uts_sha1 PROPERTIES TIMEOUT 30 LABELS "uts;unit")

add_executable(test_uts_tree ${PROJECT_SOURCE_DIR}/tests/uts/test_tree.c)
target_link_libraries(test_uts_tree PRIVATE uts_tree)
add_test(NAME uts_tree_sequential COMMAND test_uts_tree)
set_tests_properties(uts_tree_sequential PROPERTIES TIMEOUT 60 LABELS "uts;unit")

# The sample trees exact at 2 and 8 ranks, every registered policy in one launch each:
# T1 (geometric fixed), T2 (geometric cyclic), T3 (binomial), T4 (hybrid), T5 (geometric
# linear), BAL (balanced 4^10); T1 also at 1 and 4 ranks. The paper's -c 8 -i 10 at 1 and
# 2 ranks; at 4 and 8 (oversubscribed: 2 cores) -i 100, because each ladro_progress costs
# microseconds there (Open MPI yields when oversubscribed; docs/uts.md) and the polling
# interval cannot change the counts. The two-sided (osc pt2pt) twins run T1 and T3 at 2
# and 8 ranks. make check runs T1 at 2 ranks (every policy on 4 million nodes); the other
# 13 layouts are labelled slow (make check-all): every tree's counts are checked without
# MPI by uts_tree_sequential, and every shape under every policy at 3 to 8 ranks by the
# small trees below.
foreach(np 1 2 4 8)
  set(_poll 10)
  if(np GREATER 2)
    set(_poll 100)
  endif()
  set(_trees T1 T2 T3 T4 T5 BAL)
  if(np EQUAL 1 OR np EQUAL 4)
    set(_trees T1)
  endif()
  foreach(tree ${_trees})
    set(_opt NO_PT2PT)
    if((np EQUAL 2 OR np EQUAL 8) AND (tree STREQUAL "T1" OR tree STREQUAL "T3"))
      set(_opt "")
    endif()
    set(_labels uts slow)
    if(np EQUAL 2 AND tree STREQUAL "T1")
      set(_labels uts)
    endif()
    ladro_add_mpi_test(NAME uts_${tree}_np${np} NP ${np} ${_opt}
      COMMAND ladro-uts ${_uts_${tree}} -c 8 -i ${_poll} --policy all --quiet TIMEOUT 120
      LABELS ${_labels})
  endforeach()
endforeach()

# Small trees, tiny chunks (many steals), odd rank counts, every policy: counts checked
# against rank 0's sequential DFS of the same tree (--verify) and pinned (--expect, values
# from that DFS) so a degenerate tree cannot slip in. One per geometric shape, binomial,
# hybrid (crossing its shift depth 4 = 0.5 x 8) and balanced.
ladro_add_mpi_test(NAME uts_small_linear_np3 NP 3
  COMMAND ladro-uts -t 1 -a 0 -d 12 -b 4 -r 1 -c 1 -i 1 --expect 23735,12928,12
          --policy all --verify --quiet TIMEOUT 60 LABELS uts)
ladro_add_mpi_test(NAME uts_small_bin_np5 NP 5
  COMMAND ladro-uts -t 0 -b 400 -q 0.24 -m 4 -r 2 -c 2 -i 3 --expect 20973,15829,101
          --policy all --verify --quiet TIMEOUT 60 LABELS uts)
ladro_add_mpi_test(NAME uts_small_expdec_np8 NP 8 NO_PT2PT
  COMMAND ladro-uts -t 1 -a 1 -d 8 -b 4 -r 7 -c 2 -i 4 --expect 13345,6848,24
          --policy all --verify --quiet TIMEOUT 60 LABELS uts)
ladro_add_mpi_test(NAME uts_small_cyclic_np4 NP 4 NO_PT2PT
  COMMAND ladro-uts -t 1 -a 2 -d 8 -b 4 -r 7 -c 1 -i 2 --expect 6452,3809,41
          --policy all --verify --quiet TIMEOUT 60 LABELS uts)
ladro_add_mpi_test(NAME uts_small_hybrid_np5 NP 5 NO_PT2PT
  COMMAND ladro-uts -t 2 -a 2 -d 8 -b 4 -q 0.2 -m 4 -r 7 -c 1 -i 1 --expect 3292,2464,26
          --policy all --verify --quiet TIMEOUT 60 LABELS uts)
ladro_add_mpi_test(NAME uts_small_balanced_np6 NP 6 NO_PT2PT
  COMMAND ladro-uts -t 3 -b 3 -d 7 -c 1 -i 1 --expect 3280,2187,7
          --policy all --verify --quiet TIMEOUT 60 LABELS uts)
# The reference's default tree (no flags: 1732 nodes, 1050 leaves), with -g 3 (three
# identical hashes per child: same tree, three times the work).
ladro_add_mpi_test(NAME uts_default_g3_np3 NP 3 NO_PT2PT
  COMMAND ladro-uts -g 3 -c 1 -i 1 --expect 1732,1050,6 --policy all --verify --quiet
  TIMEOUT 60 LABELS uts)

# The command line: a bad value names the flag, the value and what is accepted (exit 2).
uts_expect_fail(uts_cli_bad_value 1 2 "^ladro-uts: -t '5': accepted: a tree type 0 \\(binomial\\), 1 \\(geometric\\), 2 \\(hybrid\\) or 3 \\(balanced\\)$"
  ARGS -t 5)
uts_expect_fail(uts_cli_bad_shape 1 2 "^ladro-uts: -a '4': accepted: a shape 0 \\(linear\\), 1 \\(exp. decreasing\\), 2 \\(cyclic\\) or 3 \\(fixed\\)$"
  ARGS -t 1 -a 4)
uts_expect_fail(uts_cli_bad_shift_high 1 2 "^ladro-uts: -f '1.5': accepted: a fraction of the depth -d in \\[0, 1\\]$"
  ARGS -t 2 -f 1.5)
uts_expect_fail(uts_cli_bad_shift_negative 1 2 "^ladro-uts: -f '-0.5': accepted: a fraction"
  ARGS -f -0.5)
uts_expect_fail(uts_cli_bad_gran 1 2 "^ladro-uts: -g '0': accepted: a compute granularity, an integer in \\[1, 1000000\\]$"
  ARGS -g 0)
uts_expect_fail(uts_cli_bad_branching 1 2 "^ladro-uts: -b '-2': accepted: a branching factor, a number in \\[0, 1e9\\]$"
  ARGS -t 3 -b -2)
uts_expect_fail(uts_cli_bad_policy 1 2 "^ladro-uts: --policy 'nosuch': unknown; accepted: " ARGS --policy nosuch)
uts_expect_fail(uts_cli_wrong_np 2 1 "^ladro-uts: LADRO_EXPECT_NP=3 but the communicator has 2 ranks"
  ARGS --sequential ENV LADRO_EXPECT_NP=3)
# --expect must be able to fail: a wrong expectation is reported and exits 1.
uts_expect_fail(uts_expect_detects 2 1 "^expect: MISMATCH \\(parallel\\): got nodes 3987, leaves 3232, depth 5; expected 1, 1, 1$"
  ARGS -t 1 -a 3 -d 5 -b 4 -r 19 --expect 1,1,1)
ladro_add_mpi_test(NAME uts_sequential_T1 NP 1 NO_PT2PT
  COMMAND ladro-uts ${_uts_T1} --sequential TIMEOUT 60 LABELS uts)

# SuccessOnlyWS by name (grants and claims) on T1 and T3 at 8 ranks; zero failed remote
# steals by construction as its paper runs it (paper=1: a communication worker beside the
# computation workers, threads inside the rank; docs/policies/successonly.md) on T3 at 4
# ranks; --max-failed must be able to fail (random on T1 fails steals while the tree is
# still on rank 0 alone). make check runs T3; T1 is labelled slow.
foreach(tree T1 T3)
  set(_labels uts slow)
  if(tree STREQUAL "T3")
    set(_labels uts)
  endif()
  ladro_add_mpi_test(NAME uts_${tree}_successonly_np8 NP 8
    COMMAND ladro-uts ${_uts_${tree}} -c 8 -i 100 --policy successonly --quiet
    TIMEOUT 120 LABELS ${_labels})
endforeach()
ladro_add_mpi_test(NAME uts_T3_successonly_paper_np4 NP 4 NO_PT2PT
  COMMAND ladro-uts ${_uts_T3} -c 8 -i 100 --policy successonly --max-failed 0 --quiet
  ENV LADRO_PAPER=1 TIMEOUT 120 LABELS "uts;paper")
# smallworld as TITUS_DLB describes it (paper=1: locked whole-set theft): the tree's counts
ladro_add_mpi_test(NAME uts_T3_smallworld_paper_np4 NP 4
  COMMAND ladro-uts ${_uts_T3} -c 8 -i 100 --policy smallworld --quiet
  ENV LADRO_PAPER=1 TIMEOUT 120 LABELS "uts;paper")
uts_expect_fail(uts_max_failed_detects 4 1 "^policy random: [0-9]+ failed remote steals, --max-failed allows 0$"
  ARGS ${_uts_T1} -c 8 -i 100 --policy random --max-failed 0 --quiet)

# Worker threads inside each rank (--threads, src/threads.c): one DFS stack per worker,
# chunks spawned from workers; the reference's counts under every policy. (Under osc
# pt2pt a threaded rank's window moves only at its hub's rounds, every backoff_max_us at
# most: one-node tasks then make the run long; the synth stress covers pt2pt.)
ladro_add_mpi_test(NAME uts_small_linear_np2_t3 NP 2 NO_PT2PT
  COMMAND ladro-uts -t 1 -a 0 -d 12 -b 4 -r 1 -c 1 -i 1 --expect 23735,12928,12
          --threads 3 --policy all --quiet TIMEOUT 120 LABELS "uts;threads")
ladro_add_mpi_test(NAME uts_small_bin_np4_t2 NP 4 NO_PT2PT
  COMMAND ladro-uts -t 0 -b 400 -q 0.24 -m 4 -r 2 -c 2 -i 3 --expect 20973,15829,101
          --threads 2 --policy all --quiet TIMEOUT 120 LABELS "uts;threads")
ladro_add_mpi_test(NAME uts_cli_threads_zero NP 1 NO_PT2PT
  COMMAND ladro-uts --threads 0 TIMEOUT 30 LABELS "uts;badinput"
  EXPECT 2 "^ladro-uts: --threads '0': accepted: an integer in \\[1, 1024\\]$")
