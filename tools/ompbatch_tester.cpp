// SPDX-License-Identifier: BSD-3-Clause
// ompbatch-tester: runs a sweep of batched routines on the resolved backend and prints, per
// case, the time and GFLOP/s of ompbatch and of the LAPACKE/CBLAS loop a user would otherwise
// write, the speed-up, LAPACK's residual ratio and ok/FAILED (one row per case, as LAPACK++'s
// tester does).
#include <fmt/format.h>
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <complex>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/reference.hpp"
#include "common/stack.hpp"
#include "ompbatch/ompbatch.hpp"
#include "sweep.hpp"

namespace {

using ompbatch::BatchView;
using ompbatch::Layout;
using ompbatch::bench::PivotStack;
using ompbatch::bench::Stack;
namespace ref = ompbatch::reference;
namespace tst = ompbatch::testing;

const std::vector<std::string> kRoutines = {"getrf", "getrs", "getri", "matinv", "potrf",
                                            "potrs", "trsm",  "geqrf", "gels"};

struct Options : ompbatch::tools::Sweep {
  Options() {
    routines = kRoutines;
    sizes = {4, 8, 16, 32, 64, 128};
  }
  std::string backend;  // empty: OMPBATCH_BACKEND / auto
  int repeat = 5;
  bool no_pivot = false;
  double tolerance = 30;
};

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// One side of a measurement: f timed after an untimed prepare().
struct Timed {
  std::function<void()> prepare, f;
  double once() const {
    prepare();
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return seconds_since(t0);
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// One measured case: times, the flop count and the worst residual of the checked matrices.
struct Result {
  double ours = 0, reference = 0, speedup = 0, flops = 0, residual = 0;
  bool info_ok = true;
};

/// `repeat` rounds of one run of ours and one of the reference, so that both meet the same
/// moments of a shared machine: the median time of each, and the median of the rounds' ratios
/// (reference / ours), which drifts of the machine's speed longer than a round leave alone.
void time_pairs(int repeat, const Timed &ours, const Timed &reference, Result &res) {
  std::vector<double> a, b, ratio;
  for (int r = 0; r < repeat; ++r) {
    a.push_back(ours.once());
    b.push_back(reference.once());
    ratio.push_back(b.back() / a.back());
  }
  res.ours = median(a);
  res.reference = median(b);
  res.speedup = median(ratio);
}

/// Indices of up to 32 matrices spread over the batch, for the residual checks.
std::vector<long long> samples(long long count) {
  std::vector<long long> s;
  for (long long b = 0, step = std::max<long long>(1, count / 32); b < count; b += step)
    s.push_back(b);
  return s;
}

/// Runs one routine on one layout and size. Inputs are restored outside the timed region.
template <class T>
Result run_routine(ompbatch::Context &ctx, const Options &o, const std::string &routine,
                   Layout layout, int n, long long count) {
  using Dense = tst::Dense<T>;
  const int w = ompbatch::interleave_width<T>(ctx), nrhs = o.nrhs > 0 ? o.nrhs : n;
  const size_t nn = size_t(n) * n;
  const int threads = omp_get_max_threads();
  std::mt19937_64 rng(n);
  const bool spd = routine == "potrf" || routine == "potrs";
  std::vector<T> A0 =
      spd ? tst::hpd_batch<T>(count, n, rng) : tst::random_batch<T>(count, n, n, rng);
  if (routine == "trsm" ||
      (o.no_pivot && (routine == "getrf" || routine == "getrs" || routine == "getri")))
    for (long long b = 0; b < count; ++b) tst::add_to_diagonal(n, A0.data() + b * nn, n);
  const std::vector<T> B0 = tst::random_batch<T>(count, n, nrhs, rng);

  Stack<T> A(layout, n, n, count, w), B(layout, n, nrhs, count, w), C(layout, n, n, count, w);
  PivotStack P(layout, n, count, w);
  std::vector<int> info(count);
  const ompbatch::Pivots piv = o.no_pivot ? ompbatch::Pivots{} : P.pivots();
  // the reference's copies, column-major and aligned as ours
  Stack<T> R(Layout::strided, n, n, count, w), RB(Layout::strided, n, nrhs, count, w);
  std::vector<int> rpiv(size_t(n) * count);
  std::vector<std::vector<T>> work(threads, std::vector<T>(size_t(64) * (n + nrhs)));
  Stack<T> Tau(layout, n, 1, count, w);  // geqrf's scalars
  std::vector<T> rtau(size_t(n) * count);
  Result res;
  auto ref_loop = [&](const std::function<void(long long)> &f) {
#pragma omp parallel for schedule(static)
    for (long long b = 0; b < count; ++b) f(b);
  };
  auto ref_getrf = [&] {
    ref_loop([&](long long b) { ref::getrf(n, n, R.data + b * nn, n, rpiv.data() + b * n); });
  };
  auto restore_R = [&] { R.load(A0); };
  auto restore_B = [&] { B.load(B0); };
  auto restore_RB = [&] { RB.load(B0); };
  const bool getri = routine == "getri";
  std::vector<T> LU;  // getri's reference input
  Timed ours, reference;

  if (routine == "getrf") {
    res.flops = ompbatch::flops::getrf<T>(n, n);
    ours = Timed{[&] { A.load(A0); },
                 [&] { ompbatch::getrf(ctx, A.template view<T>(), piv, info.data()); }};
    reference = Timed{restore_R, ref_getrf};
  } else if (routine == "getrs") {
    res.flops = ompbatch::flops::getrs<T>(n, nrhs);
    A.load(A0);
    ompbatch::getrf(ctx, A.template view<T>(), piv, info.data());
    ours = Timed{restore_B, [&] {
                   ompbatch::getrs<T>(ctx, ompbatch::Op::n, A.template view<const T>(), piv,
                                      B.template view<T>());
                 }};
    restore_R();
    ref_getrf();
    reference = Timed{restore_RB, [&] {
                        ref_loop([&](long long b) {
                          ref::getrs('N', n, nrhs, R.data + b * nn, n, rpiv.data() + b * n,
                                     RB.data + b * n * nrhs, n);
                        });
                      }};
  } else if (routine == "getri" || routine == "matinv") {
    res.flops = ompbatch::flops::getri<T>(n) + (getri ? 0 : ompbatch::flops::getrf<T>(n, n));
    A.load(A0);
    if (getri) ompbatch::getrf(ctx, A.template view<T>(), piv, info.data());
    ours = Timed{[] {},
                 [&] {
                   if (getri)
                     ompbatch::getri<T>(ctx, A.template view<const T>(), piv, C.template view<T>(),
                                        info.data());
                   else
                     ompbatch::matinv<T>(ctx, A.template view<const T>(), C.template view<T>(),
                                         info.data());
                 }};
    if (getri) {
      restore_R();
      ref_getrf();
      LU.assign(R.data, R.data + A0.size());
    }
    reference =
        Timed{[&] { R.load(getri ? LU : A0); },
              [&] {
                ref_loop([&](long long b) {
                  if (!getri) ref::getrf(n, n, R.data + b * nn, n, rpiv.data() + b * n);
                  auto &wk = work[omp_get_thread_num()];
                  ref::getri(n, R.data + b * nn, n, rpiv.data() + b * n, wk.data(), int(wk.size()));
                });
              }};
  } else if (routine == "potrf") {
    res.flops = ompbatch::flops::potrf<T>(n);
    ours = Timed{
        [&] { A.load(A0); },
        [&] { ompbatch::potrf<T>(ctx, ompbatch::Uplo::lower, A.template view<T>(), info.data()); }};
    reference = Timed{
        restore_R, [&] { ref_loop([&](long long b) { ref::potrf('L', n, R.data + b * nn, n); }); }};
  } else if (routine == "potrs") {
    res.flops = ompbatch::flops::potrs<T>(n, nrhs);
    A.load(A0);
    ompbatch::potrf<T>(ctx, ompbatch::Uplo::lower, A.template view<T>(), info.data());
    ours = Timed{restore_B, [&] {
                   ompbatch::potrs<T>(ctx, ompbatch::Uplo::lower, A.template view<const T>(),
                                      B.template view<T>());
                 }};
    restore_R();
    ref_loop([&](long long b) { ref::potrf('L', n, R.data + b * nn, n); });
    reference = Timed{restore_RB, [&] {
                        ref_loop([&](long long b) {
                          ref::potrs('L', n, nrhs, R.data + b * nn, n, RB.data + b * n * nrhs, n);
                        });
                      }};
  } else if (routine == "geqrf") {
    res.flops = ompbatch::flops::geqrf<T>(n, n);
    ours = Timed{[&] { A.load(A0); },
                 [&] { ompbatch::geqrf<T>(ctx, A.template view<T>(), Tau.template view<T>()); }};
    reference = Timed{restore_R, [&] {
                        ref_loop([&](long long b) {
                          auto &wk = work[omp_get_thread_num()];
                          ref::geqrf(n, n, R.data + b * nn, n, rtau.data() + b * n, wk.data(),
                                     int(wk.size()));
                        });
                      }};
  } else if (routine == "gels") {  // square, trans N: the least-squares solution is A's solve
    res.flops = ompbatch::flops::gels<T>(n, n, nrhs);
    ours = Timed{[&] {
                   A.load(A0);
                   B.load(B0);
                 },
                 [&] {
                   ompbatch::gels<T>(ctx, ompbatch::Op::n, A.template view<T>(),
                                     B.template view<T>(), info.data());
                 }};
    reference = Timed{[&] {
                        R.load(A0);
                        RB.load(B0);
                      },
                      [&] {
                        ref_loop([&](long long b) {
                          auto &wk = work[omp_get_thread_num()];
                          ref::gels('N', n, n, nrhs, R.data + b * nn, n, RB.data + b * n * nrhs, n,
                                    wk.data(), int(wk.size()));
                        });
                      }};
  } else {  // trsm: left, lower, no transpose, non-unit, alpha = 1
    res.flops = ompbatch::flops::trsm<T>(true, n, nrhs);
    A.load(A0);
    ours = Timed{restore_B, [&] {
                   ompbatch::trsm<T>(ctx, ompbatch::Side::left, ompbatch::Uplo::lower,
                                     ompbatch::Op::n, ompbatch::Diag::non_unit, T(1),
                                     A.template view<const T>(), B.template view<T>());
                 }};
    reference = Timed{restore_RB, [&] {
                        ref_loop([&](long long b) {
                          ref::trsm<T>('L', 'L', 'N', 'N', n, nrhs, T(1), A0.data() + b * nn, n,
                                       RB.data + b * n * nrhs, n);
                        });
                      }};
  }
  time_pairs(o.repeat, ours, reference, res);
  res.flops *= double(count);

  // residuals of the last run of ours (the reference's runs use their own copies), on matrices
  // spread over the batch
  for (long long b : samples(count)) {
    const Dense a(n, n, A0.data() + b * nn);
    double r = 0;
    if (routine == "getrf") {
      const auto lu = A.get(b);
      const auto p = P.get(b);
      r = tst::getrf_residual(n, n, A0.data() + b * nn, lu.data(), o.no_pivot ? nullptr : p.data());
    } else if (routine == "getrs" || routine == "potrs" || routine == "gels") {
      r = tst::solve_residual(a, Dense(n, nrhs, B.get(b).data()),
                              Dense(n, nrhs, B0.data() + b * n * nrhs));
    } else if (routine == "getri" || routine == "matinv") {
      r = tst::inverse_residual(a, Dense(n, n, C.get(b).data()));
    } else if (routine == "potrf") {
      const auto f = A.get(b);
      Dense L(n, n);
      for (int j = 0; j < n; ++j)
        for (int i = j; i < n; ++i) L(i, j) = f[i + size_t(j) * n];
      r = (a - L * tst::op('C', L)).norm1() / (n * a.norm1() * tst::eps<T>());
    } else if (routine == "geqrf") {  // ||A^H A - R^H R|| / (n ||A||^2 eps)
      const auto f = A.get(b);
      Dense Rf(n, n);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i <= j; ++i) Rf(i, j) = f[i + size_t(j) * n];
      r = (tst::op('C', a) * a - tst::op('C', Rf) * Rf).norm1() /
          (n * a.norm1() * a.norm1() * tst::eps<T>());
    } else {
      Dense L(n, n);
      for (int j = 0; j < n; ++j)
        for (int i = j; i < n; ++i) L(i, j) = a(i, j);
      r = tst::solve_residual(L, Dense(n, nrhs, B.get(b).data()),
                              Dense(n, nrhs, B0.data() + b * n * nrhs));
    }
    res.residual = std::max(res.residual, r);
    if (routine != "getrs" && routine != "potrs" && routine != "trsm" && routine != "geqrf")
      res.info_ok = res.info_ok && info[b] == 0;
  }
  return res;
}

template <class T>
bool run_case(ompbatch::Context &ctx, const Options &o, const std::string &routine,
              const char *prec, Layout layout, int n) {
  const long long count = ompbatch::tools::batch_of(o, routine, n, sizeof(T));
  const Result r = run_routine<T>(ctx, o, routine, layout, n, count);
  const bool ok = r.info_ok && r.residual < o.tolerance;
  fmt::print(
      "{:<7} {:<4} {:<11} {:>4} {:>7} {:>10.3f} {:>9.2f} {:>10.3f} {:>9.2f} {:>8.2f} {:>9.2e}  "
      "{}\n",
      routine, prec, ompbatch::tools::layout_name(layout), n, count, r.ours * 1e3,
      r.flops / r.ours * 1e-9, r.reference * 1e3, r.flops / r.reference * 1e-9, r.speedup,
      r.residual, ok ? "ok" : "FAILED");
  std::fflush(stdout);
  return ok;
}

}  // namespace

int main(int argc, char **argv) {
  Options o;
  CLI::App app{
      "ompbatch-tester: times ompbatch against a LAPACKE/CBLAS loop and checks the residual"};
  ompbatch::tools::add_sweep_options(app, o, kRoutines);
  app.add_option("-b,--backend", o.backend,
                 "host, offload or auto (default: OMPBATCH_BACKEND, else auto)")
      ->check(CLI::IsMember({"host", "offload", "auto"}));
  app.add_option(
         "-r,--repeat", o.repeat,
         "rounds per case, each one timed run of ompbatch and one of the loop (medians shown)")
      ->check(CLI::PositiveNumber);
  app.add_flag("--no-pivot", o.no_pivot,
               "getrf/getrs/getri without pivoting (diagonally dominant input)");
  app.add_option("--tolerance", o.tolerance, "largest residual ratio that passes");
  CLI11_PARSE(app, argc, argv);

  try {
    ompbatch::Context ctx;
    if (!o.backend.empty())
      ctx.set_backend(o.backend == "host"      ? ompbatch::Backend::host
                      : o.backend == "offload" ? ompbatch::Backend::offload
                                               : ompbatch::Backend::automatic);
    ref::openblas_single_threaded();
    ref::openblas_wait_idle();
    fmt::print("# ompbatch {}: backend {}, device {}, {} OpenMP threads\n", ompbGetVersion(),
               ctx.backend() == ompbatch::Backend::offload ? "offload" : "host", ctx.device(),
               omp_get_max_threads());
    fmt::print("# reference: an OpenMP loop over LAPACKE_?<routine>_work (trsm: cblas_?trsm), {}\n",
               ref::openblas_description());
    fmt::print(
        "# {} rounds of one run of ompbatch then one of the loop: times are medians, speedup the "
        "median of the rounds' ratios; GFLOP/s by LAPACK's flop counts; getrs/potrs/trsm/gels with "
        "nrhs = "
        "{}; residual:\n"
        "#   getrf ||PA-LU||/(n||A||eps), solves (gels: square, N) ||B-AX||/(n||A|| ||X||eps), "
        "inverses ||I-A inv(A)||/(n||A|| ||inv(A)||eps), potrf ||A-LL^H||/(n||A||eps), geqrf "
        "||A^H A-R^H R||/(n||A||^2 eps)\n",
        o.repeat, o.nrhs > 0 ? std::to_string(o.nrhs) : std::string("n"));
    fmt::print("{:<7} {:<4} {:<11} {:>4} {:>7} {:>10} {:>9} {:>10} {:>9} {:>8} {:>9}  {}\n",
               "routine", "prec", "layout", "n", "batch", "time_ms", "GFLOP/s", "ref_ms",
               "ref_GF/s", "speedup", "residual", "status");
    const int failed = ompbatch::tools::for_each_case(
        o, [&](auto t, const std::string &routine, const std::string &prec, Layout layout, int n) {
          return run_case<decltype(t)>(ctx, o, routine, prec.c_str(), layout, n);
        });
    fmt::print("# {} case(s) FAILED\n", failed);
    return failed ? 1 : 0;
  } catch (const ompbatch::Error &e) {
    std::fprintf(stderr, "ompbatch-tester: %s (%s)\n", e.what(), ompbGetStatusName(e.status()));
    return 2;
  }
}
