// SPDX-License-Identifier: BSD-3-Clause
// getri benchmarks: ompbatch (out of place, C = inv(A) from A's factors) in each layout against
// the LAPACKE_?getri_work loop (in place on a copy of the factors, restored untimed).
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

template <class T>
void bm_getri(benchmark::State &state, Impl impl, int n, long long count) {
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> lu = testing::random_batch<T>(count, n, n, rng);
  std::vector<int> piv(size_t(n) * count);
  for (long long b = 0; b < count; ++b) reference::getrf(n, n, lu.data() + b * nn, n, &piv[b * n]);
  Context &ctx = context();
  const int w = interleave_width<T>(ctx);
  const Layout layout = layout_of(impl);
  Stack<T> A(layout, n, n, count, w), C(layout, n, n, count, w);
  PivotStack P(layout, n, count, w);
  A.load(lu);
  P.load(piv);
  std::vector<int> info(count);
  const int lwork = 64 * n;
  std::vector<std::vector<T>> work(omp_get_max_threads(), std::vector<T>(lwork));
  measure<T>(
      state,
      [&] {
        if (is_loop(impl)) A.load(lu);
      },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            reference::getri(n, A.ptrs[b], n, P.p.data() + b * n, work[omp_get_thread_num()].data(),
                             lwork);
          });
        else
          getri<T>(ctx, A.template view<const T>(), P.pivots(), C.template view<T>(), info.data());
      },
      count, flops::getri<T>(n) * count, (2.0 * sizeof(T) * nn + sizeof(int) * n) * count);
}

}  // namespace

void register_getri() {
  register_routine(
      "getri", "",
      [](auto t, benchmark::State &s, Impl impl, int n, long long count) {
        bm_getri<decltype(t)>(s, impl, n, count);
      },
      [](int n, double elem) { return 2 * elem * n * n; });
}

}  // namespace ompbatch::bench
