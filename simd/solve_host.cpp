// SPDX-License-Identifier: BSD-3-Clause
// Host solvers: each lane kernel over chunks of W matrices (in place or packed), one parallel
// region per call.
#include <algorithm>
#include <cstring>

#include "kernels/solve_lanes.hpp"
#include "precisions.hpp"
#include "simd/lanes.hpp"
#include "simd/paths.hpp"

namespace ompbatch::detail::host {

/// Interleaved blocks up to this many bytes: before the kernel's call on an in-place chunk of the
/// factorizations and inverses (the solves: kSolvePrefetchMax; potrf: to kPotrfSpreadBlockMin,
/// its kernel spreads larger ones, potrf_ahead; the solves, getri and matinv: to their Spread's
/// min, solve_ahead), the driver prefetches A's next block into L2 at
/// once (as getrf's for its compile-time steps). Interleaved, 2 threads, 64 MiB,
/// without / with, medians of alternating runs. Zen 3 VM, AVX2 (4 runs): dpotrf n = 8 7.28 -> 4.81
/// ms, 16 6.30 -> 5.39, spotrf 8 6.61 -> 5.15; dgetri 8 9.64 -> 7.98, 16 10.74 -> 9.22; dmatinv
/// 8 11.78 -> 9.18, 16 12.27 -> 10.23. Zen 5 VM, AVX-512 (3 runs): dpotrf 8 2.92 -> 1.18, 16 2.25
/// -> 2.26; dgetri 8 6.20 -> 3.49, 16 3.54 -> 3.32; dmatinv 8 4.46 -> 3.98, 16 4.97 -> 4.95. 16 KiB
/// -> 40 KiB (Zen 5 VM, 3 alternating runs, g++ / clang builds): dpotrf n = 12 1.37x / 1.36x,
/// 16 1.09x / 1.21x (16 lanes: a 32 KiB block), spotrf n = 20 1.26x / 1.43x, 24 1.22x / 1.42x,
/// getri 0.98-1.08x; matinv 0.92-0.97x at n = 12..24, so it keeps 16 KiB. 64 KiB (the 32 x 32
/// double block) ran potrf n = 32 at 0.96-1.00x: no gain there. The solves (getrs, potrs, trsm)
/// prefetch A's next block up to 16 KiB (n = 8 in every precision, to 16 in single). Zen 5 VM,
/// interleaved, 32 MiB, medians of 5 alternating runs of -r 5, without / with, g++ / clang builds,
/// nrhs = 1 at n = 8: getrs 1.10-2.34x / 1.44-2.21x, potrs 1.28-2.83x / 0.84-1.44x, trsm 1.32-2.36x
/// / 1.15-1.62x (z getrs 3.27 -> 1.40 ms, g++); at n = 12 in single 1.23-1.46x / 0.83-1.38x; with
/// nrhs = n (3 runs) at n = 8 getrs 1.18-1.29x / 1.29-1.55x, potrs 0.75-1.10x / 0.97-1.04x, trsm
/// 0.86-0.98x / 0.90-1.44x. Up to 40 KiB (n = 16) ran 0.60-1.65x there.
constexpr idx kBlockPrefetchMax = 40 * 1024, kMatinvPrefetchMax = 16 * 1024,
              kSolvePrefetchMax = 16 * 1024;

/// Before the kernel's call on chunk b0 of A: A's next block, where in place and at most `max`
/// bytes.
template <int W, class T>
void prefetch_ahead(const BatchView<T> &A, idx b0, bool in_place, idx max = kBlockPrefetchMax) {
  if (in_place) prefetch_block<W>(A, b0, 1, max);
}

/// The in-place blocks whose next one the kernels of the solves and getri prefetch spread over
/// their row tiles (getri: and its rows in registers; solve_ahead): those of over `min` bytes,
/// up to `max`.
struct Spread {
  idx min, max;
};

/// getrs spreads from blocks of 8 KiB (n = 12 in double, 8 lanes) to 128 KiB; potrs and trsm
/// from 8 KiB to kSolvePrefetchMax (n = 16); getri from 2 KiB (n = 6) to 128 KiB. Smaller blocks
/// keep the driver's prefetch at once, larger ones none, as before. Zen 3 VM (AVX2), a throwaway
/// program on the C API: interleaved double of width 8, nrhs = 1, 2 threads, 64 MiB, the best of
/// 8 calls, 2 alternating rounds, at once (or none, past kSolvePrefetchMax; getri:
/// kBlockPrefetchMax) / spread (at n <= 10 over the steps in registers, which the solves now
/// leave: spread_over): getrs n = 6 / 8 / 10 1.04-1.05x / 1.04-1.05x / 0.99-1.07x, 12 /
/// 16 1.41-1.42x / 1.40-1.41x, 24 / 32 1.23-1.26x / 1.11-1.12x; potrs 6..10 0.91-0.99x, 12 / 16
/// 1.27-1.33x / 1.29-1.31x, 24 / 32 0.97-1.00x; trsm 12 / 16 1.08-1.15x / 1.02-1.03x, 24 / 32
/// 0.86-0.90x; getri 4 / 5 0.91-0.97x, 6 / 8 / 10 1.05-1.15x, 24 / 32 1.17-1.18x / 1.05-1.07x.
constexpr Spread kGetrsSpread{8 * 1024, 128 * 1024}, kSolveSpread{8 * 1024, kSolvePrefetchMax},
    kGetriSpread{2 * 1024, 128 * 1024};

/// The next in-place block after chunk b0 (next_block; only the rows `part` holds of each
/// column) where it holds over spread.min bytes up to spread.max; else nothing.
template <int W, class T>
Ahead spread_block(const BatchView<T> &A, idx b0, Place at, Part part, Spread spread) {
  if (!at.in_place) return {};
  const Ahead next = next_block<W>(A, b0);
  if (!next.ranges || next.bytes <= spread.min || next.bytes > spread.max) return {};
  return part == Part::all ? next : by_columns(next, A, part);
}

/// What the kernel of a solve or getri on chunk b0 prefetches while it computes: the next
/// in-place block (only the rows `part` holds of each column) where `spread` takes it; else
/// nothing, and the driver prefetches that block at once before the call where it holds at most
/// `at_once` bytes (prefetch_ahead).
template <int W, class T>
Ahead solve_ahead(const BatchView<T> &A, idx b0, Place at, Part part, Spread spread, idx at_once) {
  const Ahead ahead = spread_block<W>(A, b0, at, part, spread);
  if (!ahead.ranges) prefetch_ahead<W>(A, b0, at.in_place, at_once);
  return ahead;
}

/// The order from which potrf runs by panels (potrf_blocked), from packed copies that keep its
/// loads in the caches. Zen 5 VM, interleaved, 2 threads, medians of 3 alternating runs, tiles
/// -> panels: double n = 96 / 128 / 160 / 192 / 256 / 512 1.04x / 0.93x / 1.03x / 1.12x / 1.15x
/// / 1.60x; single 0.91x at 192, 1.15x at 256, 1.48x at 512; complex 0.93-0.94x at 160,
/// 1.07-1.12x at 192, 1.49-1.60x at 512. (Measured with the panels updated in place; their
/// contiguous copy then ran 1.04-1.49x faster than that at n = 192..512, double, 3 runs.)
template <class T>
inline constexpr int kPotrfBlockedMin = std::is_same_v<T, float> ? 256 : 192;

/// The bytes of an order-n matrix from which the packs of column-major matrices move only the
/// triangle potrf factors, or potrs and trsm read (potrf_tiles, potrf_blocked and the solves'
/// kernels read and write nothing else of A): single from n = 32, double and single complex from
/// 23, double complex from 16. potrf: Intel Xeon VM, g++ build, strided and pointer array, 2
/// threads, 32 MiB, medians of 3 alternating runs, triangle / whole: n = 32 / 64 / 128 double
/// 1.16-1.24x / 1.06-1.15x / 1.12-1.20x, single 1.02-1.11x / 1.05-1.14x / 1.08-1.24x, double
/// complex 1.13-1.14x at 32 and 1.07-1.18x at 64; at n = 8 0.88-0.96x and at 16 0.92-1.16x (a
/// whole matrix of n = 8 moves as one dense column of tiles, its triangle by a partial tile per
/// column). potrs and trsm, on the lanes (OMPBATCH_HOST_PATH=lanes): Zen 5 VM, strided, medians
/// of 2 alternating runs of the tester (-r 3) with the whole matrix and the triangle packed, speed
/// over the LAPACKE loop triangle / whole, nrhs = 1, g++: n = 8 / 16 / 24 0.80-1.43x (potrs s
/// 0.80 at 16, trsm s 1.43 at 24), 32 1.01-1.58x, 64 1.01-1.20x, 128 1.14-1.30x, 256 1.25-1.45x;
/// clang++-19 build 0.94-1.42x from 32 (1.03-1.42x at 128 and 256); nrhs = n (g++, strided and
/// pointer array, 32..256) 0.93-1.15x, median 1.04. Below n = 32 by bytes (Zen 5 VM, strided and
/// pointer array, 32 MiB, ompbatch-compare -r 7, 2 runs, medians of the rounds' ratios, whole ->
/// triangle, g++ build): from 4 KiB (d and c n = 24, 28, z 16..28) potrf 1.01-1.18x (median
/// 1.08), potrs and trsm 0.94-1.21x (1.07); under it (n = 12..20, s to 28, z 12) potrf
/// 0.81-1.17x (0.96; real 0.81-0.96x at 12 and 16), potrs and trsm 0.75-1.21x (0.97; single
/// 0.75-0.85x at 20).
inline constexpr idx kTrianglePackBytesMin = 4096;

/// What the packs of an order-n A move for a routine that reads only `part` of it.
template <class T>
Part packed_part(int n, Part part) {
  return idx(n) * n * idx(sizeof(T)) >= kTrianglePackBytesMin ? part : Part::all;
}

/// The work of the solves' blocked form (trsm_lower_tiles) for triangles of order n and nrhs
/// right-hand sides: none where it does not run (trsm_blocked).
template <class T, int W>
Scratch<T> solve_work(int n, int nrhs) {
  return Scratch<T>(trsm_work_size<T, W>(n, nrhs));
}

template <class T>
void getrs(Op trans, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &B) {
  with_routine_lanes(Routine::getrs, A, [&](auto lanes_w) {
    constexpr int W = decltype(lanes_w)::value;
    const BatchView<const int> P = pivot_view(A, ipiv.data, ipiv.stride);
    for_each_chunk<W>(
        A,
        [&] {
          return [&, a = LaneArg<const T, W>(A, true, false),
                  p = LaneArg<const int, W>(P, true, false), b = LaneArg<T, W>(B, true, true),
                  work = solve_work<T, W>(A.rows, B.cols)](idx b0, int lanes, Place at) mutable {
            const Ahead ahead =
                solve_ahead<W>(A, b0, at, Part::all, kGetrsSpread, kSolvePrefetchMax);
            a.bind(b0, lanes, at);
            p.bind(b0, lanes, at);
            b.bind(b0, lanes, at);
            getrs_lanes<T, W>(trans, A.rows, B.cols, a.ptr(), a.rs(), a.cs(), p.ptr(), p.rs(),
                              b.ptr(), b.rs(), b.cs(), work.data(), ahead);
            b.finish(b0, lanes);
          };
        },
        true);
  });
}

template <class T>
void getri(const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C, int *info) {
  with_routine_lanes(Routine::getri, A, [&](auto lanes_w) {
    constexpr int W = decltype(lanes_w)::value;
    const BatchView<const int> P = pivot_view(A, ipiv.data, ipiv.stride);
    for_each_chunk<W>(
        A,
        [&] {
          return [&, a = LaneArg<const T, W>(A, true, false),
                  p = LaneArg<const int, W>(P, true, false), c = LaneArg<T, W>(C, false, true),
                  inf = LaneInfo<W>(info),
                  work = solve_work<T, W>(A.rows, A.rows)](idx b0, int lanes, Place at) mutable {
            const Ahead ahead =
                solve_ahead<W>(A, b0, at, Part::all, kGetriSpread, kBlockPrefetchMax);
            a.bind(b0, lanes, at);
            p.bind(b0, lanes, at);
            c.bind(b0, lanes, at);
            getri_lanes<T, W>(A.rows, a.ptr(), a.rs(), a.cs(), p.ptr(), p.rs(), c.ptr(), c.rs(),
                              c.cs(), inf.bind(b0, lanes, at), work.data(), ahead);
            c.finish(b0, lanes);
            inf.finish();
          };
        },
        true);
  });
}

/// Whether matinv factors with the kernels compiled for small orders, as getrf does
/// (getrf_packed), rather than the run-time kernel: single precision, whose lanes are getrf's at
/// every order, so that it adds no code. Zen 5 VM, 2 threads, 32 MiB, smatinv n = 4..24 in both
/// layouts, medians of 3-4 alternating runs of -r 5, run-time -> compiled: g++ build 1.06-1.54x,
/// 0.94-1.31x and 0.82-1.13x in three runs (10, 9 and 3 of 10 cells ahead), clang build
/// 1.00-1.37x. Double ran 0.70-1.23x (interleaved 0.72-0.89x at n = 8..16, where an unchanged
/// kernel read 0.86-0.93x in the next run), complex 0.77-1.56x: no gain that the runs separate,
/// for 35 s more compile of simd/getrf_host.cpp.
template <class T>
inline constexpr bool kMatinvFixedSizes = std::is_same_v<T, float>;

/// The in-place blocks whose next one matinv's inversion (getri_lanes) spreads over its rows and
/// tiles, as getri's kernel does; smaller blocks are prefetched at once up to kMatinvPrefetchMax.
/// Zen 3 VM, interleaved double of width 8, 64 MiB, 2 threads, best of 8, 2 alternating rounds,
/// at once -> spread: n = 8 1.03-1.07x, 16 1.08-1.10x, 24 1.05-1.09x, 32 1.03-1.06x.
constexpr Spread kMatinvSpread = kGetriSpread;

/// matinv: A's lanes copied into the thread's scratch, factored there (getrf), inverted into C.
template <class T>
void matinv(const BatchView<const T> &A, const BatchView<T> &C, int *info) {
  with_routine_lanes(Routine::matinv, A, [&](auto lanes_w) {
    constexpr int W = decltype(lanes_w)::value;
    const int n = A.rows;
    for_each_chunk<W>(
        A,
        [&] {
          return [&, a = LaneArg<const T, W>(A, true, false), c = LaneArg<T, W>(C, false, true),
                  inf = LaneInfo<W>(info), lu = Scratch<T>(std::size_t(n) * n * W),
                  piv = std::vector<int>(idx(n) * W),
                  work = Scratch<T>(
                      std::max(getrf_work_size<T, W>(n, n), trsm_work_size<T, W>(n, n)))](
                     idx b0, int lanes, Place at) mutable {
            const Ahead ahead =
                solve_ahead<W>(A, b0, at, Part::all, kMatinvSpread, kMatinvPrefetchMax);
            a.bind(b0, lanes, at);
            c.bind(b0, lanes, at);
            // an element's W lanes by one copy of known size: as a loop over them (omp simd),
            // Clang 19 unrolled it before vectorizing and moved the lanes one by one (clang build,
            // 32 MiB, 2 threads, 4 alternating rounds of -r 3, before / after: S, D, C, Z at
            // n = 2..32, three layouts, median 1.06x, 57 of 60 cells >= 1.0x; smatinv
            // interleaved n = 4 / 8 1.23x / 1.21x); G++'s code the same but for the moves' type
            for (int j = 0; j < n; ++j)
              for (int i = 0; i < n; ++i)
                std::memcpy(lu.data() + (i + idx(j) * n) * W, a.ptr() + i * a.rs() + j * a.cs(),
                            sizeof(T) * W);
            int *infos = inf.bind(b0, lanes, at), unused[W];
            if constexpr (kMatinvFixedSizes<T>) {
              static_assert(W == getrf_width<T>());
              getrf_packed<T>(n, lu.data(), piv.data(), infos, work.data());
            } else {
              getrf_lanes<T, W>(n, n, lu.data(), idx(W), idx(n) * W, piv.data(), W, infos, {},
                                work.data());
            }
            getri_lanes<T, W>(n, lu.data(), W, idx(n) * W, piv.data(), W, c.ptr(), c.rs(), c.cs(),
                              unused, work.data(), ahead);
            c.finish(b0, lanes);
            inf.finish();
          };
        },
        true);
  });
}

/// Bytes of an in-place block or a packed chunk up to which potrf's kernel prefetches the
/// thread's next one while it computes (from kPotrfSpreadBlockMin or kPotrfSpreadChunkMin on:
/// smaller ones are prefetched at once, prefetch_ahead and prefetch_lanes). Zen 5 VM, 2 threads,
/// 32 MiB, 8 alternating runs of -r 7, medians of the runs' ratios, without / with, g++ / clang
/// builds: n = 24 interleaved 0.97-1.34x / 1.04-1.56x (double the most), strided 1.09-1.35x /
/// 1.01-1.19x; n = 32 interleaved 1.06-1.21x / 1.08-1.24x, strided 0.99-1.16x / 0.94-1.16x; n = 48
/// to 96 (blocks and chunks of 144 KiB to 1.1 MiB) 0.85-1.07x / 0.86-1.13x, double complex
/// interleaved 0.86-0.90x with clang (the block and the next over L2). Packed chunks hold 36 / 64
/// KiB at n = 24 / 32 in every precision, in-place blocks 72 / 128 KiB (single: half).
constexpr idx kPotrfPrefetchSpreadMax = 128 * 1024;

/// Bytes over which an in-place block, and from which a packed chunk, has potrf's kernel spread
/// the thread's next one over its tiles (potrf_ahead) in place of the driver's prefetch at once
/// (prefetch_ahead; prefetch_lanes, two chunks ahead). Zen 3 VM (AVX2: blocks and chunks of
/// 64 n^2 bytes), 2 threads, 32 MiB, the tester, at once (blocks to kBlockPrefetchMax, chunks to
/// kPrefetchChunkMax) -> spread, medians of alternating rounds' ratios. 4 rounds, g++ build:
/// interleaved n = 6..24 (2.3-36 KiB) s 1.12-1.49x, d 1.15-1.49x, c 1.08-1.47x, z 0.98-1.44x;
/// strided n = 8..16 (4-16 KiB) 1.07-1.29x in every precision, but n = 6 and 7 (2.3 and 3.1 KiB)
/// 0.77-1.01x, which keep prefetch_lanes. The library before / after, 3 rounds, S, D, C, Z, the
/// three layouts, g++ / clang builds: the 48 cells that changed (interleaved n = 6..24, packed
/// 8..16) 1.15x / 1.29x median (0.83-1.49x / 0.88-1.70x; under 1.0 in 8 / 2), the 48 that did
/// not (interleaved n = 4 and 32, packed 4, 6, 7, 24, 32) 0.96x / 1.02x (0.74-1.15x /
/// 0.81-1.52x). The kernel alone over 64 MiB of interleaved blocks (a throwaway program on the
/// library's C API, best of 10, 3 alternating rounds): dpotrf n = 3..5 (576 bytes to 1.6 KiB)
/// 0.76-0.80x, 6 1.05x, 7..10 1.17-1.38x.
constexpr idx kPotrfSpreadBlockMin = 2048, kPotrfSpreadChunkMin = 4096;

/// What potrf's kernel on chunk b0 prefetches while it computes, spread over its columns, up to
/// kPotrfPrefetchSpreadMax: the next in-place block's triangle where the block is over
/// kPotrfSpreadBlockMin, or the thread's next packed chunk's matrices where the chunk holds
/// kPotrfSpreadChunkMin or more. The kernel alone over 32 MiB of interleaved blocks (a throwaway
/// program, with and without in turn in one process, 30-40 repetitions, medians of the ratios),
/// without / with: double n = 24 / 32 1.71x / 1.17x, single 1.92x / 1.72x, double complex 1.50x /
/// 1.17x; the whole block spread (its upper triangle too) 1.08-1.82x, at once 1.06-1.27x
/// (double).
template <int W, class T>
Ahead potrf_ahead(const BatchView<T> &A, idx b0, Place at, Part part) {
  if (at.in_place)
    return spread_block<W>(A, b0, at, part, {kPotrfSpreadBlockMin, kPotrfPrefetchSpreadMax});
  const idx bytes = packed_bytes<W>(A);
  return bytes >= kPotrfSpreadChunkMin && bytes <= kPotrfPrefetchSpreadMax
             ? next_items<W>(A, b0 + W)
             : Ahead{};
}

template <class T>
void potrf(Uplo uplo, const BatchView<T> &A, int *info) {
  with_routine_lanes(Routine::potrf, A, [&](auto lanes_w) {
    constexpr int W = decltype(lanes_w)::value;
    for_each_chunk<W>(A, [&] {
      const bool blocked = A.rows >= kPotrfBlockedMin<T>;
      return [&, blocked, a = LaneArg<T, W>(A, true, true, packed_part<T>(A.rows, part_of(uplo))),
              inf = LaneInfo<W>(info),
              work = Scratch<T>(blocked ? potrf_work<T, kPassLanes<T, W>>(A.rows) : 0)](
                 idx b0, int lanes, Place at) mutable {
        const Ahead ahead = blocked ? Ahead{} : potrf_ahead<W>(A, b0, at, part_of(uplo));
        if (!ahead.ranges) prefetch_ahead<W>(A, b0, at.in_place);
        a.bind(b0, lanes, at, ahead.ranges == 0);
        potrf_lanes<T, W>(uplo, A.rows, a.ptr(), a.rs(), a.cs(), inf.bind(b0, lanes, at),
                          work.data(), ahead);
        a.finish(b0, lanes);
        inf.finish();
      };
    });
  });
}

/// Routine r that reads the triangle `part` of A and overwrites B (potrs, trsm; packs of A hold
/// only that triangle from kTrianglePackBytesMin on): f(a, b, lanes, work, ahead) on each chunk's
/// bound lanes (lanes: std::integral_constant<int, W>; work: solve_work's values; ahead:
/// solve_ahead's). The right-hand sides are B's columns, or its rows where A multiplies B from
/// the right (B.cols == A.rows; where B is square too, either).
template <class T, class F>
void solve_ab(Routine r, const BatchView<const T> &A, Part part, const BatchView<T> &B, F f) {
  const int nrhs = B.rows == A.rows ? B.cols : B.rows;
  with_routine_lanes(r, A, [&](auto lanes_w) {
    constexpr int W = decltype(lanes_w)::value;
    for_each_chunk<W>(
        A,
        [&] {
          return [&, a = LaneArg<const T, W>(A, true, false, packed_part<T>(A.rows, part)),
                  b = LaneArg<T, W>(B, true, true),
                  work = solve_work<T, W>(A.rows, nrhs)](idx b0, int lanes, Place at) mutable {
            const Ahead ahead = solve_ahead<W>(A, b0, at, part, kSolveSpread, kSolvePrefetchMax);
            a.bind(b0, lanes, at);
            b.bind(b0, lanes, at);
            f(a, b, lanes_w, work.data(), ahead);
            b.finish(b0, lanes);
          };
        },
        true);
  });
}

template <class T>
void potrs(Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B) {
  solve_ab(Routine::potrs, A, part_of(uplo), B,
           [&](const auto &a, const auto &b, auto w, T *work, const Ahead &ahead) {
             potrs_lanes<T, decltype(w)::value>(uplo, A.rows, B.cols, a.ptr(), a.rs(), a.cs(),
                                                b.ptr(), b.rs(), b.cs(), work, ahead);
           });
}

template <class T>
void trsm(Side side, Uplo uplo, Op trans, Diag diag, T alpha, const BatchView<const T> &A,
          const BatchView<T> &B) {
  solve_ab(Routine::trsm, A, part_of(uplo), B,
           [&](const auto &a, const auto &b, auto w, T *work, const Ahead &ahead) {
             trsm_lanes<T, decltype(w)::value>(side, uplo, trans, diag, B.rows, B.cols, alpha,
                                               a.ptr(), a.rs(), a.cs(), b.ptr(), b.rs(), b.cs(),
                                               work, ahead);
           });
}

#define OMPB_INSTANTIATE(L, T)                                                                  \
  template void getrs<T>(Op, const BatchView<const T> &, ConstPivots, const BatchView<T> &);    \
  template void getri<T>(const BatchView<const T> &, ConstPivots, const BatchView<T> &, int *); \
  template void matinv<T>(const BatchView<const T> &, const BatchView<T> &, int *);             \
  template void potrf<T>(Uplo, const BatchView<T> &, int *);                                    \
  template void potrs<T>(Uplo, const BatchView<const T> &, const BatchView<T> &);               \
  template void trsm<T>(Side, Uplo, Op, Diag, T, const BatchView<const T> &, const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::host
