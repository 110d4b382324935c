// SPDX-License-Identifier: BSD-3-Clause
// The C API: handle bookkeeping, status texts, and one-line wrappers over the C++ core.
// No exception crosses this boundary; every failure is a status plus a message on the handle.
#include <mutex>
#include <new>
#include <string>
#include <unordered_set>

#include "ompbatch/ompbatch.h"
#include "ompbatch/ompbatch.hpp"
#include "precisions.hpp"

struct ompbContext {
  ompbatch::Context ctx;
  std::string last_error;
};

namespace {

using ompbatch::BatchView;
using ompbatch::Context;
using ompbatch::Error;

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

/// Runs f(context) and turns every exception into a status and a message naming `routine`.
template <class F>
ompbStatus_t guarded(ompbHandle_t h, const char *routine, F &&f) noexcept {
  if (!is_live(h)) return OMPB_STATUS_NOT_INITIALIZED;
  try {
    f(h->ctx);
    return OMPB_STATUS_SUCCESS;
  } catch (const Error &e) {
    try {
      h->last_error = std::string(routine) + ": " + e.detail();
    } catch (...) {
    }
    return e.status();
  } catch (const std::bad_alloc &) {
    h->last_error.clear();
    return OMPB_STATUS_ALLOC_FAILED;
  } catch (...) {
    h->last_error.clear();
    return OMPB_STATUS_INTERNAL_ERROR;
  }
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
                 [&](Context &c) { c.set_backend(static_cast<ompbatch::Backend>(backend)); });
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
    c.set_memory_space(static_cast<ompbatch::MemorySpace>(space));
  });
}

ompbStatus_t ompbGetMemorySpace(ompbHandle_t h, ompbMemorySpace_t *space) {
  return guarded(h, "ompbGetMemorySpace", [&](Context &c) {
    if (!space) throw Error(OMPB_STATUS_INVALID_VALUE, "", "space is NULL");
    *space = static_cast<ompbMemorySpace_t>(c.memory_space());
  });
}

const char *ompbGetStatusName(ompbStatus_t s) {
  switch (s) {
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
  switch (s) {
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
  return h->last_error.c_str();
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

}  // extern "C"
