// SPDX-License-Identifier: BSD-3-Clause
// LU with partial pivoting (LAPACK getrf), written once for W matrices in lock-step over
// Pack<T, W> (kernels/pack.hpp). Lane l of element (i,j) is a[i*rs + j*cs + l]; pivot k of
// lane l is ipiv[k*ps + l]. W = 1 is the plain per-matrix kernel (one device thread per
// matrix); W > 1 runs W interleaved matrices as SIMD lanes, each with its own pivot rows.
//
//   for k = 0 .. min(m,n)-1:
//     p = k + iamax(a(k:m-1, k))          per lane (first maximum of |re|+|im|)
//     swap rows k and p                   whole rows, as LAPACK's laswp
//     a(k+1:m-1, k) /= a(k,k)             l21 = a21 / a11 (skipped when a11 == 0: info)
//     a(k+1:m-1, k+1:n-1) -= l21 * u12    rank-1 Schur update
//
// Up to min(m,n) = kStepsMax (8; 16 for float, 12 for double lanes), step by step (getrf_step):
// the interchange is not a pass of its own; each column is read once per step, row k takes row p's
// value and row p row k's old value on their way through the update (with W lanes, by selects
// over the rows k+1..m-1, as every lane may pick another row). Larger matrices run in panels of
// kPanel columns (getrf_blocked): interchanges are element swaps per lane, and the columns right
// of a panel are swapped and updated once per panel with the panel's u12 values in registers;
// with W > 1 real lanes the columns left of a panel take all later interchanges at the end,
// composed per lane (interchange_l).
// The host's lanes, from lu_blocks_min, run by blocks of kLuBlock columns (getrf_by_blocks): each
// block by sub-blocks of kLuSubBlock columns in the same way, those by the panels, the columns
// right of a block updated once per block by gemm_update. Real lanes at square sizes known at
// compile time from kColumnsMin to kColumnsMax run left-looking instead
// (getrf_columns), one column at a time, its bottom 16 rows in registers, where the interchanges
// are selects between registers. All forms apply the same fused updates in the same order to every
// element: their results are bitwise equal.
#pragma once

#include <utility>

#include "kernels/prefetch.hpp"
#include "kernels/tile_lanes.hpp"
#include "kernels/trsm_lanes.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// A size known at compile time (std::integral_constant), else 0. A type, not a variable
/// template: every variable instantiated inside `declare target` becomes a device global that
/// the offload runtime looks up when it loads the image, with an error on stderr for each one
/// the device image lacks.
template <class X>
struct FixedSize : std::integral_constant<int, 0> {};
template <class X, X V>
struct FixedSize<std::integral_constant<X, V>> : std::integral_constant<int, int(V)> {};

/// Whether row interchanges read and write rows by index p (one lane at run-time sizes), not by
/// selects over the rows (several lanes, each with its own p; or one lane whose sizes are
/// compiled in, which then keeps every address a constant: a private copy stays in registers).
template <class P, class T, class M>
constexpr bool indexed_rows() {
  return std::is_same_v<typename P::V, T> && FixedSize<M>::value == 0;
}

/// Row p's value of the column c, p >= k (per lane).
template <class P, class T, class M, class RS>
inline typename P::V pick_row(const T *c, RS rs, int k, M m, typename P::I p) noexcept {
  if constexpr (indexed_rows<P, T, M>()) {  // read it
    return P::load(c + p * rs);
  } else {
    typename P::V u = P::load(c + k * rs);
    for (int i = k + 1; i < m; ++i) u = P::sel(P::eq(p, i), P::load(c + i * rs), u);
    return u;
  }
}

/// Swaps rows k and p of the column c (per lane), p in first..m-1.
template <class P, class T, class M, class RS>
inline void swap_in_column(T *c, RS rs, int k, int first, M m, typename P::I p) noexcept {
  if constexpr (indexed_rows<P, T, M>()) {
    if (p == k) return;
    const T x = c[k * rs];
    c[k * rs] = c[p * rs];
    c[p * rs] = x;
  } else {
    const typename P::V x = P::load(c + k * rs);
    typename P::V u = x;
    for (int i = first; i < m; ++i) {
      if (i == k) continue;
      const typename P::V y = P::load(c + i * rs);
      const typename P::B b = P::eq(p, i);
      u = P::sel(b, y, u);
      P::store(c + i * rs, P::sel(b, x, y));
    }
    P::store(c + k * rs, u);
  }
}

/// k + iamax(c(k:m-1)) per lane, rows at stride rs: the first row of the largest |re|+|im|.
/// Only a strictly greater value moves it, so a NaN is never chosen after row k and row k's NaN
/// keeps row k. getrf_step's search, and the team kernels' (kernels/team.hpp) over Pack<T, 1>.
template <class P, class K, class M, class T, class RS>
inline typename P::I pivot_search(const T *c, RS rs, K k, M m) noexcept {
  typename P::R best = P::abs1(P::load(c + k * rs));
  typename P::I p = P::index(k);
  for (int i = k + 1; i < m; ++i) {
    const typename P::R v = P::abs1(P::load(c + i * rs));
    const typename P::B up = P::gt(v, best);
    best = P::sel(up, v, best);
    p = P::sel(up, P::index(i), p);
  }
  return p;
}

/// Step k of the factorization (k: int, or std::integral_constant for the host's small fixed
/// sizes, whose loops then have constant trip counts and unroll); Pivot false: no
/// interchanges (ipiv unused). first_zero: per lane, the first k+1 with U(k,k) == 0, else 0.
/// prefetch: if given, advanced once per column visit right of k (see getrf_blocked).
template <class P, bool Pivot, class K, class T, class M, class N, class RS, class CS,
          class PF = std::nullptr_t>
inline void getrf_step(K k, M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps,
                       typename P::I &first_zero, PF prefetch = nullptr) noexcept {
  using V = typename P::V;
  using R = typename P::R;
  using I = typename P::I;
  using B = typename P::B;
  T *ck = a + k * cs;  // column k
  I p = P::index(k);
  if constexpr (Pivot) {
    p = pivot_search<P>(ck, rs, k, m);
    P::store_index(ipiv + k * ps, p, 1);
  }
  // a(k,k) := a(p,k); zero pivots record info, their columns are not scaled
  const V akk = P::load(ck + k * rs);
  const V piv = Pivot ? pick_row<P>(ck, rs, k, m, p) : akk;
  P::store(ck + k * rs, piv);
  const B zero = P::is_zero(piv);
  first_zero = P::sel(P::both(zero, P::eq(first_zero, 0)), P::index(k + 1), first_zero);
  const V r = P::recip(P::sel(zero, P::splat(T(1)), piv));
  // l21 = a21 / a11: by the reciprocal, or by division where it would overflow (LAPACK)
  const R apiv = P::abs1(piv);
  const B small = P::both(P::gt(apiv, P::abs1(P::splat(T(0)))),
                          P::lt(apiv, P::abs1(P::splat(T(std::numeric_limits<real_t<T>>::min())))));
  const bool tiny = P::any(small);
  for (int i = k + 1; i < m; ++i) {
    V y = P::load(ck + i * rs);
    if constexpr (Pivot) y = P::sel(P::eq(p, i), akk, y);
    const V l = P::mul(y, r);
    P::store(ck + i * rs, tiny ? P::sel(small, P::div(y, piv), l) : l);
  }
  if constexpr (Pivot)  // the columns left of k: only the interchange
    for (int j = 0; j < k; ++j) swap_in_column<P>(a + j * cs, rs, k, k + 1, m, p);
  // the columns right of k: interchange and a22 -= l21 * u12, one pass each
  for (int j = k + 1; j < n; ++j) {
    if constexpr (!std::is_null_pointer_v<PF>)
      if (prefetch) prefetch->next();
    T *c = a + j * cs;
    const V x = P::load(c + k * rs);
    const V u = Pivot ? pick_row<P>(c, rs, k, m, p) : x;
    P::store(c + k * rs, u);
    for (int i = k + 1; i < m; ++i) {
      V y = P::load(c + i * rs);
      if constexpr (Pivot) y = P::sel(P::eq(p, i), x, y);
      P::store(c + i * rs, P::fms(y, P::load(ck + i * rs), u));
    }
  }
}

