// SPDX-License-Identifier: BSD-3-Clause
// LU with partial pivoting of one matrix by a team of threads (the offload backend's team-per-
// matrix shape): the rows of each column are spread over the team's threads, the pivot search is
// a reduction over them, and the interchange, the scaling and the rank-1 update run in parallel
// with a barrier between the steps. The same operations in the same order on every element as
// getrf_lanes with W = 1 (kernels/getrf_lanes.hpp): the results are bitwise equal.
#pragma once

#include <omp.h>

#include <limits>

#include "kernels/scalar.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Threads of a team per matrix at most (the team's thread_limit).
inline constexpr int kTeamThreads = 128;

/// getrf of the m x n matrix at a (row stride rs, column stride cs) by the calling team;
/// ipiv == nullptr: no interchanges. Returns the first k+1 with U(k,k) == 0, else 0. Called by
/// one thread of the team (the team's initial thread), outside any parallel region.
template <class T>
int getrf_team(int m, int n, T *a, idx rs, idx cs, int *ipiv, idx ps) noexcept {
  using R = real_t<T>;
  const int K = m < n ? m : n;
  // the team's shared state: each thread's best candidate row, the chosen one, the info
  R best[kTeamThreads];
  int where[kTeamThreads];
  int pivot_row = 0, info = 0;
  const int threads = m < kTeamThreads ? (m > 0 ? m : 1) : kTeamThreads;
#pragma omp parallel num_threads(threads)
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int k = 0; k < K; ++k) {
      T *ck = a + k * cs;  // column k
      if (ipiv) {
        // p = k + iamax(a(k:m-1, k)): the first row of the largest |re|+|im|, a NaN never
        // chosen after row k (as getrf_lanes' scan, which only moves on a strictly greater value)
        R bv = R(-1);
        int bi = -1;
        for (int i = k + 1 + t; i < m; i += nt) {
          const R v = abs1(ck[i * rs]);
          if (v > bv) bv = v, bi = i;
        }
        best[t] = bv, where[t] = bi;
#pragma omp barrier
        if (t == 0) {
          const R vk = abs1(ck[k * rs]);
          int p = k;
          if (vk == vk) {  // row k's NaN keeps row k
            R bb = R(-1);
            int pi = -1;
            for (int s = 0; s < nt; ++s)
              if (where[s] >= 0 && (best[s] > bb || (best[s] == bb && where[s] < pi)))
                bb = best[s], pi = where[s];
            if (pi >= 0 && bb > vk) p = pi;
          }
          pivot_row = p;
          ipiv[k * ps] = p + 1;
        }
#pragma omp barrier
        const int p = pivot_row;
        if (p != k)
          for (int j = t; j < n; j += nt) {
            T *x = a + k * rs + j * cs, *y = a + p * rs + j * cs;
            const T s = *x;
            *x = *y;
            *y = s;
          }
#pragma omp barrier
      }
      // zero pivots record info, their columns are not scaled; l21 = a21 / a11 by the
      // reciprocal, or by division where it would overflow (LAPACK)
      const T piv = ck[k * rs];
      const bool zero = piv == T(0);
      if (zero && t == 0 && info == 0) info = k + 1;
      const T r = recip(zero ? T(1) : piv);
      const R apiv = abs1(piv);
      const bool tiny = apiv > R(0) && apiv < std::numeric_limits<R>::min();
      for (int i = k + 1 + t; i < m; i += nt) {
        T *e = ck + i * rs;
        const T l = tiny ? div(*e, piv) : mul(*e, r);
        *e = l;
        for (int j = k + 1; j < n; ++j) {
          T *x = a + i * rs + j * cs;
          *x = fms(*x, l, a[k * rs + j * cs]);
        }
      }
#pragma omp barrier
    }
  }
  return info;
}

#pragma omp end declare target

}  // namespace ompbatch::detail
