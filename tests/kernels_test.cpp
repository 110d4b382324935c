// SPDX-License-Identifier: BSD-3-Clause
// The getrf lane kernel's forms (src/kernels/getrf_lanes.hpp) on the same input: the blocked
// factorization the library runs for min(m,n) > kStepsMax, the step-by-step one it runs below,
// and the left-looking one of real lanes at square sizes kColumnsMin .. kColumnsMax must
// give bitwise the same factors, pivots and info, for one lane (the offload kernel) and for W
// lanes (the host), which must also agree with each other. Also the host driver's choice of
// the memory a kernel call prefetches, the host dispatch between lane kernels and vendor path,
// and the offload backend's choice of kernel shape.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <array>
#include <complex>
#include <cstring>
#include <limits>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/harness.hpp"
#include "kernels/getrf_lanes.hpp"
#include "kernels/solve_lanes.hpp"
#include "simd/dispatch.hpp"
#ifdef OMPBATCH_HAVE_OFFLOAD
#include "kernels/team.hpp"
#include "offload/launch.hpp"
#endif
#include "simd/lanes.hpp"

namespace {

namespace k = ompbatch::detail;

/// Lane l of an interleaved array with elements stride apart: x[e] to dst[e*stride + l].
template <class T>
void set_lane(T *dst, k::idx stride, int l, const std::vector<T> &x) {
  for (size_t e = 0; e < x.size(); ++e) dst[e * stride + l] = x[e];
}

/// W matrices m x n, interleaved as the lane kernels read them (lane l of (i,j) at
/// (i + j*m)*W + l); factors, pivots (ipiv[k*W + l]) and info of one form.
template <class T, int W>
struct Lanes {
  std::vector<T> a;
  std::vector<int> ipiv, info;
};

enum class Form { blocked, steps, columns };

/// The square orders check_forms factors, in its order; the left-looking form is compiled for
/// these alone (each order's kernel is fully unrolled: all of them to kColumnsMax made this file
/// the longest compile of the suite).
using SquareOrders = std::integer_sequence<int, 8, 9, 10, 12, 13, 15, 16, 17, 20, 24>;

template <int... N>
std::vector<std::pair<int, int>> squares(std::integer_sequence<int, N...>) {
  return {{N, N}...};
}

/// getrf_column_lanes<T, W, n> for the run-time n, one of N... (runs_columns<T, W>(n)).
template <class T, int W, bool Pivot, int... N>
void columns(int n, T *a, int *ipiv, int *info, std::integer_sequence<int, N...>) {
  auto one = [&](auto size) {
    if constexpr (k::runs_columns<T, W>(size()))
      if (n == size())
        k::getrf_column_lanes<T, W, size(), Pivot>(a, W, k::idx(n) * W, ipiv, W, info, {});
  };
  (one(std::integral_constant<int, N>()), ...);
}

template <class T, int W, Form F>
Lanes<T, W> factor(int m, int n, const std::vector<std::vector<T>> &mats, bool pivot) {
  using P = k::Pack<T, W>;
  Lanes<T, W> r{std::vector<T>(size_t(m) * n * W), std::vector<int>(std::min(m, n) * W, -7),
                std::vector<int>(W, -7)};
  for (int l = 0; l < W; ++l) set_lane(r.a.data(), W, l, mats[l]);
  typename P::I first_zero = P::index(0);
  int *ipiv = pivot ? r.ipiv.data() : nullptr;
  const k::idx rs = W, cs = k::idx(m) * W;
  constexpr SquareOrders sizes;
  if constexpr (F == Form::columns) {  // square, real lanes
    if (pivot)
      columns<T, W, true>(n, r.a.data(), ipiv, r.info.data(), sizes);
    else
      columns<T, W, false>(n, r.a.data(), ipiv, r.info.data(), sizes);
    return r;
  }
  auto run = [&](auto piv) {
    if constexpr (F == Form::blocked)
      k::getrf_blocked<P, W, k::kPanel, decltype(piv)::value>(m, n, r.a.data(), rs, cs, ipiv, W,
                                                              first_zero);
    else
      for (int s = 0; s < std::min(m, n); ++s)
        k::getrf_step<P, decltype(piv)::value>(s, m, n, r.a.data(), rs, cs, ipiv, W, first_zero);
  };
  if (pivot)
    run(std::true_type());
  else
    run(std::false_type());
  P::store_index(r.info.data(), first_zero, 0);
  return r;
}

template <class T>
class Kernels : public ::testing::Test {};
using Precisions = ::testing::Types<float, double, std::complex<float>, std::complex<double>>;
TYPED_TEST_SUITE(Kernels, Precisions);

/// The forms against each other at W lanes, and every lane against the one-lane kernel. The
/// sizes cover the steps with compile-time and run-time k, the left-looking form, panels with and
/// without a last narrower one, tall and wide shapes, and (for real lanes, where the panels'
/// columns take their later interchanges at the end) both sides of kDeferRowsMax.
template <class T, int W>
void check_forms(std::mt19937_64 &rng) {
  std::vector<std::pair<int, int>> shapes = squares(SquareOrders());
  shapes.insert(shapes.end(),
                {{33, 33}, {40, 21}, {21, 40}, {50, 9}, {9, 50}, {256, 14}, {257, 14}});
  for (auto [m, n] : shapes)
    for (bool pivot : {true, false}) {
      SCOPED_TRACE(::testing::Message()
                   << W << " lanes, " << m << " x " << n << (pivot ? " pivot" : " nopivot"));
      std::vector<std::vector<T>> mats(W);
      for (auto &x : mats) x = ompbatch::testing::random_matrix<T>(m, n, rng);
      if (!pivot)  // diagonally dominant
        for (auto &x : mats)
          for (int i = 0; i < std::min(m, n); ++i) x[i + size_t(i) * m] += T(2 * std::max(m, n));
      mats[3].assign(size_t(m) * n, T(0));  // a zero matrix: info = 1, no division by zero
      for (int i = 0; i < m; ++i) mats[5][i + size_t(m) * (std::min(m, n) - 1)] = T(0);
      for (auto &x : mats[6])  // pivots below the smallest normal number: l21 by division
        x *= ompbatch::detail::real_t<T>(std::numeric_limits<ompbatch::detail::real_t<T>>::min() /
                                         4);
      const auto blocked = factor<T, W, Form::blocked>(m, n, mats, pivot);
      const auto stepwise = factor<T, W, Form::steps>(m, n, mats, pivot);
      EXPECT_EQ(std::memcmp(blocked.a.data(), stepwise.a.data(), sizeof(T) * blocked.a.size()), 0);
      EXPECT_EQ(blocked.ipiv, stepwise.ipiv);
      EXPECT_EQ(blocked.info, stepwise.info);
      EXPECT_EQ(blocked.info[3], 1);
      if constexpr (std::is_floating_point_v<T>)
        if (m == n && k::runs_columns<T, W>(n)) {
          const auto columns = factor<T, W, Form::columns>(m, n, mats, pivot);
          EXPECT_EQ(std::memcmp(columns.a.data(), stepwise.a.data(), sizeof(T) * columns.a.size()),
                    0);
          EXPECT_EQ(columns.ipiv, stepwise.ipiv);
          EXPECT_EQ(columns.info, stepwise.info);
        }
      for (int l = 0; l < W; ++l) {  // lane l against the one-lane kernel on matrix l alone
        const auto one = factor<T, 1, Form::blocked>(m, n, {mats[l]}, pivot);
        for (size_t e = 0; e < one.a.size(); ++e)
          ASSERT_EQ(std::memcmp(&one.a[e], &blocked.a[e * W + l], sizeof(T)), 0)
              << "lane " << l << " element " << e;
        for (size_t s = 0; pivot && s < one.ipiv.size(); ++s)
          ASSERT_EQ(one.ipiv[s], blocked.ipiv[s * W + l]) << "lane " << l << " step " << s;
        EXPECT_EQ(one.info[0], blocked.info[l]) << "lane " << l;
      }
    }
}

/// At 8 lanes (the cases use lanes 0..6) and at the library's getrf width where it is wider.
TYPED_TEST(Kernels, GetrfFormsAreBitwiseEqual) {
  std::mt19937_64 rng(29);
  constexpr int w = ompbatch::detail::host::getrf_width<TypeParam>();
  check_forms<TypeParam, 8>(rng);
  if constexpr (w > 8) check_forms<TypeParam, w>(rng);
}

/// getrf_lanes by blocks (getrf_by_blocks, the host's form with work from lu_blocks_min) against
/// getrf_blocked over the whole matrix on the same W lanes: bit for bit, the same pivots and info.
/// Square orders of several blocks with a narrower last one (the larger one's first block updates
/// more than update_width columns: two packed blocks of B, the second narrower), tall and wide
/// shapes (columns right of min(m,n); pivoting only); the last lanes with a zero matrix, a zero
/// last pivot column and pivots below the smallest normal number.
template <class T, int W>
void check_getrf_blocks(std::mt19937_64 &rng) {
  const int n0 = k::lu_blocks_min<T>(),
            wide = k::kLuBlock + k::update_width<T, k::kPassLanes<T, W>>() + 20;
  for (auto [m, n] : {std::pair{n0 + 8, n0 + 8}, {wide, wide}, {n0 + 60, n0}, {n0, n0 + 50}})
    for (bool pivot : {true, false}) {
      if (!pivot && m != n) continue;  // (the interchanges are what tall and wide shapes change)
      SCOPED_TRACE(::testing::Message()
                   << W << " lanes, " << m << " x " << n << (pivot ? " pivot" : " nopivot"));
      std::vector<std::vector<T>> mats(W);
      for (auto &x : mats) x = ompbatch::testing::random_matrix<T>(m, n, rng);
      if (!pivot)
        for (auto &x : mats)
          for (int i = 0; i < std::min(m, n); ++i) x[i + size_t(i) * m] += T(2 * std::max(m, n));
      static_assert(W >= 4);
      mats[W - 1].assign(size_t(m) * n, T(0));
      for (int i = 0; i < m; ++i) mats[W - 2][i + size_t(m) * (std::min(m, n) - 1)] = T(0);
      for (auto &x : mats[W - 3])
        x *= ompbatch::detail::real_t<T>(std::numeric_limits<ompbatch::detail::real_t<T>>::min() /
                                         4);
      const auto blocked = factor<T, W, Form::blocked>(m, n, mats, pivot);
      Lanes<T, W> blocks{std::vector<T>(size_t(m) * n * W),
                         std::vector<int>(std::min(m, n) * W, -7), std::vector<int>(W, -7)};
      for (int l = 0; l < W; ++l) set_lane(blocks.a.data(), W, l, mats[l]);
      std::vector<T> work(size_t(k::gemm_work<T, k::kPassLanes<T, W>>()));
      k::getrf_lanes<T, W>(m, n, blocks.a.data(), k::idx(W), k::idx(m) * W,
                           pivot ? blocks.ipiv.data() : nullptr, W, blocks.info.data(), {},
                           work.data());
      EXPECT_EQ(std::memcmp(blocks.a.data(), blocked.a.data(), sizeof(T) * blocks.a.size()), 0);
      EXPECT_EQ(blocks.ipiv, blocked.ipiv);
      EXPECT_EQ(blocks.info, blocked.info);
      EXPECT_EQ(blocks.info[W - 1], 1);
      EXPECT_EQ(blocks.info[W - 2], std::min(m, n));
    }
}

/// At the library's getrf width and at the solver width (matinv's lanes) where it is narrower.
TYPED_TEST(Kernels, GetrfBlocksAreBitwiseEqual) {
  std::mt19937_64 rng(41);
  namespace host = ompbatch::detail::host;
  constexpr int w = host::width<TypeParam>(), g = host::getrf_width<TypeParam>();
  check_getrf_blocks<TypeParam, g>(rng);
  if constexpr (w < g) check_getrf_blocks<TypeParam, w>(rng);
}

/// The host driver prefetches, during an in-place chunk that ends its block, the next block
/// (or the one `blocks` on) when that one runs in place too; never memory outside the batch.
/// potrf_lanes by panels (potrf_blocked, the host's form for large orders) against the tiles,
/// on W lanes (the solver width, at least 8, and the preferred width) at a row stride of 2W (a half
/// block, as interleaved batches on AVX-512 run), and every lane against the one-lane kernel: bit
/// for bit, the same info, the upper triangle and the other half block untouched. Lanes stop in the
/// first panel, in a later one, at the last column, and on a NaN; orders below one depth block of
/// L, a panel's width plus part of one, and several panels and depth blocks with partial tiles.
template <class T, int W>
void check_potrf_panels(std::mt19937_64 &rng) {
  using R = ompbatch::detail::real_t<T>;
  for (int n : {50, 97, 200, 257}) {
    SCOPED_TRACE(::testing::Message() << W << " lanes, n = " << n);
    const k::idx rs = 2 * W, cs = k::idx(n) * rs;
    std::vector<T> a(size_t(cs) * n);
    for (auto &x : a) x = T(R(-7.5));  // the upper triangle and the other half block
    std::vector<std::vector<T>> mats(W);
    for (int l = 0; l < W; ++l) {
      mats[l] = ompbatch::testing::random_hpd<T>(n, rng);
      if (l == 2) mats[l][7 + 7 * n] = T(R(-1));                            // first panel
      if (l == 3) mats[l][(n / 2) * (n + 1)] = T(R(-1));                    // a later one
      if (l == 5) mats[l][size_t(n) * n - 1] = T(R(-1e6));                  // the last column
      if (l == 6) mats[l][1 + n] = T(std::numeric_limits<R>::quiet_NaN());  // a(1, 1)
      for (int j = 0; j < n; ++j)
        for (int i = j; i < n; ++i) a[i * rs + j * cs + l] = mats[l][i + size_t(j) * n];
    }
    std::vector<T> tiles = a, panels = a;
    std::vector<int> info_tiles(W, -9), info_panels(W, -9);
    std::vector<T> work(size_t(k::potrf_work<T, k::kPassLanes<T, W>>(n)));
    k::potrf_lanes<T, W>(ompbatch::Uplo::lower, n, tiles.data(), rs, cs, info_tiles.data());
    k::potrf_lanes<T, W>(ompbatch::Uplo::lower, n, panels.data(), rs, cs, info_panels.data(),
                         work.data());
    EXPECT_EQ(std::memcmp(tiles.data(), panels.data(), sizeof(T) * a.size()), 0);
    EXPECT_EQ(info_panels, info_tiles);
    EXPECT_EQ(info_panels[2], 8);
    EXPECT_EQ(info_panels[3], n / 2 + 1);
    EXPECT_EQ(info_panels[5], n);
    EXPECT_EQ(info_panels[6], 2);
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < n; ++i)
        for (int l = W; l < 2 * W; ++l) ASSERT_EQ(panels[i * rs + j * cs + l], T(R(-7.5)));
    for (int l = 0; l < W; ++l) {  // lane l against the one-lane kernel on matrix l alone
      std::vector<T> one = mats[l];
      int info = -9;
      k::potrf_lanes<T, 1>(ompbatch::Uplo::lower, n, one.data(), 1, n, &info);
      EXPECT_EQ(info, info_panels[l]) << "lane " << l;
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) {
          const T got = panels[i * rs + j * cs + l];
          if (i < j)
            ASSERT_EQ(got, T(R(-7.5))) << "lane " << l << " (" << i << ", " << j << ")";
          else
            ASSERT_EQ(std::memcmp(&got, &one[i + size_t(j) * n], sizeof(T)), 0)
                << "lane " << l << " (" << i << ", " << j << ")";
        }
    }
  }
}

