/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ompbatch.h
 * The ompbatch C API: batched dense solvers on the CPU or an OpenMP offload device.
 *
 * Names, argument order, pivot and info conventions follow the cuBLAS batched routines.
 * Matrices are column-major, pivots 1-based (LAPACK), info values follow LAPACK.
 * Every function returns an ompbStatus_t; on failure the handle keeps a message
 * (ompbGetLastErrorMessage) and no output has been written.
 */
#ifndef OMPBATCH_OMPBATCH_H
#define OMPBATCH_OMPBATCH_H

#ifdef __cplusplus
#include <complex>
typedef std::complex<float> ompbComplex;
typedef std::complex<double> ompbDoubleComplex;
extern "C" {
#else
typedef float _Complex ompbComplex;
typedef double _Complex ompbDoubleComplex;
#endif

#define OMPBATCH_VERSION_MAJOR 0
#define OMPBATCH_VERSION_MINOR 1
#define OMPBATCH_VERSION_PATCH 0

typedef struct ompbContext *ompbHandle_t;

/** Status codes; the values match cuBLAS. */
typedef enum {
  OMPB_STATUS_SUCCESS = 0,
  OMPB_STATUS_NOT_INITIALIZED = 1,   /**< handle is NULL or not created */
  OMPB_STATUS_ALLOC_FAILED = 3,      /**< host or device allocation failed */
  OMPB_STATUS_INVALID_VALUE = 7,     /**< an argument is out of range */
  OMPB_STATUS_ARCH_MISMATCH = 8,     /**< asked for offload, no device usable */
  OMPB_STATUS_MAPPING_ERROR = 11,    /**< a device mapping/transfer failed */
  OMPB_STATUS_EXECUTION_FAILED = 13, /**< a kernel failed to run */
  OMPB_STATUS_INTERNAL_ERROR = 14,
  OMPB_STATUS_NOT_SUPPORTED = 15 /**< valid request this build cannot do */
} ompbStatus_t;

typedef enum {
  OMPB_BACKEND_AUTO = 0,
  OMPB_BACKEND_HOST = 1,
  OMPB_BACKEND_OFFLOAD = 2
} ompbBackend_t;
typedef enum { OMPB_MEMORY_HOST = 0, OMPB_MEMORY_DEVICE = 1 } ompbMemorySpace_t;
typedef enum { OMPB_OP_N = 0, OMPB_OP_T = 1, OMPB_OP_C = 2 } ompbOperation_t;
typedef enum { OMPB_FILL_MODE_LOWER = 0, OMPB_FILL_MODE_UPPER = 1 } ompbFillMode_t;
typedef enum { OMPB_SIDE_LEFT = 0, OMPB_SIDE_RIGHT = 1 } ompbSideMode_t;
typedef enum { OMPB_DIAG_NON_UNIT = 0, OMPB_DIAG_UNIT = 1 } ompbDiagType_t;

/* ---------------------------------------------------------------- context */

/**
 * Creates a context. Reads OMPBATCH_BACKEND (host|offload|auto, case-insensitive),
 * OMPBATCH_DEVICE (OpenMP device number) and OMPBATCH_VERBOSE (1: one line to stderr).
 * @param[out] handle the new context
 * @return OMPB_STATUS_INVALID_VALUE for a bad environment value, OMPB_STATUS_ARCH_MISMATCH
 *         when OMPBATCH_BACKEND=offload and no device is usable.
 */
ompbStatus_t ompbCreate(ompbHandle_t *handle);
/** Destroys a context; the handle is invalid afterwards. */
ompbStatus_t ompbDestroy(ompbHandle_t handle);
/** Selects the backend; OFFLOAD without a usable device gives OMPB_STATUS_ARCH_MISMATCH. */
ompbStatus_t ompbSetBackend(ompbHandle_t handle, ompbBackend_t backend);
/** The resolved backend: HOST or OFFLOAD, never AUTO. */
ompbStatus_t ompbGetBackend(ompbHandle_t handle, ompbBackend_t *backend);
/** Selects the OpenMP device number used by the offload backend. */
ompbStatus_t ompbSetDevice(ompbHandle_t handle, int device);
ompbStatus_t ompbGetDevice(ompbHandle_t handle, int *device);
/** Where array arguments live: host addresses (default) or device addresses (offload only). */
ompbStatus_t ompbSetMemorySpace(ompbHandle_t handle, ompbMemorySpace_t space);
ompbStatus_t ompbGetMemorySpace(ompbHandle_t handle, ompbMemorySpace_t *space);
/** "OMPB_STATUS_INVALID_VALUE" and so on; "OMPB_STATUS_UNKNOWN" for other values. */
const char *ompbGetStatusName(ompbStatus_t status);
/** One readable sentence describing the status. */
const char *ompbGetStatusString(ompbStatus_t status);
/** What the last failing call on this handle said, e.g.
 *  "ompbDgetrfBatched: lda (2) < max(1,n) (3)"; "" when none failed yet. */
const char *ompbGetLastErrorMessage(ompbHandle_t handle);
/** MAJOR*10000 + MINOR*100 + PATCH. */
int ompbGetVersion(void);

/**
 * The interleave width the current backend runs fastest with.
 * @param[in] type 'S', 'D', 'C' or 'Z'
 * @param[out] width
 */
ompbStatus_t ompbGetInterleaveWidth(ompbHandle_t handle, char type, int *width);

/* ------------------------------------------------------- layout conversion */

/** Copies the m x n matrices Aarray[b] into the interleaved array Ai (width lanes per block).
 *  Lanes of Ai past batchSize in the last block are not written. */
ompbStatus_t ompbSPackInterleaved(ompbHandle_t handle, int m, int n, const float *const Aarray[],
                                  int lda, float *Ai, int ldai, int width, int batchSize);
ompbStatus_t ompbDPackInterleaved(ompbHandle_t handle, int m, int n, const double *const Aarray[],
                                  int lda, double *Ai, int ldai, int width, int batchSize);
ompbStatus_t ompbCPackInterleaved(ompbHandle_t handle, int m, int n,
                                  const ompbComplex *const Aarray[], int lda, ompbComplex *Ai,
                                  int ldai, int width, int batchSize);
ompbStatus_t ompbZPackInterleaved(ompbHandle_t handle, int m, int n,
                                  const ompbDoubleComplex *const Aarray[], int lda,
                                  ompbDoubleComplex *Ai, int ldai, int width, int batchSize);

/** Copies the interleaved array Ai back into the m x n matrices Aarray[b]. */
ompbStatus_t ompbSUnpackInterleaved(ompbHandle_t handle, int m, int n, const float *Ai, int ldai,
                                    int width, float *const Aarray[], int lda, int batchSize);
ompbStatus_t ompbDUnpackInterleaved(ompbHandle_t handle, int m, int n, const double *Ai, int ldai,
                                    int width, double *const Aarray[], int lda, int batchSize);
ompbStatus_t ompbCUnpackInterleaved(ompbHandle_t handle, int m, int n, const ompbComplex *Ai,
                                    int ldai, int width, ompbComplex *const Aarray[], int lda,
                                    int batchSize);
ompbStatus_t ompbZUnpackInterleaved(ompbHandle_t handle, int m, int n, const ompbDoubleComplex *Ai,
                                    int ldai, int width, ompbDoubleComplex *const Aarray[], int lda,
                                    int batchSize);

/* ------------------------------------------------------------------ getrf */

/**
 * LU factorization with partial pivoting, P*A = L*U, of n x n matrices (pointer array).
 * @param[in,out] Aarray     batchSize pointers to n x n matrices (leading dimension lda);
 *                           overwritten by L (unit diagonal not stored) and U
 * @param[out]    PivotArray n pivots per matrix, PivotArray[b*n + k], 1-based;
 *                           NULL: no pivoting
 * @param[out]    infoArray  infoArray[b] = 0, or k > 0 when U(k,k) is exactly zero (the
 *                           factorization still completes); may be NULL only without pivoting
 */
ompbStatus_t ompbSgetrfBatched(ompbHandle_t handle, int n, float *const Aarray[], int lda,
                               int *PivotArray, int *infoArray, int batchSize);
ompbStatus_t ompbDgetrfBatched(ompbHandle_t handle, int n, double *const Aarray[], int lda,
                               int *PivotArray, int *infoArray, int batchSize);
ompbStatus_t ompbCgetrfBatched(ompbHandle_t handle, int n, ompbComplex *const Aarray[], int lda,
                               int *PivotArray, int *infoArray, int batchSize);
ompbStatus_t ompbZgetrfBatched(ompbHandle_t handle, int n, ompbDoubleComplex *const Aarray[],
                               int lda, int *PivotArray, int *infoArray, int batchSize);

/** m x n LU of matrices at A + b*strideA; pivots at ipiv + b*strideP (min(m,n) each). */
ompbStatus_t ompbSgetrfStridedBatched(ompbHandle_t handle, int m, int n, float *A, int lda,
                                      long long strideA, int *ipiv, long long strideP,
                                      int *infoArray, int batchSize);
ompbStatus_t ompbDgetrfStridedBatched(ompbHandle_t handle, int m, int n, double *A, int lda,
                                      long long strideA, int *ipiv, long long strideP,
                                      int *infoArray, int batchSize);
ompbStatus_t ompbCgetrfStridedBatched(ompbHandle_t handle, int m, int n, ompbComplex *A, int lda,
                                      long long strideA, int *ipiv, long long strideP,
                                      int *infoArray, int batchSize);
ompbStatus_t ompbZgetrfStridedBatched(ompbHandle_t handle, int m, int n, ompbDoubleComplex *A,
                                      int lda, long long strideA, int *ipiv, long long strideP,
                                      int *infoArray, int batchSize);

/** m x n LU of interleaved matrices: element (i,j) of matrix b at
 *  A[(b/width)*width*lda*n + (i + j*lda)*width + b%width]; pivot k of matrix b at
 *  ipiv[(b/width)*width*min(m,n) + k*width + b%width]. */
ompbStatus_t ompbSgetrfInterleavedBatched(ompbHandle_t handle, int m, int n, float *A, int lda,
                                          int width, int *ipiv, int *infoArray, int batchSize);
ompbStatus_t ompbDgetrfInterleavedBatched(ompbHandle_t handle, int m, int n, double *A, int lda,
                                          int width, int *ipiv, int *infoArray, int batchSize);
ompbStatus_t ompbCgetrfInterleavedBatched(ompbHandle_t handle, int m, int n, ompbComplex *A,
                                          int lda, int width, int *ipiv, int *infoArray,
                                          int batchSize);
ompbStatus_t ompbZgetrfInterleavedBatched(ompbHandle_t handle, int m, int n, ompbDoubleComplex *A,
                                          int lda, int width, int *ipiv, int *infoArray,
                                          int batchSize);

#ifdef __cplusplus
}
#endif
#endif /* OMPBATCH_OMPBATCH_H */
