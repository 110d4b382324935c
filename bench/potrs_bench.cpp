// SPDX-License-Identifier: BSD-3-Clause
// potrs benchmarks (lower, nrhs = 1 and nrhs = n): ompbatch in each layout against the
// LAPACKE_?potrs_work loop, on factors computed once by LAPACKE.
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

template <class T>
void bm_potrs(benchmark::State &state, Impl impl, int n, int nrhs, long long count) {
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> l = testing::hpd_batch<T>(count, n, rng);
  for (long long b = 0; b < count; ++b) reference::potrf('L', n, l.data() + b * nn, n);
  const std::vector<T> b0 = testing::random_batch<T>(count, n, nrhs, rng);
  Context &ctx = context();
  const int w = interleave_width<T>(ctx);
  Stack<T> A(layout_of(impl), n, n, count, w), B(layout_of(impl), n, nrhs, count, w);
  A.load(l);
  measure<T>(
      state, [&] { B.load(b0); },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            reference::potrs('L', n, nrhs, A.ptrs[b], n, B.ptrs[b], n);
          });
        else
          potrs<T>(ctx, Uplo::lower, A.template view<const T>(), B.template view<T>());
      },
      count, flops::potrs<T>(n, nrhs) * count,
      sizeof(T) * (0.5 * n * (n + 1) + 2.0 * n * nrhs) * count);
}

}  // namespace

void register_potrs() {
  register_solve("potrs", "/lower",
                 [](auto t, benchmark::State &s, Impl impl, int n, int nrhs, long long count) {
                   bm_potrs<decltype(t)>(s, impl, n, nrhs, count);
                 });
}

}  // namespace ompbatch::bench
