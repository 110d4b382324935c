// SPDX-License-Identifier: BSD-3-Clause
// Solves, inverses and Cholesky for W interleaved matrices in lock-step (W = 1: one matrix),
// built from register tiles (kernels/tile_lanes.hpp), trsm_lanes and per-lane row
// interchanges. Lane l of element (i,j) is p[i*rs + j*cs + l]; pivots ipiv[k*ps + l] are 1-based.
#pragma once

#include "kernels/getrf_lanes.hpp"
#include "kernels/trsm_lanes.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// Bytes of B's columns (m rows of W lanes) that laswp_lanes takes every interchange on before
/// it moves to the next columns, on the host's lanes: while they stay in L2, only the first
/// step reads them from memory. (getri's column interchanges, taken a column of C at a time
/// over all of its rows, read 17 columns of 16 lanes per step: 1 MiB at n = 512, double.)
inline constexpr idx kSwapBlockBytes = 256 * 1024;

/// Applies the row interchanges of getrf's pivots to the n columns of the m-row B: k = 0..kn-1
/// forward, or backward when reverse; per lane, element by element (LAPACK's laswp). A pivot
/// outside 1..m swaps nothing (no write outside B). With W > 1, by blocks of columns of
/// kSwapBlockBytes.
template <class T, int W>
inline void laswp_lanes(int m, int n, T *b, idx brs, idx bcs, const int *ipiv, idx ps, int kn,
                        bool reverse) noexcept {
  const idx column = (m > 0 ? m : 1) * idx(W) * idx(sizeof(T));
  const int nb = W == 1 || column * n <= kSwapBlockBytes ? n
                 : column >= kSwapBlockBytes             ? 1
                                                         : int(kSwapBlockBytes / column);
  for (int j0 = 0; j0 < n; j0 += nb) {
    const int j1 = n - j0 < nb ? n : j0 + nb;
    for (int s = 0; s < kn; ++s) {
      const int k = reverse ? kn - 1 - s : s;
      idx off[W];  // lane l of row ipiv - 1, from lane l of row k
      for (int l = 0; l < W; ++l) {
        const int v = ipiv[k * ps + l];
        off[l] = v >= 1 && v <= m ? idx(v - 1 - k) * brs : 0;
      }
      for (int j = j0; j < j1; ++j) {
        T *x = b + k * brs + j * bcs;
        for (int l = 0; l < W; ++l) {
          const T t = x[l];
          x[l] = x[l + off[l]];
          x[l + off[l]] = t;
        }
      }
    }
  }
}

/// Orders up to which the lanes' row interchanges of getrs (B's rows) and getri (C's columns)
/// are taken by selects in registers (laswp_pass), else element by element (laswp_lanes). The
/// kernels alone on the Zen 4 VM: a throwaway program that loads the library before and after
/// into one process (dlmopen) and calls them in turn, one thread, interleaved and strided
/// batches of 300 KB (in L2), 400-600 rounds, medians of the rounds' ratios, after / before.
/// getrs with nrhs = 1 (before: laswp_lanes at every order), n = 4..16: single 1.22-1.77x,
/// double 1.06-1.40x, single complex 1.08-1.54x, double complex interleaved 1.01-1.24x, strided
/// 1.02-1.06x to 8 and 0.96-1.00x from 10; with nrhs = n: single 1.34-2.03x, double 1.08-1.56x
/// to 12 (16: 1.00-1.02x), single complex 1.21-1.66x, double complex 1.01-1.25x to 12
/// (16: 0.93-0.99x). getri (before: the permutation composed per lane, then selected a row at a
/// time, to order 8, single 16, never in double complex; laswp_lanes past it): single
/// 1.02-1.19x, double 0.99-1.12x to 14 (16: 0.91-0.93x), single complex 1.08-1.37x, double
/// complex 1.01-1.18x to 12 (14 and 16: 0.92-0.99x).
template <class T>
inline constexpr int kSwapSelectsMax = sizeof(real_t<T>) == 4 ? 16 : 12;

/// Whether getrs_lanes and getri_lanes of order n over W lanes take getrf's interchanges in each
/// pass (laswp_pass, by selects), else laswp_lanes over all W lanes at once.
template <class T, int W>
constexpr bool swaps_by_pass(const int *ipiv, int n) noexcept {
  return W > 1 && ipiv && n <= kSwapSelectsMax<T>;
}

/// Whether the interchanges k < kn of getrf's pivots each move row k to a row below it or to
/// none (a pivot outside 1..m), in every lane of the pass (pack P): as LAPACK's getrf gives
/// them, and as swap_by_selects takes them.
template <class P>
inline bool pivots_downward(int kn, const int *ipiv, idx ps) noexcept {
  for (int k = 0; k < kn; ++k) {
    const typename P::I p = P::load_index(ipiv + k * ps);
    if (P::any(P::both(P::ge(p, 1), P::bnot(P::ge(p, k + 1))))) return false;
  }
  return true;
}

/// laswp_lanes' interchanges k = 0..N-2 (the last first where Reverse) on the N values r of one
/// column, the pivots piv loaded: r[k] and the r[q], q > k, that piv[k] names (q + 1), in each
/// lane, moved by selects (pivots_downward). The interchange k = N-1 moves nothing whatever its
/// pivot. Inlined in Clang's host code (OMPB_INLINE), which kept it out of line, r in memory.
template <class P, int N, bool Reverse>
OMPB_INLINE inline void swap_in_registers(typename P::V (&r)[N],
                                          const typename P::I (&piv)[N - 1]) noexcept {
  using V = typename P::V;
#pragma GCC unroll 16
  for (int s = 0; s < N - 1; ++s) {
    const int k = Reverse ? N - 2 - s : s;
    const V t = r[k];
#pragma GCC unroll 16
    for (int q = k + 1; q < N; ++q) {
      const typename P::B to = P::eq(piv[k], q + 1);
      r[k] = P::sel(to, r[q], r[k]);
      r[q] = P::sel(to, t, r[q]);
    }
  }
}

/// The N-1 pivot vectors of a pass (pack P) that swap_in_registers takes.
template <class P, int N>
OMPB_INLINE inline void load_pivots(const int *ipiv, idx ps, typename P::I (&piv)[N - 1]) noexcept {
#pragma GCC unroll 16
  for (int k = 0; k < N - 1; ++k) piv[k] = P::load_index(ipiv + k * ps);
}

/// swap_in_registers on the N rows of each of the n columns of B (one pass, pack P), a column at
/// a time. The N-1 pivot vectors are loaded once for all n columns (getri n, getrs nrhs = n:
/// 1.00-1.13x at orders 4..12 on the Zen 4 VM, both builds, the kernels alone as
/// kSwapSelectsMax's).
template <class P, int N, bool Reverse, class T>
inline void swap_by_selects(int n, T *b, idx brs, idx bcs, const int *ipiv, idx ps) noexcept {
  typename P::I piv[N - 1];
  load_pivots<P, N>(ipiv, ps, piv);
  columns_in_registers<P, N>(n, b, brs, bcs, [&](typename P::V(&r)[N]) OMPB_INLINE {
    swap_in_registers<P, N, Reverse>(r, piv);
  });
}

/// laswp_lanes(m, n, b, .., kn, reverse) on the lanes of one pass (pack P; b and ipiv at its
/// first lane), kn >= m - 1: by selects (swap_by_selects) from 2 to Max rows where
/// pivots_downward, else element by element; the same moves either way.
template <class P, int Max, class T>
inline void laswp_pass(int m, int n, T *b, idx brs, idx bcs, const int *ipiv, idx ps, int kn,
                       bool reverse) noexcept {
  if (m >= 2 && m <= Max && pivots_downward<P>(kn, ipiv, ps)) {
    with_order<2, Max>(m, [&](auto order) {
      constexpr int N = decltype(order)::value;
      if (reverse)
        swap_by_selects<P, N, true>(n, b, brs, bcs, ipiv, ps);
      else
        swap_by_selects<P, N, false>(n, b, brs, bcs, ipiv, ps);
    });
    return;
  }
  laswp_lanes<T, pack_lanes<P>>(m, n, b, brs, bcs, ipiv, ps, kn, reverse);
}

/// getrs_lanes' op(A) X = B for order N (one pass, pack P; ipiv == nullptr: no interchanges,
/// else pivots_downward), a column of B at a time in registers: with trans N its rows
/// interchanged by selects (swap_in_registers), L's and U's solves (solve_in_registers); with T
/// (Transposed) or C (and Conj) op(U)'s and op(L)'s, then the interchanges last first. B read
/// and written once, where the interchanges and the two solves each took a pass over it.
template <class P, int N, bool Transposed, bool Conj, class T>
inline void getrs_columns(int nrhs, const T *a, idx ars, idx acs, const int *ipiv, idx ps, T *b,
                          idx brs, idx bcs) noexcept {
  using V = typename P::V;
  V d[N];  // reciprocals of op(U)'s diagonal
  load_reciprocals<P, N, Conj>(a, ars + acs, d);
  typename P::I piv[N - 1];
  if (ipiv) load_pivots<P, N>(ipiv, ps, piv);
  columns_in_registers<P, N>(nrhs, b, brs, bcs, [&](V(&x)[N]) OMPB_INLINE {
    if constexpr (Transposed) {
      solve_in_registers<P, N, false, Conj>(x, a, acs, ars, d);       // op(U), lower
      solve_in_registers<P, N, true, Conj>(x, a, acs, ars, nullptr);  // op(L), unit upper
      if (ipiv) swap_in_registers<P, N, true>(x, piv);
    } else {
      if (ipiv) swap_in_registers<P, N, false>(x, piv);
      solve_in_registers<P, N, false, false>(x, a, ars, acs, nullptr);  // L
      solve_in_registers<P, N, true, false>(x, a, ars, acs, d);         // U
    }
  });
}

/// getrs_columns for order n up to kInRegistersMax<T> (one pass, pack P).
template <class P, class T>
OMPB_NOINLINE void getrs_columns_pass(Op trans, int n, int nrhs, const T *a, idx ars, idx acs,
                                      const int *ipiv, idx ps, T *b, idx brs, idx bcs) noexcept {
  with_order<2, kInRegistersMax<T>>(n, [&](auto order) {
    constexpr int N = decltype(order)::value;
    if (trans == Op::n)
      getrs_columns<P, N, false, false>(nrhs, a, ars, acs, ipiv, ps, b, brs, bcs);
    else
      with_conj<T>(trans == Op::c, [&](auto conj) {
        getrs_columns<P, N, true, decltype(conj)::value>(nrhs, a, ars, acs, ipiv, ps, b, brs, bcs);
      });
  });
}

/// op(A) X = B from getrf's factors (ipiv == nullptr: factored without pivoting). Up to
/// kInRegistersMax<T> a column of B at a time in registers where solve_by_columns
/// (getrs_columns; a pass whose pivots are not all downward takes the form below), else:
///   N:   B = P B;  L Y = B;  U X = Y
///   T/C: U^T Y = B;  L^T Z = Y;  X = P^T Z     (conjugated for C)
/// work, ahead: as trsm_lanes'.
template <class T, int W>
void getrs_lanes(Op trans, int n, int nrhs, const T *a, idx ars, idx acs, const int *ipiv, idx ps,
                 T *b, idx brs, idx bcs, T *work = nullptr, const Ahead &ahead = {}) noexcept {
  // the passes that solve in registers take the interchanges themselves: only at orders
  // whose interchanges the other passes take by pass too (by_pass), none left to laswp_lanes
  static_assert(kInRegistersMax<T> <= kSwapSelectsMax<T>);
  const Side left = Side::left;
  const bool by_pass = swaps_by_pass<T, W>(ipiv, n);
  if (trans == Op::n && ipiv && !by_pass)
    laswp_lanes<T, W>(n, nrhs, b, brs, bcs, ipiv, ps, n, false);
  const bool by_columns = W > 1 && solve_by_columns<T>(n, nrhs);
  Prefetcher prefetch(ahead, 0);
  Prefetcher *pf = spread_over<W>(prefetch, ahead, by_columns);
  // N: L, then U; T/C: U^T, then L^T
  const Uplo first = trans == Op::n ? Uplo::lower : Uplo::upper;
  const Uplo second = trans == Op::n ? Uplo::upper : Uplo::lower;
  const auto diag = [](Uplo uplo) { return uplo == Uplo::lower ? Diag::unit : Diag::non_unit; };
  // the second solve after the first over every pass (split): a pass reads its lanes' part of
  // each of A's cache lines, so the passes' two solves in turn read the whole factor from
  // memory once a pass where it outgrows the caches; split, a pass reads one triangle.
  // Zen 3 VM, interleaved, nrhs = 1, 32 MiB, 2 threads, 3 alternating runs of the tester, in
  // turn -> split, g++ / clang: n = 512 1.09x / 1.08x (double), 1.13x / 1.12x (single); 256
  // 1.10x / 1.04x, 1.01x / 1.13x; 48..128 0.98-1.08x; nrhs = n, double, 48..256 0.99-1.03x.
  // Real orders to 32 and the solves of wide_solve run one pass (for_each_pass), their two
  // solves in turn.
  const bool split = !by_columns, wide = wide_solve(n, nrhs);
  const auto second_solve = [&](auto p, int h) OMPB_INLINE {
    using P = decltype(p);
    T *y = b + h;
    trsm_pass<P>(left, second, trans, diag(second), n, nrhs, T(1), a + h, ars, acs, y, brs, bcs,
                 work, pf);
    if constexpr (W > 1)
      if (by_pass && trans != Op::n)
        laswp_pass<P, kSwapSelectsMax<T>>(n, nrhs, y, brs, bcs, ipiv + h, ps, n, true);
  };
  for_each_pass<T, W>(n, wide, [&](auto p, int h) OMPB_INLINE {
    using P = decltype(p);
    if (pf && h == 0) prefetch.plan(W / pack_lanes<P> * 2 * solve_parts<P>(n));
    const T *x = a + h;
    T *y = b + h;
    if constexpr (W > 1) {
      if (by_columns && (!ipiv || pivots_downward<P>(n, ipiv + h, ps)))
        return getrs_columns_pass<P>(trans, n, nrhs, x, ars, acs, ipiv ? ipiv + h : nullptr, ps, y,
                                     brs, bcs);
      if (by_pass && trans == Op::n)
        laswp_pass<P, kSwapSelectsMax<T>>(n, nrhs, y, brs, bcs, ipiv + h, ps, n, false);
    }
    trsm_pass<P>(left, first, trans, diag(first), n, nrhs, T(1), x, ars, acs, y, brs, bcs, work,
                 pf);
    if (!split) second_solve(p, h);
  });
  if (split) for_each_pass<T, W>(n, wide, second_solve);
  if (trans != Op::n && ipiv && !by_pass)
    laswp_lanes<T, W>(n, nrhs, b, brs, bcs, ipiv, ps, n, true);
  if (pf) prefetch.rest();
}

/// The tiles potrf_tiles over pack P visits for m x m (the parts of its Prefetcher: one a tile).
template <class P>
constexpr idx potrf_tile_count(int m) noexcept {
  constexpr int MR = TileShape<P>::rows, NC = TileShape<P>::cols;
  idx tiles = 0;
  for (int j0 = 0; j0 < m; j0 += NC) tiles += (m - j0 + MR - 1) / MR;
  return tiles;
}

/// Cholesky A = L L^H of the lower triangle of the n x n lane matrix a (one pass, pack P),
/// left-looking by tiles (Crout): for each block column J of TileShape::cols columns, each tile
/// of it from the diagonal down is
///   X = A(I,J) - L(I,0:j0) L(J,0:j0)^H                 in registers (tile_sub)
/// then, on the diagonal tile, factored in registers (sqrt of the diagonal, the column scaled
/// by its reciprocal, the columns right of it updated), and below it solved with L(J,J)^H.
/// Every element is loaded and stored once and sees its updates in increasing k. A lane whose
/// pivot d = real(X(j,j)) is not positive (or NaN) at column j stops: go[l] = j, and nothing
/// from column j on is stored in that lane (its later arithmetic runs on a pivot of 1).
///
/// The panel form (potrf_blocked): the first `cols` columns of the m x m trailing matrix at a,
/// whose column 0 is column `base` of the order-n matrix; the columns left of it have been
/// applied already (gemm_update), so k runs from the panel's first column. prefetch (where
/// given) advances once a tile, before it: over packed chunks of strided matrices (the next
/// chunk's matrices whole), 32 MiB, 2 threads, a throwaway program that packs, factors and
/// unpacks as the driver does, the two in turn in one process (20 repetitions, medians of the
/// ratios), against once a column (nc parts at the block column's start): double n = 24 / 32
/// 1.11x / 1.13-1.15x, double complex 32 1.18x, single 32 / 40 1.06x / 1.14x faster; over
/// in-place interleaved blocks (their triangle) 0.97-1.04x at double 24 / 32, double complex 32.
/// Apart (complex lanes; see kPotrfApartMin): every value is stored with its parts apart
/// (store_apart) and read so by the later tiles; the caller puts them back together.
template <class P, bool Apart = false, class T>
inline void potrf_tiles(int m, int cols, T *a, idx rs, idx cs, typename P::I &go_io, int base,
                        int n, Prefetcher *prefetch = nullptr) noexcept {
  using V = typename P::V;
  using R = typename P::R;
  constexpr int MR = TileShape<P>::rows, NC = TileShape<P>::cols;
  static_assert(MR >= NC, "the diagonal tile holds the block's diagonal");
  const R zero = P::real(P::splat(T(0))), one = P::real(P::splat(T(1)));
  // a copy that stays in a register (Clang 19 loaded and stored the caller's at every column)
  typename P::I go = go_io;
  // some lane stopped: stores keep its old values
  bool stopped = P::any(P::bnot(P::ge(go, n)));
  for (int j0 = 0; j0 < cols; j0 += NC) {
    const int nc = cols - j0 < NC ? cols - j0 : NC;
    const T *lj = a + j0 * rs;  // rows J of L: L(j0+c, k) at lj + c*rs + k*cs
    R rd[NC] = {};              // 1 / L(j,j) of the block column (set by the diagonal tile)
    // the tile of rows i0.. (mr of them); Diag: the diagonal tile (i0 == j0, mr >= nc), whose
    // upper part is neither read nor written (a compile-time choice: Clang 19 compiled a run-time
    // one wrongly for the device at -O3, taking the diagonal branch on every tile)
    auto tile = [&](auto diag_tag, int i0, int mr) OMPB_INLINE {
      constexpr bool diag = decltype(diag_tag)::value;
      T *x = a + i0 * rs + j0 * cs;
      tile_case<MR, NC>(mr, nc, [&](auto rows, auto cols) OMPB_INLINE {
        constexpr int kr = decltype(rows)::value, kc = decltype(cols)::value;
        V acc[kr][kc];  // not tile_load_lower: with it the offload-x86 build's device code
                        // (Clang 19) factored wrongly (float and double at n = 70)
#pragma GCC unroll 8
        for (int r = 0; r < kr; ++r)
#pragma GCC unroll 8
          for (int c = 0; c < kc; ++c)
            acc[r][c] = !diag || r >= c ? P::load(x + r * rs + c * cs) : P::splat(T(0));
        tile_sub<P, false, true, Apart>(acc, j0, a + i0 * rs, rs, cs, lj, cs, rs);
        if constexpr (diag && kr >= kc) {
#pragma GCC unroll 8
          for (int c = 0; c < kc; ++c) {
            R d = P::real(acc[c][c]);
            const typename P::B ok = P::gt(d, zero);  // false for NaN
            const typename P::B fresh = P::both(P::bnot(ok), P::ge(go, n));
            stopped = stopped || P::any(fresh);
            go = P::sel(fresh, P::index(base + j0 + c), go);
            d = P::sel(ok, d, one);
            const R s = P::sqrt(d);
            acc[c][c] = P::from_real(s);
            rd[c] = recip_sqrt<P, T>(s, d);
#pragma GCC unroll 8
            for (int r = c + 1; r < kr; ++r) acc[r][c] = P::scale(acc[r][c], rd[c]);
#pragma GCC unroll 8
            for (int q = c + 1; q < kc; ++q) {
              const V l = P::conj(acc[q][c]);
#pragma GCC unroll 8
              for (int r = q; r < kr; ++r) acc[r][q] = P::fms(acc[r][q], acc[r][c], l);
            }
          }
        } else if constexpr (!diag) {
#pragma GCC unroll 8
          for (int c = 0; c < kc; ++c) {
#pragma GCC unroll 8
            for (int r = 0; r < kr; ++r) acc[r][c] = P::scale(acc[r][c], rd[c]);
#pragma GCC unroll 8
            for (int q = c + 1; q < kc; ++q) {
              const V l = P::conj(load_as<P, Apart>(lj + q * rs + (j0 + c) * cs));
#pragma GCC unroll 8
              for (int r = 0; r < kr; ++r) acc[r][q] = P::fms(acc[r][q], acc[r][c], l);
            }
          }
        }
#pragma GCC unroll 8
        for (int r = 0; r < kr; ++r)
#pragma GCC unroll 8
          for (int c = 0; c < kc; ++c) {
            if (diag && r < c) continue;
            T *e = x + r * rs + c * cs;
            const V y =
                stopped ? P::sel(P::ge(go, base + j0 + c + 1), acc[r][c], P::load(e)) : acc[r][c];
            if constexpr (Apart)
              store_apart<P>(e, y);
            else
              P::store(e, y);
          }
      });
    };
    const int md = m - j0 < MR ? m - j0 : MR;
    if (prefetch) prefetch->next();
    tile(std::true_type(), j0, md);
    for (int i0 = j0 + md; i0 < m; i0 += MR) {
      if (prefetch) prefetch->next();
      tile(std::false_type(), i0, m - i0 < MR ? m - i0 : MR);
    }
  }
  go_io = go;
}

/// Values of T that potrf_blocked needs as work for order n and a pass of H lanes:
/// gemm_update's and the panel's copy.
template <class T, int H>
constexpr idx potrf_work(int n) noexcept {
  return gemm_work<T, H>() + idx(n) * kUpdatePanel * H;
}

/// potrf_tiles for large orders, left-looking by panels of kUpdatePanel columns: each panel's
/// lower part is copied into work (contiguous columns), updated there by the columns of L left of
/// it (gemm_update: C -= L(j0:n, 0:j0) L(j0:j0+jb, 0:j0)^H), factored there by potrf_tiles (the
/// same operations in the same order), and copied back but for the columns from a lane's stop
/// on, which keep the values they came with. work: potrf_work<T, H>(n) values.
template <class P, int H, class T>
void potrf_blocked(int n, T *a, idx rs, idx cs, typename P::I &go, T *work) noexcept {
  T *c = work + gemm_work<T, H>();
  for (int j0 = 0; j0 < n; j0 += kUpdatePanel) {
    const int jb = n - j0 < kUpdatePanel ? n - j0 : kUpdatePanel, m = n - j0;
    const idx ccs = idx(m) * H;
    T *x = a + j0 * rs + j0 * cs;
    copy_lower<H, false>(m, jb, x, rs, cs, c, H, ccs);
    const T *l = a + j0 * rs;  // L(j0+i, k) at l + i*rs + k*cs
    gemm_update<P, H, false, true, true>(m, jb, j0, c, H, ccs, l, rs, cs, l, cs, rs, work);
    potrf_tiles<P>(m, jb, c, H, ccs, go, j0, n);
    if (!P::any(P::bnot(P::ge(go, n)))) {  // no lane stopped
      copy_lower<H, false>(m, jb, c, H, ccs, x, rs, cs);
      continue;
    }
    for (int j = 0; j < jb; ++j) {
      const typename P::B keep = P::ge(go, j0 + j + 1);
      for (int i = j; i < m; ++i)
        P::store(x + i * rs + j * cs,
                 P::sel(keep, P::load(c + i * H + j * ccs), P::load(x + i * rs + j * cs)));
    }
  }
}

/// Orders up to which potrf runs lanes that span two registers as one pass (for_each_pass): at
/// 32 its pair's 3 x 2 tiles leave partial tiles where one register's 4 x 4 tiles do not.
/// Zen 5 VM (AVX-512), 16 double lanes, the kernel alone over 32 MiB of interleaved blocks (a
/// throwaway program, both in turn in one process, 30 repetitions, medians of the ratios),
/// one pass / two: n = 26 / 28 / 30 / 31 1.20x / 1.19x / 1.15x / 1.14x, 32 0.85-0.92x; the
/// tester (g++ build, interleaved, 32 MiB, 10 alternating runs of -r 11, medians of the runs'
/// ratios): 28 1.11x, 32 0.84x.
inline constexpr int kPotrfWidePassMax = 31;

/// The order from which potrf_lanes' complex kernel (potrf_tiles) keeps the factored values with
/// their real and imaginary parts apart until the end, then merges the triangle in one pass: its
/// tiles' loads of L then take no shuffles (two a value otherwise, Pack::load's split). GCC
/// builds only (0: never). The kernel alone (a block in L1 or L2, one thread, best of 7, the two
/// programs in turn), g++: 8 double complex lanes n = 8 / 16 / 32 / 64 0.99x / 1.31x / 1.12x /
/// 1.13x, 16 single complex 1.06x / 1.24x / 1.12x / 1.15x; clang, whose kernel ran 526 ns a
/// matrix at double complex n = 32 where g++'s ran 612 (545 with the parts apart): 0.87x / 1.08x
/// / 1.06x / 0.98x / 1.06x at 12 / 16 / 24 / 32 / 48. The library before / after at every order,
/// 2 threads, 32 MiB, 6 alternating runs of the tester, medians of the runs' ratios, cpotrf and
/// zpotrf: g++ interleaved n = 24..128 0.96-1.16x (21 of 22 cells over 1.0), 4..16 0.82-1.02x
/// in two runs (0.96-1.14x in a third, busier one), strided and pointer array 0.92-1.17x; clang
/// interleaved 0.88-1.15x, strided 0.91-1.12x, 22 of its 36 cells under 1.0.
#if defined(__GNUC__) && !defined(__clang__)
enum : int { kPotrfApartMin = 24 };
#else
enum : int { kPotrfApartMin = 0 };
#endif

/// Cholesky of the uplo triangle (only that triangle is read or written): A = L L^H (lower),
/// or A = U^H U (upper), which is the lower algorithm on the transposed storage: it holds
/// conj(A)'s lower triangle, whose factor conj(L) = U^T. info[l] = k > 0: the leading minor of
/// order k of lane l is not positive definite, and columns k.. of its triangle are as they came.
/// work (the host's, at large orders): potrf_work<T, kPassLanes<T, W>>(n) values for
/// potrf_blocked; nullptr: potrf_tiles. ahead: what potrf_tiles prefetches, spread over its
/// tiles (not potrf_blocked).
template <class T, int W>
void potrf_lanes(Uplo uplo, int n, T *a, idx rs, idx cs, int *info, T *work = nullptr,
                 const Ahead &ahead = {}) noexcept {
  if (uplo == Uplo::upper) {
    const idx t = rs;
    rs = cs, cs = t;
  }
  constexpr int wide = kPotrfWidePassMax;
  constexpr int H = kPassLanes<T, W>;
  const bool spread = W > 1 && ahead.ranges;  // the one-lane kernels prefetch nothing
  // a part a tile, in each pass
  const idx parts = !spread                   ? 0
                    : one_pass<T, W, wide>(n) ? potrf_tile_count<Pack<T, W>>(n)
                                              : potrf_tile_count<Pack<T, H>>(n) * (W / H);
  Prefetcher prefetch(ahead, parts);
  Prefetcher *pf = spread ? &prefetch : nullptr;
  for_each_pass<T, W, wide>(n, [&](auto p, int h) {
    using P = decltype(p);
    typename P::I go = P::index(n);
    bool done = false;  // factored by panels, or with the values apart
    if constexpr (W > 1 && std::is_same_v<P, Pack<T, H>>)
      if (work) {
        potrf_blocked<P, H>(n, a + h, rs, cs, go, work);
        done = true;
      }
    if constexpr (kPotrfApartMin > 0 && TileShape<P>::cplx && W > 1)
      if (!done && n >= kPotrfApartMin) {
        potrf_tiles<P, true>(n, n, a + h, rs, cs, go, 0, n, pf);
        for (int j = 0; j < n; ++j)
          for (int i = j; i < n; ++i)
            P::store(a + i * rs + j * cs, P::load_apart(a + i * rs + j * cs));
        done = true;
      }
    if (!done) potrf_tiles<P>(n, n, a + h, rs, cs, go, 0, n, pf);
    P::store_index(info + h, P::sel(P::ge(go, n), P::index(-1), go), 1);
  });
}

/// potrs_lanes' F F^H X = B for order N (one pass, pack P), F the lower triangle at a (strides
/// frs, fcs; conjugated where Conj: U^H of an upper factor), a column of B at a time in
/// registers: F's solve forward, F^H's backward (solve_in_registers), B read and written once.
template <class P, int N, bool Conj, class T>
inline void potrs_columns(int nrhs, const T *a, idx frs, idx fcs, T *b, idx brs, idx bcs) noexcept {
  using V = typename P::V;
  V d[N], dh[N];  // reciprocals of F's diagonal and of F^H's
  load_reciprocals<P, N, Conj>(a, frs + fcs, d);
#pragma GCC unroll 16
  for (int k = 0; k < N; ++k) dh[k] = P::conj(d[k]);
  columns_in_registers<P, N>(nrhs, b, brs, bcs, [&](V(&x)[N]) OMPB_INLINE {
    solve_in_registers<P, N, false, Conj>(x, a, frs, fcs, d);
    solve_in_registers<P, N, true, !Conj>(x, a, fcs, frs, dh);
  });
}

