// SPDX-License-Identifier: BSD-3-Clause
// potrf benchmarks (lower): ompbatch in each layout against the LAPACKE_?potrf_work loop; few
// large matrices also against the loop with OpenBLAS on all threads.
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

template <class T>
void bm_potrf(benchmark::State &state, Impl impl, int n, long long count) {
  std::mt19937_64 rng(n);
  const std::vector<T> orig = testing::hpd_batch<T>(count, n, rng);
  Context &ctx = context();
  Stack<T> A(layout_of(impl), n, n, count, interleave_width<T>(ctx));
  std::vector<int> info(count);
  measure<T>(
      state, [&] { A.load(orig); },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) { reference::potrf('L', n, A.ptrs[b], n); });
        else
          potrf(ctx, Uplo::lower, A.template view<T>(), info.data());
      },
      count, flops::potrf<T>(n) * count, sizeof(T) * double(n) * (n + 1) * count);
}

}  // namespace

void register_potrf() {
  register_routine(
      "potrf", "/lower",
      [](auto t, benchmark::State &s, Impl impl, int n, long long count) {
        bm_potrf<decltype(t)>(s, impl, n, count);
      },
      [](int n, double elem) { return elem * n * n; });
  for (int n : {512, 1024})
    for (long long count : {1, 3, 8, 32})
      for (Impl impl : {Impl::strided, Impl::lapacke_loop, Impl::lapacke_threaded})
        add(fmt::format("potrf/d/{}/lower/n:{}/batch:{}", impl_name(impl), n, count),
            [=](benchmark::State &s) { bm_potrf<double>(s, impl, n, count); });
}

}  // namespace ompbatch::bench