TYPED_TEST(Kernels, PotrfPanelsAreBitwiseEqualToTiles) {
  std::mt19937_64 rng(31);
  namespace host = ompbatch::detail::host;
  constexpr int w = std::max(8, host::width<TypeParam>()), p = host::preferred_width<TypeParam>();
  check_potrf_panels<TypeParam, w>(rng);
  if constexpr (p > w) check_potrf_panels<TypeParam, p>(rng);
}

/// trsm_lanes by blocks (the host's form with work from kTrsmBlockedMin rows) against the tiles,
/// bit for bit, for every side, triangle, transpose and diagonal, alpha != 1, at a row stride
/// of 2W; the other half block untouched. Orders of blocks with a narrower last one, right-hand
/// sides of panels with a narrower last one.
template <class T, int W>
void check_trsm_blocks(std::mt19937_64 &rng) {
  using ompbatch::Diag, ompbatch::Op, ompbatch::Side, ompbatch::Uplo;
  using R = ompbatch::detail::real_t<T>;
  const int m = 130, n = 101;  // both sides' triangles from kTrsmBlockedMin
  T alpha = T(R(0.75));
  if constexpr (ompbatch::detail::is_complex_v<T>) alpha = T(R(0.75), R(-0.5));
  const k::idx rs = 2 * W;
  for (Side side : {Side::left, Side::right})
    for (Uplo uplo : {Uplo::lower, Uplo::upper})
      for (Op trans : {Op::n, Op::t, Op::c})
        for (Diag diag : {Diag::non_unit, Diag::unit}) {
          SCOPED_TRACE(::testing::Message()
                       << W << " lanes, side " << int(side) << " uplo " << int(uplo) << " trans "
                       << int(trans) << " diag " << int(diag));
          const int o = side == Side::left ? m : n;
          std::vector<T> a(size_t(o) * o * rs, T(R(-7.5))), b(size_t(m) * n * rs, T(R(-7.5)));
          for (int l = 0; l < W; ++l) {
            std::vector<T> x = ompbatch::testing::random_matrix<T>(o, o, rng);
            ompbatch::testing::add_to_diagonal(o, x.data(), 2 * o);
            set_lane(a.data(), rs, l, x);
            set_lane(b.data(), rs, l, ompbatch::testing::random_matrix<T>(m, n, rng));
          }
          std::vector<T> tiles = b, blocks = b;
          std::vector<T> work(size_t(k::gemm_work<T, k::kPassLanes<T, W>>()));
          k::trsm_lanes<T, W>(side, uplo, trans, diag, m, n, alpha, a.data(), rs, k::idx(o) * rs,
                              tiles.data(), rs, k::idx(m) * rs);
          k::trsm_lanes<T, W>(side, uplo, trans, diag, m, n, alpha, a.data(), rs, k::idx(o) * rs,
                              blocks.data(), rs, k::idx(m) * rs, work.data());
          EXPECT_EQ(std::memcmp(tiles.data(), blocks.data(), sizeof(T) * b.size()), 0);
          for (size_t e = 0; e < size_t(m) * n; ++e)
            for (int l = W; l < 2 * W; ++l) ASSERT_EQ(blocks[e * rs + l], T(R(-7.5)));
        }
}

TYPED_TEST(Kernels, TrsmBlocksAreBitwiseEqualToTiles) {
  std::mt19937_64 rng(37);
  check_trsm_blocks<TypeParam, ompbatch::detail::host::width<TypeParam>()>(rng);
}

/// The solves of one right-hand side from kWideSolveMin (two from kWideSolvePairMin) run real
/// lanes that span two registers as one pass (wide_solve): bitwise the same as each register's
/// lanes solved apart, on both sides of each crossover; trsm (both sides, every triangle,
/// transpose and diagonal), getrs (N and T, pivoted), potrs (lower and upper).
template <class T, int W>
void check_wide_solves(std::mt19937_64 &rng) {
  using ompbatch::Diag, ompbatch::Op, ompbatch::Side, ompbatch::Uplo;
  using R = ompbatch::detail::real_t<T>;
  constexpr int H = k::kPassLanes<T, W>;
  for (const auto &order : {std::pair{k::kWideSolveMin - 1, 1},
                            {k::kWideSolveMin, 1},
                            {k::kWideSolvePairMin - 1, 2},
                            {k::kWideSolvePairMin, 2}}) {
    const int n = order.first, nrhs = order.second;  // (lambdas capture no structured bindings)
    const k::idx cs = k::idx(n) * W;                 // column stride of A and B
    std::vector<T> a(size_t(n) * n * W), b(size_t(n) * nrhs * W);
    std::vector<int> ipiv(size_t(n) * W);
    for (int l = 0; l < W; ++l) {
      std::vector<T> x = ompbatch::testing::random_matrix<T>(n, n, rng);
      ompbatch::testing::add_to_diagonal(n, x.data(), 2 * n);
      set_lane(a.data(), W, l, x);
      set_lane(b.data(), W, l, ompbatch::testing::random_matrix<T>(n, nrhs, rng));
      for (int i = 0; i < n; ++i)
        ipiv[size_t(i) * W + l] = std::uniform_int_distribution<int>(i + 1, n)(rng);
    }
    // solve(lanes, h, y) on lanes h.. of B's copy y: W lanes at once, or each pass's H apart
    auto check = [&](const std::string &what, auto &&solve) {
      SCOPED_TRACE(::testing::Message() << what << ", n " << n << ", nrhs " << nrhs);
      std::vector<T> wide = b, apart = b;
      solve(std::integral_constant<int, W>(), 0, wide.data());
      for (int h = 0; h < W; h += H) solve(std::integral_constant<int, H>(), h, apart.data());
      EXPECT_EQ(std::memcmp(wide.data(), apart.data(), sizeof(T) * b.size()), 0);
    };
    for (Side side : {Side::left, Side::right})
      for (Uplo uplo : {Uplo::lower, Uplo::upper})
        for (Op trans : {Op::n, Op::t})
          for (Diag diag : {Diag::non_unit, Diag::unit})
            check(fmt::format("trsm side {} uplo {} trans {} diag {}", int(side), int(uplo),
                              int(trans), int(diag)),
                  [&](auto lanes, int h, T *y) {
                    const bool left = side == Side::left;
                    const int m = left ? n : nrhs, cols = left ? nrhs : n;  // B m x cols
                    k::trsm_lanes<T, decltype(lanes)::value>(side, uplo, trans, diag, m, cols,
                                                             T(R(0.75)), a.data() + h, W, cs, y + h,
                                                             W, k::idx(m) * W);
                  });
    for (Op trans : {Op::n, Op::t})
      check(fmt::format("getrs trans {}", int(trans)), [&](auto lanes, int h, T *y) {
        k::getrs_lanes<T, decltype(lanes)::value>(trans, n, nrhs, a.data() + h, W, cs,
                                                  ipiv.data() + h, W, y + h, W, cs);
      });
    for (Uplo uplo : {Uplo::lower, Uplo::upper})
      check(fmt::format("potrs uplo {}", int(uplo)), [&](auto lanes, int h, T *y) {
        k::potrs_lanes<T, decltype(lanes)::value>(uplo, n, nrhs, a.data() + h, W, cs, y + h, W, cs);
      });
  }
}

TYPED_TEST(Kernels, WideSolvesAreBitwiseEqualToPasses) {
  std::mt19937_64 rng(41);
  check_wide_solves<TypeParam, ompbatch::detail::host::width<TypeParam>()>(rng);
}

/// laswp_lanes by blocks of columns (kSwapBlockBytes; getri's column interchanges of C, getrs's
/// of B) against the interchanges taken one lane and one column at a time, LAPACK's order:
/// forward and backward, at strides as getrs (rows) and getri (columns) pass them, with pivots
/// out of range (no swap) in one lane.
template <class T, int W>
void check_laswp_blocks(std::mt19937_64 &rng) {
  const int m = 200, n = 180;  // past kSwapBlockBytes from W = 2 in single
  ASSERT_GT(k::idx(m) * n * W * k::idx(sizeof(T)), k::kSwapBlockBytes);
  std::uniform_int_distribution<int> row(1, m);
  std::vector<int> ipiv(size_t(m) * W);
  for (int i = 0; i < m; ++i)
    for (int l = 0; l < W; ++l) ipiv[i * W + l] = l == 1 && i % 7 == 0 ? m + 1 : row(rng);
  for (bool reverse : {false, true})
    for (bool by_rows : {true, false}) {
      SCOPED_TRACE(fmt::format("W={} reverse={} by_rows={}", W, reverse, by_rows));
      const k::idx brs = by_rows ? W : k::idx(n) * W, bcs = by_rows ? k::idx(m) * W : W;
      std::vector<T> b = ompbatch::testing::random_matrix<T>(m * W, n, rng), want = b;
      k::laswp_lanes<T, W>(m, n, b.data(), brs, bcs, ipiv.data(), W, m, reverse);
      for (int l = 0; l < W; ++l)
        for (int j = 0; j < n; ++j)
          for (int s = 0; s < m; ++s) {
            const int i = reverse ? m - 1 - s : s, p = ipiv[i * W + l] - 1;
            if (p >= 0 && p < m)
              std::swap(want[i * brs + j * bcs + l], want[p * brs + j * bcs + l]);
          }
      EXPECT_EQ(b, want);
    }
}

TYPED_TEST(Kernels, LaswpBlocksEqualOneColumnAtATime) {
  std::mt19937_64 rng(43);
  check_laswp_blocks<TypeParam, ompbatch::detail::host::width<TypeParam>()>(rng);
  check_laswp_blocks<TypeParam, 2>(rng);
}

/// laswp_pass (one pass of the host's lanes) against laswp_lanes: bitwise equal at every order
/// up to past kSwapSelectsMax, forward (getrs: kn = m) and backward (getri: kn = m - 1), at
/// strides as getrs (rows) and getri (columns) pass them; pivots downward, out of range (no
/// interchange) in one lane, and, in a second round, one lane's pivot naming a row above (the
/// element-by-element form then).
template <class T, int W>
void check_laswp_pass(std::mt19937_64 &rng) {
  using P = k::Pack<T, k::kPassLanes<T, W>>;
  constexpr int H = k::pack_lanes<P>, Max = k::kSwapSelectsMax<T>;
  const int n = 3;  // columns
  for (int m = 1; m <= std::max(Max, 8) + 1; ++m)
    for (bool upward : {false, true})
      for (bool reverse : {false, true})
        for (bool by_rows : {true, false}) {
          SCOPED_TRACE(fmt::format("W={} m={} upward={} reverse={} by_rows={}", W, m, upward,
                                   reverse, by_rows));
          const int kn = reverse ? m - 1 : m;
          std::vector<int> ipiv(size_t(m) * W);
          for (int i = 0; i < m; ++i)
            for (int l = 0; l < W; ++l)
              ipiv[i * W + l] = l == 1 && i % 3 == 0 ? m + 1
                                : l == 2 && i == 0
                                    ? 0
                                    : std::uniform_int_distribution<int>(i + 1, m)(rng);
          if (upward && m > 2) ipiv[(m - 2) * W + H - 1] = 1;  // in the first pass
          if (m >= 2 && m <= Max) {
            EXPECT_EQ(k::pivots_downward<P>(kn, ipiv.data(), W), !(upward && m > 2));
          }
          const k::idx brs = by_rows ? W : k::idx(n) * W, bcs = by_rows ? k::idx(m) * W : W;
          std::vector<T> b = ompbatch::testing::random_matrix<T>(m * W, n, rng), want = b;
          for (int h = 0; h < W; h += H)
            k::laswp_pass<P, Max>(m, n, b.data() + h, brs, bcs, ipiv.data() + h, W, kn, reverse);
          k::laswp_lanes<T, W>(m, n, want.data(), brs, bcs, ipiv.data(), W, kn, reverse);
          EXPECT_EQ(b, want);
        }
}

TYPED_TEST(Kernels, LaswpPassEqualsLaswp) {
  std::mt19937_64 rng(53);
  check_laswp_pass<TypeParam, ompbatch::detail::host::width<TypeParam>()>(rng);
  check_laswp_pass<TypeParam, ompbatch::detail::host::preferred_width<TypeParam>()>(rng);
}

/// getri_lanes's column interchanges by selects (kSwapSelectsMax, and in getri_rows to
/// kInRegistersMax) against laswp_lanes on the inverse computed without them: bitwise equal (the
/// same arithmetic, then only moves), at every order up to past kSwapSelectsMax, with pivots out
/// of range (no interchange) in one lane. In a second round one lane's pivot names a row above
/// (what LAPACK's getrf never gives): its pass then takes the identity, the tiles and the element
/// swaps, whose inverse must agree with getri_rows' to rounding (4 n eps relative to its
/// largest element) up to kInRegistersMax (getri_rows taking such a pivot would move the wrong
/// rows), bitwise past it.
template <class T, int W>
void check_getri_interchanges(std::mt19937_64 &rng) {
  using R = ompbatch::detail::real_t<T>;
  for (int n = 2; n <= std::max(k::kSwapSelectsMax<T>, 8) + 1; ++n)
    for (bool upward : {false, true}) {
      SCOPED_TRACE(fmt::format("W={} n={} upward={}", W, n, upward));
      const k::idx rs = W, cs = k::idx(n) * W;
      std::vector<T> a = ompbatch::testing::random_matrix<T>(n * W, n, rng);
      for (int i = 0; i < n; ++i)
        for (int l = 0; l < W; ++l) a[i * rs + i * cs + l] += T(2 * n);  // U well conditioned
      std::vector<int> ipiv(size_t(n) * W), info(W);
      for (int i = 0; i < n; ++i)
        for (int l = 0; l < W; ++l)
          ipiv[i * W + l] = l == 1 && i % 3 == 0 ? n + 1
                            : l == 2 && i == 0   ? 0
                                               : std::uniform_int_distribution<int>(i + 1, n)(rng);
      if (upward && n > 2) ipiv[(n - 2) * W] = 1;  // lane 0, interchange n - 2 with row 1
      std::vector<T> c(size_t(n) * n * W), want(c.size());
      k::getri_lanes<T, W>(n, a.data(), rs, cs, ipiv.data(), W, c.data(), rs, cs, info.data());
      k::getri_lanes<T, W>(n, a.data(), rs, cs, nullptr, W, want.data(), rs, cs, info.data());
      k::laswp_lanes<T, W>(n, n, want.data(), cs, rs, ipiv.data(), W, n - 1, true);
      if (upward && n > 2 && n <= k::kInRegistersMax<T>) {
        R scale = 0, diff = 0;
        for (size_t i = 0; i < c.size(); ++i) {
          scale = std::max(scale, R(std::abs(want[i])));
          diff = std::max(diff, R(std::abs(c[i] - want[i])));
        }
        EXPECT_LE(diff, 4 * n * std::numeric_limits<R>::epsilon() * scale);
      } else {
        EXPECT_EQ(c, want);
      }
    }
}

TYPED_TEST(Kernels, GetriInterchangesEqualLaswp) {
  std::mt19937_64 rng(47);
  check_getri_interchanges<TypeParam, ompbatch::detail::host::width<TypeParam>()>(rng);
  check_getri_interchanges<TypeParam, ompbatch::detail::host::preferred_width<TypeParam>()>(rng);
}

/// host::copy_items between an interleaved batch and a column-major one, both ways: element
/// (i, j) of matrices from..from+count-1 lands on to..to+count-1, and nothing else of the target
/// changes. The runs cover groups of Tiling's lanes alone and several in one block (single
/// precision: 16 and 24 lanes a block, tiles of 8; then by panels of columns, several to a
/// matrix at 40 x 40 and 9 x 100, one column each at 520 x 3), partial groups, runs that start
/// inside a block and cross into the next, and leading dimensions past the rows.
TYPED_TEST(Kernels, CopyItemsMovesTheMatricesAndNothingElse) {
  using T = TypeParam;
  using View = ompbatch::BatchView<T>;
  using CView = ompbatch::BatchView<const T>;
  struct Shape {
    int rows, cols, ld;
  };
  std::mt19937_64 rng(53);
  for (const Shape sh :
       {Shape{40, 40, 40}, Shape{9, 100, 9}, Shape{520, 3, 520}, Shape{5, 7, 6}, Shape{1, 1, 1}})
    for (const int width : {4, 8, 16, 24})
      for (const auto [from, to, count] : {std::array<int, 3>{0, 0, 48}, {3, 5, 40}, {8, 16, 17}}) {
        const int batch = 64;
        const k::idx mat = k::idx(sh.ld) * sh.cols, blocks = (batch + width - 1) / width;
        std::vector<T> il(size_t(blocks * width * mat)), cm(size_t(batch * mat));
        const auto iv = View::interleaved(sh.rows, sh.cols, il.data(), sh.ld, width, batch);
        const auto cv = View::strided(sh.rows, sh.cols, cm.data(), sh.ld, mat, batch);
        const auto civ = CView::interleaved(sh.rows, sh.cols, il.data(), sh.ld, width, batch);
        const auto ccv = CView::strided(sh.rows, sh.cols, cm.data(), sh.ld, mat, batch);
        for (const bool to_lanes : {true, false}) {
          SCOPED_TRACE(::testing::Message()
                       << sh.rows << " x " << sh.cols << " ld " << sh.ld << ", width " << width
                       << ", " << count << " from " << from << " to " << to
                       << (to_lanes ? ", into the interleaved batch" : ", out of it"));
          for (std::vector<T> *x : {&il, &cm}) {  // in place: the views hold their addresses
            const std::vector<T> r = ompbatch::testing::random_matrix<T>(int(x->size()), 1, rng);
            std::copy(r.begin(), r.end(), x->begin());
          }
          const std::vector<T> il0 = il, cm0 = cm;
          if (to_lanes)
            k::host::copy_items(ccv, from, iv, to, count);
          else
            k::host::copy_items(civ, from, cv, to, count);
          const View &tv = to_lanes ? iv : cv, &fv = to_lanes ? cv : iv;
          const std::vector<T> &target = to_lanes ? il : cm, &before = to_lanes ? il0 : cm0;
          // the expected target: its old values, the copied elements written over them
          std::vector<T> want = before;
          const k::idx frs = k::row_stride(fv.layout, width),
                       fcs = k::col_stride(fv.layout, sh.ld, width);
          const k::idx trs = k::row_stride(tv.layout, width),
                       tcs = k::col_stride(tv.layout, sh.ld, width);
          for (int b = 0; b < count; ++b) {
            const k::idx f0 = k::item(fv, from + b) - (to_lanes ? cm.data() : il.data());
            const k::idx t0 = k::item(tv, to + b) - target.data();
            const std::vector<T> &source0 = to_lanes ? cm0 : il0;
            for (int j = 0; j < sh.cols; ++j)
              for (int i = 0; i < sh.rows; ++i)
                want[size_t(t0 + i * trs + j * tcs)] = source0[size_t(f0 + i * frs + j * fcs)];
          }
          ASSERT_EQ(target, want);
          ASSERT_EQ(to_lanes ? cm : il, to_lanes ? cm0 : il0);  // the source unchanged
        }
      }
}

/// The chunks' loop: in a region of t threads (1 to the process's), thread i runs the i-th
/// contiguous share of the pieces, every piece once, the shares in order and no two lengths more
/// than one apart (as schedule(static) splits a loop); a region over `count` pieces has no more
/// threads than pieces and, for many, the threads a region would have.
TEST(HostChunks, EachThreadRunsItsOwnShareOfThePieces) {
  namespace host = ompbatch::detail::host;
  // (no more threads than a region would have: past those, libomp's thread descriptors show
  // as leaks under LeakSanitizer)
  for (int threads = 1; threads <= omp_get_max_threads(); ++threads)
    for (k::idx count = 0; count <= 23; ++count) {
      std::vector<int> owner(size_t(count), -1), visits(size_t(count), 0);
      int team = 0;
#pragma omp parallel num_threads(threads)
      {
        const int t = omp_get_thread_num();
        if (t == 0) team = omp_get_num_threads();
        host::for_own_share(count, [&](k::idx c) {
#pragma omp atomic
          ++visits[size_t(c)];
          owner[size_t(c)] = t;  // by one thread unless visits says otherwise
        });
      }
      const auto what = [&] { return fmt::format("{} threads, {} pieces", team, count); };
      std::vector<k::idx> share(size_t(team), 0);
      for (k::idx c = 0; c < count; ++c) {
        EXPECT_EQ(visits[size_t(c)], 1) << what() << ", piece " << c;
        if (c > 0) {
          EXPECT_LE(owner[size_t(c - 1)], owner[size_t(c)]) << what();
        }
        if (owner[size_t(c)] >= 0) ++share[size_t(owner[size_t(c)])];
      }
      const auto [lo, hi] = std::minmax_element(share.begin(), share.end());
      EXPECT_LE(*hi - *lo, 1) << what();
      EXPECT_GE(host::threads_for(count), 1);
      if (count > 0) {
        EXPECT_LE(host::threads_for(count), count);
      }
    }
  EXPECT_EQ(host::threads_for(1 << 20), omp_get_max_threads());
}