/// Offsets of the interchange of step k in every lane l: lane l of row piv[l] - 1, from lane 0
/// of row k.
template <int W, class RS>
inline void swap_offsets(idx *off, RS rs, int k, const int *piv) noexcept {
  for (int l = 0; l < W; ++l) off[l] = idx(piv[l] - 1 - k) * rs + l;
}

/// Interchanges rows k0 + s and their pivot rows in one column c, for s = 0 .. S-1 in order,
/// lane by lane: LAPACK's laswp, W element swaps per step. (Selects over the rows cost more
/// from about 8 rows on; an AVX-512 gather for row k's new values measured no faster, and so
/// did one masked vector move per distinct pivot row and 8 lanes: random pivots leave about 6
/// distinct rows per 8 lanes, each a load, two blends and a store, which issued no faster than
/// the 8 element swaps; masked stores instead of blends stalled the loads that follow them.)
/// steps: how many of the S steps are taken, the first ones (all by default).
template <int W, int S, class T, class RS>
inline void swap_column(T *c, RS rs, int k0, const idx (&off)[S][W], int steps = S) noexcept {
  for (int s = 0; s < steps; ++s) {
    T *x = c + (k0 + s) * rs;
    for (int l = 0; l < W; ++l) {
      const T t = x[l];
      x[l] = x[off[s][l]];
      x[off[s][l]] = t;
    }
  }
}

/// Step k of the blocked factorization: pivot search, the interchange of rows k and p in
/// columns j0..j1-1, l21 = a21 / a11 and the rank-1 update of columns k+1..j1-1. The search
/// and the scaling are getrf_step's, written out again: as shared helpers they compiled the
/// fixed-size kernels differently, 15-25% slower at n = 4 (alternating runs, one thread).
/// Column k itself takes its interchange without element swaps: the search keeps the pivot's
/// value and the scaling puts row k's old value into row p by a select, so its vector loads do
/// not wait on W scalar stores, which cannot forward to them (interleaved dgetrf, one thread,
/// 16 MiB, best of 4 alternating runs: 1-2% at n = 24..48).
template <class P, int W, bool Pivot, class T, class M, class RS, class CS>
inline void panel_step(int k, M m, int j0, int j1, T *a, RS rs, CS cs, int *ipiv, idx ps,
                       typename P::I &first_zero) noexcept {
  using V = typename P::V;
  using R = typename P::R;
  using I = typename P::I;
  using B = typename P::B;
  T *ck = a + k * cs;
  const V akk = P::load(ck + k * rs);
  V piv = akk;
  I p = P::index(k);
  if constexpr (Pivot) {
    R best = P::abs1(akk);
    for (int i = k + 1; i < m; ++i) {
      const V y = P::load(ck + i * rs);
      const R v = P::abs1(y);
      const B up = P::gt(v, best);
      best = P::sel(up, v, best);
      piv = P::sel(up, y, piv);
      p = P::sel(up, P::index(i), p);
    }
    P::store_index(ipiv + k * ps, p, 1);
    idx off[1][W];
    swap_offsets<W>(off[0], rs, k, ipiv + k * ps);
    for (int j = j0; j < j1; ++j)
      if (j != k) swap_column<W>(a + j * cs, rs, k, off);
    P::store(ck + k * rs, piv);
  }
  const B zero = P::is_zero(piv);
  first_zero = P::sel(P::both(zero, P::eq(first_zero, 0)), P::index(k + 1), first_zero);
  const V r = P::recip(P::sel(zero, P::splat(T(1)), piv));
  const R apiv = P::abs1(piv);
  const B small = P::both(P::gt(apiv, P::abs1(P::splat(T(0)))),
                          P::lt(apiv, P::abs1(P::splat(T(std::numeric_limits<real_t<T>>::min())))));
  const bool tiny = P::any(small);
  for (int i = k + 1; i < m; ++i) {
    V y = P::load(ck + i * rs);
    if constexpr (Pivot) y = P::sel(P::eq(p, i), akk, y);
    const V l = P::mul(y, r);
    P::store(ck + i * rs, tiny ? P::sel(small, P::div(y, piv), l) : l);
  }
  for (int j = k + 1; j < j1; ++j) {
    T *c = a + j * cs;
    const V u = P::load(c + k * rs);
    for (int i = k + 1; i < m; ++i)
      P::store(c + i * rs, P::fms(P::load(c + i * rs), P::load(ck + i * rs), u));
  }
}

/// Column c right of the panel k0..k0+NB-1 (already interchanged): u12 = L11^-1 a12, then
/// a22 -= l21 * u12, the NB values of u12 held in registers. Every element sees the same
/// fused updates in the same order as in the unblocked kernel. The row loop kept rolled
/// (OMPB_ROLLED): Clang 19 unrolled it by 4 and reloaded 10 of the 20 addresses from the stack
/// every 4 rows; rolled, the clang build's getrf (getrf_blocked) runs as G++'s. Clang build,
/// same tester with the library before / after, 32 MiB, 2 threads, medians of 3 alternating runs,
/// interleaved / strided: sgetrf n = 128 1.24x / 1.19x, 64 1.11x / 1.08x, 32 1.06x / 1.10x;
/// dgetrf 64 1.17x / 1.08x, 24, 32 and 128 0.82-1.08x (the runs' spread).
template <class P, int NB, class T, class M, class RS, class CS>
inline void update_column(int k0, M m, const T *a, T *c, RS rs, CS cs) noexcept {
  using V = typename P::V;
  const T *l = a + k0 * cs;
  V u[NB];
  for (int s = 0; s < NB; ++s) u[s] = P::load(c + (k0 + s) * rs);
  for (int s = 0; s < NB; ++s)
    for (int t = s + 1; t < NB; ++t) u[t] = P::fms(u[t], P::load(l + (k0 + t) * rs + s * cs), u[s]);
  for (int s = 0; s < NB; ++s) P::store(c + (k0 + s) * rs, u[s]);
  OMPB_ROLLED
  for (int i = k0 + NB; i < m; ++i) {
    V x = P::load(c + i * rs);
    for (int s = 0; s < NB; ++s) x = P::fms(x, P::load(l + i * rs + s * cs), u[s]);
    P::store(c + i * rs, x);
  }
}

