// SPDX-License-Identifier: BSD-3-Clause
// The C API: handle bookkeeping, status texts, and one-line wrappers over the C++ core.
// No exception crosses this boundary; every failure is a status plus a message on the handle.
#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <string>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "ompbatch/ompbatch.h"
#include "ompbatch/ompbatch.hpp"
#include "precisions.hpp"

/// A handle: its settings, and the message of each calling thread's last failing call (one
/// handle may serve many threads at once; each reads its own message).
struct ompbContext {
  ompbatch::Context ctx;

  /// The calling thread's message. Nodes of an unordered_map stay where they are while others
  /// are added, and only the owning thread writes its string: the pointer returned by
  /// ompbGetLastErrorMessage stays valid until that thread's next failing call on the handle.
  std::string &last_error() {
    const std::lock_guard<std::mutex> lock(errors_mutex);
    return errors[std::this_thread::get_id()];
  }

 private:
  std::mutex errors_mutex;
  std::unordered_map<std::thread::id, std::string> errors;
};

namespace {

using ompbatch::BatchView;
using ompbatch::Context;
using ompbatch::Diag;
using ompbatch::Error;
using ompbatch::Layout;
using ompbatch::Op;
using ompbatch::Side;
using ompbatch::Uplo;

// Live handles, so that a destroyed handle is reported rather than dereferenced.
std::mutex registry_mutex;
std::unordered_set<const ompbContext *> &registry() {
  static std::unordered_set<const ompbContext *> live;
  return live;
}

bool is_live(const ompbContext *h) {
  if (!h) return false;
  const std::lock_guard<std::mutex> lock(registry_mutex);
  return registry().count(h) != 0;
}

/// The calling thread's last message on h (left as it was when even that cannot be allocated).
void set_message(ompbHandle_t h, std::string &&message) noexcept {
  try {
    h->last_error() = std::move(message);
  } catch (...) {
  }
}

/// Runs f(context) and turns every exception into a status and a message naming `routine`.
template <class F>
ompbStatus_t guarded(ompbHandle_t h, const char *routine, F &&f) noexcept {
  if (!is_live(h)) return OMPB_STATUS_NOT_INITIALIZED;
  try {
    f(h->ctx);
    return OMPB_STATUS_SUCCESS;
  } catch (const Error &e) {
    set_message(h, std::string(routine) + ": " + e.detail());
    return e.status();
  } catch (const std::bad_alloc &) {
    set_message(h, std::string(routine) + ": an allocation failed");
    return OMPB_STATUS_ALLOC_FAILED;
  } catch (const std::exception &e) {
    set_message(h, std::string(routine) + ": " + e.what());
    return OMPB_STATUS_INTERNAL_ERROR;
  } catch (...) {
    set_message(h, std::string(routine) + ": an unknown exception");
    return OMPB_STATUS_INTERNAL_ERROR;
  }
}

/// Runs f(context) for a routine whose `info` is a host int (getrs, potrs): 0 on success, -j
/// when argument j is invalid (`args` lists the C argument names after the handle).
template <std::size_t N, class F>
ompbStatus_t guarded_info(ompbHandle_t h, const char *routine, int *info,
                          const char *const (&args)[N], F &&f) noexcept {
  if (!is_live(h)) {
    if (info) *info = -1;
    return OMPB_STATUS_NOT_INITIALIZED;
  }
  return guarded(h, routine, [&](Context &c) {
    if (!info) throw Error(OMPB_STATUS_INVALID_VALUE, "", "info is NULL", "info");
    try {
      f(c);
      *info = 0;
    } catch (const Error &e) {
      int position = 1;
      for (const char *a : args) {
        ++position;
        if (e.argument() == a) *info = -position;
      }
      throw;
    }
  });
}

/// The value of a C enum argument as an int. A C caller may pass any int; reading it through
/// the enum type would be undefined in C++ when it is not one of the enumerators.
template <class E>
int raw(const E &e) noexcept {
  static_assert(sizeof(E) == sizeof(int), "C enums are int-sized");
  int v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

/// The C++ enum for a C enum value (the C values count from 0), or an error naming the argument.
template <class E>
E from_c(const char *name, int value, std::initializer_list<E> values) {
  if (value < 0 || value >= int(values.size()))
    throw Error(OMPB_STATUS_INVALID_VALUE, "",
                std::string(name) + " (" + std::to_string(value) + ") is not a valid value", name);
  return values.begin()[value];
}
Op op(int t) {
  return from_c("trans", t, {Op::n, Op::t, Op::c});
}
Uplo uplo(int u) {
  return from_c("uplo", u, {Uplo::lower, Uplo::upper});
}
Side side(int s) {
  return from_c("side", s, {Side::left, Side::right});
}
Diag diag(int d) {
  return from_c("diag", d, {Diag::non_unit, Diag::unit});
}

template <class T>
using CV = BatchView<const T>;

// getrs, potrs: the C argument names after the handle, per form, for info = -j.
const char *const getrs_args_p[] = {"trans",   "n",      "nrhs", "Aarray", "lda",
                                    "devIpiv", "Barray", "ldb",  "info",   "batchSize"};
const char *const getrs_args_s[] = {"trans",   "n",       "nrhs",     "A", "lda",
                                    "strideA", "devIpiv", "strideP",  "B", "ldb",
                                    "strideB", "info",    "batchSize"};
const char *const getrs_args_i[] = {"trans",   "n", "nrhs", "A",    "lda",      "width",
                                    "devIpiv", "B", "ldb",  "info", "batchSize"};
const char *const potrs_args_p[] = {"uplo",   "n",   "nrhs", "Aarray",   "lda",
                                    "Barray", "ldb", "info", "batchSize"};
const char *const potrs_args_s[] = {"uplo", "n",   "nrhs",    "A",    "lda",      "strideA",
                                    "B",    "ldb", "strideB", "info", "batchSize"};
const char *const potrs_args_i[] = {"uplo",  "n", "nrhs", "A",    "lda",
                                    "width", "B", "ldb",  "info", "batchSize"};

template <class T>
T alpha_value(const T *alpha) {
  if (!alpha) throw Error(OMPB_STATUS_INVALID_VALUE, "", "alpha is NULL", "alpha");
  return *alpha;
}

template <class T>
ompbStatus_t getrf_ptr(ompbHandle_t h, const char *name, int n, T *const A[], int lda, int *piv,
                       int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::getrf(c, BatchView<T>::pointer_array(n, n, A, lda, batch), {piv, n}, info);
  });
}
template <class T>
ompbStatus_t getrf_strided(ompbHandle_t h, const char *name, int m, int n, T *A, int lda,
                           long long sA, int *piv, long long sP, int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::getrf(c, BatchView<T>::strided(m, n, A, lda, sA, batch), {piv, sP}, info);
  });
}
template <class T>
ompbStatus_t getrf_interleaved(ompbHandle_t h, const char *name, int m, int n, T *A, int lda,
                               int width, int *piv, int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::getrf(c, BatchView<T>::interleaved(m, n, A, lda, width, batch), {piv, 0}, info);
  });
}
template <class T>
ompbStatus_t pack(ompbHandle_t h, const char *name, int m, int n, const T *const A[], int lda,
                  T *Ai, int ldai, int width, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::copy<T>(c, BatchView<const T>::pointer_array(m, n, A, lda, batch),
                      BatchView<T>::interleaved(m, n, Ai, ldai, width, batch));
  });
}
template <class T>
ompbStatus_t unpack(ompbHandle_t h, const char *name, int m, int n, const T *Ai, int ldai,
                    int width, T *const A[], int lda, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::copy<T>(c, BatchView<const T>::interleaved(m, n, Ai, ldai, width, batch),
                      BatchView<T>::pointer_array(m, n, A, lda, batch));
  });
}

