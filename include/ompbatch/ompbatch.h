/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file ompbatch.h
 * The ompbatch C API: batched dense solvers on the CPU or an OpenMP offload device.
 *
 * Names, argument order, pivot and info conventions follow the cuBLAS batched routines.
 * Matrices are column-major, pivots 1-based (LAPACK), info values follow LAPACK.
 * Every function returns an ompbStatus_t; on failure the handle keeps a message for the
 * calling thread (ompbGetLastErrorMessage) and no output has been written. One handle may be
 * used by many threads at once; ompbSet* must not run concurrently with calls on that handle.
 * A matrix a call writes must appear once among its arguments (a pointer repeated in the
 * pointer arrays it writes, or also named by one it reads, is OMPB_STATUS_INVALID_VALUE);
 * arrays it only reads may repeat pointers. Matrices that overlap in part give undefined
 * results. A batch must lie within the address space (a stride or width that carries it past
 * the end is OMPB_STATUS_INVALID_VALUE).
 */
#ifndef OMPBATCH_OMPBATCH_H
#define OMPBATCH_OMPBATCH_H

#ifdef __cplusplus
#include <complex>
typedef std::complex<float> ompbComplex;        /**< single complex: std::complex<float> */
typedef std::complex<double> ompbDoubleComplex; /**< double complex: std::complex<double> */
extern "C" {
#else
typedef float _Complex ompbComplex;        /**< single complex: float _Complex in C */
typedef double _Complex ompbDoubleComplex; /**< double complex: double _Complex in C */
#endif

/* The version of this header; the library's is ompbGetVersion(). The CMake project takes its
   version from these lines. */
#define OMPBATCH_VERSION_MAJOR 0 /**< major version: incompatible API changes */
#define OMPBATCH_VERSION_MINOR 1 /**< minor version: additions */
#define OMPBATCH_VERSION_PATCH 0 /**< patch version: fixes */

/** A context: the resolved backend, device and memory space, and the last error message. */
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

/** Where routines run: AUTO resolves to OFFLOAD when a device is usable, else HOST. */
typedef enum {
  OMPB_BACKEND_AUTO = 0,
  OMPB_BACKEND_HOST = 1,
  OMPB_BACKEND_OFFLOAD = 2
} ompbBackend_t;
/** Where array arguments live: host addresses, or device addresses (offload backend only). */
typedef enum { OMPB_MEMORY_HOST = 0, OMPB_MEMORY_DEVICE = 1 } ompbMemorySpace_t;
/** op(A): A, A^T or A^H. */
typedef enum { OMPB_OP_N = 0, OMPB_OP_T = 1, OMPB_OP_C = 2 } ompbOperation_t;
/** Which triangle is read or written. */
typedef enum { OMPB_FILL_MODE_LOWER = 0, OMPB_FILL_MODE_UPPER = 1 } ompbFillMode_t;
/** trsm: A on the left (op(A) X = alpha B) or on the right (X op(A) = alpha B). */
typedef enum { OMPB_SIDE_LEFT = 0, OMPB_SIDE_RIGHT = 1 } ompbSideMode_t;
/** trsm: A's diagonal as stored, or taken as ones. */
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
/** The OpenMP device number used by the offload backend. */
ompbStatus_t ompbGetDevice(ompbHandle_t handle, int *device);
/** Where array arguments live: host addresses (default) or device addresses (offload only). */
ompbStatus_t ompbSetMemorySpace(ompbHandle_t handle, ompbMemorySpace_t space);
/** Where array arguments live for calls on this handle. */
ompbStatus_t ompbGetMemorySpace(ompbHandle_t handle, ompbMemorySpace_t *space);
/** "OMPB_STATUS_INVALID_VALUE" and so on; "OMPB_STATUS_UNKNOWN" for other values. */
const char *ompbGetStatusName(ompbStatus_t status);
/** One readable sentence describing the status. */
const char *ompbGetStatusString(ompbStatus_t status);
/** What the calling thread's last failing call on this handle said, e.g.
 *  "ompbDgetrfBatched: lda (2) < max(1,n) (3)"; "" when none failed yet. Each thread sharing
 *  a handle reads its own message; the string stays valid until that thread's next failing
 *  call on the handle or ompbDestroy. */
const char *ompbGetLastErrorMessage(ompbHandle_t handle);
/** MAJOR*10000 + MINOR*100 + PATCH. */
int ompbGetVersion(void);

/**
 * The interleave width the current backend runs fastest with.
 * @param[in] handle the context, whose backend counts
 * @param[in] type 'S', 'D', 'C' or 'Z'
 * @param[out] width
 */
ompbStatus_t ompbGetInterleaveWidth(ompbHandle_t handle, char type, int *width);

/* --------------------------------------------------------- layout conversion */
/** @{ */
/**
 * Copies the m x n matrices `Aarray[b]` (leading dimension lda) into the interleaved array `Ai`
 * (leading dimension ldai, `width` matrices per block), for `b < batchSize`; lanes of the
 * last block past batchSize are not written. `ompb<t>PackInterleaved`, `<t>` = S, D, C, Z.
 */
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
/** @} */

/** @{ */
/**
 * Copies the interleaved array `Ai` back into the m x n matrices `Aarray[b]`, for
 * `b < batchSize`. `ompb<t>UnpackInterleaved`, `<t>` = S, D, C, Z.
 */
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
/** @} */

/* --------------------------------------------------------------------- getrf */
/** @{ */
/**
 * LU factorization with partial pivoting, P A = L U: n x n matrices (pointer array, as
 * cuBLAS) or m x n (strided, interleaved).
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>getrfBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>getrfStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>getrfInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - `Aarray` / `A`: overwritten by L (unit diagonal not stored) and U.
 * - Pivots, 1-based, min(m,n) per matrix: `PivotArray[b*n + k]` (pointer array),
 *   `ipiv[b*strideP + k]` (strided), `ipiv[(b/width)*width*min(m,n) + k*width + b%width]`
 *   (interleaved). NULL: no pivoting.
 * - `infoArray[b]` = 0, or k > 0 when U(k,k) is exactly zero (the factorization still
 *   completes); may be NULL only without pivoting.
 *
 * Pivots (every layout, backend and host path alike, LAPACK's reference rule): the pivot of
 * column k is the first row, from row k down, whose |a(i,k)| (|re| + |im| for complex) exceeds
 * that of every row before it: a NaN in row k stays the pivot, a NaN below is never chosen.
 * The updates are fused multiply-adds (one rounding): a matrix that is singular only through
 * cancellation may report a later zero pivot than LAPACK with a BLAS that rounds twice.
 */
ompbStatus_t ompbSgetrfBatched(ompbHandle_t handle, int n, float *const Aarray[], int lda,
                               int *PivotArray, int *infoArray, int batchSize);
ompbStatus_t ompbDgetrfBatched(ompbHandle_t handle, int n, double *const Aarray[], int lda,
                               int *PivotArray, int *infoArray, int batchSize);
ompbStatus_t ompbCgetrfBatched(ompbHandle_t handle, int n, ompbComplex *const Aarray[], int lda,
                               int *PivotArray, int *infoArray, int batchSize);
ompbStatus_t ompbZgetrfBatched(ompbHandle_t handle, int n, ompbDoubleComplex *const Aarray[],
                               int lda, int *PivotArray, int *infoArray, int batchSize);
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
/** @} */

/* --------------------------------------------------------------------- getrs */
/** @{ */
/**
 * Solves op(A) X = B with the getrf factors of n x n matrices A; X overwrites the n x nrhs B.
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>getrsBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>getrsStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>getrsInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - `trans`: OMPB_OP_N, OMPB_OP_T or OMPB_OP_C.
 * - `devIpiv`: getrf's pivots, laid out as getrf wrote them; NULL: A was factored without
 *   pivoting.
 * - `info`: a HOST int: 0, or -j when argument j (the handle is 1) is invalid.
 */
ompbStatus_t ompbSgetrsBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                               const float *const Aarray[], int lda, const int *devIpiv,
                               float *const Barray[], int ldb, int *info, int batchSize);