/// Rows up to which getrf_blocked defers the interchanges of the panels' columns (interchange_l's
/// copies of a column and its composed map, on the stack).
enum : int { kDeferRowsMax = 256 };

/// The interchanges of steps k1..kmax-1 in the columns k1-NB..k1-1 of every full panel (k1 <=
/// kfull), deferred by getrf_blocked to the end: a column's rows k1..m-1 take their final values
/// at once, lane by lane from a copy of the column, where the right-looking form swaps W
/// elements per step and column. h maps a row and lane to the offset in the copy of the value
/// it takes; the steps are composed into it from the last one back (at: h's inverse, per lane).
/// Against the swaps at every panel, with AVX-512 gathers (g++ build, Intel Xeon VM, kernel in
/// the library, interleaved, one thread, 2 MiB, best of 6 alternating runs): dgetrf 10.0 -> 10.8
/// GFLOP/s at n = 24, 11.4 -> 12.6 at 32, 13.3 -> 14.8 at 48, 19.6 -> 21.6 at 96; sgetrf 17.4 ->
/// 19.8 at 32, 29.4 -> 35.5 at 64. The values now move one by one, in every build: on the Zen 5
/// VM the gathers (8 double or 16 float lanes a gather) ran slower (the kernel alone, 16
/// interleaved lanes in L2, one thread, 20 alternating repetitions in one process, medians of the
/// ratios, gathers / element moves: dgetrf 0.89x / 0.88x / 0.90x / 0.91x at n = 24 / 32 / 48 /
/// 64, sgetrf 0.96x / 0.93x at 32 / 64), and against the swaps the clang build ran before:
/// dgetrf 1.00x / 1.01x / 1.03x / 1.04x / 1.05x at n = 24 / 32 / 48 / 64 / 96, sgetrf 0.98-1.02x
/// at 32, 1.05-1.12x at 64. Complex lanes keep the swaps: deferred, zgetrf ran 1.00x / 1.01x at
/// n = 32 / 64 (the kernel alone, g++), and the tester's cgetrf and zgetrf at n = 96
/// (getrf_by_blocks, whose sub-blocks of kLuSubBlock columns compose their interchanges over all
/// the rows below) 0.90-0.94x in both builds. Those sub-blocks take the swaps in every precision:
/// deferred there, dgetrf (16 lanes, the kernel alone as above) ran 0.93-0.97x at n = 160 / 192 /
/// 256 in both builds, sgetrf (clang) 0.90x / 0.93x at 192 / 256; where getrf_blocked runs the
/// whole matrix, deferred ran 1.05x / 1.06x (clang / g++) at n = 96, 1.00x / 1.04x at 128 in
/// double, 1.08x / 1.07x at 128 / 160 in single (clang).
template <int W, int NB, class T, class RS, class CS>
inline void interchange_l(int m, int kfull, int kmax, T *a, RS rs, CS cs, const int *ipiv,
                          idx ps) noexcept {
  int h[kDeferRowsMax * W], at[kDeferRowsMax * W];
  T t[kDeferRowsMax * W];
  for (int r = 0; r < m; ++r)
    for (int l = 0; l < W; ++l) {
      h[r * W + l] = r * W + l;
      at[r * W + l] = r;
    }
  for (int k = kmax - 1; k >= 0; --k) {
    if (k < kfull && k % NB == NB - 1)  // the panel left of step k + 1: steps k+1.. composed
      for (int j = k + 1 - NB; j <= k; ++j) {
        T *c = a + j * cs;
        for (int r = k + 1; r < m; ++r)
          for (int l = 0; l < W; ++l) t[r * W + l] = c[r * rs + l];
        for (int r = k + 1; r < m; ++r)
          for (int l = 0; l < W; ++l) c[r * rs + l] = t[h[r * W + l]];
      }
    for (int l = 0; l < W; ++l) {  // h := (rows k and ipiv[k] interchanged) o h
      const int q = ipiv[k * ps + l] - 1, rk = at[k * W + l], rq = at[q * W + l];
      h[rk * W + l] = q * W + l;
      h[rq * W + l] = k * W + l;
      at[k * W + l] = rq;
      at[q * W + l] = rk;
    }
  }
}

/// Bytes of a column (m * W elements) up to which getrf_blocked swaps the rows of the next
/// column before it updates one (see there).
enum : idx { kEarlySwapBytes = 8192 };

/// Right-looking LU in panels of NB columns. The steps of a panel interchange and update only
/// its own columns; every other column then takes the panel's NB interchanges and (right of
/// it) its update in one visit, while it is in L1. A last panel narrower than NB runs plain
/// steps over all columns. With W > 1, each visit right of a panel also prefetches its share
/// of `ahead` (the hardware prefetcher does not follow this column order across pages;
/// interleaved dgetrf, 2 threads, 256 MiB, best of 4 alternating runs: +31%, +37%, +13% at
/// n = 16, 32, 64). With W > 1 real lanes (and m <= kDeferRowsMax; Defer: not in
/// getrf_by_blocks' sub-blocks) the columns left of a panel do not take its interchanges:
/// interchange_l gives each panel's columns those of all later steps at the end (see there). The
/// columns right of a panel keep their element swaps: as gathers into the panel's rows and scatters
/// of the rows they displace, once per visit, dgetrf ran 0.89-0.95x at n = 24..64. With W > 1 and
/// columns of at most kEarlySwapBytes, the visit to column j swaps column j+1's elements before it
/// updates column j: the scalar stores of the swaps cannot forward to the update's vector loads,
/// which waited on them when they came right after (interleaved, one thread, 16 MiB, best of 4
/// alternating runs, ms: dgetrf 2.48 -> 2.26 at n = 20, 2.89 -> 2.74 at 32, 3.63 -> 3.32 at 48;
/// sgetrf 3.96 -> 3.63 at 32, 5.10 -> 4.50 at 64; complex tied at n = 24, 32; at 12 and 16 KiB
/// (dgetrf n = 96, 128) 5% slower, hence the limit).
/// What pivoting costs here, n = 32 (the kernel alone on 1 MiB of 16-lane blocks, one thread
/// pinned, medians of 9 alternating runs of 600 calls; parts compiled out, which leaves wrong
/// factors but the rest of the work): time against the pivoted kernel, double / single, without
/// pivoting 0.52 / 0.44; without the swaps right of the panels 0.84 / 0.80, without
/// interchange_l 0.88 / 0.84, without panel_step's swaps 0.95 / 0.95, without all three 0.63 /
/// 0.54; swap_column writing only the pivot rows (half its stores: a bound for moving each value
/// once, a composed map per panel) 0.93 / 0.93. A pivot search as two chains over the two
/// halves of the rows, joined in row order (the same pivots), ran 0.96-0.98 of the time at n = 32
/// and 64 in the g++ build, 1.01 in the clang build; getrf_columns' search in registers as
/// kChains chains 0.92-0.96 at n = 16 (g++), 0.98-1.17 (clang): not taken.
template <class P, int W, int NB, bool Pivot, bool Defer = true, class T, class M, class N,
          class RS, class CS>
