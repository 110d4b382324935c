// SPDX-License-Identifier: BSD-3-Clause
// ompbatch-threads: the two LAPACKE strategies for a few large matrices, timed in turn on the
// same inputs: a parallel loop with OpenBLAS on one thread per call, and one matrix after
// another with OpenBLAS on every thread (threads inside the matrix). Prints, per case, both
// medians and loop / threaded; with --count 1, threaded OpenBLAS's speed-up over one thread,
// which src/dispatch.hpp's kThreadedSpeedups tables hold (double, column-major, n x n).
#include <cblas.h>
#include <fmt/format.h>
#include <lapacke.h>
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

const std::vector<std::string> kRoutines = {"getrf", "getri", "matinv", "potrf",
                                            "geqrf", "getrs", "potrs",  "trsm"};

/// count matrices of order n, their factors and right-hand sides, and one call on matrix c.
struct Case {
  std::string routine;
  int n, nrhs, count;
  std::size_t nn;
  std::vector<double> a0, b0, a, lu, chol, tau, work;
  std::vector<int> piv;

  Case(std::string r, int n_, int nrhs_, int count_)
      : routine(std::move(r)), n(n_), nrhs(nrhs_), count(count_), nn(std::size_t(n_) * n_) {
    std::mt19937 g(1);
    std::uniform_real_distribution<double> u(-1, 1);
    a0.resize(nn * count);
    b0.resize(std::size_t(n) * nrhs * count);
    for (auto &x : b0) x = u(g);
    for (int c = 0; c < count; ++c) {  // symmetric, diagonally dominant: SPD and well pivoted
      double *x = &a0[c * nn];
      for (std::size_t k = 0; k < nn; ++k) x[k] = u(g);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < j; ++i) x[i + j * n] = x[j + i * n];
      for (int i = 0; i < n; ++i) x[i + i * n] += n;
    }
    lu = chol = a0;
    piv.resize(std::size_t(n) * count);
    tau.resize(std::size_t(n) * count);
    for (int c = 0; c < count; ++c) {
      LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, &lu[c * nn], n, &piv[std::size_t(c) * n]);
      LAPACKE_dpotrf(LAPACK_COL_MAJOR, 'L', n, &chol[c * nn], n);
    }
    work.resize(std::size_t(64) * n * omp_get_max_threads());
  }
  bool solve() const { return routine == "getrs" || routine == "potrs" || routine == "trsm"; }
  void reset() { a = solve() ? b0 : routine == "getri" ? lu : a0; }
  void call(int c, int thread) {
    const int lwork = 64 * n;
    double *w = &work[std::size_t(lwork) * thread],
           *x = solve() ? &a[std::size_t(n) * nrhs * c] : &a[c * nn];
    int *p = &piv[std::size_t(c) * n];
    if (routine == "getrf") {
      LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, x, n, p);
    } else if (routine == "getri") {
      LAPACKE_dgetri_work(LAPACK_COL_MAJOR, n, x, n, p, w, lwork);
    } else if (routine == "matinv") {
      LAPACKE_dgetrf_work(LAPACK_COL_MAJOR, n, n, x, n, p);
      LAPACKE_dgetri_work(LAPACK_COL_MAJOR, n, x, n, p, w, lwork);
    } else if (routine == "potrf") {
      LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', n, x, n);
    } else if (routine == "geqrf") {
      LAPACKE_dgeqrf_work(LAPACK_COL_MAJOR, n, n, x, n, &tau[std::size_t(c) * n], w, lwork);
    } else if (routine == "getrs") {
      LAPACKE_dgetrs_work(LAPACK_COL_MAJOR, 'N', n, nrhs, &lu[c * nn], n, p, x, n);
    } else if (routine == "potrs") {
      LAPACKE_dpotrs_work(LAPACK_COL_MAJOR, 'L', n, nrhs, &chol[c * nn], n, x, n);
    } else {
      cblas_dtrsm(CblasColMajor, CblasLeft, CblasLower, CblasNoTrans, CblasNonUnit, n, nrhs, 1.0,
                  &lu[c * nn], n, x, n);
    }
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Seconds of f after an untimed reset of the case.
double timed(Case &k, const std::function<void()> &f) {
  k.reset();
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char **argv) {
  CLI::App app{"ompbatch-threads: a parallel LAPACKE loop against threaded OpenBLAS per matrix"};
  std::vector<std::string> routines = {"getrf", "potrf"};
  std::vector<int> sizes = {512, 1024}, counts = {1, 3}, rhs = {0};
  int repeat = 5;
  app.add_option("--routine", routines, "routines (or all)")->delimiter(',')->capture_default_str();
  app.add_option("-n,--n", sizes, "orders")->delimiter(',')->capture_default_str();
  app.add_option("--count", counts, "matrices per batch")->delimiter(',')->capture_default_str();
  app.add_option("--nrhs", rhs, "right-hand sides of the solves (0: n)")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("-r,--repeat", repeat, "rounds per case (medians shown)")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  if (std::find(routines.begin(), routines.end(), "all") != routines.end()) routines = kRoutines;
  for (const auto &r : routines)
    if (std::find(kRoutines.begin(), kRoutines.end(), r) == kRoutines.end()) {
      fmt::print(stderr, "unknown routine {}\n", r);
      return 2;
    }
  const int threads = omp_get_max_threads();
  fmt::print("# {} threads; loop: OpenBLAS on 1 thread per call; threaded: on {}\n", threads,
             threads);
  fmt::print("{:<7} {:>5} {:>5} {:>5} {:>11} {:>13} {:>14}\n", "routine", "n", "nrhs", "count",
             "loop ms", "threaded ms", "loop/threaded");
  for (const auto &r : routines) {
    const bool solve = r == "getrs" || r == "potrs" || r == "trsm";
    for (int q : solve ? rhs : std::vector<int>{0})
      for (int n : sizes)
        for (int count : counts) {
          Case k(r, n, q > 0 ? q : n, count);
          std::vector<double> loop, threaded;
          for (int i = 0; i < repeat; ++i) {
            openblas_set_num_threads(1);
            loop.push_back(timed(k, [&] {
#pragma omp parallel for schedule(static, 1)
              for (int c = 0; c < count; ++c) k.call(c, omp_get_thread_num());
            }));
            openblas_set_num_threads(threads);
            threaded.push_back(timed(k, [&] {
              for (int c = 0; c < count; ++c) k.call(c, 0);
            }));
          }
          const double l = median(loop), t = median(threaded);
          fmt::print("{:<7} {:>5} {:>5} {:>5} {:>11.3f} {:>13.3f} {:>14.2f}\n", r, n,
                     solve ? k.nrhs : 0, count, l * 1e3, t * 1e3, l / t);
        }
  }
  return 0;
}
