// SPDX-License-Identifier: BSD-3-Clause
// Offload getrf: one target teams region, the batch split evenly over teams (kPerTeam
// matrices each), one thread per matrix running the per-matrix kernel (getrf_lanes, W = 1).
// In the interleaved layout neighbouring threads touch neighbouring addresses (coalesced).
#include "kernels/getrf_lanes.hpp"
#include "offload/device_batch.hpp"
#include "offload/offload.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::offload {
namespace {

constexpr int kPerTeam = 64;

/// All pointers are device addresses. Pivots of the pointer-array layout are strided.
template <class T>
void launch_getrf(int dev, Layout layout, int m, int n, T *data, T *const *ptrs, int ld,
                  long long stride, int width, int *piv, long long pstride, int *info, int count) {
  const int kmax = m < n ? m : n;
  const idx block = idx(width) * ld * n, pblock = idx(width) * kmax;
  const idx rs = row_stride(layout, width), cs = col_stride(layout, ld, width);
  const Layout playout = layout == Layout::interleaved ? Layout::interleaved : Layout::strided;
  const int teams = (count + kPerTeam - 1) / kPerTeam;
#pragma omp target teams distribute parallel for device(dev) is_device_ptr(data, ptrs, piv, info) \
    num_teams(teams) thread_limit(kPerTeam) dist_schedule(static, kPerTeam)
  for (int b = 0; b < count; ++b) {
    T *a = layout == Layout::pointer_array ? ptrs[b]
                                           : data + item_offset(layout, b, stride, width, block);
    int *p = piv ? piv + item_offset(playout, b, pstride, width, pblock) : nullptr;
    int inf = 0;
    getrf_lanes<T, 1>(m, n, a, rs, cs, p, rs, &inf);
    if (info) info[b] = inf;
  }
}

/// Element by element copy of `count` rows x cols matrices between two layouts.
template <class T>
void launch_copy(int dev, int rows, int cols, int count, Layout fl, const T *fdata,
                 const T *const *fptrs, int fld, long long fstride, int fwidth, Layout tl, T *tdata,
                 T *const *tptrs, int tld, long long tstride, int twidth) {
  const idx fblock = idx(fwidth) * fld * cols, tblock = idx(twidth) * tld * cols;
  const idx frs = row_stride(fl, fwidth), fcs = col_stride(fl, fld, fwidth);
  const idx trs = row_stride(tl, twidth), tcs = col_stride(tl, tld, twidth);
  const int teams = (count + kPerTeam - 1) / kPerTeam;
#pragma omp target teams distribute parallel for device(dev) \
    is_device_ptr(fdata, fptrs, tdata, tptrs) num_teams(teams) thread_limit(kPerTeam)
  for (int b = 0; b < count; ++b) {
    const T *a = fl == Layout::pointer_array ? fptrs[b]
                                             : fdata + item_offset(fl, b, fstride, fwidth, fblock);
    T *c = tl == Layout::pointer_array ? tptrs[b]
                                       : tdata + item_offset(tl, b, tstride, twidth, tblock);
    for (int j = 0; j < cols; ++j)
      for (int i = 0; i < rows; ++i) c[i * trs + j * tcs] = a[i * frs + j * fcs];
  }
}

}  // namespace

template <class T>
void getrf(const Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<T> dA("A", A, dev, space, true);
  DeviceBatch<int> dP("ipiv", pivot_view(A, ipiv), dev, space, true);
  DeviceRange dI("info", info, sizeof(int) * A.count, dev, space, false);
  const BatchView<T> &a = dA.view();
  launch_getrf<T>(dev, a.layout, a.rows, a.cols, a.data, a.ptrs, a.ld, a.stride, a.width,
                  dP.view().data, dP.view().stride, static_cast<int *>(dI.get()), a.count);
  dA.copy_out();
  dP.copy_out();
  dI.copy_out();
}

template <class T>
void copy(const Context &ctx, const BatchView<const T> &from, const BatchView<T> &to) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<const T> dF("source", from, dev, space, true);
  DeviceBatch<T> dT("destination", to, dev, space, true);
  const BatchView<const T> &f = dF.view();
  const BatchView<T> &t = dT.view();
  launch_copy<T>(dev, t.rows, t.cols, t.count, f.layout, f.data, f.ptrs, f.ld, f.stride, f.width,
                 t.layout, t.data, t.ptrs, t.ld, t.stride, t.width);
  dT.copy_out();
}

#define OMPB_INSTANTIATE(L, T)                                                  \
  template void getrf<T>(const Context &, const BatchView<T> &, Pivots, int *); \
  template void copy<T>(const Context &, const BatchView<const T> &, const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::offload
