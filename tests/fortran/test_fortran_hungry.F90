! ladro_hungry from Fortran, under every policy: .false. on one rank, under static (no
! task leaves its rank), without a handle, after LADRO_DONE and after ladro_destroy. On
! several ranks: .true. on an empty pool; with tasks queued, .true. only under leader and
! a2ws until its tasks push tasks (a pushed task goes out whatever the pool holds). A task
! that splits its work on the hint (a range of units it halves while the hint is .true.)
! runs every unit exactly once: split at least once where a task could leave (it starts
! on an empty pool), every range of 2 or more units under leader, never where the hint is
! .false.
! (tests/test_hungry.c checks the same of the C call.)
program test_fortran_hungry
  use mpi
  use ladro
  use test_support
  use, intrinsic :: iso_c_binding, only: c_null_char
  use, intrinsic :: iso_fortran_env, only: int32, int64, error_unit
  implicit none
  integer, parameter :: units = 256 ! work units of the one splitting task
  integer, parameter :: nseed = 20  ! empty tasks seeded on every rank
  ! every policy of the library (a name it does not know fails at ladro_config_set)
  character(len=*), parameter :: policies(8) = [character(len=11) :: 'static', 'leader', &
      'random', 'ctws', 'a2ws', 'baseline', 'successonly', 'smallworld']
  type(ladro_config_t) :: cfg
  type(ladro_t) :: lb, nolb
  type(ladro_task_t) :: task
  character(len=256) :: msg
  character(len=16) :: env
  integer :: rc, ierr, p, bad, i
  integer(int32) :: r(2), half(2), lo, n
  ! (the reductions all take int64 arrays and no MPI_IN_PLACE: MPICH's `mpi` compares calls)
  integer(int64) :: seen(0:units - 1), seen_all(0:units - 1)
  integer(int64) :: counts(3), totals(3) ! empty tasks run, splits, empty tasks seeded
  logical :: moves, always, splits_all

  call test_start('test_fortran_hungry')
  ! on N ranks, not N singletons of another MPI's launcher (which would see no stealing)
  env = c_getenv('LADRO_EXPECT_NP' // c_null_char)
  if (env /= '') call check(trim(env) == itoa(nranks), 'MPI gave ' // itoa(nranks) // &
      ' ranks, expected ' // trim(env))
  call check(.not. ladro_hungry(nolb), 'hungry without a handle')

  do p = 1, size(policies)
    moves = nranks > 1 .and. policies(p) /= 'static'
    always = moves .and. (policies(p) == 'leader' .or. policies(p) == 'a2ws')
    splits_all = moves .and. policies(p) == 'leader' ! a2ws: until its tasks push tasks
    ! run 1: the hint with tasks queued; every seeded empty task runs once
    if (.not. create(policies(p))) exit
    call check(ladro_hungry(lb) .eqv. moves, trim(policies(p)) // ': hungry on an empty pool')
    do i = 1, nseed
      rc = ladro_push(lb, int(units + i, int64), [0_int32, 0_int32])
      call check(rc == LADRO_OK, 'push: ' // ladro_last_error(lb))
    end do
    call check(ladro_hungry(lb) .eqv. always, trim(policies(p)) // ': hungry with ' // &
        itoa(nseed) // ' tasks queued')
    seen = 0
    counts = [0_int64, 0_int64, int(nseed, int64)]
    call run_all()
    call MPI_Allreduce(counts, totals, 3, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, ierr)
    call check(totals(1) == totals(3), trim(policies(p)) // ': every empty task run once')
    ! run 2: rank 0's root task, alone in its pool, splits while the hint says so
    if (.not. create(policies(p))) exit
    if (rank == 0) then
      rc = ladro_push(lb, 0_int64, [0_int32, int(units, int32)])
      call check(rc == LADRO_OK, 'push the root: ' // ladro_last_error(lb))
    end if
    counts = 0
    call run_all()
    call MPI_Allreduce(seen, seen_all, units, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, ierr)
    bad = count(seen_all /= 1)
    call check(bad == 0, trim(policies(p)) // ': ' // itoa(bad) // ' units not run once')
    call MPI_Allreduce(counts, totals, 3, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (.not. moves) then ! nobody could take a part: the root keeps all of it
      call check(totals(2) == 0, trim(policies(p)) // ': ' // itoa(int(totals(2))) // &
          ' splits where nobody could take a part')
    else if (splits_all) then ! every range of 2 or more units is split
      call check(totals(2) >= units - 1, trim(policies(p)) // ': ' // itoa(int(totals(2))) // &
          ' splits of ' // itoa(units) // ' units')
    else ! at its start, on an empty pool
      call check(totals(2) >= 1, trim(policies(p)) // ': no split of a task on an empty pool')
    end if
    if (rank == 0) print '(a,a11,1x,i0,a,i0,a,i0,a)', 'hungry ', policies(p), nranks, &
        ' ranks: ', totals(2), ' splits, ', units - bad, ' units once'
  end do
  call test_finish()

contains

  ! A handle of the policy in lb; .false. (and a failed check) when ladro_create refuses.
  logical function create(policy)
    character(len=*), intent(in) :: policy
    rc = ladro_config_init(cfg)
    if (rc == LADRO_OK) rc = ladro_config_set(cfg, 'policy', trim(policy), msg)
    if (rc == LADRO_OK) rc = ladro_config_set(cfg, 'task_bytes', '8', msg) ! [first, count]
    if (rc == LADRO_OK) rc = ladro_config_set(cfg, 'seed', '5', msg)
    if (rc == LADRO_OK) rc = ladro_create(MPI_COMM_WORLD, cfg, lb, msg)
    call ladro_config_free(cfg)
    call check(rc == LADRO_OK, trim(policy) // ': ' // trim(msg))
    create = rc == LADRO_OK
  end function create

  ! Every task of lb; a task of units [lo, lo + n) hands out its upper half while the hint
  ! is .true.; counts(1): empty tasks run, counts(2): splits; then lb is destroyed.
  subroutine run_all()
    do
      rc = ladro_next(lb, task, r)
      if (rc /= LADRO_OK) exit
      if (task%id > units) then ! a seeded empty task
        counts(1) = counts(1) + 1
        cycle
      end if
      lo = r(1)
      n = r(2)
      do while (n > 0)
        if (n >= 2 .and. ladro_hungry(lb)) then ! hand out the upper half
          half = [lo + n / 2, n - n / 2]
          rc = ladro_push(lb, int(half(1), int64), half)
          call check(rc == LADRO_OK, 'push a half: ' // ladro_last_error(lb))
          n = n / 2
          counts(2) = counts(2) + 1
          cycle
        end if
        if (lo >= 0 .and. lo < units) seen(lo) = seen(lo) + 1
        lo = lo + 1
        n = n - 1
        if (mod(n, 16) == 0) call check(ladro_progress(lb) == LADRO_OK, 'progress: ' // &
            ladro_last_error(lb))
      end do
    end do
    call check(rc == LADRO_DONE, 'the run ended with ' // ladro_err_name(rc) // ': ' // &
        ladro_last_error(lb))
    call check(.not. ladro_hungry(lb), 'hungry after LADRO_DONE')
    call check(ladro_destroy(lb) == LADRO_OK, 'destroy')
    call check(.not. ladro_hungry(lb), 'hungry after ladro_destroy')
  end subroutine run_all

end program test_fortran_hungry
