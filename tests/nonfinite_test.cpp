// SPDX-License-Identifier: BSD-3-Clause
// One pivot policy for input that is not made of normal numbers: NaN, infinities, subnormal
// values, -0.0 and zero columns give the same pivots and info on every path (lane kernels,
// vendor path, offload) and layout, on both sides of the crossovers; getrs and getri on such
// factors write only their outputs.
#include <fmt/format.h>

#include <functional>

#include "common/harness.hpp"

namespace ompbtest {
namespace {

using ompbatch::Backend;
using ompbatch::BatchView;
using ompbatch::ConstPivots;
using ompbatch::Context;
using ompbatch::HostPath;
using ompbatch::Op;
using ompbatch::Uplo;

constexpr int kCases = 8;  // one matrix per special case, one interleaved block

/// Matrix c of the batch: random, or Hermitian positive definite (hpd, random_hpd), with case c's
/// special values.
template <class T>
std::vector<T> special_matrix(int c, int n, bool hpd, std::mt19937_64 &rng) {
  using R = real_t<T>;
  std::vector<T> a = hpd ? ompbatch::testing::random_hpd<T>(n, rng) : random_matrix<T>(n, n, rng);
  const R nan = std::numeric_limits<R>::quiet_NaN(), inf = std::numeric_limits<R>::infinity();
  const R sub = std::numeric_limits<R>::denorm_min() * 3;
  auto both = [&](int i, int j, T x) { a[i + j * n] = x, a[j + i * n] = x; };
  switch (c) {
    case 0:
      both(0, 0, T(nan));
      break;  // NaN first pivot
    case 1:
      both(n / 2, 1, T(nan));
      break;  // NaN inside
    case 2:
      both(0, 0, T(inf));
      break;  // +Inf
    case 3:
      both(n - 1, 2, T(-inf));
      break;  // -Inf
    case 4:
      for (int i = 0; i < n; ++i) both(i, 1, T(sub * R(i + 1)));
      break;  // subnormal column
    case 5:
      for (int i = 0; i < n; ++i) both(i, 0, T(0));
      break;  // zero column
    case 6:
      for (int i = 0; i < n; ++i) a[i + i * n] = -a[i + i * n] * R(0);
      break;  // -0.0
    default:
      break;  // ordinary
  }
  return a;
}

/// The matrices of every special case at order n (random, or Hermitian positive definite).
template <class T>
std::vector<std::vector<T>> special_matrices(int n, bool hpd) {
  std::mt19937_64 rng(n);
  std::vector<std::vector<T>> mats;
  for (int c = 0; c < kCases; ++c) mats.push_back(special_matrix<T>(c, n, hpd, rng));
  return mats;
}

/// The host backend (both of its paths forced, and its automatic choice) and the offload
/// backend where the build has it: f(backend name and path, context).
inline void for_each_path(const std::function<void(const std::string &, Context &)> &f) {
  std::vector<ompbBackend_t> backends = test_backends();  // and always the host's paths
  if (backends.front() != OMPB_BACKEND_HOST) backends.insert(backends.begin(), OMPB_BACKEND_HOST);
  for (ompbBackend_t b : backends)
    for (HostPath path : {HostPath::lanes, HostPath::vendor, HostPath::automatic}) {
      if (b == OMPB_BACKEND_OFFLOAD && path != HostPath::automatic) continue;
      Context ctx;
      ctx.set_backend(Backend(b));
      ctx.set_host_path(path);
      f(fmt::format("{} path {}", backend_name(b), char(path)), ctx);
    }
}

/// What a factorization gave for each matrix: its pivots (getrf) and info.
struct Outcome {
  std::vector<int> piv, info;
  bool operator==(const Outcome &o) const { return piv == o.piv && info == o.info; }
};

/// The batch factored by `factor` (given the view and the pivot view) in one layout on one
/// path; pivots and info gathered per matrix.
template <class T>
Outcome run(
    const std::vector<std::vector<T>> &mats, int n, bool interleaved, Context &ctx,
    const std::function<void(Context &, const BatchView<T> &, ompbatch::Pivots, int *)> &factor) {
  const std::size_t nn = std::size_t(n) * n;
  std::vector<T> a(nn * kCases);
  std::vector<int> piv(std::size_t(n) * kCases), info(kCases, -7);
  auto at = [&](int b, std::size_t e) { return interleaved ? e * kCases + b : b * nn + e; };
  for (int b = 0; b < kCases; ++b)
    for (std::size_t e = 0; e < nn; ++e) a[at(b, e)] = mats[b][e];
  const BatchView<T> v = interleaved ? BatchView<T>::interleaved(n, n, a.data(), n, kCases, kCases)
                                     : BatchView<T>::strided(n, n, a.data(), n, long(nn), kCases);
  factor(ctx, v, {piv.data(), n}, info.data());
  Outcome o{std::vector<int>(piv.size()), info};
  for (int b = 0; b < kCases; ++b)
    for (int k = 0; k < n; ++k)
      o.piv[std::size_t(b) * n + k] =
          piv[interleaved ? std::size_t(k) * kCases + b : std::size_t(b) * n + k];
  return o;
}

/// Every path and layout gives the outcome of the first (host lanes, strided).
template <class T>
void expect_one_outcome(
    bool hpd,
    const std::function<void(Context &, const BatchView<T> &, ompbatch::Pivots, int *)> &factor) {
  // each getrf / potrf crossover of simd/dispatch.hpp (32..512) lies between two of these orders,
  // so the automatic path takes both sides of it (the forced paths run both at every order;
  // interleaved potrf's vendor side, from 2048 on AVX-512, only forced); 260 and 520 run potrf's
  // panels
  for (int n : {5, 32, 40, 128, 130, 260, 520}) {
    const std::vector<std::vector<T>> mats = special_matrices<T>(n, hpd);
    std::vector<std::pair<std::string, Outcome>> outcomes;
    for_each_path([&](const std::string &path, Context &ctx) {
      for (bool il : {false, true})
        outcomes.emplace_back(fmt::format("{} {}", path, il ? "interleaved" : "strided"),
                              run<T>(mats, n, il, ctx, factor));
    });
    for (const auto &[name, o] : outcomes) {
      SCOPED_TRACE(fmt::format("n = {}: {} against {}", n, name, outcomes[0].first));
      EXPECT_EQ(o.info, outcomes[0].second.info);
      if (!hpd) {
        EXPECT_EQ(o.piv, outcomes[0].second.piv);
      }
    }
  }
}

template <class T>
class NonFinite : public ::testing::Test {};
TYPED_TEST_SUITE(NonFinite, Precisions);

TYPED_TEST(NonFinite, GetrfPivotsAndInfoAgreeOnEveryPathAndLayout) {
  expect_one_outcome<TypeParam>(
      false, [](Context &c, const BatchView<TypeParam> &A, ompbatch::Pivots p, int *info) {
        ompbatch::getrf(c, A, p, info);
      });
}

TYPED_TEST(NonFinite, PotrfInfoAgreesOnEveryPathAndLayout) {
  for (Uplo uplo : {Uplo::lower, Uplo::upper})
    expect_one_outcome<TypeParam>(
        true, [uplo](Context &c, const BatchView<TypeParam> &A, ompbatch::Pivots, int *info) {
          ompbatch::potrf(c, uplo, A, info);
        });
}

/// A test batch (strided or interleaved) as a view.
template <class U, class T>
BatchView<U> view_of(Batch<T> &X) {
  return X.layout() == Layout::interleaved
             ? BatchView<U>::interleaved(X.rows(), X.cols(), X.data(), X.ld(), X.width(), X.count())
             : BatchView<U>::strided(X.rows(), X.cols(), X.data(), X.ld(), X.stride(), X.count());
}

/// getrs and getri on what getrf leaves of the special matrices (NaN, infinities, zero pivots):
/// every path, layout and backend returns, leaves the factors and pivots as they were, and
/// writes nothing outside B's and the inverses' matrices (and getri's info).
TYPED_TEST(NonFinite, SolvesOnTheirFactorsWriteOnlyTheirOutputs) {
  using T = TypeParam;
  for (int n : {5, 40, 130}) {
    const std::vector<std::vector<T>> mats = special_matrices<T>(n, false);
    std::mt19937_64 rng(n);
    const std::vector<T> rhs = random_matrix<T>(n, 3, rng);
    for_each_path([&](const std::string &path, Context &ctx) {
      for (Layout layout : {Layout::strided, Layout::interleaved}) {
        SCOPED_TRACE(fmt::format("n = {}: {} {}", n, path, layout_name(layout)));
        Batch<T> A(layout, n, n, kCases, kCases), B(layout, n, 3, kCases, kCases),
            C(layout, n, n, kCases, kCases);
        const long long ps = layout == Layout::interleaved ? n : A.pstride();
        for (int c = 0; c < kCases; ++c) A.set(c, mats[c]), B.set(c, rhs);
        ompbatch::getrf(ctx, view_of<T>(A), {A.piv(), ps}, A.info());
        A.snapshot();
        B.snapshot();
        C.snapshot();
        ompbatch::getrs(ctx, Op::n, view_of<const T>(A), ConstPivots{A.piv(), ps}, view_of<T>(B));
        ompbatch::getri(ctx, view_of<const T>(A), ConstPivots{A.piv(), ps}, view_of<T>(C),
                        C.info());
        EXPECT_TRUE(A.unchanged()) << "the factors or pivots were written";
        B.expect_padding_untouched(false, false);
        C.expect_padding_untouched(false, true);
      }
    });
  }
}

}  // namespace
}  // namespace ompbtest
