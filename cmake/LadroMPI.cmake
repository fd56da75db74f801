# MPI flavour detection and the one place where the run environment of MPI tests lives.
#
#   ladro_add_mpi_test(NAME n NP p COMMAND exe args... [TIMEOUT s] [NO_PT2PT] [PT2PT_ALONE]
#                      [ENV k=v...] [PT2PT_ENV k=v...] [EXPECT code regex])
#
# registers `n` run as `mpiexec -n p exe args...` with the environment below, and, for
# Open MPI, a second test `n_pt2pt` with OMPI_MCA_osc=pt2pt (every RMA operation then
# needs the target to call MPI, as on clusters without RDMA atomics), with PT2PT_ENV added
# (Open MPI's osc pt2pt refuses windows under MPI_THREAD_MULTIPLE: the programs then ask
# for no more than MPI_THREAD_FUNNELED, and the leader serves from its main thread).
# PT2PT_ALONE: the twin runs with no other test beside it (RUN_SERIAL). For a test that
# floods one rank with one-sided calls from every other: osc pt2pt serves each call
# inside the target's MPI calls, nested (opal_progress inside the processing of a
# received operation), so with other tests' ranks on the same cores its run time grows
# far faster than the load (tests/test_pool.c at 8 ranks: 1.5 s alone or beside one
# other run, up to 52 s beside three).
# The test receives LADRO_EXPECT_NP=p so a program can assert it really got p ranks
# (a binary started by the other MPI's launcher silently runs as p singletons).

execute_process(COMMAND ${MPIEXEC_EXECUTABLE} --version
                OUTPUT_VARIABLE _ladro_mpiexec_version ERROR_VARIABLE _ladro_mpiexec_version
                RESULT_VARIABLE _ladro_rc)
if(_ladro_mpiexec_version MATCHES "Open MPI|OpenRTE")
  set(LADRO_MPI_FLAVOR "openmpi")
else()
  set(LADRO_MPI_FLAVOR "mpich")
endif()
message(STATUS "ladro: MPI flavour ${LADRO_MPI_FLAVOR} (${MPIEXEC_EXECUTABLE})")

set(LADRO_MPI_ENV "")
set(LADRO_MPI_PREFLAGS ${MPIEXEC_PREFLAGS})
# odls_base_sigkill_timeout=0: when a rank exits non-zero, Open MPI's launcher signals
# the ranks still running (SIGCONT, SIGTERM, SIGKILL) without its default pause of a
# second before each signal, i.e. a failing launch (a bad-input test) ends at once
# instead of 2 s later. A test whose every rank must still print after the first one
# failed sets it back to 1 (watchdog_synth_np3).
if(LADRO_MPI_FLAVOR STREQUAL "openmpi")
  list(APPEND LADRO_MPI_PREFLAGS --oversubscribe)
  list(APPEND LADRO_MPI_ENV
       OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
       OMPI_MCA_btl_vader_single_copy_mechanism=none
       OMPI_MCA_rmaps_base_oversubscribe=1
       OMPI_MCA_odls_base_sigkill_timeout=0)
