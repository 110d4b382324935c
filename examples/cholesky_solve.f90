! SPDX-License-Identifier: BSD-3-Clause
! Cholesky solve from Fortran: a strided batch of symmetric positive definite matrices
! (A = M^T M + n I) factored by ompbDpotrfStridedBatched (lower) and solved for one
! right-hand side each by ompbDpotrsStridedBatched; prints the largest scaled residual.
! Exit status 0 when every info is 0 and the residual is below 30.
program cholesky_solve
  use, intrinsic :: iso_c_binding
  use ompbatch
  implicit none
  integer(c_int), parameter :: n = 16, batch = 500
  real(c_double), allocatable :: a(:, :, :), a0(:, :, :), b(:, :), b0(:, :), m(:, :)
  integer(c_int) :: info(batch), solve_info
  type(c_ptr) :: handle
  real(c_double) :: worst
  integer :: k, i

  allocate (a(n, n, batch), b(n, batch), m(n, n))
  do k = 1, batch
    call random_number(m)
    a(:, :, k) = matmul(transpose(m), m)
    do i = 1, n
      a(i, i, k) = a(i, i, k) + n
    end do
  end do
  call random_number(b)
  a0 = a
  b0 = b

  if (ompbCreate(handle) /= OMPB_STATUS_SUCCESS) error stop 'ompbCreate'
  if (ompbDpotrfStridedBatched(handle, OMPB_FILL_MODE_LOWER, n, a, n, int(n*n, c_long_long), &
                               info, batch) /= OMPB_STATUS_SUCCESS) then
    print '(a)', ompb_string(ompbGetLastErrorMessage(handle))
    error stop 1
  end if
  if (any(info /= 0)) error stop 'a matrix is not positive definite'
  if (ompbDpotrsStridedBatched(handle, OMPB_FILL_MODE_LOWER, n, 1, a, n, int(n*n, c_long_long), &
                               b, n, int(n, c_long_long), solve_info, batch) /= OMPB_STATUS_SUCCESS) then
    print '(a)', ompb_string(ompbGetLastErrorMessage(handle))
    error stop 1
  end if
  if (ompbDestroy(handle) /= OMPB_STATUS_SUCCESS) error stop 'ompbDestroy'

  worst = 0
  do k = 1, batch
    worst = max(worst, sum(abs(matmul(a0(:, :, k), b(:, k)) - b0(:, k))) / &
                (n*maxval(sum(abs(a0(:, :, k)), 1))*sum(abs(b(:, k)))*epsilon(1d0)))
  end do
  print '(i0, a, i0, a, f6.2)', batch, ' Cholesky solves of order ', n, ': largest residual ', worst
  if (.not. worst < 30) error stop 'residual above 30'
end program cholesky_solve
