// SPDX-License-Identifier: BSD-3-Clause
// The reference a user would otherwise write: LAPACKE per matrix, OpenBLAS single-threaded
// inside an OpenMP loop. Shared by the tests, the tester and the benchmarks.
#pragma once

#include <cblas.h>
#include <lapacke.h>
#include <omp.h>

#include <complex>
#include <string>
#include <type_traits>

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

inline int potrf(char uplo, int n, float *a, int lda) {
  return LAPACKE_spotrf_work(LAPACK_COL_MAJOR, uplo, n, a, lda);
}
inline int potrf(char uplo, int n, double *a, int lda) {
  return LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, uplo, n, a, lda);
}
inline int potrf(char uplo, int n, std::complex<float> *a, int lda) {
  return LAPACKE_cpotrf_work(LAPACK_COL_MAJOR, uplo, n, reinterpret_cast<lapack_complex_float *>(a),
                             lda);
}
inline int potrf(char uplo, int n, std::complex<double> *a, int lda) {
  return LAPACKE_zpotrf_work(LAPACK_COL_MAJOR, uplo, n,
                             reinterpret_cast<lapack_complex_double *>(a), lda);
}

// The solvers' references, one overload set per LAPACKE/CBLAS routine.
#define OMPB_REF_LAPACK(T, L, LT)                                                                \
  inline int getrs(char trans, int n, int nrhs, const T *a, int lda, const int *ipiv, T *b,      \
                   int ldb) {                                                                    \
    return LAPACKE_##L##getrs_work(LAPACK_COL_MAJOR, trans, n, nrhs, (const LT *)a, lda, ipiv,   \
                                   (LT *)b, ldb);                                                \
  }                                                                                              \
  inline int getri(int n, T *a, int lda, const int *ipiv, T *work, int lwork) {                  \
    return LAPACKE_##L##getri_work(LAPACK_COL_MAJOR, n, (LT *)a, lda, ipiv, (LT *)work, lwork);  \
  }                                                                                              \
  inline int potrs(char uplo, int n, int nrhs, const T *a, int lda, T *b, int ldb) {             \
    return LAPACKE_##L##potrs_work(LAPACK_COL_MAJOR, uplo, n, nrhs, (const LT *)a, lda, (LT *)b, \
                                   ldb);                                                         \
  }
OMPB_REF_LAPACK(float, s, float)
OMPB_REF_LAPACK(double, d, double)
OMPB_REF_LAPACK(std::complex<float>, c, lapack_complex_float)
OMPB_REF_LAPACK(std::complex<double>, z, lapack_complex_double)
#undef OMPB_REF_LAPACK

/// cblas ?trsm, column-major; side/uplo/trans/diag as LAPACK characters.
template <class T>
void trsm(char side, char uplo, char trans, char diag, int m, int n, T alpha, const T *a, int lda,
          T *b, int ldb) {
  const auto s = side == 'L' ? CblasLeft : CblasRight;
  const auto u = uplo == 'L' ? CblasLower : CblasUpper;
  const auto t = trans == 'N' ? CblasNoTrans : trans == 'T' ? CblasTrans : CblasConjTrans;
  const auto d = diag == 'U' ? CblasUnit : CblasNonUnit;
  if constexpr (std::is_same_v<T, float>)
    cblas_strsm(CblasColMajor, s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dtrsm(CblasColMajor, s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    cblas_ctrsm(CblasColMajor, s, u, t, d, m, n, &alpha, a, lda, b, ldb);
  else
    cblas_ztrsm(CblasColMajor, s, u, t, d, m, n, &alpha, a, lda, b, ldb);
}

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
