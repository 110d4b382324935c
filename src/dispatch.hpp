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
/// with the tester (`scripts/run.sh --routine getrf -r 5`) on a build whose crossovers were set
/// out of reach, lanes against the LAPACKE loop, lowest..highest of 3 runs:
///   double  pointer 1.40-1.51x at 80, 0.91-1.38x at 96, 0.76-0.89x at 112 (strided alike);
///           interleaved 0.76-1.10x at 128, 0.36-0.95x at 160
///   float   pointer 1.08-1.73x at 160, 0.85-1.12x at 176, 0.75-1.10x at 192; strided
///           1.08-1.73x at 160, 0.67-0.97x at 176; interleaved 0.78-0.92x at 192, 0.67-0.84x at 256
///   complex float   pointer and strided 1.10-1.94x at 88, 0.93-1.11x at 96, 0.72-1.08x at 104;
///                   interleaved 1.00-1.40x at 112, 0.82-1.10x at 128
///   complex double  pointer and strided 0.92-1.32x at 56, 1.00-1.11x at 64, 0.70-1.07x at 72;
///                   interleaved 1.07-1.46x at 80, 0.73-1.01x at 96
/// The vendor path runs the reference's own calls for pointer arrays and strided batches
/// (about 1x); interleaved blocks are unpacked first, 0.60-0.94x at n = 128..224 (double and
/// float), so that near and above these crossovers neither path reaches the LAPACKE loop on
/// interleaved input.
template <class T>
int vendor_getrf_crossover(Layout layout) {
  const bool interleaved = layout == Layout::interleaved;
  if constexpr (std::is_same_v<T, float>) return interleaved ? 256 : 176;
  if constexpr (std::is_same_v<T, double>) return interleaved ? 160 : 96;
  if constexpr (std::is_same_v<T, std::complex<float>>) return interleaved ? 128 : 96;
  return interleaved ? 96 : 64;
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
