// SPDX-License-Identifier: BSD-3-Clause
// What every routine's benchmark shares: the context, the implementations compared (ompbatch in
// each layout, the LAPACKE loops a user would otherwise write), names, the timing loop and its
// counters. Only the call is timed (manual time): inputs are restored before each iteration.
// Counters: GFLOP/s (LAPACK's flop counts), matrices/s, bytes/s (the fewest bytes the call must
// move), batch, and roofline = GFLOP/s / min(update bandwidth x flops/byte, gemm peak), both
// ceilings measured by the binary itself (ceiling/*).
#pragma once

#include <benchmark/benchmark.h>
#include <fmt/format.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <complex>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/ceilings.hpp"
#include "common/reference.hpp"
#include "ompbatch/ompbatch.hpp"

namespace ompbatch::bench {

inline Context &context() {
  static Context ctx;
  return ctx;
}

/// ompbatch in a layout, or a loop over LAPACKE: OpenMP parallel for with OpenBLAS on one
/// thread per call (lapacke_loop), or one matrix after another with OpenBLAS on all threads
/// (lapacke_threaded, the other strategy for few large matrices).
enum class Impl { interleaved, strided, pointer_array, lapacke_loop, lapacke_threaded };

inline const char *impl_name(Impl i) {
  switch (i) {
    case Impl::interleaved:
      return "interleaved";
    case Impl::strided:
      return "strided";
    case Impl::pointer_array:
      return "pointer";
    case Impl::lapacke_loop:
      return "lapacke_loop";
    case Impl::lapacke_threaded:
      return "lapacke_threaded";
  }
  return "";
}

inline bool is_loop(Impl i) {
  return i == Impl::lapacke_loop || i == Impl::lapacke_threaded;
}

/// The layout the implementation's batch is stored in (the loops': column-major, strided).
inline Layout layout_of(Impl i) {
  return i == Impl::interleaved     ? Layout::interleaved
         : i == Impl::pointer_array ? Layout::pointer_array
                                    : Layout::strided;
}

template <class T>
const char *prec_name() {
  if constexpr (std::is_same_v<T, float>) return "s";
  if constexpr (std::is_same_v<T, double>) return "d";
  if constexpr (std::is_same_v<T, std::complex<float>>) return "c";
  return "z";
}

/// Matrices that fill `mib` MiB at `bytes` per matrix (at least one).
inline long long batch_of(double mib, double bytes) {
  return std::max<long long>(1, (long long)(mib * 1048576 / bytes));
}

/// Whether the benchmark being measured ran OpenBLAS on several threads: lapacke_threaded, or
/// ompbatch on fewer matrices than threads (the vendor path's threads inside a matrix). measure()
/// then lets OpenBLAS's workers fall asleep before the next benchmark (openblas_wait_idle).
inline bool &openblas_threaded() {
  static bool threaded = false;
  return threaded;
}

/// f(b) for b < count as the loop `impl` runs it.
template <class F>
void lapacke_loop(Impl impl, long long count, F &&f) {
  if (impl == Impl::lapacke_threaded) {
    openblas_threaded() = true;
    openblas_set_num_threads(omp_get_max_threads());
    for (long long b = 0; b < count; ++b) f(b);
    reference::openblas_single_threaded();
    return;
  }
#pragma omp parallel for schedule(static)
  for (long long b = 0; b < count; ++b) f(b);
}

/// The timing loop: prepare() untimed, run() timed, per iteration; then the counters of `count`
/// matrices that take `flops` and must move `bytes` per call.
template <class T, class Prepare, class Run>
void measure(benchmark::State &state, Prepare &&prepare, Run &&run, long long count, double flops,
             double bytes) {
  double total = 0;
  for (auto _ : state) {
    prepare();
    const auto t0 = std::chrono::steady_clock::now();
    run();
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(t);
    total += t;
  }
  using benchmark::Counter;
  state.counters["GFLOP/s"] = Counter(flops * 1e-9, Counter::kIsIterationInvariantRate);
  state.counters["matrices/s"] = Counter(double(count), Counter::kIsIterationInvariantRate);
  state.counters["bytes/s"] = Counter(bytes, Counter::kIsIterationInvariantRate);
  state.counters["batch"] = double(count);
  const double achieved = flops * double(state.iterations()) / total * 1e-9;
  state.counters["roofline"] = achieved / roofline_gflops<T>(flops, bytes);
  if (std::exchange(openblas_threaded(), false) || count < omp_get_max_threads())
    reference::openblas_wait_idle();
}

/// Registers one benchmark: f(state) under `name`, manual time in milliseconds.
template <class F>
void add(const std::string &name, F &&f) {
  benchmark::RegisterBenchmark(name.c_str(), std::forward<F>(f))
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
}

/// The orders every routine is measured at in single and double precision (complex: 8, 32).
inline const std::vector<int> kSizes = {2, 4, 8, 16, 32, 64, 128, 256, 512};

/// Registers "<routine>/<prec>/<impl><variant>/n:<n>/MiB:<mib>" for T at `sizes`, in each layout
/// and for the loop: bm(T(), state, impl, n, count) with `count` matrices filling `mib` MiB at
/// footprint(n, sizeof(T)) bytes each.
template <class T, class Bm, class Footprint>
void register_precision(const char *routine, const std::string &variant,
                        const std::vector<int> &sizes, double mib, Bm bm, Footprint footprint) {
  for (int n : sizes)
    for (Impl impl : {Impl::interleaved, Impl::strided, Impl::pointer_array, Impl::lapacke_loop}) {
      const long long count = batch_of(mib, footprint(n, double(sizeof(T))));
      add(fmt::format("{}/{}/{}{}/n:{}/MiB:{}", routine, prec_name<T>(), impl_name(impl), variant,
                      n, mib),
          [=](benchmark::State &s) { bm(T(), s, impl, n, count); });
    }
}

/// register_precision for S and D at kSizes and C and Z at n = 8 and 32, 64 MiB batches.
template <class Bm, class Footprint>
void register_routine(const char *routine, const std::string &variant, Bm bm, Footprint footprint) {
  register_precision<double>(routine, variant, kSizes, 64, bm, footprint);
  register_precision<float>(routine, variant, kSizes, 64, bm, footprint);
  register_precision<std::complex<float>>(routine, variant, {8, 32}, 64, bm, footprint);
  register_precision<std::complex<double>>(routine, variant, {8, 32}, 64, bm, footprint);
}

/// register_routine for a solve with nrhs = 1 and nrhs = n, variants "<prefix>/nrhs:1" and
/// "<prefix>/nrhs:n": bm(T(), state, impl, n, nrhs, count), a footprint of n x n plus n x nrhs.
template <class Bm>
void register_solve(const char *routine, const std::string &prefix, Bm bm) {
  for (bool square : {false, true})
    register_routine(
        routine, prefix + (square ? "/nrhs:n" : "/nrhs:1"),
        [=](auto t, benchmark::State &s, Impl impl, int n, long long count) {
          bm(t, s, impl, n, square ? n : 1, count);
        },
        [=](int n, double elem) { return elem * n * (n + (square ? n : 1)); });
}

/// Each routine's file registers its benchmarks through one of these (bench/main.cpp calls them).
void register_getrf();
void register_getrs();
void register_getri();
void register_matinv();
void register_potrf();
void register_potrs();
void register_trsm();
void register_qr();      // geqrf, gels
void register_kokkos();  // the peer, where Kokkos Kernels is found (kokkos_bench.cpp)

}  // namespace ompbatch::bench
