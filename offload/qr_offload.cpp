// SPDX-License-Identifier: BSD-3-Clause
// Offload QR and least squares: the lane kernels with W = 1, one device thread per matrix.
#include <algorithm>
#include <cstddef>

#include "backends.hpp"
#include "kernels/qr_lanes.hpp"
#include "offload/device_batch.hpp"
#include "offload/launch.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::offload {

template <class T>
void geqrf(const Context &ctx, const BatchView<T> &A, const BatchView<T> &tau) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<T> dA("A", A, dev, space, true);
  DeviceBatch<T> dT("tau", tau, dev, space, true);  // copied in: the gaps go back as they came
  const DeviceItems<T> a = device_items(dA.view());
  const DeviceItems<T> t = device_items(dT.view());
  const int m = A.rows, n = A.cols;
  launch(dev, A.count, [=](int b) { geqrf_lanes<T, 1>(m, n, a.at(b), a.rs, a.cs, t.at(b), t.rs); });
  dA.copy_out();
  dT.copy_out();
}

/// Bytes of device scratch gels uses at most for the reflectors' scalars: the batch runs in
/// slices whose min(m,n) scalars per matrix fit it.
inline constexpr std::size_t kGelsScratch = std::size_t(64) << 20;

template <class T>
void gels(const Context &ctx, Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<T> dA("A", A, dev, space, true);
  DeviceBatch<T> dC("C", C, dev, space, true);
  DeviceRange dI("devInfoArray", info, sizeof(int) * A.count, dev, space, false);
  const int m = A.rows, n = A.cols, nrhs = C.cols, kmax = std::min(m, n);
  const int slice =
      int(std::min<idx>(A.count, std::max<idx>(1, idx(kGelsScratch) / (idx(sizeof(T)) * kmax))));
  DeviceBuffer scratch(sizeof(T) * idx(kmax) * slice, dev);
  const DeviceItems<T> a = device_items(dA.view());
  const DeviceItems<T> c = device_items(dC.view());
  int *inf = static_cast<int *>(dI.get());
  T *taus = static_cast<T *>(scratch.get());
  for (int b0 = 0; b0 < A.count; b0 += slice) {
    launch(dev, std::min(slice, A.count - b0), [=](int s) {
      const int b = b0 + s;
      gels_lanes<T, 1>(trans, m, n, nrhs, a.at(b), a.rs, a.cs, taus + idx(s) * kmax, c.at(b), c.rs,
                       c.cs, inf + b);
    });
  }
  dA.copy_out();
  dC.copy_out();
  dI.copy_out();
}

#define OMPB_INSTANTIATE(L, T)                                                         \
  template void geqrf<T>(const Context &, const BatchView<T> &, const BatchView<T> &); \
  template void gels<T>(const Context &, Op, const BatchView<T> &, const BatchView<T> &, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::offload
