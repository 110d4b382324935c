// SPDX-License-Identifier: BSD-3-Clause
// ompbatch-tester: factors a sweep of batches on the resolved backend and prints, per case,
// the time and GFLOP/s of ompbatch and of the LAPACKE loop a user would otherwise write, the
// speed-up, LAPACK's residual ratio and ok/FAILED (one row per case, as LAPACK++'s tester).
#include <fmt/format.h>
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <complex>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/reference.hpp"
#include "ompbatch/ompbatch.hpp"

namespace {

using ompbatch::BatchView;
using ompbatch::Layout;

struct Options {
  std::string routine = "getrf";
  std::vector<int> sizes = {4, 8, 16, 32, 64, 128};
  std::vector<std::string> precisions = {"s", "d", "c", "z"};
  std::vector<std::string> layouts = {"interleaved", "strided", "pointer"};
  std::string backend;  // empty: OMPBATCH_BACKEND / auto
  long long batch = 0;  // 0: fill `megabytes` of matrices
  double megabytes = 64;
  int repeat = 5;
  bool no_pivot = false;
  double tolerance = 30;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

template <class T>
bool run_case(ompbatch::Context &ctx, const Options &o, const char *prec, Layout layout, int n) {
  const size_t nn = size_t(n) * n;
  const long long batch =
      o.batch > 0 ? o.batch
                  : std::clamp<long long>((long long)(o.megabytes * 1048576 / (sizeof(T) * nn)), 64,
                                          400000);
  const int width = ompbatch::interleave_width<T>(ctx);
  std::mt19937_64 rng(n);
  std::vector<T> orig(nn * batch);
  for (auto &x : orig) x = ompbatch::testing::random_value<T>(rng);

  // the batch in the chosen layout (lda = n)
  std::vector<T> work(layout == Layout::interleaved ? ((batch + width - 1) / width) * width * nn
                                                    : nn * batch);
  std::vector<T *> ptrs(batch);
  for (long long b = 0; b < batch; ++b) ptrs[b] = work.data() + b * nn;
  std::vector<int> piv(std::max<size_t>(work.size() / std::max(n, 1), size_t(n) * batch)),
      info(batch);
  const BatchView<T> view =
      layout == Layout::pointer_array
          ? BatchView<T>::pointer_array(n, n, ptrs.data(), n, int(batch))
      : layout == Layout::strided
          ? BatchView<T>::strided(n, n, work.data(), n, (long long)nn, int(batch))
          : BatchView<T>::interleaved(n, n, work.data(), n, width, int(batch));
  auto load = [&] {
    if (layout != Layout::interleaved) {
      std::memcpy(static_cast<void *>(work.data()), orig.data(), sizeof(T) * orig.size());
      return;
    }
    for (long long b = 0; b < batch; ++b)
      for (size_t e = 0; e < nn; ++e)
        work[(b / width) * width * nn + e * width + b % width] = orig[b * nn + e];
  };
  auto element = [&](long long b, size_t e) {
    return layout == Layout::interleaved ? work[(b / width) * width * nn + e * width + b % width]
                                         : work[b * nn + e];
  };
  auto pivot = [&](long long b, int k) {
    return layout == Layout::interleaved
               ? piv[(b / width) * width * n + size_t(k) * width + b % width]
               : piv[b * n + k];
  };

  std::vector<double> ours, refs;
  for (int r = 0; r < o.repeat; ++r) {
    load();
    const auto t0 = std::chrono::steady_clock::now();
    ompbatch::getrf(ctx, view, {o.no_pivot ? nullptr : piv.data(), n}, info.data());
    ours.push_back(seconds_since(t0));
  }
  // reference: an OpenMP loop over LAPACKE, OpenBLAS single-threaded inside
  std::vector<T> ref(orig.size());
  std::vector<int> rpiv(size_t(n) * batch);
  for (int r = 0; r < o.repeat; ++r) {
    std::memcpy(static_cast<void *>(ref.data()), orig.data(), sizeof(T) * orig.size());
    const auto t0 = std::chrono::steady_clock::now();
#pragma omp parallel for schedule(static)
    for (long long b = 0; b < batch; ++b)
      ompbatch::reference::getrf(n, n, ref.data() + b * nn, n, rpiv.data() + b * n);
    refs.push_back(seconds_since(t0));
  }

  // residual and info on up to 32 matrices spread over the batch
  double worst = 0;
  bool info_ok = true;
  std::vector<T> lu(nn);
  std::vector<int> p(n);
  for (long long s = 0, step = std::max<long long>(1, batch / 32); s < batch; s += step) {
    for (size_t e = 0; e < nn; ++e) lu[e] = element(s, e);
    for (int k = 0; k < n; ++k) p[k] = pivot(s, k);
    worst = std::max(worst, ompbatch::testing::getrf_residual(n, n, orig.data() + s * nn, lu.data(),
                                                              o.no_pivot ? nullptr : p.data()));
    info_ok = info_ok && info[s] == 0;
  }
  const double flops = ompbatch::flops::getrf<T>(n, n) * batch;
  const double t = median(ours), tr = median(refs);
  const bool ok = info_ok && worst < o.tolerance;
  fmt::print(
      "{:<5} {:<11} {:>4} {:>7} {:>10.3f} {:>9.2f} {:>10.3f} {:>9.2f} {:>8.2f} {:>9.2e}  {}\n",
      prec,
      layout == Layout::pointer_array ? "pointer"
      : layout == Layout::strided     ? "strided"
                                      : "interleaved",
      n, batch, t * 1e3, flops / t * 1e-9, tr * 1e3, flops / tr * 1e-9, tr / t, worst,
      ok ? "ok" : "FAILED");
  std::fflush(stdout);
  return ok;
}

}  // namespace

int main(int argc, char **argv) {
  Options o;
  CLI::App app{"ompbatch-tester: times ompbatch against a LAPACKE loop and checks the residual"};
  app.add_option("--routine", o.routine, "routine to test")->check(CLI::IsMember({"getrf"}));
  app.add_option("-n,--n", o.sizes, "matrix sizes")->delimiter(',')->check(CLI::PositiveNumber);
  app.add_option("-p,--precision", o.precisions, "precisions: s,d,c,z")
      ->delimiter(',')
      ->check(CLI::IsMember({"s", "d", "c", "z"}));
  app.add_option("-l,--layout", o.layouts, "layouts: interleaved,strided,pointer")
      ->delimiter(',')
      ->check(CLI::IsMember({"interleaved", "strided", "pointer"}));
  app.add_option("-b,--backend", o.backend,
                 "host, offload or auto (default: OMPBATCH_BACKEND, else auto)")
      ->check(CLI::IsMember({"host", "offload", "auto"}));
  app.add_option("--batch", o.batch, "matrices per batch (default: fill --megabytes)");
  app.add_option("--megabytes", o.megabytes, "batch size in MiB when --batch is not given");
  app.add_option("-r,--repeat", o.repeat, "timed runs per case (the median is shown)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--no-pivot", o.no_pivot, "factor without pivoting");
  app.add_option("--tolerance", o.tolerance, "largest residual ratio that passes");
  CLI11_PARSE(app, argc, argv);

  try {
    ompbatch::Context ctx;
    if (!o.backend.empty())
      ctx.set_backend(o.backend == "host"      ? ompbatch::Backend::host
                      : o.backend == "offload" ? ompbatch::Backend::offload
                                               : ompbatch::Backend::automatic);
    ompbatch::reference::openblas_single_threaded();
    fmt::print(
        "# ompbatch {} {}: backend {}, device {}, {} OpenMP threads\n# reference: OpenMP loop over "
        "LAPACKE_?{}_work, {}\n",
        ompbGetVersion(), o.routine,
        ctx.backend() == ompbatch::Backend::offload ? "offload" : "host", ctx.device(),
        omp_get_max_threads(), o.routine, ompbatch::reference::openblas_description());
    fmt::print(
        "# times are medians of {} runs; GFLOP/s by LAPACK's flop count; residual = ||PA-LU||_1/(n "
        "||A||_1 eps)\n",
        o.repeat);
    fmt::print("{:<5} {:<11} {:>4} {:>7} {:>10} {:>9} {:>10} {:>9} {:>8} {:>9}  {}\n", "prec",
               "layout", "n", "batch", "time_ms", "GFLOP/s", "ref_ms", "ref_GF/s", "speedup",
               "residual", "status");
    int failed = 0;
    for (const auto &prec : o.precisions)
      for (const auto &lay : o.layouts)
        for (int n : o.sizes) {
          const Layout layout = lay == "interleaved" ? Layout::interleaved
                                : lay == "strided"   ? Layout::strided
                                                     : Layout::pointer_array;
          bool ok = true;
          if (prec == "s") ok = run_case<float>(ctx, o, "s", layout, n);
          if (prec == "d") ok = run_case<double>(ctx, o, "d", layout, n);
          if (prec == "c") ok = run_case<std::complex<float>>(ctx, o, "c", layout, n);
          if (prec == "z") ok = run_case<std::complex<double>>(ctx, o, "z", layout, n);
          failed += !ok;
        }
    fmt::print("# {} case(s) FAILED\n", failed);
    return failed ? 1 : 0;
  } catch (const ompbatch::Error &e) {
    std::fprintf(stderr, "ompbatch-tester: %s (%s)\n", e.what(), ompbGetStatusName(e.status()));
    return 2;
  }
}
