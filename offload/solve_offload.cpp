// SPDX-License-Identifier: BSD-3-Clause
// Offload solvers: the lane kernels with W = 1, one device thread per matrix.
#include <algorithm>
#include <cstddef>

#include "backends.hpp"
#include "kernels/solve_lanes.hpp"
#include "kernels/team.hpp"
#include "offload/device_batch.hpp"
#include "offload/launch.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::offload {

template <class T>
void getrs(const Context &ctx, Op trans, const BatchView<const T> &A, ConstPivots ipiv,
           const BatchView<T> &B) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<const T> dA("A", A, dev, space, true);
  DeviceBatch<const int> dP("ipiv", pivot_view(A, ipiv.data, ipiv.stride), dev, space, true);
  DeviceBatch<T> dB("B", B, dev, space, true);
  const DeviceItems<const T> a = device_items(dA.view());
  const DeviceItems<const int> p = device_items(dP.view());
  const DeviceItems<T> x = device_items(dB.view());
  const int n = A.rows, nrhs = B.cols;
  launch(dev, A.count, [=](int b) {
    getrs_lanes<T, 1>(trans, n, nrhs, a.at(b), a.rs, a.cs, p.data ? p.at(b) : nullptr, p.rs,
                      x.at(b), x.rs, x.cs);
  });
  dB.copy_out();
}

template <class T>
void getri(const Context &ctx, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C,
           int *info) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<const T> dA("A", A, dev, space, true);
  DeviceBatch<const int> dP("ipiv", pivot_view(A, ipiv.data, ipiv.stride), dev, space, true);
  DeviceBatch<T> dC("C", C, dev, space, true);  // copied in: the padding goes back as it came
  DeviceRange dI("info", info, sizeof(int) * A.count, dev, space, false);
  const DeviceItems<const T> a = device_items(dA.view());
  const DeviceItems<const int> p = device_items(dP.view());
  const DeviceItems<T> c = device_items(dC.view());
  int *inf = static_cast<int *>(dI.get());
  const int n = A.rows;
  launch(dev, A.count, [=](int b) {
    getri_lanes<T, 1>(n, a.at(b), a.rs, a.cs, p.data ? p.at(b) : nullptr, p.rs, c.at(b), c.rs, c.cs,
                      inf + b);
  });
  dC.copy_out();
  dI.copy_out();
}

/// Bytes of device scratch matinv uses at most: the batch runs in slices whose LU factors
/// (n x n each) and pivots fit it.
inline constexpr std::size_t kMatinvScratch = std::size_t(256) << 20;

/// matinv: each matrix copied into device scratch, factored there (getrf), inverted into C.
template <class T>
void matinv(const Context &ctx, const BatchView<const T> &A, const BatchView<T> &C, int *info) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  const int n = A.rows;
  DeviceBatch<const T> dA("A", A, dev, space, true);
  DeviceBatch<T> dC("C", C, dev, space, true);  // copied in: the padding goes back as it came
  DeviceRange dI("info", info, sizeof(int) * A.count, dev, space, false);
  const idx nn = idx(n) * n, per = idx(sizeof(T)) * nn + idx(sizeof(int)) * n;
  const int slice = int(std::min<idx>(A.count, std::max<idx>(1, idx(kMatinvScratch) / per)));
  DeviceBuffer scratch_lu(sizeof(T) * nn * slice, dev), scratch_piv(sizeof(int) * n * slice, dev);
  const DeviceItems<const T> a = device_items(dA.view());
  const DeviceItems<T> c = device_items(dC.view());
  int *inf = static_cast<int *>(dI.get());
  T *lus = static_cast<T *>(scratch_lu.get());
  int *pivs = static_cast<int *>(scratch_piv.get());
  for (int b0 = 0; b0 < A.count; b0 += slice) {
    launch(dev, std::min(slice, A.count - b0), [=](int s) {
      const int b = b0 + s;
      const T *x = a.at(b);
      T *lu = lus + idx(s) * nn;
      int *piv = pivs + idx(s) * n;
      copy_elements(n, n, x, a.rs, a.cs, lu, idx(1), idx(n));
      int unused = 0;
      getrf_lanes<T, 1>(n, n, lu, 1, n, piv, 1, inf + b);
      getri_lanes<T, 1>(n, lu, 1, n, piv, 1, c.at(b), c.rs, c.cs, &unused);
    });
  }
  dC.copy_out();
  dI.copy_out();
}