ompbStatus_t ompbSgetrsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                                      const float *A, int lda, long long strideA,
                                      const int *devIpiv, long long strideP, float *B, int ldb,
                                      long long strideB, int *info, int batchSize);
ompbStatus_t ompbSgetrsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int n,
                                          int nrhs, const float *A, int lda, int width,
                                          const int *devIpiv, float *B, int ldb, int *info,
                                          int batchSize);
ompbStatus_t ompbDgetrsBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                               const double *const Aarray[], int lda, const int *devIpiv,
                               double *const Barray[], int ldb, int *info, int batchSize);
ompbStatus_t ompbDgetrsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                                      const double *A, int lda, long long strideA,
                                      const int *devIpiv, long long strideP, double *B, int ldb,
                                      long long strideB, int *info, int batchSize);
ompbStatus_t ompbDgetrsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int n,
                                          int nrhs, const double *A, int lda, int width,
                                          const int *devIpiv, double *B, int ldb, int *info,
                                          int batchSize);
ompbStatus_t ompbCgetrsBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                               const ompbComplex *const Aarray[], int lda, const int *devIpiv,
                               ompbComplex *const Barray[], int ldb, int *info, int batchSize);
ompbStatus_t ompbCgetrsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                                      const ompbComplex *A, int lda, long long strideA,
                                      const int *devIpiv, long long strideP, ompbComplex *B,
                                      int ldb, long long strideB, int *info, int batchSize);
ompbStatus_t ompbCgetrsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int n,
                                          int nrhs, const ompbComplex *A, int lda, int width,
                                          const int *devIpiv, ompbComplex *B, int ldb, int *info,
                                          int batchSize);
ompbStatus_t ompbZgetrsBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                               const ompbDoubleComplex *const Aarray[], int lda, const int *devIpiv,
                               ompbDoubleComplex *const Barray[], int ldb, int *info,
                               int batchSize);
ompbStatus_t ompbZgetrsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int n, int nrhs,
                                      const ompbDoubleComplex *A, int lda, long long strideA,
                                      const int *devIpiv, long long strideP, ompbDoubleComplex *B,
                                      int ldb, long long strideB, int *info, int batchSize);
ompbStatus_t ompbZgetrsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int n,
                                          int nrhs, const ompbDoubleComplex *A, int lda, int width,
                                          const int *devIpiv, ompbDoubleComplex *B, int ldb,
                                          int *info, int batchSize);
/** @} */

/* --------------------------------------------------------------------- getri */
/** @{ */
/**
 * C = inv(A) from the getrf factors of n x n matrices (out of place; A is not written).
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>getriBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>getriStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>getriInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - `PivotArray`: getrf's pivots; NULL: A was factored without pivoting.
 * - `infoArray[b]` = k > 0: U(k,k) == 0 (that C is not meaningful).
 */
ompbStatus_t ompbSgetriBatched(ompbHandle_t handle, int n, const float *const Aarray[], int lda,
                               const int *PivotArray, float *const Carray[], int ldc,
                               int *infoArray, int batchSize);
ompbStatus_t ompbSgetriStridedBatched(ompbHandle_t handle, int n, const float *A, int lda,
                                      long long strideA, const int *PivotArray, long long strideP,
                                      float *C, int ldc, long long strideC, int *infoArray,
                                      int batchSize);
ompbStatus_t ompbSgetriInterleavedBatched(ompbHandle_t handle, int n, const float *A, int lda,
                                          int width, const int *PivotArray, float *C, int ldc,
                                          int *infoArray, int batchSize);
ompbStatus_t ompbDgetriBatched(ompbHandle_t handle, int n, const double *const Aarray[], int lda,
                               const int *PivotArray, double *const Carray[], int ldc,
                               int *infoArray, int batchSize);
ompbStatus_t ompbDgetriStridedBatched(ompbHandle_t handle, int n, const double *A, int lda,
                                      long long strideA, const int *PivotArray, long long strideP,
                                      double *C, int ldc, long long strideC, int *infoArray,
                                      int batchSize);