TEST(HostChunks, NextBlockIsTheFollowingInPlaceBlockOrNothing) {
  constexpr int W = 16;
  std::vector<double> a(size_t(6) * 4 * 64 * 3);
  const auto ahead = [&](const ompbatch::BatchView<double> &v, k::idx b0, int blocks = 1) {
    const k::Ahead x = ompbatch::detail::host::next_block<W>(v, b0, blocks);
    EXPECT_LE(x.ranges, 1);
    return std::make_pair(x.ranges ? static_cast<const double *>(x.starts[0]) - a.data() : -1,
                          x.bytes);
  };
  const k::idx block = 6 * 4 * W, bytes = block * k::idx(sizeof(double));
  // width W: every chunk ends a block; the last block holds 5 matrices (packed, not in place)
  const auto v = ompbatch::BatchView<double>::interleaved(5, 4, a.data(), 6, W, 3 * W + 5);
  EXPECT_EQ(ahead(v, 0), std::make_pair(block, bytes));
  EXPECT_EQ(ahead(v, W), std::make_pair(2 * block, bytes));
  EXPECT_EQ(ahead(v, 2 * W), std::make_pair(k::idx(-1), k::idx(0)));
  EXPECT_EQ(ahead(v, 0, 2), std::make_pair(2 * block, bytes));       // two blocks on
  EXPECT_EQ(ahead(v, 0, 3), std::make_pair(k::idx(-1), k::idx(0)));  // the partial block
  EXPECT_EQ(ahead(v, W, 2), std::make_pair(k::idx(-1), k::idx(0)));
  // width 2W: the second chunk of a block looks ahead, over the next block's 2W lanes
  const auto w = ompbatch::BatchView<double>::interleaved(5, 4, a.data(), 6, 2 * W, 4 * W);
  EXPECT_EQ(ahead(w, 0), std::make_pair(k::idx(-1), k::idx(0)));
  EXPECT_EQ(ahead(w, W), std::make_pair(2 * block, 2 * bytes));
  EXPECT_EQ(ahead(w, 3 * W), std::make_pair(k::idx(-1), k::idx(0)));  // the batch ends
  EXPECT_EQ(ahead(w, W, 2), std::make_pair(k::idx(-1), k::idx(0)));   // past its end
}

/// A packed chunk's kernel prefetches the thread's next chunk: each of its matrices (those in the
/// batch) from its first element to its last, never another address.
TEST(HostChunks, NextItemsAreTheNextChunksMatricesInTheBatch) {
  constexpr int W = 16;
  std::vector<double> a(size_t(6) * 4 * 40);
  std::vector<double *> ptrs;
  for (int b = 0; b < 20; ++b) ptrs.push_back(a.data() + (19 - b) * 6 * 4);  // any order
  const k::idx bytes = (3 * 6 + 5) * k::idx(sizeof(double));  // 5 x 4, ld 6: to (4,3)
  const auto p = ompbatch::BatchView<double>::pointer_array(5, 4, ptrs.data(), 6, 20);
  const auto s = ompbatch::BatchView<double>::strided(5, 4, a.data(), 6, 30, 20);
  for (const auto &v : {p, s}) {
    const k::Ahead first = ompbatch::detail::host::next_items<W>(v, 0);
    ASSERT_EQ(first.ranges, W);
    EXPECT_EQ(first.bytes, bytes);
    for (int b = 0; b < W; ++b) EXPECT_EQ(first.starts[b], k::item(v, b)) << b;
    const k::Ahead last = ompbatch::detail::host::next_items<W>(v, W);  // 4 left
    ASSERT_EQ(last.ranges, 4);
    for (int b = 0; b < 4; ++b) EXPECT_EQ(last.starts[b], k::item(v, W + b)) << b;
    EXPECT_EQ(ompbatch::detail::host::next_items<W>(v, 2 * W).ranges, 0);
  }
  // interleaved blocks are read in order: the packed path gives them nothing
  const auto i = ompbatch::BatchView<double>::interleaved(5, 4, a.data(), 6, 8, 20);
  EXPECT_EQ(ompbatch::detail::host::next_items<W>(i, 0).ranges, 0);
}

/// The lines an Ahead taken by columns gives (by_columns, potrf's) are those holding the
/// elements of the part of the next block or chunk: each once or, where two columns share it,
/// twice, and no more of them than count() says (the Prefetcher's parts).
TEST(HostChunks, AheadLinesAreThoseOfThePart) {
  namespace host = ompbatch::detail::host;
  constexpr int W = 8;
  constexpr k::idx line = k::kCacheLine;
  std::vector<double> a(size_t(7) * 7 * 40 + 8);
  const auto lines_of = [&](const k::Ahead &ahead, k::idx &visits) {
    std::set<std::uintptr_t> got;
    k::AheadLines walk(ahead);
    std::uintptr_t x;
    visits = 0;
    while (walk.next(x)) {
      EXPECT_EQ(x % line, 0u);
      got.insert(x), ++visits;
    }
    EXPECT_LE(visits, walk.count());
    return got;
  };
  const auto i = ompbatch::BatchView<double>::interleaved(7, 7, a.data() + 3, 7, W, 3 * W);
  std::vector<double *> ptrs;
  for (int b = 0; b < 20; ++b) ptrs.push_back(a.data() + 5 + (19 - b) * 7 * 7);
  const auto p = ompbatch::BatchView<double>::pointer_array(7, 7, ptrs.data(), 7, 20);
  for (const k::Part part : {k::Part::lower, k::Part::upper, k::Part::all}) {
    // the next interleaved block: all W lanes of each element
    k::idx visits;
    const k::Ahead block = host::by_columns(host::next_block<W>(i, 0), i, part);
    std::set<std::uintptr_t> want;
    for (int b = W; b < 2 * W; ++b)
      for (int c = 0; c < 7; ++c)
        for (int r = 0; r < 7; ++r)
          if (part == k::Part::all || (part == k::Part::lower ? r >= c : r <= c))
            want.insert(reinterpret_cast<std::uintptr_t>(k::item(i, b) + r * W + c * 7 * W) &
                        ~std::uintptr_t(line - 1));
    EXPECT_EQ(lines_of(block, visits), want) << int(part);
    EXPECT_LE(visits, k::idx(want.size()) + 7);
    // the next packed chunk's matrices, column-major
    const k::Ahead items = host::by_columns(host::next_items<W>(p, W), p, part);
    want.clear();
    for (int b = W; b < 2 * W; ++b)
      for (int c = 0; c < 7; ++c)
        for (int r = 0; r < 7; ++r)
          if (part == k::Part::all || (part == k::Part::lower ? r >= c : r <= c))
            want.insert(reinterpret_cast<std::uintptr_t>(k::item(p, b) + r + c * 7) &
                        ~std::uintptr_t(line - 1));
    EXPECT_EQ(lines_of(items, visits), want) << int(part);
    EXPECT_LE(visits, k::idx(want.size()) + 7 * W);
  }
  k::idx visits;
  EXPECT_TRUE(lines_of(k::Ahead{}, visits).empty());
}

/// Counts a kernel's calls of Prefetcher::next.
struct CountingPrefetcher {
  int calls = 0;
  void next() noexcept { ++calls; }
};

/// getrf_columns on one vector register of lanes advances its prefetcher column_parts(N)
/// times, the parts getrf_column_lanes splits the next block into: fewer calls would leave the
/// block's last lines unfetched, more would finish it before the kernel ends.
template <class T, int H, int N>
void check_column_parts() {
  using P = k::Pack<T, H>;
  std::mt19937_64 rng(N);
  std::vector<T> a = ompbatch::testing::random_matrix<T>(N * N * H, 1, rng);
  std::vector<int> ipiv(static_cast<size_t>(N * H));
  for (const bool pivot : {true, false}) {
    typename P::I first_zero = P::index(0);
    CountingPrefetcher count;
    if (pivot)
      k::getrf_columns<P, N, true>(a.data(), k::idx(H), k::idx(N) * H, ipiv.data(), H, first_zero,
                                   count);
    else
      k::getrf_columns<P, N, false>(a.data(), k::idx(H), k::idx(N) * H, nullptr, H, first_zero,
                                    count);
    EXPECT_EQ(count.calls, k::column_parts(N)) << "n = " << N << (pivot ? "" : ", no pivoting");
  }
}

TEST(HostChunks, LeftLookingFormAdvancesItsPrefetcherOnceAPart) {
  static_assert(k::column_parts(16) == 16 + 120);
  namespace host = ompbatch::detail::host;
  constexpr int D = k::kPassLanes<double, host::getrf_width<double>()>;
  constexpr int F = k::kPassLanes<float, host::getrf_width<float>()>;
  check_column_parts<double, D, k::kColumnsMin<double>>();
  check_column_parts<double, D, k::kColumnsMax<double>>();
  check_column_parts<float, F, k::kColumnsMin<float>>();
  check_column_parts<float, F, 16>();
  check_column_parts<float, F, 17>();  // a row in place
  check_column_parts<float, F, k::kColumnsMax<float>>();
}

/// The forms that take a Prefetcher: every compiled square size (left-looking and the
/// compile-time steps), steps and panels past kFixedStepsMax; not the steps with a run-time k up
/// to kFixedStepsMax nor the one-lane kernel.
TEST(HostChunks, GetrfPrefetchesWhereItsFormTakesAhead) {
  constexpr int S = k::kFixedStepsMax;
  EXPECT_TRUE((k::getrf_prefetches<double, 16>(8, 8, true)));  // left-looking from 8
  EXPECT_TRUE((k::getrf_prefetches<double, 16>(7, 7, true)));  // fixed steps: packed chunks
  EXPECT_FALSE((k::getrf_prefetches<double, 16>(S, S, false)));
  EXPECT_TRUE((k::getrf_prefetches<double, 16>(S + 1, S + 1, false)));
  EXPECT_TRUE((k::getrf_prefetches<float, 16>(S + 1, S + 1, true)));
  EXPECT_TRUE((k::getrf_prefetches<float, 16>(S, S, true)));
  EXPECT_FALSE((k::getrf_prefetches<float, 16>(S, S, false)));
  EXPECT_TRUE((k::getrf_prefetches<std::complex<double>, 8>(S, S, true)));
  EXPECT_TRUE((k::getrf_prefetches<std::complex<double>, 8>(S + 1, S + 1, true)));
  EXPECT_FALSE((k::getrf_prefetches<double, 16>(100, S, false)));  // tall, narrow: steps
  EXPECT_FALSE((k::getrf_prefetches<double, 1>(64, 64, false)));
}

