! ladro -- distributed work stealing over MPI-3 one-sided communication: the Fortran 2008
! interface (`use ladro`), a thin layer over the C library (include/ladro.h documents
! each call: which ranks must call it, what it returns).
!
! The configuration, the handle and gathered statistics are opaque: each holds a pointer
! to the C object, made and freed through src/fortran/ladro_fortran.c, so this module
! does not depend on the C structs' layout. Conventions:
! - Every fallible call is an integer function returning LADRO_OK (0) or another status
!   (LADRO_DONE, LADRO_NONE) on success and a negative LADRO_E* code on error, as in C.
! - Strings in are Fortran strings (trailing blanks ignored). Error text comes out in
!   an optional `errmsg` argument (configuration, create: blank on success, truncated to
!   its length) or from ladro_last_error(lb) (everything taking a handle).
! - Payloads and results are rank-1 arrays of integer(int8|int32|int64) or
!   real(real32|real64) holding exactly cfg's task_bytes (result_bytes) bytes; a size that
!   differs is refused (LADRO_EINVAL) before anything happens.
! - Communicators: the `mpi` module's integer or mpi_f08's type(MPI_Comm).
! - Task ids are integer(int64).
module ladro
  use, intrinsic :: iso_c_binding
  use, intrinsic :: iso_fortran_env, only: int8, int32, int64, real32, real64, output_unit
#ifdef LADRO_HAVE_MPI_F08
  use mpi_f08, only: MPI_Comm
