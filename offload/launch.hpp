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
#include "kernels/team.hpp"

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

/// Whether a call of order n runs a team per matrix.
inline bool team_shape(const Context &ctx, int n) {
  return ctx.offload_shape() == OffloadShape::team ||
         (ctx.offload_shape() == OffloadShape::automatic && n >= kTeamShapeMin);
}

/// Runs f(b) for b = 0..count-1 on device `dev`, one team per matrix: f runs on the team's
/// initial thread and opens its own parallel region of up to kTeamThreads threads.
template <class F>
void launch_teams(int dev, int count, F f) {
#pragma omp target teams distribute device(dev) firstprivate(f) num_teams(count) \
    thread_limit(kTeamThreads)
  for (int b = 0; b < count; ++b) f(b);
}

}  // namespace ompbatch::detail::offload