inline void getrf_blocked(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps,
                          typename P::I &first_zero, const Ahead &ahead = {}) noexcept {
  const int kmax = m < n ? m : n, kfull = kmax - kmax % NB;
  const idx panels = kfull / NB;  // visits right of the panels: sum of n - k0 - NB
  Prefetcher prefetch(ahead, panels * (n - NB) - NB * panels * (panels - 1) / 2);
  constexpr bool defers = Defer && W > 1 && Pivot && !is_complex_v<T>;  // see interchange_l
  const bool defer = defers && m <= kDeferRowsMax;
  // columns the swaps right of a panel run ahead of its updates (kEarlySwapBytes)
  const int lead = Pivot && W > 1 && idx(m) * W * idx(sizeof(T)) <= kEarlySwapBytes;
  for (int k0 = 0; k0 < kfull; k0 += NB) {
    const int k1 = k0 + NB;
    for (int k = k0; k < k1; ++k)
      panel_step<P, W, Pivot>(k, m, k0, k1, a, rs, cs, ipiv, ps, first_zero);
    idx off[NB][W];
    if constexpr (Pivot) {
      for (int s = 0; s < NB; ++s) swap_offsets<W>(off[s], rs, k0 + s, ipiv + (k0 + s) * ps);
      if (!defer)
        for (int j = 0; j < k0; ++j) swap_column<W>(a + j * cs, rs, k0, off);
    }
    if constexpr (Pivot)
      for (int j = k1; j < k1 + lead && j < n; ++j) swap_column<W>(a + j * cs, rs, k0, off);
    for (int j = k1; j < n; ++j) {
      if constexpr (W > 1) prefetch.next();
      if constexpr (Pivot)
        if (j + lead < n) swap_column<W>(a + (j + lead) * cs, rs, k0, off);
      update_column<P, NB>(k0, m, a, a + j * cs, rs, cs);
    }
  }
  for (int k = kfull; k < kmax; ++k)
    panel_step<P, W, Pivot>(k, m, defer ? kfull : 0, n, a, rs, cs, ipiv, ps, first_zero);
  if constexpr (defers)
    if (defer) interchange_l<W, NB>(m, kfull, kmax, a, rs, cs, ipiv, ps);
}

/// Interchange of rows k and p (per lane, p >= k) in a column held in registers: row k takes
/// row p's value by selects over the rows below k, row p takes row k's. The selects into row k
/// run as Chains independent chains, joined by p's range: in getrf_columns' first pass their
/// latency, not their count, bounds a column's steps (kernel alone, 16 lanes, n = 16, one
/// thread, L2-resident: dgetrf 8.3 -> 9.7 GFLOP/s and sgetrf 17 -> 20 for 1 -> 3 chains, 4 no
/// faster); its last pass, whose columns are independent, runs one chain (3 were 3% slower).
enum : int { kChains = 3 };

template <class P, int N, int Chains = kChains, class Step>
inline void interchange(typename P::V (&x)[N], int k, const Step &step) noexcept {
  using V = typename P::V;
  const int below = N - 1 - k;
  const V xk = x[k];
  V u[Chains];
#pragma GCC unroll 8
  for (int q = 0; q < Chains; ++q) u[q] = xk;
#pragma GCC unroll 32
  for (int i = k + 1; i < N; ++i) {
    const typename P::Mask b = step.is(i);
    const int q = (i - k - 1) * Chains / below;
    u[q] = P::sel_mask(b, x[i], u[q]);
    x[i] = P::sel_mask(b, xk, x[i]);
  }
  V r = u[0];
#pragma GCC unroll 8
  for (int q = 1; q < Chains; ++q) {
    const int first = k + 1 + (q * below + Chains - 1) / Chains;  // chain q's first row
    if (first < N) r = P::sel(P::ge(step.p, first), u[q], r);
  }
  x[k] = r;
}

/// Divides the rows below a pivot by it as LAPACK's getf2 does: by its reciprocal, or by
/// division where the pivot is so small that the reciprocal would overflow; a zero pivot
/// divides nothing and records k+1 in first_zero (per lane, the first one only).
template <class P, class T>
struct PivotDivision {
  using V = typename P::V;
  V piv, r;
  typename P::B small;
  bool tiny;

  PivotDivision(V pivot, int k, typename P::I &first_zero) noexcept : piv(pivot) {
    const typename P::B zero = P::is_zero(piv);
    first_zero = P::sel(P::both(zero, P::eq(first_zero, 0)), P::index(k + 1), first_zero);
    r = P::recip(P::sel(zero, P::splat(T(1)), piv));
    const typename P::R apiv = P::abs1(piv);
    small = P::both(P::gt(apiv, P::abs1(P::splat(T(0)))),
                    P::lt(apiv, P::abs1(P::splat(T(std::numeric_limits<real_t<T>>::min())))));
    tiny = P::any(small);
  }
  V operator()(V y) const noexcept {
    const V l = P::mul(y, r);
    return tiny ? P::sel(small, P::div(y, piv), l) : l;
  }
};

/// Rows of a column getrf_columns holds in registers (the bottom ones): with the selects'
/// temporaries they fill the 32 AVX-512 registers (half of them where a target has 16).
enum : int { kColumnRegisters = kVectorBytes >= 64 ? 16 : 8 };

/// Whether getrf_columns on n x n matrices of T keeps its steps' pivot conditions (PivotRows):
/// float lanes whose column fills the registers (n = 16 on AVX-512). Library, getrf, one thread
/// pinned, 8 MiB, 11-15 alternating rounds, medians of the rounds' ratios (time before / after),
/// interleaved / strided, every output bitwise the same: sgetrf at n = 16 1.14 / 1.11 and 1.11 /
/// 1.10 (g++ build, two runs), 1.03-1.11 / 0.99-1.10 (clang build, five runs); at 14 and 15
/// 0.93-1.12 by run and build, from 8 to 12 0.93-1.07, double lanes at 8..16 0.92-1.11 (clang
/// 0.92-1.01): those keep the compares. Streaming (2 threads, 256 MiB, the bench's
/// getrf/s/interleaved/pivot/n:16, medians of 3, two alternating runs, g++) 1.01-1.02.
template <class T>
constexpr bool keeps_pivot_masks(int n) {
  return std::is_same_v<T, float> && n == kColumnRegisters;
}

