// SPDX-License-Identifier: BSD-3-Clause
// One target teams region per call, in one of two shapes (OffloadShape):
// - thread: the batch split evenly over teams (kPerTeam matrices each), one device thread per
//   matrix running a per-matrix kernel (the lane kernels with W = 1). In the interleaved layout
//   neighbouring threads touch neighbouring addresses (coalesced).
// - team: one team per matrix, whose threads share its rows (kernels/team.hpp).
// Batches beyond the device's grid: the runtime may start fewer teams than asked for, and
// `distribute` then hands each team several chunks; every matrix is still visited once.
#pragma once

#include <omp.h>

#include <algorithm>
#include <climits>

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

/// Orders from which OffloadShape::automatic runs a team per matrix, by layout. interleaved_staged:
/// on interleaved input only for matrices the team copies into its local memory
/// (TeamMatrix::staged); in place a team's threads would read rows a width apart.
/// Measured on an H200 (2026-11-28, double, 10^4 and 10^5 matrices, ompbatch_cublas_bench
/// --shapes thread,team; bench/results/h200-20261128-gpu.md and h200-20261128-teams-gpu.md), the
/// team kernels factoring a copy in the block's shared memory of 8, 16 or 32 KiB as the matrix
/// needs, with one barrier a column for potrf and two for getrf. getrf: on strided and
/// pointer-array input a team won at both batch sizes from 16 on (1.2-2.6x at 16 and 20, 1.8-3.2x
/// from 24), at 12 only on 10^4 matrices (1.5-1.7x; a thread per matrix 1.02-1.04x on 10^5): from
/// 16. Interleaved, a thread per matrix won at 10^5 matrices at 16 and 20 (1.6-2.0x) and, before
/// the two-barrier getrf, at 24 and 28 (1.06-1.32x), a team at 32 and 48 (1.2x); at 10^4 matrices
/// a thread at 16 and 20, a team from 24 on: from 32. potrf: on strided input a team won at both
/// batch sizes from 24 on (1.08x at 24 on 10^4, 1.4x on 10^5; a thread per matrix at 16, 2.1x); on
/// pointer arrays a thread per matrix won at 24 on 10^4 matrices (1.12x), a team at 28 at both
/// (1.04x, 1.9x): from 28. Interleaved, a thread per matrix won at 10^5 matrices through 56 (1.6x
/// there) and at 10^4 through 40 (a team at 56, 1.35x): from 64 as before. Other precisions were
/// not measured. Only builds for NVIDIA GPUs use the table: on the host-offload plugin (a CPU) a
/// team per matrix runs only when asked for.
struct TeamShapeMin {
  int interleaved, strided, pointer_array;
  bool interleaved_staged;
};
inline constexpr TeamShapeMin kTeamShapeMinGetrf{32, 16, 16, true},
    kTeamShapeMinPotrf{64, 24, 28, false};

#ifdef OMPBATCH_OFFLOAD_NVPTX
inline constexpr bool kGpuBuild = true;
#else
inline constexpr bool kGpuBuild = false;
#endif

/// The teams of a launch and the threads of each.
struct League {
  int teams, threads;
};

/// The league for `teams` teams of `threads` threads: as asked on a GPU; on the host-offload
/// plugin, whose teams and their threads share this machine's cores, at most a team a core and
/// the cores shared among the teams (asked for more, the OpenMP runtime forms fewer and warns on
/// stderr, "Cannot form a team").
inline League league(idx teams, int threads) {
  const int asked = int(std::clamp<idx>(teams, 1, INT_MAX));
  if constexpr (kGpuBuild) return {asked, threads};
  const int procs = std::max(1, omp_get_num_procs());
  const int t = std::min(asked, procs);
  return {t, std::max(1, std::min(threads, procs / t))};
}

/// Runs f(b) for b = 0..count-1 on device `dev`, one thread per matrix.
template <class F>
void launch(int dev, int count, F f) {
  const League l = league((idx(count) + kPerTeam - 1) / kPerTeam, kPerTeam);
#pragma omp target teams distribute parallel for device(dev) firstprivate(f) num_teams(l.teams) \
    thread_limit(l.threads) dist_schedule(static, kPerTeam)
  for (int b = 0; b < count; ++b) f(b);
}

/// The shape a call of order n on `layout` runs: as the context's shape says, or (automatic) a
/// team per matrix from the order `min` gives on a GPU build, else a thread per matrix; staged:
/// whether the team would factor the matrix in its local copy. automatic never picks the blocked
/// shape: no GPU has measured it yet.
inline OffloadShape shape_for(const Context &ctx, Layout layout, int n, bool staged,
                              const TeamShapeMin &min, bool gpu = kGpuBuild) {
  const OffloadShape asked = ctx.offload_shape();
  if (asked != OffloadShape::automatic) return asked;
  if (layout == Layout::interleaved && min.interleaved_staged && !staged)
    return OffloadShape::thread;
  const int from = layout == Layout::interleaved ? min.interleaved
                   : layout == Layout::strided   ? min.strided
                                                 : min.pointer_array;
  return gpu && n >= from ? OffloadShape::team : OffloadShape::thread;
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

/// Columns of a panel (getrf) or a block (potrf) of the blocked shape, and of the tiles of their
/// updates (enumerators: no device globals).
enum : int { kBlockColumns = 32, kTileColumns = 32 };

/// The blocked shape (offload/blocked_offload.cpp): getrf and potrf of matrices 0..count-1 of a,
/// several teams per matrix, a few launches per panel of kBlockColumns columns, the matrices on
/// the device throughout. getrf right-looking: the panel by a team per matrix (getrf_team_steps,
/// the pivot searched by the team together), then a thread per column right of it (the panel's
/// interchanges, U12 by forward substitution), a thread per row and tile of kTileColumns columns
/// of the trailing matrix (A22 -= L21 U12), and at the end a thread per column for the later
/// panels' interchanges left of each panel. potrf right-looking: the diagonal block by a team per
/// matrix (potrf_team_columns), its rows below by a thread per row, the trailing lower triangle
/// by a thread per row and tile; a matrix that stops is left out of the later launches. Every
/// element gets the same operations in the same order as in the thread and team shapes: bitwise
/// the same factors, pivots and infos (for potrf's stopping matrices, the columns before the
/// stop: the later ones hold the updates of the blocks before it, which the documentation leaves
/// unspecified).
template <class T>
void getrf_blocked(int dev, int count, int m, int n, const DeviceItems<T> &a,
                   const DeviceItems<int> &p, int *inf);
template <class T>
void potrf_blocked(int dev, int count, Uplo uplo, int n, const DeviceItems<T> &a, int *inf);

/// The blocked shape's panels (offload/team_offload.cpp), a team per matrix: getrf's steps
/// k0..kend-1 on columns k0..k1-1 (getrf_team_steps, the pivot searched by the team together),
/// inf[b] = the first zero pivot's k+1 where no earlier panel had one (inf may be null); potrf's
/// columns c0..c1-1, their rows to c1 (potrf_team_columns), of the matrices whose inf is still 0
/// (every one where c0 = 0), setting it, and scale[b*ld + j] = the reciprocal of L(j,j) that
/// scales column j's rows (scale may be null).
template <class T>
void getrf_panel_teams(int dev, int count, int m, int k0, int k1, int kend, const DeviceItems<T> &a,
                       const DeviceItems<int> &p, int *inf);
template <class T>
void potrf_block_teams(int dev, int count, int c0, int c1, const DeviceItems<T> &a, int *inf,
                       real_t<T> *scale, idx ld);

}  // namespace ompbatch::detail::offload
