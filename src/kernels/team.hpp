// SPDX-License-Identifier: BSD-3-Clause
// Factorizations of one matrix by a team of threads (the offload backend's team-per-matrix
// shape), the rows of each column spread over the team's threads with a barrier between the
// steps: getrf (the pivot search a reduction over the threads) and potrf, small matrices in a
// copy local to the team (TeamStage). Each applies the same operations in the same order to
// every element as the one-lane kernels (getrf_lanes and potrf_lanes with W = 1): the results
// are bitwise equal.
#pragma once

#include <omp.h>

#include <limits>

#include "kernels/getrf_lanes.hpp"
#include "kernels/pack.hpp"
#include "kernels/scalar.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Threads of a team per matrix at most (the team's thread_limit).
inline constexpr int kTeamThreads = 128;

/// Threads for a team's parallel region over `rows` rows.
inline int team_threads(int rows) noexcept {
  return rows < kTeamThreads ? (rows > 0 ? rows : 1) : kTeamThreads;
}

/// A matrix of at most kTeamStageBytes is factored in a copy local to the team (on a GPU, Clang
/// places the team's local array in the block's shared memory), column-major with ld = rows:
/// copied in and out once by the whole team, coalesced where the matrix is contiguous, and every
/// step of the factorization reads and writes the copy instead of global memory. 32 KiB: a
/// double 64 x 64, under the 48 KiB of static shared memory a CUDA block may have.
template <class T>
struct TeamStage {  // enumerators, not static members: no device globals
  enum : int { bytes = 32768, elements = bytes / int(sizeof(T)) };
};

/// Copies the elements (i, j) of the m x n matrix at a (strides rs, cs) with i >= j (lower) or
/// all of them into the column-major copy s (ld = m), or back (ToStage false); the calling
/// thread t of nt takes every nt-th element.
template <bool ToStage, class T>
inline void team_stage(int m, int n, bool lower, T *a, idx rs, idx cs, T *s, int t,
                       int nt) noexcept {
  const idx count = idx(m) * n;
  for (idx e = t; e < count; e += nt) {
    const int i = int(e % m), j = int(e / m);
    if (lower && i < j) continue;
    T &x = a[i * rs + j * cs];
    if constexpr (ToStage)
      s[e] = x;
    else
      x = s[e];
  }
}

/// getrf of the m x n matrix at user (row stride urs, column stride ucs) by the calling team;
/// ipiv == nullptr: no interchanges. Returns the first k+1 with U(k,k) == 0, else 0. Called by
/// one thread of the team (the team's initial thread), outside any parallel region.
template <class T>
int getrf_team(int m, int n, T *user, idx urs, idx ucs, int *ipiv, idx ps) noexcept {
  using R = real_t<T>;
  const int K = m < n ? m : n;
  // the team's shared state: the staged copy, each thread's best candidate row, the chosen one,
  // the info
  alignas(16) unsigned char raw[TeamStage<T>::bytes];  // no constructor runs (complex)
  T *const stage = reinterpret_cast<T *>(raw);
  R best[kTeamThreads];
  int where[kTeamThreads];
  int pivot_row = 0, info = 0;
  const bool staged = idx(m) * n <= TeamStage<T>::elements;
  T *const a = staged ? stage : user;
  const idx rs = staged ? 1 : urs, cs = staged ? m : ucs;
#pragma omp parallel num_threads(team_threads(m))
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    if (staged) {
      team_stage<true>(m, n, false, user, urs, ucs, stage, t, nt);
#pragma omp barrier
    }
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
        for (int j = t; j < n; j += nt) swap_in_column<Pack<T, 1>>(a + j * cs, rs, k, k + 1, m, p);
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
    if (staged) team_stage<false>(m, n, false, user, urs, ucs, stage, t, nt);
  }
  return info;
}

/// Cholesky of the uplo triangle of the n x n matrix at user by the calling team (potrf_lanes'
/// result: upper is the lower algorithm on the transposed storage). Left-looking, as
/// potrf_tiles: for each column j, its diagonal by one thread, then its rows below spread over
/// the threads, each element's updates in increasing k and then the scaling by the reciprocal of
/// the new diagonal. A diagonal not positive (or NaN) at column j stops: returns j+1, and the
/// columns from j on are as they came; else 0. Called as getrf_team.
template <class T>
int potrf_team(Uplo uplo, int n, T *user, idx urs, idx ucs) noexcept {
  using P = Pack<T, 1>;
  using R = real_t<T>;
  if (uplo == Uplo::upper) {
    const idx s = urs;
    urs = ucs, ucs = s;
  }
  // the team's shared state: the staged copy (the lower triangle), the info, 1 / L(j,j)
  alignas(16) unsigned char raw[TeamStage<T>::bytes];  // no constructor runs (complex)
  T *const stage = reinterpret_cast<T *>(raw);
  int info = 0;
  R rd = R(0);
  const bool staged = idx(n) * n <= TeamStage<T>::elements;
  T *const a = staged ? stage : user;
  const idx rs = staged ? 1 : urs, cs = staged ? n : ucs;
#pragma omp parallel num_threads(team_threads(n))
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    if (staged) {
      team_stage<true>(n, n, true, user, urs, ucs, stage, t, nt);
#pragma omp barrier
    }
    for (int j = 0; j < n; ++j) {
      const T *lj = a + j * rs;  // row j of L: L(j, k) at lj + k*cs
      if (t == 0) {
        T *e = a + j * (rs + cs);
        T x = *e;
        for (int k = 0; k < j; ++k) x = P::fms(x, lj[k * cs], P::conj(lj[k * cs]));
        const R d = P::real(x);
        if (P::gt(d, R(0))) {  // false for NaN
          const T s = P::from_real(P::sqrt(d));
          *e = s;
          rd = P::real(P::recip(s));
        } else {
          info = j + 1;
        }
      }
#pragma omp barrier
      if (info) break;
      for (int i = j + 1 + t; i < n; i += nt) {
        T *e = a + i * rs + j * cs;
        T x = *e;
        for (int k = 0; k < j; ++k) x = P::fms(x, a[i * rs + k * cs], P::conj(lj[k * cs]));
        *e = P::scale(x, rd);
      }
#pragma omp barrier
    }
    // columns from a stopping one on are copied back as they came
    if (staged) team_stage<false>(n, n, true, user, urs, ucs, stage, t, nt);
  }
  return info;
}

#pragma omp end declare target

}  // namespace ompbatch::detail
