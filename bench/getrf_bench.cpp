// SPDX-License-Identifier: BSD-3-Clause
// getrf benchmarks: ompbatch in each layout, with and without pivoting, against the loop a
// user would otherwise write (OpenMP parallel for over LAPACKE_?getrf_work, OpenBLAS on one
// thread per call), in the same binary and run. Only the call is timed (manual time; inputs
// are restored outside it). Counters: GFLOP/s (LAPACK's flop count), matrices/s, bytes/s and
// roofline = GFLOP/s / min(update bandwidth x flops/byte, gemm peak), both ceilings measured
// by this binary (the ceiling/* benchmarks). Batches start on a 64-byte line (the README's
// advice), except the offset:16 variants: 16 bytes past one, as std::vector's large
// allocations start with glibc.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <chrono>
#include <complex>
#include <random>
#include <string>
#include <vector>

#include "common/ceilings.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/reference.hpp"
#include "common/stack.hpp"
#include "ompbatch/ompbatch.hpp"

namespace {

using ompbatch::Layout;
using ompbatch::bench::PivotStack;
using ompbatch::bench::Stack;

ompbatch::Context &context() {
  static ompbatch::Context ctx;
  return ctx;
}

enum class Impl { interleaved, strided, pointer_array, lapacke_loop };

const char *impl_name(Impl i) {
  switch (i) {
    case Impl::interleaved:
      return "interleaved";
    case Impl::strided:
      return "strided";
    case Impl::pointer_array:
      return "pointer";
    case Impl::lapacke_loop:
      return "lapacke_loop";
  }
  return "";
}

template <class T>
const char *prec_name() {
  if constexpr (std::is_same_v<T, float>) return "s";
  if constexpr (std::is_same_v<T, double>) return "d";
  if constexpr (std::is_same_v<T, std::complex<float>>) return "c";
  return "z";
}

/// Factors `mib` MiB of n x n matrices per iteration, the batch `offset` bytes past a line.
template <class T>
void bm_getrf(benchmark::State &state, Impl impl, bool pivot, int n, double mib, int offset) {
  const size_t nn = size_t(n) * n;
  const long long count = std::max<long long>(1, (long long)(mib * 1048576 / (sizeof(T) * nn)));
  std::mt19937_64 rng(n);
  std::vector<T> orig(nn * count);
  for (auto &x : orig) x = ompbatch::testing::random_value<T>(rng);
  if (!pivot)  // diagonally dominant: no pivoting needed
    for (long long b = 0; b < count; ++b)
      ompbatch::testing::add_to_diagonal(n, orig.data() + b * nn, n);
  ompbatch::Context &ctx = context();
  const int width = ompbatch::interleave_width<T>(ctx);
  const Layout layout = impl == Impl::interleaved     ? Layout::interleaved
                        : impl == Impl::pointer_array ? Layout::pointer_array
                                                      : Layout::strided;
  Stack<T> A(layout, n, n, count, width, offset);  // the loop's: column-major
  PivotStack P(layout, n, count, width);
  std::vector<int> info(count);
  double total = 0;
  for (auto _ : state) {
    A.load(orig);
    const auto t0 = std::chrono::steady_clock::now();
    if (impl == Impl::lapacke_loop) {
#pragma omp parallel for schedule(static)
      for (long long b = 0; b < count; ++b)
        ompbatch::reference::getrf(n, n, A.ptrs[b], n, P.p.data() + b * n);
    } else {
      ompbatch::getrf(ctx, A.template view<T>(), pivot ? P.pivots() : ompbatch::Pivots{},
                      info.data());
    }
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(t);
    total += t;
  }
  const double flops = ompbatch::flops::getrf<T>(n, n) * count;
  const double bytes = (2.0 * sizeof(T) * nn + (pivot ? sizeof(int) * n : 0)) * count;
  using benchmark::Counter;
  state.counters["GFLOP/s"] = Counter(flops * 1e-9, Counter::kIsIterationInvariantRate);
  state.counters["matrices/s"] = Counter(double(count), Counter::kIsIterationInvariantRate);
  state.counters["bytes/s"] = Counter(bytes, Counter::kIsIterationInvariantRate);
  state.counters["batch"] = double(count);
  const double achieved = flops * double(state.iterations()) / total * 1e-9;
  state.counters["roofline"] = achieved / ompbatch::bench::roofline_gflops<T>(flops, bytes);
}

void bm_ceiling(benchmark::State &state, int which) {
  for (auto _ : state) {
    const double v = which == 0   ? ompbatch::bench::measure_update_gbs()
                     : which == 1 ? ompbatch::bench::measure_gemm_gflops<float>()
                                  : ompbatch::bench::measure_gemm_gflops<double>();
    state.counters[which == 0 ? "GB/s" : "GFLOP/s"] = v;
  }
}

/// all_layouts: strided and pointer arrays too; offset: the batches' (a name suffix when not 0,
/// interleaved with pivoting and the loop only).
template <class T>
void register_getrf(const std::vector<int> &sizes, const std::vector<double> &mibs,
                    bool all_layouts, int offset = 0) {
  for (double mib : mibs)
    for (int n : sizes)
      for (Impl impl : {Impl::interleaved, Impl::strided, Impl::pointer_array, Impl::lapacke_loop})
        for (bool pivot : {true, false}) {
          if (impl == Impl::lapacke_loop && !pivot) continue;  // LAPACK always pivots
          if (!all_layouts && impl != Impl::interleaved && impl != Impl::lapacke_loop) continue;
          if (offset && !pivot) continue;
          const std::string name = fmt::format("getrf/{}/{}/{}/n:{}/MiB:{}{}", prec_name<T>(),
                                               impl_name(impl), pivot ? "pivot" : "nopivot", n, mib,
                                               offset ? fmt::format("/offset:{}", offset) : "");
          benchmark::RegisterBenchmark(name.c_str(), bm_getrf<T>, impl, pivot, n, mib, offset)
              ->UseManualTime()
              ->Unit(benchmark::kMillisecond);
        }
}

}  // namespace

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  ompbatch::reference::openblas_single_threaded();
  const auto &c = ompbatch::bench::ceilings();
  const ompbatch::Context &ctx = context();
  benchmark::AddCustomContext("ompbatch_backend",
                              ctx.backend() == ompbatch::Backend::offload ? "offload" : "host");
  benchmark::AddCustomContext("omp_threads", std::to_string(omp_get_max_threads()));
  benchmark::AddCustomContext("reference", ompbatch::reference::openblas_description());
  benchmark::AddCustomContext(
      "ceilings", fmt::format("update {:.1f} GB/s, sgemm {:.1f} GFLOP/s, dgemm {:.1f} GFLOP/s",
                              c.update_gbs, c.sgemm_gflops, c.dgemm_gflops));
  for (int which : {0, 1, 2})
    benchmark::RegisterBenchmark(which == 0   ? "ceiling/update_bandwidth"
                                 : which == 1 ? "ceiling/sgemm"
                                              : "ceiling/dgemm",
                                 bm_ceiling, which)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  // Large batches (256 MiB, past the last-level cache; see the README for a VM whose L3 is
  // reported larger but shared) in every layout; a cache-resident batch (1 MiB) for the
  // interleaved path and the reference.
  const std::vector<int> sizes = {2, 4, 8, 16, 32, 64, 128};
  register_getrf<double>(sizes, {256}, true);
  register_getrf<float>(sizes, {256}, true);
  register_getrf<double>(sizes, {1}, false);
  register_getrf<float>(sizes, {1}, false);
  register_getrf<std::complex<float>>({8, 32}, {256}, true);
  register_getrf<std::complex<double>>({8, 32}, {256}, true);
  register_getrf<double>({8, 16, 32}, {256}, false, 16);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
