// SPDX-License-Identifier: BSD-3-Clause
// Unblocked LU with partial pivoting (LAPACK getf2), written once for W matrices in lock-step.
// Lane l of element (i,j) is a[i*rs + j*cs + l]; pivot k of lane l is ipiv[k*ps + l].
// W = 1 is the plain per-matrix kernel (one device thread per matrix); W > 1 runs W
// interleaved matrices as SIMD lanes, each with its own pivot rows (masked selects).
//
//   for k = 0 .. min(m,n)-1:
//     p = k + iamax(a(k:m-1, k))          per lane (first maximum of |re|+|im|)
//     swap rows k and p                   whole rows, as LAPACK's laswp
//     a(k+1:m-1, k) /= a(k,k)             l21 = a21 / a11 (skipped when a11 == 0: info)
//     a(k+1:m-1, k+1:n-1) -= l21 * u12    rank-1 Schur update
#pragma once

#include "kernels/scalar.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Swaps row k with rows[0..nrows-1] in the lanes whose pivot p[l] is that row, column by
/// column (no temporaries: every value stays in a register between its load and its store).
template <class T, int W, class N, class RS, class CS>
inline void swap_listed_rows(N n, T *a, RS rs, CS cs, int k, const int *p, const int *rows,
                             int nrows) noexcept {
  for (int j = 0; j < n; ++j) {
    T *ak = a + k * rs + j * cs;
    for (int q = 0; q < nrows; ++q) {
      T *ar = a + rows[q] * rs + j * cs;
      const int r = rows[q];
#pragma omp simd
      for (int l = 0; l < W; ++l) {
        const T x = ak[l], y = ar[l];
        const bool s = p[l] == r;
        ak[l] = s ? y : x;
        ar[l] = s ? x : y;
      }
    }
  }
}

/// Swaps row k with row p[l] in every lane l whose pivot row is not k (rows k+1..m-1 are
/// scanned; a row some lane chose is swapped by masked selects, the other lanes keep theirs).
/// Sizes and strides are int/idx, or std::integral_constant where they are known at compile
/// time (the host's small-n kernels), which lets the compiler unroll every loop.
template <class T, int W, class M = int, class N = int, class RS = idx, class CS = idx>
inline void swap_rows_lanes(M m, N n, T *a, RS rs, CS cs, int k, const int *p) noexcept {
  T *ak = a + k * rs;
  if constexpr (W == 1) {  // one matrix: a plain swap
    if (p[0] == k) return;
    T *ar = a + p[0] * rs;
    for (int j = 0; j < n; ++j) {
      const T x = ak[j * cs];
      ak[j * cs] = ar[j * cs];
      ar[j * cs] = x;
    }
  } else {
    // the rows some lane chose, then one pass over the columns: row k gathers each lane's
    // pivot row by selects, and each chosen row takes row k's old value in its lanes
    int rows[64], nrows = 0;
    for (int r = k + 1; r < m; ++r) {
      int any = 0;
#pragma omp simd reduction(| : any)
      for (int l = 0; l < W; ++l) any |= p[l] == r ? 1 : 0;
      if (any) {
        if (nrows == 64) {  // more rows than the list holds: swap what is listed so far
          swap_listed_rows<T, W>(n, a, rs, cs, k, p, rows, nrows);
          nrows = 0;
        }
        rows[nrows++] = r;
      }
    }
    swap_listed_rows<T, W>(n, a, rs, cs, k, p, rows, nrows);
  }
}

/// LU of W interleaved m x n matrices. ipiv == nullptr: no pivoting. info[l] receives the
/// first k+1 with U(k,k) == 0, else 0 (the factorization always completes).
template <class T, int W, class M = int, class N = int, class RS = idx, class CS = idx>
void getrf_lanes(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps, int *info) noexcept {
  using R = real_t<T>;
  const R sfmin = std::numeric_limits<R>::min();
  int first_zero[W];
  for (int l = 0; l < W; ++l) first_zero[l] = 0;
  const int kmax = m < n ? m : n;
  for (int k = 0; k < kmax; ++k) {
    T *akk = a + k * rs + k * cs;
    if (ipiv) {
      // p = k + iamax(a(k:m-1, k))
      int p[W];
      R best[W];
#pragma omp simd
      for (int l = 0; l < W; ++l) {
        best[l] = abs1(akk[l]);
        p[l] = k;
      }
      for (int i = k + 1; i < m; ++i) {
        const T *aik = akk + (i - k) * rs;
#pragma omp simd
        for (int l = 0; l < W; ++l) {
          const R v = abs1(aik[l]);
          const bool up = v > best[l];
          best[l] = up ? v : best[l];
          p[l] = up ? i : p[l];
        }
      }
#pragma omp simd
      for (int l = 0; l < W; ++l) ipiv[k * ps + l] = p[l] + 1;
      swap_rows_lanes<T, W>(m, n, a, rs, cs, k, p);
    }
    // r = 1 / a(k,k); lanes with a zero pivot record info and are not scaled
    T r[W];
#pragma omp simd
    for (int l = 0; l < W; ++l) {
      const T piv = akk[l];
      const bool zero = piv == T(0);
      first_zero[l] = (zero && first_zero[l] == 0) ? k + 1 : first_zero[l];
      r[l] = recip(zero ? T(1) : piv);
    }
    int tiny = 0;
#pragma omp simd reduction(| : tiny)
    for (int l = 0; l < W; ++l) {  // 0 < |a(k,k)| < sfmin, branch-free so that it vectorizes
      const R v = abs1(akk[l]);
      tiny |= int(v > R(0)) & int(v < sfmin);
    }
    // l21 = a21 / a11: by the reciprocal, or by division where it would overflow (LAPACK)
    for (int i = k + 1; i < m; ++i) {
      T *aik = akk + (i - k) * rs;
      if (tiny) {
#pragma omp simd
        for (int l = 0; l < W; ++l) {
          const T piv = akk[l];
          const R v = abs1(piv);
          const bool small = (v > R(0)) & (v < sfmin);
          aik[l] = small ? div(aik[l], piv) : mul(aik[l], r[l]);
        }
      } else {
#pragma omp simd
        for (int l = 0; l < W; ++l) aik[l] = mul(aik[l], r[l]);
      }
    }
    // a22 -= l21 * u12
    for (int j = k + 1; j < n; ++j) {
      const T *ukj = a + k * rs + j * cs;
      const T *li = akk + rs;
      T *aij = a + (k + 1) * rs + j * cs;
      for (int i = k + 1; i < m; ++i, li += rs, aij += rs) {
#pragma omp simd
        for (int l = 0; l < W; ++l) aij[l] = fms(aij[l], li[l], ukj[l]);
      }
    }
  }
  if (info) {
    for (int l = 0; l < W; ++l) info[l] = first_zero[l];
  }
}

#pragma omp end declare target

}  // namespace ompbatch::detail
