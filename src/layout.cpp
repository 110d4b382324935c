// SPDX-License-Identifier: BSD-3-Clause
// Layout conversion (pack/unpack) and the preferred interleave width.
#include "backends.hpp"
#include "check.hpp"
#include "precisions.hpp"

namespace ompbatch {

template <class T>
void copy(Context &ctx, const BatchView<const T> &from, const BatchView<T> &to) {
  const detail::Checker check("copy");
  check.size("m", to.rows);
  check.size("n", to.cols);
  if (from.rows != to.rows || from.cols != to.cols || from.count != to.count)
    check.fail("source and destination batches differ in shape");
  check.view(ctx, from, "Aarray", "Ai", from.layout == Layout::interleaved ? "ldai" : "lda", "m",
             "n");
  check.view(ctx, to, "Aarray", "Ai", to.layout == Layout::interleaved ? "ldai" : "lda", "m", "n");
  check.batch_and_space(ctx, to.count);
  check.distinct(ctx, {check.arg(to, "Aarray", "Ai")}, {check.arg(from, "Aarray", "Ai")});
  if (to.rows == 0 || to.cols == 0 || to.count == 0) return;
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (detail::use_offload(ctx)) return detail::offload::copy(ctx, from, to);
#endif
  detail::host::entries<T>().copy(from, to);
}

/// Host: the lanes of one kernel call. Offload: a warp's worth, so that one thread per matrix
/// reads consecutive addresses.
template <class T>
int interleave_width(const Context &ctx) {
  return ctx.backend() == Backend::offload ? 32 : detail::host::entries<T>().preferred_width;
}

#define OMPB_INSTANTIATE(L, T)                                                        \
  template void copy<T>(Context &, const BatchView<const T> &, const BatchView<T> &); \
  template int interleave_width<T>(const Context &);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch
