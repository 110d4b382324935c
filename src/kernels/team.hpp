// SPDX-License-Identifier: BSD-3-Clause
// Factorizations of one matrix by a team of threads (the offload backend's team-per-matrix
// shape), the rows of each column spread over the team's threads, every thread finding the
// pivot (getrf) or the diagonal (potrf) itself: getrf and potrf, small matrices in a copy local
// to the team (TeamMatrix). Each applies the same operations in the same order to
// every element as the one-lane kernels (getrf_lanes and potrf_lanes with W = 1): the results
// are bitwise equal.
#pragma once

#include <omp.h>

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

/// Bytes of the largest copy of a matrix local to a team (TeamMatrix).
enum : int { kTeamCopyMax = 32768 };

/// The matrix a team factors. One of at most kBytes (Bytes) goes into a copy local to the team
/// (on a GPU, Clang places the team's local object in the block's shared memory), column-major
/// with ld = m: copied in and out once by the whole team, coalesced where the matrix is
/// contiguous, and every step of the factorization reads and writes the copy instead of global
/// memory; a larger one is used in place. lower: only the elements (i, j) with i >= j are copied.
/// 32 KiB at most: a double 64 x 64, under the 48 KiB of static shared memory a CUDA block may
/// have. The launches (offload/team_offload.cpp) take the smallest of 8, 16 and 32 KiB that
/// holds the matrix: the copy takes the block's shared memory whatever the matrix, and that
/// bounds the teams an SM holds at once.
/// A local of the team's initial thread, shared by its parallel region.
template <class T, int Bytes = kTeamCopyMax>
class TeamMatrix {
 public:
  enum : int { kBytes = Bytes, kElements = kBytes / int(sizeof(T)) };  // no device globals

  /// Whether an m x n matrix goes into the copy.
  static bool staged(int m, int n) noexcept { return idx(m) * n <= kElements; }

  TeamMatrix(int m, int n, bool lower, T *user, idx rs, idx cs) noexcept
      : m_(m), n_(n), lower_(lower), staged_(staged(m, n)), user_(user), urs_(rs), ucs_(cs) {}

  T *a() noexcept { return staged_ ? copy() : user_; }
  idx rs() const noexcept { return staged_ ? 1 : urs_; }
  idx cs() const noexcept { return staged_ ? m_ : ucs_; }

  /// Thread t of nt's share of the copy in, then the team's barrier (inside the parallel region;
  /// nothing in place).
  void in(int t, int nt) noexcept {
    if (!staged_) return;
    move<true>(t, nt);
#pragma omp barrier
  }
  /// Thread t of nt's share of the copy out, after the factorization's last barrier.
  void out(int t, int nt) noexcept {
    if (staged_) move<false>(t, nt);
  }

 private:
  T *copy() noexcept {
    return reinterpret_cast<T *>(raw_);
  }  // no constructor runs (complex)

  template <bool In>
  void move(int t, int nt) noexcept {
    const idx count = idx(m_) * n_;
    for (idx e = t; e < count; e += nt) {
      const int i = int(e % m_), j = int(e / m_);
      if (lower_ && i < j) continue;
      T &x = user_[i * urs_ + j * ucs_];
      if constexpr (In)
        copy()[e] = x;
      else
        x = copy()[e];
    }
  }

  alignas(16) unsigned char raw_[kBytes];
  int m_, n_;
  bool lower_, staged_;
  T *user_;
  idx urs_, ucs_;
};

