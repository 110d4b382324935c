// SPDX-License-Identifier: BSD-3-Clause
// The reference a user would otherwise write: LAPACKE per matrix, OpenBLAS single-threaded
// inside an OpenMP loop. Shared by the tests, the tester and the benchmarks.
#pragma once

#include <omp.h>

#include <string>

#include "vendor/lapack.hpp"

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
