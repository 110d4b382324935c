/* SPDX-License-Identifier: BSD-3-Clause */
/* The C API from C99: the README's example, checked (exit status 0 when right). */
#include <ompbatch/ompbatch.h>
#include <stdio.h>

int main(void) {
  double a0[9] = {2, 4, 6, 1, 3, 5, 1, 3, 4}; /* column-major 3x3 */
  double a1[9] = {4, 1, 0, 1, 4, 1, 0, 1, 4};
  double *A[2] = {a0, a1};
  int ipiv[6], info[2];
  ompbHandle_t h;
  if (ompbCreate(&h) != OMPB_STATUS_SUCCESS) return 1;
  ompbStatus_t s = ompbDgetrfBatched(h, 3, A, 3, ipiv, info, 2);
  if (s != OMPB_STATUS_SUCCESS) {
    fprintf(stderr, "%s: %s\n", ompbGetStatusName(s), ompbGetLastErrorMessage(h));
    return 1;
  }
  printf("info = {%d, %d}, pivots of A0 = %d %d %d\n", info[0], info[1], ipiv[0], ipiv[1], ipiv[2]);
  s = ompbDgetrfBatched(h, 3, A, 2, ipiv, info, 2); /* lda too small: an error, nothing written */
  printf("%s: %s\n", ompbGetStatusName(s), ompbGetLastErrorMessage(h));
  ompbDestroy(h);
  return !(info[0] == 0 && info[1] == 0 && ipiv[0] == 3 && ipiv[1] == 3 && ipiv[2] == 3 &&
           s == OMPB_STATUS_INVALID_VALUE);
}
