// SPDX-License-Identifier: BSD-3-Clause
// The one place a backend is chosen: the context's resolved backend. Within a backend the
// layout decides how chunks are run (host) or items addressed (offload).
#pragma once

#include <omp.h>

#include <algorithm>
#include <complex>
#include <type_traits>

#include "host/host.hpp"
#include "host/lanes.hpp"
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
/// machine (2 cores, AVX-512, OpenBLAS 0.3.21 SkylakeX kernels, 2 threads, batches of 128 MiB)
/// with the tester (`scripts/run.sh --routine getrf -r 3..5`), lanes against the LAPACKE loop:
///   double  interleaved 2.1x at 64, 1.4x at 96, 0.98-1.16x at 128, 0.53x at 192
///           pointer 1.1x at 80, 0.87x at 96
///   float   interleaved 1.8x at 128, 1.04x at 192; strided 1.22x at 96, 0.98x at 128
///   complex float   interleaved 1.27x at 96, 0.92x at 128; pointer 1.17x at 96, 0.62x at 128
///   complex double  interleaved 1.27x at 64, 0.87x at 96; pointer 1.04x at 64, 0.75x at 96
/// The vendor path runs the reference's own calls for pointer arrays and strided batches
/// (about 1x) and unpacks interleaved blocks first (0.7-0.9x).
template <class T>
int vendor_getrf_crossover(Layout layout) {
  const bool interleaved = layout == Layout::interleaved;
  if constexpr (std::is_same_v<T, float>) return interleaved ? 256 : 128;
  if constexpr (std::is_same_v<T, double>) return interleaved ? 160 : 96;
  if constexpr (std::is_same_v<T, std::complex<float>>) return 128;
  return 96;
}

/// Below the crossover a small batch can still favour the vendor path: the lane kernels run
/// chunks of W matrices, one chunk per thread at a time, so a batch of few matrices leaves lanes
/// empty and threads idle where LAPACKE per matrix keeps every thread busy. A full chunk
/// factors about 0.75 * crossover / n times as fast per matrix as a LAPACKE call (the
/// measurements above: double interleaved 3.1x at 32, 1.9x at 64, 1.0x at 128); the vendor
/// path is taken when that estimate puts the lane kernels at less than half its speed (e.g.
/// 8 double matrices of n = 128, or 4 of n = 32, on 2 threads).
template <class T>
bool use_vendor_getrf(const BatchView<T> &A, const Pivots &ipiv) {
  if (ipiv.data == nullptr) return false;
  const int n = std::min(A.rows, A.cols), crossover = vendor_getrf_crossover<T>(A.layout);
  if (n >= crossover) return true;
  constexpr int w = host::getrf_width<T>();
  const idx threads = std::max(1, omp_get_max_threads());
  const idx rounds_lanes = (host::Chunks<T, w>(A).count + threads - 1) / threads;
  const idx rounds_vendor = (A.count + threads - 1) / threads;
  return double(rounds_lanes) * double(w) * n > 2 * 0.75 * double(rounds_vendor) * crossover;
}

}  // namespace ompbatch::detail
