/* SPDX-License-Identifier: BSD-3-Clause */
/* Creates a handle and prints ompbCreate's status name: the environment variables that a process
   reads once (OMPBATCH_HOST_ISA, OMPBATCH_HOST_TABLE) are checked by a run of its own each. */
#include <ompbatch/ompbatch.h>
#include <stdio.h>

int main(void) {
  ompbHandle_t h = NULL;
  const ompbStatus_t s = ompbCreate(&h);
  printf("%s\n", ompbGetStatusName(s));
  if (s == OMPB_STATUS_SUCCESS) ompbDestroy(h);
  return 0;
}
