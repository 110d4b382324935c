// SPDX-License-Identifier: BSD-3-Clause
#include <cstdio>
#include <ompbatch/ompbatch.hpp>
#include <vector>

int main() {
  // C API
  std::vector<double> a = {2, 4, 6, 1, 3, 5, 1, 3, 4};
  double *A[] = {a.data()};
  int ipiv[3], info[1];
  ompbHandle_t h;
  if (ompbCreate(&h) != OMPB_STATUS_SUCCESS) return 1;
  if (ompbDgetrfBatched(h, 3, A, 3, ipiv, info, 1) != OMPB_STATUS_SUCCESS) return 2;
  ompbBackend_t backend;
  ompbGetBackend(h, &backend);
  ompbDestroy(h);
  // C++ API, 1 x 1 and 2 x 2 matrices, strided
  ompbatch::Context ctx;
  std::vector<float> b = {4, 2, 2, 3};
  std::vector<int> piv(2), inf(1);
  ompbatch::getrf(ctx, ompbatch::BatchView<float>::strided(2, 2, b.data(), 2, 4, 1),
                  {piv.data(), 2}, inf.data());
  std::printf("consumer: backend %d, info %d %d, pivots %d %d %d, u22 %g\n", int(backend), info[0],
              inf[0], ipiv[0], ipiv[1], ipiv[2], double(b[3]));
  return (info[0] == 0 && ipiv[0] == 3 && inf[0] == 0 && b[3] == 2.0f) ? 0 : 3;
}