/// The pivot rows of getrf_columns' N steps, per lane: p, and where the pack has compact masks
/// (P::Mask, AVX-512's mask registers) and keeps_pivot_masks says so, the conditions p == i of
/// the rows asked for, set once a step: each later column's selects then load a condition where
/// eq's compare was an operation per row, step and column beside the interchange's two selects.
/// Kept: whether it keeps them (a template argument, not a static data member: inside `declare
/// target` each instantiation's member would be a device global).
template <class P, int N,
          bool Kept = (sizeof(typename P::Mask) < sizeof(typename P::B)) &&
                      keeps_pivot_masks<typename P::T>(N)>
class PivotRows {
  using I = typename P::I;
  using Mask = typename P::Mask;

 public:
  /// Step k's pivot rows: p, and is(i), the lanes whose p is i.
  struct Step {
    const I &p;
    const Mask *m;
    Mask is(int i) const noexcept {
      if constexpr (Kept)
        return m[i];
      else
        return P::eq_mask(p, i);
    }
  };
  /// A step's pivot rows just found: compared as asked, not stored and loaded back (the column's
  /// own step is on its chain of latencies).
  struct Found {
    const I &p;
    Mask is(int i) const noexcept { return P::eq_mask(p, i); }
  };
  /// Step k's p, whose conditions are asked for rows from first on.
  void set(int k, I p, int first) noexcept {
    p_[k] = p;
    if constexpr (Kept)
#pragma GCC unroll 32
      for (int i = first; i < N; ++i) m_[k][i] = P::eq_mask(p, i);
  }
  Step operator[](int k) const noexcept {
    return {p_[k], m_[Kept ? k : 0]};
  }

 private:
  I p_[N] = {};
  Mask m_[Kept ? N : 1][Kept ? N : 1] = {};  // zeroed: GCC cannot see that set() precedes is()
};

/// Row k's new value in the interchange of rows k and p (per lane, p >= k) of a column whose
/// rows M.. are the registers x and whose rows k..M-1 are in place at c (k < M): one chain
/// over the rows in place, two over the registers.
template <class P, int M, int R, class T, class RS, class Step>
inline typename P::V pick_split(const T *c, RS rs, int k, const Step &step,
                                const typename P::V (&x)[R], typename P::V xk) noexcept {
  typename P::V u = xk, lo = xk, hi = xk;
  for (int i = k + 1; i < M; ++i) u = P::sel_mask(step.is(i), P::load(c + i * rs), u);
#pragma GCC unroll 32
  for (int r = 0; r < R; ++r) {
    const typename P::Mask b = step.is(M + r);
    if (r < R / 2)
      lo = P::sel_mask(b, x[r], lo);
    else
      hi = P::sel_mask(b, x[r], hi);
  }
  return P::sel(P::ge(step.p, M), P::sel(P::ge(step.p, M + R / 2), hi, lo), u);
}

/// Square n = N, real lanes, one vector register a row: left-looking, one column at a time.
/// The bottom R = min(N, kColumnRegisters) rows of the column are registers, the M = N - R rows
/// above (n > 16) stay in place and in L1. Column j takes the interchanges and updates of steps
/// 0..j-1 (l21 of each step read from memory), then its own pivot search, interchange and
/// division, and is stored once; the columns of L take the interchanges of their later steps
/// in a last pass. An interchange is selects between registers (N-1-k per row pair), where the
/// right-looking forms load and store the rows or swap W elements. Every element sees the same
/// fused updates in the same order as in getrf_step: the results are bitwise equal. Kernel
/// alone, 16 lanes, pivoting, one thread, L2-resident, best of 12, against the steps/blocked
/// forms in the same run: dgetrf 6.7 -> 8.5 GFLOP/s at n = 9, 9.0 -> 9.8 at 12, 8.3 -> 10.0 at
/// 16; sgetrf 13.7 -> 18.8 at 12, 14.7 -> 21.0 at 16, 12.6 -> 19.5 at 20, 14.6 -> 18.8 at 24
/// (2 threads streaming 256 MiB: 1.35-1.90x at 20, 1.14-1.49x at 24). With rows in place the
/// gain fades: sgetrf at n = 28 1.12-1.29x L2-resident but 0.98-1.15x streaming, at 32
/// 0.86-1.07x streaming; double lanes (two registers per row of 16 lanes, run as two halves)
/// ran 0.71-0.88x at n = 24 and 32 (prototype).
/// piv[k] holds step k's pivot rows, counted from row M for the steps k >= M. `prefetch`
/// advances at each column and at each of its steps (column_parts(N) times): issued once a
/// column, a part (1 KiB, 16 lines, for n = 16 double lanes) stalled the kernel on the prefetches,
/// which wait for line fill buffers (perf, one thread, 16 MiB: 5% of the kernel's samples on the
/// instruction after them, 1.5% L2-resident). Library, interleaved, pivoting, 2 threads, 256
/// MiB, 8 alternating runs, medians: dgetrf 19.1 -> 17.4 ms at n = 8, 25.9 -> 24.3 at 16.
template <class P, int N, bool Pivot, class T, class RS, class CS, class PF>
inline void getrf_columns(T *a, RS rs, CS cs, int *ipiv, idx ps, typename P::I &first_zero,
                          PF &prefetch) noexcept {
  using V = typename P::V;
  using I = typename P::I;
  constexpr int R = N < kColumnRegisters ? N : kColumnRegisters, M = N - R;
  PivotRows<P, N> piv;
  for (int j = 0; j < N; ++j) {
    prefetch.next();
    T *c = a + j * cs;
    V x[R];
#pragma GCC unroll 32
    for (int r = 0; r < R; ++r) x[r] = P::load(c + (M + r) * rs);
    for (int k = 0; k < j && k < M; ++k) {  // the steps before j on the rows in place
      prefetch.next();
      const V xk = P::load(c + k * rs);
      const V u = Pivot ? pick_split<P, M>(c, rs, k, piv[k], x, xk) : xk;
      P::store(c + k * rs, u);
      const T *l = a + k * cs;
      for (int i = k + 1; i < M; ++i) {
        V y = P::load(c + i * rs);
        if constexpr (Pivot) y = P::sel_mask(piv[k].is(i), xk, y);
        P::store(c + i * rs, P::fms(y, P::load(l + i * rs), u));
      }
#pragma GCC unroll 32
      for (int r = 0; r < R; ++r) {
        V y = x[r];
        if constexpr (Pivot) y = P::sel_mask(piv[k].is(M + r), xk, y);
        x[r] = P::fms(y, P::load(l + (M + r) * rs), u);
      }
    }
#pragma GCC unroll 32
    for (int k = 0; k + 1 < R; ++k) {  // the steps before j on the registers
      if (M + k >= j) break;
      prefetch.next();
      if constexpr (Pivot) interchange<P>(x, k, piv[M + k]);
      const T *l = a + (M + k) * cs;
#pragma GCC unroll 32
      for (int i = k + 1; i < R; ++i) x[i] = P::fms(x[i], P::load(l + (M + i) * rs), x[k]);
    }
    if (j < M) {  // step j with rows in place: p = j + iamax, interchange, x21 /= x11
      const V xj = P::load(c + j * rs);
      I p = P::index(j);
      if constexpr (Pivot) {
        typename P::R best = P::abs1(xj);
        auto consider = [&](const V &y, int i) {
          const typename P::R v = P::abs1(y);
          const typename P::B up = P::gt(v, best);
          best = P::sel(up, v, best);
          p = P::sel(up, P::index(i), p);
        };
        for (int i = j + 1; i < M; ++i) consider(P::load(c + i * rs), i);
#pragma GCC unroll 32
        for (int r = 0; r < R; ++r) consider(x[r], M + r);
        P::store_index(ipiv + j * ps, p, 1);
        piv.set(j, p, j + 1);
      }
      const typename PivotRows<P, N>::Found found{p};
      const V u = Pivot ? pick_split<P, M>(c, rs, j, found, x, xj) : xj;
      P::store(c + j * rs, u);
      const PivotDivision<P, T> divide(u, j, first_zero);
      for (int i = j + 1; i < M; ++i) {
        V y = P::load(c + i * rs);
        if constexpr (Pivot) y = P::sel_mask(found.is(i), xj, y);
        P::store(c + i * rs, divide(y));
      }
#pragma GCC unroll 32
      for (int r = 0; r < R; ++r) {
        V y = x[r];
        if constexpr (Pivot) y = P::sel_mask(found.is(M + r), xj, y);
        x[r] = divide(y);
      }
    }
#pragma GCC unroll 32
    for (int k = 0; k < R; ++k) {  // step j on the registers
      if (M + k != j) continue;
      if constexpr (Pivot) {
        typename P::R best = P::abs1(x[k]);
        I p = P::index(k);
#pragma GCC unroll 32
        for (int i = k + 1; i < R; ++i) {
          const typename P::R v = P::abs1(x[i]);
          const typename P::B up = P::gt(v, best);
          best = P::sel(up, v, best);
          p = P::sel(up, P::index(i), p);
        }
        P::store_index(ipiv + (M + k) * ps, p, M + 1);
        piv.set(M + k, p, k + 1);
        interchange<P>(x, k, typename PivotRows<P, N>::Found{p});
      }
      const PivotDivision<P, T> divide(x[k], M + k, first_zero);
#pragma GCC unroll 32
      for (int i = k + 1; i < R; ++i) x[i] = divide(x[i]);
    }
#pragma GCC unroll 32
    for (int r = 0; r < R; ++r) P::store(c + (M + r) * rs, x[r]);
  }
  if constexpr (Pivot)
    for (int j = 0; j + 2 < N; ++j) {  // step N-1 interchanges nothing
      T *c = a + j * cs;
      V x[R];
#pragma GCC unroll 32
      for (int r = 0; r < R; ++r) x[r] = P::load(c + (M + r) * rs);
      for (int k = j + 1; k < M; ++k) {
        const V xk = P::load(c + k * rs);
        P::store(c + k * rs, pick_split<P, M>(c, rs, k, piv[k], x, xk));
        for (int i = k + 1; i < M; ++i)
          P::store(c + i * rs, P::sel_mask(piv[k].is(i), xk, P::load(c + i * rs)));
#pragma GCC unroll 32
        for (int r = 0; r < R; ++r) x[r] = P::sel_mask(piv[k].is(M + r), xk, x[r]);
      }
#pragma GCC unroll 32
      for (int k = 0; k + 1 < R; ++k)
        if (M + k > j) interchange<P, R, 1>(x, k, piv[M + k]);
#pragma GCC unroll 32
      for (int r = 0; r < R; ++r)
        if (M + r > j) P::store(c + (M + r) * rs, x[r]);
    }
}