/// count n x n matrices at `data` (never read: use_vendor looks at the shape alone), interleaved
/// in blocks of W or strided.
template <class T>
ompbatch::BatchView<T> square_batch(ompbatch::Layout layout, int n, int count, T *data, int W) {
  return layout == ompbatch::Layout::interleaved
             ? ompbatch::BatchView<T>::interleaved(n, n, data, n, W, count)
             : ompbatch::BatchView<T>::strided(n, n, data, n, k::idx(n) * n, count);
}

/// use_vendor for one precision: at a large batch the lane kernels run below each crossover of
/// the tables and the vendor path from it on (a solve's at each measured nrhs); the host path
/// the context asks for wins at every order.
template <class T>
void check_crossovers() {
  constexpr int W = k::host::width<T>();
  T dummy[1] = {};
  ompbatch::Context ctx;
  for (k::Routine routine : k::kRoutines) {
    if (k::describe(routine).family == k::Family::qr) continue;
    for (int nrhs : k::is_solve(routine) ? std::vector<int>{1, 4, 16, 0} : std::vector<int>{1})
      for (auto layout : {ompbatch::Layout::interleaved, ompbatch::Layout::strided}) {
        const auto rhs = [&](int n) { return nrhs > 0 ? nrhs : n; };
        const auto batch = [&](int n) { return square_batch(layout, n, 1000000, dummy, W); };
        const auto vendor = [&](int n) {
          return k::use_vendor<T>(ctx, routine, batch(n), n, rhs(n));
        };
        // the measured orders: 16 and up (nrhs 16 from 32)
        const int c = k::vendor_crossover<T>(routine, layout, 256, rhs(256));
        const std::string where =
            fmt::format("{} nrhs {} layout {}", k::describe(routine).name, nrhs, int(layout));
        ctx.set_host_path(ompbatch::HostPath::automatic);
        if (c == k::kNone) {
          EXPECT_FALSE(vendor(1024)) << where;
        } else {
          ASSERT_GE(c, 24) << where;
          EXPECT_EQ(k::vendor_crossover<T>(routine, layout, c, rhs(c)), c) << where;
          EXPECT_FALSE(vendor(c - 1)) << where;
          EXPECT_TRUE(vendor(c)) << where;
          EXPECT_TRUE(vendor(std::max(c, 1024))) << where;
        }
        ctx.set_host_path(ompbatch::HostPath::vendor);
        EXPECT_TRUE(vendor(8)) << where;
        ctx.set_host_path(ompbatch::HostPath::lanes);
        EXPECT_FALSE(vendor(1024)) << where;
      }
  }
  // a solve's column: the measured nrhs nearest by ratio
  EXPECT_EQ(k::rhs_column(256, 1), 0);
  EXPECT_EQ(k::rhs_column(256, 3), 1);
  EXPECT_EQ(k::rhs_column(256, 16), 2);
  EXPECT_EQ(k::rhs_column(256, 63), 2);
  EXPECT_EQ(k::rhs_column(256, 65), 3);
  EXPECT_EQ(k::rhs_column(16, 16), 3);
  EXPECT_EQ(k::rhs_column(16, 4), 1);
}

TEST(HostDispatch, EachCrossoverSeparatesThePaths) {
  check_crossovers<float>();
  check_crossovers<double>();
  check_crossovers<std::complex<float>>();
  check_crossovers<std::complex<double>>();
}

/// use_vendor's few-matrix rule on 2 threads, below the crossovers, in chunks of the lanes L the
/// routine's kernels run (lanes_for): from kFewOrderMin one matrix takes the vendor path where a
/// chunk has more lanes than the lanes' estimated lead (at most 4.5 interleaved, 6.75 for single
/// complex, and 2.25 column-major from 128), as does one chunk's worth at 256 column-major (a
/// lead of 1.5: L lanes in one round against L / 2 rounds of LAPACKE calls) but not interleaved
/// (at least kLeadMin = 2); whole chunks on both threads take the lanes; below kFewOrderMin, and
/// for a solve without a crossover, the lanes at any count.
template <class T>
void check_few_matrices() {
  constexpr int W = k::host::width<T>();
  T dummy[1] = {};
  const ompbatch::Context ctx;
  const int team = omp_get_max_threads();
  omp_set_num_threads(2);
  using R = k::Routine;
  for (R routine : {R::getrf, R::getri, R::matinv, R::potrf, R::getrs, R::geqrf})
    for (auto layout : {ompbatch::Layout::interleaved, ompbatch::Layout::strided}) {
      const bool il = layout == ompbatch::Layout::interleaved;
      const auto vendor = [&](int n, int count) {
        return k::use_vendor<T>(ctx, routine, square_batch(layout, n, count, dummy, W), n, n);
      };
      const auto below = [&](int n) { return k::vendor_crossover<T>(routine, layout, n, n) > n; };
      const std::string where = fmt::format("{} layout {}", k::describe(routine).name, int(layout));
      for (int n : {k::kFewOrderMin, 256}) {
        if (!below(n)) continue;
        const int L = k::host::lanes_for<T>(routine, layout, W, n);
        if (L >= (!il ? 3 : std::is_same_v<T, std::complex<float>> ? 7 : 5)) {
          EXPECT_TRUE(vendor(n, 1)) << where << " n " << n;
        }
        EXPECT_FALSE(vendor(n, 2 * L)) << where << " n " << n;
        EXPECT_FALSE(vendor(n, 8 * L)) << where << " n " << n;
      }
      if (below(256)) {
        EXPECT_EQ(vendor(256, k::host::lanes_for<T>(routine, layout, W, 256)), !il) << where;
      }
      if (below(k::kFewOrderMin - 1)) {
        EXPECT_FALSE(vendor(k::kFewOrderMin - 1, 1)) << where;
      }
    }
  // a solve without a crossover (kNone: one right-hand side) keeps the lanes interleaved; column-
  // major it takes the vendor path where one chunk at kLeadMin's lead takes longer than the
  // vendor path's rounds on 2 threads, never for 2 chunks
  const auto one = square_batch(ompbatch::Layout::interleaved, 256, 1, dummy, W);
  if (k::vendor_crossover<T>(k::Routine::getrs, one.layout, 256, 1) == k::kNone) {
    EXPECT_FALSE((k::use_vendor<T>(ctx, k::Routine::getrs, one, 256, 1)));
  }
  if (k::vendor_crossover<T>(k::Routine::getrs, ompbatch::Layout::strided, 256, 1) == k::kNone) {
    for (int count : {1, 2, W / 2, W - 1, W, 2 * W}) {
      const auto few = square_batch(ompbatch::Layout::strided, 256, count, dummy, W);
      const bool faster = count <= W && W > k::kLeadMin * ((count + 1) / 2);
      EXPECT_EQ((k::use_vendor<T>(ctx, k::Routine::getrs, few, 256, 1)), faster) << count;
    }
  }
  omp_set_num_threads(team);
}

TEST(HostDispatch, FewMatricesTakeTheVendorPathFromTheFewOrder) {
  check_few_matrices<float>();
  check_few_matrices<double>();
  check_few_matrices<std::complex<float>>();
  check_few_matrices<std::complex<double>>();
}

/// Single complex interleaved lanes lead further (kLeadOrdersInterleaved, 1152 against 768): on 2
/// threads, up to two chunks of L lanes in interleaved blocks of the preferred width at n = 128
/// take getri's vendor path where L lanes in one round take longer than the LAPACKE calls' rounds
/// at a lead of 0.75 * min(crossover, order) / 128 (6.75 single complex, 4.5 single below their
/// crossovers), with the crossover and the lanes of the table and kernels in force.
template <class T>
void check_interleaved_lead(int order) {
  constexpr auto il = ompbatch::Layout::interleaved;
  constexpr int B = k::host::preferred_width<T>();
  const int L = k::host::lanes_for<T>(k::Routine::getri, il, B, 128);
  const int crossover = k::vendor_crossover<T>(k::Routine::getri, il, 128);
  const double lead = std::max(k::kLeadMin, 0.75 * std::min(crossover, order) / 128);
  const ompbatch::Context ctx;
  T dummy[1] = {};
  for (int count = 1; count <= 2 * L; ++count) {
    const auto batch = square_batch(il, 128, count, dummy, B);
    const double rounds = double((k::host::chunk_count(batch, L) + 1) / 2);
    const bool vendor = crossover <= 128 || rounds * L > lead * ((count + 1) / 2);
    EXPECT_EQ(k::use_vendor<T>(ctx, k::Routine::getri, batch, 128), vendor) << count;
  }
}

TEST(HostDispatch, SingleComplexInterleavedLeadsFurther) {
  const int team = omp_get_max_threads();
  omp_set_num_threads(2);
  check_interleaved_lead<float>(768);
  check_interleaved_lead<std::complex<float>>(1152);
  omp_set_num_threads(team);
}

