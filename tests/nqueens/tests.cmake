# N-Queens tests, included from apps/nqueens/CMakeLists.txt (names nqueens_*).
add_executable(test_nqueens ${PROJECT_SOURCE_DIR}/tests/nqueens/test_nqueens.c)
target_link_libraries(test_nqueens PRIVATE nqueens_core)
add_test(NAME nqueens_sequential COMMAND test_nqueens)
set_tests_properties(nqueens_sequential PROPERTIES TIMEOUT 60 LABELS "unit;nqueens")

# N = 1..14 exact (checked against OEIS A000170 inside the app), every policy, through
# the runtime; small cutoffs put the spawning path under test, large ones the counting.
# A --upto launch creates a handle per board size and policy (8 x N handles, each a
# collective create and destroy), so make check runs every size from 1 (the boards
# without solutions, 2 and 3, included) at 1 rank only, and one board per path at 2 and
# 4 ranks and at 8; the --upto runs at 2 and 4 ranks and the full sizes are labelled slow
# (make check-all). Over osc pt2pt every policy runs N = 12 at 8 ranks (N = 14 there
# takes a minute).
ladro_add_mpi_test(NAME nqueens_upto8_np1 NP 1 NO_PT2PT
  COMMAND ladro-nqueens -n 8 --cutoff 4 --upto --policy all --quiet TIMEOUT 90 LABELS nqueens)
ladro_add_mpi_test(NAME nqueens_9_np2 NP 2
  COMMAND ladro-nqueens -n 9 --cutoff 3 --policy all --expect 352 --quiet TIMEOUT 90
  LABELS nqueens)
ladro_add_mpi_test(NAME nqueens_8_np4 NP 4 NO_PT2PT
  COMMAND ladro-nqueens -n 8 --cutoff 8 --policy all --expect 92 --quiet TIMEOUT 90
  LABELS nqueens)
ladro_add_mpi_test(NAME nqueens_12_np8 NP 8
  COMMAND ladro-nqueens -n 12 --cutoff 4 --policy all --expect 14200 --quiet
  TIMEOUT 90 LABELS nqueens)
ladro_add_mpi_test(NAME nqueens_upto14_np1 NP 1 NO_PT2PT
  COMMAND ladro-nqueens -n 14 --cutoff 4 --upto --policy all --quiet TIMEOUT 90
  LABELS nqueens slow)
ladro_add_mpi_test(NAME nqueens_upto12_np2 NP 2
  COMMAND ladro-nqueens -n 12 --cutoff 3 --upto --policy all --quiet TIMEOUT 90
  LABELS nqueens slow)
ladro_add_mpi_test(NAME nqueens_upto10_np4 NP 4 NO_PT2PT
  COMMAND ladro-nqueens -n 10 --cutoff 10 --upto --policy all --quiet TIMEOUT 90
  LABELS nqueens slow)
ladro_add_mpi_test(NAME nqueens_14_np8 NP 8 NO_PT2PT
  COMMAND ladro-nqueens -n 14 --cutoff 5 --policy all --expect 365596 --quiet
  TIMEOUT 90 LABELS nqueens slow)
ladro_add_mpi_test(NAME nqueens_13_np3 NP 3 NO_PT2PT
  COMMAND ladro-nqueens -n 13 --cutoff 2 --policy all --expect 73712 --quiet
  TIMEOUT 90 LABELS nqueens)
# A wrong --expect must fail; a bad value names the flag.
ladro_add_mpi_test(NAME nqueens_expect_detects NP 2 NO_PT2PT
  COMMAND ladro-nqueens -n 8 --expect 93 --quiet TIMEOUT 30 LABELS nqueens
  EXPECT 1 "^n = 8: 92 solutions, --expect says 93$")
ladro_add_mpi_test(NAME nqueens_cli_bad_value NP 1 NO_PT2PT
  COMMAND ladro-nqueens -n 40 TIMEOUT 30 LABELS nqueens
  EXPECT 2 "^ladro-nqueens: -n '40': accepted: a board size, an integer in \\[1, 32\\]$")

# SuccessOnlyWS by name at 8 ranks (grants and claims), and zero failed remote steals at 4
# as its paper runs it (paper=1: the communication worker, threads inside the rank).
ladro_add_mpi_test(NAME nqueens_14_successonly_np8 NP 8
  COMMAND ladro-nqueens -n 14 --cutoff 5 --policy successonly --expect 365596
  --quiet TIMEOUT 90 LABELS nqueens)
ladro_add_mpi_test(NAME nqueens_12_successonly_paper_np4 NP 4 NO_PT2PT
  COMMAND ladro-nqueens -n 12 --cutoff 4 --policy successonly --expect 14200 --max-failed 0
  --quiet ENV LADRO_PAPER=1 TIMEOUT 90 LABELS "nqueens;paper")

# smallworld as TITUS_DLB describes it (paper=1: locked whole-set theft): the exact count
ladro_add_mpi_test(NAME nqueens_12_smallworld_paper_np4 NP 4
  COMMAND ladro-nqueens -n 12 --cutoff 4 --policy smallworld --expect 14200 --quiet
  ENV LADRO_PAPER=1 TIMEOUT 90 LABELS "nqueens;paper")

# Worker threads inside each rank (--threads, src/threads.c): exact counts under every
# policy with spawning from workers; SuccessOnlyWS as its paper runs it keeps zero failed
# remote steals.
ladro_add_mpi_test(NAME nqueens_10_np2_t3 NP 2
  COMMAND ladro-nqueens -n 10 --cutoff 3 --policy all --threads 3 --expect 724 --quiet
  TIMEOUT 120 LABELS "nqueens;threads")
ladro_add_mpi_test(NAME nqueens_12_successonly_paper_nofail_np4_t2 NP 4 NO_PT2PT
  COMMAND ladro-nqueens -n 12 --cutoff 4 --policy successonly --threads 2 --expect 14200
  --max-failed 0 --quiet ENV LADRO_PAPER=1 TIMEOUT 120 LABELS "nqueens;threads;paper")
ladro_add_mpi_test(NAME nqueens_cli_threads_zero NP 1 NO_PT2PT
  COMMAND ladro-nqueens --threads 0 TIMEOUT 30 LABELS "nqueens;badinput"
  EXPECT 2 "^ladro-nqueens: --threads '0': accepted: an integer in \\[1, 1024\\]$")
