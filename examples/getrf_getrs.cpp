// SPDX-License-Identifier: BSD-3-Clause
// getrf + getrs from C++: a strided batch of n x n systems A x = b factored once and solved for
// nrhs right-hand sides; the largest scaled residual ||A x - b||_1 / (n ||A||_1 ||x||_1 eps) is
// printed. Exit status 0 when it is below 30 (LAPACK's test threshold).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <ompbatch/ompbatch.hpp>
#include <random>
#include <vector>

int main() {
  const int n = 24, nrhs = 4, batch = 1000;
  const long long sa = static_cast<long long>(n) * n, sb = static_cast<long long>(n) * nrhs;
  std::vector<double> a(sa * batch), b(sb * batch);
  std::mt19937_64 gen(42);
  std::uniform_real_distribution<double> dist(-1, 1);
  for (auto &x : a) x = dist(gen);
  for (auto &x : b) x = dist(gen);
  const std::vector<double> a0 = a, b0 = b;
  std::vector<int> ipiv(static_cast<size_t>(n) * batch), info(batch);

  try {
    ompbatch::Context ctx;  // backend from OMPBATCH_BACKEND
    using View = ompbatch::BatchView<double>;
    const View A = View::strided(n, n, a.data(), n, sa, batch);
    ompbatch::getrf(ctx, A, {ipiv.data(), n}, info.data());
    ompbatch::getrs<double>(
        ctx, ompbatch::Op::n,
        ompbatch::BatchView<const double>::strided(n, n, a.data(), n, sa, batch),
        ompbatch::ConstPivots(ipiv.data(), n), View::strided(n, nrhs, b.data(), n, sb, batch));
  } catch (const ompbatch::Error &e) {  // invalid arguments; e.status() is the C status
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  double worst = 0;
  for (int k = 0; k < batch; ++k) {
    if (info[k] != 0) return std::printf("matrix %d is singular (info %d)\n", k, info[k]), 1;
    const double *A = &a0[k * sa], *B = &b0[k * sb], *X = &b[k * sb];
    double anorm = 0;
    for (int j = 0; j < n; ++j) {
      double col = 0;
      for (int i = 0; i < n; ++i) col += std::abs(A[i + j * n]);
      anorm = std::max(anorm, col);
    }
    for (int r = 0; r < nrhs; ++r) {
      double res = 0, xnorm = 0;
      for (int i = 0; i < n; ++i) {
        double ax = -B[i + r * n];
        for (int j = 0; j < n; ++j) ax += A[i + j * n] * X[j + r * n];
        res += std::abs(ax);
        xnorm += std::abs(X[i + r * n]);
      }
      worst = std::max(worst, res / (n * anorm * xnorm * std::numeric_limits<double>::epsilon()));
    }
  }
  std::printf("%d systems of order %d, %d right-hand sides: largest residual %.2f (< 30)\n", batch,
              n, nrhs, worst);
  return worst < 30 ? 0 : 1;
}
