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

/// Swaps row k with row p[l] in every lane l whose pivot row is not k. Rows are visited once
/// per distinct pivot row; lanes that chose another row keep their values (masked select).
template <class T, int W>
inline void swap_rows_lanes(int n, T *a, idx rs, idx cs, int k, const int *p) noexcept {
  for (int l0 = 0; l0 < W; ++l0) {
    const int r = p[l0];
    bool seen = r == k;
    for (int l1 = 0; l1 < l0; ++l1) seen = seen || p[l1] == r;
    if (seen) continue;
    T *ak = a + k * rs;
    T *ar = a + r * rs;
    for (int j = 0; j < n; ++j) {
#pragma omp simd
      for (int l = 0; l < W; ++l) {
        const T x = ak[j * cs + l], y = ar[j * cs + l];
        const bool s = p[l] == r;
        ak[j * cs + l] = s ? y : x;
        ar[j * cs + l] = s ? x : y;
      }
    }
  }
}

/// LU of W interleaved m x n matrices. ipiv == nullptr: no pivoting. info[l] receives the
/// first k+1 with U(k,k) == 0, else 0 (the factorization always completes).
template <class T, int W>
void getrf_lanes(int m, int n, T *a, idx rs, idx cs, int *ipiv, idx ps, int *info) noexcept {
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
      swap_rows_lanes<T, W>(n, a, rs, cs, k, p);
    }
    // r = 1 / a(k,k); lanes with a zero pivot record info and are not scaled
    T r[W];
    int tiny = 0;
#pragma omp simd reduction(| : tiny)
    for (int l = 0; l < W; ++l) {
      const T piv = akk[l];
      const bool zero = piv == T(0);
      first_zero[l] = (zero && first_zero[l] == 0) ? k + 1 : first_zero[l];
      r[l] = zero ? T(1) : recip(piv);
      tiny |= (!zero && abs1(piv) < sfmin) ? 1 : 0;
    }
    // l21 = a21 / a11: by the reciprocal, or by division where it would overflow (LAPACK)
    for (int i = k + 1; i < m; ++i) {
      T *aik = akk + (i - k) * rs;
      if (tiny) {
#pragma omp simd
        for (int l = 0; l < W; ++l) {
          const T piv = akk[l];
          const bool small = piv != T(0) && abs1(piv) < sfmin;
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
