// SPDX-License-Identifier: BSD-3-Clause
// What the tester and ompbatch-compare share: the options that choose the cases (routines,
// sizes, precisions, layouts, batch, right-hand sides) and the loop over them.
#pragma once

#include <CLI/CLI.hpp>
#include <algorithm>
#include <complex>
#include <string>
#include <vector>

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::tools {

/// The cases of a run: every routine x precision x layout x size.
struct Sweep {
  std::vector<std::string> routines, precisions = {"s", "d", "c", "z"},
                                     layouts = {"interleaved", "strided", "pointer"};
  std::vector<int> sizes;
  long long batch = 0;  // 0: fill `megabytes` of matrices
  double megabytes = 64;
  int nrhs = 1;  // 0: nrhs = n
};

/// --routine (one of `all`, or "all"), -n, -p, -l, --batch, --megabytes and --nrhs into s, their
/// defaults s's values.
inline void add_sweep_options(CLI::App &app, Sweep &s, const std::vector<std::string> &all) {
  std::string names;
  for (const auto &r : all) names += (names.empty() ? "" : ",") + r;
  auto choices = all;
  choices.push_back("all");
  app.add_option("--routine", s.routines, "routines: " + names + " or all")
      ->delimiter(',')
      ->check(CLI::IsMember(choices))
      ->capture_default_str();
  app.add_option("-n,--n", s.sizes, "matrix sizes")
      ->delimiter(',')
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  app.add_option("-p,--precision", s.precisions, "precisions: s,d,c,z")
      ->delimiter(',')
      ->check(CLI::IsMember({"s", "d", "c", "z"}))
      ->capture_default_str();
  app.add_option("-l,--layout", s.layouts, "layouts: interleaved,strided,pointer")
      ->delimiter(',')
      ->check(CLI::IsMember({"interleaved", "strided", "pointer"}))
      ->capture_default_str();
  app.add_option("--batch", s.batch, "matrices per batch (default: fill --megabytes)");
  app.add_option("--megabytes", s.megabytes, "batch size in MiB when --batch is not given")
      ->capture_default_str();
  app.add_option("--nrhs", s.nrhs, "right-hand sides of the solves (0: n)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  app.parse_complete_callback([&s, all] {
    if (std::find(s.routines.begin(), s.routines.end(), "all") != s.routines.end())
      s.routines = all;
  });
}

/// Matrices in a case of routine at order n, elements of `element` bytes: --batch, else
/// --megabytes of the matrix and its other arguments (the inverse, the right-hand sides, tau), 64
/// to 400000.
inline long long batch_of(const Sweep &s, const std::string &routine, int n, size_t element) {
  const size_t bytes = element * size_t(n) *
                       (n + (routine == "getri" || routine == "matinv" ? n
                             : routine == "geqrf"                      ? 1
                             : s.nrhs > 0                              ? s.nrhs
                                                                       : n));
  return s.batch > 0
             ? s.batch
             : std::clamp<long long>((long long)(s.megabytes * 1048576 / bytes), 64, 400000);
}

/// A layout's name in the options and the rows ("pointer" for the pointer array), and back.
inline Layout layout_of(const std::string &name) {
  return name == "interleaved" ? Layout::interleaved
         : name == "strided"   ? Layout::strided
                               : Layout::pointer_array;
}
inline const char *layout_name(Layout layout) {
  return layout == Layout::pointer_array ? "pointer"
         : layout == Layout::strided     ? "strided"
                                         : "interleaved";
}

/// f(T{}, routine, precision, layout, n) for every case, T the precision's element type and
/// layout a Layout; the number of cases for which f returned false.
template <class F>
int for_each_case(const Sweep &s, F &&f) {
  int failed = 0;
  for (const auto &routine : s.routines)
    for (const auto &prec : s.precisions)
      for (const auto &name : s.layouts)
        for (int n : s.sizes) {
          const Layout layout = layout_of(name);
          bool ok = true;
          if (prec == "s") ok = f(float{}, routine, prec, layout, n);
          if (prec == "d") ok = f(double{}, routine, prec, layout, n);
          if (prec == "c") ok = f(std::complex<float>{}, routine, prec, layout, n);
          if (prec == "z") ok = f(std::complex<double>{}, routine, prec, layout, n);
          failed += !ok;
        }
  return failed;
}

}  // namespace ompbatch::tools