template <class T>
void potrf(const Context &ctx, Uplo uplo, const BatchView<T> &A, int *info) {
  const OffloadShape shape =
      shape_for(ctx, A.layout, A.rows, TeamMatrix<T>::staged(A.rows, A.rows), kTeamShapeMinPotrf);
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<T> dA("A", A, dev, space, true);
  DeviceRange dI("info", info, sizeof(int) * A.count, dev, space, false);
  const DeviceItems<T> a = device_items(dA.view());
  int *inf = static_cast<int *>(dI.get());
  const int n = A.rows;
  if (shape == OffloadShape::blocked)
    potrf_blocked<T>(dev, A.count, uplo, n, a, inf);
  else if (shape == OffloadShape::team)
    potrf_teams<T>(dev, A.count, uplo, n, a, inf);
  else
    launch(dev, A.count, [=](int b) { potrf_lanes<T, 1>(uplo, n, a.at(b), a.rs, a.cs, inf + b); });
  dA.copy_out();
  dI.copy_out();
}

/// The routines that read A and overwrite B (potrs, trsm): f(a, x, b) for matrix b.
template <class T, class F>
void solve_ab(const Context &ctx, const BatchView<const T> &A, const BatchView<T> &B, F f) {
  const int dev = ctx.device();
  const MemorySpace space = ctx.memory_space();
  DeviceBatch<const T> dA("A", A, dev, space, true);
  DeviceBatch<T> dB("B", B, dev, space, true);
  const DeviceItems<const T> a = device_items(dA.view());
  const DeviceItems<T> x = device_items(dB.view());
  launch(dev, A.count, [=](int b) { f(a, x, b); });
  dB.copy_out();
}

template <class T>
void potrs(const Context &ctx, Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B) {
  const int n = A.rows, nrhs = B.cols;
  solve_ab(ctx, A, B, [=](const DeviceItems<const T> &a, const DeviceItems<T> &x, int b) {
    potrs_lanes<T, 1>(uplo, n, nrhs, a.at(b), a.rs, a.cs, x.at(b), x.rs, x.cs);
  });
}

template <class T>
void trsm(const Context &ctx, Side side, Uplo uplo, Op trans, Diag diag, T alpha,
          const BatchView<const T> &A, const BatchView<T> &B) {
  const int m = B.rows, n = B.cols;
  solve_ab(ctx, A, B, [=](const DeviceItems<const T> &a, const DeviceItems<T> &x, int b) {
    trsm_lanes<T, 1>(side, uplo, trans, diag, m, n, alpha, a.at(b), a.rs, a.cs, x.at(b), x.rs,
                     x.cs);
  });
}

#define OMPB_INSTANTIATE(L, T)                                                                     \
  template void getrs<T>(const Context &, Op, const BatchView<const T> &, ConstPivots,             \
                         const BatchView<T> &);                                                    \
  template void getri<T>(const Context &, const BatchView<const T> &, ConstPivots,                 \
                         const BatchView<T> &, int *);                                             \
  template void matinv<T>(const Context &, const BatchView<const T> &, const BatchView<T> &,       \
                          int *);                                                                  \
  template void potrf<T>(const Context &, Uplo, const BatchView<T> &, int *);                      \
  template void potrs<T>(const Context &, Uplo, const BatchView<const T> &, const BatchView<T> &); \
  template void trsm<T>(const Context &, Side, Uplo, Op, Diag, T, const BatchView<const T> &,      \
                        const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::offload
