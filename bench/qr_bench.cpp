// SPDX-License-Identifier: BSD-3-Clause
// geqrf and gels benchmarks (square; gels trans N with nrhs = 1 and nrhs = n): ompbatch in each
// layout against the LAPACKE_?geqrf_work / LAPACKE_?gels_work loop.
#include <omp.h>

#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

/// LAPACK's workspace for one call, per OpenMP thread (64 values per column of A and of C).
template <class T>
std::vector<std::vector<T>> thread_work(int n, int nrhs) {
  return std::vector<std::vector<T>>(omp_get_max_threads(),
                                     std::vector<T>(std::size_t(64) * (n + nrhs)));
}

template <class T>
void bm_geqrf(benchmark::State &state, Impl impl, int n, long long count) {
  std::mt19937_64 rng(n);
  const std::vector<T> orig = testing::random_batch<T>(count, n, n, rng);
  Context &ctx = context();
  const int w = interleave_width<T>(ctx);
  Stack<T> A(layout_of(impl), n, n, count, w), tau(layout_of(impl), n, 1, count, w);
  auto work = thread_work<T>(n, 0);
  measure<T>(
      state, [&] { A.load(orig); },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            auto &wk = work[omp_get_thread_num()];
            reference::geqrf(n, n, A.ptrs[b], n, tau.ptrs[b], wk.data(), int(wk.size()));
          });
        else
          geqrf(ctx, A.template view<T>(), tau.template view<T>());
      },
      count, flops::geqrf<T>(n, n) * count, sizeof(T) * double(n) * (n + 1) * count);
}

template <class T>
void bm_gels(benchmark::State &state, Impl impl, int n, int nrhs, long long count) {
  std::mt19937_64 rng(n);
  const std::vector<T> a0 = testing::random_batch<T>(count, n, n, rng);
  const std::vector<T> c0 = testing::random_batch<T>(count, n, nrhs, rng);
  Context &ctx = context();
  const int w = interleave_width<T>(ctx);
  Stack<T> A(layout_of(impl), n, n, count, w), C(layout_of(impl), n, nrhs, count, w);
  std::vector<int> info(count);
  auto work = thread_work<T>(n, nrhs);
  measure<T>(
      state,
      [&] {
        A.load(a0);
        C.load(c0);
      },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            auto &wk = work[omp_get_thread_num()];
            reference::gels('N', n, n, nrhs, A.ptrs[b], n, C.ptrs[b], n, wk.data(), int(wk.size()));
          });
        else
          gels(ctx, Op::n, A.template view<T>(), C.template view<T>(), info.data());
      },
      count, flops::gels<T>(n, n, nrhs) * count, sizeof(T) * double(n) * (n + 2.0 * nrhs) * count);
}

}  // namespace

void register_qr() {
  register_routine(
      "geqrf", "",
      [](auto t, benchmark::State &s, Impl impl, int n, long long count) {
        bm_geqrf<decltype(t)>(s, impl, n, count);
      },
      [](int n, double elem) { return elem * n * (n + 1); });
  register_solve("gels", "",
                 [](auto t, benchmark::State &s, Impl impl, int n, int nrhs, long long count) {
                   bm_gels<decltype(t)>(s, impl, n, nrhs, count);
                 });
}

}  // namespace ompbatch::bench
