// SPDX-License-Identifier: BSD-3-Clause
// Host getrf and layout copies: lane kernels over chunks of the batch, one parallel region.
#include <algorithm>

#include "host/host.hpp"
#include "host/lanes.hpp"
#include "kernels/getrf_lanes.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::host {

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info) {
  constexpr int W = width<T>();
  const BatchView<int> P = pivot_view(A, ipiv.data, ipiv.stride);
  for_each_chunk<W>(A, [&] {
    return [&, a = LaneArg<T, W>(A, true, true), p = LaneArg<int, W>(P, false, true),
            inf = LaneInfo<W>(info)](idx b0, int lanes, bool in_place) mutable {
      a.bind(b0, lanes, in_place);
      p.bind(b0, lanes, in_place);
      getrf_lanes<T, W>(A.rows, A.cols, a.ptr(), a.rs(), a.cs(), p.ptr(), p.rs(),
                        inf.bind(b0, lanes));
      a.finish(b0, lanes);
      p.finish(b0, lanes);
      inf.finish();
    };
  });
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
