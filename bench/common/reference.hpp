// SPDX-License-Identifier: BSD-3-Clause
// The reference a user would otherwise write: LAPACKE per matrix, OpenBLAS single-threaded
// inside an OpenMP loop. Shared by the tests, the tester and the benchmarks.
#pragma once

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "simd/vendor/lapack.hpp"

namespace ompbatch::reference {

using lapack::gels;
using lapack::geqrf;
using lapack::getrf;
using lapack::getri;
using lapack::getrs;
using lapack::potrf;
using lapack::potrs;
using lapack::trsm;

/// OpenBLAS to one thread per call, without the OpenMP build's side effect of also shrinking
/// the calling thread's OpenMP team (openblas_set_num_threads calls omp_set_num_threads there).
inline void openblas_single_threaded() {
  const int team = omp_get_max_threads();
  openblas_set_num_threads(1);
  omp_set_num_threads(team);
}

/// OpenBLAS's pthread build keeps its worker threads spinning (sched_yield) for 2^t TSC cycles
/// when it starts and after each threaded call (t = OPENBLAS_THREAD_TIMEOUT, 4..30, default 28:
/// 0.1 s at 2.6 GHz) before they sleep, taking cores from the OpenMP threads meanwhile: on the
/// 2-core Zen 5 VM the first interleaved zgetrf calls (n = 8, 8192 matrices, 2 threads) after
/// start took 7-15 ms each against 0.5 ms once they slept, and the tester's first case read 0.77x
/// the loop. Waits 2^t ns (as long at a TSC of 1 GHz) so that what is timed next runs without
/// them; returns at once for the other builds.
inline void openblas_wait_idle() {
  if (openblas_get_parallel() != 1) return;
  int t = 28;
  if (const char *e = std::getenv("OPENBLAS_THREAD_TIMEOUT"); e && std::atoi(e) > 0)
    t = std::clamp(std::atoi(e), 4, 30);
  std::this_thread::sleep_for(std::chrono::nanoseconds(1LL << t));
}

/// "OpenBLAS (pthread build, core SkylakeX): <config>" for reports.
inline std::string openblas_description() {
  const int p = openblas_get_parallel();
  return std::string("OpenBLAS (") +
         (p == 0   ? "sequential build"
          : p == 1 ? "pthread build"
                   : "OpenMP build") +
         ", core " + openblas_get_corename() + "): " + openblas_get_config();
}

}  // namespace ompbatch::reference
