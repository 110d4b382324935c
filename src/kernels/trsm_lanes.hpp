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

#include "kernels/tile_lanes.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail {

#pragma omp declare target

/// X := inv(op(L)) (alpha B) for the lower triangle L of the m x m lane matrix a (op:
/// conjugated when Conj; unit diagonal when unit), B m x n; X overwrites B. Lanes of one pass
/// (pack P); element (i,j) of a at a + i*ars + j*acs.
template <class P, bool Conj, class T>
inline void trsm_lower_tiles(bool unit, int m, int n, T alpha, const T *a, idx ars, idx acs, T *b,
                             idx brs, idx bcs) noexcept {
  using V = typename P::V;
  constexpr int MR = TileShape<P>::rows, NC = TileShape<P>::cols;
  const bool scaled = alpha != T(1);
  const V al = P::splat(alpha);
  for (int i0 = 0; i0 < m; i0 += MR) {
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
      tile_case<MR, NC>(mr, nc, [&](auto rows, auto cols) {
        constexpr int kr = decltype(rows)::value, kc = decltype(cols)::value;
        V acc[kr][kc];
        tile_load<P>(acc, x, brs, bcs);
        if (scaled)
#pragma GCC unroll 8
          for (int r = 0; r < kr; ++r)
#pragma GCC unroll 8
            for (int c = 0; c < kc; ++c) acc[r][c] = P::mul(al, acc[r][c]);
        tile_sub<P, Conj, false>(acc, i0, ai, ars, acs, b + j0 * bcs, brs, bcs);
#pragma GCC unroll 8
        for (int r = 0; r < kr; ++r) {
          if (!unit)
#pragma GCC unroll 8
            for (int c = 0; c < kc; ++c) acc[r][c] = P::mul(acc[r][c], rd[r]);
#pragma GCC unroll 8
          for (int q = r + 1; q < kr; ++q) {
            const V l = cj_<P, Conj>(P::load(ai + q * ars + (i0 + r) * acs));
#pragma GCC unroll 8
            for (int c = 0; c < kc; ++c) acc[q][c] = P::fms(acc[q][c], l, acc[r][c]);
          }
        }
        tile_store<P>(acc, x, brs, bcs);
      });
    }
  }
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right) for the lanes of one pass (pack P);
/// X overwrites B (m x n). alpha must not be zero (trsm_lanes sets B = 0 then).
template <class P, class T>
inline void trsm_pass(Side side, Uplo uplo, Op trans, Diag diag, int m, int n, T alpha, const T *a,
                      idx ars, idx acs, T *b, idx brs, idx bcs) noexcept {
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
  const bool unit = diag == Diag::unit;
  if (is_complex_v<T> && trans == Op::c)
    trsm_lower_tiles<P, true>(unit, m, n, alpha, a, ars, acs, b, brs, bcs);
  else
    trsm_lower_tiles<P, false>(unit, m, n, alpha, a, ars, acs, b, brs, bcs);
}

/// f(Pack<T, H>(), h) for the passes h = 0, H, 2H, .. over W lanes (H = kPassLanes<T, W>).
template <class T, int W, class F>
inline void for_each_pass(F &&f) noexcept {
  constexpr int H = kPassLanes<T, W>;
  for (int h = 0; h < W; h += H) f(Pack<T, H>(), h);
}

/// op(A) X = alpha B (left) or X op(A) = alpha B (right); X overwrites B (m x n). Lane l of
/// A(i,j) is a[i*ars + j*acs + l]. alpha == 0: B = 0, A not read (BLAS).
template <class T, int W>
void trsm_lanes(Side side, Uplo uplo, Op trans, Diag diag, int m, int n, T alpha, const T *a,
                idx ars, idx acs, T *b, idx brs, idx bcs) noexcept {
  if (alpha == T(0)) {
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        for (int l = 0; l < W; ++l) b[i * brs + j * bcs + l] = T(0);
    return;
  }
  for_each_pass<T, W>([&](auto p, int h) {
    trsm_pass<decltype(p)>(side, uplo, trans, diag, m, n, alpha, a + h, ars, acs, b + h, brs, bcs);
  });
}

#pragma omp end declare target

}  // namespace ompbatch::detail
