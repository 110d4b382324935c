// SPDX-License-Identifier: BSD-3-Clause
// Host QR and least squares: the lane kernels of kernels/qr_lanes.hpp over chunks of W matrices
// (in place or packed), one parallel region per call.
#include <vector>

#include "kernels/qr_lanes.hpp"
#include "precisions.hpp"
#include "simd/lanes.hpp"
#include "simd/paths.hpp"

namespace ompbatch::detail::host {

template <class T>
void geqrf(const BatchView<T> &A, const BatchView<T> &tau) {
  with_routine_lanes(Routine::geqrf, A, [&](auto lanes_w) {
    constexpr int W = decltype(lanes_w)::value;
    for_each_chunk<W>(A, [&] {
      return [&, a = LaneArg<T, W>(A, true, true), t = LaneArg<T, W>(tau, false, true)](
                 idx b0, int lanes, Place at) mutable {
        a.bind(b0, lanes, at);
        t.bind(b0, lanes, at);
        geqrf_lanes<T, W>(A.rows, A.cols, a.ptr(), a.rs(), a.cs(), t.ptr(), t.rs());
        a.finish(b0, lanes);
        t.finish(b0, lanes);
      };
    });
  });
}

template <class T>
void gels(Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info) {
  with_routine_lanes(Routine::gels, A, [&](auto lanes_w) {
    constexpr int W = decltype(lanes_w)::value;
    const int kmax = std::min(A.rows, A.cols);
    for_each_chunk<W>(A, [&] {
      return [&, a = LaneArg<T, W>(A, true, true), c = LaneArg<T, W>(C, true, true),
              inf = LaneInfo<W>(info),
              tau = std::vector<T>(std::size_t(kmax) * W)](idx b0, int lanes, Place at) mutable {
        a.bind(b0, lanes, at);
        c.bind(b0, lanes, at);
        gels_lanes<T, W>(trans, A.rows, A.cols, C.cols, a.ptr(), a.rs(), a.cs(), tau.data(),
                         c.ptr(), c.rs(), c.cs(), inf.bind(b0, lanes, at));
        a.finish(b0, lanes);
        c.finish(b0, lanes);
        inf.finish();
      };
    });
  });
}

#define OMPB_INSTANTIATE(L, T)                                        \
  template void geqrf<T>(const BatchView<T> &, const BatchView<T> &); \
  template void gels<T>(Op, const BatchView<T> &, const BatchView<T> &, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::host
