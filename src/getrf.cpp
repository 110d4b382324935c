// SPDX-License-Identifier: BSD-3-Clause
// getrf: argument checks, then the path.
#include <algorithm>

#include "check.hpp"
#include "dispatch.hpp"
#include "precisions.hpp"

namespace ompbatch {

template <class T>
void getrf(Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info) {
  const detail::Checker check("getrf");
  const bool pointers = A.layout == Layout::pointer_array;  // n x n, no m argument
  check.size(pointers ? "n" : "m", A.rows);
  check.size("n", A.cols);
  check.size("batchSize", A.count);
  check.view(ctx, A, pointers ? "Aarray" : "A", "lda", pointers ? "n" : "m", "n");
  const int kmax = std::min(A.rows, A.cols);
  if (ipiv.data && A.layout == Layout::strided && A.count > 1 && ipiv.stride < kmax)
    check.fail("strideP (" + std::to_string(ipiv.stride) + ") < min(m,n) (" + std::to_string(kmax) +
               ")");
  if (ipiv.data && !info) check.fail("infoArray is NULL while pivoting (PivotArray != NULL)");
  check.space(ctx);
  if (A.rows == 0 || A.cols == 0 || A.count == 0) return;
  switch (detail::choose_path(ctx)) {
#ifdef OMPBATCH_HAVE_OFFLOAD
    case detail::Path::offload:
      return detail::offload::getrf(ctx, A, ipiv, info);
#endif
    default:
      return detail::host::getrf(A, ipiv, info);
  }
}

#define OMPB_INSTANTIATE(L, T) \
  template void getrf<T>(Context &, const BatchView<T> &, Pivots, int *);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch
