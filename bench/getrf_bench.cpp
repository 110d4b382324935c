// SPDX-License-Identifier: BSD-3-Clause
// getrf benchmarks: ompbatch in each layout, with and without pivoting, against the loop a
// user would otherwise write (OpenMP parallel for over LAPACKE_?getrf_work, OpenBLAS on one
// thread per call), in the same binary and run. Batches start on a 64-byte line (the README's
// advice), except the offset:16 variants: 16 bytes past one, as std::vector's large
// allocations start with glibc. Few large matrices also against the loop with OpenBLAS on all
// threads (lapacke_threaded).
#include <random>
#include <vector>

#include "common/bench.hpp"
#include "common/flops.hpp"
#include "common/matrices.hpp"
#include "common/stack.hpp"

namespace ompbatch::bench {
namespace {

/// Factors `count` n x n matrices per iteration, the batch `offset` bytes past a line.
template <class T>
void bm_getrf(benchmark::State &state, Impl impl, bool pivot, int n, long long count, int offset) {
  const size_t nn = size_t(n) * n;
  std::mt19937_64 rng(n);
  std::vector<T> orig(nn * count);
  for (auto &x : orig) x = testing::random_value<T>(rng);
  if (!pivot)  // diagonally dominant: no pivoting needed
    for (long long b = 0; b < count; ++b) testing::add_to_diagonal(n, orig.data() + b * nn, n);
  Context &ctx = context();
  const int width = interleave_width<T>(ctx);
  Stack<T> A(layout_of(impl), n, n, count, width, offset);  // the loops': column-major
  PivotStack P(layout_of(impl), n, count, width);
  std::vector<int> info(count);
  measure<T>(
      state, [&] { A.load(orig); },
      [&] {
        if (is_loop(impl))
          lapacke_loop(impl, count, [&](long long b) {
            reference::getrf(n, n, A.ptrs[b], n, P.p.data() + b * n);
          });
        else
          getrf(ctx, A.template view<T>(), pivot ? P.pivots() : Pivots{}, info.data());
      },
      count, flops::getrf<T>(n, n) * count,
      (2.0 * sizeof(T) * nn + (pivot ? sizeof(int) * n : 0)) * count);
}

/// all_layouts: strided and pointer arrays too; offset: the batches' (a name suffix when not 0,
/// interleaved with pivoting and the loop only).
template <class T>
void register_sizes(const std::vector<int> &sizes, const std::vector<double> &mibs,
                    bool all_layouts, int offset = 0) {
  for (double mib : mibs)
    for (int n : sizes)
      for (Impl impl : {Impl::interleaved, Impl::strided, Impl::pointer_array, Impl::lapacke_loop})
        for (bool pivot : {true, false}) {
          if (impl == Impl::lapacke_loop && !pivot) continue;  // LAPACK always pivots
          if (!all_layouts && impl != Impl::interleaved && impl != Impl::lapacke_loop) continue;
          if (offset && !pivot) continue;
          const long long count = batch_of(mib, sizeof(T) * double(n) * n);
          add(fmt::format("getrf/{}/{}/{}/n:{}/MiB:{}{}", prec_name<T>(), impl_name(impl),
                          pivot ? "pivot" : "nopivot", n, mib,
                          offset ? fmt::format("/offset:{}", offset) : ""),
              [=](benchmark::State &s) { bm_getrf<T>(s, impl, pivot, n, count, offset); });
        }
}

}  // namespace

/// Large batches (256 MiB, past the last-level cache of the VMs measured) in
/// every layout; a cache-resident batch (1 MiB) for the interleaved path and the loop; few
/// matrices of n = 512 and 1024 against both loops.
void register_getrf() {
  const std::vector<int> sizes = {2, 4, 8, 16, 32, 64, 128};
  register_sizes<double>(sizes, {256}, true);
  register_sizes<float>(sizes, {256}, true);
  register_sizes<double>(sizes, {1}, false);
  register_sizes<float>(sizes, {1}, false);
  register_sizes<std::complex<float>>({8, 32}, {256}, true);
  register_sizes<std::complex<double>>({8, 32}, {256}, true);
  register_sizes<double>({8, 16, 32}, {256}, false, 16);
  for (int n : {512, 1024})
    for (long long count : {1, 3, 8, 32})
      for (Impl impl : {Impl::strided, Impl::lapacke_loop, Impl::lapacke_threaded})
        add(fmt::format("getrf/d/{}/pivot/n:{}/batch:{}", impl_name(impl), n, count),
            [=](benchmark::State &s) { bm_getrf<double>(s, impl, true, n, count, 0); });
}

}  // namespace ompbatch::bench
