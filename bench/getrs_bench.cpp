// SPDX-License-Identifier: BSD-3-Clause
// getrs benchmarks (no transpose, nrhs = 1 and nrhs = n): ompbatch in each layout against the
// LAPACKE_?getrs_work loop, on factors and pivots computed once by LAPACKE.
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

template <class T>
void bm_getrs(benchmark::State &state, Impl impl, int n, int nrhs, long long count) {
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> lu = testing::random_batch<T>(count, n, n, rng);
  std::vector<int> piv(size_t(n) * count);
  for (long long b = 0; b < count; ++b) reference::getrf(n, n, lu.data() + b * nn, n, &piv[b * n]);
  const std::vector<T> b0 = testing::random_batch<T>(count, n, nrhs, rng);
  Context &ctx = context();
  const int w = interleave_width<T>(ctx);
  const Layout layout = layout_of(impl);
  Stack<T> A(layout, n, n, count, w), B(layout, n, nrhs, count, w);
  PivotStack P(layout, n, count, w);
  A.load(lu);
  P.load(piv);
  measure<T>(
      state, [&] { B.load(b0); },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            reference::getrs('N', n, nrhs, A.ptrs[b], n, P.p.data() + b * n, B.ptrs[b], n);
          });
        else
          getrs<T>(ctx, Op::n, A.template view<const T>(), P.pivots(), B.template view<T>());
      },
      count, flops::getrs<T>(n, nrhs) * count,
      (sizeof(T) * (double(nn) + 2.0 * n * nrhs) + sizeof(int) * n) * count);
}

}  // namespace

void register_getrs() {
  register_solve("getrs", "",
                 [](auto t, benchmark::State &s, Impl impl, int n, int nrhs, long long count) {
                   bm_getrs<decltype(t)>(s, impl, n, nrhs, count);
                 });
}

}  // namespace ompbatch::bench