/// The pivot row of column ck's rows k..m-1 as pivot_search finds it, searched by the team's
/// threads together (thread t of nt, inside their parallel region): each thread's first row of
/// the largest |re|+|im| among its rows (k+1+t, k+1+t+nt, ...) into the team's candidates
/// best[t], row[t] (team-shared, kTeamThreads each), a barrier, then every thread picks among
/// them: row k unless a candidate is strictly larger, the first row among equal ones. A NaN is
/// never a candidate, and row k's NaN keeps row k, as in pivot_search. The candidates are read
/// until the caller's next barrier.
template <class T>
int team_pivot_search(const T *ck, idx rs, int k, int m, int t, int nt, real_t<T> *best,
                      int *row) noexcept {
  using P = Pack<T, 1>;
  using R = real_t<T>;
  R v = R(-1);
  int r = -1;
  for (int i = k + 1 + t; i < m; i += nt) {
    const R x = P::abs1(ck[i * rs]);
    if (x > v) v = x, r = i;
  }
  best[t] = v;
  row[t] = r;
#pragma omp barrier
  R top = P::abs1(ck[k * rs]);
  int p = k;
  for (int u = 0; u < nt; ++u)
    if (row[u] >= 0 && (best[u] > top || (best[u] == top && row[u] < p))) top = best[u], p = row[u];
  return p;
}

/// Steps k0..k1-1 of getrf of the matrix at a (rows 0..m-1, absolute indices) on its columns
/// j0..j1-1 only (interchanges and updates; the other columns are the caller's), by thread t of
/// nt of the team inside their parallel region; ipiv == nullptr: no interchanges.
/// At step k every thread finds the pivot row (each itself by pivot_search's scan of column k,
/// or, best and row given, together: team_pivot_search), the threads interchange rows k and p in
/// the other columns, and then update the rows below k spread over them, the multipliers from
/// column k as the scan read it (row p's is row k's); a barrier after the interchange and after
/// the update. first_zero: the first k+1 with U(k,k) == 0 (the same in every thread: each
/// divides by the same pivots).
template <class T>
void getrf_team_steps(int m, int k0, int k1, int j0, int j1, T *a, idx rs, idx cs, int *ipiv,
                      idx ps, int t, int nt, int &first_zero, real_t<T> *best = nullptr,
                      int *row = nullptr) noexcept {
  for (int k = k0; k < k1; ++k) {
    T *ck = a + k * cs;  // column k
    const int p = !ipiv  ? k
                  : best ? team_pivot_search(ck, rs, k, m, t, nt, best, row)
                         : pivot_search<Pack<T, 1>>(ck, rs, k, m);
    const T akk = ck[k * rs];
    if (ipiv && t == 0) ipiv[k * ps] = p + 1;
    const T piv = ck[p * rs];
    for (int j = j0 + t; j < j1; j += nt)  // column k: below, when every thread has read it
      if (j != k) swap_in_column<Pack<T, 1>>(a + j * cs, rs, k, k + 1, m, p);
#pragma omp barrier
    if (p != k && t == 0) ck[k * rs] = piv;
    // l21 = a21 / a11 as getf2 (a zero pivot records info and scales nothing)
    const PivotDivision<Pack<T, 1>, T> divide(piv, k, first_zero);
    for (int i = k + 1 + t; i < m; i += nt) {
      T *e = ck + i * rs;
      const T l = divide(i == p ? akk : *e);
      *e = l;
      for (int j = k + 1; j < j1; ++j) {
        T *x = a + i * rs + j * cs;
        *x = fms(*x, l, a[k * rs + j * cs]);
      }
    }
#pragma omp barrier
  }
}

/// getrf of the m x n matrix at user (row stride urs, column stride ucs) by the calling team;
/// ipiv == nullptr: no interchanges. Returns the first k+1 with U(k,k) == 0, else 0. Called by
/// one thread of the team (the team's initial thread), outside any parallel region: every step
/// of getrf_team_steps on every column, each thread finding the pivot itself.
template <class T, int Bytes = kTeamCopyMax>
int getrf_team(int m, int n, T *user, idx urs, idx ucs, int *ipiv, idx ps) noexcept {
  const int K = m < n ? m : n;
  // the team's shared state: the matrix, the info
  TeamMatrix<T, Bytes> w(m, n, false, user, urs, ucs);
  int info = 0;
  T *const a = w.a();
  const idx rs = w.rs(), cs = w.cs();
#pragma omp parallel num_threads(team_threads(m))
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    w.in(t, nt);
    int first_zero = 0;
    getrf_team_steps(m, 0, K, 0, n, a, rs, cs, ipiv, ps, t, nt, first_zero);
    if (t == 0) info = first_zero;
    w.out(t, nt);
  }
  return info;
}