ompbStatus_t ompbDgetriInterleavedBatched(ompbHandle_t handle, int n, const double *A, int lda,
                                          int width, const int *PivotArray, double *C, int ldc,
                                          int *infoArray, int batchSize);
ompbStatus_t ompbCgetriBatched(ompbHandle_t handle, int n, const ompbComplex *const Aarray[],
                               int lda, const int *PivotArray, ompbComplex *const Carray[], int ldc,
                               int *infoArray, int batchSize);
ompbStatus_t ompbCgetriStridedBatched(ompbHandle_t handle, int n, const ompbComplex *A, int lda,
                                      long long strideA, const int *PivotArray, long long strideP,
                                      ompbComplex *C, int ldc, long long strideC, int *infoArray,
                                      int batchSize);
ompbStatus_t ompbCgetriInterleavedBatched(ompbHandle_t handle, int n, const ompbComplex *A, int lda,
                                          int width, const int *PivotArray, ompbComplex *C, int ldc,
                                          int *infoArray, int batchSize);
ompbStatus_t ompbZgetriBatched(ompbHandle_t handle, int n, const ompbDoubleComplex *const Aarray[],
                               int lda, const int *PivotArray, ompbDoubleComplex *const Carray[],
                               int ldc, int *infoArray, int batchSize);
ompbStatus_t ompbZgetriStridedBatched(ompbHandle_t handle, int n, const ompbDoubleComplex *A,
                                      int lda, long long strideA, const int *PivotArray,
                                      long long strideP, ompbDoubleComplex *C, int ldc,
                                      long long strideC, int *infoArray, int batchSize);
ompbStatus_t ompbZgetriInterleavedBatched(ompbHandle_t handle, int n, const ompbDoubleComplex *A,
                                          int lda, int width, const int *PivotArray,
                                          ompbDoubleComplex *C, int ldc, int *infoArray,
                                          int batchSize);
/** @} */

/* -------------------------------------------------------------------- matinv */
/** @{ */
/**
 * Ainv = inv(A) straight from n x n matrices A (A untouched), for any n.
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>matinvBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>matinvStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>matinvInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - `info[b]` = k > 0: U(k,k) == 0 in A's LU (that Ainv is not meaningful).
 */
ompbStatus_t ompbSmatinvBatched(ompbHandle_t handle, int n, const float *const A[], int lda,
                                float *const Ainv[], int lda_inv, int *info, int batchSize);
ompbStatus_t ompbSmatinvStridedBatched(ompbHandle_t handle, int n, const float *A, int lda,
                                       long long strideA, float *Ainv, int lda_inv,
                                       long long strideAinv, int *info, int batchSize);
ompbStatus_t ompbSmatinvInterleavedBatched(ompbHandle_t handle, int n, const float *A, int lda,
                                           int width, float *Ainv, int lda_inv, int *info,
                                           int batchSize);
ompbStatus_t ompbDmatinvBatched(ompbHandle_t handle, int n, const double *const A[], int lda,
                                double *const Ainv[], int lda_inv, int *info, int batchSize);
ompbStatus_t ompbDmatinvStridedBatched(ompbHandle_t handle, int n, const double *A, int lda,
                                       long long strideA, double *Ainv, int lda_inv,
                                       long long strideAinv, int *info, int batchSize);
ompbStatus_t ompbDmatinvInterleavedBatched(ompbHandle_t handle, int n, const double *A, int lda,
                                           int width, double *Ainv, int lda_inv, int *info,
                                           int batchSize);
ompbStatus_t ompbCmatinvBatched(ompbHandle_t handle, int n, const ompbComplex *const A[], int lda,
                                ompbComplex *const Ainv[], int lda_inv, int *info, int batchSize);
ompbStatus_t ompbCmatinvStridedBatched(ompbHandle_t handle, int n, const ompbComplex *A, int lda,
                                       long long strideA, ompbComplex *Ainv, int lda_inv,
                                       long long strideAinv, int *info, int batchSize);
ompbStatus_t ompbCmatinvInterleavedBatched(ompbHandle_t handle, int n, const ompbComplex *A,
                                           int lda, int width, ompbComplex *Ainv, int lda_inv,
                                           int *info, int batchSize);
ompbStatus_t ompbZmatinvBatched(ompbHandle_t handle, int n, const ompbDoubleComplex *const A[],
                                int lda, ompbDoubleComplex *const Ainv[], int lda_inv, int *info,
                                int batchSize);
ompbStatus_t ompbZmatinvStridedBatched(ompbHandle_t handle, int n, const ompbDoubleComplex *A,
                                       int lda, long long strideA, ompbDoubleComplex *Ainv,
                                       int lda_inv, long long strideAinv, int *info, int batchSize);
ompbStatus_t ompbZmatinvInterleavedBatched(ompbHandle_t handle, int n, const ompbDoubleComplex *A,
                                           int lda, int width, ompbDoubleComplex *Ainv, int lda_inv,
                                           int *info, int batchSize);
/** @} */

/* --------------------------------------------------------------------- potrf */
/** @{ */
/**
 * Cholesky A = L L^H (OMPB_FILL_MODE_LOWER) or U^H U (UPPER) of n x n Hermitian positive
 * definite matrices; only the uplo triangle is read or written.
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>potrfBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>potrfStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>potrfInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - `infoArray[b]` = k > 0: the leading minor of order k is not positive definite (its pivot
 *   is not positive, or NaN); that matrix stops there, as in LAPACK: columns 1..k-1 of its
 *   triangle hold the factor, the rest is not meaningful.
 */
ompbStatus_t ompbSpotrfBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                               float *const Aarray[], int lda, int *infoArray, int batchSize);
ompbStatus_t ompbSpotrfStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, float *A,
                                      int lda, long long strideA, int *infoArray, int batchSize);
ompbStatus_t ompbSpotrfInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, float *A,
                                          int lda, int width, int *infoArray, int batchSize);
ompbStatus_t ompbDpotrfBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                               double *const Aarray[], int lda, int *infoArray, int batchSize);
ompbStatus_t ompbDpotrfStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, double *A,
                                      int lda, long long strideA, int *infoArray, int batchSize);
ompbStatus_t ompbDpotrfInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                                          double *A, int lda, int width, int *infoArray,
                                          int batchSize);
ompbStatus_t ompbCpotrfBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                               ompbComplex *const Aarray[], int lda, int *infoArray, int batchSize);
ompbStatus_t ompbCpotrfStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                                      ompbComplex *A, int lda, long long strideA, int *infoArray,
                                      int batchSize);
ompbStatus_t ompbCpotrfInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                                          ompbComplex *A, int lda, int width, int *infoArray,
                                          int batchSize);
ompbStatus_t ompbZpotrfBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                               ompbDoubleComplex *const Aarray[], int lda, int *infoArray,
                               int batchSize);
ompbStatus_t ompbZpotrfStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                                      ompbDoubleComplex *A, int lda, long long strideA,
                                      int *infoArray, int batchSize);
ompbStatus_t ompbZpotrfInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n,
                                          ompbDoubleComplex *A, int lda, int width, int *infoArray,
                                          int batchSize);
/** @} */

/* --------------------------------------------------------------------- potrs */
/** @{ */
/**
 * Solves A X = B with potrf's factor of n x n matrices A; X overwrites the n x nrhs B.
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>potrsBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>potrsStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>potrsInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - `info`: a HOST int: 0, or -j when argument j (the handle is 1) is invalid.
 */
ompbStatus_t ompbSpotrsBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                               const float *const Aarray[], int lda, float *const Barray[], int ldb,
                               int *info, int batchSize);
ompbStatus_t ompbSpotrsStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                      const float *A, int lda, long long strideA, float *B, int ldb,
                                      long long strideB, int *info, int batchSize);
ompbStatus_t ompbSpotrsInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                          const float *A, int lda, int width, float *B, int ldb,
                                          int *info, int batchSize);
ompbStatus_t ompbDpotrsBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                               const double *const Aarray[], int lda, double *const Barray[],
                               int ldb, int *info, int batchSize);
ompbStatus_t ompbDpotrsStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                      const double *A, int lda, long long strideA, double *B,
                                      int ldb, long long strideB, int *info, int batchSize);
