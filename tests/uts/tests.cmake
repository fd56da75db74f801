# UTS tests, included from apps/uts/CMakeLists.txt (names uts_*). Budget: a few tens of
# seconds on a 2-core machine; T1/T3 are ~4.1M nodes each (~0.3 s sequential).
set(_uts_T1 -t 1 -a 3 -d 10 -b 4 -r 19 --expect 4130071,3305118,10)
set(_uts_T3 -t 0 -b 2000 -q 0.124875 -m 8 -r 42 --expect 4112897,3599034,1572)

add_executable(test_uts_sha1 ${PROJECT_SOURCE_DIR}/tests/uts/test_sha1.c)
target_link_libraries(test_uts_sha1 PRIVATE uts_tree)
target_compile_definitions(test_uts_sha1 PRIVATE _POSIX_C_SOURCE=200809L)
add_test(NAME uts_sha1 COMMAND test_uts_sha1)
set_tests_properties(uts_sha1 PROPERTIES TIMEOUT 30)

add_executable(test_uts_tree ${PROJECT_SOURCE_DIR}/tests/uts/test_tree.c)
target_link_libraries(test_uts_tree PRIVATE uts_tree)
add_test(NAME uts_tree_sequential COMMAND test_uts_tree)
set_tests_properties(uts_tree_sequential PROPERTIES TIMEOUT 60)

# T1 and T3 exact at 1, 2, 4, 8 ranks, every registered policy in one launch each. The
# paper's -c 8 -i 10 at 1 and 2 ranks; at 4 and 8 (oversubscribed: 2 cores) -i 100,
# because each ladro_progress costs microseconds there (Open MPI yields when
# oversubscribed; docs/uts.md) and the polling interval cannot change the counts.
# The two-sided (osc pt2pt) twins run at 2 and 8 ranks.
foreach(np 1 2 4 8)
  set(_opt NO_PT2PT)
  set(_poll 10)
  if(np EQUAL 2 OR np EQUAL 8)
    set(_opt "")
  endif()
  if(np GREATER 2)
    set(_poll 100)
  endif()
  ladro_add_mpi_test(NAME uts_T1_np${np} NP ${np} ${_opt}
    COMMAND ladro-uts ${_uts_T1} -c 8 -i ${_poll} --policy all --quiet TIMEOUT 120 LABELS uts)
  ladro_add_mpi_test(NAME uts_T3_np${np} NP ${np} ${_opt}
    COMMAND ladro-uts ${_uts_T3} -c 8 -i ${_poll} --policy all --quiet TIMEOUT 120 LABELS uts)
endforeach()

# Small trees, tiny chunks (many steals), odd rank counts, every policy: counts checked
# against rank 0's sequential DFS of the same tree (--verify) and pinned (--expect, values
# from that DFS) so a degenerate tree cannot slip in. One per geometric shape + binomial.
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

# The command line: a bad value names the flag, the value and what is accepted (exit 2).
ladro_add_mpi_test(NAME uts_cli_bad_value NP 1 NO_PT2PT
  COMMAND ladro-uts -t 5 TIMEOUT 30 LABELS uts)
set_tests_properties(uts_cli_bad_value PROPERTIES
  PASS_REGULAR_EXPRESSION "bad value '5' for -t: expected")
ladro_add_mpi_test(NAME uts_cli_bad_policy NP 1 NO_PT2PT
  COMMAND ladro-uts --policy nosuch TIMEOUT 30 LABELS uts)
set_tests_properties(uts_cli_bad_policy PROPERTIES PASS_REGULAR_EXPRESSION "nosuch")
ladro_add_mpi_test(NAME uts_cli_wrong_np NP 2 NO_PT2PT
  COMMAND ladro-uts --sequential ENV LADRO_EXPECT_NP=3 TIMEOUT 30 LABELS uts)
set_tests_properties(uts_cli_wrong_np PROPERTIES
  PASS_REGULAR_EXPRESSION "LADRO_EXPECT_NP=3 but the communicator has 2")
# --expect must be able to fail: a wrong expectation is reported and exits 1.
ladro_add_mpi_test(NAME uts_expect_detects NP 2 NO_PT2PT
  COMMAND ladro-uts -t 1 -a 3 -d 5 -b 4 -r 19 --expect 1,1,1 TIMEOUT 30 LABELS uts)
set_tests_properties(uts_expect_detects PROPERTIES WILL_FAIL TRUE)
ladro_add_mpi_test(NAME uts_sequential_T1 NP 1 NO_PT2PT
  COMMAND ladro-uts ${_uts_T1} --sequential TIMEOUT 60 LABELS uts)

# SuccessOnlyWS: zero failed remote steals by construction (docs/policies/successonly.md),
# on T1 and T3 at 8 ranks, with and without cyclic steals; --max-failed must be able to
# fail (random on T1 fails steals while the tree is still on rank 0 alone).
foreach(tree T1 T3)
  ladro_add_mpi_test(NAME uts_${tree}_successonly_nofail_np8 NP 8
    COMMAND ladro-uts ${_uts_${tree}} -c 8 -i 100 --policy successonly --max-failed 0 --quiet
    TIMEOUT 120 LABELS uts)
  ladro_add_mpi_test(NAME uts_${tree}_successonly_nocycle_np8 NP 8 NO_PT2PT
    COMMAND ladro-uts ${_uts_${tree}} -c 8 -i 100 --policy successonly --max-failed 0 --quiet
    ENV LADRO_SUCCESSONLY_NOCYCLE=1 TIMEOUT 120 LABELS uts)
endforeach()
ladro_add_mpi_test(NAME uts_T3_successonly_withdraw_np8 NP 8 NO_PT2PT
  COMMAND ladro-uts ${_uts_T3} -c 8 -i 100 --policy successonly --max-failed 0 --quiet
  ENV LADRO_SUCCESSONLY_WITHDRAW=1 TIMEOUT 120 LABELS uts)
ladro_add_mpi_test(NAME uts_max_failed_detects NP 4 NO_PT2PT
  COMMAND ladro-uts ${_uts_T1} -c 8 -i 100 --policy random --max-failed 0 --quiet
  TIMEOUT 60 LABELS uts)
set_tests_properties(uts_max_failed_detects PROPERTIES WILL_FAIL TRUE)
