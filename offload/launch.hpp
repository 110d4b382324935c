// SPDX-License-Identifier: BSD-3-Clause
// One target teams region per call, in one of two shapes (OffloadShape):
// - thread: the batch split evenly over teams (kPerTeam matrices each), one device thread per
//   matrix running a per-matrix kernel (the lane kernels with W = 1). In the interleaved layout
//   neighbouring threads touch neighbouring addresses (coalesced).
// - team: one team per matrix, whose threads share its rows (kernels/team.hpp).
// Batches beyond the device's grid: the runtime may start fewer teams than asked for, and
// `distribute` then hands each team several chunks; every matrix is still visited once.
#pragma once

#include "kernels/layout.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail::offload {

inline constexpr int kPerTeam = 64;

#pragma omp declare target
/// Where the items of a batch are, on the device: a trivially copyable value that enters target
/// regions as firstprivate (nothing mapped). Its addresses are device addresses.
template <class T>
struct DeviceItems {
  Layout layout;
  T *data;
  T *const *ptrs;
  long long stride;
  int width;
  idx block, rs, cs;

  T *at(idx b) const noexcept {
    return layout == Layout::pointer_array ? ptrs[b]
                                           : data + item_offset(layout, b, stride, width, block);
  }
};
#pragma omp end declare target

/// The device description of a view whose addresses are already device addresses.
template <class T>
DeviceItems<T> device_items(const BatchView<T> &v) {
  return {v.layout,
          v.data,
          v.ptrs,
          v.stride,
          v.width,
          idx(v.width) * v.ld * v.cols,
          row_stride(v.layout, v.width),
          col_stride(v.layout, v.ld, v.width)};
}

/// Runs f(b) for b = 0..count-1 on device `dev`, one thread per matrix.
template <class F>
void launch(int dev, int count, F f) {
  const int teams = (count + kPerTeam - 1) / kPerTeam;
#pragma omp target teams distribute parallel for device(dev) firstprivate(f) num_teams(teams) \
    thread_limit(kPerTeam) dist_schedule(static, kPerTeam)
  for (int b = 0; b < count; ++b) f(b);
}

/// Orders from which OffloadShape::automatic runs a team per matrix, by layout; kNever: a thread
/// per matrix at every order. Measured on an H200 (2026-11-26, double, 10^4 matrices, n = 8, 16,
/// 32, 64, 128, one run of ompbatch_cublas_bench --shapes thread,team; bench/results/
/// h200-20261126-gpu.md): in the interleaved layout neighbouring threads read neighbouring
/// matrices (coalesced) and a team's threads rows a width apart, so getrf ran faster a thread per
/// matrix at every order measured (1.7x at 128) and potrf until 64 (team 1.06x there, 1.23x at
/// 128); on column-major matrices (strided, pointer array) the team won getrf from 16 (1.8x) and
/// potrf from 32 strided (1.18x; pointer array 0.89x there, 3.1x at 64). Orders past 128, other
/// precisions and batch counts were not measured. Only builds for NVIDIA GPUs use the table: on
/// the host-offload plugin (a CPU) a team per matrix runs only when asked for.
struct TeamShapeMin {
  int interleaved, strided, pointer_array;
};
inline constexpr int kNever = 1 << 30;
inline constexpr TeamShapeMin kTeamShapeMinGetrf{kNever, 16, 16}, kTeamShapeMinPotrf{64, 32, 64};

#ifdef OMPBATCH_OFFLOAD_NVPTX
inline constexpr bool kGpuBuild = true;
#else
inline constexpr bool kGpuBuild = false;
#endif

/// Whether a call of order n on `layout` runs a team per matrix: as the context's shape says, or
/// (automatic) from the order `min` gives on a GPU build.
inline bool team_shape(const Context &ctx, Layout layout, int n, const TeamShapeMin &min,
                       bool gpu = kGpuBuild) {
  switch (ctx.offload_shape()) {
    case OffloadShape::thread:
      return false;
    case OffloadShape::team:
      return true;
    case OffloadShape::automatic:
      break;
  }
  const int from = layout == Layout::interleaved ? min.interleaved
                   : layout == Layout::strided   ? min.strided
                                                 : min.pointer_array;
  return gpu && n >= from;
}

/// The team-per-matrix shape (offload/team_offload.cpp, kernels/team.hpp): getrf and potrf of
/// matrices 0..count-1 of a (device addresses), one team per matrix; inf[b] = the matrix's info
/// (inf may be null for getrf). Their own translation unit: the other offload code is compiled in
/// Clang's CUDA data-sharing mode (locals private to each device thread), the team kernels in the
/// generic mode that shares the team's state with its parallel region.
template <class T>
void getrf_teams(int dev, int count, int m, int n, const DeviceItems<T> &a,
                 const DeviceItems<int> &p, int *inf);
template <class T>
void potrf_teams(int dev, int count, Uplo uplo, int n, const DeviceItems<T> &a, int *inf);

}  // namespace ompbatch::detail::offload
