// SPDX-License-Identifier: BSD-3-Clause
// trsm benchmarks (left, lower, no transpose, non-unit, alpha = 1; nrhs = 1 and nrhs = n):
// ompbatch in each layout against the cblas_?trsm loop.
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

template <class T>
void bm_trsm(benchmark::State &state, Impl impl, int n, int nrhs, long long count) {
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> a = testing::random_batch<T>(count, n, n, rng);
  for (long long b = 0; b < count; ++b) testing::add_to_diagonal(n, a.data() + b * nn, n);
  const std::vector<T> b0 = testing::random_batch<T>(count, n, nrhs, rng);
  Context &ctx = context();
  const int w = interleave_width<T>(ctx);
  Stack<T> A(layout_of(impl), n, n, count, w), B(layout_of(impl), n, nrhs, count, w);
  A.load(a);
  measure<T>(
      state, [&] { B.load(b0); },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            reference::trsm<T>('L', 'L', 'N', 'N', n, nrhs, T(1), A.ptrs[b], n, B.ptrs[b], n);
          });
        else
          trsm<T>(ctx, Side::left, Uplo::lower, Op::n, Diag::non_unit, T(1),
                  A.template view<const T>(), B.template view<T>());
      },
      count, flops::trsm<T>(true, n, nrhs) * count,
      sizeof(T) * (0.5 * n * (n + 1) + 2.0 * n * nrhs) * count);
}

}  // namespace

void register_trsm() {
  register_solve("trsm", "/lower",
                 [](auto t, benchmark::State &s, Impl impl, int n, int nrhs, long long count) {
                   bm_trsm<decltype(t)>(s, impl, n, nrhs, count);
                 });
}

}  // namespace ompbatch::bench
