// SPDX-License-Identifier: BSD-3-Clause
// Triangular solve with many right-hand sides for W interleaved matrices in lock-step (W = 1:
// one matrix), by register tiles (kernels/tile_lanes.hpp). Every side/uplo/trans combination
// reduces to one core, left side and lower triangle: a transposed operand is the same storage
// with its strides swapped (the triangle flips), X op(A) = B is op(A)^T X^T = B^T, and an upper
// triangle is the lower triangle of the reversed view (rows and columns i -> m-1-i).
//
//   for row tiles I top down, column tiles J of the right-hand sides:
//     X(I,J) = alpha B(I,J) - L(I,0:i0) X(0:i0,J)        in registers (tile_sub)
//     X(I,J) = inv(L(I,I)) X(I,J)                         in registers, multiplying by the
//                                                         reciprocals of the diagonal
// Each element of X sees its updates in increasing k, whatever the tile shape.
#pragma once

#include "kernels/prefetch.hpp"
#include "kernels/tile_lanes.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// acc := inv(L(I,I)) acc on the diagonal tile of the R rows I from i0 (rows of L at ai): row r
/// multiplied by rd[r] = 1 / op(L(r,r)) (not when unit), then eliminated from the rows below.
template <class P, bool Conj, int R, int C, class T>
inline void tile_solve_lower(typename P::V (&acc)[R][C], bool unit, const typename P::V *rd,
                             const T *ai, idx ars, idx acs, int i0) noexcept {
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r) {
    if (!unit)
#pragma GCC unroll 8
      for (int c = 0; c < C; ++c) acc[r][c] = P::mul(acc[r][c], rd[r]);
#pragma GCC unroll 8
    for (int q = r + 1; q < R; ++q) {
      const typename P::V l = cj_<P, Conj>(P::load(ai + q * ars + (i0 + r) * acs));
#pragma GCC unroll 8
      for (int c = 0; c < C; ++c) acc[q][c] = P::fms(acc[q][c], l, acc[r][c]);
    }
  }
}

/// Width and depth of the packed updates (gemm_update): kUpdatePanel columns of C at a time,
/// kUpdateDepth terms of the sum at a time (bp: kUpdateDepth x kUpdatePanel values, about
/// 200 KiB for double on AVX-512, for the L2 cache; ap: a row tile's kUpdateDepth values,
/// 16 KiB, for the L1 cache).
enum : int { kUpdatePanel = 48, kUpdateDepth = 64 };

/// How far apart in memory the elements along the stride s lie: |s|.
constexpr idx stride_size(idx s) noexcept {
  return s < 0 ? -s : s;
}

/// Lanes of the pack P (Pack<T, W>: W).
template <class P>
struct PackLanes;
template <class T, int W, class E>
struct PackLanes<Pack<T, W, E>> : std::integral_constant<int, W> {};
template <class P>
inline constexpr int pack_lanes = PackLanes<P>::value;

/// B := alpha B for the m x n lane matrix b (element (i,j) at b + i*brs + j*bcs).
template <class P, class T>
inline void scale_lanes(int m, int n, T alpha, T *b, idx brs, idx bcs) noexcept {
  const typename P::V al = P::splat(alpha);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i)
      P::store(b + i * brs + j * bcs, P::mul(al, P::load(b + i * brs + j * bcs)));
}

/// Rows from which trsm_lower_tiles, given work, runs by blocks (gemm_update). Zen 5 VM, g++
/// build, interleaved, nrhs = n, 2 threads, 64 MiB, medians of 2 alternating runs, tiles ->
/// blocks (trsm, potrs, getrs, getri; S and D): n = 64 0.90-1.04x, 96 0.94-1.09x, 128
/// 0.96-1.13x, 192 1.04-1.12x, 256 0.93-1.12x, 512 1.26-1.78x.
inline constexpr int kTrsmBlockedMin = 128;

/// Whether trsm_lower_tiles, given work, runs m rows and n right-hand sides by blocks: from
/// kTrsmBlockedMin rows and more than one tile column.
template <class P>
constexpr bool trsm_blocked(int m, int n) noexcept {
  return m >= kTrsmBlockedMin && n > TileShape<P>::cols;
}

/// The register tile of gemm_update: TileShape's, but 6 x 4 for one register of real lanes where
/// there are 32 registers (24 accumulators, a row of B and one value of A): each value of B,
/// packed in L2, then feeds 6 products where TileShape's 4 x 4 feeds 4. Intel Xeon VM (AVX-512),
/// g++ build, lanes, interleaved, nrhs = n, 2 alternating runs, over 4 x 4: trsm, getri, getrs
/// 1.01-1.17x at n = 256 and 512 but strsm n = 256 (0.84x, once). A Lower update (potrf's: one
/// panel of columns, C's rows beyond kUpdatePanel) keeps TileShape's: not measured apart.
template <class P, bool Lower>
struct UpdateShape {
  enum : bool {
    taller = !Lower && !TileShape<P>::cplx && TileShape<P>::regs == 1 && TileShape<P>::wide
  };
  enum : int {
    rows = taller ? 6 : int(TileShape<P>::rows),
    cols = taller ? 4 : int(TileShape<P>::cols)
  };
};

/// Bytes of B's packed block (bp) where C has more than kUpdatePanel rows, for the L2 cache.
enum : idx { kUpdateWideBytes = idx(768) << 10 };

/// Columns of C that gemm_update updates for one packed block of B where C has more than
/// kUpdatePanel rows: a multiple of kUpdatePanel (at least one) whose kUpdateDepth x width values
/// of H lanes fit kUpdateWideBytes; 192 for real lanes of one 64-byte register. Each row tile of
/// A is packed once per such block, where it was packed once per panel of kUpdatePanel columns:
/// at n = 1024 (double) the block of A (1024 x 48 values of 8 lanes, 3 MiB) came from beyond L2
/// for each panel, and its packing took 16-18% of gemm_update's samples (perf, the tester, dgetrf
/// interleaved, lanes). Intel Xeon VM, lanes, 2 threads, the two libraries called in turn in one
/// process (7 pairs, ratio of medians, old / new time), g++ build (clang): getrf interleaved
/// double n = 256 / 512 / 1024 1.04 / 1.04 / 1.16 (1.02 / 1.07 / 1.12), single 512 / 1024 1.03 /
/// 1.04 (1.03 / 1.21), double strided 512 1.16 (1.15).
/// A prefetch of the next row tile's C in each tile (C's columns a page apart: 48 streams) cut
/// the stall on C's loads but its own instructions took 11% of the samples at n = 512; left out.
template <class T, int H>
constexpr int update_width() noexcept {
  constexpr idx panels = kUpdateWideBytes / (idx(kUpdateDepth) * kUpdatePanel * idx(sizeof(T)) * H);
  return int(panels > 1 ? panels : 1) * kUpdatePanel;
}

/// Values of T that gemm_update needs as work for a pass of H lanes (ap and bp).
template <class T, int H>
constexpr idx gemm_work() noexcept {
  using P = Pack<T, H>;
  constexpr int NC = TileShape<P>::cols;  // UpdateShape's, Lower or not
  static_assert(int(UpdateShape<P, false>::cols) == NC);
  constexpr int wide = update_width<T, H>();
  return idx(kUpdatePanel + (wide + NC - 1) / NC * NC) * kUpdateDepth * H;
}

/// Values of work that the solves of W lanes (trsm_lower_tiles by blocks) need for triangles of
/// order m and n right-hand sides: gemm_work's where they run by blocks (trsm_blocked), else none.
template <class T, int W>
constexpr idx trsm_work_size(int m, int n) noexcept {
  constexpr int H = kPassLanes<T, W>;
  return trsm_blocked<Pack<T, H>>(m, n) ? gemm_work<T, H>() : 0;
}

/// The H lanes of one value: y = x (y and x apart), as whole vectors: Clang 19 compiled a simd
/// loop here into eight scalar moves behind an overlap check, 33% of gemm_update's time.
template <class T, int H>
inline void copy_value(T *y, const T *x) noexcept {
  __builtin_memcpy(y, x, sizeof(T) * H);
}

/// copy_value into gemm_update's packed copies: complex values with their parts apart
/// (store_apart), so that the update's inner loop loads them without shuffles.
template <class P, int H, class T>
inline void pack_value(T *y, const T *x) noexcept {
  if constexpr (TileShape<P>::cplx)
    store_apart<P>(y, P::load(x));
  else
    copy_value<T, H>(y, x);
}

/// C -= op(A) op(B) for the m x n C (element (i,q) at c + i*crs + q*ccs; only i >= q where
/// Lower), A m x K, B K x n (op: conjugated where ConjA / ConjB), by depth blocks of
/// kUpdateDepth and panels of kUpdatePanel columns of C (update_width's where C has more rows):
/// the block of B packed once into bp (each tile column's NC values of a k adjacent), a row
/// tile's block of A into ap, so that the tiles read sequential memory, from the caches, at any
/// stride of A and B. Where C has at most kUpdatePanel rows (the solves' blocks), ap holds all of
/// A's block, packed once for every panel (Intel Xeon VM, g++ build, lanes, interleaved, nrhs = n,
/// 2 alternating runs: trsm, getri, getrs 1.03-1.10x at n = 256 and 512 but dgetrs n = 256, 0.91x
/// once); else each row tile's part is packed again for each panel. Each element sees its terms in
/// increasing k, fused, as in tile_sub over all of K: the results are those of the tile kernels,
/// bit for bit. work: gemm_work<T, H>() values.
template <class P, int H, bool ConjA, bool ConjB, bool Lower, class T>
void gemm_update(int m, int n, int K, T *c, idx crs, idx ccs, const T *a, idx ars, idx acs,
                 const T *b, idx brs, idx bcs, T *work) noexcept {
  using V = typename P::V;
  constexpr int MR = UpdateShape<P, Lower>::rows, NC = UpdateShape<P, Lower>::cols;
  // ap's kUpdatePanel rows hold whole row tiles, which start at each panel's first row (Lower)
  static_assert(kUpdatePanel % MR == 0);
  const bool whole = m <= kUpdatePanel;  // ap holds the block of all m rows of A
  const int width = whole ? int(kUpdatePanel) : update_width<T, H>();
  T *bp = work + idx(kUpdatePanel) * kUpdateDepth * H;
  for (int k0 = 0; k0 < K; k0 += kUpdateDepth) {
    const int kb = K - k0 < kUpdateDepth ? K - k0 : kUpdateDepth;
    for (int j0 = 0; j0 < n; j0 += width) {
      const int jb = n - j0 < width ? n - j0 : width, tiles = (jb + NC - 1) / NC;
      auto pack_b = [&](int k, int j) OMPB_INLINE {
        pack_value<P, H>(bp + ((idx(j / NC) * kb + k) * NC + j % NC) * H,
                         b + (k0 + k) * brs + (j0 + j) * bcs);
      };
      if (stride_size(brs) <= stride_size(bcs))  // B read along its near stride
        for (int j = 0; j < jb; ++j)
          for (int k = 0; k < kb; ++k) pack_b(k, j);
      else
        for (int k = 0; k < kb; ++k)
          for (int j = 0; j < jb; ++j) pack_b(k, j);
      for (int i0 = Lower ? j0 : 0; i0 < m; i0 += MR) {
        const int mr = m - i0 < MR ? m - i0 : MR;
        const int next = m - i0 - mr < MR ? m - i0 - mr : MR;  // the next row tile's rows
        T *ap = whole ? work + idx(i0) * kb * H : work;
        if (!whole || j0 == 0)  // (every row tile is in the first panel)
          for (int k = 0; k < kb; ++k) {
            for (int r = 0; r < mr; ++r)
              pack_value<P, H>(ap + (idx(k) * MR + r) * H, a + (i0 + r) * ars + (k0 + k) * acs);
            for (int r = 0; r < next; ++r)
              prefetch_range<1>(a + (i0 + mr + r) * ars + (k0 + k) * acs, idx(sizeof(T)) * H);
          }
        for (int t = 0; t < tiles && (!Lower || j0 + t * NC < i0 + mr); ++t) {
          const int c0 = j0 + t * NC, nc = jb - t * NC < NC ? jb - t * NC : NC;
          T *x = c + i0 * crs + c0 * ccs;
          // the part above the diagonal is neither read nor written (a compile-time choice:
          // most tiles lie wholly below it)
          auto tile = [&](auto diag_tag) OMPB_INLINE {
            constexpr bool diag = decltype(diag_tag)::value;
            tile_case<MR, NC>(mr, nc, [&](auto rows, auto cols) OMPB_INLINE {
              constexpr int kr = decltype(rows)::value, kc = decltype(cols)::value;
              V acc[kr][kc];
              tile_load_lower<P, diag>(acc, x, crs, ccs, c0 - i0);
              tile_sub<P, ConjA, ConjB, true>(acc, kb, ap, H, idx(MR) * H,
                                              bp + idx(t) * kb * NC * H, idx(NC) * H, H);
              tile_store_lower<P, diag>(acc, x, crs, ccs, c0 - i0);
            });
          };
          if (!Lower || i0 >= c0 + nc - 1)
            tile(std::false_type());
          else
            tile(std::true_type());
        }
      }
    }
  }
}

/// The lower trapezoid (i >= j) of the m x n lane matrix x (H lanes; element (i,j) at x + i*xrs
/// + j*xcs) copied into y (at y + i*yrs + j*ycs), row after row where ByRows, else column after
/// column (the order in which the caller's copy is the contiguous one).
template <int H, bool ByRows, class T>
inline void copy_lower(int m, int n, const T *x, idx xrs, idx xcs, T *y, idx yrs,
                       idx ycs) noexcept {
  if constexpr (ByRows) {
    for (int i = 0; i < m; ++i)
      for (int j = 0; j <= i && j < n; ++j)
        copy_value<T, H>(y + i * yrs + j * ycs, x + i * xrs + j * xcs);
  } else {
    for (int j = 0; j < n; ++j)
      for (int i = j; i < m; ++i) copy_value<T, H>(y + i * yrs + j * ycs, x + i * xrs + j * xcs);
  }
}

/// Orders from which one tile column of right-hand sides is solved right-looking when L's
/// columns are its near stride (trsm_lower_right).
inline constexpr int kRightLookingMin = 64;

/// trsm_lower_tiles for n <= TileShape::cols right-hand sides, right-looking: B is scaled by
/// alpha, then for each row tile I top down X(I) = inv(L(I,I)) B(I) in registers and the rows
/// below updated, B(I2) -= L(I2,I) X(I), tile by tile. L is read once, down its columns (the
/// left-looking form reads it along rows, a page apart per element at large m on the near-column
/// storage of interleaved lanes), while B stays in cache. Every element of X sees the same
/// operations in the same order as in the left-looking form, so the two agree bitwise.
template <class P, bool Conj, class T>
inline void trsm_lower_right(bool unit, int m, int n, T alpha, const T *a, idx ars, idx acs, T *b,
                             idx brs, idx bcs, Prefetcher *pf = nullptr) noexcept {
  using V = typename P::V;
  constexpr int MR = TileShape<P>::rows, NC = TileShape<P>::cols;
  if (alpha != T(1)) scale_lanes<P>(m, n, alpha, b, brs, bcs);
  tile_case<1, NC>(1, n, [&](auto, auto cols) {
    constexpr int kc = decltype(cols)::value;
    for (int i0 = 0; i0 < m; i0 += MR) {
      if (pf) pf->next();
      const T *ai = a + i0 * ars;  // rows I of L
      T *x = b + i0 * brs;
      tile_case<MR, 1>(m - i0 < MR ? m - i0 : MR, 1, [&](auto rows, auto) {
        constexpr int kr = decltype(rows)::value;
        V acc[kr][kc];
        V rd[kr];
#pragma GCC unroll 8
        for (int r = 0; r < kr; ++r)
          rd[r] = unit ? P::splat(T(1))
                       : P::recip(cj_<P, Conj>(P::load(ai + r * ars + (i0 + r) * acs)));
        tile_load<P>(acc, x, brs, bcs);
        tile_solve_lower<P, Conj>(acc, unit, rd, ai, ars, acs, i0);
        tile_store<P>(acc, x, brs, bcs);
        for (int r0 = i0 + kr; r0 < m; r0 += MR) {
          T *y = b + r0 * brs;
          tile_case<MR, 1>(m - r0 < MR ? m - r0 : MR, 1, [&](auto below, auto) {
            V u[decltype(below)::value][kc];
            tile_load<P>(u, y, brs, bcs);
            tile_sub<P, Conj, false>(u, kr, a + r0 * ars + i0 * acs, ars, acs, x, brs, bcs);
            tile_store<P>(u, y, brs, bcs);
          });
        }
      });
    }
  });
}

/// X := inv(op(L)) (alpha B) for the lower triangle L of the m x m lane matrix a (op:
/// conjugated when Conj; unit diagonal when unit), B m x n; X overwrites B. Lanes of one pass
/// (pack P); element (i,j) of a at a + i*ars + j*acs.
///
/// With work (the host's gemm_work<T, H>() values, H: P's lanes) from kTrsmBlockedMin rows and
/// more than one tile column: by blocks of kUpdatePanel rows, left-looking, B scaled by alpha
/// first, each block's rows updated by the rows of X above it from packed copies
/// (gemm_update), then solved by the tiles; the same operations in the same order. Where L's
/// rows are its far stride (an interleaved matrix's columns: the row's elements n*W values
/// apart, at the orders of powers of two all in one set of L1), the tiles read each diagonal
/// block from a copy by rows in work (copy_lower; free once the block's update is done).
///
/// pf (where given) advances once a row tile, before it (not by blocks): solve_parts.
template <class P, bool Conj, class T>
inline void trsm_lower_tiles(bool unit, int m, int n, T alpha, const T *a, idx ars, idx acs, T *b,
                             idx brs, idx bcs, T *work = nullptr,
                             Prefetcher *pf = nullptr) noexcept {
  using V = typename P::V;
  constexpr int MR = TileShape<P>::rows, NC = TileShape<P>::cols;
  if (n <= NC && m >= kRightLookingMin && stride_size(acs) > stride_size(ars))
    return trsm_lower_right<P, Conj>(unit, m, n, alpha, a, ars, acs, b, brs, bcs, pf);
  if constexpr (1 < pack_lanes<P>)  // the host's lanes: one lane (the device) never has work
    if (work && trsm_blocked<P>(m, n)) {
      if (alpha != T(1)) scale_lanes<P>(m, n, alpha, b, brs, bcs);
      for (int i0 = 0; i0 < m; i0 += kUpdatePanel) {
        const int ib = m - i0 < kUpdatePanel ? m - i0 : kUpdatePanel;
        gemm_update<P, pack_lanes<P>, Conj, false, false>(
            ib, n, i0, b + i0 * brs, brs, bcs, a + i0 * ars, ars, acs, b, brs, bcs, work);
        const T *l11 = a + i0 * (ars + acs);
        idx lrs = ars, lcs = acs;                       // L(i0 + i, i0 + k) at l11 + i*lrs + k*lcs
        if (stride_size(acs) > stride_size(ars)) {      // by rows in work
          static_assert(kUpdateDepth >= kUpdatePanel);  // ib * ib values: within work
          lrs = idx(ib) * pack_lanes<P>;
          lcs = pack_lanes<P>;
          copy_lower<pack_lanes<P>, true>(ib, ib, l11, ars, acs, work, lrs, lcs);
          l11 = work;
        }
        trsm_lower_tiles<P, Conj>(unit, ib, n, T(1), l11, lrs, lcs, b + i0 * brs, brs, bcs);
      }
      return;
    }
  const bool scaled = alpha != T(1);
  const V al = P::splat(alpha);
  for (int i0 = 0; i0 < m; i0 += MR) {
    if (pf) pf->next();
    const int mr = m - i0 < MR ? m - i0 : MR;
    const T *ai = a + i0 * ars;  // rows I of L
    V rd[MR];                    // 1 / op(L(i,i)) of rows I
#pragma GCC unroll 8
    for (int r = 0; r < MR; ++r)
      rd[r] = unit || r >= mr ? P::splat(T(1))
                              : P::recip(cj_<P, Conj>(P::load(ai + r * ars + (i0 + r) * acs)));
    for (int j0 = 0; j0 < n; j0 += NC) {
      const int nc = n - j0 < NC ? n - j0 : NC;
      T *x = b + i0 * brs + j0 * bcs;
      // inlined in Clang's host code (OMPB_INLINE), as potrf_tiles' tiles: kernels alone, clang,
      // one block in L1, medians of 3 alternating runs: trsm and potrs with nrhs = n 1.35-1.45x
      // (8 double complex lanes, n = 12, 16), 1.04-1.10x (8 double lanes), 16 double lanes tied
      tile_case<MR, NC>(mr, nc, [&](auto rows, auto cols) OMPB_INLINE {
        constexpr int kr = decltype(rows)::value, kc = decltype(cols)::value;
        V acc[kr][kc];
        tile_load<P>(acc, x, brs, bcs);
        if (scaled)
#pragma GCC unroll 8
          for (int r = 0; r < kr; ++r)
#pragma GCC unroll 8
            for (int c = 0; c < kc; ++c) acc[r][c] = P::mul(al, acc[r][c]);
        tile_sub<P, Conj, false>(acc, i0, ai, ars, acs, b + j0 * bcs, brs, bcs);
        tile_solve_lower<P, Conj>(acc, unit, rd, ai, ars, acs, i0);
        tile_store<P>(acc, x, brs, bcs);
      });
    }
  }
}

/// A trsm as the one core solves it (see the file's head): L X = alpha B with L the lower
/// triangle at a (strides ars, acs; conjugated where conj), X over the m x n B at b.
template <class T>
struct LowerSolve {
  const T *a;
  idx ars, acs;
  T *b;
  idx brs, bcs;
  int m, n;
  bool conj;
};

/// op(A) X = alpha B (left) or X op(A) = alpha B (right) as a LowerSolve.
template <class T>
inline LowerSolve<T> lower_solve(Side side, Uplo uplo, Op trans, int m, int n, const T *a, idx ars,
                                 idx acs, T *b, idx brs, idx bcs) noexcept {
  const bool left = side == Side::left;
  const bool transposed = left != (trans == Op::n);  // the view of A that is the left operand
  if (transposed) {
    const idx t = ars;
    ars = acs, acs = t;
  }
  if (!left) {  // op(A)^T X^T = alpha B^T
    const idx t = brs;
    brs = bcs, bcs = t;
    const int k = m;
    m = n, n = k;
  }
  if ((uplo == Uplo::lower) == transposed) {  // upper: the reversed view is lower
    a += idx(m - 1) * (ars + acs);
    ars = -ars, acs = -acs;
    b += idx(m - 1) * brs;
    brs = -brs;
  }
  return {a, ars, acs, b, brs, bcs, m, n, is_complex_v<T> && trans == Op::c};
}

/// f(std::bool_constant<conj>()), instantiated with true only for complex T (a real
/// conjugate is the value itself).
template <class T, class F>
OMPB_INLINE inline void with_conj(bool conj, F &&f) noexcept {
  if constexpr (is_complex_v<T>)
    if (conj) return f(std::true_type());
  f(std::false_type());
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right) for the lanes of one pass (pack P);
/// X overwrites B (m x n). alpha must not be zero (trsm_lanes sets B = 0 then). work: see
/// trsm_lower_tiles.
template <class P, class T>
inline void trsm_pass(Side side, Uplo uplo, Op trans, Diag diag, int m, int n, T alpha, const T *a,
                      idx ars, idx acs, T *b, idx brs, idx bcs, T *work = nullptr,
                      Prefetcher *pf = nullptr) noexcept {
  const LowerSolve<T> s = lower_solve(side, uplo, trans, m, n, a, ars, acs, b, brs, bcs);
  const bool unit = diag == Diag::unit;
  if (s.conj)
    trsm_lower_tiles<P, true>(unit, s.m, s.n, alpha, s.a, s.ars, s.acs, s.b, s.brs, s.bcs, work,
                              pf);
  else
    trsm_lower_tiles<P, false>(unit, s.m, s.n, alpha, s.a, s.ars, s.acs, s.b, s.brs, s.bcs, work,
                               pf);
}

/// Orders up to which the host's solves keep a column of the right-hand sides (getrs, potrs:
/// solve_by_columns; trsm: trsm_by_columns) or a row of the inverse (getri_rows) in registers,
/// where it, the triangle's reciprocals and the pivots fit them. Past them, on the Zen 4 VM (the
/// kernels alone, one thread, batches in L2, getri_rows to 16 against the tiles), single 0.82-0.94x
/// at 16 (1.06-1.11x at 12), double 0.89x interleaved at 12 (1.17-1.29x at 10), single complex
/// 0.94-0.96x strided at 9 and 10, double complex 0.92-1.05x at 9 and 10; double and complex
/// 0.44-0.81x at 14 and 16, single 0.88x interleaved at 14.
template <class T>
inline constexpr int kInRegistersMax = std::is_same_v<T, float>    ? 12
                                       : std::is_same_v<T, double> ? 10
                                                                   : 8;

/// Whether getrs or potrs of order n with nrhs right-hand sides runs a column of them at a time
/// in registers (getrs_columns, potrs_columns): to order 8 up to 4 of them (any number in
/// real), past 8 one. The tiles read each element of the triangles once for several columns, the
/// columns once a column. On the Zen 4 VM (the kernels alone, one thread, batches in L2, against
/// the tiles, both builds): nrhs = 1 0.99-2.97x to kInRegistersMax (getrs N, T; potrs); nrhs = 4
/// 0.97-2.18x to 8, but past it in real Clang's build ran 0.81-0.98x (getrs T, potrs; G++'s
/// 0.94-1.29x); nrhs = n 1.03-2.07x in real to 8 and in every precision at 4, complex 0.91-1.03x
/// at 8.
template <class T>
constexpr bool solve_by_columns(int n, int nrhs) noexcept {
  return n >= 2 && n <= kInRegistersMax<T> &&
         (nrhs == 1 || (n <= 8 && (nrhs <= 4 || std::is_floating_point_v<T>)));
}

/// Whether trsm of order n with nrhs right-hand sides runs them a column at a time in registers
/// (trsm_columns): one of them, to order 10. The tiles solve a single triangle in one pass over
/// B already: on the Zen 4 VM (the kernels alone, one thread, batches in L2, against the tiles)
/// nrhs = 1 ran 0.99-1.84x (g++) and 0.95-1.40x (clang) to order 10, single at 12 0.95-0.97x
/// (g++); nrhs = 4 0.92-1.27x (complex 0.92-0.93x at 6 and 8, single 0.89x at 12; g++).
template <class T>
constexpr bool trsm_by_columns(int n, int nrhs) noexcept {
  return n >= 2 && n <= kInRegistersMax<T> && n <= 10 && nrhs == 1;
}

/// The reciprocals of the N diagonal elements of a pass's matrix a (pack P; ds = its diagonal's
/// stride; conjugated where Conj), as the kernels that work in registers keep them.
template <class P, int N, bool Conj, class T>
OMPB_INLINE inline void load_reciprocals(const T *a, idx ds, typename P::V (&d)[N]) noexcept {
#pragma GCC unroll 16
  for (int j = 0; j < N; ++j) d[j] = P::recip(cj_<P, Conj>(P::load(a + j * ds)));
}

/// f(x) on each of the n columns of the N-row B (one pass, pack P), x its column in registers:
/// loaded, passed, stored.
template <class P, int N, class T, class F>
OMPB_INLINE inline void columns_in_registers(int n, T *b, idx brs, idx bcs, F &&f) noexcept {
  for (int j = 0; j < n; ++j) {
    T *y = b + j * bcs;
    typename P::V x[N];
#pragma GCC unroll 16
    for (int i = 0; i < N; ++i) x[i] = P::load(y + i * brs);
    f(x);
#pragma GCC unroll 16
    for (int i = 0; i < N; ++i) P::store(y + i * brs, x[i]);
  }
}

/// x := inv(T) x for the N values x in registers (one pass, pack P), T(i,k) = a[i*rs + k*cs]
/// (conjugated where Conj): its lower triangle forward, or its upper triangle backward
/// (Backward); each x[k] multiplied by d[k], T's reciprocal of T(k,k), then eliminated from the
/// others (right-looking). d == nullptr: a unit diagonal.
template <class P, int N, bool Backward, bool Conj, class T>
OMPB_INLINE inline void solve_in_registers(typename P::V (&x)[N], const T *a, idx rs, idx cs,
                                           const typename P::V *d) noexcept {
#pragma GCC unroll 16
  for (int s = 0; s < N; ++s) {
    const int k = Backward ? N - 1 - s : s;
    if (d) x[k] = P::mul(x[k], d[k]);
#pragma GCC unroll 16
    for (int t = s + 1; t < N; ++t) {
      const int i = Backward ? N - 1 - t : t;
      x[i] = P::fms(x[i], x[k], cj_<P, Conj>(P::load(a + i * rs + k * cs)));
    }
  }
}

/// trsm_lower_tiles' L X = alpha B for order N (one pass, pack P), a column of B at a time in
/// registers (solve_in_registers): B read and written once, L once a column.
template <class P, int N, bool Conj, class T>
inline void trsm_columns(bool unit, int nrhs, T alpha, const T *a, idx ars, idx acs, T *b, idx brs,
                         idx bcs) noexcept {
  using V = typename P::V;
  V d[N];
  if (!unit) load_reciprocals<P, N, Conj>(a, ars + acs, d);
  const bool scaled = alpha != T(1);
  const V al = P::splat(alpha);
  columns_in_registers<P, N>(nrhs, b, brs, bcs, [&](V(&x)[N]) OMPB_INLINE {
    if (scaled)
#pragma GCC unroll 16
      for (int i = 0; i < N; ++i) x[i] = P::mul(al, x[i]);
    solve_in_registers<P, N, false, Conj>(x, a, ars, acs, unit ? nullptr : d);
  });
}

/// Orders up to which real lanes that span several registers (AVX2: W doubles or floats in two)
/// run as one pass over all W: the two registers' dependency chains (the square roots and
/// reciprocals of the diagonal, each column's updates) interleave, where a pass of one register
/// waits on each. Larger orders run a register at a time, with the larger tiles.
inline constexpr int kWidePassMax = 32;

/// Whether W lanes of order n run as one pass of Pack<T, W> (for_each_pass).
template <class T, int W, int WideMax = kWidePassMax>
constexpr bool one_pass(int n) noexcept {
  return kPassLanes<T, W> == W || n <= WideMax;
}

/// Orders from which the solves of one right-hand side (two: kWideSolvePairMin) run real lanes
/// that span two registers as one pass (wide_solve), where their triangles outgrow L2: a pass of
/// one register reads its half of each of the triangle's cache lines, so the two passes read the
/// triangle twice from memory. The pass of two registers keeps a tile column of 3 x 1 (3 x 2)
/// where a register's pass keeps 4 x 1 (4 x 3). The kernels alone on the Zen 3 VM (interleaved
/// double of width 8, 32 MiB, 2 threads, g++, best of 5, 3 alternating rounds), two passes -> one:
/// nrhs = 1 getrs, potrs, trsm (L, L^T, U) n = 48..96 0.92-1.05x, 128 0.96-1.14x, 192 1.13-1.27x,
/// 256 1.24-1.27x, 512 1.68-1.95x; nrhs = 2 128..256 0.83-1.07x (getrs and upper trsm 0.83-0.97x),
/// 320 1.08-1.18x, 384 1.17-1.28x, 512 1.49-1.83x.
inline constexpr int kWideSolveMin = 128, kWideSolvePairMin = 320;

/// Whether the solves of W lanes of order n with nrhs right-hand sides run as one pass of
/// Pack<T, W> (for_each_pass's wide; where W spans several registers).
constexpr bool wide_solve(int n, int nrhs) noexcept {
  return nrhs == 1 ? n >= kWideSolveMin : nrhs == 2 && n >= kWideSolvePairMin;
}

/// f(Pack<T, H>(), h) for the passes h = 0, H, 2H, .. over W lanes (H = kPassLanes<T, W>), or
/// f(Pack<T, W>(), 0) where wide (wide_solve) or at orders n <= WideMax (potrf's:
/// kPotrfWidePassMax). Inlined in Clang's host code (OMPB_INLINE): out of line in trsm_lanes,
/// with its caller, real interleaved trsm ran 0.79-0.95x at n = 2..16 (the kernels alone).
template <class T, int W, int WideMax = kWidePassMax, class F>
OMPB_INLINE inline void for_each_pass(int n, bool wide, F &&f) noexcept {
  constexpr int H = kPassLanes<T, W>;
  if constexpr (H < W) {
    if (wide || one_pass<T, W, WideMax>(n)) {
      f(Pack<T, W>(), 0);
      return;
    }
  }
  for (int h = 0; h < W; h += H) f(Pack<T, H>(), h);
}

