// SPDX-License-Identifier: BSD-3-Clause
// The reference a user would otherwise write: LAPACKE per matrix, OpenBLAS single-threaded
// inside an OpenMP loop. Shared by the tests, the tester and the benchmarks.
#pragma once

#include <cblas.h>
#include <lapacke.h>
#include <omp.h>

#include <complex>
#include <string>

namespace ompbatch::reference {

inline int getrf(int m, int n, float *a, int lda, int *ipiv) {
  return LAPACKE_sgetrf_work(LAPACK_COL_MAJOR, m, n, a, lda, ipiv);
}
inline int getrf(int m, int n, double *a, int lda, int *ipiv) {
  return LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, m, n, a, lda, ipiv);
}
inline int getrf(int m, int n, std::complex<float> *a, int lda, int *ipiv) {
  return LAPACKE_cgetrf_work(LAPACK_COL_MAJOR, m, n, reinterpret_cast<lapack_complex_float *>(a),
                             lda, ipiv);
}
inline int getrf(int m, int n, std::complex<double> *a, int lda, int *ipiv) {
  return LAPACKE_zgetrf_work(LAPACK_COL_MAJOR, m, n, reinterpret_cast<lapack_complex_double *>(a),
                             lda, ipiv);
}

/// OpenBLAS to one thread per call, without the OpenMP build's side effect of also shrinking
/// the calling thread's OpenMP team (openblas_set_num_threads calls omp_set_num_threads there).
inline void openblas_single_threaded() {
  const int team = omp_get_max_threads();
  openblas_set_num_threads(1);
  omp_set_num_threads(team);
}

/// "OpenBLAS 0.3.21 (pthread build): <config>" for reports.
inline std::string openblas_description() {
  const int p = openblas_get_parallel();
  return std::string("OpenBLAS ") +
         (p == 0   ? "(sequential build)"
          : p == 1 ? "(pthread build)"
                   : "(OpenMP build)") +
         ": " + openblas_get_config();
}

}  // namespace ompbatch::reference
