// SPDX-License-Identifier: BSD-3-Clause
// Solves, inverses and Cholesky for W interleaved matrices in lock-step (W = 1: one matrix),
// built from getrf_lanes, trsm_lanes and the masked row swap. Lane l of element (i,j) is
// p[i*rs + j*cs + l]; pivots ipiv[k*ps + l] are 1-based.
#pragma once

#include "kernels/getrf_lanes.hpp"
#include "kernels/trsm_lanes.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Applies the row interchanges of getrf's pivots to the n columns of the m-row B: k = 0..kn-1
/// forward, or backward when reverse. A pivot outside 1..m swaps nothing (no write outside B).
template <class T, int W>
inline void laswp_lanes(int m, int n, T *b, idx brs, idx bcs, const int *ipiv, idx ps, int kn,
                        bool reverse) noexcept {
  for (int s = 0; s < kn; ++s) {
    const int k = reverse ? kn - 1 - s : s;
    int p[W];
    for (int l = 0; l < W; ++l) {
      const int v = ipiv[k * ps + l];
      p[l] = v >= 1 && v <= m ? v - 1 : k;
    }
    const auto pk = Pack<T, W>::load_index(p);
    for (int j = 0; j < n; ++j) swap_in_column<Pack<T, W>>(b + j * bcs, brs, k, 0, m, pk);
  }
}

/// op(A) X = B from getrf's factors (ipiv == nullptr: factored without pivoting).
///   N:   B = P B;  L Y = B;  U X = Y
///   T/C: U^T Y = B;  L^T Z = Y;  X = P^T Z     (conjugated for C)
template <class T, int W>
void getrs_lanes(Op trans, int n, int nrhs, const T *a, idx ars, idx acs, const int *ipiv, idx ps,
                 T *b, idx brs, idx bcs) noexcept {
  if (trans == Op::n) {
    if (ipiv) laswp_lanes<T, W>(n, nrhs, b, brs, bcs, ipiv, ps, n, false);
    trsm_lanes<T, W>(Side::left, Uplo::lower, Op::n, Diag::unit, n, nrhs, T(1), a, ars, acs, b, brs,
                     bcs);
    trsm_lanes<T, W>(Side::left, Uplo::upper, Op::n, Diag::non_unit, n, nrhs, T(1), a, ars, acs, b,
                     brs, bcs);
  } else {
    trsm_lanes<T, W>(Side::left, Uplo::upper, trans, Diag::non_unit, n, nrhs, T(1), a, ars, acs, b,
                     brs, bcs);
    trsm_lanes<T, W>(Side::left, Uplo::lower, trans, Diag::unit, n, nrhs, T(1), a, ars, acs, b, brs,
                     bcs);
    if (ipiv) laswp_lanes<T, W>(n, nrhs, b, brs, bcs, ipiv, ps, n, true);
  }
}

/// inv(A) in place from getrf's factors in a (LAPACK getri, unblocked). work holds n*W values.
/// info[l] = first k+1 with U(k,k) == 0 (that lane's result is then not meaningful).
///   a := inv(U)                                   (trti2: column j = -inv(U)(0:j,0:j) u(0:j,j) /
///   u(j,j)) for j = n-1 .. 0:  w = l(j+1:n-1, j);  a(:,j) -= a(:,j+1:n-1) w      (solve inv(A) L =
///   inv(U)) for j = n-2 .. 0:  swap columns j and ipiv(j)
template <class T, int W>
void getri_lanes(int n, T *a, idx rs, idx cs, const int *ipiv, idx ps, T *work,
                 int *info) noexcept {
  int first_zero[W];
  for (int l = 0; l < W; ++l) first_zero[l] = 0;
  for (int k = n - 1; k >= 0; --k) {
#pragma omp simd
    for (int l = 0; l < W; ++l)
      first_zero[l] = a[k * rs + k * cs + l] == T(0) ? k + 1 : first_zero[l];
  }
  // inv(U), column by column
  for (int j = 0; j < n; ++j) {
    T *ajj = a + j * rs + j * cs, *colj = a + j * cs;
    T neg[W];
#pragma omp simd
    for (int l = 0; l < W; ++l) {
      ajj[l] = recip(ajj[l]);
      neg[l] = -ajj[l];
    }
    for (int k = 0; k < j; ++k) {  // colj(0:j-1) := inv(U)(0:j-1,0:j-1) * colj(0:j-1)
      T *akj = colj + k * rs;
      for (int i = 0; i < k; ++i) {
#pragma omp simd
        for (int l = 0; l < W; ++l)
          colj[i * rs + l] = fma_(colj[i * rs + l], akj[l], a[i * rs + k * cs + l]);
      }
#pragma omp simd
      for (int l = 0; l < W; ++l) akj[l] = mul(akj[l], a[k * rs + k * cs + l]);
    }
    for (int i = 0; i < j; ++i) {
#pragma omp simd
      for (int l = 0; l < W; ++l) colj[i * rs + l] = mul(colj[i * rs + l], neg[l]);
    }
  }
  // inv(A) L = inv(U)
  for (int j = n - 1; j >= 0; --j) {
    T *colj = a + j * cs;
    for (int i = j + 1; i < n; ++i) {
#pragma omp simd
      for (int l = 0; l < W; ++l) {
        work[i * W + l] = colj[i * rs + l];
        colj[i * rs + l] = T(0);
      }
    }
    for (int k = j + 1; k < n; ++k) {
      const T *colk = a + k * cs;
      for (int i = 0; i < n; ++i) {
#pragma omp simd
        for (int l = 0; l < W; ++l)
          colj[i * rs + l] = fms(colj[i * rs + l], colk[i * rs + l], work[k * W + l]);
      }
    }
  }
  // column interchanges, last to first: the column view swaps rows of the transposed storage
  if (ipiv && n > 1) laswp_lanes<T, W>(n, n, a, cs, rs, ipiv, ps, n - 1, true);
  for (int l = 0; l < W; ++l) info[l] = first_zero[l];
}

