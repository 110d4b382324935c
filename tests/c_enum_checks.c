/* SPDX-License-Identifier: BSD-3-Clause */
/* Enum arguments outside their enumerators, as a C caller can pass them (C++ cannot hold
   such values in these enum types): each call fails with OMPB_STATUS_INVALID_VALUE, getrs and
   potrs set info = -2, and nothing is written. Exit status 0 when all hold. */
#include <ompbatch/ompbatch.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expect(int ok, const char *what, ompbHandle_t h) {
  if (!ok) {
    fprintf(stderr, "FAILED: %s (%s)\n", what, ompbGetLastErrorMessage(h));
    ++failures;
  }
}

int main(void) {
  double a[9] = {4, 1, 0, 1, 4, 1, 0, 1, 4}, b[3] = {1, 2, 3}, a0[9], b0[3], one = 1;
  double *A[1] = {a}, *B[1] = {b};
  const double *cA[1] = {a};
  int ipiv[3] = {1, 2, 3}, info = 12345, infos[1] = {777};
  ompbHandle_t h;
  memcpy(a0, a, sizeof a);
  memcpy(b0, b, sizeof b);
  if (ompbCreate(&h) != OMPB_STATUS_SUCCESS) return 1;

  expect(ompbSetBackend(h, (ompbBackend_t)7) == OMPB_STATUS_INVALID_VALUE, "backend 7", h);
  expect(ompbSetMemorySpace(h, (ompbMemorySpace_t)5) == OMPB_STATUS_INVALID_VALUE, "space 5", h);
  expect(ompbDgetrsBatched(h, (ompbOperation_t)9, 3, 1, cA, 3, ipiv, B, 3, &info, 1) ==
                 OMPB_STATUS_INVALID_VALUE &&
             info == -2,
         "getrs trans 9", h);
  info = 12345;
  expect(ompbDpotrsBatched(h, (ompbFillMode_t)-1, 3, 1, cA, 3, B, 3, &info, 1) ==
                 OMPB_STATUS_INVALID_VALUE &&
             info == -2,
         "potrs uplo -1", h);
  expect(ompbDpotrfBatched(h, (ompbFillMode_t)2, 3, A, 3, infos, 1) == OMPB_STATUS_INVALID_VALUE,
         "potrf uplo 2", h);
  expect(strstr(ompbGetLastErrorMessage(h), "uplo (2) is not a valid value") != NULL,
         "potrf message", h);
  expect(ompbDtrsmBatched(h, (ompbSideMode_t)5, OMPB_FILL_MODE_LOWER, OMPB_OP_N, OMPB_DIAG_UNIT, 3,
                          1, &one, cA, 3, B, 3, 1) == OMPB_STATUS_INVALID_VALUE,
         "trsm side 5", h);
  expect(ompbDtrsmBatched(h, OMPB_SIDE_LEFT, OMPB_FILL_MODE_LOWER, (ompbOperation_t)3,
                          OMPB_DIAG_UNIT, 3, 1, &one, cA, 3, B, 3, 1) == OMPB_STATUS_INVALID_VALUE,
         "trsm trans 3", h);
  expect(ompbDtrsmBatched(h, OMPB_SIDE_LEFT, OMPB_FILL_MODE_LOWER, OMPB_OP_N, (ompbDiagType_t)7, 3,
                          1, &one, cA, 3, B, 3, 1) == OMPB_STATUS_INVALID_VALUE,
         "trsm diag 7", h);
  expect(memcmp(a, a0, sizeof a) == 0 && memcmp(b, b0, sizeof b) == 0 && infos[0] == 777,
         "nothing written", h);
  ompbDestroy(h);
  printf("c_enum_checks: %d failure(s)\n", failures);
  return failures != 0;
}
