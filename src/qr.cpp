// SPDX-License-Identifier: BSD-3-Clause
// QR (geqrf) and least squares (gels): argument checks in the C API's argument order, then the
// path, as the solver family (solve.cpp).
#include <algorithm>
#include <type_traits>

#include "backends.hpp"
#include "check.hpp"
#include "precisions.hpp"

namespace ompbatch {

using detail::Checker;

template <class T>
void geqrf(Context &ctx, const BatchView<T> &A, const BatchView<T> &tau) {
  const Checker check("geqrf");
  check.size("m", A.rows);
  check.size("n", A.cols);
  const int kmax = std::min(A.rows, A.cols);
  if (tau.rows != kmax || tau.cols != 1 || tau.count != A.count)
    check.fail("tau must hold min(m,n) values per matrix, for as many matrices as A");
  check.view(ctx, A, "Aarray", "A", "lda", "m", "n");
  check.same_layout(A, tau, tau.layout == Layout::pointer_array ? "TauArray" : "tau");
  check.vector(ctx, tau, "TauArray", "tau", "Tau");
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(A, "Aarray", "A"), check.arg(tau, "TauArray", "tau")});
  if (kmax == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::geqrf(ctx, A, tau);
#endif
  detail::host::entries<T>().geqrf(ctx, A, tau);
}

template <class T>
void gels(Context &ctx, Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info) {
  const Checker check("gels");
  if constexpr (detail::is_complex_v<T>)
    check.choice("trans", trans, {Op::n, Op::c});
  else
    check.choice("trans", trans, {Op::n, Op::t});
  check.size("m", A.rows);
  check.size("n", A.cols);
  check.size("nrhs", C.cols);
  if (C.rows != std::max(A.rows, A.cols) || C.count != A.count)
    check.fail("C must be max(m,n) x nrhs, with as many matrices as A");
  check.view(ctx, A, "Aarray", "A", "lda", "m", "n");
  check.view(ctx, C, "Carray", "C", "ldc", "max(m,n)", "nrhs");
  check.same_layout(A, C, C.layout == Layout::pointer_array ? "Carray" : "C");
  // LAPACK's quick return: with no right-hand side A is not factored either
  const bool work = std::min(A.rows, A.cols) > 0 && C.cols > 0 && A.count > 0;
  if (work) check.not_null("devInfoArray", info);
  check.batch_and_space(ctx, A.count);
  if (!work) return;
  check.distinct(ctx, {check.arg(A, "Aarray", "A"), check.arg(C, "Carray", "C")});
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::gels(ctx, trans, A, C, info);
#endif
  detail::host::entries<T>().gels(ctx, trans, A, C, info);
}

#define OMPB_INSTANTIATE(L, T)                                                   \
  template void geqrf<T>(Context &, const BatchView<T> &, const BatchView<T> &); \
  template void gels<T>(Context &, Op, const BatchView<T> &, const BatchView<T> &, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch
