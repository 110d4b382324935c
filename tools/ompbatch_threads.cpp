// SPDX-License-Identifier: BSD-3-Clause
// ompbatch-threads: the two LAPACKE strategies for a few large matrices, timed in turn on the
// same inputs: a parallel loop with OpenBLAS on one thread per call, and one matrix after
// another with OpenBLAS on every thread (threads inside the matrix). Prints, per case, both
// medians and loop / threaded; with --count 1, threaded OpenBLAS's speed-up over one thread,
// which simd/dispatch.hpp's kThreadedSpeedups tables hold (column-major, n x n; -p s,d,c,z).
#include <fmt/format.h>
#include <omp.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <complex>
#include <cstddef>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "common/matrices.hpp"
#include "simd/vendor/lapack.hpp"

namespace {

namespace lapack = ompbatch::lapack;

const std::vector<std::string> kRoutines = {"getrf", "getri", "matinv", "potrf",
                                            "geqrf", "getrs", "potrs",  "trsm"};

bool is_solve(const std::string &routine) {
  return routine == "getrs" || routine == "potrs" || routine == "trsm";
}

/// count matrices of order n, their factors and right-hand sides, and one call on matrix c.
template <class T>
struct Case {
  std::string routine;
  int n, nrhs, count;
  std::size_t nn;
  std::vector<T> a0, b0, a, lu, chol, tau, work;
  std::vector<int> piv;

  Case(std::string r, int n_, int nrhs_, int count_)
      : routine(std::move(r)), n(n_), nrhs(nrhs_), count(count_), nn(std::size_t(n_) * n_) {
    std::mt19937_64 rng(1);
    a0 = ompbatch::testing::random_batch<T>(count, n, n, rng);
    b0 = ompbatch::testing::random_batch<T>(count, n, nrhs, rng);
    for (int c = 0; c < count; ++c) {  // Hermitian, diagonally dominant: HPD and well pivoted
      T *x = &a0[c * nn];
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < j; ++i) {
          x[i + j * n] = x[j + i * n];
          if constexpr (ompbatch::testing::is_complex<T>) x[i + j * n] = std::conj(x[i + j * n]);
        }
      for (int i = 0; i < n; ++i) x[i + i * n] = std::real(x[i + i * n]) + n;
    }
    lu = chol = a0;
    piv.resize(std::size_t(n) * count);
    tau.resize(std::size_t(n) * count);
    for (int c = 0; c < count; ++c) {
      lapack::getrf(n, n, &lu[c * nn], n, &piv[std::size_t(c) * n]);
      lapack::potrf('L', n, &chol[c * nn], n);
    }
    work.resize(std::size_t(64) * n * omp_get_max_threads());
  }
  bool solve() const { return is_solve(routine); }
  void reset() { a = solve() ? b0 : routine == "getri" ? lu : a0; }
  void call(int c, int thread) {
    const int lwork = 64 * n;
    T *w = &work[std::size_t(lwork) * thread],
      *x = solve() ? &a[std::size_t(n) * nrhs * c] : &a[c * nn];
    int *p = &piv[std::size_t(c) * n];
    if (routine == "getrf") {
      lapack::getrf(n, n, x, n, p);
    } else if (routine == "getri") {
      lapack::getri(n, x, n, p, w, lwork);
    } else if (routine == "matinv") {
      lapack::getrf(n, n, x, n, p);
      lapack::getri(n, x, n, p, w, lwork);
    } else if (routine == "potrf") {
      lapack::potrf('L', n, x, n);
    } else if (routine == "geqrf") {
      lapack::geqrf(n, n, x, n, &tau[std::size_t(c) * n], w, lwork);
    } else if (routine == "getrs") {
      lapack::getrs('N', n, nrhs, &lu[c * nn], n, p, x, n);
    } else if (routine == "potrs") {
      lapack::potrs('L', n, nrhs, &chol[c * nn], n, x, n);
    } else {
      lapack::trsm('L', 'L', 'N', 'N', n, nrhs, T(1), &lu[c * nn], n, x, n);
    }
  }
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Seconds of f after an untimed reset of the case.
template <class T>
double timed(Case<T> &k, const std::function<void()> &f) {
  k.reset();
  const auto t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

/// Every case of one precision (its letter p), printed as rows.
template <class T>
void run(char p, const std::vector<std::string> &routines, const std::vector<int> &sizes,
         const std::vector<int> &counts, const std::vector<int> &rhs, int repeat) {
  const int threads = omp_get_max_threads();
  for (const auto &r : routines) {
    const bool solve = is_solve(r);
    for (int q : solve ? rhs : std::vector<int>{0})
      for (int n : sizes)
        for (int count : counts) {
          Case<T> k(r, n, q > 0 ? q : n, count);
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
          fmt::print("{:<7} {:>5} {:>5} {:>5} {:>11.3f} {:>13.3f} {:>14.2f}\n", p + r, n,
                     solve ? k.nrhs : 0, count, l * 1e3, t * 1e3, l / t);
        }
  }
}

}  // namespace

int main(int argc, char **argv) {
  CLI::App app{"ompbatch-threads: a parallel LAPACKE loop against threaded OpenBLAS per matrix"};
  std::vector<std::string> routines = {"getrf", "potrf"};
  std::vector<int> sizes = {512, 1024}, counts = {1, 3}, rhs = {0};
  std::vector<std::string> precisions = {"d"};
  int repeat = 5;
  app.add_option("--routine", routines, "routines (or all)")->delimiter(',')->capture_default_str();
  app.add_option("-n,--n", sizes, "orders")->delimiter(',')->capture_default_str();
  app.add_option("--count", counts, "matrices per batch")->delimiter(',')->capture_default_str();
  app.add_option("--nrhs", rhs, "right-hand sides of the solves (0: n)")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("-p,--precision", precisions, "s, d, c, z")
      ->delimiter(',')
      ->check(CLI::IsMember({"s", "d", "c", "z"}))
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
  for (const auto &p : precisions) {
    if (p == "s") run<float>('s', routines, sizes, counts, rhs, repeat);
    if (p == "d") run<double>('d', routines, sizes, counts, rhs, repeat);
    if (p == "c") run<std::complex<float>>('c', routines, sizes, counts, rhs, repeat);
    if (p == "z") run<std::complex<double>>('z', routines, sizes, counts, rhs, repeat);
  }
  return 0;
}
