! What the Fortran tests share: MPI's start and the end that sums the failed checks over
! the ranks, a check that counts and reports, and two helpers.
module test_support
  use mpi
  use, intrinsic :: iso_c_binding, only: c_char, c_null_char, c_ptr, c_associated, c_f_pointer
  use, intrinsic :: iso_fortran_env, only: int64, error_unit
  implicit none
  private
  public :: test_start, test_finish, check, itoa, c_getenv, rank, nranks
  integer, save :: rank = 0, nranks = 0, failed = 0
  character(len=64), save :: test_name = ''
  interface
    function getenv(name) bind(c, name='getenv') result(p)
      import :: c_char, c_ptr
      character(kind=c_char), intent(in) :: name(*)
      type(c_ptr) :: p
    end function getenv
  end interface

contains

  ! MPI_Init, this rank and the rank count; the failed checks from 0.
  subroutine test_start(name)
    character(len=*), intent(in) :: name
    integer :: ierr
    test_name = name
    call MPI_Init(ierr)
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
    failed = 0
  end subroutine test_start

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(len=*), intent(in) :: what
    if (ok) return
    failed = failed + 1
    write(error_unit, '(a,a,i0,a)') trim(test_name), ': rank ', rank, ': FAILED: ' // what
  end subroutine check

  function itoa(i) result(s)
    integer, intent(in) :: i
    character(len=:), allocatable :: s
    character(len=16) :: b
    write(b, '(i0)') i
    s = trim(b)
  end function itoa

  ! A C environment variable's value, up to 16 characters ("" when unset). (getenv, not
  ! get_environment_variable: libgfortran's copy of the name reads past a literal's end,
  ! which AddressSanitizer reports under strict_string_checks)
  function c_getenv(name) result(v)
    character(len=*), intent(in) :: name
    character(len=16) :: v
    type(c_ptr) :: p
    character(kind=c_char), pointer :: c(:)
    integer :: i
    v = ''
    p = getenv(name)
    if (.not. c_associated(p)) return
    call c_f_pointer(p, c, [len(v)])
    do i = 1, len(v)
      if (c(i) == c_null_char) exit
      v(i:i) = c(i)
    end do
  end function c_getenv

  ! The failed checks summed over the ranks (rank 0 prints them), MPI_Finalize, and the
  ! exit status: 1 when any failed.
  subroutine test_finish()
    integer(int64) :: mine(1), all(1) ! int64 arrays: MPICH's `mpi` compares the calls
    integer :: ierr
    mine = failed
    call MPI_Allreduce(mine, all, 1, MPI_INTEGER8, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (rank == 0) print '(a,a,i0,a,i0,a)', trim(test_name), ': ', nranks, ' ranks, ', &
        all(1), ' failed checks'
    call MPI_Finalize(ierr)
    if (all(1) /= 0) stop 1
    stop
  end subroutine test_finish

end module test_support