/// potrs_columns for order n up to kInRegistersMax<T> (one pass, pack P; the factor's lower or
/// upper triangle at a).
template <class P, class T>
OMPB_NOINLINE void potrs_columns_pass(Uplo uplo, int n, int nrhs, const T *a, idx ars, idx acs,
                                      T *b, idx brs, idx bcs) noexcept {
  const bool lower = uplo == Uplo::lower;
  with_order<2, kInRegistersMax<T>>(n, [&](auto order) {
    with_conj<T>(!lower, [&](auto conj) {
      potrs_columns<P, decltype(order)::value, decltype(conj)::value>(
          nrhs, a, lower ? ars : acs, lower ? acs : ars, b, brs, bcs);
    });
  });
}

/// A X = B from potrf's factor: L L^H X = B (lower) or U^H U X = B (upper). Up to
/// kInRegistersMax<T> a column of B at a time in registers where solve_by_columns
/// (potrs_columns). work, ahead: as trsm_lanes'.
template <class T, int W>
void potrs_lanes(Uplo uplo, int n, int nrhs, const T *a, idx ars, idx acs, T *b, idx brs, idx bcs,
                 T *work = nullptr, const Ahead &ahead = {}) noexcept {
  const Op first = uplo == Uplo::lower ? Op::n : Op::c,
           second = uplo == Uplo::lower ? Op::c : Op::n;
  const bool by_columns = W > 1 && solve_by_columns<T>(n, nrhs);
  Prefetcher prefetch(ahead, 0);
  Prefetcher *pf = spread_over<W>(prefetch, ahead, by_columns);
  for_each_pass<T, W>(n, wide_solve(n, nrhs), [&](auto p, int h) OMPB_INLINE {
    using P = decltype(p);
    if (pf && h == 0) prefetch.plan(W / pack_lanes<P> * 2 * solve_parts<P>(n));
    if constexpr (W > 1)
      if (by_columns) return potrs_columns_pass<P>(uplo, n, nrhs, a + h, ars, acs, b + h, brs, bcs);
    trsm_pass<P>(Side::left, uplo, first, Diag::non_unit, n, nrhs, T(1), a + h, ars, acs, b + h,
                 brs, bcs, work, pf);
    trsm_pass<P>(Side::left, uplo, second, Diag::non_unit, n, nrhs, T(1), a + h, ars, acs, b + h,
                 brs, bcs, work, pf);
  });
  if (pf) prefetch.rest();
}

/// getri_lanes' C = inv(U) inv(L) P^T for order N (one pass, pack P; ipiv == nullptr: no
/// interchanges; else pivots_downward), a row of C at a time in registers: row i of inv(U)
/// (y U = e_i, right-looking), times inv(L) (x L = y, right-looking from the last column), its
/// columns interchanged last pivot first (swap_in_registers), stored. C is written once and
/// never read; no identity, no second pass over it for the interchanges. 4/3 N^3 flops.
template <class P, int N, class T>
inline void getri_rows(const T *a, idx ars, idx acs, const int *ipiv, idx ps, T *c, idx crs,
                       idx ccs, Prefetcher *pf) noexcept {
  using V = typename P::V;
  V d[N];  // reciprocals of U's diagonal
  load_reciprocals<P, N, false>(a, ars + acs, d);
  typename P::I piv[N - 1] = {};  // read only where ipiv is given
  if (ipiv) load_pivots<P, N>(ipiv, ps, piv);
  const V zero = P::splat(T(0));
#pragma GCC unroll 16
  for (int i = 0; i < N; ++i) {
    if (pf) pf->next();
    V x[N];
#pragma GCC unroll 16
    for (int j = 0; j < N; ++j) x[j] = zero;
    x[i] = d[i];
#pragma GCC unroll 16
    for (int k = i; k < N; ++k) {
      if (k > i) x[k] = P::mul(x[k], d[k]);
#pragma GCC unroll 16
      for (int j = k + 1; j < N; ++j) x[j] = P::fms(x[j], x[k], P::load(a + k * ars + j * acs));
    }
#pragma GCC unroll 16
    for (int k = N - 1; k > 0; --k)
#pragma GCC unroll 16
      for (int j = 0; j < k; ++j) x[j] = P::fms(x[j], x[k], P::load(a + k * ars + j * acs));
    if (ipiv) swap_in_registers<P, N, true>(x, piv);
#pragma GCC unroll 16
    for (int j = 0; j < N; ++j) P::store(c + i * crs + j * ccs, x[j]);
  }
}

