// SPDX-License-Identifier: BSD-3-Clause
// Offload getrf and layout copies.
#include <algorithm>

#include "kernels/getrf_lanes.hpp"
#include "kernels/team.hpp"
#include "offload/device_batch.hpp"
#include "offload/launch.hpp"
#include "offload/offload.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::offload {

template <class T>
void getrf(const Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info) {
  const bool team = team_shape(ctx, A.layout, std::min(A.rows, A.cols),
                               TeamMatrix<T>::staged(A.rows, A.cols), kTeamShapeMinGetrf);
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<T> dA("A", A, dev, space, true);
  DeviceBatch<int> dP("ipiv", pivot_view(A, ipiv.data, ipiv.stride), dev, space, true);
  DeviceRange dI("info", info, sizeof(int) * A.count, dev, space, false);
  const DeviceItems<T> a = device_items(dA.view());
  const DeviceItems<int> p = device_items(dP.view());
  int *inf = static_cast<int *>(dI.get());
  const int m = A.rows, n = A.cols;
  if (team)
    getrf_teams<T>(dev, A.count, m, n, a, p, inf);
  else
    launch(dev, A.count, [=](int b) {
      int i = 0;
      getrf_lanes<T, 1>(m, n, a.at(b), a.rs, a.cs, p.data ? p.at(b) : nullptr, p.rs, &i);
      if (inf) inf[b] = i;
    });
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
  const DeviceItems<const T> f = device_items(dF.view());
  const DeviceItems<T> t = device_items(dT.view());
  const int rows = to.rows, cols = to.cols;
  launch(dev, to.count, [=](int b) {
    const T *x = f.at(b);
    T *y = t.at(b);
    for (int j = 0; j < cols; ++j)
      for (int i = 0; i < rows; ++i) y[i * t.rs + j * t.cs] = x[i * f.rs + j * f.cs];
  });
  dT.copy_out();
}

#define OMPB_INSTANTIATE(L, T)                                                  \
  template void getrf<T>(const Context &, const BatchView<T> &, Pivots, int *); \
  template void copy<T>(const Context &, const BatchView<const T> &, const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::offload
