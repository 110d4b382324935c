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

/// Order from which OffloadShape::automatic runs a team per matrix: none until measured on a
/// GPU (a thread per matrix at every order, as before the team shape).
inline constexpr int kTeamShapeMin = 1 << 30;

/// Whether the team shape may run on this build's devices. Not on NVIDIA GPUs: on an H200
/// (clang 19, 2026-11-26) its potrf gave wrong factors at order 100 and more in single precision
/// and its bitwise test did not finish in 110 s, where the host-offload plugin passes them all.
#ifdef OMPBATCH_OFFLOAD_NVPTX
inline constexpr bool kTeamShapeSupported = false;
#else
inline constexpr bool kTeamShapeSupported = true;
#endif

/// Whether a call of order n runs a team per matrix; throws OMPB_STATUS_NOT_SUPPORTED for the
/// team shape asked for where it is not supported. Called before anything is copied or mapped.
inline bool team_shape(const Context &ctx, int n, const char *routine) {
  if (ctx.offload_shape() == OffloadShape::team && !kTeamShapeSupported)
    throw Error(OMPB_STATUS_NOT_SUPPORTED, routine,
                "the team-per-matrix shape (OMPBATCH_OFFLOAD_SHAPE=team) is not supported on "
                "NVIDIA GPUs yet: use thread or auto");
  return ctx.offload_shape() == OffloadShape::team ||
         (ctx.offload_shape() == OffloadShape::automatic && n >= kTeamShapeMin);
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