/// Panel width of the blocked factorization (min(m,n) > kStepsMax). Interleaved dgetrf,
/// 16 lanes, one thread, L2-resident batches: 4 ran 5-40% faster than 8 at n = 16..64, and
/// two columns per update_column visit instead of one 5-20% slower.
enum : int { kPanel = 4 };

/// Fixed sizes up to this run their steps with compile-time k (bench/getrf_bench, 256 MiB
/// batches: +19-26% at n = 4 and 8; up to 16 the unrolled code took minutes to compile and
/// megabytes of text).
enum : int { kFixedStepsMax = 8 };

/// The steps of a fixed size; returns first_zero. It starts here rather than in the caller:
/// Clang 19 keeps this function out of line, and its steps read a caller's first_zero (zeroed
/// by four 32-byte stores) by 64-byte loads, which wait for the stores to reach the cache (perf,
/// clang build, interleaved dgetrf at n = 3: 18-24% of this function's samples on that load;
/// started here, that load gone, and this function's and the chunk's samples 14% fewer at n = 3,
/// 5% at 6, against the same run's copy of the input; bench/results/*-20261201-first-zero.txt).
template <class P, bool Pivot, class T, class M, class N, class RS, class CS, class PF, int... K>
inline typename P::I getrf_fixed_steps(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps, PF pf,
                                       std::integer_sequence<int, K...>) noexcept {
  typename P::I first_zero = P::index(0);
  (getrf_step<P, Pivot>(std::integral_constant<int, K>(), m, n, a, rs, cs, ipiv, ps, first_zero,
                        pf),
   ...);
  return first_zero;
}

/// Sizes up to this (min(m,n)) run step by step where getrf_columns does not take them
/// (run-time or non-square sizes), with a run-time k and the blocked form's prefetch past
/// kFixedStepsMax; real lanes go past it: the selects over the rows cost less
/// than the element swaps of the blocked form while the columns are short. Kernel alone, 16
/// lanes, one thread, L2-resident: float 12.7 vs 7.1 GFLOP/s at n = 10, 12.8 vs 8.5 at 12, 12.1
/// vs 10.7 at 16; double 7.1 vs 5.8 at n = 10 but 5.3 vs 6.6 at 16. Library, interleaved, 2
/// threads, 256 MiB, best of 4 alternating runs against the blocked form: sgetrf 12.6 -> 16.4
/// GFLOP/s at n = 10, 14.9 -> 17.9 at 12 (pointer array 10.8 -> 13.7), 17.8 -> 20.8 at 14 and
/// 18.2 -> 20.3 at 16 (without the prefetch the steps lost at 16); dgetrf 8.7 -> 11.9 at n = 9,
/// 9.4 -> 12.4 at 10, 11.1 -> 11.4 at 12.
template <class T, int W>
inline constexpr int kStepsMax = W == 1                      ? kFixedStepsMax
                                 : std::is_same_v<T, float>  ? 16
                                 : std::is_same_v<T, double> ? 12
                                                             : kFixedStepsMax;

/// Column visits right of the diagonal in kmax steps on n columns: the parts a Prefetcher of
/// the steps spreads `ahead` over.
constexpr idx column_visits(int kmax, int n) {
  return idx(kmax) * n - idx(kmax) * (kmax + 1) / 2;
}

