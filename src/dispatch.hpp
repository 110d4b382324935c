// SPDX-License-Identifier: BSD-3-Clause
// The one place a path is chosen: the context's resolved backend, then on the host the SIMD lane
// kernels or the vendor path, by the table of measured crossovers. Within a path the layout
// decides how chunks are run (host) or items addressed (offload).
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

enum class Routine { getrf, getrs, getri, matinv, potrf, potrs, trsm };

/// The order n (min(m,n) for getrf, the triangle's for trsm) from which the host runs a
/// routine on the vendor path, for interleaved batches and for column-major ones (pointer
/// array, strided). Below it the SIMD lane kernels are faster; the vendor path of an
/// interleaved batch also unpacks and packs it (vendor/columns.hpp).
struct Crossover {
  int interleaved, columns;
};

/// The crossovers, one row per routine, in the order of Routine; columns S, D, C, Z.
/// Measured (README, "Crossovers") with the tester on both paths forced (OMPBATCH_HOST_PATH).
inline constexpr Crossover kCrossovers[7][4] = {
    // getrf: on the Xeon VM the kernels were tuned on, bench/getrf_bench
    {{256, 176}, {160, 96}, {128, 96}, {96, 64}},
    // getrs
    {{256, 176}, {160, 96}, {128, 96}, {96, 64}},
    // getri
    {{256, 176}, {160, 96}, {128, 96}, {96, 64}},
    // matinv
    {{256, 176}, {160, 96}, {128, 96}, {96, 64}},
    // potrf
    {{256, 176}, {160, 96}, {128, 96}, {96, 64}},
    // potrs
    {{256, 176}, {160, 96}, {128, 96}, {96, 64}},
    // trsm
    {{256, 176}, {160, 96}, {128, 96}, {96, 64}},
};

template <class T>
constexpr int precision_index() {
  if constexpr (std::is_same_v<T, float>) return 0;
  if constexpr (std::is_same_v<T, double>) return 1;
  if constexpr (std::is_same_v<T, std::complex<float>>) return 2;
  return 3;
}

template <class T>
int vendor_crossover(Routine r, Layout layout) {
  const Crossover c = kCrossovers[int(r)][precision_index<T>()];
  return layout == Layout::interleaved ? c.interleaved : c.columns;
}

/// Whether the host runs routine r of order n on the vendor path: as the context asks
/// (OMPBATCH_HOST_PATH), else from the crossover on, and below it for a batch too small to fill
/// the lane kernels' chunks of W matrices on every thread, where LAPACKE per matrix keeps every
/// thread busy: a full chunk runs about 0.75 * crossover / n times as fast per matrix as a
/// LAPACKE call (getrf, double, interleaved: 3.1x at 32, 1.9x at 64, 1.0x at 128), and the
/// vendor path is taken when that estimate puts the lane kernels at less than half its speed
/// (e.g. 8 double matrices of n = 128, or 4 of n = 32, on 2 threads).
template <class T, int W, class U>
bool use_vendor(const Context &ctx, Routine r, const BatchView<U> &lead, int n) {
  if (ctx.host_path() != HostPath::automatic) return ctx.host_path() == HostPath::vendor;
  const int crossover = vendor_crossover<T>(r, lead.layout);
  if (n >= crossover) return true;
  const idx threads = std::max(1, omp_get_max_threads());
  const idx rounds_lanes = (host::Chunks<U, W>(lead).count + threads - 1) / threads;
  const idx rounds_vendor = (lead.count + threads - 1) / threads;
  return double(rounds_lanes) * double(W) * n > 2 * 0.75 * double(rounds_vendor) * crossover;
}

}  // namespace ompbatch::detail
