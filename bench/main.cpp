// SPDX-License-Identifier: BSD-3-Clause
// ompbatch_bench: every routine's benchmarks (bench/<routine>_bench.cpp) in one binary and run,
// after the machine's ceilings (ceiling/*), which the roofline counters divide by.
#include <string>

#include "common/bench.hpp"

namespace {

void bm_ceiling(benchmark::State &state, int which) {
  namespace b = ompbatch::bench;
  for (auto _ : state) {
    const double v = which == 0   ? b::measure_update_gbs()
                     : which == 1 ? b::measure_gemm_gflops<float>()
                                  : b::measure_gemm_gflops<double>();
    state.counters[which == 0 ? "GB/s" : "GFLOP/s"] = v;
  }
}

}  // namespace

int main(int argc, char **argv) {
  namespace b = ompbatch::bench;
  benchmark::Initialize(&argc, argv);
  ompbatch::reference::openblas_single_threaded();
  const auto &c = b::ceilings();
  ompbatch::reference::openblas_wait_idle();  // after start and the threaded gemm of ceilings()
  const ompbatch::Context &ctx = b::context();
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
  b::register_getrf();
  b::register_getrs();
  b::register_getri();
  b::register_matinv();
  b::register_potrf();
  b::register_potrs();
  b::register_trsm();
  b::register_qr();
#ifdef OMPBATCH_BENCH_KOKKOS
  b::register_kokkos();
#endif
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
