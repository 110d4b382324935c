// SPDX-License-Identifier: BSD-3-Clause
// Offload getrf and layout copies.
#include <algorithm>
#include <type_traits>

#include "backends.hpp"
#include "kernels/getrf_lanes.hpp"
#include "kernels/team.hpp"
#include "offload/device_batch.hpp"
#include "offload/launch.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::offload {

/// Square orders up to which a thread per matrix factors a private copy of a real matrix with
/// the order compiled in (getrf_fixed_threads), by the steps with constant k (getrf_lanes'
/// fixed steps). Every index is then a constant (the interchanges are selects over the rows), so
/// the copy stays in registers: the matrix is read and written once, where the kernel at
/// run-time sizes reads and writes the trailing matrix in memory at every step. H200, double,
/// against the kernel at run-time sizes in the same calls, every layout: 1.4-2.5x at n = 6 and 8
/// (10^5 and 10^6 matrices) and at n = 4 on 10^6; n = 2 and 4 on 10^5 matrices (0.04-0.2 ms)
/// read 0.65-2.4x in two calls (bench/results/h200-20261128-gpu.md). Complex matrices keep the
/// kernel at run-time sizes: a double complex 8 x 8 copy would not fit the registers, and the
/// complex instantiations tripled this file's compile time (9 s -> 66 s with all four
/// precisions, 25 s with the real ones, offload-x86).
inline constexpr int kPrivateOrderMax = kFixedStepsMax;

template <class T, int N>
void getrf_fixed_threads(int dev, int count, const DeviceItems<T> &a, const DeviceItems<int> &p,
                         int *inf) {
  using C = std::integral_constant<int, N>;
  using One = std::integral_constant<idx, 1>;
  using Ld = std::integral_constant<idx, N>;
  launch(dev, count, [=](int b) {
    T *u = a.at(b);
    T x[N * N];
    copy_elements(C(), C(), u, a.rs, a.cs, x, One(), Ld());
    int i = 0;
    getrf_lanes<T, 1>(C(), C(), x, One(), Ld(), p.data ? p.at(b) : nullptr, p.rs, &i);
    copy_elements(C(), C(), x, One(), Ld(), u, a.rs, a.cs);
    if (inf) inf[b] = i;
  });
}

/// getrf_fixed_threads for the order n, if T is real and n <= kPrivateOrderMax; false otherwise.
template <class T, int N = 1>
bool getrf_fixed_dispatch(int n, int dev, int count, const DeviceItems<T> &a,
                          const DeviceItems<int> &p, int *inf) {
  if constexpr (N <= kPrivateOrderMax && !is_complex_v<T>) {
    if (n != N) return getrf_fixed_dispatch<T, N + 1>(n, dev, count, a, p, inf);
    getrf_fixed_threads<T, N>(dev, count, a, p, inf);
    return true;
  } else {
    return false;
  }
}

template <class T>
void getrf(const Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info) {
  const OffloadShape shape = shape_for(ctx, A.layout, std::min(A.rows, A.cols),
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
  if (shape == OffloadShape::blocked)
    getrf_blocked<T>(dev, A.count, m, n, a, p, inf);
  else if (shape == OffloadShape::team)
    getrf_teams<T>(dev, A.count, m, n, a, p, inf);
  else if (m != n || !getrf_fixed_dispatch<T>(n, dev, A.count, a, p, inf))
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
  launch(dev, to.count,
         [=](int b) { copy_elements(rows, cols, f.at(b), f.rs, f.cs, t.at(b), t.rs, t.cs); });
  dT.copy_out();
}

#define OMPB_INSTANTIATE(L, T)                                                  \
  template void getrf<T>(const Context &, const BatchView<T> &, Pivots, int *); \
  template void copy<T>(const Context &, const BatchView<const T> &, const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::offload
