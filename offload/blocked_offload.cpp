// SPDX-License-Identifier: BSD-3-Clause
// The blocked shape (OffloadShape::blocked): getrf and potrf of a few large matrices by panels,
// several teams per matrix (offload/launch.hpp). The panels run as team kernels
// (offload/team_offload.cpp, generic data-sharing mode); the updates here, a device thread per
// row or column, in the CUDA data-sharing mode of the thread kernels on GPU targets
// (CMakeLists.txt).
#include <algorithm>
#include <climits>
#include <utility>

#include "kernels/team.hpp"
#include "offload/device_batch.hpp"
#include "offload/launch.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::offload {

/// Runs f(i) for i = 0..count-1 on device `dev`, a device thread each, in teams of
/// kTeamThreads: neighbouring i on neighbouring threads.
template <class F>
void launch_flat(int dev, idx count, F f) {
  if (count <= 0) return;
  const League l = league((count + kTeamThreads - 1) / kTeamThreads, kTeamThreads);
#pragma omp target teams distribute parallel for device(dev) firstprivate(f) num_teams(l.teams) \
    thread_limit(l.threads)
  for (idx i = 0; i < count; ++i) f(i);
}

/// Interchanges rows k and ipiv[k*ps]-1 of the column c for k = from..to-1 in order.
template <class T>
void interchange_rows(T *c, idx rs, int m, const int *ipiv, idx ps, int from, int to) noexcept {
  for (int k = from; k < to; ++k) swap_in_column<Pack<T, 1>>(c, rs, k, k + 1, m, ipiv[k * ps] - 1);
}

/// Row r of a trailing update, columns jb..je-1: a(r, j) = fms(a(r, j), a(r, k), op(a(k, j)))
/// for k = k0..k0+w-1 in order, row r's w values a(r, k) in registers; op(a(k, j)) = at(k, j).
template <class T, class At>
void update_row(T *u, idx rs, idx cs, int r, int k0, int w, int jb, int je, At at) noexcept {
  T l[kBlockColumns];
  for (int q = 0; q < w; ++q) l[q] = u[r * rs + (k0 + q) * cs];
  for (int j = jb; j < je; ++j) {
    T y = u[r * rs + j * cs];
    for (int q = 0; q < w; ++q) y = Pack<T, 1>::fms(y, l[q], at(k0 + q, j));
    u[r * rs + j * cs] = y;
  }
}

template <class T>
void getrf_blocked(int dev, int count, int m, int n, const DeviceItems<T> &a,
                   const DeviceItems<int> &p, int *inf) {
  const int K = std::min(m, n);
  const idx rs = a.rs, cs = a.cs, ps = p.rs;
  const bool pivot = p.data != nullptr;
  for (int k0 = 0; k0 < K; k0 += kBlockColumns) {
    const int k1 = std::min(k0 + kBlockColumns, n), kend = std::min(k1, K), w = kend - k0;
    // the panel: columns k0..k1-1, rows k0..m-1, a team per matrix
    getrf_panel_teams<T>(dev, count, m, k0, k1, kend, a, p, inf);
    const int right = n - k1, below = m - k1, tiles = (right + kTileColumns - 1) / kTileColumns;
    if (right <= 0) continue;
    // the columns right of the panel: the panel's interchanges, then rows k0..k1-1 (U12) by
    // forward substitution with the panel's unit lower triangle; a thread per column
    launch_flat(dev, idx(count) * right, [=](idx i) {
      T *u = a.at(i / right);
      T *c = u + (k1 + i % right) * cs;
      if (pivot) interchange_rows(c, rs, m, p.at(i / right), ps, k0, kend);
      for (int k = k0; k < kend; ++k) {
        const T x = c[k * rs];
        for (int r = k + 1; r < std::min(k1, m); ++r)
          c[r * rs] = fms(c[r * rs], u[r * rs + k * cs], x);
      }
    });
    if (below <= 0) continue;
    // the trailing matrix: A22 -= L21 U12, a thread per row of a tile of kTileColumns columns,
    // the row's multipliers in registers; each element's updates in increasing k
    launch_flat(dev, idx(count) * tiles * below, [=](idx i) {
      const int r = k1 + int(i % below);
      const idx rest = i / below;
      const int jb = k1 + int(rest % tiles) * kTileColumns, je = std::min(jb + kTileColumns, n);
      T *u = a.at(rest / tiles);
      update_row(u, rs, cs, r, k0, w, jb, je, [=](int k, int j) { return u[k * rs + j * cs]; });
    });
  }
  // the columns left of each panel: the later panels' interchanges, a thread per column
  const int left = (K - 1) / kBlockColumns * kBlockColumns;  // the last panel's first column
  if (pivot && left > 0)
    launch_flat(dev, idx(count) * left, [=](idx i) {
      const int j = int(i % left);
      interchange_rows(a.at(i / left) + j * cs, rs, m, p.at(i / left), ps,
                       (j / kBlockColumns + 1) * kBlockColumns, K);
    });
}

