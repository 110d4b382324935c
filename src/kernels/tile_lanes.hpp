// SPDX-License-Identifier: BSD-3-Clause
// Register tiles of lane values, the building block of the solver kernels (trsm, potrf and the
// inverse): an R x C block of an output is accumulated in registers over the whole inner
// dimension and stored once, so that each element is loaded and stored once and every fused
// update reads R + C values for R * C products. The tile shape is chosen per pack (TileShape);
// partial tiles at the edges run with their own compile-time shape (tile_case).
//
//   acc(r,c) -= sum_{k < K} op(A(r,k)) * op(B(k,c))          (tile_sub, k in increasing order)
//
// Strides are signed: a transposed view swaps them, a reversed view (i -> m-1-i) negates them,
// so that one lower-triangular, left-side form serves every triangle and side.
#pragma once

#include <type_traits>
#include <utility>

#include "kernels/pack.hpp"

namespace ompbatch::detail {

/// Lanes of W that one kernel pass computes on: one register of real lanes (a wider host pack
/// runs as several passes, each a full register tile), all W for complex lanes (their packs
/// hold the real and imaginary parts apart) and for one lane.
template <class T, int W>
inline constexpr int kPassLanes = is_complex_v<T> || sizeof(T) * W <= kVectorBytes
                                      ? W
                                      : int(kVectorBytes / sizeof(T));

/// f(std::integral_constant<int, n>()) where Lo <= n <= Hi, with kernels compiled for each such
/// order; returns whether it called f. Outside `declare target`: the host drivers call it with
/// code that only the host runs (GCC rejects their threadprivate scratch in a target function).
template <int Lo, int Hi, class F>
inline bool with_order(int n, F &&f) {
  if constexpr (Lo <= Hi) {
    if (n != Lo) return with_order<Lo + 1, Hi>(n, f);
    f(std::integral_constant<int, Lo>());
    return true;
  } else {
    return false;
  }
}

#pragma omp declare target

/// Registers of the target for the host's packs (AVX-512: 32).
enum : int { kVectorRegisters = kVectorBytes >= 64 ? 32 : 16 };

/// Rows and columns of the accumulator tile for values of the pack P: the accumulators, one
/// row's value of A and a row of B's values fit the registers (complex values take two, a pair
/// pack's real values as many as it spans).
template <class P>
struct TileShape {  // enumerators, not static members: no device globals (see FixedSize)
  enum : bool {
    cplx = !std::is_same_v<typename P::V, typename P::R>,
    wide = kVectorRegisters >= 32
  };
  enum : int {
    regs = cplx || sizeof(typename P::V) <= kVectorBytes
               ? 1
               : int(sizeof(typename P::V) / kVectorBytes),
    rows = cplx       ? (wide ? 3 : 2)
           : regs > 1 ? 3
                      : 4,
    cols = cplx       ? (wide ? 3 : 2)
           : regs > 1 ? 2
                      : (wide ? 4 : 3)
  };
};

/// f(R, C) with R and C std::integral_constants equal to r and c, 1 <= r <= MR, 1 <= c <= MC:
/// partial tiles at the edges run with a shape known at compile time too.
template <int MR, int MC, int R = MR, int C = MC, class F>
OMPB_INLINE inline void tile_case(int r, int c, F &&f) noexcept {
  if (r == R && c == C)
    f(std::integral_constant<int, R>(), std::integral_constant<int, C>());
  else if constexpr (C > 1)
    tile_case<MR, MC, R, C - 1>(r, c, f);
  else if constexpr (R > 1)
    tile_case<MR, MC, R - 1, MC>(r, c, f);
}

/// x, conjugated when Conj.
template <class P, bool Conj>
inline typename P::V cj_(const typename P::V &x) noexcept {
  if constexpr (Conj)
    return P::conj(x);
  else
    return x;
}

/// acc(r,c) = X(r,c) for the R x C tile at x (row stride rs, column stride cs).
template <class P, int R, int C, class T>
inline void tile_load(typename P::V (&acc)[R][C], const T *x, idx rs, idx cs) noexcept {
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
    for (int c = 0; c < C; ++c) acc[r][c] = P::load(x + r * rs + c * cs);
}

/// tile_load of the elements on and below the diagonal r >= c + off, the others zero (not
/// read); all of them when !Lower.
template <class P, bool Lower, int R, int C, class T>
inline void tile_load_lower(typename P::V (&acc)[R][C], const T *x, idx rs, idx cs,
                            int off) noexcept {
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
    for (int c = 0; c < C; ++c)
      acc[r][c] = !Lower || r >= c + off ? P::load(x + r * rs + c * cs) : P::splat(T(0));
}

/// X(r,c) = acc(r,c).
template <class P, int R, int C, class T>
inline void tile_store(const typename P::V (&acc)[R][C], T *x, idx rs, idx cs) noexcept {
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
    for (int c = 0; c < C; ++c) P::store(x + r * rs + c * cs, acc[r][c]);
}

/// tile_store of the elements on and below the diagonal r >= c + off (the others not written);
/// all of them when !Lower.
template <class P, bool Lower, int R, int C, class T>
inline void tile_store_lower(const typename P::V (&acc)[R][C], T *x, idx rs, idx cs,
                             int off) noexcept {
#pragma GCC unroll 8
  for (int r = 0; r < R; ++r)
#pragma GCC unroll 8
    for (int c = 0; c < C; ++c)
      if (!Lower || r >= c + off) P::store(x + r * rs + c * cs, acc[r][c]);
}

/// Keeps the vector v in a register where the compiler would rather reload it from memory for
/// each use: GCC 12 folds a tile's row of B, or its column of A, into each fused update that uses
/// it (R * C + R loads where R + C would do). Zen 5 VM, g++ build, medians of 3 alternating
/// runs: dpotrf by panels n = 192..512 1.07-1.16x, getri and matinv n = 128 1.07-1.11x; tiles of
/// one row or column (the solves with one right-hand side) ran up to 0.77x with it and keep the
/// compiler's choice. A pair pack's value (16 double lanes on AVX-512) is kept as its two
/// registers: GCC 12 loaded 24 vectors a step for the 3 x 2 tile's 12 fused updates, where 10 do.
/// Kernels alone (16 double lanes, one interleaved block in L1 or L2, one thread, best of 7,
/// medians of 3 alternating runs, g++): potrf n = 12 / 16 / 24 / 32 1.12x / 1.18x / 1.27x / 1.18x,
/// trsm and potrs with nrhs = n 1.11-1.38x at n = 8..24; the tester (32 MiB, 2 threads, medians
/// of 5 alternating runs): interleaved dpotrf n = 24 / 32 / 64 1.12x / 1.23x / 1.14x.
template <class V>
OMPB_INLINE inline void in_register(V &v) noexcept {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  if constexpr (IsPair<V>::value) {
    in_register(v.lo);
    in_register(v.hi);
  } else if constexpr (!std::is_class_v<V> && sizeof(V) >= 16) {
    asm("" : "+v"(v));
  }
#else
  (void)v;
#endif
}

/// The value of the pack P at p, stored as P::store does or, where Apart, as a packed copy of
/// the updates keeps it (complex lanes: P::store_apart; real lanes: the same).
template <class P, bool Apart, class T>
inline typename P::V load_as(const T *p) noexcept {
  if constexpr (Apart && TileShape<P>::cplx)
    return P::load_apart(p);
  else
    return P::load(p);
}

/// *p = x, kept as load_as<P, true> reads it.
template <class P, class T>
inline void store_apart(T *p, const typename P::V &x) noexcept {
  if constexpr (TileShape<P>::cplx)
    P::store_apart(p, x);
  else
    P::store(p, x);
}

/// acc(r,c) -= sum_{k<K} op(A(r,k)) op(B(k,c)), A(r,k) at a + r*ars + k*acs, B(k,c) at
/// b + k*brs + c*bcs, op conjugating where ConjA / ConjB; fused, k in increasing order. Apart:
/// A and B are packed copies (load_as).
template <class P, bool ConjA, bool ConjB, bool Apart = false, int R, int C, class T>
OMPB_TILE_INLINE inline void tile_sub(typename P::V (&acc)[R][C], int K, const T *a, idx ars,
                                      idx acs, const T *b, idx brs, idx bcs) noexcept {
  using V = typename P::V;
  // Not unrolled (GCC does not; Clang 19 unrolled this run-time loop in every tile shape, and the
  // larger code ran slower). Kernels alone, L1-resident interleaved block, clang build, medians
  // of 5 alternating runs: potrf n = 8 16 float lanes 1.16x, 8 double 1.30x, 16 double 1.27x,
  // n = 32 1.26-1.27x; trsm n = 8 16 double lanes 1.19x; complex unchanged
#pragma GCC unroll 1
  for (int k = 0; k < K; ++k) {
    V y[C];
#pragma GCC unroll 8
    for (int c = 0; c < C; ++c) {
      V t = cj_<P, ConjB>(load_as<P, Apart>(b + k * brs + c * bcs));
      if constexpr (R > 1 && C > 1) in_register(t);  // a scalar: GCC kept y[] on the stack
      y[c] = t;
    }
#pragma GCC unroll 8
    for (int r = 0; r < R; ++r) {
      V x = cj_<P, ConjA>(load_as<P, Apart>(a + r * ars + k * acs));
      if constexpr (R > 1 && C > 1) in_register(x);
#pragma GCC unroll 8
      for (int c = 0; c < C; ++c) acc[r][c] = P::fms(acc[r][c], x, y[c]);
    }
  }
}

#pragma omp end declare target

}  // namespace ompbatch::detail
