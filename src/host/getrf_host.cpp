// SPDX-License-Identifier: BSD-3-Clause
// Host getrf: the lane kernel over chunks of the batch, one OpenMP parallel region.
#include <algorithm>
#include <vector>

#include "host/host.hpp"
#include "host/lanes.hpp"
#include "kernels/getrf_lanes.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::host {

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info) {
  constexpr int W = width<T>();
  const int m = A.rows, n = A.cols, kmax = std::min(m, n);
  const BatchView<int> P = pivot_view(A, ipiv);
  const Chunks<T, W> chunks(A);
#pragma omp parallel
  {
    std::vector<T> buf(idx(m) * n * W);
    std::vector<int> pbuf(idx(kmax) * W);
    int ibuf[W];
#pragma omp for schedule(static)
    for (idx c = 0; c < chunks.count; ++c) {
      idx b0;
      int lanes;
      chunks.at(c, b0, lanes);
      if (lanes == 0) continue;
      if (chunks.in_place(lanes)) {
        getrf_lanes<T, W>(m, n, item(A, b0), A.width, idx(A.ld) * A.width,
                          ipiv.data ? item(P, b0) : nullptr, A.width, info ? info + b0 : ibuf);
        continue;
      }
      pack_lanes<T, W>(A, b0, lanes, buf.data());
      getrf_lanes<T, W>(m, n, buf.data(), W, idx(m) * W, ipiv.data ? pbuf.data() : nullptr, W,
                        ibuf);
      unpack_lanes<T, W>(buf.data(), b0, lanes, A);
      if (ipiv.data) unpack_lanes<int, W>(pbuf.data(), b0, lanes, P);
      if (info) std::copy(ibuf, ibuf + lanes, info + b0);
    }
  }
}

template <class T>
void copy(const BatchView<const T> &from, const BatchView<T> &to) {
  const idx frs = row_stride(from.layout, from.width),
            fcs = col_stride(from.layout, from.ld, from.width);
  const idx trs = row_stride(to.layout, to.width), tcs = col_stride(to.layout, to.ld, to.width);
#pragma omp parallel for schedule(static)
  for (idx b = 0; b < to.count; ++b) {
    const T *a = item(from, b);
    T *c = item(to, b);
    for (int j = 0; j < to.cols; ++j)
      for (int i = 0; i < to.rows; ++i) c[i * trs + j * tcs] = a[i * frs + j * fcs];
  }
}

#define OMPB_INSTANTIATE(L, T)                                 \
  template void getrf<T>(const BatchView<T> &, Pivots, int *); \
  template void copy<T>(const BatchView<const T> &, const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::host
