// SPDX-License-Identifier: BSD-3-Clause
// Host getrf and layout copies: lane kernels over chunks of the batch, one parallel region.
#include <algorithm>
#include <type_traits>

#include "kernels/getrf_lanes.hpp"
#include "precisions.hpp"
#include "simd/lanes.hpp"
#include "simd/paths.hpp"

namespace ompbatch::detail::host {

template <int V>
using constant = std::integral_constant<int, V>;
template <idx V>
using iconstant = std::integral_constant<idx, V>;

/// The getrf lane kernel for one chunk: compiled for n x n with n = N known (N > 0, the small
/// sizes, for W-lane packed or in-place storage with ld = n) or for run-time sizes (N = 0).
template <class T, int W, int N>
void getrf_chunk(const BatchView<T> &A, T *a, idx rs, idx cs, int *p, idx ps, int *info,
                 const Ahead &ahead, T *work) {
  if constexpr (N > 0) {
    if (rs == W && cs == idx(N) * W)  // packed, or in place in blocks of exactly W
      return getrf_lanes<T, W>(constant<N>(), constant<N>(), a, iconstant<W>(),
                               iconstant<idx(N) * W>(), p, ps, info, ahead);
    return getrf_lanes<T, W>(constant<N>(), constant<N>(), a, rs, cs, p, ps, info, ahead);
  }
  getrf_lanes<T, W>(A.rows, A.cols, a, rs, cs, p, ps, info, ahead, work);
}

/// The work of getrf_lanes' blocked form for the batch A's chunks of W lanes: none where it does
/// not run (compiled sizes, orders below lu_blocks_min).
template <class T, int W, int N>
Scratch<T> getrf_work(const BatchView<T> &A) {
  return Scratch<T>(N == 0 ? getrf_work_size<T, W>(A.rows, A.cols) : 0);
}

/// Bytes of a packed chunk up to which the kernel prefetches the thread's next chunk into L2
/// while it computes (spread over its column visits). Pointer-array dgetrf, 2 threads, 256 MiB,
/// best of 4 alternating runs: 1.03-1.06x at n = 32 and 64 against not prefetching chunks over
/// 32 KiB; over 512 KiB (double n = 128: 2 MiB) the chunk and the next fill L2.
constexpr idx kPrefetchSpreadMax = 512 * 1024;

/// Packed chunks of the fixed steps' sizes (square, up to kFixedStepsMax, not left-looking) up
/// to this many bytes take a later chunk at once into L1 (prefetch_lanes); bigger ones have the
/// kernel spread it over its column visits. Pointer array, 4 Mi matrices, 2 threads, best of 3
/// alternating runs, spread against at once: sgetrf n = 7 27.4 -> 25.2 ms, 8 26.6 -> 22.3,
/// dgetrf 5 22.2 -> 20.6, 6 23.2 -> 19.9, 7 24.7 -> 20.1, cgetrf 8 63.0 -> 41.2, zgetrf 8 41.3 ->
/// 26.8; at or under 2 KiB spread lost (sgetrf n = 3 44.1 -> 50.4 ms, 4 32.0 -> 35.3, 5 27.5 ->
/// 29.7; dgetrf 3 27.1 -> 29.7) or tied (sgetrf 6, dgetrf 4).
constexpr idx kAtOnceMax = 2048;

/// In-place blocks ahead of the one it factors that the driver prefetches into L2 at once,
/// before the call, for the compile-time steps (which are not handed the next block to spread:
/// see getrf_pack). Interleaved pivoted getrf, 2 threads, 256 MiB, 2-core Zen 5 VM, against no
/// prefetch, alternating runs: dgetrf n = 4 14.1-14.5 -> 9.3-10.0 ms (best of 8, three pairs;
/// benchmark medians of 5: 15.3-16.3 -> 10.8-11.6), n = 6 12.4-14.0 -> 10.5-12.2, n = 2 tied;
/// sgetrf n = 4 15.4-16.5 -> 14.1-14.3 ms (medians of 5); sgetrf n = 8, cgetrf and zgetrf n = 8
/// within the run-to-run spread (medians of 3). 2 to 16 blocks ahead measured alike at n = 4.
constexpr int kStepsBlocksAhead = 3;

/// Which chunks' kernel calls get the thread's next data to prefetch, decided once per call
/// where the kernel for these sizes prefetches at all (getrf_prefetches): in-place chunks the
/// next in-place interleaved block (not for the compile-time steps), packed chunks the next
/// chunk's matrices (not over kPrefetchSpreadMax, nor at or under kAtOnceMax for the steps).
/// Chunks given nothing get prefetch_lanes (at once, into L1 up to kPrefetchL1Max) from
/// LaneArg::bind instead.
/// Pointer-array dgetrf, 2 threads, 256 MiB, best of 4 alternating runs against prefetch_lanes
/// alone: 1.31x at n = 8, 1.44x at 12, 1.25x at 16 (both at n = 8: 0.80x).
/// In-place chunks of the compile-time steps instead have the driver prefetch the block
/// kStepsBlocksAhead on at once (at_once).
struct AheadPlan {
  bool in_place = false, packed = false, steps = false;
  template <class T, int W, int N>
  static AheadPlan of(const BatchView<T> &v) {
    if (!getrf_prefetches<T, W>(v.rows, v.cols, N > 0)) return {};
    constexpr bool steps = N > 0 && runs_fixed_steps<T, W>(N);
    const idx bytes = packed_bytes<W>(v);
    return {!steps, bytes <= kPrefetchSpreadMax && !(steps && bytes <= kAtOnceMax), steps};
  }
  /// Prefetches, before the kernel's call on in-place chunk b0, what the plan takes at once.
  template <int W, class T>
  void at_once(const BatchView<T> &v, idx b0) const {
    if (steps) prefetch_block<W>(v, b0, kStepsBlocksAhead);
  }
  /// What the kernel on chunk b0 prefetches.
  template <int W, class T>
  Ahead at(const BatchView<T> &v, idx b0, bool in_place_chunk) const {
    if (in_place_chunk) return in_place ? next_block<W>(v, b0) : Ahead{};
    return packed ? next_items<W>(v, b0 + W) : Ahead{};
  }
};

template <class T, int W, int N>
void getrf_run(const BatchView<T> &A, const BatchView<int> &P, int *info) {
  const AheadPlan plan = AheadPlan::of<T, W, N>(A);
  for_each_chunk<W>(A, [&] {
    return [&, a = LaneArg<T, W>(A, true, true), p = LaneArg<int, W>(P, false, true),
            inf = LaneInfo<W>(info),
            work = getrf_work<T, W, N>(A)](idx b0, int lanes, Place at) mutable {
      const Ahead ahead = plan.at<W>(A, b0, at.in_place);
      if (at.in_place) plan.at_once<W>(A, b0);
      a.bind(b0, lanes, at, ahead.ranges == 0);
      p.bind(b0, lanes, at);
      getrf_chunk<T, W, N>(A, a.ptr(), a.rs(), a.cs(), p.ptr(), p.rs(), inf.bind(b0, lanes, at),
                           ahead, work.data());
      a.finish(b0, lanes);
      p.finish(b0, lanes);
      inf.finish();
    };
  });
}

/// Square matrices up to kFixedMax run kernels compiled for their size (float up to 24: the
/// left-looking form, getrf_columns).
template <class T>
constexpr int kFixedMax = kColumnsMax<T> > 16 ? kColumnsMax<T> : 16;

/// Calls f(constant<N>()) for an order n of 1 to kFixedMax<T>, which has kernels compiled for
/// it, else f(constant<0>()) (run-time sizes).
template <class T, class F>
void with_fixed_order(int n, F &&f) {
  if (!with_order<1, kFixedMax<T>>(n, f)) f(constant<0>());
}

template <class T, int W>
void getrf_dispatch(const BatchView<T> &A, const BatchView<int> &P, int *info) {
  with_fixed_order<T>(A.rows == A.cols ? A.rows : 0,
                      [&](auto order) { getrf_run<T, W, decltype(order)::value>(A, P, info); });
}

/// getrf of W = getrf_width<T>() lanes packed in a thread's buffer (row stride W, column stride
/// n W, pivots at stride W): the kernels compiled for the order up to kFixedMax<T>, the same
/// instantiations as getrf's packed chunks, else run-time sizes (work: getrf_work_size<T, W>(n,
/// n) values).
template <class T>
void getrf_packed(int n, T *a, int *ipiv, int *info, T *work) {
  constexpr int W = getrf_width<T>();
  with_fixed_order<T>(n, [&](auto order) {
    constexpr int N = decltype(order)::value;
    if constexpr (N > 0)
      getrf_lanes<T, W>(order, order, a, iconstant<W>(), iconstant<idx(N) * W>(), ipiv, W, info,
                        Ahead{});
    else
      getrf_lanes<T, W>(n, n, a, idx(W), idx(n) * W, ipiv, W, info, {}, work);
  });
}

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info) {
  const BatchView<int> P = pivot_view(A, ipiv.data, ipiv.stride);
  getrf_dispatch<T, getrf_width<T>()>(A, P, info);
}

/// Packing into an interleaved batch moves kGroup matrices at a time (copy_items); any other
/// copy goes matrix by matrix. (Pointer array to interleaved, 128 MiB, 2 threads: 13 -> 18 GB/s
/// at n = 8, 9.5 -> 17 at n = 64; the other way, kGroup matrices at once wrote kGroup streams into
/// memory not in cache, 16 -> 9 GB/s at n = 8.)
template <class T>
void copy(const BatchView<const T> &from, const BatchView<T> &to) {
  if (to.layout == Layout::interleaved) {
    const idx groups = (idx(to.count) + kGroup - 1) / kGroup;
#pragma omp parallel for schedule(static) num_threads(threads_for(groups))
    for (idx g = 0; g < groups; ++g)
      copy_items(from, g * kGroup, to, g * kGroup, std::min<idx>(kGroup, to.count - g * kGroup));
    return;
  }
  const idx frs = row_stride(from.layout, from.width),
            fcs = col_stride(from.layout, from.ld, from.width);
  const idx trs = row_stride(to.layout, to.width), tcs = col_stride(to.layout, to.ld, to.width);
#pragma omp parallel for schedule(static) num_threads(threads_for(to.count))
  for (idx b = 0; b < to.count; ++b) {
    const T *a = item(from, b);
    T *c = item(to, b);
    for (int j = 0; j < to.cols; ++j)
      for (int i = 0; i < to.rows; ++i) c[i * trs + j * tcs] = a[i * frs + j * fcs];
  }
}

#define OMPB_INSTANTIATE(L, T)                                 \
  template void getrf<T>(const BatchView<T> &, Pivots, int *); \
  template void copy<T>(const BatchView<const T> &, const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE
template void getrf_packed<float>(int, float *, int *, int *, float *);

}  // namespace ompbatch::detail::host