/// getri_rows for order n up to kInRegistersMax<T> (one pass, pack P).
template <class P, class T>
OMPB_NOINLINE void getri_rows_pass(int n, const T *a, idx ars, idx acs, const int *ipiv, idx ps,
                                   T *c, idx crs, idx ccs, Prefetcher *pf) noexcept {
  with_order<2, kInRegistersMax<T>>(n, [&](auto order) {
    getri_rows<P, decltype(order)::value>(a, ars, acs, ipiv, ps, c, crs, ccs, pf);
  });
}

/// C = inv(A) from getrf's factors in a (n x n; ipiv == nullptr: factored without pivoting),
/// out of place: a is read, only C is written. inv(A) = inv(U) inv(L) P^T, up to
/// kInRegistersMax<T> a row of C at a time (getri_rows; a pass whose pivots are not all downward
/// takes the form below), else:
///   C = I;  C(j0:, J) = inv(L(j0:, j0:)) C(j0:, J) for each tile column J (C(0:j0, J) = 0);
///   C = inv(U) C;  the columns of C interchanged, last pivot first (by selects up to order
///   kSwapSelectsMax<T>, laswp_pass), else laswp_lanes).
/// 4/3 n^3 flops, as LAPACK's getri. info[l] = the first k+1 with U(k,k) == 0 in lane l, else 0
/// (that lane's C is then not meaningful). work: as trsm_lanes' (for inv(U) C, and for inv(L) C
/// where J is then a panel of kUpdatePanel columns, solved by blocks: L read once per panel, not
/// once per tile column; Intel Xeon VM, g++ build, interleaved, 2 alternating runs: dgetri
/// 1.06-1.23x at n = 128..384). ahead: as trsm_lanes' (a step a row of C in registers, else
/// a row tile of each solve).
template <class T, int W>
void getri_lanes(int n, const T *a, idx ars, idx acs, const int *ipiv, idx ps, T *c, idx crs,
                 idx ccs, int *info, T *work = nullptr, const Ahead &ahead = {}) noexcept {
  const bool by_pass = swaps_by_pass<T, W>(ipiv, n);
  Prefetcher prefetch(ahead, 0);
  Prefetcher *pf = spread_over<W>(prefetch, ahead, false);
  for_each_pass<T, W>(n, [&](auto p, int h) {
    using P = decltype(p);
    constexpr int NC = TileShape<P>::cols;
    const int step = work && trsm_blocked<P>(n, kUpdatePanel) ? kUpdatePanel : NC;
    if (pf && h == 0) {
      idx parts = n <= kInRegistersMax<T> ? n : solve_parts<P>(n);  // rows, or inv(U)'s tiles
      if (n > kInRegistersMax<T>)
        for (int j0 = 0; j0 < n; j0 += step) parts += solve_parts<P>(n - j0);
      prefetch.plan(W / pack_lanes<P> * parts);
    }
    typename P::I first = P::index(0);
    for (int k = n - 1; k >= 0; --k)
      first = P::sel(P::is_zero(P::load(a + k * (ars + acs) + h)), P::index(k + 1), first);
    P::store_index(info + h, first, 0);
    if constexpr (W > 1)
      if (n >= 2 && n <= kInRegistersMax<T> && (!ipiv || pivots_downward<P>(n - 1, ipiv + h, ps)))
        return getri_rows_pass<P>(n, a + h, ars, acs, ipiv ? ipiv + h : nullptr, ps, c + h, crs,
                                  ccs, pf);
    // C = I on the pass's lanes: real values lane by lane, complex a pack at a time (the kernels
    // alone on the Zen 4 VM, n = 12 and 16: complex by packs 1.1-1.7x lane by lane in both
    // builds; real lane by lane 0.98-1.12x by packs in Clang's, 0.97-1.03x in G++'s)
    if constexpr (std::is_floating_point_v<T>) {
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
          for (int l = 0; l < pack_lanes<P>; ++l)
            c[i * crs + j * ccs + h + l] = i == j ? T(1) : T(0);
    } else {
      const typename P::V zero = P::splat(T(0)), one = P::splat(T(1));
      for (int j = 0; j < n; ++j) {
        for (int i = 0; i < n; ++i) P::store(c + i * crs + j * ccs + h, zero);
        P::store(c + j * (crs + ccs) + h, one);
      }
    }
    for (int j0 = 0; j0 < n; j0 += step)
      trsm_lower_tiles<P, false>(true, n - j0, n - j0 < step ? n - j0 : step, T(1),
                                 a + j0 * (ars + acs) + h, ars, acs, c + j0 * (crs + ccs) + h, crs,
                                 ccs, work, pf);
    trsm_pass<P>(Side::left, Uplo::upper, Op::n, Diag::non_unit, n, n, T(1), a + h, ars, acs, c + h,
                 crs, ccs, work, pf);
    if constexpr (W > 1)
      if (by_pass)
        laswp_pass<P, kSwapSelectsMax<T>>(n, n, c + h, ccs, crs, ipiv + h, ps, n - 1, true);
  });
  if (ipiv && n > 1 && !by_pass) laswp_lanes<T, W>(n, n, c, ccs, crs, ipiv, ps, n - 1, true);
  if (pf) prefetch.rest();
}

#pragma omp end declare target

}  // namespace ompbatch::detail