/// The factorization. The fixed steps (sizes up to kFixedStepsMax) prefetch `ahead` only when
/// given one (the host gives them the next packed chunk, never the next in-place block:
/// prefetching the next 1..8 blocks measured 10-20% slower at n = 8), and are compiled with
/// and without it: a run-time test in the unrolled steps slowed in-place sgetrf at n = 8 from
/// 13.8 to 16.4 ms (4 Mi matrices, 2 threads, best of 5 alternating runs).
template <class P, int W, bool Pivot, class T, class M, class N, class RS, class CS>
inline void getrf_pack(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps, int *info,
                       const Ahead &ahead) noexcept {
  typename P::I first_zero = P::index(0);
  constexpr int fm = FixedSize<M>::value, fn = FixedSize<N>::value;
  if constexpr (fm > 0 && fn > 0 && fm <= kFixedStepsMax && fn <= kFixedStepsMax) {
    constexpr int km = fm < fn ? fm : fn;
    constexpr auto steps = std::make_integer_sequence<int, km>();
    if (ahead.ranges) {
      Prefetcher prefetch(ahead, column_visits(km, fn));
      first_zero = getrf_fixed_steps<P, Pivot>(m, n, a, rs, cs, ipiv, ps, &prefetch, steps);
    } else {
      first_zero = getrf_fixed_steps<P, Pivot>(m, n, a, rs, cs, ipiv, ps, nullptr, steps);
    }
  } else if ((m < n ? m : n) > kStepsMax<T, W>) {
    getrf_blocked<P, W, kPanel, Pivot>(m, n, a, rs, cs, ipiv, ps, first_zero, ahead);
  } else {
    const int kmax = m < n ? m : n;
    Prefetcher prefetch(ahead, column_visits(kmax, n));
    Prefetcher *pf = W > 1 && kmax > kFixedStepsMax ? &prefetch : nullptr;
    for (int k = 0; k < kmax; ++k)
      getrf_step<P, Pivot>(k, m, n, a, rs, cs, ipiv, ps, first_zero, pf);
  }
  if (info) P::store_index(info, first_zero, 0);
}

/// Square sizes known at compile time from kColumnsMin to kColumnsMax run the left-looking
/// form (getrf_columns) on real lanes. Below kColumnsMin the steps with compile-time k win:
/// against them, kernel alone, 16 lanes, pivoting, one thread L2-resident / 2 threads
/// streaming 256 MiB (best of 12 / 4, two alternating runs): dgetrf 0.75-0.79x / 1.05x at
/// n = 5..7 but 1.18x / 1.22-1.28x at 8; sgetrf 0.73x / 1.07-1.11x at 8. Double lanes stop where
/// the whole column fits the AVX-512 registers (16), float lanes at 24 (see getrf_columns).
template <class T>
inline constexpr int kColumnsMin = std::is_same_v<T, double> ? 8 : kFixedStepsMax + 1;
template <class T>
inline constexpr int kColumnsMax = std::is_same_v<T, float> ? 24 : 16;

template <class T, int W>
constexpr bool runs_columns(int n) {
  return W > 1 && std::is_floating_point_v<T> && n >= kColumnsMin<T> && n <= kColumnsMax<T>;
}

/// Whether the compiled square size n runs the steps with compile-time k (getrf_pack's first
/// form; getrf_lanes takes the left-looking one first).
template <class T, int W>
constexpr bool runs_fixed_steps(int n) {
  return n <= kFixedStepsMax && !runs_columns<T, W>(n);
}

/// Whether getrf_lanes<T, W> on m x n matrices (sizes compiled in when `fixed`) prefetches its
/// `ahead`: every form but the steps with a run-time k up to kFixedStepsMax.
template <class T, int W>
constexpr bool getrf_prefetches(int m, int n, bool fixed) {
  return W > 1 && (fixed || (m < n ? m : n) > kFixedStepsMax);
}

/// How often getrf_columns on N columns advances its Prefetcher: once a column and once a step
/// of each (column j takes j steps: the visits right of the diagonal, counted the other way).
constexpr idx column_parts(int n) {
  return idx(n) + column_visits(n, n);
}

/// getrf_columns over W lanes, one vector register of them at a time (two for double lanes).
template <class T, int W, int N, bool Pivot, class RS, class CS>
inline void getrf_column_lanes(T *a, RS rs, CS cs, int *ipiv, idx ps, int *info,
                               const Ahead &ahead) noexcept {
  constexpr int H = kPassLanes<T, W>;
  static_assert(W % H == 0, "whole vector registers of lanes");
  using P = Pack<T, H>;
  Prefetcher prefetch(ahead, column_parts(N) * (W / H));
  for (int h = 0; h < W; h += H) {
    typename P::I first_zero = P::index(0);
    getrf_columns<P, N, Pivot>(a + h, rs, cs, Pivot ? ipiv + h : nullptr, ps, first_zero, prefetch);
    if (info) P::store_index(info + h, first_zero, 0);
  }
}

/// The order (min(m,n)) from which getrf_lanes, given work, runs by blocks (getrf_by_blocks).
/// Intel Xeon VM (AVX-512), g++ build, lanes, 2 threads, 32 MiB, 3 alternating runs, by blocks /
/// getrf_blocked time, interleaved and strided: double 1.16-1.25 at n = 96, 1.02-1.09 at 128,
/// 0.82-0.89 at 160; single 1.20-1.33 at 96, 1.12-1.15 at 128, 0.99-1.00 at 160 (0.75 at 192 in
/// an earlier run); complex 0.97-1.03 at 96, 0.78-0.93 at 128, 0.69-0.86 at 160. With the blocks
/// by sub-blocks (kLuSubBlock), OMPBATCH_HOST_PATH=lanes, 3 alternating runs, from these orders
/// against from 64 (double, complex) and 96 (single): double 0.60-0.84x at 64 and 96, tied at 128
/// (1.00-1.02x); single 0.66-0.81x at 96 and 128, 0.95-0.97x at 160; complex 0.92-1.05x at 80,
/// 1.00-1.10x at 96, 1.14-1.25x at 112: complex from 96.
template <class T>
constexpr int lu_blocks_min() {
  return is_complex_v<T> ? 96 : std::is_same_v<T, float> ? 192 : 160;
}

/// Values of work that getrf_lanes of W lanes needs for m x n matrices at run-time sizes:
/// gemm_work's from lu_blocks_min (getrf_by_blocks), else none.
template <class T, int W>
constexpr idx getrf_work_size(int m, int n) noexcept {
  return (m < n ? m : n) >= lu_blocks_min<T>() ? gemm_work<T, kPassLanes<T, W>>() : 0;
}

/// Columns of getrf_by_blocks' blocks: the depth of its updates, at most one of gemm_update's.
enum : int { kLuBlock = kUpdatePanel };