/// The lanes each routine's kernels run (lanes_for): the preferred width in interleaved blocks it
/// divides, complex at every order and real to the routine's order (16 for the solves, getri and
/// matinv; 128 for potrf; every order for QR); column-major the preferred width for complex
/// getri, matinv, QR and potrf (but at 7..10); otherwise the solver width; getrf always its own.
template <class T>
void check_lanes_for() {
  namespace h = k::host;
  using R = k::Routine;
  constexpr int B = h::preferred_width<T>(), S = h::width<T>();
  constexpr bool cx = k::is_complex_v<T>;
  constexpr auto il = ompbatch::Layout::interleaved, st = ompbatch::Layout::strided;
  EXPECT_EQ(h::lanes_for<T>(R::getrf, st, 1, 64), h::getrf_width<T>());
  EXPECT_EQ(h::lanes_for<T>(R::getrs, il, B, 16), B);
  EXPECT_EQ(h::lanes_for<T>(R::getrs, il, B, 17), cx ? B : S);
  EXPECT_EQ(h::lanes_for<T>(R::getri, il, B, 256), cx ? B : S);
  EXPECT_EQ(h::lanes_for<T>(R::potrf, il, B, 128), B);
  EXPECT_EQ(h::lanes_for<T>(R::potrf, il, B, 129), cx ? B : S);
  EXPECT_EQ(h::lanes_for<T>(R::geqrf, il, B, 512), B);
  EXPECT_EQ(h::lanes_for<T>(R::getrs, il, S, 16), S);  // blocks B does not divide (where B != S)
  EXPECT_EQ(h::lanes_for<T>(R::getrs, st, 1, 8), S);
  EXPECT_EQ(h::lanes_for<T>(R::trsm, st, 1, 256), S);
  EXPECT_EQ(h::lanes_for<T>(R::getri, st, 1, 256), cx ? B : S);
  EXPECT_EQ(h::lanes_for<T>(R::matinv, st, 1, 8), cx ? B : S);
  EXPECT_EQ(h::lanes_for<T>(R::potrf, st, 1, 8), S);
  EXPECT_EQ(h::lanes_for<T>(R::potrf, st, 1, 11), cx ? B : S);
  EXPECT_EQ(h::lanes_for<T>(R::gels, ompbatch::Layout::pointer_array, 1, 64), cx ? B : S);
}

/// use_vendor's few-matrix rule counts the chunks of those lanes: on 2 threads 6 column-major
/// double complex matrices of 512 in one chunk of the preferred width (twice the solver width on
/// AVX-512) take getri's vendor path (one round of B lanes at a lead of 1.5 against 3 rounds of
/// LAPACKE calls), 16 in two chunks the lanes; counted in chunks of the solver width, 6 had kept
/// the lanes (0.51x the loop where the vendor path ran 0.98x, Zen 5 VM).
TEST(HostDispatch, FewMatricesCountTheLanesTheKernelsRun) {
  check_lanes_for<float>();
  check_lanes_for<double>();
  check_lanes_for<std::complex<float>>();
  check_lanes_for<std::complex<double>>();
  using Z = std::complex<double>;
  constexpr auto st = ompbatch::Layout::strided;
  if (k::host::preferred_width<Z>() == 2 * k::host::width<Z>() &&
      k::vendor_crossover<Z>(k::Routine::getri, st, 512) > 512) {
    const int team = omp_get_max_threads();
    omp_set_num_threads(2);
    Z dummy[1] = {};
    const ompbatch::Context ctx;
    const auto vendor = [&](int count) {
      return k::use_vendor<Z>(ctx, k::Routine::getri, square_batch(st, 512, count, dummy, 1), 512);
    };
    EXPECT_TRUE(vendor(6));
    EXPECT_FALSE(vendor(16));
    omp_set_num_threads(team);
  }
}

/// Threads inside the matrix: never below order 512 or on one thread, never for an even count
/// on 2 threads (a speed-up counts at most 2: complex getrs with one right-hand side, 2.4); on
/// Zen 5's table neither QR nor a real solve with 4 right-hand sides with one matrix (a complex
/// one threaded), potrf with three only where OpenBLAS ran them faster; the AVX2 builds' table
/// makes the decisions of the rule it replaced for getrf and potrf (0.65 x threads below 1024,
/// 0.8 from there); the AVX-512 tables take Zen 5's.
TEST(HostDispatch, ThreadsInsideTheMatrixByMeasuredSpeedUps) {
  using k::Routine;
  const int team = omp_get_max_threads();
  const auto &zen5 = k::kThreadedSpeedups512, &other = k::kThreadedSpeedups;
  for (const auto *t : {&zen5, &other})
    for (Routine r : k::kRoutines) {
      EXPECT_FALSE(k::threads_inside(*t, r, 1, 511, 1, 2));
      EXPECT_FALSE(k::threads_inside(*t, r, 1, 4096, 4096, 1));
      for (int count : {2, 4, 8})
        for (int n : {512, 1024, 4096}) EXPECT_FALSE(k::threads_inside(*t, r, count, n, n, 2));
    }
  EXPECT_FALSE(k::threads_inside(zen5, Routine::geqrf, 1, 512, 1, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::gels, 1, 1024, 1, 2));
  EXPECT_TRUE(k::threads_inside(zen5, Routine::geqrf, 1, 1536, 1, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::getrf, 1, 512, 1, 2));
  EXPECT_TRUE(k::threads_inside(zen5, Routine::getrf, 1, 768, 1, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::potrf, 3, 1024, 1, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::potrf, 3, 4096, 1, 2));
  EXPECT_TRUE(k::threads_inside(zen5, Routine::getrf, 3, 1536, 1, 2));
  EXPECT_TRUE(k::threads_inside(zen5, Routine::getri, 1, 512, 1, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::getri, 3, 768, 1, 2));
  // solves by right-hand sides, the nearest measured by ratio (1, 4, 16, 64, 256)
  EXPECT_TRUE(k::threads_inside(zen5, Routine::getrs, 1, 1024, 1, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::potrs, 1, 1024, 3, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::trsm, 1, 1024, 7, 2));
  EXPECT_TRUE(k::threads_inside(zen5, Routine::trsm, 1, 1024, 9, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::getrs, 3, 512, 16, 2));
  EXPECT_TRUE(k::threads_inside(zen5, Routine::getrs, 3, 512, 64, 2));
  EXPECT_TRUE(k::threads_inside(zen5, Routine::potrs, 5, 1024, 1024, 2));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::potrs, 7, 1024, 1024, 2));
  // complex solves by their own speed-ups: getrs with one right-hand side at any odd count (2.4
  // counted as 2), the others with 4 on one matrix, none with 16 on three
  for (int count : {1, 2, 3, 8, 33}) {
    EXPECT_EQ(k::threads_inside(zen5, Routine::getrs, count, 512, 1, 2, true), count % 2 == 1)
        << count;
    EXPECT_EQ(k::threads_inside(zen5, Routine::getrs, count, 512, 1, 2), count == 1) << count;
  }
  EXPECT_FALSE(k::threads_inside(zen5, Routine::getrs, 3, 512, 3, 2, true));
  for (Routine r : {Routine::getrs, Routine::potrs, Routine::trsm}) {
    EXPECT_TRUE(k::threads_inside(zen5, r, 1, 1024, 4, 2, true));
    EXPECT_FALSE(k::threads_inside(zen5, r, 1, 1024, 4, 2));
    EXPECT_FALSE(k::threads_inside(zen5, r, 3, 1024, 16, 2, true));
    EXPECT_FALSE(k::threads_inside(zen5, r, 2, 1024, 1024, 2, true));
  }
  EXPECT_TRUE(k::threads_inside(zen5, Routine::trsm, 7, 1024, 1024, 2, true));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::potrs, 11, 1024, 1024, 2, true));
  // on 4 threads the speed-up doubles: getrf at 1024 (1.5 on 2) runs 2 matrices threaded, not 3
  EXPECT_TRUE(k::threads_inside(zen5, Routine::getrf, 2, 1024, 1, 4));
  EXPECT_FALSE(k::threads_inside(zen5, Routine::getrf, 3, 1024, 1, 4));
  for (Routine r : {Routine::getrf, Routine::potrf})
    for (int n : {512, 768, 1023, 1024, 2048, 4096})
      for (int count = 1; count <= 9; ++count) {
        const double before = (n >= 1024 ? 0.8 : 0.65) * 2 * ((count + 1) / 2);
        EXPECT_EQ(k::threads_inside(other, r, count, n, 1, 2), count < before)
            << k::describe(r).name << " " << n << " " << count;
      }
  // a complex factorization at the real order of its flops (n * cbrt(4)), a solve at its own
  omp_set_num_threads(2);
  EXPECT_FALSE(k::threads_inside<double>(Routine::geqrf, 1, 1024));
  EXPECT_TRUE(k::threads_inside<std::complex<double>>(Routine::geqrf, 1, 1024));
  EXPECT_FALSE(k::threads_inside<std::complex<float>>(Routine::geqrf, 1, 512));
  EXPECT_FALSE(k::threads_inside<std::complex<double>>(Routine::getrf, 3, 512));
  EXPECT_EQ(k::threads_inside<std::complex<double>>(Routine::getrs, 3, 1024, 16),
            k::threads_inside<double>(Routine::getrs, 3, 1024, 16));
  EXPECT_TRUE(k::threads_inside<std::complex<float>>(Routine::getrs, 5, 1024, 1));
  EXPECT_FALSE(k::threads_inside<float>(Routine::getrs, 5, 1024, 1));
  EXPECT_TRUE(k::threads_inside<std::complex<double>>(Routine::potrs, 1, 1024, 4));
  EXPECT_FALSE(k::threads_inside<double>(Routine::potrs, 1, 1024, 4));
  EXPECT_FALSE(k::threads_inside<std::complex<double>>(Routine::getri, 1, 511));
  EXPECT_EQ(k::real_order_of_complex(1024), 1625);
  omp_set_num_threads(team);
  const int threads = omp_get_max_threads();
  const auto &host = k::host_table() == k::HostTable::avx2 ? other : zen5;
  EXPECT_EQ(k::threads_inside<double>(Routine::potrf, 3, 1024),
            k::threads_inside(host, Routine::potrf, 3, 1024, 1, threads));
  EXPECT_EQ(k::threads_inside<double>(Routine::getrf, 1, 512),
            k::threads_inside(host, Routine::getrf, 1, 512, 1, threads));
}

