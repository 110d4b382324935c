// SPDX-License-Identifier: BSD-3-Clause
// Triangular solve with many right-hand sides for W interleaved matrices in lock-step (W = 1:
// one matrix). Every side/uplo/trans combination reduces to one core, left side and A not
// transposed: a transposed operand is the same storage with its row and column strides swapped
// (the triangle flips), and X op(A) = B is op(A)^T X^T = B^T.
//
//   lower:  for k = 0 .. m-1:     b(k,:) /= a(k,k);  b(k+1:m-1,:) -= a(k+1:m-1,k) * b(k,:)
//   upper:  for k = m-1 .. 0:     b(k,:) /= a(k,k);  b(0:k-1,:)   -= a(0:k-1,k)   * b(k,:)
#pragma once

#include "kernels/scalar.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// B := alpha * inv(A) * B, A m x m triangular (lower or upper, conjugated when conj, unit
/// diagonal when unit), B m x n. Lane l of A(i,j) is a[i*ars + j*acs + l].
template <class T, int W>
void trsm_left_lanes(bool lower, bool conj, bool unit, int m, int n, T alpha, const T *a, idx ars,
                     idx acs, T *b, idx brs, idx bcs) noexcept {
  for (int j = 0; j < n; ++j) {
    T *bj = b + j * bcs;
    if (alpha != T(1))
      for (int i = 0; i < m; ++i) {
#pragma omp simd
        for (int l = 0; l < W; ++l)
          bj[i * brs + l] = alpha == T(0) ? T(0) : mul(alpha, bj[i * brs + l]);
      }
    if (alpha == T(0)) continue;  // BLAS: B = 0, A not referenced
    for (int s = 0; s < m; ++s) {
      const int k = lower ? s : m - 1 - s;
      T *bk = bj + k * brs;
      if (!unit) {
        const T *akk = a + k * ars + k * acs;
#pragma omp simd
        for (int l = 0; l < W; ++l) bk[l] = div(bk[l], cj(akk[l], conj));
      }
      const int i0 = lower ? k + 1 : 0, i1 = lower ? m : k;
      for (int i = i0; i < i1; ++i) {
        const T *aik = a + i * ars + k * acs;
        T *bi = bj + i * brs;
#pragma omp simd
        for (int l = 0; l < W; ++l) bi[l] = fms(bi[l], cj(aik[l], conj), bk[l]);
      }
    }
  }
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right); X overwrites B (m x n).
template <class T, int W>
void trsm_lanes(Side side, Uplo uplo, Op trans, Diag diag, int m, int n, T alpha, const T *a,
                idx ars, idx acs, T *b, idx brs, idx bcs) noexcept {
  const bool lower = uplo == Uplo::lower, unit = diag == Diag::unit, conj = trans == Op::c;
  if (side == Side::left) {
    if (trans == Op::n)
      trsm_left_lanes<T, W>(lower, false, unit, m, n, alpha, a, ars, acs, b, brs, bcs);
    else  // op(A) = A^T or A^H: the transposed view
      trsm_left_lanes<T, W>(!lower, conj, unit, m, n, alpha, a, acs, ars, b, brs, bcs);
  } else {  // op(A)^T X^T = alpha B^T on the transposed view of B (n x m)
    if (trans == Op::n)
      trsm_left_lanes<T, W>(!lower, false, unit, n, m, alpha, a, acs, ars, b, bcs, brs);
    else  // (A^T)^T = A, (A^H)^T = conj(A)
      trsm_left_lanes<T, W>(lower, conj, unit, n, m, alpha, a, ars, acs, b, bcs, brs);
  }
}

#pragma omp end declare target

}  // namespace ompbatch::detail
