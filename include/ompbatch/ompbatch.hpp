// SPDX-License-Identifier: BSD-3-Clause
/// @file ompbatch.hpp
/// The ompbatch C++ API: a Context, one BatchView for the three layouts, and routines
/// templated on the scalar type (float, double, std::complex<float>, std::complex<double>).
#pragma once

#include <complex>
#include <stdexcept>
#include <string>

#include "ompbatch/ompbatch.h"

namespace ompbatch {

enum class Backend : int {
  automatic = OMPB_BACKEND_AUTO,
  host = OMPB_BACKEND_HOST,
  offload = OMPB_BACKEND_OFFLOAD
};
enum class MemorySpace : int { host = OMPB_MEMORY_HOST, device = OMPB_MEMORY_DEVICE };
enum class Layout : char { pointer_array = 'P', strided = 'S', interleaved = 'I' };

/// Thrown for an invalid call (never for numerical trouble, which is `info`).
/// what() is "routine: detail", e.g. "getrf: lda (2) < max(1,m) (3)".
class Error : public std::runtime_error {
 public:
  Error(ompbStatus_t status, const std::string &routine, const std::string &detail)
      : std::runtime_error(routine + ": " + detail), status_(status), detail_(detail) {}
  ompbStatus_t status() const noexcept { return status_; }
  /// The message without the routine name.
  const std::string &detail() const noexcept { return detail_; }

 private:
  ompbStatus_t status_;
  std::string detail_;
};

/// Where and how routines run: the resolved backend, the OpenMP device and the memory space.
/// The constructor reads OMPBATCH_BACKEND, OMPBATCH_DEVICE and OMPBATCH_VERBOSE (see README)
/// and throws Error for a bad value or an offload request with no usable device.
/// Contexts are independent: calls on different contexts may run concurrently.
class Context {
 public:
  Context();
  /// automatic resolves at once to offload (usable device) or host.
  void set_backend(Backend backend);
  /// The resolved backend, never Backend::automatic.
  Backend backend() const noexcept { return backend_; }
  void set_device(int device);
  int device() const noexcept { return device_; }
  void set_memory_space(MemorySpace space);
  MemorySpace memory_space() const noexcept { return space_; }

  /// True when this build has offload code and OpenMP device `device` can run it
  /// (OMP_TARGET_OFFLOAD=DISABLED counts as no device).
  static bool offload_usable(int device);

 private:
  Backend backend_ = Backend::host;
  int device_ = 0;
  MemorySpace space_ = MemorySpace::host;
};

/// A batch of `count` rows x cols matrices in one of three layouts. Item b starts at
/// item(b); its element (i,j) is at item(b)[i*row_stride() + j*col_stride()].
template <class T>
struct BatchView {
  Layout layout = Layout::strided;
  int rows = 0, cols = 0, ld = 1, count = 0;
  T *data = nullptr;         ///< strided and interleaved: the first element
  T *const *ptrs = nullptr;  ///< pointer array: one pointer per matrix
  long long stride = 0;      ///< strided: distance between matrices, in elements
  int width = 1;             ///< interleaved: matrices per block

  static BatchView pointer_array(int rows, int cols, T *const *ptrs, int ld, int count) {
    BatchView v;
    v.layout = Layout::pointer_array;
    v.rows = rows, v.cols = cols, v.ptrs = ptrs, v.ld = ld, v.count = count;
    return v;
  }
  static BatchView strided(int rows, int cols, T *data, int ld, long long stride, int count) {
    BatchView v;
    v.layout = Layout::strided;
    v.rows = rows, v.cols = cols, v.data = data, v.ld = ld, v.stride = stride, v.count = count;
    return v;
  }
  static BatchView interleaved(int rows, int cols, T *data, int ld, int width, int count) {
    BatchView v;
    v.layout = Layout::interleaved;
    v.rows = rows, v.cols = cols, v.data = data, v.ld = ld, v.width = width, v.count = count;
    return v;
  }
};

/// Pivots of a batch factored by getrf; their layout follows the matrix view's:
/// pointer array and strided: pivot k of matrix b at data[b*stride + k] (stride >= min(m,n));
/// interleaved: data[(b/width)*width*min(m,n) + k*width + b%width] (stride unused).
/// data == nullptr: no pivoting.
struct Pivots {
  int *data = nullptr;
  long long stride = 0;
};

/// LU with partial pivoting P*A = L*U of each matrix of A (rows x cols, LAPACK getrf).
/// @param[in,out] A    overwritten by L (unit diagonal not stored) and U
/// @param[out]    ipiv 1-based pivots; ipiv.data == nullptr: no pivoting
/// @param[out]    info info[b] = 0, or k > 0 when U(k,k) is exactly zero (the factorization
///                     still completes); may be nullptr only without pivoting
template <class T>
void getrf(Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info);

/// Copies the matrices of `from` into `to` (same rows, cols and count; any two layouts).
/// Only the rows x cols elements of each item of `to` are written.
template <class T>
void copy(Context &ctx, const BatchView<const T> &from, const BatchView<T> &to);

/// The interleave width the context's backend runs fastest with for scalar type T.
template <class T>
int interleave_width(const Context &ctx);

}  // namespace ompbatch