/// The shapes Solvers' getrs, potrs and trsm tests run fall on both sides of the orders and
/// right-hand sides the host's lanes solve in registers, in every precision.
template <class T>
void check_in_registers() {
  const bool real = !k::is_complex_v<T>;
  // getrs and potrs: to order 8 up to 4 right-hand sides (any in real), to kInRegistersMax<T> one
  EXPECT_TRUE(k::solve_by_columns<T>(8, 1));
  EXPECT_TRUE(k::solve_by_columns<T>(3, 2));
  EXPECT_EQ(k::solve_by_columns<T>(8, 6), real);
  EXPECT_EQ(k::solve_by_columns<T>(10, 1), k::kInRegistersMax<T> >= 10);
  EXPECT_EQ(k::solve_by_columns<T>(12, 1), k::kInRegistersMax<T> >= 12);
  EXPECT_FALSE(k::solve_by_columns<T>(10, 4));
  EXPECT_FALSE(k::solve_by_columns<T>(12, 2));
  EXPECT_FALSE(k::solve_by_columns<T>(17, 3));
  EXPECT_FALSE(k::solve_by_columns<T>(1, 1));
  // trsm: one right-hand side to order 10 (kInRegistersMax<T> in complex)
  EXPECT_TRUE(k::trsm_by_columns<T>(6, 1));
  EXPECT_EQ(k::trsm_by_columns<T>(9, 1), k::kInRegistersMax<T> >= 9);
  EXPECT_FALSE(k::trsm_by_columns<T>(11, 1));
  EXPECT_FALSE(k::trsm_by_columns<T>(7, 5));
  EXPECT_FALSE(k::trsm_by_columns<T>(5, 7));
  EXPECT_FALSE(k::trsm_by_columns<T>(1, 7));
}

TEST(HostDispatch, SolvesInRegistersOnBothSidesOfTheTestedShapes) {
  check_in_registers<float>();
  check_in_registers<double>();
  check_in_registers<std::complex<float>>();
  check_in_registers<std::complex<double>>();
}

/// The AVX-512 tables of half-width units serve AMD family 19h with AVX-512 only (Zen 4; not Zen 3,
/// which lacks AVX-512, nor Zen 5, family 1Ah, nor Intel's); the tables for Intel's serve every
/// vendor but AMD. The host takes AVX2's tables or the AVX-512 form of its kind, as the kernels'
/// width and the CPU say, unless OMPBATCH_HOST_TABLE names one (the suite's HostDispatch tests run
/// once under each). Every entry of the AVX-512 tables (the factorizations' and the solves') is
/// an order the lanes run below (EachCrossoverSeparatesThePaths runs the tables in force).
TEST(HostDispatch, Avx512TablesByHost) {
  using k::Avx512Host;
  using k::HostTable;
  EXPECT_EQ(k::avx512_host(true, 0x19, true), Avx512Host::amd_half_width);
  EXPECT_EQ(k::avx512_host(true, 0x19, false), Avx512Host::amd);
  EXPECT_EQ(k::avx512_host(true, 0x1a, true), Avx512Host::amd);
  EXPECT_EQ(k::avx512_host(false, 0x6, true), Avx512Host::intel);
  EXPECT_EQ(k::avx512_host(false, 0x19, true), Avx512Host::intel);
  HostTable want = HostTable::avx2;
  if (const char *env = std::getenv("OMPBATCH_HOST_TABLE"); env && *env) {
    const std::string name(env);
    const auto &names = k::host::kHostTables;
    const auto at = std::find(std::begin(names), std::end(names), name);
    ASSERT_NE(at, std::end(names)) << name;
    want = HostTable(at - std::begin(names));
  } else if (k::kVectorBytes >= 64) {
    const Avx512Host kind = k::avx512_host();
    want = kind == Avx512Host::amd_half_width ? HostTable::avx512_half_width
           : kind == Avx512Host::amd          ? HostTable::avx512_amd
                                              : HostTable::avx512_intel;
  }
  EXPECT_EQ(k::host_table(), want);
  const auto &table = k::factor_crossovers();
  const auto &solves = k::solve_crossovers();
  switch (want) {
    case HostTable::avx2:
      EXPECT_EQ(&table, &k::kCrossovers);
      EXPECT_EQ(&solves, &k::kSolveCrossovers);
      break;
    case HostTable::avx512_intel:
      EXPECT_EQ(&table, &k::kCrossovers512Intel);
      EXPECT_EQ(&solves, &k::kSolveCrossovers512Intel);
      break;
    case HostTable::avx512_amd:
      EXPECT_EQ(&table, &k::kCrossovers512);
      EXPECT_EQ(&solves, &k::kSolveCrossovers512);
      break;
    case HostTable::avx512_half_width:
      EXPECT_EQ(&table, &k::kCrossovers512HalfWidth);
      EXPECT_EQ(&solves, &k::kSolveCrossovers512HalfWidth);
      break;
  }
  const auto at_least_24 = [](const k::Crossover &c) {
    EXPECT_GE(c.interleaved, 24);
    EXPECT_GE(c.columns, 24);
  };
  for (const auto *t : {&k::kCrossovers512, &k::kCrossovers512Intel, &k::kCrossovers512HalfWidth})
    for (const auto &routine : *t)
      for (const k::Crossover &c : routine) at_least_24(c);
  for (const auto *t :
       {&k::kSolveCrossovers512, &k::kSolveCrossovers512Intel, &k::kSolveCrossovers512HalfWidth})
    for (const auto &routine : *t)
      for (const auto &rhs : routine)
        for (const k::Crossover &c : rhs) at_least_24(c);
}

#ifdef OMPBATCH_HAVE_OFFLOAD
/// OffloadShape::automatic: on builds for NVIDIA GPUs a team per matrix from the measured orders
/// (offload/launch.hpp), on both sides of each; elsewhere a thread per matrix at every order;
/// never the blocked shape (not measured on a GPU). thread, team and blocked are taken as asked.
TEST(OffloadShapes, AutomaticFollowsTheMeasuredCrossovers) {
  using ompbatch::Layout;
  using ompbatch::OffloadShape;
  namespace off = ompbatch::detail::offload;
  ompbatch::Context ctx;
  ctx.set_offload_shape(OffloadShape::automatic);
  const auto team = [&](Layout layout, int n, bool staged, const off::TeamShapeMin &min, bool gpu) {
    const OffloadShape s = off::shape_for(ctx, layout, n, staged, min, gpu);
    EXPECT_NE(s, OffloadShape::automatic);
    return s == OffloadShape::team;
  };
  struct Side {
    const off::TeamShapeMin &min;
    Layout layout;
    int from;  // the first order of a team per matrix on a GPU
  };
  const Side sides[] = {{off::kTeamShapeMinGetrf, Layout::interleaved, 32},
                        {off::kTeamShapeMinGetrf, Layout::strided, 16},
                        {off::kTeamShapeMinGetrf, Layout::pointer_array, 16},
                        {off::kTeamShapeMinPotrf, Layout::interleaved, 64},
                        {off::kTeamShapeMinPotrf, Layout::strided, 24},
                        {off::kTeamShapeMinPotrf, Layout::pointer_array, 28}};
  for (const Side &s : sides) {
    SCOPED_TRACE(fmt::format("layout {} from {}", int(s.layout), s.from));
    EXPECT_EQ(off::shape_for(ctx, s.layout, s.from - 1, true, s.min, true), OffloadShape::thread);
    EXPECT_TRUE(team(s.layout, s.from, true, s.min, true));
    EXPECT_TRUE(team(s.layout, 3000, false, s.min, true) || s.min.interleaved_staged);
    EXPECT_EQ(off::shape_for(ctx, s.layout, 1 << 20, true, s.min, false), OffloadShape::thread);
  }
  // interleaved getrf: a thread per matrix for matrices the team would factor in place; potrf
  // and column-major getrf a team there too
  EXPECT_FALSE(team(Layout::interleaved, 128, false, off::kTeamShapeMinGetrf, true));
  EXPECT_TRUE(team(Layout::strided, 128, false, off::kTeamShapeMinGetrf, true));
  EXPECT_TRUE(team(Layout::interleaved, 128, false, off::kTeamShapeMinPotrf, true));
  // the team copies a double 64 x 64 at most
  EXPECT_TRUE(ompbatch::detail::TeamMatrix<double>::staged(64, 64));
  EXPECT_FALSE(ompbatch::detail::TeamMatrix<double>::staged(65, 64));
  for (OffloadShape asked : {OffloadShape::thread, OffloadShape::team, OffloadShape::blocked}) {
    ctx.set_offload_shape(asked);
    EXPECT_EQ(off::shape_for(ctx, Layout::strided, 1 << 20, true, off::kTeamShapeMinGetrf, true),
              asked);
    EXPECT_EQ(off::shape_for(ctx, Layout::interleaved, 1, false, off::kTeamShapeMinPotrf, false),
              asked);
  }
}
#endif

}  // namespace