// The solver family, one template per routine and form; the C names are made below.
template <class T>
ompbStatus_t getrs_p(ompbHandle_t h, const char *name, int t, int n, int nrhs, const T *const A[],
                     int lda, const int *piv, T *const B[], int ldb, int *info, int batch) {
  return guarded_info(h, name, info, getrs_args_p, [&](Context &c) {
    ompbatch::getrs<T>(c, op(t), CV<T>::pointer_array(n, n, A, lda, batch), {piv, n},
                       BatchView<T>::pointer_array(n, nrhs, B, ldb, batch));
  });
}
template <class T>
ompbStatus_t getrs_s(ompbHandle_t h, const char *name, int t, int n, int nrhs, const T *A, int lda,
                     long long sA, const int *piv, long long sP, T *B, int ldb, long long sB,
                     int *info, int batch) {
  return guarded_info(h, name, info, getrs_args_s, [&](Context &c) {
    ompbatch::getrs<T>(c, op(t), CV<T>::strided(n, n, A, lda, sA, batch), {piv, sP},
                       BatchView<T>::strided(n, nrhs, B, ldb, sB, batch));
  });
}
template <class T>
ompbStatus_t getrs_i(ompbHandle_t h, const char *name, int t, int n, int nrhs, const T *A, int lda,
                     int w, const int *piv, T *B, int ldb, int *info, int batch) {
  return guarded_info(h, name, info, getrs_args_i, [&](Context &c) {
    ompbatch::getrs<T>(c, op(t), CV<T>::interleaved(n, n, A, lda, w, batch), {piv, 0},
                       BatchView<T>::interleaved(n, nrhs, B, ldb, w, batch));
  });
}
template <class T>
ompbStatus_t getri_p(ompbHandle_t h, const char *name, int n, const T *const A[], int lda,
                     const int *piv, T *const C[], int ldc, int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::getri<T>(c, CV<T>::pointer_array(n, n, A, lda, batch), {piv, n},
                       BatchView<T>::pointer_array(n, n, C, ldc, batch), info);
  });
}
template <class T>
ompbStatus_t getri_s(ompbHandle_t h, const char *name, int n, const T *A, int lda, long long sA,
                     const int *piv, long long sP, T *C, int ldc, long long sC, int *info,
                     int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::getri<T>(c, CV<T>::strided(n, n, A, lda, sA, batch), {piv, sP},
                       BatchView<T>::strided(n, n, C, ldc, sC, batch), info);
  });
}
template <class T>
ompbStatus_t getri_i(ompbHandle_t h, const char *name, int n, const T *A, int lda, int w,
                     const int *piv, T *C, int ldc, int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::getri<T>(c, CV<T>::interleaved(n, n, A, lda, w, batch), {piv, 0},
                       BatchView<T>::interleaved(n, n, C, ldc, w, batch), info);
  });
}
template <class T>
ompbStatus_t matinv_p(ompbHandle_t h, const char *name, int n, const T *const A[], int lda,
                      T *const Ai[], int ldi, int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::matinv<T>(c, CV<T>::pointer_array(n, n, A, lda, batch),
                        BatchView<T>::pointer_array(n, n, Ai, ldi, batch), info);
  });
}
template <class T>
ompbStatus_t matinv_s(ompbHandle_t h, const char *name, int n, const T *A, int lda, long long sA,
                      T *Ai, int ldi, long long sI, int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::matinv<T>(c, CV<T>::strided(n, n, A, lda, sA, batch),
                        BatchView<T>::strided(n, n, Ai, ldi, sI, batch), info);
  });
}
template <class T>
ompbStatus_t matinv_i(ompbHandle_t h, const char *name, int n, const T *A, int lda, int w, T *Ai,
                      int ldi, int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::matinv<T>(c, CV<T>::interleaved(n, n, A, lda, w, batch),
                        BatchView<T>::interleaved(n, n, Ai, ldi, w, batch), info);
  });
}
template <class T>
ompbStatus_t potrf_p(ompbHandle_t h, const char *name, int u, int n, T *const A[], int lda,
                     int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::potrf<T>(c, uplo(u), BatchView<T>::pointer_array(n, n, A, lda, batch), info);
  });
}
template <class T>
ompbStatus_t potrf_s(ompbHandle_t h, const char *name, int u, int n, T *A, int lda, long long sA,
                     int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::potrf<T>(c, uplo(u), BatchView<T>::strided(n, n, A, lda, sA, batch), info);
  });
}
template <class T>
ompbStatus_t potrf_i(ompbHandle_t h, const char *name, int u, int n, T *A, int lda, int w,
                     int *info, int batch) {
  return guarded(h, name, [&](Context &c) {
    ompbatch::potrf<T>(c, uplo(u), BatchView<T>::interleaved(n, n, A, lda, w, batch), info);
  });
}
template <class T>
ompbStatus_t potrs_p(ompbHandle_t h, const char *name, int u, int n, int nrhs, const T *const A[],
                     int lda, T *const B[], int ldb, int *info, int batch) {
  return guarded_info(h, name, info, potrs_args_p, [&](Context &c) {
    ompbatch::potrs<T>(c, uplo(u), CV<T>::pointer_array(n, n, A, lda, batch),
                       BatchView<T>::pointer_array(n, nrhs, B, ldb, batch));
  });
}
template <class T>
ompbStatus_t potrs_s(ompbHandle_t h, const char *name, int u, int n, int nrhs, const T *A, int lda,
                     long long sA, T *B, int ldb, long long sB, int *info, int batch) {
  return guarded_info(h, name, info, potrs_args_s, [&](Context &c) {
    ompbatch::potrs<T>(c, uplo(u), CV<T>::strided(n, n, A, lda, sA, batch),
                       BatchView<T>::strided(n, nrhs, B, ldb, sB, batch));
  });
}
template <class T>
ompbStatus_t potrs_i(ompbHandle_t h, const char *name, int u, int n, int nrhs, const T *A, int lda,
                     int w, T *B, int ldb, int *info, int batch) {
  return guarded_info(h, name, info, potrs_args_i, [&](Context &c) {
    ompbatch::potrs<T>(c, uplo(u), CV<T>::interleaved(n, n, A, lda, w, batch),
                       BatchView<T>::interleaved(n, nrhs, B, ldb, w, batch));
  });
}
/// The view of one array argument in a call's layout: the pointer array p, or data with its
/// stride or the interleave width w (the other form's array is null).
template <class T>
BatchView<T> view_in(Layout layout, int rows, int cols, T *const *p, T *data, int ld,
                     long long stride, int w, int batch) {
  if (layout == Layout::pointer_array) return BatchView<T>::pointer_array(rows, cols, p, ld, batch);
  if (layout == Layout::strided) return BatchView<T>::strided(rows, cols, data, ld, stride, batch);
  return BatchView<T>::interleaved(rows, cols, data, ld, w, batch);
}

/// trsm: A is k x k with k = m (left) or n (right).
template <class T>
ompbStatus_t trsm_any(ompbHandle_t h, const char *name, int sd, int u, int t, int d, int m, int n,
                      const T *alpha, Layout layout, const T *const *Ap, const T *A, int lda,
                      long long sA, T *const *Bp, T *B, int ldb, long long sB, int w, int batch) {
  return guarded(h, name, [&](Context &c) {
    const Side s = side(sd);
    const Uplo up = uplo(u);
    const Op o = op(t);
    const Diag dg = diag(d);
    const T a = alpha_value(alpha);
    const int k = s == Side::left ? m : n;
    ompbatch::trsm<T>(c, s, up, o, dg, a, view_in(layout, k, k, Ap, A, lda, sA, w, batch),
                      view_in(layout, m, n, Bp, B, ldb, sB, w, batch));
  });
}

// geqrf, gels: the C argument names after the handle, per form, for info = -j.
const char *const geqrf_args_p[] = {"m", "n", "Aarray", "lda", "TauArray", "info", "batchSize"};
const char *const geqrf_args_s[] = {"m",   "n",         "A",    "lda",      "strideA",
                                    "tau", "strideTau", "info", "batchSize"};
const char *const geqrf_args_i[] = {"m", "n", "A", "lda", "width", "tau", "info", "batchSize"};
const char *const gels_args_p[] = {"trans",  "m",   "n",    "nrhs",         "Aarray",   "lda",
                                   "Carray", "ldc", "info", "devInfoArray", "batchSize"};
const char *const gels_args_s[] = {"trans",    "m", "n",   "nrhs",    "A",    "lda",
                                   "strideA",  "C", "ldc", "strideC", "info", "devInfoArray",
                                   "batchSize"};
const char *const gels_args_i[] = {"trans",        "m",        "n", "nrhs", "A",
                                   "lda",          "width",    "C", "ldc",  "info",
                                   "devInfoArray", "batchSize"};

/// g(args) with the argument names of the call's form (arrays of different lengths per form).
template <class P, class S, class I, class G>
ompbStatus_t by_layout(Layout layout, const P &p, const S &s, const I &i, G &&g) {
  if (layout == Layout::pointer_array) return g(p);
  if (layout == Layout::strided) return g(s);
  return g(i);
}

/// geqrf, gels in one of the three forms (the arrays of the others are null).
template <class T>
ompbStatus_t geqrf_any(ompbHandle_t h, const char *name, Layout layout, int m, int n, T *const *Ap,
                       T *A, int lda, long long sA, T *const *Tp, T *tau, long long sT, int w,
                       int *info, int batch) {
  auto f = [&](Context &c) {
    const int k = std::min(m, n);
    ompbatch::geqrf<T>(c, view_in(layout, m, n, Ap, A, lda, sA, w, batch),
                       view_in(layout, k, 1, Tp, tau, std::max(1, k), sT, w, batch));
  };
  return by_layout(layout, geqrf_args_p, geqrf_args_s, geqrf_args_i,
                   [&](const auto &args) { return guarded_info(h, name, info, args, f); });
}
template <class T>
ompbStatus_t gels_any(ompbHandle_t h, const char *name, Layout layout, int t, int m, int n,
                      int nrhs, T *const *Ap, T *A, int lda, long long sA, T *const *Cp, T *C,
                      int ldc, long long sC, int w, int *info, int *dinfo, int batch) {
  auto f = [&](Context &c) {
    const Op o = op(t);
    ompbatch::gels<T>(c, o, view_in(layout, m, n, Ap, A, lda, sA, w, batch),
                      view_in(layout, std::max(m, n), nrhs, Cp, C, ldc, sC, w, batch), dinfo);
  };
  return by_layout(layout, gels_args_p, gels_args_s, gels_args_i,
                   [&](const auto &args) { return guarded_info(h, name, info, args, f); });
}

}  // namespace

extern "C" {

ompbStatus_t ompbCreate(ompbHandle_t *handle) {
  if (!handle) return OMPB_STATUS_INVALID_VALUE;
  try {
    auto *h = new ompbContext{};
    const std::lock_guard<std::mutex> lock(registry_mutex);
    registry().insert(h);
    *handle = h;
    return OMPB_STATUS_SUCCESS;
  } catch (const Error &e) {
    return e.status();
  } catch (const std::bad_alloc &) {
    return OMPB_STATUS_ALLOC_FAILED;
  } catch (...) {
    return OMPB_STATUS_INTERNAL_ERROR;
  }
}

ompbStatus_t ompbDestroy(ompbHandle_t handle) {
  {
    const std::lock_guard<std::mutex> lock(registry_mutex);
    if (!handle || registry().erase(handle) == 0) return OMPB_STATUS_NOT_INITIALIZED;
  }
  delete handle;
  return OMPB_STATUS_SUCCESS;
}

ompbStatus_t ompbSetBackend(ompbHandle_t h, ompbBackend_t backend) {
  return guarded(h, "ompbSetBackend",
                 [&](Context &c) { c.set_backend(static_cast<ompbatch::Backend>(raw(backend))); });
}

ompbStatus_t ompbGetBackend(ompbHandle_t h, ompbBackend_t *backend) {
  return guarded(h, "ompbGetBackend", [&](Context &c) {
    if (!backend) throw Error(OMPB_STATUS_INVALID_VALUE, "", "backend is NULL");
    *backend = static_cast<ompbBackend_t>(c.backend());
  });
}

ompbStatus_t ompbSetDevice(ompbHandle_t h, int device) {
  return guarded(h, "ompbSetDevice", [&](Context &c) { c.set_device(device); });
}

ompbStatus_t ompbGetDevice(ompbHandle_t h, int *device) {
  return guarded(h, "ompbGetDevice", [&](Context &c) {
    if (!device) throw Error(OMPB_STATUS_INVALID_VALUE, "", "device is NULL");
    *device = c.device();
  });
}

ompbStatus_t ompbSetMemorySpace(ompbHandle_t h, ompbMemorySpace_t space) {
  return guarded(h, "ompbSetMemorySpace", [&](Context &c) {
    c.set_memory_space(static_cast<ompbatch::MemorySpace>(raw(space)));
  });
}

ompbStatus_t ompbGetMemorySpace(ompbHandle_t h, ompbMemorySpace_t *space) {
  return guarded(h, "ompbGetMemorySpace", [&](Context &c) {
    if (!space) throw Error(OMPB_STATUS_INVALID_VALUE, "", "space is NULL");
    *space = static_cast<ompbMemorySpace_t>(c.memory_space());
  });
}

const char *ompbGetStatusName(ompbStatus_t s) {
  switch (raw(s)) {
    case OMPB_STATUS_SUCCESS:
      return "OMPB_STATUS_SUCCESS";
    case OMPB_STATUS_NOT_INITIALIZED:
      return "OMPB_STATUS_NOT_INITIALIZED";
    case OMPB_STATUS_ALLOC_FAILED:
      return "OMPB_STATUS_ALLOC_FAILED";
    case OMPB_STATUS_INVALID_VALUE:
      return "OMPB_STATUS_INVALID_VALUE";
    case OMPB_STATUS_ARCH_MISMATCH:
      return "OMPB_STATUS_ARCH_MISMATCH";
    case OMPB_STATUS_MAPPING_ERROR:
      return "OMPB_STATUS_MAPPING_ERROR";
    case OMPB_STATUS_EXECUTION_FAILED:
      return "OMPB_STATUS_EXECUTION_FAILED";
    case OMPB_STATUS_INTERNAL_ERROR:
      return "OMPB_STATUS_INTERNAL_ERROR";
    case OMPB_STATUS_NOT_SUPPORTED:
      return "OMPB_STATUS_NOT_SUPPORTED";
  }
  return "OMPB_STATUS_UNKNOWN";
}

const char *ompbGetStatusString(ompbStatus_t s) {
  switch (raw(s)) {
    case OMPB_STATUS_SUCCESS:
      return "The operation completed successfully.";
    case OMPB_STATUS_NOT_INITIALIZED:
      return "The handle is NULL or was not created by ompbCreate.";
    case OMPB_STATUS_ALLOC_FAILED:
      return "A host or device allocation failed.";
    case OMPB_STATUS_INVALID_VALUE:
      return "An argument is out of range.";
    case OMPB_STATUS_ARCH_MISMATCH:
      return "The offload backend was requested but no device is usable.";
    case OMPB_STATUS_MAPPING_ERROR:
      return "A device mapping or transfer failed.";
    case OMPB_STATUS_EXECUTION_FAILED:
      return "A kernel failed to run.";
    case OMPB_STATUS_INTERNAL_ERROR:
      return "An internal error occurred.";
    case OMPB_STATUS_NOT_SUPPORTED:
      return "The request is valid but this build or backend cannot do it.";
  }
  return "Unknown status value.";
}

const char *ompbGetLastErrorMessage(ompbHandle_t h) {
  if (!is_live(h)) return "handle is NULL or not created";
  try {
    return h->last_error().c_str();
  } catch (...) {
    return "";
  }
}

int ompbGetVersion(void) {
  return OMPBATCH_VERSION_MAJOR * 10000 + OMPBATCH_VERSION_MINOR * 100 + OMPBATCH_VERSION_PATCH;
}

ompbStatus_t ompbGetInterleaveWidth(ompbHandle_t h, char type, int *width) {
  return guarded(h, "ompbGetInterleaveWidth", [&](Context &c) {
    if (!width) throw Error(OMPB_STATUS_INVALID_VALUE, "", "width is NULL");
    switch (type) {
      case 'S':
        *width = ompbatch::interleave_width<float>(c);
        return;
      case 'D':
        *width = ompbatch::interleave_width<double>(c);
        return;
      case 'C':
        *width = ompbatch::interleave_width<std::complex<float>>(c);
        return;
      case 'Z':
        *width = ompbatch::interleave_width<std::complex<double>>(c);
        return;
    }
    throw Error(OMPB_STATUS_INVALID_VALUE, "",
                std::string("type ('") + type + "') is not one of 'S', 'D', 'C', 'Z'");
  });
}

#define OMPB_C_WRAPPERS(L, T)                                                                      \
  ompbStatus_t ompb##L##getrfBatched(ompbHandle_t h, int n, T *const A[], int lda, int *piv,       \
                                     int *info, int batch) {                                       \
    return getrf_ptr<T>(h, "ompb" #L "getrfBatched", n, A, lda, piv, info, batch);                 \
  }                                                                                                \
  ompbStatus_t ompb##L##getrfStridedBatched(ompbHandle_t h, int m, int n, T *A, int lda,           \
                                            long long sA, int *piv, long long sP, int *info,       \
                                            int batch) {                                           \
    return getrf_strided<T>(h, "ompb" #L "getrfStridedBatched", m, n, A, lda, sA, piv, sP, info,   \
                            batch);                                                                \
  }                                                                                                \
  ompbStatus_t ompb##L##getrfInterleavedBatched(ompbHandle_t h, int m, int n, T *A, int lda,       \
                                                int width, int *piv, int *info, int batch) {       \
    return getrf_interleaved<T>(h, "ompb" #L "getrfInterleavedBatched", m, n, A, lda, width, piv,  \
                                info, batch);                                                      \
  }                                                                                                \
  ompbStatus_t ompb##L##PackInterleaved(ompbHandle_t h, int m, int n, const T *const A[], int lda, \
                                        T *Ai, int ldai, int width, int batch) {                   \
    return pack<T>(h, "ompb" #L "PackInterleaved", m, n, A, lda, Ai, ldai, width, batch);          \
  }                                                                                                \
  ompbStatus_t ompb##L##UnpackInterleaved(ompbHandle_t h, int m, int n, const T *Ai, int ldai,     \
                                          int width, T *const A[], int lda, int batch) {           \
    return unpack<T>(h, "ompb" #L "UnpackInterleaved", m, n, Ai, ldai, width, A, lda, batch);      \
  }
OMPB_FOR_EACH_PRECISION(OMPB_C_WRAPPERS)
#undef OMPB_C_WRAPPERS

#define OMPB_C_SOLVERS(L, T)                                                                       \
  ompbStatus_t ompb##L##getrsBatched(ompbHandle_t h, ompbOperation_t t, int n, int nrhs,           \
                                     const T *const A[], int lda, const int *piv, T *const B[],    \
                                     int ldb, int *info, int batch) {                              \
    return getrs_p<T>(h, "ompb" #L "getrsBatched", raw(t), n, nrhs, A, lda, piv, B, ldb, info,     \
                      batch);                                                                      \
  }                                                                                                \
  ompbStatus_t ompb##L##getrsStridedBatched(                                                       \
      ompbHandle_t h, ompbOperation_t t, int n, int nrhs, const T *A, int lda, long long sA,       \
      const int *piv, long long sP, T *B, int ldb, long long sB, int *info, int batch) {           \
    return getrs_s<T>(h, "ompb" #L "getrsStridedBatched", raw(t), n, nrhs, A, lda, sA, piv, sP, B, \
                      ldb, sB, info, batch);                                                       \
  }                                                                                                \
  ompbStatus_t ompb##L##getrsInterleavedBatched(                                                   \
      ompbHandle_t h, ompbOperation_t t, int n, int nrhs, const T *A, int lda, int w,              \
      const int *piv, T *B, int ldb, int *info, int batch) {                                       \
    return getrs_i<T>(h, "ompb" #L "getrsInterleavedBatched", raw(t), n, nrhs, A, lda, w, piv, B,  \
                      ldb, info, batch);                                                           \
  }                                                                                                \
  ompbStatus_t ompb##L##getriBatched(ompbHandle_t h, int n, const T *const A[], int lda,           \
                                     const int *piv, T *const C[], int ldc, int *info,             \
                                     int batch) {                                                  \
    return getri_p<T>(h, "ompb" #L "getriBatched", n, A, lda, piv, C, ldc, info, batch);           \
  }                                                                                                \
  ompbStatus_t ompb##L##getriStridedBatched(ompbHandle_t h, int n, const T *A, int lda,            \
                                            long long sA, const int *piv, long long sP, T *C,      \
                                            int ldc, long long sC, int *info, int batch) {         \
    return getri_s<T>(h, "ompb" #L "getriStridedBatched", n, A, lda, sA, piv, sP, C, ldc, sC,      \
                      info, batch);                                                                \
  }                                                                                                \
  ompbStatus_t ompb##L##getriInterleavedBatched(ompbHandle_t h, int n, const T *A, int lda, int w, \
                                                const int *piv, T *C, int ldc, int *info,          \
                                                int batch) {                                       \
    return getri_i<T>(h, "ompb" #L "getriInterleavedBatched", n, A, lda, w, piv, C, ldc, info,     \
                      batch);                                                                      \
  }                                                                                                \
  ompbStatus_t ompb##L##matinvBatched(ompbHandle_t h, int n, const T *const A[], int lda,          \
                                      T *const Ai[], int ldi, int *info, int batch) {              \
    return matinv_p<T>(h, "ompb" #L "matinvBatched", n, A, lda, Ai, ldi, info, batch);             \
  }                                                                                                \
  ompbStatus_t ompb##L##matinvStridedBatched(ompbHandle_t h, int n, const T *A, int lda,           \
                                             long long sA, T *Ai, int ldi, long long sI,           \
                                             int *info, int batch) {                               \
    return matinv_s<T>(h, "ompb" #L "matinvStridedBatched", n, A, lda, sA, Ai, ldi, sI, info,      \
                       batch);                                                                     \
  }                                                                                                \
  ompbStatus_t ompb##L##matinvInterleavedBatched(ompbHandle_t h, int n, const T *A, int lda,       \
                                                 int w, T *Ai, int ldi, int *info, int batch) {    \
    return matinv_i<T>(h, "ompb" #L "matinvInterleavedBatched", n, A, lda, w, Ai, ldi, info,       \
                       batch);                                                                     \
  }                                                                                                \
  ompbStatus_t ompb##L##potrfBatched(ompbHandle_t h, ompbFillMode_t u, int n, T *const A[],        \
                                     int lda, int *info, int batch) {                              \
    return potrf_p<T>(h, "ompb" #L "potrfBatched", raw(u), n, A, lda, info, batch);                \
  }                                                                                                \
  ompbStatus_t ompb##L##potrfStridedBatched(ompbHandle_t h, ompbFillMode_t u, int n, T *A,         \
                                            int lda, long long sA, int *info, int batch) {         \
    return potrf_s<T>(h, "ompb" #L "potrfStridedBatched", raw(u), n, A, lda, sA, info, batch);     \
  }                                                                                                \
  ompbStatus_t ompb##L##potrfInterleavedBatched(ompbHandle_t h, ompbFillMode_t u, int n, T *A,     \
                                                int lda, int w, int *info, int batch) {            \
    return potrf_i<T>(h, "ompb" #L "potrfInterleavedBatched", raw(u), n, A, lda, w, info, batch);  \
  }                                                                                                \
  ompbStatus_t ompb##L##potrsBatched(ompbHandle_t h, ompbFillMode_t u, int n, int nrhs,            \
                                     const T *const A[], int lda, T *const B[], int ldb,           \
                                     int *info, int batch) {                                       \
    return potrs_p<T>(h, "ompb" #L "potrsBatched", raw(u), n, nrhs, A, lda, B, ldb, info, batch);  \
  }                                                                                                \
  ompbStatus_t ompb##L##potrsStridedBatched(ompbHandle_t h, ompbFillMode_t u, int n, int nrhs,     \
                                            const T *A, int lda, long long sA, T *B, int ldb,      \
                                            long long sB, int *info, int batch) {                  \
    return potrs_s<T>(h, "ompb" #L "potrsStridedBatched", raw(u), n, nrhs, A, lda, sA, B, ldb, sB, \
                      info, batch);                                                                \
  }                                                                                                \
  ompbStatus_t ompb##L##potrsInterleavedBatched(ompbHandle_t h, ompbFillMode_t u, int n, int nrhs, \
                                                const T *A, int lda, int w, T *B, int ldb,         \
                                                int *info, int batch) {                            \
    return potrs_i<T>(h, "ompb" #L "potrsInterleavedBatched", raw(u), n, nrhs, A, lda, w, B, ldb,  \
                      info, batch);                                                                \
  }                                                                                                \
  ompbStatus_t ompb##L##trsmBatched(ompbHandle_t h, ompbSideMode_t s, ompbFillMode_t u,            \
                                    ompbOperation_t t, ompbDiagType_t d, int m, int n,             \
                                    const T *alpha, const T *const A[], int lda, T *const B[],     \
                                    int ldb, int batch) {                                          \
    return trsm_any<T>(h, "ompb" #L "trsmBatched", raw(s), raw(u), raw(t), raw(d), m, n, alpha,    \
                       Layout::pointer_array, A, nullptr, lda, 0, B, nullptr, ldb, 0, 1, batch);   \
  }                                                                                                \
  ompbStatus_t ompb##L##trsmStridedBatched(ompbHandle_t h, ompbSideMode_t s, ompbFillMode_t u,     \
                                           ompbOperation_t t, ompbDiagType_t d, int m, int n,      \
                                           const T *alpha, const T *A, int lda, long long sA,      \
                                           T *B, int ldb, long long sB, int batch) {               \
    return trsm_any<T>(h, "ompb" #L "trsmStridedBatched", raw(s), raw(u), raw(t), raw(d), m, n,    \
                       alpha, Layout::strided, nullptr, A, lda, sA, nullptr, B, ldb, sB, 1,        \
                       batch);                                                                     \
  }                                                                                                \
  ompbStatus_t ompb##L##trsmInterleavedBatched(                                                    \
      ompbHandle_t h, ompbSideMode_t s, ompbFillMode_t u, ompbOperation_t t, ompbDiagType_t d,     \
      int m, int n, const T *alpha, const T *A, int lda, int w, T *B, int ldb, int batch) {        \
    return trsm_any<T>(h, "ompb" #L "trsmInterleavedBatched", raw(s), raw(u), raw(t), raw(d), m,   \
                       n, alpha, Layout::interleaved, nullptr, A, lda, 0, nullptr, B, ldb, 0, w,   \
                       batch);                                                                     \
  }