/// Columns of the sub-blocks by which getrf_by_blocks factors each block's columns: the panels
/// of kPanel columns update only the sub-block's columns, gemm_update the rest of the block (the
/// block of double lanes at n = 512, 1.4 MiB, was read and written once per 4 columns). Intel
/// Xeon VM, g++ build, interleaved, 2 threads, 32 MiB, 3 alternating runs, against no sub-blocks:
/// 12 columns: dgetrf 1.12x / 1.18x / 1.11x at n = 192 / 256 / 512, sgetrf 1.00-1.09x, zgetrf
/// 1.01-1.03x; 8 columns 0.98-1.13x, 16 columns 0.94-1.18x, 24 columns 0.93-1.15x.
enum : int { kLuSubBlock = 12 };
static_assert(int(kLuBlock) % int(kLuSubBlock) == 0 && int(kLuSubBlock) % int(kPanel) == 0);
static_assert(int(kLuBlock) <= int(kUpdateDepth));

/// Right-looking LU by blocks of NB columns (LAPACK's getrf) for one pass of H lanes: each
/// block's columns from its diagonal down are factored in the same way by sub-blocks of
/// kLuSubBlock columns, and those by getrf_blocked; then, a panel of
/// update_width columns right of the block at a time, while the panel stays in cache, its rows
/// are interchanged, U12 = inv(L11) A12 (trsm_lower_tiles) and A22 -= L21 U12 (gemm_update, from
/// packed copies: one visit to A22 per block, where getrf_blocked visits it once per kPanel
/// columns). L's columns, which no later block reads, take the interchanges of the later blocks at
/// the end, a block of columns at a time. Every element sees the same fused updates in the same
/// order as in getrf_blocked over the whole matrix: the results are bitwise equal. first_zero: per
/// lane, the first k+1 with U(k,k) == 0, else 0. work: gemm_work<T, H>() values.
template <class P, int H, bool Pivot, int NB = kLuBlock, class T>
void getrf_by_blocks(int m, int n, T *a, idx rs, idx cs, int *ipiv, idx ps, int *first_zero,
                     T *work) noexcept {
  const int kmax = m < n ? m : n;
  for (int l = 0; l < H; ++l) first_zero[l] = 0;
  for (int k0 = 0; k0 < kmax; k0 += NB) {
    const int kb = kmax - k0 < NB ? kmax - k0 : NB, k1 = k0 + kb;
    T *d = a + k0 * (rs + cs);  // A(k0, k0)
    int z[H];
    if constexpr (NB > kLuSubBlock) {  // the block's columns by sub-blocks
      getrf_by_blocks<P, H, Pivot, kLuSubBlock>(m - k0, kb, d, rs, cs,
                                                Pivot ? ipiv + k0 * ps : nullptr, ps, z, work);
    } else {
      typename P::I zero = P::index(0);
      getrf_blocked<P, H, kPanel, Pivot, false>(m - k0, kb, d, rs, cs,
                                                Pivot ? ipiv + k0 * ps : nullptr, ps, zero);
      P::store_index(z, zero, 0);
    }
    for (int l = 0; l < H; ++l)
      if (!first_zero[l] && z[l]) first_zero[l] = z[l] + k0;
    idx off[NB][H];
    if constexpr (Pivot)  // the block's pivot rows, of the whole matrix
      for (int s = k0; s < k1; ++s) {
        for (int l = 0; l < H; ++l) ipiv[s * ps + l] += k0;
        swap_offsets<H>(off[s - k0], rs, s, ipiv + s * ps);
      }
    constexpr int width = update_width<T, H>();
    for (int j0 = k1; j0 < n; j0 += width) {
      const int jb = n - j0 < width ? n - j0 : width;
      T *u = a + k0 * rs + j0 * cs;  // A12's panel
      if constexpr (Pivot)
        for (int j = 0; j < jb; ++j) swap_column<H>(u - k0 * rs + j * cs, rs, k0, off, kb);
      trsm_lower_tiles<P, false>(true, kb, jb, T(1), d, rs, cs, u, rs, cs);
      if (k1 < m)
        gemm_update<P, H, false, false, false>(m - k1, jb, kb, u + kb * rs, rs, cs, d + kb * rs, rs,
                                               cs, u, rs, cs, work);
    }
  }
  if constexpr (Pivot)  // L's columns: the later blocks' interchanges, a block's columns at a time
    for (int j0 = 0; j0 < kmax; j0 += NB) {
      const int j1 = kmax - j0 < NB ? kmax : j0 + NB;
      for (int k0 = j1; k0 < kmax; k0 += NB) {
        const int kb = kmax - k0 < NB ? kmax - k0 : NB;
        idx off[NB][H];
        for (int s = 0; s < kb; ++s) swap_offsets<H>(off[s], rs, k0 + s, ipiv + (k0 + s) * ps);
        for (int j = j0; j < j1; ++j) swap_column<H>(a + j * cs, rs, k0, off, kb);
      }
    }
}

/// LU of W interleaved m x n matrices. ipiv == nullptr: no pivoting. info[l] receives the
/// first k+1 with U(k,k) == 0, else 0 (the factorization always completes). Sizes and strides
/// are int/idx, or std::integral_constant where they are known at compile time (the host's
/// small-n kernels): their strides fold into the addresses, and up to kFixedStepsMax every loop
/// unrolls. `ahead`: see getrf_blocked (the host's lanes; the one-lane kernel ignores it). work
/// (the host's lanes, run-time sizes): gemm_work<T, kPassLanes<T, W>>() values, for
/// getrf_by_blocks from lu_blocks_min; nullptr: getrf_blocked.
template <class T, int W, class M = int, class N = int, class RS = idx, class CS = idx>
void getrf_lanes(M m, N n, T *a, RS rs, CS cs, int *ipiv, idx ps, int *info,
                 const Ahead &ahead = {}, T *work = nullptr) noexcept {
  constexpr int fn = FixedSize<N>::value;
  if constexpr (W > 1 && fn == 0) {  // the host's lanes at run-time sizes
    if (work && (m < n ? m : n) >= lu_blocks_min<T>()) {
      constexpr int H = kPassLanes<T, W>;
      int first_zero[W];
      for (int h = 0; h < W; h += H)
        if (ipiv)
          getrf_by_blocks<Pack<T, H>, H, true>(m, n, a + h, rs, cs, ipiv + h, ps, first_zero + h,
                                               work);
        else
          getrf_by_blocks<Pack<T, H>, H, false>(m, n, a + h, rs, cs, nullptr, ps, first_zero + h,
                                                work);
      if (info)
        for (int l = 0; l < W; ++l) info[l] = first_zero[l];
      return;
    }
  }
  if constexpr (FixedSize<M>::value == fn && runs_columns<T, W>(fn)) {
    if (ipiv)
      getrf_column_lanes<T, W, fn, true>(a, rs, cs, ipiv, ps, info, ahead);
    else
      getrf_column_lanes<T, W, fn, false>(a, rs, cs, ipiv, ps, info, ahead);
  } else if (ipiv)
    getrf_pack<Pack<T, W>, W, true>(m, n, a, rs, cs, ipiv, ps, info, ahead);
  else
    getrf_pack<Pack<T, W>, W, false>(m, n, a, rs, cs, ipiv, ps, info, ahead);
}

#pragma omp end declare target

}  // namespace ompbatch::detail
