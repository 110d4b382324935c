// SPDX-License-Identifier: BSD-3-Clause
// LAPACKE and CBLAS for one column-major matrix, one overload set over the four precisions: the
// vendor path of the library and the reference of the tests, the tester and the benchmarks.
// Side, uplo, trans and diag are LAPACK's characters ('L', 'U', 'N', 'T', 'C'), which are the
// values of the C++ API's enums.
#pragma once

#include <cblas.h>
#include <lapacke.h>

#include <complex>
#include <type_traits>

namespace ompbatch::lapack {

/// LAPACKE's element type for T.
template <class T>
using element_t = std::conditional_t<
    std::is_same_v<T, std::complex<float>>, lapack_complex_float,
    std::conditional_t<std::is_same_v<T, std::complex<double>>, lapack_complex_double, T>>;

template <class T>
element_t<T> *lp(T *p) {
  return reinterpret_cast<element_t<T> *>(p);
}
template <class T>
const element_t<T> *lp(const T *p) {
  return reinterpret_cast<const element_t<T> *>(p);
}

template <class T>
int getrf(int m, int n, T *a, int lda, int *ipiv) {
  constexpr auto L = LAPACK_COL_MAJOR;
  if constexpr (std::is_same_v<T, float>) return LAPACKE_sgetrf_work(L, m, n, a, lda, ipiv);
  if constexpr (std::is_same_v<T, double>) return LAPACKE_dgetrf_work(L, m, n, a, lda, ipiv);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return LAPACKE_cgetrf_work(L, m, n, lp(a), lda, ipiv);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return LAPACKE_zgetrf_work(L, m, n, lp(a), lda, ipiv);
}

template <class T>
int getrs(char trans, int n, int nrhs, const T *a, int lda, const int *ipiv, T *b, int ldb) {
  constexpr auto L = LAPACK_COL_MAJOR;
  if constexpr (std::is_same_v<T, float>)
    return LAPACKE_sgetrs_work(L, trans, n, nrhs, a, lda, ipiv, b, ldb);
  if constexpr (std::is_same_v<T, double>)
    return LAPACKE_dgetrs_work(L, trans, n, nrhs, a, lda, ipiv, b, ldb);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return LAPACKE_cgetrs_work(L, trans, n, nrhs, lp(a), lda, ipiv, lp(b), ldb);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return LAPACKE_zgetrs_work(L, trans, n, nrhs, lp(a), lda, ipiv, lp(b), ldb);
}

/// In place; work holds lwork >= n values.
template <class T>
int getri(int n, T *a, int lda, const int *ipiv, T *work, int lwork) {
  constexpr auto L = LAPACK_COL_MAJOR;
  if constexpr (std::is_same_v<T, float>)
    return LAPACKE_sgetri_work(L, n, a, lda, ipiv, work, lwork);
  if constexpr (std::is_same_v<T, double>)
    return LAPACKE_dgetri_work(L, n, a, lda, ipiv, work, lwork);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return LAPACKE_cgetri_work(L, n, lp(a), lda, ipiv, lp(work), lwork);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return LAPACKE_zgetri_work(L, n, lp(a), lda, ipiv, lp(work), lwork);
}

template <class T>
int potrf(char uplo, int n, T *a, int lda) {
  constexpr auto L = LAPACK_COL_MAJOR;
  if constexpr (std::is_same_v<T, float>) return LAPACKE_spotrf_work(L, uplo, n, a, lda);
  if constexpr (std::is_same_v<T, double>) return LAPACKE_dpotrf_work(L, uplo, n, a, lda);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return LAPACKE_cpotrf_work(L, uplo, n, lp(a), lda);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return LAPACKE_zpotrf_work(L, uplo, n, lp(a), lda);
}

template <class T>
int potrs(char uplo, int n, int nrhs, const T *a, int lda, T *b, int ldb) {
  constexpr auto L = LAPACK_COL_MAJOR;
  if constexpr (std::is_same_v<T, float>)
    return LAPACKE_spotrs_work(L, uplo, n, nrhs, a, lda, b, ldb);
  if constexpr (std::is_same_v<T, double>)
    return LAPACKE_dpotrs_work(L, uplo, n, nrhs, a, lda, b, ldb);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return LAPACKE_cpotrs_work(L, uplo, n, nrhs, lp(a), lda, lp(b), ldb);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return LAPACKE_zpotrs_work(L, uplo, n, nrhs, lp(a), lda, lp(b), ldb);
}

/// QR in place; work holds lwork values (lwork = -1: the optimal lwork in work[0]).
template <class T>
int geqrf(int m, int n, T *a, int lda, T *tau, T *work, int lwork) {
  constexpr auto L = LAPACK_COL_MAJOR;
  if constexpr (std::is_same_v<T, float>)
    return LAPACKE_sgeqrf_work(L, m, n, a, lda, tau, work, lwork);
  if constexpr (std::is_same_v<T, double>)
    return LAPACKE_dgeqrf_work(L, m, n, a, lda, tau, work, lwork);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return LAPACKE_cgeqrf_work(L, m, n, lp(a), lda, lp(tau), lp(work), lwork);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return LAPACKE_zgeqrf_work(L, m, n, lp(a), lda, lp(tau), lp(work), lwork);
}

/// Least squares / minimum norm (xGELS); work as geqrf's.
template <class T>
int gels(char trans, int m, int n, int nrhs, T *a, int lda, T *b, int ldb, T *work, int lwork) {
  constexpr auto L = LAPACK_COL_MAJOR;
  if constexpr (std::is_same_v<T, float>)
    return LAPACKE_sgels_work(L, trans, m, n, nrhs, a, lda, b, ldb, work, lwork);
  if constexpr (std::is_same_v<T, double>)
    return LAPACKE_dgels_work(L, trans, m, n, nrhs, a, lda, b, ldb, work, lwork);
  if constexpr (std::is_same_v<T, std::complex<float>>)
    return LAPACKE_cgels_work(L, trans, m, n, nrhs, lp(a), lda, lp(b), ldb, lp(work), lwork);
  if constexpr (std::is_same_v<T, std::complex<double>>)
    return LAPACKE_zgels_work(L, trans, m, n, nrhs, lp(a), lda, lp(b), ldb, lp(work), lwork);
}

/// CBLAS's op(A) for LAPACK's trans character.
inline CBLAS_TRANSPOSE cblas_trans(char trans) {
  return trans == 'N' ? CblasNoTrans : trans == 'T' ? CblasTrans : CblasConjTrans;
}

/// CBLAS's side, triangle, op(A) and diagonal for LAPACK's characters (?trmm and ?trsm).
struct CblasTriangular {
  CBLAS_SIDE side;
  CBLAS_UPLO uplo;
  CBLAS_TRANSPOSE trans;
  CBLAS_DIAG diag;
};
inline CblasTriangular cblas_triangular(char side, char uplo, char trans, char diag) {
  return {side == 'L' ? CblasLeft : CblasRight, uplo == 'L' ? CblasLower : CblasUpper,
          cblas_trans(trans), diag == 'U' ? CblasUnit : CblasNonUnit};
}

/// cblas ?gemm, column-major: C := alpha op(A) op(B) + beta C (the residuals of the tests).
template <class T>
void gemm(char transa, char transb, int m, int n, int k, T alpha, const T *a, int lda, const T *b,
          int ldb, T beta, T *c, int ldc) {
  const auto ta = cblas_trans(transa), tb = cblas_trans(transb);
  if constexpr (std::is_same_v<T, float>)
    cblas_sgemm(CblasColMajor, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dgemm(CblasColMajor, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    cblas_cgemm(CblasColMajor, ta, tb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc);
  else
    cblas_zgemm(CblasColMajor, ta, tb, m, n, k, &alpha, a, lda, b, ldb, &beta, c, ldc);
}

/// cblas ?trmm, column-major: B := alpha op(A) B (side 'L') or alpha B op(A) ('R') (the
/// residuals of the tests).
template <class T>
void trmm(char side, char uplo, char trans, char diag, int m, int n, T alpha, const T *a, int lda,
          T *b, int ldb) {
  const auto [s, u, t, d] = cblas_triangular(side, uplo, trans, diag);
  if constexpr (std::is_same_v<T, float>)
    cblas_strmm(CblasColMajor, s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dtrmm(CblasColMajor, s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    cblas_ctrmm(CblasColMajor, s, u, t, d, m, n, &alpha, a, lda, b, ldb);
  else
    cblas_ztrmm(CblasColMajor, s, u, t, d, m, n, &alpha, a, lda, b, ldb);
}

/// cblas ?trsm, column-major.
template <class T>
void trsm(char side, char uplo, char trans, char diag, int m, int n, T alpha, const T *a, int lda,
          T *b, int ldb) {
  const auto [s, u, t, d] = cblas_triangular(side, uplo, trans, diag);
  if constexpr (std::is_same_v<T, float>)
    cblas_strsm(CblasColMajor, s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else if constexpr (std::is_same_v<T, double>)
    cblas_dtrsm(CblasColMajor, s, u, t, d, m, n, alpha, a, lda, b, ldb);
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    cblas_ctrsm(CblasColMajor, s, u, t, d, m, n, &alpha, a, lda, b, ldb);
  else
    cblas_ztrsm(CblasColMajor, s, u, t, d, m, n, &alpha, a, lda, b, ldb);
}

}  // namespace ompbatch::lapack
