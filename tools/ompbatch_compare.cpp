// SPDX-License-Identifier: BSD-3-Clause
// ompbatch-compare: two builds of the library (two compilers, two commits) loaded into one
// process and called in turn on the same batch through the C API, so that a change of a few
// percent shows on a machine whose speed drifts by more than that between two runs of the
// tester. Per case: the median time of each build, the median of the rounds' ratios, and
// whether the two builds wrote bitwise the same outputs.
#include <dlfcn.h>
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <complex>
#include <cstring>
#include <functional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/matrices.hpp"
#include "common/stack.hpp"
#include "ompbatch/ompbatch.h"
#include "sweep.hpp"

namespace {

using ompbatch::Layout;
using ompbatch::bench::PivotStack;
using ompbatch::bench::Stack;
namespace tst = ompbatch::testing;

const std::vector<std::string> kRoutines = {"getrf", "getrs", "getri", "matinv",
                                            "potrf", "potrs", "trsm",  "geqrf"};

struct Options : ompbatch::tools::Sweep {
  Options() {
    routines = {"getrf"};
    sizes = {8, 32, 128};
    precisions = {"d"};
    megabytes = 32;
  }
  std::string lib_a, lib_b;
  int repeat = 9;
  bool expect_bitwise = false;
};

// The C API's batched routines of one precision P (S, D, C, Z), called by name.
// clang-format off
#define OMPB_COMPARE_ROUTINES(X, P)                                                              \
  X(P, getrfBatched)  X(P, getrfStridedBatched)  X(P, getrfInterleavedBatched)                   \
  X(P, getrsBatched)  X(P, getrsStridedBatched)  X(P, getrsInterleavedBatched)                   \
  X(P, getriBatched)  X(P, getriStridedBatched)  X(P, getriInterleavedBatched)                   \
  X(P, matinvBatched) X(P, matinvStridedBatched) X(P, matinvInterleavedBatched)                  \
  X(P, potrfBatched)  X(P, potrfStridedBatched)  X(P, potrfInterleavedBatched)                   \
  X(P, potrsBatched)  X(P, potrsStridedBatched)  X(P, potrsInterleavedBatched)                   \
  X(P, trsmBatched)   X(P, trsmStridedBatched)   X(P, trsmInterleavedBatched)                    \
  X(P, geqrfBatched)  X(P, geqrfStridedBatched)  X(P, geqrfInterleavedBatched)
// clang-format on

template <class F>
F symbol(void *lib, const char *name) {
  void *p = dlsym(lib, name);
  if (!p) throw std::runtime_error(fmt::format("{} not found: {}", name, dlerror()));
  return reinterpret_cast<F>(p);
}

template <class T>
struct Api;
#define OMPB_COMPARE_MEMBER(P, r) decltype(&ompb##P##r) r = nullptr;
#define OMPB_COMPARE_LOAD(P, r) r = symbol<decltype(&ompb##P##r)>(lib, "ompb" #P #r);
#define OMPB_COMPARE_API(P, T)                                           \
  template <>                                                            \
  struct Api<T> {                                                        \
    static constexpr char type = #P[0];                                  \
    OMPB_COMPARE_ROUTINES(OMPB_COMPARE_MEMBER, P)                        \
    void load(void *lib) { OMPB_COMPARE_ROUTINES(OMPB_COMPARE_LOAD, P) } \
  };
OMPB_COMPARE_API(S, float)
OMPB_COMPARE_API(D, double)
OMPB_COMPARE_API(C, ompbComplex)
OMPB_COMPARE_API(Z, ompbDoubleComplex)

/// One build of the library: its handle and the routines of every precision.
struct Library {
  std::string path;
  void *lib = nullptr;
  ompbHandle_t handle = nullptr;
  decltype(&ompbGetStatusName) status_name = nullptr;
  decltype(&ompbGetLastErrorMessage) last_error = nullptr;
  decltype(&ompbGetInterleaveWidth) width = nullptr;
  Api<float> s;
  Api<double> d;
  Api<ompbComplex> c;
  Api<ompbDoubleComplex> z;

  explicit Library(std::string p) : path(std::move(p)) {
    // a file's path (dlopen searches the library path for a bare name); RTLD_LOCAL: each
    // build's symbols (and its OpenMP runtime's) stay its own
    if (path.find('/') == std::string::npos) path = "./" + path;
    lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) throw std::runtime_error(fmt::format("cannot load {}: {}", path, dlerror()));
    status_name = symbol<decltype(status_name)>(lib, "ompbGetStatusName");
    last_error = symbol<decltype(last_error)>(lib, "ompbGetLastErrorMessage");
    width = symbol<decltype(width)>(lib, "ompbGetInterleaveWidth");
    s.load(lib);
    d.load(lib);
    c.load(lib);
    z.load(lib);
    if (symbol<decltype(&ompbCreate)>(lib, "ompbCreate")(&handle) != OMPB_STATUS_SUCCESS)
      throw std::runtime_error(path + ": ompbCreate failed (OMPBATCH_BACKEND?)");
  }
  template <class T>
  const Api<T> &api() const {
    if constexpr (std::is_same_v<T, float>) return s;
    if constexpr (std::is_same_v<T, double>) return d;
    if constexpr (std::is_same_v<T, ompbComplex>) return c;
    if constexpr (std::is_same_v<T, ompbDoubleComplex>) return z;
  }
  void check(ompbStatus_t st) const {
    if (st != OMPB_STATUS_SUCCESS)
      throw std::runtime_error(
          fmt::format("{}: {} ({})", path, status_name(st), last_error(handle)));
  }
};

/// One case: what one build is called with, what is restored before each call, and what it
/// writes (compared between the builds).
template <class T>
struct Case {
  std::function<void()> restore;
  std::function<ompbStatus_t(const Library &)> call;
  std::vector<std::pair<const void *, size_t>> outputs;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// The largest |a - b| over the largest |a|, over the T elements of two snapshots.
template <class T>
double relative_difference(const std::vector<char> &a, const std::vector<char> &b) {
  const T *x = reinterpret_cast<const T *>(a.data()), *y = reinterpret_cast<const T *>(b.data());
  double diff = 0, big = 0;
  for (size_t e = 0; e < a.size() / sizeof(T); ++e) {
    diff = std::max(diff, double(std::abs(x[e] - y[e])));
    big = std::max(big, double(std::abs(x[e])));
  }
  return big > 0 ? diff / big : diff;
}

template <class T>
bool run_case(const Options &o, const Library (&libs)[2], const std::string &routine,
              const char *prec, Layout layout, int n) {
  int width = 1;
  libs[0].check(libs[0].width(libs[0].handle, Api<T>::type, &width));
  int width_b = 1;
  libs[1].check(libs[1].width(libs[1].handle, Api<T>::type, &width_b));
  if (width != width_b)
    throw std::runtime_error(fmt::format("interleave widths differ: {} and {}", width, width_b));
  const bool solve = routine == "getrs" || routine == "potrs" || routine == "trsm";
  const int nrhs = o.nrhs > 0 ? o.nrhs : n;
  const long long batch = ompbatch::tools::batch_of(o, routine, n, sizeof(T));
  const int bi = int(batch);
  // the tester's inputs: random (getrf, geqrf: pivoting), Hermitian positive definite
  // (potrf, potrs), n added to the diagonal (trsm's triangle)
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> A0 = routine == "potrf" || routine == "potrs"
                          ? tst::hpd_batch<T>(batch, n, rng)
                          : tst::random_batch<T>(batch, n, n, rng);
  if (routine == "trsm")
    for (long long m = 0; m < batch; ++m) tst::add_to_diagonal(n, A0.data() + m * nn, n);
  Stack<T> a0(layout, n, n, batch, width), a(layout, n, n, batch, width),
      c(layout, n, n, batch, width), b0(layout, n, nrhs, batch, width),
      b(layout, n, nrhs, batch, width), tau(layout, n, 1, batch, width);
  PivotStack ipiv(layout, n, batch, width);
  std::vector<int> info(size_t(batch) + width);
  a0.load(A0);
  b0.load(tst::random_batch<T>(batch, n, nrhs, rng));
  auto copy = [](Stack<T> &to, const Stack<T> &from) {
    std::memcpy(static_cast<void *>(to.data), from.data, sizeof(T) * from.elements());
  };
  copy(a, a0);
  const auto &A = libs[0].api<T>();
  const bool il = layout == Layout::interleaved, st = layout == Layout::strided;
  const long long sa = (long long)n * n, sb = (long long)n * nrhs;
  // getrs, getri and potrs take the factors of a0 by the first build, in a
  if (routine == "getrs" || routine == "getri")
    libs[0].check(
        il   ? A.getrfInterleavedBatched(libs[0].handle, n, n, a.data, n, width, ipiv.p.data(),
                                         info.data(), bi)
        : st ? A.getrfStridedBatched(libs[0].handle, n, n, a.data, n, sa, ipiv.p.data(), n,
                                     info.data(), bi)
             : A.getrfBatched(libs[0].handle, n, a.ptrs.data(), n, ipiv.p.data(), info.data(), bi));
  if (routine == "potrs")
    libs[0].check(il ? A.potrfInterleavedBatched(libs[0].handle, OMPB_FILL_MODE_LOWER, n, a.data, n,
                                                 width, info.data(), bi)
                  : st ? A.potrfStridedBatched(libs[0].handle, OMPB_FILL_MODE_LOWER, n, a.data, n,
                                               sa, info.data(), bi)
                       : A.potrfBatched(libs[0].handle, OMPB_FILL_MODE_LOWER, n, a.ptrs.data(), n,
                                        info.data(), bi));
  const auto lo = OMPB_FILL_MODE_LOWER;
  const T one(1);
  Case<T> k;
  auto out = [&](const Stack<T> &s) { k.outputs.push_back({s.data, sizeof(T) * s.elements()}); };
  if (routine == "getrf" || routine == "potrf" || routine == "geqrf") {
    k.restore = [&] { copy(a, a0); };
    out(a);
    if (routine == "getrf") k.outputs.push_back({ipiv.p.data(), sizeof(int) * ipiv.p.size()});
    if (routine == "geqrf") out(tau);
  } else if (solve) {
    k.restore = [&] { copy(b, b0); };
    out(b);
  } else {
    k.restore = [] {};
    out(c);
  }
  const T *af = a.data;
  T *const *ap = a.ptrs.data();
  const T *const *cap = ap;
  const std::vector<const T *> a0p(a0.ptrs.begin(), a0.ptrs.end());
  k.call = [&, af, ap, cap](const Library &L) -> ompbStatus_t {
    const auto &f = L.api<T>();
    const auto h = L.handle;
    T *ad = a.data, *bd = b.data, *cd = c.data;
    const T *a0d = a0.data;
    int *pv = ipiv.p.data(), *in = info.data();
    if (routine == "getrf")
      return il   ? f.getrfInterleavedBatched(h, n, n, ad, n, width, pv, in, bi)
             : st ? f.getrfStridedBatched(h, n, n, ad, n, sa, pv, n, in, bi)
                  : f.getrfBatched(h, n, ap, n, pv, in, bi);
    if (routine == "getrs")
      return il ? f.getrsInterleavedBatched(h, OMPB_OP_N, n, nrhs, af, n, width, pv, bd, n, in, bi)
             : st
                 ? f.getrsStridedBatched(h, OMPB_OP_N, n, nrhs, af, n, sa, pv, n, bd, n, sb, in, bi)
                 : f.getrsBatched(h, OMPB_OP_N, n, nrhs, cap, n, pv, b.ptrs.data(), n, in, bi);
    if (routine == "getri")
      return il   ? f.getriInterleavedBatched(h, n, af, n, width, pv, cd, n, in, bi)
             : st ? f.getriStridedBatched(h, n, af, n, sa, pv, n, cd, n, sa, in, bi)
                  : f.getriBatched(h, n, cap, n, pv, c.ptrs.data(), n, in, bi);
    if (routine == "matinv")
      return il   ? f.matinvInterleavedBatched(h, n, a0d, n, width, cd, n, in, bi)
             : st ? f.matinvStridedBatched(h, n, a0d, n, sa, cd, n, sa, in, bi)
                  : f.matinvBatched(h, n, a0p.data(), n, c.ptrs.data(), n, in, bi);
    if (routine == "potrf")
      return il   ? f.potrfInterleavedBatched(h, lo, n, ad, n, width, in, bi)
             : st ? f.potrfStridedBatched(h, lo, n, ad, n, sa, in, bi)
                  : f.potrfBatched(h, lo, n, ap, n, in, bi);
    if (routine == "potrs")
      return il   ? f.potrsInterleavedBatched(h, lo, n, nrhs, af, n, width, bd, n, in, bi)
             : st ? f.potrsStridedBatched(h, lo, n, nrhs, af, n, sa, bd, n, sb, in, bi)
                  : f.potrsBatched(h, lo, n, nrhs, cap, n, b.ptrs.data(), n, in, bi);
    if (routine == "trsm")
      return il ? f.trsmInterleavedBatched(h, OMPB_SIDE_LEFT, lo, OMPB_OP_N, OMPB_DIAG_NON_UNIT, n,
                                           nrhs, &one, af, n, width, bd, n, bi)
             : st ? f.trsmStridedBatched(h, OMPB_SIDE_LEFT, lo, OMPB_OP_N, OMPB_DIAG_NON_UNIT, n,
                                         nrhs, &one, af, n, sa, bd, n, sb, bi)
                  : f.trsmBatched(h, OMPB_SIDE_LEFT, lo, OMPB_OP_N, OMPB_DIAG_NON_UNIT, n, nrhs,
                                  &one, cap, n, b.ptrs.data(), n, bi);
    T *td = tau.data;
    return il   ? f.geqrfInterleavedBatched(h, n, n, ad, n, width, td, in, bi)
           : st ? f.geqrfStridedBatched(h, n, n, ad, n, sa, td, n, in, bi)
                : f.geqrfBatched(h, n, n, ap, n, tau.ptrs.data(), in, bi);
  };

  for (const Library &lib : libs) {  // untimed: first touches of the buffers, runtimes' start
    k.restore();
    lib.check(k.call(lib));
  }
  // rounds of one call of each build, the order alternating; each build's outputs kept
  std::vector<double> times[2], ratio;
  std::vector<std::vector<char>> snap[2];
  for (int r = 0; r < o.repeat; ++r) {
    double t[2];
    for (int q = 0; q < 2; ++q) {
      const int which = r % 2 ? 1 - q : q;
      k.restore();
      const auto t0 = std::chrono::steady_clock::now();
      const ompbStatus_t status = k.call(libs[which]);
      t[which] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      libs[which].check(status);
      snap[which].clear();
      for (auto [p, size] : k.outputs)
        snap[which].emplace_back(static_cast<const char *>(p), static_cast<const char *>(p) + size);
    }
    times[0].push_back(t[0]);
    times[1].push_back(t[1]);
    ratio.push_back(t[0] / t[1]);
  }
  const bool same = snap[0] == snap[1];
  const std::string outputs =
      same ? "bitwise"
           : fmt::format("differ {:.1e}{}", relative_difference<T>(snap[0][0], snap[1][0]),
                         std::equal(snap[0].begin() + 1, snap[0].end(), snap[1].begin() + 1)
                             ? ""
                             : ", pivots/tau");
  std::sort(ratio.begin(), ratio.end());
  fmt::print(
      "{:<7} {:<4} {:<11} {:>4} {:>7} {:>10.3f} {:>10.3f} {:>8.3f} {:>8.3f} {:>6.3f}-{:<6.3f} {}\n",
      routine, prec, ompbatch::tools::layout_name(layout), n, batch, median(times[0]) * 1e3,
      median(times[1]) * 1e3, median(times[0]) / median(times[1]), median(ratio), ratio.front(),
      ratio.back(), outputs);
  std::fflush(stdout);
  return same;
}

}  // namespace

int main(int argc, char **argv) {
  Options o;
  CLI::App app{
      "ompbatch-compare: two builds of libompbatch called in turn in one process on the same "
      "batches"};
  app.add_option("lib_a", o.lib_a, "the first build (the baseline): path of its libompbatch.so")
      ->required();
  app.add_option("lib_b", o.lib_b, "the second build: path of its libompbatch.so")->required();
  ompbatch::tools::add_sweep_options(app, o, kRoutines);
  app.add_option("-r,--repeat", o.repeat, "rounds per case, each one call of either build")
      ->check(CLI::PositiveNumber);
  app.add_flag("--expect-bitwise", o.expect_bitwise,
               "exit with status 1 when any case's outputs differ between the builds");
  CLI11_PARSE(app, argc, argv);
  try {
    const Library libs[2] = {Library(o.lib_a), Library(o.lib_b)};
    if (libs[0].lib == libs[1].lib)
      throw std::runtime_error(
          "both paths load the same library: give one build's file under another name or path");
    fmt::print("# A: {}\n# B: {}\n", o.lib_a, o.lib_b);
    fmt::print(
        "# one untimed call of each build, then {} rounds of one call of A and one of B (order "
        "alternating); times are medians, A/B "
        "the ratio of the medians, pairs the median of the rounds' ratios and their range (> 1: B "
        "faster); outputs: whether B wrote bitwise what A wrote (else the largest difference over "
        "the largest value)\n",
        o.repeat);
    fmt::print("{:<7} {:<4} {:<11} {:>4} {:>7} {:>10} {:>10} {:>8} {:>8} {:>13} {}\n", "routine",
               "prec", "layout", "n", "batch", "A_ms", "B_ms", "A/B", "pairs", "range", "outputs");
    const int differ = ompbatch::tools::for_each_case(
        o, [&](auto t, const std::string &routine, const std::string &prec, Layout layout, int n) {
          return run_case<decltype(t)>(o, libs, routine, prec.c_str(), layout, n);
        });
    fmt::print("# {} case(s) with outputs that differ\n", differ);
    return o.expect_bitwise && differ ? 1 : 0;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ompbatch-compare: %s\n", e.what());
    return 2;
  }
}