/// Columns c0..c1-1 of the Cholesky factor (lower algorithm) of the matrix at a by thread t of
/// nt of the team inside their parallel region, their rows j..rows-1 only, from the updates of
/// columns c0 on (those of the columns left of c0 already subtracted, or c0 = 0): for each
/// column j its diagonal (every thread computes it, the same operations in the same order), then
/// its rows below spread over the threads, each element's updates in increasing k and then the
/// scaling by the reciprocal of the new diagonal (stored at the next column, when no thread reads
/// it, and after the last one); one barrier a column. scale: if given, scale[j] = that
/// reciprocal, for the rows below `rows`. A diagonal not positive (or NaN) at column j stops:
/// info = j+1 (team-shared, written by thread 0), the columns from j on as they came.
template <class T>
void potrf_team_columns(int c0, int c1, int rows, T *a, idx rs, idx cs, int t, int nt, int &info,
                        real_t<T> *scale = nullptr) noexcept {
  using P = Pack<T, 1>;
  using R = real_t<T>;
  R diag = R(0);  // L(j-1, j-1), stored at step j, when no thread reads A(j-1, j-1)
  bool stopped = false;
  for (int j = c0; j < c1; ++j) {
    if (t == 0 && j > c0) a[(j - 1) * (rs + cs)] = P::from_real(diag);
    const T *lj = a + j * rs;  // row j of L: L(j, k) at lj + k*cs
    T x = a[j * (rs + cs)];
    for (int k = c0; k < j; ++k) x = P::fms(x, lj[k * cs], P::conj(lj[k * cs]));
    const R dj = P::real(x);
    if (!P::gt(dj, R(0))) {  // true for NaN; every thread stops here
      if (t == 0) info = j + 1;
      stopped = true;
      break;
    }
    diag = P::sqrt(dj);
    const R rd = recip_sqrt<P, T>(diag, dj);
    if (scale && t == 0) scale[j] = rd;
    for (int i = j + 1 + t; i < rows; i += nt) {
      T *f = a + i * rs + j * cs;
      T y = *f;
      for (int k = c0; k < j; ++k) y = P::fms(y, a[i * rs + k * cs], P::conj(lj[k * cs]));
      *f = P::scale(y, rd);
    }
#pragma omp barrier
  }
  if (t == 0 && !stopped && c1 > c0) a[(c1 - 1) * (rs + cs)] = P::from_real(diag);
#pragma omp barrier
}

/// Cholesky of the uplo triangle of the n x n matrix at user by the calling team (potrf_lanes'
/// result: upper is the lower algorithm on the transposed storage). Left-looking, as
/// potrf_tiles: potrf_team_columns over every column. A diagonal not positive (or NaN) at column
/// j stops: returns j+1, and the columns from j on are as they came; else 0. Called as
/// getrf_team.
template <class T, int Bytes = kTeamCopyMax>
int potrf_team(Uplo uplo, int n, T *user, idx urs, idx ucs) noexcept {
  if (uplo == Uplo::upper) {
    const idx s = urs;
    urs = ucs, ucs = s;
  }
  // the team's shared state: the matrix (its lower triangle), the info
  TeamMatrix<T, Bytes> w(n, n, true, user, urs, ucs);
  int info = 0;
  T *const a = w.a();
  const idx rs = w.rs(), cs = w.cs();
#pragma omp parallel num_threads(team_threads(n))
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    w.in(t, nt);
    potrf_team_columns(0, n, n, a, rs, cs, t, nt, info);
    w.out(t, nt);  // columns from a stopping one on go back as they came
  }
  return info;
}

#pragma omp end declare target

}  // namespace ompbatch::detail
