/* SPDX-License-Identifier: BSD-3-Clause */
/* A C program built with `cc $(pkg-config --cflags --libs ompbatch)`: the header's version is
 * the library's, and the README's example factors as it should. Exit status 0 when so. */
#include <ompbatch/ompbatch.h>
#include <stdio.h>

int main(void) {
  const int header =
      OMPBATCH_VERSION_MAJOR * 10000 + OMPBATCH_VERSION_MINOR * 100 + OMPBATCH_VERSION_PATCH;
  double a0[9] = {2, 4, 6, 1, 3, 5, 1, 3, 4};
  double *A[1] = {a0};
  int ipiv[3], info[1];
  ompbHandle_t h;
  if (ompbCreate(&h) != OMPB_STATUS_SUCCESS) return 1;
  const ompbStatus_t s = ompbDgetrfBatched(h, 3, A, 3, ipiv, info, 1);
  ompbBackend_t backend;
  ompbGetBackend(h, &backend);
  ompbDestroy(h);
  printf("pkg-config consumer: library %d, header %d, backend %d, %s, info %d, pivots %d %d %d\n",
         ompbGetVersion(), header, (int)backend, ompbGetStatusName(s), info[0], ipiv[0], ipiv[1],
         ipiv[2]);
  return !(ompbGetVersion() == header && s == OMPB_STATUS_SUCCESS && info[0] == 0 && ipiv[0] == 3);
}
