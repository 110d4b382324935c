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
/// machine (2 cores, AVX-512, OpenBLAS 0.3.21 SkylakeX kernels, batches of 256 MiB, 2 threads)
/// with bench/getrf_bench and the tester, the lane kernels against the LAPACKE loop: double
/// wins at n = 32 in every layout (1.15-1.9x) and loses at 64; float wins at 64 interleaved
/// (1.2x) and loses at 128, loses at 64 from pointer arrays and strided input (0.86x); complex
/// wins at 16 (1.3-2x) and ties or loses at 24.
template <class T>
int vendor_getrf_crossover(Layout layout) {
  if constexpr (std::is_same_v<T, float>) return layout == Layout::interleaved ? 128 : 64;
  if constexpr (std::is_same_v<T, double>) return 64;
  return 24;
}

template <class T>
bool use_vendor_getrf(const BatchView<T> &A, const Pivots &ipiv) {
  return ipiv.data != nullptr && std::min(A.rows, A.cols) >= vendor_getrf_crossover<T>(A.layout);
}

}  // namespace ompbatch::detail
