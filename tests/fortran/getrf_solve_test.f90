! SPDX-License-Identifier: BSD-3-Clause
! The Fortran module from a Fortran program: a batch of n x n systems factored and solved
! (dgetrf + dgetrs, strided; sgetrf, pointer array) with the data mapped by the program
! (!$omp target data), checked against the program's own residual; an invalid argument gives
! OMPB_STATUS_INVALID_VALUE and the handle's message. Exit status 0 when everything holds.
program getrf_solve_test
  use, intrinsic :: iso_c_binding
  use ompbatch
  implicit none
  integer, parameter :: n = 6, nrhs = 3, batch = 9
  integer(c_long_long), parameter :: stride_a = n*n, stride_p = n, stride_b = n*nrhs
  real(c_double), allocatable :: a(:, :, :), a0(:, :, :), b(:, :, :), b0(:, :, :)
  real(c_float), allocatable, target :: s(:, :, :)
  real(c_float), allocatable :: s0(:, :, :)
  type(c_ptr) :: sarray(batch)
  integer(c_int) :: ipiv(n, batch), info(batch), spiv(n*batch), sinfo(batch)
  integer(c_int) :: status, backend, solve_info
  type(c_ptr) :: handle
  real(c_double) :: worst
  real :: worst_s
  integer :: k

  allocate (a(n, n, batch), b(n, nrhs, batch), s(n, n, batch))
  call random_number(a)
  call random_number(b)
  a = a - 0.5d0
  s = real(a, c_float)
  a0 = a
  b0 = b
  s0 = s
  do k = 1, batch
    sarray(k) = c_loc(s(1, 1, k))
  end do

  call check(ompbCreate(handle), 'ompbCreate')
  call check(ompbGetBackend(handle, backend), 'ompbGetBackend')
  if (ompbGetVersion() /= OMPBATCH_VERSION_MAJOR*10000 + OMPBATCH_VERSION_MINOR*100 + &
      & OMPBATCH_VERSION_PATCH) error stop 'ompbGetVersion differs from the module''s version'

  !$omp target data map(tofrom: a, b, ipiv, info)
  call check(ompbDgetrfStridedBatched(handle, n, n, a, n, stride_a, ipiv, stride_p, info, batch), &
             'ompbDgetrfStridedBatched')
  call check(ompbDgetrsStridedBatched(handle, OMPB_OP_N, n, nrhs, a, n, stride_a, ipiv, stride_p, &
                                      b, n, stride_b, solve_info, batch), 'ompbDgetrsStridedBatched')
  !$omp target update from(a, b, ipiv, info)
  !$omp end target data
  call check(ompbSgetrfBatched(handle, n, sarray, n, spiv, sinfo, batch), 'ompbSgetrfBatched')

  if (any(info /= 0) .or. any(sinfo /= 0) .or. solve_info /= 0) error stop 'nonzero info'
  worst = 0
  worst_s = 0
  do k = 1, batch
    worst = max(worst, solve_residual(a0(:, :, k), b(:, :, k), b0(:, :, k)))
    worst_s = max(worst_s, lu_residual(s0(:, :, k), s(:, :, k), spiv((k - 1)*n + 1:k*n)))
  end do
  print '(a, i0, a, es9.2, a, es9.2)', 'backend ', backend, ': dgetrs residual ', worst, &
    ', sgetrf residual ', worst_s
  if (.not. (worst < 30 .and. worst_s < 30)) error stop 'residual above 30'

  ! lda < n: an error, nothing written, and a message naming the routine and the argument
  status = ompbDgetrfStridedBatched(handle, n, n, a, n - 1, stride_a, ipiv, stride_p, info, batch)
  if (status /= OMPB_STATUS_INVALID_VALUE) error stop 'lda < n was accepted'
  print '(a, a, a, a)', ompb_string(ompbGetStatusName(status)), ': ', &
    ompb_string(ompbGetLastErrorMessage(handle))
  if (index(ompb_string(ompbGetLastErrorMessage(handle)), 'ompbDgetrfStridedBatched') /= 1) &
    error stop 'the message does not name the routine'
  call check(ompbDestroy(handle), 'ompbDestroy')

contains

  subroutine check(status, what)
    integer(c_int), intent(in) :: status
    character(len=*), intent(in) :: what
    if (status /= OMPB_STATUS_SUCCESS) then
      print '(a, a, a)', what, ': ', ompb_string(ompbGetStatusName(status))
      error stop 1
    end if
  end subroutine check

  !> max over the columns of ||A x - b||_1 / (n ||A||_1 ||x||_1 eps)
  function solve_residual(a, x, b) result(r)
    real(c_double), intent(in) :: a(:, :), x(:, :), b(:, :)
    real(c_double) :: r
    integer :: j
    r = 0
    do j = 1, size(x, 2)
      r = max(r, sum(abs(matmul(a, x(:, j)) - b(:, j))) / &
              (size(a, 1)*maxval(sum(abs(a), 1))*sum(abs(x(:, j)))*epsilon(1d0)))
    end do
  end function solve_residual

  !> ||P A - L U||_1 / (n ||A||_1 eps) of one single precision factorization
  function lu_residual(a, lu, piv) result(r)
    real(c_float), intent(in) :: a(:, :), lu(:, :)
    integer(c_int), intent(in) :: piv(:)
    real :: r, pa(size(a, 1), size(a, 2)), l(size(a, 1), size(a, 2)), u(size(a, 1), size(a, 2)), row(size(a, 2))
    integer :: i, j, m
    m = size(a, 1)
    pa = a
    do i = 1, m
      row = pa(i, :)
      pa(i, :) = pa(piv(i), :)
      pa(piv(i), :) = row
    end do
    l = 0
    u = 0
    do j = 1, m
      l(j, j) = 1
      l(j + 1:, j) = lu(j + 1:, j)
      u(:j, j) = lu(:j, j)
    end do
    r = maxval(sum(abs(pa - matmul(l, u)), 1))/(m*maxval(sum(abs(a), 1))*epsilon(1.0))
  end function lu_residual
end program getrf_solve_test
