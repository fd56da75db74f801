! The Fortran module against the C library, with the `mpi` module's integer communicators
! (the example, examples/fortran/shots.f90, uses mpi_f08): the status constants, bad input
! answered as in C (a status code and the error text as a Fortran string, nothing taken
! or lost), then a run whose every task and result is checked, and the statistics.
program test_fortran_api
  use mpi
  use ladro
  use test_support
  use, intrinsic :: iso_c_binding, only: c_char, c_int, c_null_char, c_ptr, c_associated, &
      c_f_pointer
  use, intrinsic :: iso_fortran_env, only: int32, int64, real64, error_unit
  implicit none
  interface
    function setenv(name, value, overwrite) bind(c, name='setenv') result(rc)
      import :: c_char, c_int
      character(kind=c_char), intent(in) :: name(*), value(*)
      integer(c_int), value :: overwrite
      integer(c_int) :: rc
    end function setenv
    function unsetenv(name) bind(c, name='unsetenv') result(rc)
      import :: c_char, c_int
      character(kind=c_char), intent(in) :: name(*)
      integer(c_int) :: rc
    end function unsetenv
  end interface
  integer, parameter :: ntasks = 25 ! per rank
  type(ladro_config_t) :: cfg, none
  type(ladro_t) :: lb, nolb
  type(ladro_task_t) :: task
  type(ladro_stats_t) :: st
  character(len=256) :: msg
  character(len=8) :: short
  character(len=:), allocatable :: val
  character(len=16) :: env
  integer :: rc, ierr, u, n, i
  integer(int64) :: pay(2), res(1), id, seen(0:ntasks - 1), total, ran, home, sum_ids, all_ids
  real(real64) :: r8(1), v
  integer(int32) :: i4(1)

  call test_start('test_fortran_api')
  env = c_getenv('LADRO_EXPECT_NP' // c_null_char)
  if (env /= '') call check(trim(env) == itoa(nranks), 'MPI gave ' // itoa(nranks) // &
      ' ranks, expected ' // trim(env) // ' (the other MPI''s launcher?)')

  ! ---- the constants are the header's (generated from LADRO_ERRNO_MAP)
  call check(ladro_err_name(LADRO_OK) == 'LADRO_OK', 'LADRO_OK')
  call check(ladro_err_name(LADRO_DONE) == 'LADRO_DONE', 'LADRO_DONE')
  call check(ladro_err_name(LADRO_NONE) == 'LADRO_NONE', 'LADRO_NONE')
  call check(ladro_err_name(LADRO_EINVAL) == 'LADRO_EINVAL', 'LADRO_EINVAL')
  call check(ladro_err_name(LADRO_ENOMEM) == 'LADRO_ENOMEM', 'LADRO_ENOMEM')
  call check(ladro_err_name(LADRO_EMPI) == 'LADRO_EMPI', 'LADRO_EMPI')
  call check(ladro_err_name(LADRO_ESTATE) == 'LADRO_ESTATE', 'LADRO_ESTATE')
  call check(ladro_err_name(LADRO_ENOPOLICY) == 'LADRO_ENOPOLICY', 'LADRO_ENOPOLICY')
  call check(ladro_err_name(LADRO_EIO) == 'LADRO_EIO', 'LADRO_EIO')
  call check(ladro_err_name(LADRO_ETIMEDOUT) == 'LADRO_ETIMEDOUT', 'LADRO_ETIMEDOUT')
  call check(ladro_err_name(LADRO_ENOTSUP) == 'LADRO_ENOTSUP', 'LADRO_ENOTSUP')
  call check(ladro_strerror(LADRO_EINVAL) == 'invalid argument', 'strerror: ' // &
      ladro_strerror(LADRO_EINVAL))
  call check(ladro_version() == LADRO_VERSION_STRING, 'version ' // ladro_version() // &
      ' of the library, ' // LADRO_VERSION_STRING // ' of the module')

  ! ---- a configuration not made
  rc = ladro_config_set(none, 'policy', 'random', msg)
  call check(rc == LADRO_EINVAL .and. index(msg, 'ladro_config_init') > 0, &
      'set on a configuration not made: ' // ladro_err_name(rc) // ': ' // trim(msg))
  rc = ladro_create(MPI_COMM_WORLD, none, lb, msg)
  call check(rc == LADRO_EINVAL .and. index(msg, 'ladro_config_init') > 0, &
      'create from a configuration not made: ' // ladro_err_name(rc) // ': ' // trim(msg))

  ! ---- keys and values: refused with the error text, the configuration unchanged
  call check(ladro_config_init(cfg) == LADRO_OK, 'ladro_config_init')
  rc = ladro_config_set(cfg, 'polcy', 'random', msg)
  call check(rc == LADRO_EINVAL .and. index(msg, 'polcy') > 0, &
      'mistyped key: ' // ladro_err_name(rc) // ': ' // trim(msg))
  rc = ladro_config_set(cfg, 'task_capacity', '1000', msg)
  call check(rc == LADRO_EINVAL .and. index(msg, 'task_capacity') > 0 .and. &
      index(msg, '1000') > 0, 'invalid value: ' // ladro_err_name(rc) // ': ' // trim(msg))
  rc = ladro_config_get(cfg, 'task_capacity', val)
  call check(rc == LADRO_OK .and. val == '4096', 'task_capacity after a refused set: ' // val)
  rc = ladro_config_set(cfg, 'policy', 'nosuch', msg)
  call check(rc == LADRO_ENOPOLICY .and. index(msg, 'nosuch') > 0, &
      'unknown policy: ' // ladro_err_name(rc) // ': ' // trim(msg))
  rc = ladro_config_set(cfg, 'steal_fraction', '0.5x', short)
  call check(rc == LADRO_EINVAL .and. len_trim(short) == len(short), &
      'error text truncated to a short errmsg: "' // short // '"')
  rc = ladro_config_get(cfg, 'nosuch_key', val)
  call check(rc == LADRO_EINVAL .and. val == '', 'get of an unknown key: ' // ladro_err_name(rc))
  rc = ladro_config_set(cfg, 'policy  ', 'leader   ', msg) ! Fortran's trailing blanks
  call check(rc == LADRO_OK .and. msg == '', 'set with trailing blanks: ' // trim(msg))
  rc = ladro_config_get(cfg, 'policy', val)
  call check(val == 'leader', 'policy is "' // val // '"')
  rc = setenv('LADRO_POLCY' // c_null_char, 'random' // c_null_char, 1_c_int)
  rc = ladro_config_from_env(cfg, msg)
  call check(rc == LADRO_EINVAL .and. index(msg, 'LADRO_POLCY') > 0, &
      'mistyped environment variable: ' // ladro_err_name(rc) // ': ' // trim(msg))
  rc = unsetenv('LADRO_POLCY' // c_null_char)
  rc = ladro_config_init(cfg) ! back to the defaults, in place
  rc = ladro_config_get(cfg, 'policy', val)
  call check(val == 'random', 'ladro_config_init again: policy "' // val // '"')
  rc = ladro_config_set(cfg, 'task_bytes', '16', msg)
  if (rc == LADRO_OK) rc = ladro_config_set(cfg, 'result_bytes', '8', msg)
  if (rc == LADRO_OK) rc = ladro_config_from_env(cfg, msg)
  if (rc == LADRO_OK) rc = ladro_config_validate(cfg, msg)
  call check(rc == LADRO_OK, 'configuration: ' // trim(msg))
  open(newunit=u, status='scratch', action='readwrite')
  call ladro_print_config(cfg, u)
  call check(count_lines(u, 'task_bytes') >= 1, 'ladro_print_config: a task_bytes line')
  close(u)

  ! ---- a handle not created
  rc = ladro_push(nolb, 1_int64)
  msg = ladro_last_error(nolb)
  call check(rc == LADRO_EINVAL .and. index(msg, 'no handle') > 0, &
      'push without a handle: ' // trim(msg))
  call check(ladro_rank(nolb) == -1 .and. ladro_size(nolb) == -1, 'rank/size without a handle')
  call check(ladro_destroy(nolb) == LADRO_OK, 'destroy without a handle')

  ! ---- a run: every rank seeds ntasks tasks (payload: id, rank), each returns 3 * id
  rc = ladro_create(MPI_COMM_WORLD, cfg, lb, msg)
  call check(rc == LADRO_OK .and. msg == '', 'ladro_create: ' // trim(msg))
  call ladro_config_free(cfg)
  if (rc /= LADRO_OK) call test_finish()
  call check(ladro_rank(lb) == rank .and. ladro_size(lb) == nranks, 'rank and size')
  rc = ladro_create(MPI_COMM_WORLD, none, lb, msg)
  call check(rc == LADRO_ESTATE, 'create on a handle in use: ' // ladro_err_name(rc))
  rc = ladro_push(lb, 0_int64, [1d0])
  msg = ladro_last_error(lb)
  call check(rc == LADRO_EINVAL .and. index(msg, 'of 8 bytes') > 0 .and. &
      index(msg, 'task_bytes is 16') > 0, 'payload of 8 bytes: ' // trim(msg))
  rc = ladro_push(lb, 0_int64)
  call check(rc == LADRO_EINVAL, 'no payload though task_bytes is 16: ' // ladro_last_error(lb))
  do i = 0, ntasks - 1
    pay = [int(i, int64), int(rank, int64)]
    rc = ladro_push(lb, int(i, int64) + ntasks * rank, pay)
    call check(rc == LADRO_OK, 'push: ' // ladro_last_error(lb))
  end do
  call check(ladro_last_error(lb) == '', 'last error after a good push: ' // ladro_last_error(lb))
  ! the wrong size is refused before a task is taken: the loop below still sees them all
  rc = ladro_next(lb, task, i4)
  call check(rc == LADRO_EINVAL, 'next into 4 bytes: ' // ladro_last_error(lb))
  ran = 0
  sum_ids = 0
  do
    rc = ladro_next(lb, task, pay)
    if (rc /= LADRO_OK) exit
    ran = ran + 1
    sum_ids = sum_ids + task%id
    call check(task%id == pay(1) + ntasks * pay(2) .and. task%origin == pay(2), &
        'task ' // itoa(int(task%id)) // ': payload and origin')
    call check(ladro_result(lb, [1d0, 2d0]) == LADRO_EINVAL, 'result of 16 bytes')
    call check(ladro_result(lb, [3 * task%id]) == LADRO_OK, 'result: ' // ladro_last_error(lb))
  end do
  call check(rc == LADRO_DONE, 'the run ended with ' // ladro_err_name(rc) // ': ' // &
      ladro_last_error(lb))
  ! every result of this rank's tasks comes home once
  rc = ladro_result_next(lb, id, r8(1:0))
  call check(rc == LADRO_EINVAL, 'result_next into 0 bytes: ' // ladro_err_name(rc))
  seen = 0
  home = 0
  do while (ladro_result_next(lb, id, res) == LADRO_OK)
    home = home + 1
    n = int(id - ntasks * rank)
    if (n < 0 .or. n >= ntasks) then
      call check(.false., 'result of a task of another rank: ' // itoa(int(id)))
      cycle
    end if
    seen(n) = seen(n) + 1
    call check(res(1) == 3 * id, 'result of task ' // itoa(int(id)))
  end do
  call check(all(seen == 1), 'every result home once (' // itoa(int(home)) // ')')
  call MPI_Allreduce(ran, total, 1, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, ierr)
  call check(total == int(ntasks, int64) * nranks, 'tasks run ' // itoa(int(total)))
  call MPI_Allreduce(sum_ids, all_ids, 1, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, ierr)
  total = int(ntasks, int64) * nranks
  call check(all_ids == total * (total - 1) / 2, 'sum of the ids run')

  ! ---- statistics
  rc = ladro_stats_gather(lb, st)
  call check(rc == LADRO_OK, 'stats_gather: ' // ladro_err_name(rc))
  call check(st%nranks == nranks .and. st%tasks_run == total .and. st%makespan > 0, &
      'stats: nranks, tasks_run, makespan')
  rc = ladro_stats_field(st, 'makespan', v)
  call check(rc == LADRO_OK .and. transfer(v, 0_int64) == transfer(st%makespan, 0_int64), &
      'stats field makespan')
  rc = ladro_stats_field(st, 'tasks', v, rank=rank) ! this rank's, from every rank
  call check(rc == LADRO_OK .and. nint(v, int64) == ran, 'this rank''s tasks: ' // &
      ladro_err_name(rc))
  call check(ladro_stats_field(st, 'tasks', v, rank=nranks) == LADRO_EINVAL, 'rank n')
  call check(ladro_stats_field(st, 'nosuch', v) == LADRO_EINVAL, 'stats field nosuch')
  call check(ladro_stats_counter(st, 'nosuch', v) == LADRO_EINVAL, 'stats counter nosuch')
  open(newunit=u, status='scratch', action='readwrite')
  call ladro_stats_print(st, u)
  call check(count_lines(u, 'makespan') >= 1, 'ladro_stats_print: a makespan line')
  close(u)
  call ladro_stats_free(st)
  call check(ladro_stats_field(st, 'makespan', v) == LADRO_EINVAL, 'field after free')
  call check(ladro_destroy(lb) == LADRO_OK, 'destroy')
  call check(ladro_destroy(lb) == LADRO_OK .and. ladro_rank(lb) == -1, 'destroy again')
  call test_finish()

contains

  ! Lines of unit u (rewound) holding word.
  function count_lines(u, word) result(n)
    integer, intent(in) :: u
    character(len=*), intent(in) :: word
    integer :: n, ios
    character(len=1024) :: line
    n = 0
    rewind(u)
    do
      read(u, '(a)', iostat=ios) line
      if (ios /= 0) exit
      if (index(line, word) > 0) n = n + 1
    end do
  end function count_lines

end program test_fortran_api