/// for_each_pass, wide only at orders n <= WideMax.
template <class T, int W, int WideMax = kWidePassMax, class F>
OMPB_INLINE inline void for_each_pass(int n, F &&f) noexcept {
  for_each_pass<T, W, WideMax>(n, false, f);
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right) by trsm_columns (one pass, pack P;
/// trsm_by_columns). Out of line: inlined, its dozen kernels' calls had G++ leave trsm_pass out
/// of line in trsm_lanes.
template <class P, class T>
OMPB_NOINLINE void trsm_columns_pass(Side side, Uplo uplo, Op trans, Diag diag, int m, int n,
                                     T alpha, const T *a, idx ars, idx acs, T *b, idx brs,
                                     idx bcs) noexcept {
  const LowerSolve<T> s = lower_solve(side, uplo, trans, m, n, a, ars, acs, b, brs, bcs);
  with_order<2, kInRegistersMax<T>>(s.m, [&](auto order) {
    with_conj<T>(s.conj, [&](auto conj) {
      trsm_columns<P, decltype(order)::value, decltype(conj)::value>(
          diag == Diag::unit, s.n, alpha, s.a, s.ars, s.acs, s.b, s.brs, s.bcs);
    });
  });
}

/// How often a solve of order m by the tiles advances its Prefetcher on a pass (pack P): once a
/// row tile (trsm_lower_tiles; by blocks not at all: the Prefetcher's rest() issues it).
template <class P>
constexpr idx solve_parts(int m) noexcept {
  constexpr int MR = TileShape<P>::rows;
  return (m + MR - 1) / MR;
}

/// The Prefetcher a solve of W lanes passes to its tiles, for `ahead` (none: nullptr). A solve in
/// registers (in_registers) issues it all at once, here, and passes none: advancing a Prefetcher
/// once a step there ran 0.83-0.97x (interleaved double potrs n = 6..10, 64 MiB, 2 threads), and
/// its checks alone cost small orders up to 10% (the tester, getrs and trsm, n = 6 and 8).
template <int W>
inline Prefetcher *spread_over(Prefetcher &prefetch, const Ahead &ahead,
                               bool in_registers) noexcept {
  if (W == 1 || !ahead.ranges) return nullptr;
  if (!in_registers) return &prefetch;
  prefetch.plan(1);
  prefetch.next();
  return nullptr;
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right); X overwrites B (m x n). Lane l of
/// A(i,j) is a[i*ars + j*acs + l]. alpha == 0: B = 0, A not read (BLAS). On the host's lanes a
/// column of B (a row, right) at a time in registers where trsm_by_columns (trsm_columns), else
/// the tiles; work (the host's, at large orders): gemm_work<T, kPassLanes<T, W>>() values for
/// the blocked form; nullptr: tiles. ahead: what the solve prefetches, spread over its row tiles
/// (solve_parts) and the rest at its end; in registers at once (spread_over).
template <class T, int W>
OMPB_INLINE inline void trsm_lanes(Side side, Uplo uplo, Op trans, Diag diag, int m, int n, T alpha,
                                   const T *a, idx ars, idx acs, T *b, idx brs, idx bcs,
                                   T *work = nullptr, const Ahead &ahead = {}) noexcept {
  if (alpha == T(0)) {
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        for (int l = 0; l < W; ++l) b[i * brs + j * bcs + l] = T(0);
    return;
  }
  const bool left = side == Side::left;
  const int order = left ? m : n, nrhs = left ? n : m;
  const bool by_columns = W > 1 && trsm_by_columns<T>(order, nrhs);
  Prefetcher prefetch(ahead, 0);
  Prefetcher *pf = spread_over<W>(prefetch, ahead, by_columns);
  for_each_pass<T, W>(order, wide_solve(order, nrhs), [&](auto p, int h) OMPB_INLINE {
    using P = decltype(p);
    if (pf && h == 0) prefetch.plan(W / pack_lanes<P> * solve_parts<P>(order));
    if constexpr (W > 1)
      if (by_columns)
        return trsm_columns_pass<P>(side, uplo, trans, diag, m, n, alpha, a + h, ars, acs, b + h,
                                    brs, bcs);
    trsm_pass<P>(side, uplo, trans, diag, m, n, alpha, a + h, ars, acs, b + h, brs, bcs, work, pf);
  });
  if (pf) prefetch.rest();
}

#pragma omp end declare target

}  // namespace ompbatch::detail
