/* SPDX-License-Identifier: BSD-3-Clause */
/* One batch split across MPI ranks: rank r of p factors matrices [r*N/p, (r+1)*N/p) of a batch
 * of N matrices with its own handle (dgetrf, strided), then rank 0 gathers the factors, pivots
 * and infos. Each rank's device is chosen from its rank on the node when the offload backend
 * sees several devices (local rank modulo the device count); OpenMP threads per rank come from
 * OMP_NUM_THREADS (see docs/mpi.md). Every matrix is generated from its global index, so the
 * gathered result does not depend on the number of ranks: with an output file argument, rank 0
 * writes it (factors, then pivots, then infos, raw), and a run with 1 rank and one with 2 give
 * identical files. Usage: mpirun -np P mpi_getrf [output-file] */
#include <mpi.h>
#include <omp.h>
#include <ompbatch/ompbatch.h>
#include <stdio.h>
#include <stdlib.h>

enum { n = 16, total = 3000 };

static void generate(double *a, long long global) { /* matrix number `global`, entries in [-1, 1] */
  unsigned long long s = 0x9E3779B97F4A7C15ull * (unsigned long long)(global + 1);
  for (int k = 0; k < n * n; ++k) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    a[k] = (double)(s >> 11) / 9007199254740992.0 * 2 - 1;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, ranks, local_rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  MPI_Comm node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local_rank);

  const int first = (int)((long long)rank * total / ranks);
  const int count = (int)((long long)(rank + 1) * total / ranks) - first;
  double *a = malloc(sizeof(double) * n * n * (count > 0 ? count : 1));
  int *ipiv = malloc(sizeof(int) * n * (count > 0 ? count : 1));
  int *info = malloc(sizeof(int) * (count > 0 ? count : 1));
  for (int k = 0; k < count; ++k) generate(a + (long long)k * n * n, first + k);

  ompbHandle_t h; /* one handle per rank */
  int failed = ompbCreate(&h) != OMPB_STATUS_SUCCESS;
  ompbBackend_t backend = OMPB_BACKEND_HOST;
  int device = -1;
  if (!failed) {
    ompbGetBackend(h, &backend);
    const int devices = omp_get_num_devices();
    if (backend == OMPB_BACKEND_OFFLOAD && devices > 1)
      failed |= ompbSetDevice(h, local_rank % devices) != OMPB_STATUS_SUCCESS;
    if (backend == OMPB_BACKEND_OFFLOAD) ompbGetDevice(h, &device);
    failed |= ompbDgetrfStridedBatched(h, n, n, a, n, (long long)n * n, ipiv, n, info, count) !=
              OMPB_STATUS_SUCCESS;
    if (failed) fprintf(stderr, "rank %d: %s\n", rank, ompbGetLastErrorMessage(h));
    ompbDestroy(h);
  }
  printf("rank %d of %d (local rank %d): matrices %d..%d, backend %s, device %d, %d threads\n",
         rank, ranks, local_rank, first, first + count - 1,
         backend == OMPB_BACKEND_OFFLOAD ? "offload" : "host", device, omp_get_max_threads());

  /* rank 0 gathers everything, in global order */
  int *counts = malloc(sizeof(int) * ranks), *displs = malloc(sizeof(int) * ranks);
  for (int r = 0; r < ranks; ++r) {
    counts[r] = (int)((long long)(r + 1) * total / ranks) - (int)((long long)r * total / ranks);
    displs[r] = (int)((long long)r * total / ranks);
  }
  double *all_a = NULL;
  int *all_ipiv = NULL, *all_info = NULL;
  if (rank == 0) {
    all_a = malloc(sizeof(double) * n * n * total);
    all_ipiv = malloc(sizeof(int) * n * total);
    all_info = malloc(sizeof(int) * total);
  }
  MPI_Gatherv(info, count, MPI_INT, all_info, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  for (int r = 0; r < ranks; ++r) counts[r] *= n, displs[r] *= n;
  MPI_Gatherv(ipiv, count * n, MPI_INT, all_ipiv, counts, displs, MPI_INT, 0, MPI_COMM_WORLD);
  for (int r = 0; r < ranks; ++r) counts[r] *= n, displs[r] *= n;
  MPI_Gatherv(a, count * n * n, MPI_DOUBLE, all_a, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int any_failed = 0;
  MPI_Reduce(&failed, &any_failed, 1, MPI_INT, MPI_MAX, 0, MPI_COMM_WORLD);

  if (rank == 0) {
    int singular = 0;
    for (int k = 0; k < total; ++k) singular += all_info[k] != 0;
    printf("%d matrices of order %d factored on %d ranks, %d singular\n", total, n, ranks,
           singular);
    if (argc > 1 && !any_failed) {
      FILE *f = fopen(argv[1], "wb");
      any_failed |=
          !f || fwrite(all_a, sizeof(double), (size_t)n * n * total, f) != (size_t)n * n * total ||
          fwrite(all_ipiv, sizeof(int), (size_t)n * total, f) != (size_t)n * total ||
          fwrite(all_info, sizeof(int), total, f) != total;
      if (f) any_failed |= fclose(f) != 0;
    }
  }
  MPI_Bcast(&any_failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free(a), free(ipiv), free(info), free(counts), free(displs), free(all_a), free(all_ipiv),
      free(all_info);
  MPI_Comm_free(&node);
  MPI_Finalize();
  return any_failed;
}
