// SPDX-License-Identifier: BSD-3-Clause
// One variant of the host backend (src/backends.hpp): each routine on the lane kernels or the
// vendor path as simd/dispatch.hpp's tables say, compiled for the instruction set this copy
// targets (OMPBATCH_HOST_VARIANT, its -march in CMakeLists.txt).
#include <algorithm>

#include "backends.hpp"
#include "precisions.hpp"
#include "simd/dispatch.hpp"

namespace ompbatch::detail::host::route {

template <class T>
void getrf(const Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info) {
  // LAPACK has no LU without pivoting: that runs on the lane kernels at every size
  if (ipiv.data && use_vendor<T>(ctx, Routine::getrf, A, std::min(A.rows, A.cols)))
    return vendor::getrf(A, ipiv, info);
  host::getrf(A, ipiv, info);
}

template <class T>
void getrs(const Context &ctx, Op trans, const BatchView<const T> &A, ConstPivots ipiv,
           const BatchView<T> &B) {
  if (use_vendor<T>(ctx, Routine::getrs, A, A.rows, B.cols))
    return vendor::getrs(trans, A, ipiv, B);
  host::getrs(trans, A, ipiv, B);
}

template <class T>
void getri(const Context &ctx, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C,
           int *info) {
  if (use_vendor<T>(ctx, Routine::getri, A, A.rows)) return vendor::getri(A, ipiv, C, info);
  host::getri(A, ipiv, C, info);
}

template <class T>
void matinv(const Context &ctx, const BatchView<const T> &A, const BatchView<T> &C, int *info) {
  if (use_vendor<T>(ctx, Routine::matinv, A, A.rows)) return vendor::matinv(A, C, info);
  host::matinv(A, C, info);
}

template <class T>
void potrf(const Context &ctx, Uplo uplo, const BatchView<T> &A, int *info) {
  if (use_vendor<T>(ctx, Routine::potrf, A, A.rows)) return vendor::potrf(uplo, A, info);
  host::potrf(uplo, A, info);
}

template <class T>
void potrs(const Context &ctx, Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B) {
  if (use_vendor<T>(ctx, Routine::potrs, A, A.rows, B.cols)) return vendor::potrs(uplo, A, B);
  host::potrs(uplo, A, B);
}

template <class T>
void trsm(const Context &ctx, Side side, Uplo uplo, Op trans, Diag diag, T alpha,
          const BatchView<const T> &A, const BatchView<T> &B) {
  // a solve's crossover follows its right-hand sides: B's columns (left) or rows (right)
  if (use_vendor<T>(ctx, Routine::trsm, A, A.rows, side == Side::left ? B.cols : B.rows))
    return vendor::trsm(side, uplo, trans, diag, alpha, A, B);
  host::trsm(side, uplo, trans, diag, alpha, A, B);
}

template <class T>
void geqrf(const Context &ctx, const BatchView<T> &A, const BatchView<T> &tau) {
  if (use_vendor<T>(ctx, Routine::geqrf, A, std::min(A.rows, A.cols))) return vendor::geqrf(A, tau);
  host::geqrf(A, tau);
}

template <class T>
void gels(const Context &ctx, Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info) {
  if (use_vendor<T>(ctx, Routine::gels, A, std::min(A.rows, A.cols), C.cols))
    return vendor::gels(trans, A, C, info);
  host::gels(trans, A, C, info);
}

template <class T>
constexpr Entries<T> entries() {
  return {&getrf<T>, &getrs<T>, &getri<T>, &matinv<T>,     &potrf<T>,           &potrs<T>,
          &trsm<T>,  &geqrf<T>, &gels<T>,  &host::copy<T>, preferred_width<T>()};
}

}  // namespace ompbatch::detail::host::route

#define OMPB_CAT(a, b) a##b
#define OMPB_VARIANT(id) OMPB_CAT(ompbatch_host_, id)

/// This variant (the one symbol its object keeps global).
extern "C" const ompbatch::detail::host::Variant OMPB_VARIANT(OMPBATCH_HOST_VARIANT);
extern "C" const ompbatch::detail::host::Variant OMPB_VARIANT(OMPBATCH_HOST_VARIANT) = {
    OMPBATCH_HOST_ISA,
    ompbatch::detail::host::route::entries<float>(),
    ompbatch::detail::host::route::entries<double>(),
    ompbatch::detail::host::route::entries<std::complex<float>>(),
    ompbatch::detail::host::route::entries<std::complex<double>>(),
};
