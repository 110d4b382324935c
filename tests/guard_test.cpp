// SPDX-License-Identifier: BSD-3-Clause
// The vendor path on matrices that end where the address space's mapping does: LAPACK and BLAS
// get the users' column-major matrices in place (pointer arrays, strided batches), and a kernel
// that reads past the end of a vector (Debian's OpenBLAS 0.3.21 cgemv_n and zgemv_n read up to
// 2 KiB past theirs) would fault there. Every routine, each matrix ending at an inaccessible page.
#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

#include <memory>

#include "common/harness.hpp"

namespace ompbtest {
namespace {

using ompbatch::BatchView;
using ompbatch::Context;
using ompbatch::HostPath;
using ompbatch::Op;
using ompbatch::Side;
using ompbatch::Uplo;

/// `count` values of T whose last one ends where an inaccessible page begins.
template <class T>
class Guarded {
 public:
  explicit Guarded(std::size_t count) : count_(count) {
    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE)), bytes = count * sizeof(T);
    size_ = (bytes + page - 1) / page * page + page;
    void *p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return;
    base_ = static_cast<char *>(p);
    if (mprotect(base_ + size_ - page, page, PROT_NONE) != 0) return;
    data_ = reinterpret_cast<T *>(base_ + size_ - page - bytes);
  }
  ~Guarded() {
    if (base_) munmap(base_, size_);
  }
  Guarded(const Guarded &) = delete;
  Guarded &operator=(const Guarded &) = delete;
  T *data() const { return data_; }
  std::vector<T> values() const { return {data_, data_ + count_}; }
  void set(const std::vector<T> &v) { std::copy(v.begin(), v.end(), data_); }

 private:
  std::size_t count_, size_ = 0;
  char *base_ = nullptr;
  T *data_ = nullptr;
};

/// One argument: `count` matrices of rows x cols, leading dimension rows, each ending at a guard
/// page (pointers), and their copies on the heap, given the same values.
template <class T>
struct Arg {
  int rows, cols;
  std::vector<std::unique_ptr<Guarded<T>>> guarded;
  std::vector<std::vector<T>> heap;
  Arg(int r, int c, int count, std::mt19937_64 &rng, bool hpd = false) : rows(r), cols(c) {
    for (int b = 0; b < count; ++b) {
      heap.push_back(hpd ? ompbatch::testing::random_hpd<T>(r, rng)
                         : random_matrix<T>(std::max(r, 1), std::max(c, 1), rng));
      heap.back().resize(std::size_t(r) * c);
      guarded.push_back(std::make_unique<Guarded<T>>(heap.back().size()));
      guarded.back()->set(heap.back());
    }
  }
  std::vector<T *> ptrs(bool at_guard) {
    std::vector<T *> p;
    for (std::size_t b = 0; b < heap.size(); ++b)
      p.push_back(at_guard ? guarded[b]->data() : heap[b].data());
    return p;
  }
  BatchView<T> view(bool at_guard, std::vector<T *> &keep) {
    keep = ptrs(at_guard);
    return BatchView<T>::pointer_array(rows, cols, keep.data(), std::max(rows, 1),
                                       int(heap.size()));
  }
  BatchView<const T> cview(bool at_guard, std::vector<const T *> &keep) {
    const std::vector<T *> p = ptrs(at_guard);
    keep.assign(p.begin(), p.end());
    return BatchView<const T>::pointer_array(rows, cols, keep.data(), std::max(rows, 1),
                                             int(heap.size()));
  }
  /// The guarded matrices agree with the heap ones to rounding (OpenBLAS's kernels may take
  /// other paths at other alignments).
  void expect_close(const std::string &where) const {
    for (std::size_t b = 0; b < heap.size(); ++b) {
      const std::vector<T> g = guarded[b]->values();
      double scale = 1, diff = 0;
      for (std::size_t e = 0; e < g.size(); ++e) {
        scale = std::max(scale, double(std::abs(heap[b][e])));
        diff = std::max(diff, double(std::abs(g[e] - heap[b][e])));
      }
      EXPECT_LE(diff, 1000 * eps<T>() * scale * std::max(rows, cols)) << where << " matrix " << b;
    }
  }
};

template <class T>
class VendorPath : public ::testing::Test {};
TYPED_TEST_SUITE(VendorPath, Precisions);

/// Each routine on the vendor path, once on heap matrices and once on the same values ending at
/// guard pages: no fault, and the same results. Orders 1..40 and past the crossovers' range of
/// small blocks, one and several right-hand sides.
TYPED_TEST(VendorPath, MatricesEndingAtAGuardPage) {
  using T = TypeParam;
  Context ctx;
  ctx.set_backend(ompbatch::Backend::host);
  ctx.set_host_path(HostPath::vendor);
  std::mt19937_64 rng(11);
  constexpr int count = 2;
  std::vector<int> sizes;
  for (int n = 1; n <= 40; ++n) sizes.push_back(n);
  sizes.insert(sizes.end(), {63, 64, 65, 100});
  for (int n : sizes)
    for (int nrhs : {1, 3}) {
      const std::string where = fmt::format("n = {} nrhs = {}", n, nrhs);
      SCOPED_TRACE(where);
      std::vector<T *> k1, k2, k3;
      std::vector<const T *> c1;
      std::vector<int> info(count), heap_piv(std::size_t(count) * n);
      Guarded<int> guarded_piv(heap_piv.size());
      const auto piv = [&](bool g) { return g ? guarded_piv.data() : heap_piv.data(); };
      const auto both = [&](auto &&f) {
        for (bool at_guard : {false, true}) f(at_guard);
      };
      // getrf, getrs, getri on its factors
      Arg<T> a(n, n, count, rng), b(n, nrhs, count, rng), c(n, n, count, rng);
      both([&](bool g) { ompbatch::getrf(ctx, a.view(g, k1), {piv(g), n}, info.data()); });
      a.expect_close("getrf");
      EXPECT_EQ(guarded_piv.values(), heap_piv);
      both([&](bool g) {
        ompbatch::getrs(ctx, Op::n, a.cview(g, c1), {piv(g), n}, b.view(g, k2));
      });
      b.expect_close("getrs");
      both([&](bool g) {
        ompbatch::getri(ctx, a.cview(g, c1), {piv(g), n}, c.view(g, k3), info.data());
      });
      c.expect_close("getri");
      // matinv, trsm
      Arg<T> m(n, n, count, rng), inv(n, n, count, rng);
      both([&](bool g) { ompbatch::matinv(ctx, m.cview(g, c1), inv.view(g, k1), info.data()); });
      inv.expect_close("matinv");
      for (Side side : {Side::left, Side::right})
        for (Uplo uplo : {Uplo::lower, Uplo::upper})
          for (Op op : {Op::n, Op::c}) {
            Arg<T> x(side == Side::left ? n : nrhs, side == Side::left ? nrhs : n, count, rng);
            both([&](bool g) {
              ompbatch::trsm(ctx, side, uplo, op, ompbatch::Diag::non_unit, T(1), a.cview(g, c1),
                             x.view(g, k2));
            });
            x.expect_close("trsm");
          }
      // potrf, potrs
      for (Uplo uplo : {Uplo::lower, Uplo::upper}) {
        Arg<T> h(n, n, count, rng, true), y(n, nrhs, count, rng);
        both([&](bool g) { ompbatch::potrf(ctx, uplo, h.view(g, k1), info.data()); });
        h.expect_close("potrf");
        both([&](bool g) { ompbatch::potrs(ctx, uplo, h.cview(g, c1), y.view(g, k2)); });
        y.expect_close("potrs");
      }
      // geqrf, gels: tall and wide
      for (int rows : {n + nrhs, std::max(1, n - nrhs)}) {
        Arg<T> q(rows, n, count, rng), tau(std::min(rows, n), 1, count, rng);
        both([&](bool g) { ompbatch::geqrf(ctx, q.view(g, k1), tau.view(g, k2)); });
        q.expect_close("geqrf");
        tau.expect_close("geqrf tau");
        Arg<T> l(rows, n, count, rng), r(std::max(rows, n), nrhs, count, rng);
        both(
            [&](bool g) { ompbatch::gels(ctx, Op::n, l.view(g, k1), r.view(g, k2), info.data()); });
        r.expect_close("gels");
      }
    }
}

}  // namespace
}  // namespace ompbtest
