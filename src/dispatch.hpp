// SPDX-License-Identifier: BSD-3-Clause
// The one place a backend is chosen: the context's resolved backend. Within a backend the
// layout decides how chunks are run (host) or items addressed (offload).
#pragma once

#include <algorithm>
#include <type_traits>

#include "host/host.hpp"
#include "ompbatch/ompbatch.hpp"
#include "vendor/vendor.hpp"
#ifdef OMPBATCH_HAVE_OFFLOAD
#include "offload/offload.hpp"
#endif

namespace ompbatch::detail {

/// True when the call runs on the offload backend (never in a build without offload targets).
inline bool use_offload(const Context &ctx) {
#ifdef OMPBATCH_HAVE_OFFLOAD
  return ctx.backend() == Backend::offload;
#else
  (void)ctx;
  return false;
#endif
}

/// Host getrf with pivoting goes to the vendor path (LAPACKE per matrix) from this size
/// (min(m,n)) on: below it the SIMD lane kernels are faster. Measured on the development
/// machine (2 cores, AVX-512, OpenBLAS 0.3.21 SkylakeX kernels, batches of 256 MiB) with
/// bench/getrf_bench and the tester: single precision wins at n = 32 in every layout and loses
/// at 64; double ties at 32 and loses at 64 when interleaved (where the vendor path must also
/// unpack each matrix), loses at 32 from pointer arrays and strided input; complex loses from
/// n = 16.
template <class T>
int vendor_getrf_crossover(Layout layout) {
  if constexpr (std::is_same_v<T, float>) return 64;
  if constexpr (std::is_same_v<T, double>) return layout == Layout::interleaved ? 64 : 32;
  return 16;
}

template <class T>
bool use_vendor_getrf(const BatchView<T> &A, const Pivots &ipiv) {
  return ipiv.data != nullptr && std::min(A.rows, A.cols) >= vendor_getrf_crossover<T>(A.layout);
}

}  // namespace ompbatch::detail