template <class T>
void potrf_blocked(int dev, int count, Uplo uplo, int n, const DeviceItems<T> &a0, int *inf) {
  using P = Pack<T, 1>;
  using R = real_t<T>;
  DeviceItems<T> a = a0;
  if (uplo == Uplo::upper) std::swap(a.rs, a.cs);  // the lower algorithm on the transposed storage
  const idx rs = a.rs, cs = a.cs;
  // the reciprocals of the diagonal, scale[b * n + j], that scale the rows below the blocks
  const bool blocks = n > kBlockColumns;
  DeviceBuffer work(blocks ? sizeof(R) * std::size_t(count) * std::size_t(n) : 1, dev);
  R *const scale = blocks ? static_cast<R *>(work.get()) : nullptr;
  for (int c0 = 0; c0 < n; c0 += kBlockColumns) {
    const int c1 = std::min(c0 + kBlockColumns, n), w = c1 - c0;
    // the diagonal block: a team per matrix not stopped before
    potrf_block_teams<T>(dev, count, c0, c1, a, inf, scale, n);
    const int below = n - c1, tiles = (below + kTileColumns - 1) / kTileColumns;
    if (below <= 0) break;
    // the block's rows below it (L21 = A21 L11^-H): a thread per row, the columns of the block
    // in order, up to a stopping one
    launch_flat(dev, idx(count) * below, [=](idx i) {
      const int b = int(i / below), r = c1 + int(i % below), stop = inf[b];
      const int je = stop ? std::min(c1, stop - 1) : c1;
      T *u = a.at(b);
      for (int j = c0; j < je; ++j) {
        T y = u[r * rs + j * cs];
        for (int k = c0; k < j; ++k) y = P::fms(y, u[r * rs + k * cs], P::conj(u[j * rs + k * cs]));
        u[r * rs + j * cs] = P::scale(y, scale[idx(b) * n + j]);
      }
    });
    // the trailing lower triangle: A22 -= L21 L21^H, a thread per row of a tile of
    // kTileColumns columns (those left of the diagonal or on it), the row of L21 in registers;
    // each element's updates in increasing k
    launch_flat(dev, idx(count) * tiles * below, [=](idx i) {
      const int r = c1 + int(i % below);
      const idx rest = i / below;
      const int b = int(rest / tiles), jb = c1 + int(rest % tiles) * kTileColumns;
      if (jb > r || inf[b] != 0) return;
      const int je = std::min(jb + kTileColumns, r + 1);
      T *u = a.at(b);
      update_row(u, rs, cs, r, c0, w, jb, je,
                 [=](int k, int j) { return P::conj(u[j * rs + k * cs]); });
    });
  }
}

#define OMPB_INSTANTIATE(L, T)                                               \
  template void getrf_blocked<T>(int, int, int, int, const DeviceItems<T> &, \
                                 const DeviceItems<int> &, int *);           \
  template void potrf_blocked<T>(int, int, Uplo, int, const DeviceItems<T> &, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::offload
