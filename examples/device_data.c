/* SPDX-License-Identifier: BSD-3-Clause */
/* Data already on the device: the caller maps a strided batch with `omp target data` for a
 * sequence of calls, calls ompbatch with its host addresses (OMPB_MEMORY_HOST, the default: on
 * the offload backend the library finds the device copies present and works on them in place,
 * leaving the host copies alone), and brings the solutions back with `target update from`.
 * The batch: n x n systems A x = b, factored (dgetrf) and solved (dgetrs) on the device.
 * Exit status 0 when every residual ||A x - b||_1 / (n ||A||_1 ||x||_1 eps) is below 30. */
#include <float.h>
#include <math.h>
#include <omp.h>
#include <ompbatch/ompbatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { n = 8, batch = 256 };

int main(void) {
  const long long sa = (long long)n * n;
  double *a = malloc(sizeof(double) * sa * batch), *b = malloc(sizeof(double) * n * batch);
  double *a0 = malloc(sizeof(double) * sa * batch), *b0 = malloc(sizeof(double) * n * batch);
  int *ipiv = malloc(sizeof(int) * n * batch), *info = malloc(sizeof(int) * batch);
  if (!a || !b || !a0 || !b0 || !ipiv || !info) return 1;
  unsigned seed = 1;
  for (long long k = 0; k < sa * batch; ++k)
    a[k] = (seed = seed * 1103515245u + 12345u) % 2001 / 1000.0 - 1;
  for (long long k = 0; k < (long long)n * batch; ++k)
    b[k] = (seed = seed * 1103515245u + 12345u) % 2001 / 1000.0 - 1;
  memcpy(a0, a, sizeof(double) * sa * batch);
  memcpy(b0, b, sizeof(double) * n * batch);

  ompbHandle_t h;
  if (ompbCreate(&h) != OMPB_STATUS_SUCCESS) return 1;
  ompbBackend_t backend;
  ompbGetBackend(h, &backend);
  int solve_info = 0, separate = 0, failed = 0;
  /* Mapped for the offload backend only: the host backend works on the host arrays. */
  const int offload = backend == OMPB_BACKEND_OFFLOAD;
#pragma omp target data if (offload) map(to                                         \
                                         : a [0:sa * batch]) map(tofrom             \
                                                                 : b [0:n * batch]) \
    map(from                                                                        \
        : ipiv [0:n * batch], info [0:batch])
  {
    double *device_a = a;
#pragma omp target data if (offload) use_device_ptr(a)
    device_a = a;
    separate = device_a != a; /* a device with its own memory (not host fallback, not shared) */
    failed |=
        ompbDgetrfStridedBatched(h, n, n, a, n, sa, ipiv, n, info, batch) != OMPB_STATUS_SUCCESS;
    failed |= ompbDgetrsStridedBatched(h, OMPB_OP_N, n, 1, a, n, sa, ipiv, n, b, n, n, &solve_info,
                                       batch) != OMPB_STATUS_SUCCESS;
    if (offload && separate && memcmp(b, b0, sizeof(double) * n * batch) != 0) {
      fprintf(stderr, "the host copy of b changed before target update\n");
      failed = 1;
    }
#pragma omp target update if (offload) from(b [0:n * batch])
  } /* ipiv and info come back here; the factors stay on the device and are dropped */
  if (failed) {
    fprintf(stderr, "a call failed: %s\n", ompbGetLastErrorMessage(h));
    return 1;
  }
  double worst = 0;
  for (int k = 0; k < batch; ++k) {
    const double *A = a0 + k * sa, *B = b0 + k * n, *X = b + k * n;
    double anorm = 0, xnorm = 0, res = 0;
    for (int j = 0; j < n; ++j) {
      double col = 0;
      for (int i = 0; i < n; ++i) col += fabs(A[i + j * n]);
      anorm = col > anorm ? col : anorm;
      xnorm += fabs(X[j]);
    }
    for (int i = 0; i < n; ++i) {
      double ax = -B[i];
      for (int j = 0; j < n; ++j) ax += A[i + j * n] * X[j];
      res += fabs(ax);
    }
    const double r = res / (n * anorm * xnorm * DBL_EPSILON);
    worst = r > worst ? r : worst;
    failed |= info[k] != 0;
  }
  printf("backend %s, device copies %s: %d systems solved, largest residual %.2f\n",
         offload ? "offload" : "host",
         !offload   ? "not mapped"
         : separate ? "separate"
                    : "shared",
         batch, worst);
  ompbDestroy(h);
  free(a), free(b), free(a0), free(b0), free(ipiv), free(info);
  return failed || solve_info != 0 || !(worst < 30);
}
