! shots.f90 -- a seismic-style shot loop on ladro, in Fortran.
!
! Rank 0 seeds one task per shot. ladro spreads them over the ranks by work stealing;
! each task models its shot (a small 1-D acoustic finite-difference run) and sends its
! result home to the rank that seeded it. Rank 0 then checks that every shot came back
! exactly once, with the value it computes itself. Build and run (docs/fortran.md):
!   mpifort shots.f90 -o shots $(pkg-config --cflags --libs ladro-fortran) \
!           -Wl,-rpath,$(pkg-config --variable=libdir ladro-fortran)
!   mpirun -np 4 ./shots            (LADRO_POLICY=a2ws mpirun ... picks another policy)
program shots
  use mpi_f08
  use ladro
  use, intrinsic :: iso_fortran_env, only: int64, real64, error_unit
  implicit none
  integer, parameter :: nshots = 40
  type(ladro_config_t) :: cfg
  type(ladro_t) :: lb
  type(ladro_task_t) :: task
  type(ladro_stats_t) :: st
  character(len=256) :: msg
  real(real64) :: src(2), res(1)
  integer(int64) :: s, id
  integer :: rc, bad, seen(0:nshots - 1)

  call MPI_Init()
  ! 1. Configuration. Every task carries its shot's source (position, frequency: two
  !    real64, 16 bytes) and sends one real64 home. LADRO_* variables override (from_env).
  rc = ladro_config_init(cfg)
  if (rc == LADRO_OK) rc = ladro_config_set(cfg, 'task_bytes', '16', msg)
  if (rc == LADRO_OK) rc = ladro_config_set(cfg, 'result_bytes', '8', msg)
  if (rc == LADRO_OK) rc = ladro_config_from_env(cfg, msg)
  ! 2. The handle, collective: every rank gets one, or every rank the same error.
  if (rc == LADRO_OK) rc = ladro_create(MPI_COMM_WORLD, cfg, lb, msg)
  call ladro_config_free(cfg) ! the handle keeps its own copy
  if (rc /= LADRO_OK) then
    write(error_unit, '(a)') 'shots: ' // ladro_err_name(rc) // ': ' // trim(msg)
    call MPI_Finalize()
    stop 1
  end if

  ! 3. Seed: every shot on rank 0; the other ranks get theirs by stealing.
  if (ladro_rank(lb) == 0) then
    do s = 0, nshots - 1
      if (ladro_push(lb, s, source_of(s)) /= LADRO_OK) call abort_all('ladro_push')
    end do
  end if

  ! 4. Run tasks until every shot everywhere completed (LADRO_DONE on every rank).
  !    ladro_next copies the task's payload into src; ladro_result sends one number home.
  !    ladro_next's errors reach every rank alike; one rank's own error stops them all.
  do
    rc = ladro_next(lb, task, src)
    if (rc /= LADRO_OK) exit
    if (ladro_result(lb, [model(src, lb)]) /= LADRO_OK) call abort_all('ladro_result')
  end do
  if (rc /= LADRO_DONE) write(error_unit, '(a)') 'shots: ' // ladro_err_name(rc) // &
      ': ' // ladro_last_error(lb)

  ! 5. Rank 0 takes the results home: each shot once, with the value it computes itself.
  bad = 0
  if (ladro_rank(lb) == 0 .and. rc == LADRO_DONE) then
    seen = 0
    do while (ladro_result_next(lb, id, res) == LADRO_OK)
      if (id < 0 .or. id >= nshots) then
        bad = bad + 1
        cycle
      end if
      seen(id) = seen(id) + 1
      if (abs(res(1) - model(source_of(id))) > 1d-12 * abs(res(1))) bad = bad + 1
    end do
    bad = bad + count(seen /= 1)
    if (bad == 0) then
      print '(a,i0,a,i0,a)', 'shots: ', nshots, ' shots over ', ladro_size(lb), &
          ' ranks, each came home once with the expected result'
    else
      print '(a,i0,a)', 'shots: ', bad, ' shots missing, repeated or wrong'
    end if
  end if

  ! 6. Statistics (collective), printed by rank 0; then the handle is freed (collective).
  if (rc == LADRO_DONE) then
    rc = ladro_stats_gather(lb, st)
    if (rc == LADRO_OK .and. ladro_rank(lb) == 0) call ladro_stats_print(st)
    call ladro_stats_free(st)
  end if
  if (ladro_destroy(lb) /= LADRO_OK .or. rc /= LADRO_OK) bad = bad + 1
  call MPI_Finalize()
  if (bad /= 0) stop 1

contains

  ! An error on this rank alone: the others would wait for it, so stop the job.
  subroutine abort_all(what)
    character(len=*), intent(in) :: what
    write(error_unit, '(a)') 'shots: ' // what // ': ' // ladro_last_error(lb)
    call MPI_Abort(MPI_COMM_WORLD, 1)
  end subroutine abort_all

  ! Shot s: source position in (0, 1) and peak frequency, spread so shots differ in cost.
  function source_of(s) result(src)
    integer(int64), intent(in) :: s
    real(real64) :: src(2)
    src = [0.1d0 + 0.8d0 * mod(s * 7, int(nshots, int64)) / nshots, 5d0 + mod(s, 5_int64)]
  end function source_of

  ! One shot: 1-D acoustic wave equation, second order in time and space, a Ricker source
  ! at src(1) of peak frequency src(2); the peak amplitude at a receiver at x = 0.5.
  ! Long tasks call ladro_progress now and then, so that the rank answers thieves and the
  ! policy's messages meanwhile (its errors come back from the next ladro_next).
  function model(src, lb) result(peak)
    real(real64), intent(in) :: src(2)
    type(ladro_t), intent(inout), optional :: lb
    real(real64) :: peak
    integer, parameter :: nx = 501
    real(real64), parameter :: pi = acos(-1d0), dx = 1d0 / (nx - 1), dt = 0.5d0 * dx
    real(real64) :: p(nx), prev(nx), next(nx), a, t
    integer :: i, it, isrc, nt, rc
    isrc = 1 + nint(src(1) / dx)
    nt = nint((2d0 + 2d0 / src(2)) / dt) ! until the wave has crossed the line twice
    p = 0
    prev = 0
    peak = 0
    do it = 1, nt
      next(1) = 0
      next(nx) = 0
      do i = 2, nx - 1
        next(i) = 2 * p(i) - prev(i) + 0.25d0 * (p(i + 1) - 2 * p(i) + p(i - 1))
      end do
      t = it * dt - 1.5d0 / src(2)
      a = (pi * src(2) * t)**2
      next(isrc) = next(isrc) + dt**2 * (1 - 2 * a) * exp(-a)
      prev = p
      p = next
      peak = max(peak, abs(p((nx + 1) / 2)))
      if (present(lb) .and. mod(it, 500) == 0) rc = ladro_progress(lb)
    end do
  end function model

end program shots