#endif
  implicit none
  private

  ! LADRO_OK, LADRO_DONE, LADRO_NONE, LADRO_E*, LADRO_VERSION_STRING: generated from
  ! include/ladro.h by the build
  include 'ladro_codes.inc'

  public :: ladro_config_t, ladro_t, ladro_task_t, ladro_stats_t
  public :: ladro_config_init, ladro_config_free, ladro_config_set, ladro_config_get
  public :: ladro_config_from_env, ladro_config_validate, ladro_print_config
  public :: ladro_create, ladro_destroy, ladro_push, ladro_next, ladro_progress
  public :: ladro_result, ladro_result_next, ladro_global_counts, ladro_hungry
  public :: ladro_rank, ladro_size, ladro_last_error, ladro_strerror, ladro_err_name
  public :: ladro_version
  public :: ladro_stats_gather, ladro_stats_free, ladro_stats_print, ladro_stats_field
  public :: ladro_stats_counter

  integer, parameter :: ERRLEN = 512

  ! A configuration: ladro_config_init makes it (defaults), ladro_config_free frees it.
  ! Do not copy one by assignment (both copies would hold the same C object).
  type :: ladro_config_t
    private
    type(c_ptr) :: ptr = c_null_ptr
  end type ladro_config_t

  ! A handle: ladro_create (collective) makes it, ladro_destroy (collective) frees it.
  type :: ladro_t
    private
    type(c_ptr) :: ptr = c_null_ptr
    integer(c_size_t) :: task_bytes = 0, result_bytes = 0
    character(len=:), allocatable :: err ! this module's own last error, if newer
  end type ladro_t

  ! A task as ladro_next returns it. payload points to task_bytes bytes of library memory,
  ! valid until the next ladro_next or ladro_destroy (c_f_pointer reads it in place;
  ! ladro_next's optional third argument copies it instead).
  type :: ladro_task_t
    integer(int64) :: id = -1
    integer :: origin = -1 ! rank that pushed it
    integer :: moves = 0   ! how many times it was stolen
    type(c_ptr) :: payload = c_null_ptr
  end type ladro_task_t

  ! Statistics of a run, from ladro_stats_gather (collective): the summary below, every
  ! other field by name through ladro_stats_field, the policy's counters through
  ! ladro_stats_counter. Free with ladro_stats_free.
  type, bind(c) :: ladro_f_summary_t
    real(c_double) :: makespan, lower_bound, efficiency, imbalance, idle_mean, idle_max
    integer(c_int64_t) :: tasks_run, steals_tried, steals_ok, steals_failed
    integer(c_int64_t) :: tasks_stolen, results_home
    integer(c_int32_t) :: nranks, pad
  end type ladro_f_summary_t

  type :: ladro_stats_t
    type(c_ptr), private :: ptr = c_null_ptr
    integer :: nranks = 0
    real(real64) :: makespan = 0     ! seconds, max over ranks
    real(real64) :: lower_bound = 0  ! seconds
    real(real64) :: efficiency = 0   ! lower_bound / makespan
    real(real64) :: imbalance = 0    ! (max busy - mean busy) / max busy
    real(real64) :: idle_mean = 0, idle_max = 0 ! idle fractions of the makespan
    integer(int64) :: tasks_run = 0, steals_tried = 0, steals_ok = 0, steals_failed = 0
    integer(int64) :: tasks_stolen = 0, results_home = 0
  end type ladro_stats_t

  interface ladro_create
    module procedure create_int
#ifdef LADRO_HAVE_MPI_F08
    module procedure create_f08
#endif
  end interface ladro_create

  interface ladro_push
    module procedure push_none, push_i1, push_i4, push_i8, push_r4, push_r8
  end interface ladro_push

  interface ladro_next
    module procedure next_none, next_i1, next_i4, next_i8, next_r4, next_r8
  end interface ladro_next

  interface ladro_result
    module procedure result_i1, result_i4, result_i8, result_r4, result_r8
  end interface ladro_result

  interface ladro_result_next
    module procedure result_next_i1, result_next_i4, result_next_i8, result_next_r4, &
                     result_next_r8
  end interface ladro_result_next

  ! The C library and its shim (ladro_fortran.c).
  interface
    pure function c_strlen(s) bind(c, name='strlen') result(n)
      import :: c_ptr, c_size_t
      type(c_ptr), value :: s
      integer(c_size_t) :: n
    end function c_strlen
    function c_config_new() bind(c, name='ladro_f_config_new') result(p)
      import :: c_ptr
      type(c_ptr) :: p
    end function c_config_new
    subroutine c_config_reset(cfg) bind(c, name='ladro_f_config_reset')
      import :: c_ptr
      type(c_ptr), value :: cfg
    end subroutine c_config_reset
    subroutine c_config_free(cfg) bind(c, name='ladro_f_config_free')
      import :: c_ptr
      type(c_ptr), value :: cfg
    end subroutine c_config_free
    function c_config_text(cfg, n) bind(c, name='ladro_f_config_text') result(p)
      import :: c_ptr, c_size_t
      type(c_ptr), value :: cfg
      integer(c_size_t), intent(out) :: n
      type(c_ptr) :: p
    end function c_config_text
    function c_config_set(cfg, key, val, err, errlen) bind(c, name='ladro_config_set') &
        result(rc)
      import :: c_ptr, c_char, c_size_t, c_int
      type(c_ptr), value :: cfg
      character(kind=c_char), intent(in) :: key(*), val(*)
      character(kind=c_char), intent(out) :: err(*)
      integer(c_size_t), value :: errlen
      integer(c_int) :: rc
    end function c_config_set
    function c_config_get(cfg, key, buf, buflen) bind(c, name='ladro_config_get') result(rc)
      import :: c_ptr, c_char, c_size_t, c_int
      type(c_ptr), value :: cfg
      character(kind=c_char), intent(in) :: key(*)
      character(kind=c_char), intent(out) :: buf(*)
      integer(c_size_t), value :: buflen
      integer(c_int) :: rc
    end function c_config_get
    function c_config_from_env(cfg, err, errlen) bind(c, name='ladro_config_from_env') &
        result(rc)
      import :: c_ptr, c_char, c_size_t, c_int
      type(c_ptr), value :: cfg
      character(kind=c_char), intent(out) :: err(*)
      integer(c_size_t), value :: errlen
      integer(c_int) :: rc
    end function c_config_from_env
    function c_config_validate(cfg, err, errlen) bind(c, name='ladro_config_validate') &
        result(rc)
      import :: c_ptr, c_char, c_size_t, c_int
      type(c_ptr), value :: cfg
      character(kind=c_char), intent(out) :: err(*)
      integer(c_size_t), value :: errlen
      integer(c_int) :: rc
    end function c_config_validate
    function c_create(comm, cfg, lb, err, errlen) bind(c, name='ladro_f_create') result(rc)
      import :: c_ptr, c_char, c_size_t, c_int
      integer(c_int), value :: comm
      type(c_ptr), value :: cfg
      type(c_ptr), intent(out) :: lb
      character(kind=c_char), intent(out) :: err(*)
      integer(c_size_t), value :: errlen
      integer(c_int) :: rc
    end function c_create
    subroutine c_sizes(lb, task_bytes, result_bytes) bind(c, name='ladro_f_sizes')
      import :: c_ptr, c_size_t
      type(c_ptr), value :: lb
      integer(c_size_t), intent(out) :: task_bytes, result_bytes
    end subroutine c_sizes
    function c_destroy(lb) bind(c, name='ladro_destroy') result(rc)
      import :: c_ptr, c_int
      type(c_ptr), intent(inout) :: lb
      integer(c_int) :: rc
    end function c_destroy
    function c_push(lb, id, payload) bind(c, name='ladro_f_push') result(rc)
      import :: c_ptr, c_int64_t, c_int
      type(c_ptr), value :: lb, payload
      integer(c_int64_t), value :: id
      integer(c_int) :: rc
    end function c_push
    function c_next(lb, id, origin, moves, payload) bind(c, name='ladro_f_next') result(rc)
      import :: c_ptr, c_int64_t, c_int32_t, c_int
      type(c_ptr), value :: lb
      integer(c_int64_t), intent(out) :: id
      integer(c_int32_t), intent(out) :: origin, moves
      type(c_ptr), intent(out) :: payload
      integer(c_int) :: rc
    end function c_next
    function c_progress(lb) bind(c, name='ladro_progress') result(rc)
      import :: c_ptr, c_int
      type(c_ptr), value :: lb
      integer(c_int) :: rc
    end function c_progress
    pure function c_hungry(lb) bind(c, name='ladro_hungry') result(h)
      import :: c_ptr, c_int
      type(c_ptr), value :: lb
      integer(c_int) :: h
    end function c_hungry
    function c_result(lb, bytes) bind(c, name='ladro_result') result(rc)
      import :: c_ptr, c_int
      type(c_ptr), value :: lb, bytes
      integer(c_int) :: rc
    end function c_result
    function c_result_next(lb, id, bytes) bind(c, name='ladro_f_result_next') result(rc)
      import :: c_ptr, c_int64_t, c_int
      type(c_ptr), value :: lb, bytes
      integer(c_int64_t), intent(out) :: id
      integer(c_int) :: rc
    end function c_result_next
    function c_global_counts(lb, created, completed) bind(c, name='ladro_f_global_counts') &
        result(rc)
      import :: c_ptr, c_int64_t, c_int
      type(c_ptr), value :: lb
      integer(c_int64_t), intent(out) :: created, completed
      integer(c_int) :: rc
    end function c_global_counts
    pure function c_rank(lb) bind(c, name='ladro_rank') result(r)
      import :: c_ptr, c_int
      type(c_ptr), value :: lb
      integer(c_int) :: r
    end function c_rank
    pure function c_size(lb) bind(c, name='ladro_size') result(r)
      import :: c_ptr, c_int
      type(c_ptr), value :: lb
      integer(c_int) :: r
    end function c_size
    function c_last_error(lb) bind(c, name='ladro_last_error') result(p)
      import :: c_ptr
      type(c_ptr), value :: lb
      type(c_ptr) :: p
    end function c_last_error
    function c_strerror(code) bind(c, name='ladro_strerror') result(p)
      import :: c_ptr, c_int
      integer(c_int), value :: code
      type(c_ptr) :: p
    end function c_strerror
    function c_err_name(code) bind(c, name='ladro_err_name') result(p)
      import :: c_ptr, c_int
      integer(c_int), value :: code
      type(c_ptr) :: p
    end function c_err_name
    function c_version() bind(c, name='ladro_version') result(p)
      import :: c_ptr
      type(c_ptr) :: p
    end function c_version
    function c_stats_gather(lb, st, sum) bind(c, name='ladro_f_stats_gather') result(rc)
      import :: c_ptr, c_int, ladro_f_summary_t
      type(c_ptr), value :: lb
      type(c_ptr), intent(out) :: st
      type(ladro_f_summary_t), intent(out) :: sum
      integer(c_int) :: rc
    end function c_stats_gather
    subroutine c_stats_free(st) bind(c, name='ladro_f_stats_free')
      import :: c_ptr
      type(c_ptr), value :: st
    end subroutine c_stats_free
    function c_stats_text(st, n) bind(c, name='ladro_f_stats_text') result(p)
      import :: c_ptr, c_size_t
      type(c_ptr), value :: st
      integer(c_size_t), intent(out) :: n
      type(c_ptr) :: p
    end function c_stats_text
    function c_stats_field(st, rank, i, name, val) bind(c, name='ladro_stats_field') &
        result(rc)
      import :: c_ptr, c_int, c_size_t, c_double
      type(c_ptr), value :: st
      integer(c_int), value :: rank
      integer(c_size_t), value :: i
      type(c_ptr), intent(out) :: name
      real(c_double), intent(out) :: val
      integer(c_int) :: rc
    end function c_stats_field
    function c_stats_counter(st, name, val) bind(c, name='ladro_stats_counter') result(rc)
      import :: c_ptr, c_int, c_char, c_double
      type(c_ptr), value :: st
      character(kind=c_char), intent(in) :: name(*)
      real(c_double), intent(out) :: val
      integer(c_int) :: rc
    end function c_stats_counter
    subroutine c_free(p) bind(c, name='ladro_f_free')
      import :: c_ptr
      type(c_ptr), value :: p
    end subroutine c_free
  end interface

contains

  ! ---- strings between Fortran and C --------------------------------------------------

  ! A Fortran string as a NUL-terminated C string (trailing blanks dropped).
  pure function c_str(s) result(c)
    character(len=*), intent(in) :: s
    character(kind=c_char, len=len_trim(s) + 1) :: c
    c = trim(s) // c_null_char
  end function c_str

  ! A C string (NULL: "") as a Fortran string.
  function f_str(p) result(s)
    type(c_ptr), intent(in) :: p
    character(len=:), allocatable :: s
    character(kind=c_char), pointer :: chars(:)
    integer :: i, n
    if (.not. c_associated(p)) then
      s = ''
      return
    end if
    n = int(c_strlen(p))
    call c_f_pointer(p, chars, [n])
    allocate(character(len=n) :: s)
    do i = 1, n
      s(i:i) = chars(i)
    end do
  end function f_str

  ! The text in a NUL-terminated C buffer.
  pure function buf_str(buf) result(s)
    character(kind=c_char), intent(in) :: buf(:)
    character(len=:), allocatable :: s
    integer :: i, n
    n = 0
    do while (n < size(buf))
      if (buf(n + 1) == c_null_char) exit
      n = n + 1
    end do
    allocate(character(len=n) :: s)
    do i = 1, n
      s(i:i) = buf(i)
    end do
  end function buf_str

  subroutine set_errmsg(errmsg, text)
    character(len=*), intent(out), optional :: errmsg
    character(len=*), intent(in) :: text
    if (present(errmsg)) errmsg = text
  end subroutine set_errmsg

  ! Write malloc'd C text (freed here) to a unit, line by line.
  subroutine write_text(p, unit)
    type(c_ptr), intent(in) :: p
    integer, intent(in) :: unit
    character(len=:), allocatable :: s
    integer :: a, b
    if (.not. c_associated(p)) return
    s = f_str(p)
    call c_free(p)
    a = 1
    do while (a <= len(s))
      b = index(s(a:), new_line('a'))
      if (b == 0) then
        write(unit, '(a)') s(a:)
        exit
      end if
      write(unit, '(a)') s(a:a + b - 2)
      a = a + b
    end do
  end subroutine write_text

  ! ---- errors and versions --------------------------------------------------------------

  ! The message of a code ("unknown error" for codes not in the list).
  function ladro_strerror(code) result(s)
    integer, intent(in) :: code
    character(len=:), allocatable :: s
    s = f_str(c_strerror(int(code, c_int)))
  end function ladro_strerror

  ! The symbolic name of a code, e.g. "LADRO_EINVAL".
  function ladro_err_name(code) result(s)
    integer, intent(in) :: code
    character(len=:), allocatable :: s
    s = f_str(c_err_name(int(code, c_int)))
  end function ladro_err_name

  ! The version of the library linked, e.g. "0.1.0" (LADRO_VERSION_STRING: this module's).
  function ladro_version() result(s)
    character(len=:), allocatable :: s
    s = f_str(c_version())
  end function ladro_version

  ! The message of the last error returned on the handle ("" if none).
  function ladro_last_error(lb) result(s)
    type(ladro_t), intent(in) :: lb
    character(len=:), allocatable :: s
    if (allocated(lb%err)) then
      if (len(lb%err) > 0) then
        s = lb%err
        return
      end if
    end if
    if (c_associated(lb%ptr)) then
      s = f_str(c_last_error(lb%ptr))
    else
      s = ''
    end if
  end function ladro_last_error

  ! An error found by this module: the code, with its message kept for ladro_last_error.
  function fail(lb, code, text) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer, intent(in) :: code
    character(len=*), intent(in) :: text
    integer :: rc
    lb%err = text
    rc = code
  end function fail

  ! Ready for a call into C on the handle: LADRO_OK, or LADRO_EINVAL when it has none.
  function ready(lb, what) result(rc)
    type(ladro_t), intent(inout) :: lb
    character(len=*), intent(in) :: what
    integer :: rc
    if (.not. c_associated(lb%ptr)) then
      rc = fail(lb, LADRO_EINVAL, what // ': no handle (ladro_create did not succeed, ' // &
                'or ladro_destroy freed it)')
      return
    end if
    lb%err = ''
    rc = LADRO_OK
  end function ready

  function itoa(i) result(s)
    integer(c_size_t), intent(in) :: i
    character(len=:), allocatable :: s
    character(len=24) :: b
    write(b, '(i0)') i
    s = trim(b)
  end function itoa

  ! The bytes given must be the configured size; what = "ladro_push: payload" etc.
  function check_bytes(lb, what, key, given, want) result(rc)
    type(ladro_t), intent(inout) :: lb
    character(len=*), intent(in) :: what, key
    integer(c_size_t), intent(in) :: given, want
    integer :: rc
    rc = ready(lb, what)
    if (rc /= LADRO_OK) return
    if (given /= want) rc = fail(lb, LADRO_EINVAL, what // ' of ' // itoa(given) // &
        ' bytes, but ' // key // ' is ' // itoa(want) // ': pass exactly ' // key // ' bytes')
  end function check_bytes

  ! ---- configuration -----------------------------------------------------------------

  ! Defaults (a configuration already made is reset to them). Local.
  ! LADRO_OK or LADRO_ENOMEM.
  function ladro_config_init(cfg) result(rc)
    type(ladro_config_t), intent(inout) :: cfg
    integer :: rc
    rc = LADRO_OK
    if (c_associated(cfg%ptr)) then
      call c_config_reset(cfg%ptr)
    else
      cfg%ptr = c_config_new()
      if (.not. c_associated(cfg%ptr)) rc = LADRO_ENOMEM
    end if
  end function ladro_config_init

  ! Frees the configuration (a handle made from it keeps its own copy). Local.
  subroutine ladro_config_free(cfg)
    type(ladro_config_t), intent(inout) :: cfg
    if (c_associated(cfg%ptr)) call c_config_free(cfg%ptr)
    cfg%ptr = c_null_ptr
  end subroutine ladro_config_free

  function no_config(what, errmsg) result(rc)
    character(len=*), intent(in) :: what
    character(len=*), intent(out), optional :: errmsg
    integer :: rc
    call set_errmsg(errmsg, what // ': configuration not made: call ladro_config_init first')
    rc = LADRO_EINVAL
  end function no_config

  ! Set one key ("policy", "task_bytes", "radius", ...; docs/envvars.md) to a value given
  ! as text. LADRO_EINVAL (unknown key, invalid value) or LADRO_ENOPOLICY, with a one-line
  ! message in errmsg naming the key, the value and what is accepted; cfg is then
  ! unchanged. Local.
  function ladro_config_set(cfg, key, value, errmsg) result(rc)
    type(ladro_config_t), intent(inout) :: cfg
    character(len=*), intent(in) :: key, value
    character(len=*), intent(out), optional :: errmsg
    integer :: rc
    character(kind=c_char) :: err(ERRLEN)
    if (.not. c_associated(cfg%ptr)) then
      rc = no_config('ladro_config_set', errmsg)
      return
    end if
    err(1) = c_null_char
    rc = c_config_set(cfg%ptr, c_str(key), c_str(value), err, int(ERRLEN, c_size_t))
    call set_errmsg(errmsg, buf_str(err))
  end function ladro_config_set

  ! The value of a key as text (the form ladro_config_set accepts). LADRO_EINVAL for an
  ! unknown key (value is then blank). Local.
  function ladro_config_get(cfg, key, value) result(rc)
    type(ladro_config_t), intent(in) :: cfg
    character(len=*), intent(in) :: key
    character(len=:), allocatable, intent(out) :: value
    integer :: rc
    character(kind=c_char) :: buf(ERRLEN)
    value = ''
    if (.not. c_associated(cfg%ptr)) then
      rc = no_config('ladro_config_get')
      return
    end if
    buf(1) = c_null_char
    rc = c_config_get(cfg%ptr, c_str(key), buf, int(ERRLEN, c_size_t))
    if (rc == LADRO_OK) value = buf_str(buf)
  end function ladro_config_get

  ! Apply every set LADRO_* environment variable; an unknown LADRO_* variable is an error
  ! (errmsg names it). Local.
  function ladro_config_from_env(cfg, errmsg) result(rc)
    type(ladro_config_t), intent(inout) :: cfg
    character(len=*), intent(out), optional :: errmsg
    integer :: rc
    character(kind=c_char) :: err(ERRLEN)
    if (.not. c_associated(cfg%ptr)) then
      rc = no_config('ladro_config_from_env', errmsg)
      return
    end if
    err(1) = c_null_char
    rc = c_config_from_env(cfg%ptr, err, int(ERRLEN, c_size_t))
    call set_errmsg(errmsg, buf_str(err))
  end function ladro_config_from_env

  ! The check ladro_create runs. Local.
  function ladro_config_validate(cfg, errmsg) result(rc)
    type(ladro_config_t), intent(in) :: cfg
    character(len=*), intent(out), optional :: errmsg
    integer :: rc
    character(kind=c_char) :: err(ERRLEN)
    if (.not. c_associated(cfg%ptr)) then
      rc = no_config('ladro_config_validate', errmsg)
      return
    end if
    err(1) = c_null_char
    rc = c_config_validate(cfg%ptr, err, int(ERRLEN, c_size_t))
    call set_errmsg(errmsg, buf_str(err))
  end function ladro_config_validate

  ! Print every key with its value and environment variable (default unit: output_unit).
  subroutine ladro_print_config(cfg, unit)
    type(ladro_config_t), intent(in) :: cfg
    integer, intent(in), optional :: unit
    integer(c_size_t) :: n
    if (.not. c_associated(cfg%ptr)) return
    if (present(unit)) then
      call write_text(c_config_text(cfg%ptr, n), unit)
    else
      call write_text(c_config_text(cfg%ptr, n), output_unit)
    end if
  end subroutine ladro_print_config

  ! ---- handle --------------------------------------------------------------------------

  ! Collective over comm (integer, from `use mpi`, or type(MPI_Comm), from `use mpi_f08`).
  ! Every rank gets a handle, or every rank the same error with its message in errmsg
  ! (LADRO_EINVAL, LADRO_ENOPOLICY, LADRO_ENOMEM, LADRO_EMPI, LADRO_ENOTSUP).
  function create_int(comm, cfg, lb, errmsg) result(rc)
    integer, intent(in) :: comm
    type(ladro_config_t), intent(in) :: cfg
    type(ladro_t), intent(inout) :: lb
    character(len=*), intent(out), optional :: errmsg
    integer :: rc
    character(kind=c_char) :: err(ERRLEN)
    if (c_associated(lb%ptr)) then
      call set_errmsg(errmsg, 'ladro_create: the handle is in use: ladro_destroy it first')
      rc = LADRO_ESTATE
      return
    end if
    if (.not. c_associated(cfg%ptr)) then
      rc = no_config('ladro_create', errmsg)
      return
    end if
    err(1) = c_null_char
    lb%err = ''
    rc = c_create(int(comm, c_int), cfg%ptr, lb%ptr, err, int(ERRLEN, c_size_t))
    call set_errmsg(errmsg, buf_str(err))
    if (rc == LADRO_OK) then
      call c_sizes(lb%ptr, lb%task_bytes, lb%result_bytes)
    else
      lb%ptr = c_null_ptr
    end if
  end function create_int

#ifdef LADRO_HAVE_MPI_F08
  function create_f08(comm, cfg, lb, errmsg) result(rc)
    type(MPI_Comm), intent(in) :: comm
    type(ladro_config_t), intent(in) :: cfg
    type(ladro_t), intent(inout) :: lb
    character(len=*), intent(out), optional :: errmsg
    integer :: rc
    rc = create_int(comm%MPI_VAL, cfg, lb, errmsg)
  end function create_f08
#endif

  ! Collective: frees everything. A handle never created or already destroyed: LADRO_OK.
  function ladro_destroy(lb) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer :: rc
    rc = LADRO_OK
    if (c_associated(lb%ptr)) rc = c_destroy(lb%ptr)
    lb%ptr = c_null_ptr
    lb%err = ''
  end function ladro_destroy

  ! Local. This rank's index and the number of ranks (-1 without a handle).
  pure function ladro_rank(lb) result(r)
    type(ladro_t), intent(in) :: lb
    integer :: r
    r = -1
    if (c_associated(lb%ptr)) r = c_rank(lb%ptr)
  end function ladro_rank

  pure function ladro_size(lb) result(r)
    type(ladro_t), intent(in) :: lb
    integer :: r
    r = -1
    if (c_associated(lb%ptr)) r = c_size(lb%ptr)
  end function ladro_size

  ! Local. Long tasks call it now and then: serves the policy's protocol and MPI progress.
  function ladro_progress(lb) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer :: rc
    rc = ready(lb, 'ladro_progress')
    if (rc == LADRO_OK) rc = c_progress(lb%ptr)
  end function ladro_progress

  ! Local, no communication: .true. when a task pushed now could go to another rank
  ! (several ranks under a policy that moves tasks), .false. when it could only come back
  ! to this rank (one rank, static), without a handle and after LADRO_DONE. C's 1 and 0,
  ! as a logical. A task that can split its work pushes a part only while it is .true.
  pure function ladro_hungry(lb) result(h)
    type(ladro_t), intent(in) :: lb
    logical :: h
    h = .false.
    if (c_associated(lb%ptr)) h = c_hungry(lb%ptr) /= 0
  end function ladro_hungry

  ! Local. The global numbers of tasks created and completed as of the last termination
  ! wave this rank saw.
  function ladro_global_counts(lb, created, completed) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(out) :: created, completed
    integer :: rc
    integer(c_int64_t) :: c, d
    created = 0
    completed = 0
    rc = ready(lb, 'ladro_global_counts')
    if (rc /= LADRO_OK) return
    rc = c_global_counts(lb%ptr, c, d)
    created = c
    completed = d
  end function ladro_global_counts

  ! ---- push: ladro_push(lb, id [, payload]) -------------------------------------------
  ! Local. Seeds this rank's pool before its first ladro_next, or spawns from inside a task.
  ! payload: exactly task_bytes bytes (none when task_bytes is 0).

  function push_bytes(lb, id, p, n) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in) :: id
    type(c_ptr), intent(in) :: p
    integer(c_size_t), intent(in) :: n
    integer :: rc
    rc = check_bytes(lb, 'ladro_push: payload', 'task_bytes', n, lb%task_bytes)
    if (rc == LADRO_OK) rc = c_push(lb%ptr, id, p)
  end function push_bytes

  function push_none(lb, id) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in) :: id
    integer :: rc
    rc = push_bytes(lb, id, c_null_ptr, 0_c_size_t)
  end function push_none

  function push_i1(lb, id, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in) :: id
    integer(int8), intent(in), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = push_bytes(lb, id, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function push_i1

  function push_i4(lb, id, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in) :: id
    integer(int32), intent(in), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = push_bytes(lb, id, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function push_i4

  function push_i8(lb, id, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in) :: id
    integer(int64), intent(in), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = push_bytes(lb, id, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function push_i8

  function push_r4(lb, id, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in) :: id
    real(real32), intent(in), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = push_bytes(lb, id, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function push_r4

  function push_r8(lb, id, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in) :: id
    real(real64), intent(in), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = push_bytes(lb, id, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function push_r8

  ! The size of an array in bytes, from its element count and storage_size (bits). Not a
  ! class(*) dummy: gfortran then reads the array's descriptor with 8-byte loads, which
  ! an int32 array on the stack need not be aligned for (UBSan: misaligned load).
  pure function nbytes(count, bits) result(n)
    integer(c_size_t), intent(in) :: count
    integer, intent(in) :: bits
    integer(c_size_t) :: n
    n = count * int(bits / 8, c_size_t)
  end function nbytes

  ! ---- next: ladro_next(lb, task [, payload]) -----------------------------------------
  ! Local, but every rank keeps calling it until LADRO_DONE. Completes the previous task,
  ! returns the next (LADRO_OK), LADRO_DONE when every task everywhere completed, or an
  ! error. With payload (exactly task_bytes bytes) the task's payload is copied into it;
  ! a payload of the wrong size is refused before a task is taken.

  function next_bytes(lb, task, p, n) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    type(c_ptr), intent(in) :: p
    integer(c_size_t), intent(in) :: n
    integer :: rc
    integer(c_int64_t) :: id
    integer(c_int32_t) :: origin, moves
    character(kind=c_char), pointer :: src(:), dst(:)
    if (c_associated(p)) then
      rc = check_bytes(lb, 'ladro_next: payload', 'task_bytes', n, lb%task_bytes)
    else
      rc = ready(lb, 'ladro_next')
    end if
    if (rc /= LADRO_OK) return
    rc = c_next(lb%ptr, id, origin, moves, task%payload)
    if (rc /= LADRO_OK) return
    task%id = id
    task%origin = origin
    task%moves = moves
    if (c_associated(p) .and. n > 0) then
      call c_f_pointer(task%payload, src, [n])
      call c_f_pointer(p, dst, [n])
      dst = src
    end if
  end function next_bytes

  function next_none(lb, task) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    integer :: rc
    rc = next_bytes(lb, task, c_null_ptr, 0_c_size_t)
  end function next_none

  function next_i1(lb, task, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    integer(int8), intent(inout), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = next_into(lb, task, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function next_i1

  function next_i4(lb, task, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    integer(int32), intent(inout), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = next_into(lb, task, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function next_i4

  function next_i8(lb, task, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    integer(int64), intent(inout), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = next_into(lb, task, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function next_i8

  function next_r4(lb, task, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    real(real32), intent(inout), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = next_into(lb, task, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function next_r4

  function next_r8(lb, task, payload) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    real(real64), intent(inout), target, contiguous :: payload(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(payload) > 0) p = c_loc(payload)
    rc = next_into(lb, task, p, nbytes(size(payload, kind=c_size_t), storage_size(payload)))
  end function next_r8

  ! An array given for the payload: its size must match even when it is empty.
  function next_into(lb, task, p, n) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_task_t), intent(out) :: task
    type(c_ptr), intent(in) :: p
    integer(c_size_t), intent(in) :: n
    integer :: rc
    rc = check_bytes(lb, 'ladro_next: payload', 'task_bytes', n, lb%task_bytes)
    if (rc /= LADRO_OK) return
    if (n == 0) then
      rc = next_bytes(lb, task, c_null_ptr, 0_c_size_t)
    else
      rc = next_bytes(lb, task, p, n)
    end if
  end function next_into

  ! ---- results: ladro_result(lb, bytes), ladro_result_next(lb, id, bytes) ------------
  ! ladro_result: local, while running a task: its result (exactly result_bytes bytes)
  ! goes home to the task's origin rank. ladro_result_next: local, at the origin, during
  ! the run or after LADRO_DONE until ladro_destroy: the oldest result waiting (LADRO_OK,
  ! id and bytes filled) or LADRO_NONE.

  function result_bytes(lb, p, n) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(c_ptr), intent(in) :: p
    integer(c_size_t), intent(in) :: n
    integer :: rc
    rc = check_bytes(lb, 'ladro_result: result', 'result_bytes', n, lb%result_bytes)
    if (rc == LADRO_OK) rc = c_result(lb%ptr, p)
  end function result_bytes

  function result_i1(lb, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int8), intent(in), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_bytes(lb, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_i1

  function result_i4(lb, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int32), intent(in), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_bytes(lb, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_i4

  function result_i8(lb, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(in), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_bytes(lb, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_i8

  function result_r4(lb, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    real(real32), intent(in), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_bytes(lb, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_r4

  function result_r8(lb, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    real(real64), intent(in), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_bytes(lb, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_r8

  function result_next_bytes(lb, id, p, n) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(out) :: id
    type(c_ptr), intent(in) :: p
    integer(c_size_t), intent(in) :: n
    integer :: rc
    integer(c_int64_t) :: cid
    id = -1
    rc = check_bytes(lb, 'ladro_result_next: result', 'result_bytes', n, lb%result_bytes)
    if (rc /= LADRO_OK) return
    rc = c_result_next(lb%ptr, cid, p)
    id = cid
  end function result_next_bytes

  function result_next_i1(lb, id, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(out) :: id
    integer(int8), intent(inout), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_next_bytes(lb, id, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_next_i1

  function result_next_i4(lb, id, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(out) :: id
    integer(int32), intent(inout), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_next_bytes(lb, id, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_next_i4

  function result_next_i8(lb, id, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(out) :: id
    integer(int64), intent(inout), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_next_bytes(lb, id, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_next_i8

  function result_next_r4(lb, id, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(out) :: id
    real(real32), intent(inout), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_next_bytes(lb, id, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_next_r4

  function result_next_r8(lb, id, bytes) result(rc)
    type(ladro_t), intent(inout) :: lb
    integer(int64), intent(out) :: id
    real(real64), intent(inout), target, contiguous :: bytes(:)
    integer :: rc
    type(c_ptr) :: p
    p = c_null_ptr
    if (size(bytes) > 0) p = c_loc(bytes)
    rc = result_next_bytes(lb, id, p, nbytes(size(bytes, kind=c_size_t), storage_size(bytes)))
  end function result_next_r8

  ! ---- statistics ----------------------------------------------------------------------

  ! Collective, after LADRO_DONE: the run's statistics on every rank.
  function ladro_stats_gather(lb, st) result(rc)
    type(ladro_t), intent(inout) :: lb
    type(ladro_stats_t), intent(inout) :: st
    integer :: rc
    type(ladro_f_summary_t) :: sum
    call ladro_stats_free(st)
    rc = ready(lb, 'ladro_stats_gather')
    if (rc /= LADRO_OK) return
    rc = c_stats_gather(lb%ptr, st%ptr, sum)
    if (rc /= LADRO_OK) return
    st%nranks = sum%nranks
    st%makespan = sum%makespan
    st%lower_bound = sum%lower_bound
    st%efficiency = sum%efficiency
    st%imbalance = sum%imbalance
    st%idle_mean = sum%idle_mean
    st%idle_max = sum%idle_max
    st%tasks_run = sum%tasks_run
    st%steals_tried = sum%steals_tried
    st%steals_ok = sum%steals_ok
    st%steals_failed = sum%steals_failed
    st%tasks_stolen = sum%tasks_stolen
    st%results_home = sum%results_home
  end function ladro_stats_gather

  subroutine ladro_stats_free(st)
    type(ladro_stats_t), intent(inout) :: st
    if (c_associated(st%ptr)) call c_stats_free(st%ptr)
    st = ladro_stats_t()
  end subroutine ladro_stats_free

  ! The one-screen summary (default unit: output_unit).
  subroutine ladro_stats_print(st, unit)
    type(ladro_stats_t), intent(in) :: st
    integer, intent(in), optional :: unit
    integer(c_size_t) :: n
    if (.not. c_associated(st%ptr)) return
    if (present(unit)) then
      call write_text(c_stats_text(st%ptr, n), unit)
    else
      call write_text(c_stats_text(st%ptr, n), output_unit)
    end if
  end subroutine ladro_stats_print

  ! A field by the name the JSON/CSV writers use ("makespan", "efficiency", "tasks",
  ! "steals_ok", "busy", ...): of the summary, or of one rank's statistics when rank (0-based) is given.
  ! LADRO_OK, or LADRO_EINVAL for an unknown name or rank, or statistics not gathered.
  function ladro_stats_field(st, name, value, rank) result(rc)
    type(ladro_stats_t), intent(in) :: st
    character(len=*), intent(in) :: name
    real(real64), intent(out) :: value
    integer, intent(in), optional :: rank
    integer :: rc
    integer(c_int) :: r
    integer(c_size_t) :: i
    type(c_ptr) :: p
    real(c_double) :: v
    value = 0
    rc = LADRO_EINVAL
    if (.not. c_associated(st%ptr)) return
    r = -1
    if (present(rank)) then
      if (rank < 0 .or. rank >= st%nranks) return
      r = int(rank, c_int)
    end if
    i = 0
    do while (c_stats_field(st%ptr, r, i, p, v) == LADRO_OK)
      if (f_str(p) == trim(name)) then
        value = v
        rc = LADRO_OK
        return
      end if
      i = i + 1
    end do
  end function ladro_stats_field

  ! The total of the policy's counter `name` (e.g. "a2ws_preemptive"). LADRO_OK, or
  ! LADRO_EINVAL when this run's policy has no such counter.
  function ladro_stats_counter(st, name, value) result(rc)
    type(ladro_stats_t), intent(in) :: st
    character(len=*), intent(in) :: name
    real(real64), intent(out) :: value
    integer :: rc
    real(c_double) :: v
    value = 0
    rc = LADRO_EINVAL
    if (.not. c_associated(st%ptr)) return
    rc = c_stats_counter(st%ptr, c_str(name), v)
    if (rc == LADRO_OK) value = v
  end function ladro_stats_counter

end module ladro
