// SPDX-License-Identifier: BSD-3-Clause
// Scale and isolation: a million matrices in one call (70 000 on the offload backend, more than
// the 65 535 blocks of one GPU grid dimension), strides and leading dimensions whose spans pass
// 2^32 elements, and eight threads with a handle each giving bit-identical results.
#include <atomic>
#include <climits>
#include <cstdint>
#include <mutex>
#include <thread>

#include "common/harness.hpp"

namespace ompbtest {
namespace {

namespace ref = ompbatch::reference;

/// A value in [-1, 1) from a 64-bit key (splitmix64's mixer): a million matrices are made, and
/// made again for the checks, without keeping a copy.
double value(std::uint64_t key) {
  key += 0x9e3779b97f4a7c15ULL;
  key = (key ^ (key >> 30)) * 0xbf58476d1ce4e5b9ULL;
  key = (key ^ (key >> 27)) * 0x94d049bb133111ebULL;
  key ^= key >> 31;
  return double(key >> 11) * 0x1p-52 - 1.0;
}

/// Matrix b of a batch, n x n column-major: general (random entries), or symmetric positive
/// definite (random off-diagonal entries, 2n on the diagonal: diagonally dominant).
template <class T>
std::vector<T> matrix(int n, std::uint64_t b, bool spd) {
  std::vector<T> a(std::size_t(n) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const int r = spd ? std::min(i, j) : i, c = spd ? std::max(i, j) : j;
      a[i + std::size_t(j) * n] =
          T(spd && i == j ? 2.0 * n : value((b * n + std::uint64_t(c)) * n + std::uint64_t(r)));
    }
  return a;
}

/// Right-hand side b of a batch: n x nrhs.
template <class T>
std::vector<T> rhs(int n, int nrhs, std::uint64_t b) {
  std::vector<T> x(std::size_t(n) * nrhs);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = T(value((1ULL << 62) + b * x.size() + i));
  return x;
}

/// LAPACK's solve residual ratio ||B - A X||_1 / (n ||A||_1 ||X||_1 eps).
template <class T>
double solve_ratio(int n, int nrhs, const std::vector<T> &a, const std::vector<T> &x,
                   const std::vector<T> &b) {
  using ompbatch::testing::Dense;
  return ompbatch::testing::solve_residual(Dense<T>(n, n, a.data()), Dense<T>(n, nrhs, x.data()),
                                           Dense<T>(n, nrhs, b.data()));
}

int interleave_width(ompbHandle_t h, char type) {
  int w = 0;
  EXPECT_EQ(ompbGetInterleaveWidth(h, type, &w), OMPB_STATUS_SUCCESS);
  return w;
}

/// getrs, no transpose, in the batches' layout (factors and pivots from a.getrf).
ompbStatus_t getrs(ompbHandle_t h, Batch<double> &a, Batch<double> &x, int *info) {
  const int n = a.cols(), nrhs = x.cols(), count = a.count();
  switch (a.layout()) {
    case Layout::pointer_array:
      return ompbDgetrsBatched(h, OMPB_OP_N, n, nrhs, a.cptrs().data(), a.ld(), a.piv(), x.ptrs(),
                               x.ld(), info, count);
    case Layout::strided:
      return ompbDgetrsStridedBatched(h, OMPB_OP_N, n, nrhs, a.data(), a.ld(), a.stride(), a.piv(),
                                      a.pstride(), x.data(), x.ld(), x.stride(), info, count);
    case Layout::interleaved:
      return ompbDgetrsInterleavedBatched(h, OMPB_OP_N, n, nrhs, a.data(), a.ld(), a.width(),
                                          a.piv(), x.data(), x.ld(), info, count);
  }
  return OMPB_STATUS_INTERNAL_ERROR;
}

/// potrf (lower) in the batch's layout.
ompbStatus_t potrf(ompbHandle_t h, Batch<double> &a) {
  const int n = a.cols(), count = a.count();
  switch (a.layout()) {
    case Layout::pointer_array:
      return ompbDpotrfBatched(h, OMPB_FILL_MODE_LOWER, n, a.ptrs(), a.ld(), a.info(), count);
    case Layout::strided:
      return ompbDpotrfStridedBatched(h, OMPB_FILL_MODE_LOWER, n, a.data(), a.ld(), a.stride(),
                                      a.info(), count);
    case Layout::interleaved:
      return ompbDpotrfInterleavedBatched(h, OMPB_FILL_MODE_LOWER, n, a.data(), a.ld(), a.width(),
                                          a.info(), count);
  }
  return OMPB_STATUS_INTERNAL_ERROR;
}

/// The lower triangle of the Cholesky factor `l` equals LAPACK's `lref` to rounding (the
/// matrices are diagonally dominant, so well conditioned).
template <class T>
bool cholesky_matches(int n, const std::vector<T> &l, const std::vector<T> &lref) {
  for (int j = 0; j < n; ++j)
    for (int i = j; i < n; ++i) {
      const std::size_t e = i + std::size_t(j) * n;
      if (!(std::abs(l[e] - lref[e]) <= 8 * n * eps<T>() * std::abs(lref[j + std::size_t(j) * n])))
        return false;
    }
  return true;
}

/// Matrix b of HugeSpans's single-precision batches against LAPACKE: getrf's info, pivots p and
/// factors lu, and getrs's solution x of its right-hand side.
void expect_lu_and_solve(int n, int b, int info, const std::vector<int> &p,
                         const std::vector<float> &lu, const std::vector<float> &x) {
  const std::vector<float> a0 = matrix<float>(n, b, false);
  std::vector<float> r = a0;
  std::vector<int> rpiv(n);
  EXPECT_EQ(info, ref::getrf(n, n, r.data(), n, rpiv.data())) << "matrix " << b;
  EXPECT_EQ(p, rpiv) << "matrix " << b;
  EXPECT_LT(getrf_residual(n, n, a0, lu, p), 30.0) << "matrix " << b;
  EXPECT_LT(solve_ratio(n, 1, a0, x, rhs<float>(n, 1, b)), 30.0) << "matrix " << b;
}

/// Matrix b of HugeSpans's positive definite batches: potrf's info and lower factor l.
void expect_cholesky(int n, int b, int info, const std::vector<float> &l) {
  std::vector<float> r = matrix<float>(n, b, true);
  EXPECT_EQ(info, ref::potrf('L', n, r.data(), n)) << "matrix " << b;
  EXPECT_TRUE(cholesky_matches(n, l, r)) << "matrix " << b;
}

/// Matrices per call: 10^6 on the host; 70 000 on the offload backend (past one grid
/// dimension's 65 535 blocks, without copying 10^6 matrices through the host-offload plugin).
int many(ompbBackend_t backend) {
  return backend == OMPB_BACKEND_OFFLOAD ? 70000 : 1000000;
}

/// f(h, layout, count, width) on each backend of the run, in each layout, with many(backend)
/// matrices.
template <class F>
void for_many_matrices(F &&f) {
  for (ompbBackend_t backend : test_backends()) {
    SCOPED_TRACE(backend_name(backend));
    Handle h(backend);
    const int count = many(backend), width = interleave_width(h, 'D');
    for (Layout layout : all_layouts()) {
      SCOPED_TRACE(layout_name(layout));
      f(h, layout, count, width);
    }
  }
}

TEST(ManyMatrices, GetrfAndGetrsOnEveryMatrixOfOneCall) {
  constexpr int n = 6;
  for_many_matrices([](ompbHandle_t h, Layout layout, int count, int width) {
    Batch<double> a(layout, n, n, count, width, 0, 0), x(layout, n, 1, count, width, 0, 0);
    for (int b = 0; b < count; ++b) {
      a.set(b, matrix<double>(n, b, false));
      x.set(b, rhs<double>(n, 1, b));
    }
    ASSERT_EQ(a.getrf(h), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
    int info = -1;
    ASSERT_EQ(getrs(h, a, x, &info), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
    EXPECT_EQ(info, 0);
    long long pivots = 0, infos = 0, factors = 0, solutions = 0;
    for (int b = 0; b < count; ++b) {
      const std::vector<double> a0 = matrix<double>(n, b, false), lu = a.get(b);
      std::vector<double> r = a0;
      std::vector<int> rpiv(n);
      const int rinfo = ref::getrf(n, n, r.data(), n, rpiv.data());
      pivots += a.pivots(b) != rpiv;
      infos += a.info()[b] != rinfo;
      factors += !(getrf_residual(n, n, a0, lu, a.pivots(b)) < 30);
      solutions += !(solve_ratio(n, 1, a0, x.get(b), rhs<double>(n, 1, b)) < 30);
    }
    EXPECT_EQ(pivots, 0) << "matrices whose pivots differ from LAPACK's, of " << count;
    EXPECT_EQ(infos, 0) << "matrices whose info differs from LAPACK's";
    EXPECT_EQ(factors, 0) << "matrices with ||PA - LU|| / (n ||A|| eps) >= 30";
    EXPECT_EQ(solutions, 0) << "solutions with ||b - Ax|| / (n ||A|| ||x|| eps) >= 30";
  });
}

TEST(ManyMatrices, PotrfOnEveryMatrixOfOneCall) {
  constexpr int n = 6;
  for_many_matrices([](ompbHandle_t h, Layout layout, int count, int width) {
    Batch<double> a(layout, n, n, count, width, 0, 0);
    for (int b = 0; b < count; ++b) a.set(b, matrix<double>(n, b, true));
    ASSERT_EQ(potrf(h, a), OMPB_STATUS_SUCCESS) << ompbGetLastErrorMessage(h);
    long long infos = 0, factors = 0;
    for (int b = 0; b < count; ++b) {
      std::vector<double> r = matrix<double>(n, b, true);
      infos += a.info()[b] != ref::potrf('L', n, r.data(), n);
      factors += !cholesky_matches(n, a.get(b), r);
    }
    EXPECT_EQ(infos, 0) << "matrices whose info differs from LAPACK's, of " << count;
    EXPECT_EQ(factors, 0) << "factors that differ from LAPACK's beyond 8 n eps";
  });
}

/// The ways a call of the run's backends can go: the host's two paths, the offload backend (whose
/// device copy holds the matrices alone, whatever their span). Each test below runs every way.
struct Way {
  ompbBackend_t backend;
  const char *host_path;  // nullptr: the offload backend
};
std::vector<Way> ways() {
  std::vector<Way> w;
  for (ompbBackend_t b : test_backends())
    if (b == OMPB_BACKEND_HOST)
      w.insert(w.end(), {{b, "lanes"}, {b, "vendor"}});
    else
      w.push_back({b, nullptr});
  return w;
}

/// Three matrices kStride elements apart: the third starts past 2^32 elements, so every offset
/// computation has to be 64-bit; only the matrices' pages are touched.
TEST(HugeSpans, StridesPastTwoToThe32Elements) {
  constexpr long long kStride = (1LL << 31) + (1LL << 20);
  constexpr int batch = 3;
  for (int n : {4, 40}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    Reserved span((std::size_t(batch - 1) * kStride + std::size_t(n) * n) * sizeof(float));
    ASSERT_TRUE(span.data()) << "mmap of " << span.bytes() << " bytes (MAP_NORESERVE) failed";
    float *A = span.as<float>();
    auto place = [&](bool spd) {
      for (int b = 0; b < batch; ++b) {
        const std::vector<float> a = matrix<float>(n, b, spd);
        std::copy(a.begin(), a.end(), A + b * kStride);
      }
    };
    auto placed = [&](int b) {
      return std::vector<float>(A + b * kStride, A + b * kStride + n * n);
    };
    for (const Way &way : ways()) {
      SCOPED_TRACE(way.host_path ? way.host_path : "offload");
      EnvGuard env;
      env.set("OMPBATCH_HOST_PATH", way.host_path);
      Handle h(way.backend);
      place(false);
      std::vector<int> piv(std::size_t(n) * batch, -1), info(batch, -1);
      ASSERT_EQ(ompbSgetrfStridedBatched(h, n, n, A, n, kStride, piv.data(), n, info.data(), batch),
                OMPB_STATUS_SUCCESS)
          << ompbGetLastErrorMessage(h);
      std::vector<float> x(std::size_t(n) * batch);
      for (int b = 0; b < batch; ++b) {
        const std::vector<float> b0 = rhs<float>(n, 1, b);
        std::copy(b0.begin(), b0.end(), x.begin() + b * n);
      }
      int sinfo = -1;
      ASSERT_EQ(ompbSgetrsStridedBatched(h, OMPB_OP_N, n, 1, A, n, kStride, piv.data(), n, x.data(),
                                         n, n, &sinfo, batch),
                OMPB_STATUS_SUCCESS)
          << ompbGetLastErrorMessage(h);
      for (int b = 0; b < batch; ++b)
        expect_lu_and_solve(n, b, info[b], {piv.begin() + b * n, piv.begin() + (b + 1) * n},
                            placed(b), {x.begin() + b * n, x.begin() + (b + 1) * n});
      place(true);
      ASSERT_EQ(
          ompbSpotrfStridedBatched(h, OMPB_FILL_MODE_LOWER, n, A, n, kStride, info.data(), batch),
          OMPB_STATUS_SUCCESS)
          << ompbGetLastErrorMessage(h);
      for (int b = 0; b < batch; ++b) expect_cholesky(n, b, info[b], placed(b));
    }
  }
}

/// One interleaved block whose leading dimension puts its last column past 2^32 elements.
TEST(HugeSpans, InterleavedColumnsPastTwoToThe32Elements) {
  for (int n : {4, 40}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    for (const Way &way : ways()) {
      SCOPED_TRACE(way.host_path ? way.host_path : "offload");
      EnvGuard env;
      env.set("OMPBATCH_HOST_PATH", way.host_path);
      Handle h(way.backend);
      const int w = interleave_width(h, 'S');
      const int lda = int((1LL << 32) / ((long long)(n - 1) * w) + 1);
      Reserved span(std::size_t(lda) * n * w * sizeof(float));
      ASSERT_TRUE(span.data()) << "mmap of " << span.bytes() << " bytes (MAP_NORESERVE) failed";
      float *A = span.as<float>();
      auto at = [&](int b, int i, int j) -> float & {
        return A[(std::size_t(i) + std::size_t(j) * lda) * w + b];
      };
      auto place = [&](bool spd) {
        for (int b = 0; b < w; ++b) {
          const std::vector<float> a = matrix<float>(n, b, spd);
          for (int j = 0; j < n; ++j)
            for (int i = 0; i < n; ++i) at(b, i, j) = a[i + std::size_t(j) * n];
        }
      };
      auto placed = [&](int b) {
        std::vector<float> a(std::size_t(n) * n);
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < n; ++i) a[i + std::size_t(j) * n] = at(b, i, j);
        return a;
      };
      place(false);
      std::vector<int> piv(std::size_t(n) * w, -1), info(w, -1);
      ASSERT_EQ(ompbSgetrfInterleavedBatched(h, n, n, A, lda, w, piv.data(), info.data(), w),
                OMPB_STATUS_SUCCESS)
          << ompbGetLastErrorMessage(h);
      std::vector<float> x(std::size_t(n) * w);  // interleaved, ldb = n
      for (int b = 0; b < w; ++b)
        for (int i = 0; i < n; ++i) x[std::size_t(i) * w + b] = rhs<float>(n, 1, b)[i];
      int sinfo = -1;
      ASSERT_EQ(ompbSgetrsInterleavedBatched(h, OMPB_OP_N, n, 1, A, lda, w, piv.data(), x.data(), n,
                                             &sinfo, w),
                OMPB_STATUS_SUCCESS)
          << ompbGetLastErrorMessage(h);
      for (int b = 0; b < w; ++b) {
        std::vector<float> xb(n);
        std::vector<int> p(n);
        for (int k = 0; k < n; ++k) p[k] = piv[std::size_t(k) * w + b];
        for (int i = 0; i < n; ++i) xb[i] = x[std::size_t(i) * w + b];
        expect_lu_and_solve(n, b, info[b], p, placed(b), xb);
      }
      place(true);
      ASSERT_EQ(ompbSpotrfInterleavedBatched(h, OMPB_FILL_MODE_LOWER, n, A, lda, w, info.data(), w),
                OMPB_STATUS_SUCCESS)
          << ompbGetLastErrorMessage(h);
      for (int b = 0; b < w; ++b) expect_cholesky(n, b, info[b], placed(b));
    }
  }
}

/// An interleaved width at the top of int's range (2^31 - 8, one block of 5 matrices): every
/// lane and chunk count is computed on 64 bits, so the matrices are factored (an int count of the
/// block's chunks had overflowed and nothing was computed); on the offload backend the device copy
/// holds the 5 matrices alone.
TEST(HugeSpans, InterleavedWidthAtTheTopOfInt) {
  constexpr int n = 2, count = 5, width = INT_MAX - 7;
  const std::size_t span = (std::size_t(n - 1) * n + n) * width;  // to the last column's end
  Reserved reserved(span * sizeof(float));
  ASSERT_TRUE(reserved.data()) << "mmap of " << reserved.bytes() << " bytes (MAP_NORESERVE) failed";
  float *A = reserved.as<float>();
  auto at = [&](int b, int i, int j) -> float & {
    return A[(std::size_t(i) + std::size_t(j) * n) * width + b];
  };
  for (const Way &way : ways()) {
    SCOPED_TRACE(way.host_path ? way.host_path : "offload");
    EnvGuard env;
    env.set("OMPBATCH_HOST_PATH", way.host_path);
    Handle h(way.backend);
    for (int b = 0; b < count; ++b) {
      const std::vector<float> a = matrix<float>(n, b, true);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) at(b, i, j) = a[i + std::size_t(j) * n];
    }
    std::vector<int> info(count, -1);
    ASSERT_EQ(
        ompbSpotrfInterleavedBatched(h, OMPB_FILL_MODE_LOWER, n, A, n, width, info.data(), count),
        OMPB_STATUS_SUCCESS)
        << ompbGetLastErrorMessage(h);
    for (int b = 0; b < count; ++b) {
      std::vector<float> l(std::size_t(n) * n);
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i) l[i + std::size_t(j) * n] = at(b, i, j);
      expect_cholesky(n, b, info[b], l);
    }
  }
}

/// Every output byte of a sequence of calls, in order, and where each call's outputs begin.
struct Outputs {
  std::vector<unsigned char> bytes;
  std::vector<std::pair<std::size_t, std::string>> calls;
  /// The call whose outputs first differ from `other`'s, or "" when all are identical.
  std::string first_difference(const Outputs &other) const {
    const auto d =
        std::mismatch(bytes.begin(), bytes.end(), other.bytes.begin(), other.bytes.end());
    if (d.first == bytes.end() && d.second == other.bytes.end()) return "";
    const std::size_t at = std::size_t(d.first - bytes.begin());
    std::string call = "(past the end)";
    for (const auto &[start, name] : calls)
      if (start <= at) call = name;
    return call;
  }
};

/// A fixed sequence of calls on one handle: getrf + getrs and potrf at sizes on both sides of
/// the host crossovers, in every layout.
Outputs workload(ompbHandle_t h) {
  Outputs o;
  std::vector<unsigned char> &out = o.bytes;
  auto keep = [&out](const auto &v) {
    const auto *c = reinterpret_cast<const unsigned char *>(v.data());
    out.insert(out.end(), c, c + v.size() * sizeof(v[0]));
  };
  const int width = interleave_width(h, 'D');
  for (int n : {6, 40, 200}) {
    const int count = n == 200 ? 3 : 17;
    for (Layout layout : all_layouts()) {
      Batch<double> a(layout, n, n, count, width), x(layout, n, 2, count, width),
          s(layout, n, n, count, width);
      for (int b = 0; b < count; ++b) {
        a.set(b, matrix<double>(n, b, false));
        x.set(b, rhs<double>(n, 2, b));
        s.set(b, matrix<double>(n, b, true));
      }
      int info = -1;
      EXPECT_EQ(a.getrf(h), OMPB_STATUS_SUCCESS);
      EXPECT_EQ(getrs(h, a, x, &info), OMPB_STATUS_SUCCESS);
      EXPECT_EQ(potrf(h, s), OMPB_STATUS_SUCCESS);
      const std::string where = std::string(layout_name(layout)) + " n = " + std::to_string(n);
      o.calls.push_back({out.size(), "getrf " + where});
      for (int b = 0; b < count; ++b) {
        keep(a.get(b));
        keep(a.pivots(b));
        keep(std::vector<int>{a.info()[b]});
      }
      o.calls.push_back({out.size(), "getrs " + where});
      for (int b = 0; b < count; ++b) keep(x.get(b));
      o.calls.push_back({out.size(), "potrf " + where});
      for (int b = 0; b < count; ++b) {
        keep(s.get(b));
        keep(std::vector<int>{s.info()[b]});
      }
    }
  }
  return o;
}

/// Two threads factor their own matrices of one strided buffer (the even and the odd ones, one
/// call each) while a third keeps writing the rows between n and lda and the gaps between the
/// matrices: every matrix is factored as in one call over all of them, and every value the third
/// thread wrote stays (nothing outside the matrices is written, on the host nor back from a
/// device copy).
TEST(Threads, DisjointMatricesOfOneBufferAreIndependent) {
  constexpr int n = 8, lda = 12, count = 20000, half = count / 2;
  constexpr long long stride = lda * n + 16;
  const auto gap = [](std::size_t e) { return e % stride >= lda * n || e % stride % lda >= n; };
  for (ompbBackend_t backend : test_backends()) {
    SCOPED_TRACE(backend_name(backend));
    std::vector<double> buf(std::size_t(count) * stride, 0.0);
    for (int b = 0; b < count; ++b) {
      const std::vector<double> a = matrix<double>(n, b, false);
      for (int j = 0; j < n; ++j)
        std::copy_n(&a[std::size_t(j) * n], n, &buf[b * stride + j * lda]);
    }
    std::vector<double> ref = buf;
    std::vector<int> piv(std::size_t(count) * n), rpiv(piv.size()), rinfo(count);
    std::vector<int> info[2] = {std::vector<int>(half), std::vector<int>(half)};
    Handle h(backend);
    ASSERT_EQ(ompbDgetrfStridedBatched(h, n, n, ref.data(), lda, stride, rpiv.data(), n,
                                       rinfo.data(), count),
              OMPB_STATUS_SUCCESS);
    std::vector<std::size_t> gaps;  // the writer's elements, in the order it writes them
    for (std::size_t e = 0; e < buf.size(); ++e)
      if (gap(e)) gaps.push_back(e);
    std::atomic<bool> done{false};
    std::size_t passes = 0, stop = 0;  // the writer's last pass and where in it it stopped
    std::thread writer([&] {
      for (passes = 1;; ++passes)
        for (stop = 0; stop < gaps.size(); ++stop) {
          if (stop % 4096 == 0 && done) return;
          reinterpret_cast<volatile double &>(buf[gaps[stop]]) = double(passes);
        }
    });
    std::vector<std::thread> factor;
    std::vector<ompbStatus_t> status(2);
    for (int t = 0; t < 2; ++t)
      factor.emplace_back([&, t] {
        status[t] = ompbDgetrfStridedBatched(h, n, n, buf.data() + t * stride, lda, 2 * stride,
                                             piv.data() + t * n, 2 * n, info[t].data(), half);
      });
    for (std::thread &f : factor) f.join();
    done = true;
    writer.join();
    ASSERT_EQ(status, std::vector<ompbStatus_t>(2, OMPB_STATUS_SUCCESS));
    EXPECT_EQ(piv, rpiv);
    std::size_t wrong = 0, reverted = 0;
    for (int b = 0; b < count; ++b)
      wrong += info[b % 2][b / 2] != rinfo[b] ||
               !std::equal(&buf[b * stride], &buf[b * stride + lda * n], &ref[b * stride],
                           [&](const double &x, const double &y) {
                             return gap(std::size_t(&x - buf.data())) || x == y;
                           });
    for (std::size_t k = 0; k < gaps.size(); ++k)
      reverted += buf[gaps[k]] != double(k < stop ? passes : passes - 1);
    EXPECT_EQ(wrong, 0u) << "of " << count << " matrices factored otherwise than in one call";
    EXPECT_EQ(reverted, 0u) << "of " << gaps.size() << " values outside the matrices written ("
                            << passes << " passes)";
  }
}

TEST(Threads, EightThreadsWithAHandleEachGiveBitIdenticalResults) {
  constexpr int kThreads = 8, kRepeats = 2;
  for (ompbBackend_t backend : test_backends()) {
    SCOPED_TRACE(backend_name(backend));
    Outputs alone;
    {
      Handle h(backend);
      alone = workload(h);
    }
    ASSERT_FALSE(alone.bytes.empty());
    std::mutex lock;
    std::vector<std::string> differ;  // the first call that differed, per run
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
      threads.emplace_back([&] {
        Handle h(backend);
        for (int r = 0; r < kRepeats; ++r) {
          const std::string d = workload(h).first_difference(alone);
          const std::lock_guard<std::mutex> g(lock);
          if (!d.empty()) differ.push_back(d);
        }
      });
    for (std::thread &t : threads) t.join();
    EXPECT_TRUE(differ.empty()) << differ.size() << " of " << kThreads * kRepeats
                                << " runs differ from the run alone, first in: "
                                << (differ.empty() ? "" : differ.front());
  }
}

}  // namespace
}  // namespace ompbtest