/// Cholesky A = L L^H of the lower triangle, right-looking; the upper case A = U^H U is this on
/// the transposed storage (strides swapped). A lane whose leading minor k is not positive
/// definite stops there (info = k, nothing more written in that lane), as LAPACK's potf2.
///   for k:  a(k,k) = sqrt(a(k,k));  a(k+1:,k) /= a(k,k);  a(k+1:,k+1:) -= a(k+1:,k) a(k+1:,k)^H
template <class T, int W>
void potrf_lanes(int n, T *a, idx rs, idx cs, int *info) noexcept {
  using R = real_t<T>;
  int stop[W];
  for (int l = 0; l < W; ++l) stop[l] = 0;
  for (int k = 0; k < n; ++k) {
    T *akk = a + k * rs + k * cs;
    R r[W];
#pragma omp simd
    for (int l = 0; l < W; ++l) {
      const R d = real_(akk[l]);
      const bool fail = stop[l] == 0 && !(d > R(0));  // NaN fails too
      stop[l] = fail ? k + 1 : stop[l];
      const R s = stop[l] ? R(1) : std::sqrt(d);
      akk[l] = stop[l] ? akk[l] : T(s);
      r[l] = R(1) / s;
    }
    for (int i = k + 1; i < n; ++i) {
      T *aik = akk + (i - k) * rs;
#pragma omp simd
      for (int l = 0; l < W; ++l) aik[l] = stop[l] ? aik[l] : mul(aik[l], T(r[l]));
    }
    for (int j = k + 1; j < n; ++j) {
      const T *ajk = akk + (j - k) * rs;
      for (int i = j; i < n; ++i) {
        const T *aik = akk + (i - k) * rs;
        T *aij = a + i * rs + j * cs;
#pragma omp simd
        for (int l = 0; l < W; ++l) aij[l] = stop[l] ? aij[l] : fms(aij[l], aik[l], conj_(ajk[l]));
      }
    }
  }
  for (int l = 0; l < W; ++l) info[l] = stop[l];
}

/// Cholesky of the uplo triangle (only that triangle is read or written).
template <class T, int W>
void potrf_lanes(Uplo uplo, int n, T *a, idx rs, idx cs, int *info) noexcept {
  if (uplo == Uplo::lower)
    potrf_lanes<T, W>(n, a, rs, cs, info);
  else
    potrf_lanes<T, W>(n, a, cs, rs, info);
}

/// A X = B from potrf's factor: L L^H X = B (lower) or U^H U X = B (upper).
template <class T, int W>
void potrs_lanes(Uplo uplo, int n, int nrhs, const T *a, idx ars, idx acs, T *b, idx brs,
                 idx bcs) noexcept {
  const Op first = uplo == Uplo::lower ? Op::n : Op::c,
           second = uplo == Uplo::lower ? Op::c : Op::n;
  trsm_lanes<T, W>(Side::left, uplo, first, Diag::non_unit, n, nrhs, T(1), a, ars, acs, b, brs,
                   bcs);
  trsm_lanes<T, W>(Side::left, uplo, second, Diag::non_unit, n, nrhs, T(1), a, ars, acs, b, brs,
                   bcs);
}

#pragma omp end declare target

}  // namespace ompbatch::detail
