// SPDX-License-Identifier: BSD-3-Clause
// getrf against LAPACKE, typed over S/D/C/Z, on every test backend and layout.
#include <fmt/format.h>

#include <cstring>
#include <set>

#include "common/harness.hpp"
#include "kernels/getrf_lanes.hpp"
#include "simd/dispatch.hpp"

namespace ompbtest {
namespace {

template <class T>
class Getrf : public ::testing::Test {};
TYPED_TEST_SUITE(Getrf, Precisions);

/// Factors `count` random m x n matrices on every backend and layout and checks, per matrix:
/// the residual ratio < 30, info equal to LAPACK's, and (double) LAPACK's very pivots;
/// then that nothing outside the outputs changed. (A matrix's residual is computed again only
/// where its factors or pivots differ from the last ones it was computed for: the layouts' runs
/// mostly give the same bits.)
template <class T>
void check_against_lapack(int m, int n, int count, int width = 8, unsigned seed = 1) {
  std::mt19937_64 rng(seed + 1000u * m + n);
  std::vector<std::vector<T>> a(count);
  for (auto &x : a) x = random_matrix<T>(m, n, rng);
  std::vector<std::vector<int>> rpiv(count, std::vector<int>(std::min(m, n)));
  std::vector<int> rinfo(count);
  for (int b = 0; b < count; ++b) {
    std::vector<T> ref = a[b];
    rinfo[b] = ompbatch::reference::getrf(m, n, ref.data(), m, rpiv[b].data());
  }
  struct Checked {
    std::vector<T> lu;
    std::vector<int> ipiv;
    double residual = 0;
  };
  std::vector<Checked> last(count);
  for (ompbBackend_t backend : test_backends())
    for (Layout layout : all_layouts()) {
      if (layout == Layout::pointer_array && m != n) continue;  // square only (cuBLAS)
      SCOPED_TRACE(fmt::format("{}/{} m={} n={} batch={} width={}", backend_name(backend),
                               layout_name(layout), m, n, count, width));
      Handle h(backend);
      Batch<T> batch(layout, m, n, count, width);
      for (int b = 0; b < count; ++b) batch.set(b, a[b]);
      batch.snapshot();
      ASSERT_EQ(batch.getrf(h), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
      for (int b = 0; b < count; ++b) {
        EXPECT_EQ(batch.info()[b], rinfo[b]) << "matrix " << b;
        std::vector<T> lu = batch.get(b);
        std::vector<int> ipiv = batch.pivots(b);
        if constexpr (std::is_same_v<T, double>) {
          EXPECT_EQ(ipiv, rpiv[b]) << "matrix " << b;
        }
        Checked &c = last[b];
        if (c.lu.empty() || std::memcmp(lu.data(), c.lu.data(), sizeof(T) * lu.size()) != 0 ||
            ipiv != c.ipiv) {
          c.residual = getrf_residual(m, n, a[b], lu, ipiv);
          c.lu = std::move(lu);
          c.ipiv = std::move(ipiv);
        }
        EXPECT_LT(c.residual, 30.0) << "matrix " << b;
      }
      batch.expect_padding_untouched(true, true);
    }
}

TYPED_TEST(Getrf, BackwardErrorIsSmallAndPivotsMatchLapack) {
  for (int n : {1, 2, 3, 7, 8, 16, 17, 33})
    for (int count : {1, 5, 67}) check_against_lapack<TypeParam>(n, n, count);
}

/// Both sides of the build's host crossovers between the lane kernels and the vendor path
/// (simd/dispatch.hpp, by precision, layout and vector width) up to kSeamsMax, and of the lanes'
/// blocked form (lu_blocks_min), factor correctly in every layout, tall and wide included.
/// Crossovers past kSeamsMax (AVX-512's 512..1024) have both their sides run by the suites with
/// a path forced (host-lanes, host-vendor), as every order here.
/// Batches of 48 keep the lane kernels below the crossovers (with up to 2 threads; from order
/// kFewOrderMin fewer matrices per thread take the vendor path, as do, in chunks of over 6 lanes,
/// the 3-matrix batches of order 128 here).
TYPED_TEST(Getrf, VendorCrossoversAreSeamless) {
  using T = TypeParam;
  constexpr int kSeamsMax = 320;
  std::set<int> seams = {ompbatch::detail::lu_blocks_min<T>()};
  for (Layout layout : {Layout::interleaved, Layout::strided})
    seams.insert(
        ompbatch::detail::vendor_crossover<T>(ompbatch::detail::Routine::getrf, layout, kSeamsMax));
  for (int n : seams)
    if (n <= kSeamsMax)
      for (int order : {n - 1, n}) check_against_lapack<T>(order, order, 48, 16);
  // one block of 16 (on the lanes with 2 threads where the batch is interleaved)
  for (auto [m, n] : {std::pair{250, 200}, {200, 250}}) check_against_lapack<T>(m, n, 16, 16);
  for (auto [m, n] : {std::pair{100, 96}, {96, 100}, {200, 128}, {128, 170}, {40, 33}})
    check_against_lapack<T>(m, n, 3, 4);
  check_against_lapack<T>(170, 160, 20, 12);  // blocks of 12 lanes: 8 + 4, then 8
}

/// An interleaved batch of fewer blocks than threads takes the vendor path block by block, the
/// whole team on each: 20 matrices of n = 130 in blocks of 8 (the last one half full) on 4
/// threads, and 3 in one block on 2.
TYPED_TEST(Getrf, FewInterleavedBlocksShareTheTeam) {
  const int team = omp_get_max_threads();
  omp_set_num_threads(4);
  check_against_lapack<TypeParam>(130, 130, 20, 8);
  omp_set_num_threads(2);
  check_against_lapack<TypeParam>(130, 130, 3, 4);
  omp_set_num_threads(team);
}

TYPED_TEST(Getrf, TallAndWideMatchLapack) {
  for (auto [m, n] : {std::pair{7, 3}, {3, 7}, {17, 8}, {8, 17}, {1, 5}, {5, 1}})
    check_against_lapack<TypeParam>(m, n, 11);
  // blocks of 16 in panels: up to kDeferRowsMax (256) rows the panels' columns take their later
  // interchanges at the end (real lanes), over it element by element as they come
  for (auto [m, n] : {std::pair{40, 33}, {33, 40}, {256, 20}, {300, 20}})
    check_against_lapack<TypeParam>(m, n, 48, 16);
}

TYPED_TEST(Getrf, InterleavedWidthsAndPartialBlocks) {
  for (int width : {1, 3, 4, 8, 32, 67, 100}) check_against_lapack<TypeParam>(5, 5, 67, width);
  // blocks of 16 run in place and prefetch the next one (real lanes left-looking at n = 9, 12
  // and 16, double ones at 8 too, float ones at 20 and 24 with rows in place; complex ones in
  // panels); the last block is partial and packed
  for (int n : {8, 9, 12, 16, 20, 24}) check_against_lapack<TypeParam>(n, n, 40, 16);
}

TYPED_TEST(Getrf, LargeMatrixIsCorrect) {
  check_against_lapack<TypeParam>(300, 300, 2);
}

/// Without pivoting, diagonally dominant matrices factor as A = L U with info 0.
TYPED_TEST(Getrf, NoPivotingOnDiagonallyDominantInput) {
  using T = TypeParam;
  const int n = 9, count = 13;
  std::mt19937_64 rng(7);
  const std::vector<std::vector<T>> a = dominant_matrices<T>(n, count, rng);
  for (ompbBackend_t backend : test_backends())
    for (Layout layout : all_layouts())
      for (bool with_info : {true, false}) {
        SCOPED_TRACE(
            fmt::format("{}/{} info={}", backend_name(backend), layout_name(layout), with_info));
        Handle h(backend);
        Batch<T> batch(layout, n, n, count);
        for (int b = 0; b < count; ++b) batch.set(b, a[b]);
        batch.snapshot();
        ASSERT_EQ(batch.getrf(h, false, with_info), OMPB_STATUS_SUCCESS)
            << ompbGetLastErrorMessage(h);
        for (int b = 0; b < count; ++b) {
          if (with_info) {
            EXPECT_EQ(batch.info()[b], 0);
          }
          EXPECT_LT(getrf_residual(n, n, a[b], batch.get(b), {}), 30.0) << "matrix " << b;
        }
        batch.expect_padding_untouched(false, with_info);
      }
}

/// A matrix with an exactly zero column k reports info = k+1 (LAPACK), completes, and leaves
/// its neighbours bitwise as they are when it is replaced by a regular matrix.
TYPED_TEST(Getrf, SingularMatrixReportsFirstZeroPivotAndSparesNeighbours) {
  using T = TypeParam;
  const int n = 6, count = 5, bad = 2, zero_col = 3;
  std::mt19937_64 rng(11);
  std::vector<std::vector<T>> a(count);
  for (auto &x : a) x = random_matrix<T>(n, n, rng);
  std::vector<T> singular = random_matrix<T>(n, n, rng);
  for (int i = 0; i < n; ++i) singular[i + zero_col * n] = T(0);
  for (ompbBackend_t backend : test_backends())
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(fmt::format("{}/{}", backend_name(backend), layout_name(layout)));
      Handle h(backend);
      Batch<T> regular(layout, n, n, count), mixed(layout, n, n, count);
      for (int b = 0; b < count; ++b) {
        regular.set(b, a[b]);
        mixed.set(b, b == bad ? singular : a[b]);
      }
      mixed.snapshot();
      ASSERT_EQ(regular.getrf(h), OMPB_STATUS_SUCCESS);
      ASSERT_EQ(mixed.getrf(h), OMPB_STATUS_SUCCESS);
      std::vector<T> ref = singular;
      std::vector<int> rpiv(n);
      EXPECT_EQ(ompbatch::reference::getrf(n, n, ref.data(), n, rpiv.data()), zero_col + 1);
      EXPECT_EQ(mixed.info()[bad], zero_col + 1);
      EXPECT_LT(getrf_residual(n, n, singular, mixed.get(bad), mixed.pivots(bad)), 30.0);
      for (int b = 0; b < count; ++b) {
        if (b == bad) continue;
        EXPECT_EQ(mixed.info()[b], 0);
        EXPECT_EQ(mixed.pivots(b), regular.pivots(b));
        const auto x = mixed.get(b), y = regular.get(b);
        EXPECT_EQ(std::memcmp(x.data(), y.data(), sizeof(T) * x.size()), 0) << "matrix " << b;
      }
      mixed.expect_padding_untouched(true, true);
    }
}

/// NaN input: the call succeeds, the other matrices and the padding are unharmed.
TYPED_TEST(Getrf, NaNInputReturnsWithoutHarm) {
  using T = TypeParam;
  const int n = 5, count = 3;
  std::mt19937_64 rng(5);
  std::vector<std::vector<T>> a(count);
  for (auto &x : a) x = random_matrix<T>(n, n, rng);
  std::vector<T> nan = a[1];
  nan[7] = T(std::numeric_limits<real_t<T>>::quiet_NaN());
  for (ompbBackend_t backend : test_backends())
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(fmt::format("{}/{}", backend_name(backend), layout_name(layout)));
      Handle h(backend);
      Batch<T> batch(layout, n, n, count);
      for (int b = 0; b < count; ++b) batch.set(b, b == 1 ? nan : a[b]);
      batch.snapshot();
      ASSERT_EQ(batch.getrf(h), OMPB_STATUS_SUCCESS);
      for (int b : {0, 2}) {
        EXPECT_EQ(batch.info()[b], 0);
        EXPECT_LT(getrf_residual(n, n, a[b], batch.get(b), batch.pivots(b)), 30.0);
      }
      for (int k = 0; k < n; ++k) {
        EXPECT_GE(batch.pivots(1)[k], k + 1);
        EXPECT_LE(batch.pivots(1)[k], n);
      }
      batch.expect_padding_untouched(true, true);
    }
}

/// n = 0, m = 0 and batch = 0 succeed and touch nothing.
TYPED_TEST(Getrf, EmptyCallsTouchNothing) {
  using T = TypeParam;
  for (ompbBackend_t backend : test_backends())
    for (Layout layout : all_layouts())
      for (auto [m, n, count] : {std::tuple{0, 0, 3}, {4, 4, 0}, {0, 4, 2}, {4, 0, 2}}) {
        if (layout == Layout::pointer_array && m != n) continue;
        SCOPED_TRACE(fmt::format("{}/{} m={} n={} batch={}", backend_name(backend),
                                 layout_name(layout), m, n, count));
        Handle h(backend);
        Batch<T> batch(layout, m, n, std::max(count, 1));
        batch.snapshot();
        int *p = batch.piv(), *info = batch.info();
        ompbStatus_t s;
        if (layout == Layout::pointer_array)
          s = CApi<T>::getrf(h, n, batch.ptrs(), batch.ld(), p, info, count);
        else if (layout == Layout::strided)
          s = CApi<T>::getrf(h, m, n, batch.data(), batch.ld(), batch.stride(), p, batch.pstride(),
                             info, count);
        else
          s = CApi<T>::getrf(h, m, n, batch.data(), batch.ld(), batch.width(), p, info, count);
        EXPECT_EQ(s, OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
        EXPECT_TRUE(batch.unchanged());
      }
}

#ifdef OMPBATCH_HAVE_OFFLOAD
/// Host and offload give the same pivots and info on the same input.
TYPED_TEST(Getrf, OffloadMatchesHost) {
  using T = TypeParam;
  ASSERT_TRUE(ompbatch::Context::offload_usable(omp_get_default_device()))
      << "this build has offload targets but no usable device";
  const int n = 12, count = 37;
  std::mt19937_64 rng(3);
  for (Layout layout : all_layouts()) {
    SCOPED_TRACE(layout_name(layout));
    Handle host(OMPB_BACKEND_HOST), off(OMPB_BACKEND_OFFLOAD);
    Batch<T> x(layout, n, n, count), y(layout, n, n, count);
    for (int b = 0; b < count; ++b) {
      auto a = random_matrix<T>(n, n, rng);
      if (b == 4)
        for (int i = 0; i < n; ++i) a[i + 5 * n] = T(0);  // one singular matrix
      x.set(b, a);
      y.set(b, a);
    }
    ASSERT_EQ(x.getrf(host), OMPB_STATUS_SUCCESS);
    ASSERT_EQ(y.getrf(off), OMPB_STATUS_SUCCESS);
    for (int b = 0; b < count; ++b) {
      EXPECT_EQ(x.info()[b], y.info()[b]) << "matrix " << b;
      EXPECT_EQ(x.pivots(b), y.pivots(b)) << "matrix " << b;
    }
    EXPECT_EQ(x.info()[4], 6);
  }
}
#endif

/// Pack then unpack gives the matrices back; the padding lanes of the block stay untouched.
/// Widths of 8 and more move 8 lanes at a time through transposes (host), down whole matrices
/// where both sides' columns are dense (ld = m); blocks of 12 and 20 lanes leave lanes that go
/// element by element, and the last block is partial.
TYPED_TEST(Getrf, PackUnpackRoundTrip) {
  using T = TypeParam;
  struct Shape {
    int m, n, width, ld_pad;
  };
  std::mt19937_64 rng(9);
  for (auto [m, n, width, ld_pad] : {Shape{5, 4, 4, 2}, Shape{9, 9, 8, 0}, Shape{9, 7, 12, 1},
                                     Shape{16, 16, 16, 0}, Shape{3, 17, 20, 2}})
    for (ompbBackend_t backend : test_backends()) {
      const int count = 2 * width + 3;
      SCOPED_TRACE(fmt::format("{} m={} n={} width={} ld pad={}", backend_name(backend), m, n,
                               width, ld_pad));
      Handle h(backend);
      Batch<T> src(Layout::pointer_array, m, n, count, 8, ld_pad);
      Batch<T> dst(Layout::pointer_array, m, n, count, 8, ld_pad);
      Batch<T> mid(Layout::interleaved, m, n, count, width, ld_pad);
      std::vector<std::vector<T>> a(count);
      for (int b = 0; b < count; ++b) src.set(b, a[b] = random_matrix<T>(m, n, rng));
      mid.snapshot();
      dst.snapshot();
      std::vector<const T *> cptrs(src.ptrs(), src.ptrs() + count);
      ASSERT_EQ(CApi<T>::pack(h, m, n, cptrs.data(), src.ld(), mid.data(), mid.ld(), width, count),
                OMPB_STATUS_SUCCESS);
      ASSERT_EQ(CApi<T>::unpack(h, m, n, mid.data(), mid.ld(), width, dst.ptrs(), dst.ld(), count),
                OMPB_STATUS_SUCCESS);
      for (int b = 0; b < count; ++b) {
        EXPECT_EQ(mid.get(b), a[b]) << "matrix " << b;
        EXPECT_EQ(dst.get(b), a[b]) << "matrix " << b;
      }
      mid.expect_padding_untouched(false, false);
      dst.expect_padding_untouched(false, false);
    }
}

}  // namespace
}  // namespace ompbtest