endif()
# Sanitizer build (-DLADRO_ASAN=ON, make check-asan): every MPI test runs with the LSan
# suppressions of the MPI libraries' own leaks; fast_unwind_on_malloc=0 lets the
# suppressions see the MPI frames (docs/results.md, "Hardening"). Reports in ladro's code still fail.
if(LADRO_ASAN)
  set(LADRO_SAN_ENV
      "ASAN_OPTIONS=fast_unwind_on_malloc=0:detect_leaks=1:abort_on_error=0:strict_string_checks=1"
      "LSAN_OPTIONS=suppressions=${PROJECT_SOURCE_DIR}/tests/sanitize/lsan.supp:print_suppressions=0"
      "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
  list(APPEND LADRO_MPI_ENV ${LADRO_SAN_ENV})
endif()
# ThreadSanitizer build (-DLADRO_TSAN=ON, make check-tsan): a race report fails the test
# (exit code 66); reports inside the MPI libraries (not instrumented, threads of their
# own) are suppressed by tests/sanitize/tsan.supp.
# LADRO_TSAN_ENV: also for the tests without MPI.
set(LADRO_TSAN_ENV "")
if(LADRO_TSAN)
  set(LADRO_TSAN_ENV
      "TSAN_OPTIONS=exitcode=66:halt_on_error=1:suppressions=${PROJECT_SOURCE_DIR}/tests/sanitize/tsan.supp")
  list(APPEND LADRO_MPI_ENV ${LADRO_TSAN_ENV})
endif()
# GCC 12 warns (-Wstringop-overflow) on MPICH's MPI_STATUS(ES)_IGNORE, which are sentinel
# pointers like (MPI_Status *)1, as if they were zero-sized arrays passed to MPI_Waitall:
# a false positive of MPICH's header, not of our code (the Open MPI build keeps the
# warning on, so real overflows are still reported there).
if(LADRO_MPI_FLAVOR STREQUAL "mpich" AND CMAKE_C_COMPILER_ID STREQUAL "GNU")
  add_compile_options($<$<COMPILE_LANGUAGE:C>:-Wno-stringop-overflow>)
endif()
# Largest rank count used by tests; MPICH busy-polls when oversubscribed.
if(LADRO_MPI_FLAVOR STREQUAL "mpich")
  set(LADRO_TEST_MAX_NP 8 CACHE STRING "largest rank count in MPI tests")
else()
  set(LADRO_TEST_MAX_NP 16 CACHE STRING "largest rank count in MPI tests")
endif()

# Timeouts of MPI tests are multiplied by this (the ASan build sets 3: sanitized MPI
# start-up and runs are slower).
if(LADRO_ASAN OR LADRO_TSAN)
  set(LADRO_TEST_TIMEOUT_SCALE 3 CACHE STRING "multiplier of MPI test timeouts")
else()
  set(LADRO_TEST_TIMEOUT_SCALE 1 CACHE STRING "multiplier of MPI test timeouts")
endif()

# Labels every MPI test gets: "mpi", "pt2pt" for the osc pt2pt twin, "np_gt4" when it
# needs more than 4 ranks and "np_gt8" more than 8 (MPICH never registers those). Callers
# add their own (stress, uts, ...). make check-asan / check-mpich select by these labels,
# so their subsets stay policy-generic: a new policy's stress tests join automatically.
function(ladro_add_mpi_test)
  cmake_parse_arguments(T "NO_PT2PT;PT2PT_ALONE" "NAME;NP;TIMEOUT" "COMMAND;ENV;LABELS;PT2PT_ENV;EXPECT"
                        ${ARGN})
  if(T_NP GREATER LADRO_TEST_MAX_NP)
    return()
  endif()
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 120)
  endif()
  math(EXPR T_TIMEOUT "${T_TIMEOUT} * ${LADRO_TEST_TIMEOUT_SCALE}")
  if(T_NP GREATER 4)
    list(APPEND T_LABELS np_gt4)
  endif()
  if(T_NP GREATER 8)
    list(APPEND T_LABELS np_gt8)
  endif()
  list(GET T_COMMAND 0 _exe)
  list(REMOVE_AT T_COMMAND 0)
  if(TARGET ${_exe})
    set(_exe $<TARGET_FILE:${_exe}>)
  endif()
  set(_env ${LADRO_MPI_ENV} LADRO_EXPECT_NP=${T_NP} ${T_ENV})
  # EXPECT CODE REGEX: the run must exit with CODE and print a stderr line matching REGEX
  # (tests/expect_fail.sh), e.g. a usage error or a check that must be able to fail
  set(_wrap "")
  if(T_EXPECT)
    list(GET T_EXPECT 0 _code)
    list(GET T_EXPECT 1 _re)
    set(_wrap ${PROJECT_SOURCE_DIR}/tests/expect_fail.sh ${_code} "${_re}" 1 --)
  endif()
  # One rank runs as an MPI singleton (MPI_Init without a launcher: a fraction of
  # mpiexec's start-up); the launcher's own behaviour is tested by tests/launch/.
  set(_launch ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${T_NP} ${LADRO_MPI_PREFLAGS})
  if(T_NP EQUAL 1)
    set(_launch "")
  endif()
  add_test(NAME ${T_NAME}
           COMMAND ${_wrap} ${_launch} ${_exe} ${T_COMMAND})
  set_tests_properties(${T_NAME} PROPERTIES TIMEOUT ${T_TIMEOUT}
                       ENVIRONMENT "${_env}" LABELS "mpi;${T_LABELS}")
  if(LADRO_MPI_FLAVOR STREQUAL "openmpi" AND NOT T_NO_PT2PT)
    # The twins of the > 4-rank tests and of the applications' tests (a third of make
    # check's time) are labelled slow: make check keeps the twins of every runtime,
    # policy and tool test at <= 4 ranks; `ctest -L slow` runs the rest.
    set(_twin_labels ${T_LABELS})
    if(T_NP GREATER 4 OR "uts" IN_LIST T_LABELS OR "nqueens" IN_LIST T_LABELS
       OR "seismic" IN_LIST T_LABELS)
      list(APPEND _twin_labels slow)
    endif()
    add_test(NAME ${T_NAME}_pt2pt
             COMMAND ${_wrap} ${_launch} ${_exe} ${T_COMMAND})
    set_tests_properties(${T_NAME}_pt2pt PROPERTIES TIMEOUT ${T_TIMEOUT}
                         ENVIRONMENT "${_env};OMPI_MCA_osc=pt2pt;${T_PT2PT_ENV}" LABELS "mpi;pt2pt;${_twin_labels}")
    if(T_PT2PT_ALONE)
      set_tests_properties(${T_NAME}_pt2pt PROPERTIES RUN_SERIAL TRUE)
    endif()
  endif()
endfunction()