OMPB_FOR_EACH_PRECISION(OMPB_C_SOLVERS)
#undef OMPB_C_SOLVERS

#define OMPB_C_QR(L, T)                                                                            \
  ompbStatus_t ompb##L##geqrfBatched(ompbHandle_t h, int m, int n, T *const A[], int lda,          \
                                     T *const Tau[], int *info, int batch) {                       \
    return geqrf_any<T>(h, "ompb" #L "geqrfBatched", Layout::pointer_array, m, n, A, nullptr, lda, \
                        0, Tau, nullptr, 0, 1, info, batch);                                       \
  }                                                                                                \
  ompbStatus_t ompb##L##geqrfStridedBatched(ompbHandle_t h, int m, int n, T *A, int lda,           \
                                            long long sA, T *tau, long long sT, int *info,         \
                                            int batch) {                                           \
    return geqrf_any<T>(h, "ompb" #L "geqrfStridedBatched", Layout::strided, m, n, nullptr, A,     \
                        lda, sA, nullptr, tau, sT, 1, info, batch);                                \
  }                                                                                                \
  ompbStatus_t ompb##L##geqrfInterleavedBatched(ompbHandle_t h, int m, int n, T *A, int lda,       \
                                                int w, T *tau, int *info, int batch) {             \
    return geqrf_any<T>(h, "ompb" #L "geqrfInterleavedBatched", Layout::interleaved, m, n,         \
                        nullptr, A, lda, 0, nullptr, tau, 0, w, info, batch);                      \
  }                                                                                                \
  ompbStatus_t ompb##L##gelsBatched(ompbHandle_t h, ompbOperation_t t, int m, int n, int nrhs,     \
                                    T *const A[], int lda, T *const C[], int ldc, int *info,       \
                                    int *dinfo, int batch) {                                       \
    return gels_any<T>(h, "ompb" #L "gelsBatched", Layout::pointer_array, raw(t), m, n, nrhs, A,   \
                       nullptr, lda, 0, C, nullptr, ldc, 0, 1, info, dinfo, batch);                \
  }                                                                                                \
  ompbStatus_t ompb##L##gelsStridedBatched(ompbHandle_t h, ompbOperation_t t, int m, int n,        \
                                           int nrhs, T *A, int lda, long long sA, T *C, int ldc,   \
                                           long long sC, int *info, int *dinfo, int batch) {       \
    return gels_any<T>(h, "ompb" #L "gelsStridedBatched", Layout::strided, raw(t), m, n, nrhs,     \
                       nullptr, A, lda, sA, nullptr, C, ldc, sC, 1, info, dinfo, batch);           \
  }                                                                                                \
  ompbStatus_t ompb##L##gelsInterleavedBatched(ompbHandle_t h, ompbOperation_t t, int m, int n,    \
                                               int nrhs, T *A, int lda, int w, T *C, int ldc,      \
                                               int *info, int *dinfo, int batch) {                 \
    return gels_any<T>(h, "ompb" #L "gelsInterleavedBatched", Layout::interleaved, raw(t), m, n,   \
                       nrhs, nullptr, A, lda, 0, nullptr, C, ldc, 0, w, info, dinfo, batch);       \
  }
OMPB_FOR_EACH_PRECISION(OMPB_C_QR)
#undef OMPB_C_QR

}  // extern "C"
