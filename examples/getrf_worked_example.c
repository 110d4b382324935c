/* SPDX-License-Identifier: BSD-3-Clause */
/* The batched LU worked example of the vendor documentation, on ompbatch: two 3 x 3 single
 * precision matrices, the second singular (row 3 = row 1 + row 2), factored with partial
 * pivoting. As there, the matrices, the pointer array, the pivots and info live in device
 * memory when the backend is the offload one (OMPB_MEMORY_DEVICE: omp_target_alloc and
 * omp_target_memcpy take the place of the vendor's malloc and memcpy); on the host backend
 * they are plain host arrays. Expected, on both:
 *   Batch 0: infoArray[0] = 0, pivots 3 3 3
 *   Batch 1: infoArray[1] = 3, pivots 3 2 3
 * The vendor's document (and LAPACK with this BLAS) gives infoArray[1] = 2: there the update
 * u22 = 4 - (2/3)*6 is rounded twice (product, then difference) and cancels to exactly 0;
 * ompbatch fuses it (one rounding, the same on every backend), u22 = -1.19e-7, and the first
 * exactly zero pivot is u33. Either way the matrix is reported singular (info > 0); see
 * docs/porting.md. The exit status is 0 when that is what came back. */
#include <omp.h>
#include <ompbatch/ompbatch.h>
#include <stdio.h>
#include <string.h>

enum { n = 3, lda = 3, batchSize = 2 };

/* Copies between host and the handle's memory: omp_target_memcpy on the device, memcpy else. */
static void copy(void *dst, const void *src, size_t bytes, int dst_dev, int src_dev) {
  if (dst_dev == omp_get_initial_device() && src_dev == omp_get_initial_device())
    memcpy(dst, src, bytes);
  else
    omp_target_memcpy(dst, src, bytes, 0, 0, dst_dev, src_dev);
}

int main(void) {
  const float hA0[n * lda] = {2, 4, 6, 1, 3, 5, 1, 3, 4}; /* column-major */
  const float hA1[n * lda] = {1, 2, 3, 2, 4, 6, 3, 6, 9};
  int hPivot[batchSize * n] = {0}, hInfo[batchSize] = {0};
  float hLU0[n * lda], hLU1[n * lda];

  ompbHandle_t handle;
  if (ompbCreate(&handle) != OMPB_STATUS_SUCCESS) return 1;
  ompbBackend_t backend;
  ompbGetBackend(handle, &backend);
  const int host = omp_get_initial_device();
  int dev = host;
  if (backend == OMPB_BACKEND_OFFLOAD) { /* data on the device, as in the vendor's example */
    ompbGetDevice(handle, &dev);
    ompbSetMemorySpace(handle, OMPB_MEMORY_DEVICE);
  }
  float storage0[n * lda], storage1[n * lda], *hostPtrs[batchSize];
  int pivStorage[batchSize * n], infoStorage[batchSize];
  const size_t matSize = sizeof hA0;
  float *dA0 = dev == host ? storage0 : omp_target_alloc(matSize, dev);
  float *dA1 = dev == host ? storage1 : omp_target_alloc(matSize, dev);
  float **dPtrArray = dev == host ? hostPtrs : omp_target_alloc(sizeof hostPtrs, dev);
  int *dPivot = dev == host ? pivStorage : omp_target_alloc(sizeof hPivot, dev);
  int *dInfo = dev == host ? infoStorage : omp_target_alloc(sizeof hInfo, dev);
  if (!dA0 || !dA1 || !dPtrArray || !dPivot || !dInfo) return 1;
  copy(dA0, hA0, matSize, dev, host);
  copy(dA1, hA1, matSize, dev, host);
  float *ptrs[batchSize] = {dA0, dA1}; /* the pointer array holds device addresses, on the device */
  copy(dPtrArray, ptrs, sizeof ptrs, dev, host);

  ompbStatus_t status = ompbSgetrfBatched(handle, n, dPtrArray, lda, dPivot, dInfo, batchSize);
  if (status != OMPB_STATUS_SUCCESS) {
    fprintf(stderr, "ompbSgetrfBatched failed: %s\n", ompbGetLastErrorMessage(handle));
    return 1;
  }
  copy(hPivot, dPivot, sizeof hPivot, host, dev);
  copy(hInfo, dInfo, sizeof hInfo, host, dev);
  copy(hLU0, dA0, matSize, host, dev); /* L and U in place of A */
  copy(hLU1, dA1, matSize, host, dev);
  for (int b = 0; b < batchSize; b++) {
    printf("Batch %d: infoArray[%d] = %d\n  Pivots:", b, b, hInfo[b]);
    for (int j = 0; j < n; j++) printf(" %d", hPivot[b * n + j]);
    printf("\n");
  }
  printf("  U of batch 1: %g %g %g / %g %g / %g\n", hLU1[0], hLU1[3], hLU1[6], hLU1[4], hLU1[7],
         hLU1[8]);
  if (dev != host) {
    omp_target_free(dA0, dev), omp_target_free(dA1, dev), omp_target_free(dPtrArray, dev);
    omp_target_free(dPivot, dev), omp_target_free(dInfo, dev);
  }
  ompbDestroy(handle);
  const int expected[batchSize * n] = {3, 3, 3, 3, 2, 3};
  return !(hInfo[0] == 0 && hInfo[1] == 3 && memcmp(hPivot, expected, sizeof expected) == 0 &&
           hLU0[0] == 6 && hLU1[0] == 3);
}
