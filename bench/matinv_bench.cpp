// SPDX-License-Identifier: BSD-3-Clause
// matinv benchmarks: ompbatch (Ainv = inv(A), A untouched) in each layout against the loop a user
// would write without it, LAPACKE_?getrf_work then LAPACKE_?getri_work in place on a copy of A
// (restored untimed).
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

template <class T>
void bm_matinv(benchmark::State &state, Impl impl, int n, long long count) {
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  const std::vector<T> a = testing::random_batch<T>(count, n, n, rng);
  Context &ctx = context();
  const int w = interleave_width<T>(ctx);
  Stack<T> A(layout_of(impl), n, n, count, w), C(layout_of(impl), n, n, count, w);
  A.load(a);
  std::vector<int> info(count), piv(size_t(n) * count);
  const int lwork = 64 * n;
  std::vector<std::vector<T>> work(omp_get_max_threads(), std::vector<T>(lwork));
  measure<T>(
      state,
      [&] {
        if (is_loop(impl)) A.load(a);
      },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            reference::getrf(n, n, A.ptrs[b], n, &piv[b * n]);
            reference::getri(n, A.ptrs[b], n, &piv[b * n], work[omp_get_thread_num()].data(),
                             lwork);
          });
        else
          matinv<T>(ctx, A.template view<const T>(), C.template view<T>(), info.data());
      },
      count, (flops::getrf<T>(n, n) + flops::getri<T>(n)) * count, 2.0 * sizeof(T) * nn * count);
}

}  // namespace

void register_matinv() {
  register_routine(
      "matinv", "",
      [](auto t, benchmark::State &s, Impl impl, int n, long long count) {
        bm_matinv<decltype(t)>(s, impl, n, count);
      },
      [](int n, double elem) { return 2 * elem * n * n; });
}

}  // namespace ompbatch::bench