ompbStatus_t ompbDpotrsInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                          const double *A, int lda, int width, double *B, int ldb,
                                          int *info, int batchSize);
ompbStatus_t ompbCpotrsBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                               const ompbComplex *const Aarray[], int lda,
                               ompbComplex *const Barray[], int ldb, int *info, int batchSize);
ompbStatus_t ompbCpotrsStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                      const ompbComplex *A, int lda, long long strideA,
                                      ompbComplex *B, int ldb, long long strideB, int *info,
                                      int batchSize);
ompbStatus_t ompbCpotrsInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                          const ompbComplex *A, int lda, int width, ompbComplex *B,
                                          int ldb, int *info, int batchSize);
ompbStatus_t ompbZpotrsBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                               const ompbDoubleComplex *const Aarray[], int lda,
                               ompbDoubleComplex *const Barray[], int ldb, int *info,
                               int batchSize);
ompbStatus_t ompbZpotrsStridedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                      const ompbDoubleComplex *A, int lda, long long strideA,
                                      ompbDoubleComplex *B, int ldb, long long strideB, int *info,
                                      int batchSize);
ompbStatus_t ompbZpotrsInterleavedBatched(ompbHandle_t handle, ompbFillMode_t uplo, int n, int nrhs,
                                          const ompbDoubleComplex *A, int lda, int width,
                                          ompbDoubleComplex *B, int ldb, int *info, int batchSize);
/** @} */

/* ---------------------------------------------------------------------- trsm */
/** @{ */
/**
 * op(A) X = alpha B (OMPB_SIDE_LEFT, A m x m) or X op(A) = alpha B (RIGHT, A n x n), A
 * triangular; X overwrites the m x n B. `alpha` (a host value) == 0 sets B to zero.
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>trsmBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>trsmStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>trsmInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 */
ompbStatus_t ompbStrsmBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                              ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                              const float *alpha, const float *const Aarray[], int lda,
                              float *const Barray[], int ldb, int batchSize);
ompbStatus_t ompbStrsmStridedBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                                     ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                                     const float *alpha, const float *A, int lda, long long strideA,
                                     float *B, int ldb, long long strideB, int batchSize);
ompbStatus_t ompbStrsmInterleavedBatched(ompbHandle_t handle, ompbSideMode_t side,
                                         ompbFillMode_t uplo, ompbOperation_t trans,
                                         ompbDiagType_t diag, int m, int n, const float *alpha,
                                         const float *A, int lda, int width, float *B, int ldb,
                                         int batchSize);
ompbStatus_t ompbDtrsmBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                              ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                              const double *alpha, const double *const Aarray[], int lda,
                              double *const Barray[], int ldb, int batchSize);
ompbStatus_t ompbDtrsmStridedBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                                     ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                                     const double *alpha, const double *A, int lda,
                                     long long strideA, double *B, int ldb, long long strideB,
                                     int batchSize);
ompbStatus_t ompbDtrsmInterleavedBatched(ompbHandle_t handle, ompbSideMode_t side,
                                         ompbFillMode_t uplo, ompbOperation_t trans,
                                         ompbDiagType_t diag, int m, int n, const double *alpha,
                                         const double *A, int lda, int width, double *B, int ldb,
                                         int batchSize);
ompbStatus_t ompbCtrsmBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                              ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                              const ompbComplex *alpha, const ompbComplex *const Aarray[], int lda,
                              ompbComplex *const Barray[], int ldb, int batchSize);
ompbStatus_t ompbCtrsmStridedBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                                     ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                                     const ompbComplex *alpha, const ompbComplex *A, int lda,
                                     long long strideA, ompbComplex *B, int ldb, long long strideB,
                                     int batchSize);
ompbStatus_t ompbCtrsmInterleavedBatched(ompbHandle_t handle, ompbSideMode_t side,
                                         ompbFillMode_t uplo, ompbOperation_t trans,
                                         ompbDiagType_t diag, int m, int n,
                                         const ompbComplex *alpha, const ompbComplex *A, int lda,
                                         int width, ompbComplex *B, int ldb, int batchSize);
ompbStatus_t ompbZtrsmBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                              ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                              const ompbDoubleComplex *alpha,
                              const ompbDoubleComplex *const Aarray[], int lda,
                              ompbDoubleComplex *const Barray[], int ldb, int batchSize);
ompbStatus_t ompbZtrsmStridedBatched(ompbHandle_t handle, ompbSideMode_t side, ompbFillMode_t uplo,
                                     ompbOperation_t trans, ompbDiagType_t diag, int m, int n,
                                     const ompbDoubleComplex *alpha, const ompbDoubleComplex *A,
                                     int lda, long long strideA, ompbDoubleComplex *B, int ldb,
                                     long long strideB, int batchSize);
ompbStatus_t ompbZtrsmInterleavedBatched(ompbHandle_t handle, ompbSideMode_t side,
                                         ompbFillMode_t uplo, ompbOperation_t trans,
                                         ompbDiagType_t diag, int m, int n,
                                         const ompbDoubleComplex *alpha, const ompbDoubleComplex *A,
                                         int lda, int width, ompbDoubleComplex *B, int ldb,
                                         int batchSize);
/** @} */

/* ------------------------------------------------------------ QR: geqrf, gels */
/** @{ */
/**
 * geqrf: A = Q R by Householder reflectors (LAPACK xGEQRF's conventions): R on and above the
 * diagonal, the reflectors' vectors below it, their scalars in tau, min(m,n) per matrix.
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>geqrfBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>geqrfStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>geqrfInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - tau: `TauArray[b][k]` (pointer array), `tau[b*strideTau + k]` (strided),
 *   `tau[(b/width)*width*min(m,n) + k*width + b%width]` (interleaved, as pivots).
 * - `info`: a HOST int: 0, or -j when argument j (the handle is 1) is invalid.
 */
ompbStatus_t ompbSgeqrfBatched(ompbHandle_t handle, int m, int n, float *const Aarray[], int lda,
                               float *const TauArray[], int *info, int batchSize);
ompbStatus_t ompbSgeqrfStridedBatched(ompbHandle_t handle, int m, int n, float *A, int lda,
                                      long long strideA, float *tau, long long strideTau, int *info,
                                      int batchSize);
ompbStatus_t ompbSgeqrfInterleavedBatched(ompbHandle_t handle, int m, int n, float *A, int lda,
                                          int width, float *tau, int *info, int batchSize);
ompbStatus_t ompbDgeqrfBatched(ompbHandle_t handle, int m, int n, double *const Aarray[], int lda,
                               double *const TauArray[], int *info, int batchSize);
ompbStatus_t ompbDgeqrfStridedBatched(ompbHandle_t handle, int m, int n, double *A, int lda,
                                      long long strideA, double *tau, long long strideTau,
                                      int *info, int batchSize);
ompbStatus_t ompbDgeqrfInterleavedBatched(ompbHandle_t handle, int m, int n, double *A, int lda,
                                          int width, double *tau, int *info, int batchSize);
ompbStatus_t ompbCgeqrfBatched(ompbHandle_t handle, int m, int n, ompbComplex *const Aarray[],
                               int lda, ompbComplex *const TauArray[], int *info, int batchSize);
ompbStatus_t ompbCgeqrfStridedBatched(ompbHandle_t handle, int m, int n, ompbComplex *A, int lda,
                                      long long strideA, ompbComplex *tau, long long strideTau,
                                      int *info, int batchSize);
ompbStatus_t ompbCgeqrfInterleavedBatched(ompbHandle_t handle, int m, int n, ompbComplex *A,
                                          int lda, int width, ompbComplex *tau, int *info,
                                          int batchSize);
ompbStatus_t ompbZgeqrfBatched(ompbHandle_t handle, int m, int n, ompbDoubleComplex *const Aarray[],
                               int lda, ompbDoubleComplex *const TauArray[], int *info,
                               int batchSize);
ompbStatus_t ompbZgeqrfStridedBatched(ompbHandle_t handle, int m, int n, ompbDoubleComplex *A,
                                      int lda, long long strideA, ompbDoubleComplex *tau,
                                      long long strideTau, int *info, int batchSize);
ompbStatus_t ompbZgeqrfInterleavedBatched(ompbHandle_t handle, int m, int n, ompbDoubleComplex *A,
                                          int lda, int width, ompbDoubleComplex *tau, int *info,
                                          int batchSize);
/** @} */

/** @{ */
/**
 * gels: least squares (m >= n) or minimum norm (m < n) solutions of op(A) X = C (LAPACK
 * xGELS), trans N or T (N or C for complex).
 *
 * Every routine comes in three layouts (`<t>` = S, D, C, Z; see the Layouts page): pointer
 * array `ompb<t>gelsBatched` (`T *const Aarray[]`, matrix b at `Aarray[b]`), strided
 * `ompb<t>gelsStridedBatched` (matrix b at `A + b*strideA`) and interleaved
 * `ompb<t>gelsInterleavedBatched` (element (i,j) of matrix b at
 * `A[(b/width)*width*lda*ncols + (i + j*lda)*width + b%width]`, one `width` for every array of
 * the call).
 * - A is overwritten by its QR (or LQ) factors, C (ldc >= max(1,m,n)) by the solutions.
 * - `devInfoArray[b]` = k > 0: the k-th diagonal element of the triangular factor is exactly
 *   zero (A not of full rank), `C[b]` untouched. m or n = 0: nothing is written.
 * - `info`: a HOST int: 0, or -j when argument j (the handle is 1) is invalid.
 */
ompbStatus_t ompbSgelsBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n, int nrhs,
                              float *const Aarray[], int lda, float *const Carray[], int ldc,
                              int *info, int *devInfoArray, int batchSize);
ompbStatus_t ompbSgelsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                     int nrhs, float *A, int lda, long long strideA, float *C,
                                     int ldc, long long strideC, int *info, int *devInfoArray,
                                     int batchSize);
ompbStatus_t ompbSgelsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                         int nrhs, float *A, int lda, int width, float *C, int ldc,
                                         int *info, int *devInfoArray, int batchSize);
ompbStatus_t ompbDgelsBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n, int nrhs,
                              double *const Aarray[], int lda, double *const Carray[], int ldc,
                              int *info, int *devInfoArray, int batchSize);
ompbStatus_t ompbDgelsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                     int nrhs, double *A, int lda, long long strideA, double *C,
                                     int ldc, long long strideC, int *info, int *devInfoArray,
                                     int batchSize);
ompbStatus_t ompbDgelsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                         int nrhs, double *A, int lda, int width, double *C,
                                         int ldc, int *info, int *devInfoArray, int batchSize);
ompbStatus_t ompbCgelsBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n, int nrhs,
                              ompbComplex *const Aarray[], int lda, ompbComplex *const Carray[],
                              int ldc, int *info, int *devInfoArray, int batchSize);
ompbStatus_t ompbCgelsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                     int nrhs, ompbComplex *A, int lda, long long strideA,
                                     ompbComplex *C, int ldc, long long strideC, int *info,
                                     int *devInfoArray, int batchSize);
ompbStatus_t ompbCgelsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                         int nrhs, ompbComplex *A, int lda, int width,
                                         ompbComplex *C, int ldc, int *info, int *devInfoArray,
                                         int batchSize);
ompbStatus_t ompbZgelsBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n, int nrhs,
                              ompbDoubleComplex *const Aarray[], int lda,
                              ompbDoubleComplex *const Carray[], int ldc, int *info,
                              int *devInfoArray, int batchSize);
ompbStatus_t ompbZgelsStridedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                     int nrhs, ompbDoubleComplex *A, int lda, long long strideA,
                                     ompbDoubleComplex *C, int ldc, long long strideC, int *info,
                                     int *devInfoArray, int batchSize);
ompbStatus_t ompbZgelsInterleavedBatched(ompbHandle_t handle, ompbOperation_t trans, int m, int n,
                                         int nrhs, ompbDoubleComplex *A, int lda, int width,
                                         ompbDoubleComplex *C, int ldc, int *info,
                                         int *devInfoArray, int batchSize);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* OMPBATCH_OMPBATCH_H */
