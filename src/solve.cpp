// SPDX-License-Identifier: BSD-3-Clause
// The solver family (getrs, getri, matinv, potrf, potrs, trsm): argument checks in the C API's
// argument order (so the first invalid argument is the one reported), then the backend.
#include "backends.hpp"
#include "check.hpp"
#include "precisions.hpp"

namespace ompbatch {

using detail::Checker;

template <class T>
void getrs(Context &ctx, Op trans, const BatchView<const T> &A, ConstPivots ipiv,
           const BatchView<T> &B) {
  const Checker check("getrs");
  check.choice("trans", trans, {Op::n, Op::t, Op::c});
  check.size("n", A.rows);
  check.size("nrhs", B.cols);
  if (A.cols != A.rows || B.rows != A.rows || B.count != A.count)
    check.fail("A must be n x n and B n x nrhs, with as many matrices");
  check.view(ctx, A, "Aarray", "A", "lda", "n", "n");
  check.pivots(A, ipiv.data, ipiv.stride, "devIpiv");
  check.view(ctx, B, "Barray", "B", "ldb", "n", "nrhs");
  check.same_layout(A, B, B.layout == Layout::pointer_array ? "Barray" : "B");
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(B, "Barray", "B")}, {check.arg(A, "Aarray", "A")});
  if (A.rows == 0 || B.cols == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::getrs(ctx, trans, A, ipiv, B);
#endif
  detail::host::entries<T>().getrs(ctx, trans, A, ipiv, B);
}

template <class T>
void getri(Context &ctx, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C,
           int *info) {
  const Checker check("getri");
  check.size("n", A.rows);
  if (A.cols != A.rows || C.rows != A.rows || C.cols != A.rows || C.count != A.count)
    check.fail("A and C must be n x n, with as many matrices");
  check.view(ctx, A, "Aarray", "A", "lda", "n", "n");
  check.pivots(A, ipiv.data, ipiv.stride, "PivotArray");
  check.view(ctx, C, "Carray", "C", "ldc", "n", "n");
  check.same_layout(A, C, C.layout == Layout::pointer_array ? "Carray" : "C");
  if (A.rows > 0 && A.count > 0) check.not_null("infoArray", info);
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(C, "Carray", "C")}, {check.arg(A, "Aarray", "A")});
  if (A.rows == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::getri(ctx, A, ipiv, C, info);
#endif
  detail::host::entries<T>().getri(ctx, A, ipiv, C, info);
}

template <class T>
void matinv(Context &ctx, const BatchView<const T> &A, const BatchView<T> &Ainv, int *info) {
  const Checker check("matinv");
  check.size("n", A.rows);
  if (A.cols != A.rows || Ainv.rows != A.rows || Ainv.cols != A.rows || Ainv.count != A.count)
    check.fail("A and Ainv must be n x n, with as many matrices");
  check.view(ctx, A, "A", "A", "lda", "n", "n");
  check.view(ctx, Ainv, "Ainv", "Ainv", "lda_inv", "n", "n");
  check.same_layout(A, Ainv, "Ainv");
  if (A.rows > 0 && A.count > 0) check.not_null("info", info);
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(Ainv, "Ainv", "Ainv")}, {check.arg(A, "A", "A")});
  if (A.rows == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::matinv(ctx, A, Ainv, info);
#endif
  detail::host::entries<T>().matinv(ctx, A, Ainv, info);
}

template <class T>
void potrf(Context &ctx, Uplo uplo, const BatchView<T> &A, int *info) {
  const Checker check("potrf");
  check.choice("uplo", uplo, {Uplo::lower, Uplo::upper});
  check.size("n", A.rows);
  if (A.cols != A.rows) check.fail("A must be n x n");
  check.view(ctx, A, "Aarray", "A", "lda", "n", "n");
  if (A.rows > 0 && A.count > 0) check.not_null("infoArray", info);
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(A, "Aarray", "A")});
  if (A.rows == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::potrf(ctx, uplo, A, info);
#endif
  detail::host::entries<T>().potrf(ctx, uplo, A, info);
}

template <class T>
void potrs(Context &ctx, Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B) {
  const Checker check("potrs");
  check.choice("uplo", uplo, {Uplo::lower, Uplo::upper});
  check.size("n", A.rows);
  check.size("nrhs", B.cols);
  if (A.cols != A.rows || B.rows != A.rows || B.count != A.count)
    check.fail("A must be n x n and B n x nrhs, with as many matrices");
  check.view(ctx, A, "Aarray", "A", "lda", "n", "n");
  check.view(ctx, B, "Barray", "B", "ldb", "n", "nrhs");
  check.same_layout(A, B, B.layout == Layout::pointer_array ? "Barray" : "B");
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(B, "Barray", "B")}, {check.arg(A, "Aarray", "A")});
  if (A.rows == 0 || B.cols == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::potrs(ctx, uplo, A, B);
#endif
  detail::host::entries<T>().potrs(ctx, uplo, A, B);
}

template <class T>
void trsm(Context &ctx, Side side, Uplo uplo, Op trans, Diag diag, T alpha,
          const BatchView<const T> &A, const BatchView<T> &B) {
  const Checker check("trsm");
  check.choice("side", side, {Side::left, Side::right});
  check.choice("uplo", uplo, {Uplo::lower, Uplo::upper});
  check.choice("trans", trans, {Op::n, Op::t, Op::c});
  check.choice("diag", diag, {Diag::non_unit, Diag::unit});
  check.size("m", B.rows);
  check.size("n", B.cols);
  const int k = side == Side::left ? B.rows : B.cols;
  if (A.rows != k || A.cols != k || B.count != A.count)
    check.fail("A must be m x m (left) or n x n (right), with as many matrices as B");
  check.view(ctx, A, "Aarray", "A", "lda", side == Side::left ? "m" : "n",
             side == Side::left ? "m" : "n");
  check.view(ctx, B, "Barray", "B", "ldb", "m", "n");
  check.same_layout(A, B, B.layout == Layout::pointer_array ? "Barray" : "B");
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(B, "Barray", "B")}, {check.arg(A, "Aarray", "A")});
  if (B.rows == 0 || B.cols == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx))
    return detail::offload::trsm(ctx, side, uplo, trans, diag, alpha, A, B);
#endif
  detail::host::entries<T>().trsm(ctx, side, uplo, trans, diag, alpha, A, B);
}

#define OMPB_INSTANTIATE(L, T)                                                                     \
  template void getrs<T>(Context &, Op, const BatchView<const T> &, ConstPivots,                   \
                         const BatchView<T> &);                                                    \
  template void getri<T>(Context &, const BatchView<const T> &, ConstPivots, const BatchView<T> &, \
                         int *);                                                                   \
  template void matinv<T>(Context &, const BatchView<const T> &, const BatchView<T> &, int *);     \
  template void potrf<T>(Context &, Uplo, const BatchView<T> &, int *);                            \
  template void potrs<T>(Context &, Uplo, const BatchView<const T> &, const BatchView<T> &);       \
  template void trsm<T>(Context &, Side, Uplo, Op, Diag, T, const BatchView<const T> &,            \
                        const BatchView<T> &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch
