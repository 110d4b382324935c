// SPDX-License-Identifier: BSD-3-Clause
/// @file ompbatch.hpp
/// The ompbatch C++ API: a Context, one BatchView for the three layouts, and routines
/// templated on the scalar type (float, double, std::complex<float>, std::complex<double>).
/// Invalid arguments throw ompbatch::Error; numerical trouble is reported in `info`.
#pragma once

#include <complex>
#include <stdexcept>
#include <string>

#include "ompbatch/ompbatch.h"

/// The C++ API.
namespace ompbatch {

/// Where routines run (ompbBackend_t).
enum class Backend : int {
  automatic = OMPB_BACKEND_AUTO,
  host = OMPB_BACKEND_HOST,
  offload = OMPB_BACKEND_OFFLOAD
};
/// Where array arguments live (ompbMemorySpace_t): host addresses, or device addresses
/// (offload backend only).
enum class MemorySpace : int { host = OMPB_MEMORY_HOST, device = OMPB_MEMORY_DEVICE };
/// How a batch is stored (see BatchView).
enum class Layout : char { pointer_array = 'P', strided = 'S', interleaved = 'I' };
/// op(A): A, A^T or A^H.
enum class Op : char { n = 'N', t = 'T', c = 'C' };
/// Which triangle is read or written.
enum class Uplo : char { lower = 'L', upper = 'U' };
/// trsm: A on the left (op(A) X = alpha B) or on the right (X op(A) = alpha B).
enum class Side : char { left = 'L', right = 'R' };
/// trsm: A's diagonal as stored, or taken as ones.
enum class Diag : char { non_unit = 'N', unit = 'U' };
/// Which kernels the host backend runs: per routine, precision, layout and size the faster of
/// the two as measured (automatic), or always the SIMD lane kernels or the vendor path
/// (LAPACKE/CBLAS per matrix), for measurements and tests.
enum class HostPath : char { automatic = 'A', lanes = 'L', vendor = 'V' };
/// How the offload backend's kernels spread a batch over the device: per routine and size as
/// measured (automatic), or always one device thread per matrix, or one team of threads per
/// matrix (sharing its rows), or several teams per matrix (blocked: by panels, for a few large
/// matrices; automatic never picks it yet); team and blocked for getrf and potrf, the other
/// routines run a thread per matrix. For measurements and tests.
enum class OffloadShape : char { automatic = 'A', thread = 'T', team = 'M', blocked = 'B' };

/// Thrown for an invalid call (never for numerical trouble, which is `info`).
/// what() is "routine: detail", e.g. "getrf: lda (2) < max(1,m) (3)".
class Error : public std::runtime_error {
 public:
  /// An error of `routine` ("getrf"), with the C status, the message and the argument.
  Error(ompbStatus_t status, const std::string &routine, const std::string &detail,
        const std::string &argument = "")
      : std::runtime_error(routine + ": " + detail),
        status_(status),
        detail_(detail),
        argument_(argument) {}
  /// The C API's status for the same call (OMPB_STATUS_INVALID_VALUE, ...).
  ompbStatus_t status() const noexcept { return status_; }
  /// The message without the routine name.
  const std::string &detail() const noexcept { return detail_; }
  /// The C API name of the invalid argument ("lda"), or "" when no single argument is.
  const std::string &argument() const noexcept { return argument_; }

 private:
  ompbStatus_t status_;
  std::string detail_, argument_;
};

/// Where and how routines run: the resolved backend, the OpenMP device and the memory space.
/// The constructor reads OMPBATCH_BACKEND, OMPBATCH_DEVICE, OMPBATCH_HOST_PATH,
/// OMPBATCH_OFFLOAD_SHAPE and OMPBATCH_VERBOSE (see README) and throws Error for a bad value or an
/// offload request with no usable device. Contexts are independent: calls on different contexts may
/// run concurrently.
class Context {
 public:
  Context();
  /// automatic resolves at once to offload (usable device) or host.
  void set_backend(Backend backend);
  /// The resolved backend, never Backend::automatic.
  Backend backend() const noexcept { return backend_; }
  /// The OpenMP device number of the offload backend; throws Error for a number that names no
  /// device.
  void set_device(int device);
  /// The OpenMP device number of the offload backend.
  int device() const noexcept { return device_; }
  /// Where array arguments live; MemorySpace::device needs the offload backend.
  void set_memory_space(MemorySpace space);
  /// Where array arguments live.
  MemorySpace memory_space() const noexcept { return space_; }
  /// The host backend's kernels (overrides OMPBATCH_HOST_PATH).
  void set_host_path(HostPath path) noexcept { host_path_ = path; }
  /// The host backend's kernels.
  HostPath host_path() const noexcept { return host_path_; }
  /// The offload backend's kernel shape (overrides OMPBATCH_OFFLOAD_SHAPE).
  void set_offload_shape(OffloadShape shape) noexcept { offload_shape_ = shape; }
  /// The offload backend's kernel shape.
  OffloadShape offload_shape() const noexcept { return offload_shape_; }

  /// True when this build has offload code and OpenMP device `device` can run it
  /// (OMP_TARGET_OFFLOAD=DISABLED counts as no device).
  static bool offload_usable(int device);

 private:
  Backend backend_ = Backend::host;
  int device_ = 0;
  MemorySpace space_ = MemorySpace::host;
  HostPath host_path_ = HostPath::automatic;
  OffloadShape offload_shape_ = OffloadShape::automatic;
};

/// A batch of `count` rows x cols matrices in one of three layouts. Item b starts at
/// item(b); its element (i,j) is at item(b)[i*row_stride() + j*col_stride()].
template <class T>
struct BatchView {
  Layout layout = Layout::strided;  ///< how the batch is stored
  int rows = 0;                     ///< rows of each matrix
  int cols = 0;                     ///< columns of each matrix
  int ld = 1;                       ///< leading dimension (column stride, in elements, per lane)
  int count = 0;                    ///< number of matrices
  T *data = nullptr;                ///< strided and interleaved: the first element
  T *const *ptrs = nullptr;         ///< pointer array: one pointer per matrix
  long long stride = 0;             ///< strided: distance between matrices, in elements
  int width = 1;                    ///< interleaved: matrices per block

  /// Matrix b at ptrs[b], element (i,j) at ptrs[b][i + j*ld] (cuBLAS's ...Batched).
  static BatchView pointer_array(int rows, int cols, T *const *ptrs, int ld, int count) {
    BatchView v;
    v.layout = Layout::pointer_array;
    v.rows = rows, v.cols = cols, v.ptrs = ptrs, v.ld = ld, v.count = count;
    return v;
  }
  /// Matrix b at data + b*stride, element (i,j) at data[b*stride + i + j*ld].
  static BatchView strided(int rows, int cols, T *data, int ld, long long stride, int count) {
    BatchView v;
    v.layout = Layout::strided;
    v.rows = rows, v.cols = cols, v.data = data, v.ld = ld, v.stride = stride, v.count = count;
    return v;
  }
  /// Blocks of `width` matrices whose elements alternate: element (i,j) of matrix b at
  /// `data[(b/width)*width*ld*cols + (i + j*ld)*width + b%width]`.
  static BatchView interleaved(int rows, int cols, T *data, int ld, int width, int count) {
    BatchView v;
    v.layout = Layout::interleaved;
    v.rows = rows, v.cols = cols, v.data = data, v.ld = ld, v.width = width, v.count = count;
    return v;
  }
};

/// Pivots of a batch factored by getrf; their layout follows the matrix view's:
/// pointer array and strided: pivot k of matrix b at data[b*stride + k] (stride >= min(m,n));
/// interleaved: `data[(b/width)*width*min(m,n) + k*width + b%width]` (stride unused).
/// data == nullptr: no pivoting.
struct Pivots {
  int *data = nullptr;   ///< the first pivot; nullptr: no pivoting
  long long stride = 0;  ///< pointer array and strided: distance between matrices' pivots
};

/// Pivots read by the solvers (getrs, getri), laid out as Pivots.
struct ConstPivots {
  const int *data = nullptr;  ///< the first pivot; nullptr: factored without pivoting
  long long stride = 0;       ///< as Pivots::stride
  ConstPivots() = default;
  /// Pivots at d, matrices s apart.
  ConstPivots(const int *d, long long s) : data(d), stride(s) {}
  /// getrf's pivots, read-only.
  ConstPivots(Pivots p) : data(p.data), stride(p.stride) {}  // NOLINT: a widening conversion
};

/// LU with partial pivoting P*A = L*U of each matrix of A (rows x cols, LAPACK getrf).
/// @param[in]     ctx  where and how it runs
/// @param[in,out] A    overwritten by L (unit diagonal not stored) and U
/// @param[out]    ipiv 1-based pivots; ipiv.data == nullptr: no pivoting
/// @param[out]    info info[b] = 0, or k > 0 when U(k,k) is exactly zero (the factorization
///                     still completes); may be nullptr only without pivoting
template <class T>
void getrf(Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info);

/// Solves op(A) X = B with A's getrf factors (n x n) for B (n x nrhs); X overwrites B.
/// ipiv.data == nullptr: A was factored without pivoting. All views share one layout.
template <class T>
void getrs(Context &ctx, Op trans, const BatchView<const T> &A, ConstPivots ipiv,
           const BatchView<T> &B);

/// C = inv(A) from A's getrf factors (out of place). info[b] = k > 0: U(k,k) == 0, and C of
/// that matrix is not meaningful.
template <class T>
void getri(Context &ctx, const BatchView<const T> &A, ConstPivots ipiv, const BatchView<T> &C,
           int *info);

/// Ainv = inv(A) straight from A (A untouched), any n. info[b] = k > 0: U(k,k) == 0 in A's LU.
template <class T>
void matinv(Context &ctx, const BatchView<const T> &A, const BatchView<T> &Ainv, int *info);

/// Cholesky A = L L^H (lower) or U^H U (upper); only the uplo triangle is read or written.
/// info[b] = k > 0: the leading minor of order k is not positive definite; that matrix stops
/// there, as in LAPACK (columns 1..k-1 of its triangle hold the factor, the rest is not
/// meaningful); the other matrices are unaffected.
template <class T>
void potrf(Context &ctx, Uplo uplo, const BatchView<T> &A, int *info);

/// Solves A X = B with A's potrf factor (n x n) for B (n x nrhs); X overwrites B.
template <class T>
void potrs(Context &ctx, Uplo uplo, const BatchView<const T> &A, const BatchView<T> &B);

/// op(A) X = alpha B (left) or X op(A) = alpha B (right) with A triangular (m x m or n x n)
/// and B m x n; X overwrites B. alpha == 0 sets B to zero without reading A.
template <class T>
void trsm(Context &ctx, Side side, Uplo uplo, Op trans, Diag diag, T alpha,
          const BatchView<const T> &A, const BatchView<T> &B);

/// QR factorization A = Q R of each matrix of A (m x n) by Householder reflectors, LAPACK
/// geqrf's conventions: R on and above the diagonal, the reflectors' vectors v (v(k) = 1 not
/// stored) below it, and their scalars in tau (min(m,n) x 1 per matrix, in A's layout):
/// Q = H(0) H(1) .. H(k-1), H(j) = I - tau(j) v v^H.
template <class T>
void geqrf(Context &ctx, const BatchView<T> &A, const BatchView<T> &tau);

/// Least squares (m >= n) or minimum norm (m < n) solutions of op(A) X = C, LAPACK gels:
/// trans n or t (c for complex: n or c); A (m x n) is overwritten by its QR (m >= n) or LQ
/// (m < n) factors, C (max(m,n) x nrhs) by the solutions (n rows for op = n, m rows for t/c).
/// info[b] = k > 0: the k-th diagonal element of the triangular factor is exactly zero (A is
/// not of full rank) and C of that matrix is left as it came. m or n = 0: nothing is written.
template <class T>
void gels(Context &ctx, Op trans, const BatchView<T> &A, const BatchView<T> &C, int *info);

/// Copies the matrices of `from` into `to` (same rows, cols and count; any two layouts).
/// Only the rows x cols elements of each item of `to` are written.
template <class T>
void copy(Context &ctx, const BatchView<const T> &from, const BatchView<T> &to);

/// The interleave width the context's backend runs fastest with for scalar type T.
template <class T>
int interleave_width(const Context &ctx);

}  // namespace ompbatch
