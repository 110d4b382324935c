// SPDX-License-Identifier: BSD-3-Clause
// getrf: argument checks in the C API's order, then the backend.
#include "backends.hpp"
#include "check.hpp"
#include "precisions.hpp"

namespace ompbatch {

template <class T>
void getrf(Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info) {
  const detail::Checker check("getrf");
  const bool pointers = A.layout == Layout::pointer_array;  // n x n, no m argument
  check.size(pointers ? "n" : "m", A.rows);
  check.size("n", A.cols);
  check.view(ctx, A, "Aarray", "A", "lda", pointers ? "n" : "m", "n");
  check.pivots(A, ipiv.data, ipiv.stride, pointers ? "PivotArray" : "ipiv");
  if (ipiv.data && !info)
    check.fail("infoArray is NULL while pivoting (PivotArray != NULL)", "infoArray");
  check.batch_and_space(ctx, A.count);
  check.distinct(ctx, {check.arg(A, "Aarray", "A")});
  if (A.rows == 0 || A.cols == 0 || A.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::getrf(ctx, A, ipiv, info);
#endif
  detail::host::entries<T>().getrf(ctx, A, ipiv, info);
}

#define OMPB_INSTANTIATE(L, T) \
  template void getrf<T>(Context &, const BatchView<T> &, Pivots, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch
