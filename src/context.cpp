// SPDX-License-Identifier: BSD-3-Clause
// Context: backend, device and memory space, resolved from the environment once at creation.
#include <omp.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ompbatch/ompbatch.hpp"

namespace ompbatch {
namespace {

std::string lower(const char *s) {
  std::string out(s);
  for (char &c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

/// OMP_TARGET_OFFLOAD=DISABLED: the OpenMP runtime may still report devices, so it is read here.
bool offload_disabled_by_env() {
  const char *v = std::getenv("OMP_TARGET_OFFLOAD");
  return v && lower(v) == "disabled";
}

/// A device number names one of the OpenMP devices (0 where there is none).
void check_device(const char *routine, int device) {
  const int ndev = omp_get_num_devices();
  if (device < 0 || device >= (ndev > 0 ? ndev : 1))
    throw Error(OMPB_STATUS_INVALID_VALUE, routine,
                "device (" + std::to_string(device) + ") is not in [0, " +
                    std::to_string(ndev > 0 ? ndev : 1) + ")");
}

const char *backend_name(Backend b) {
  return b == Backend::offload ? "offload" : b == Backend::host ? "host" : "auto";
}

}  // namespace

bool Context::offload_usable(int device) {
#ifdef OMPBATCH_HAVE_OFFLOAD
  if (offload_disabled_by_env()) return false;
  return device >= 0 && device < omp_get_num_devices();
#else
  (void)device;
  return false;
#endif
}

Context::Context() {
  device_ = omp_get_default_device();
  if (const char *d = std::getenv("OMPBATCH_DEVICE"); d && *d) {
    char *end = nullptr;
    const long v = std::strtol(d, &end, 10);
    if (*end != '\0' || v < 0 || v > 1000000)
      throw Error(OMPB_STATUS_INVALID_VALUE, "ompbCreate",
                  std::string("OMPBATCH_DEVICE='") + d + "' is not a device number");
    check_device("ompbCreate", int(v));
    device_ = int(v);
  }
  Backend wanted = Backend::automatic;
  if (const char *b = std::getenv("OMPBATCH_BACKEND"); b && *b) {
    const std::string v = lower(b);
    if (v == "host") {
      wanted = Backend::host;
    } else if (v == "offload") {
      wanted = Backend::offload;
    } else if (v != "auto") {
      throw Error(OMPB_STATUS_INVALID_VALUE, "ompbCreate",
                  std::string("OMPBATCH_BACKEND='") + b + "' is not one of host, offload, auto");
    }
  }
  set_backend(wanted);
  if (const char *p = std::getenv("OMPBATCH_HOST_PATH"); p && *p) {
    const std::string v = lower(p);
    if (v == "lanes")
      host_path_ = HostPath::lanes;
    else if (v == "vendor")
      host_path_ = HostPath::vendor;
    else if (v != "auto")
      throw Error(OMPB_STATUS_INVALID_VALUE, "ompbCreate",
                  std::string("OMPBATCH_HOST_PATH='") + p + "' is not one of auto, lanes, vendor");
  }
  if (const char *v = std::getenv("OMPBATCH_VERBOSE"); v && std::string(v) == "1") {
    std::fprintf(stderr, "ompbatch: backend=%s device=%d (OpenMP devices: %d)\n",
                 backend_name(backend_), device_, omp_get_num_devices());
  }
}

void Context::set_backend(Backend backend) {
  switch (backend) {
    case Backend::host:
      backend_ = Backend::host;
      return;
    case Backend::offload:
      if (!offload_usable(device_))
        throw Error(OMPB_STATUS_ARCH_MISMATCH, "set_backend",
                    "offload requested but OpenMP device " + std::to_string(device_) +
                        " is not usable (devices: " + std::to_string(omp_get_num_devices()) +
                        (offload_disabled_by_env() ? ", OMP_TARGET_OFFLOAD=DISABLED" : "") +
#ifdef OMPBATCH_HAVE_OFFLOAD
                        ")");
#else
                        ", this build has no offload targets)");
#endif
      backend_ = Backend::offload;
      return;
    case Backend::automatic:
      backend_ = offload_usable(device_) ? Backend::offload : Backend::host;
      return;
  }
  throw Error(OMPB_STATUS_INVALID_VALUE, "set_backend",
              "backend (" + std::to_string(int(backend)) + ") is not a backend");
}

void Context::set_device(int device) {
  check_device("set_device", device);
  if (backend_ == Backend::offload && !offload_usable(device))
    throw Error(OMPB_STATUS_ARCH_MISMATCH, "set_device",
                "OpenMP device " + std::to_string(device) + " is not usable for offload");
  device_ = device;
}

void Context::set_memory_space(MemorySpace space) {
  if (space != MemorySpace::host && space != MemorySpace::device)
    throw Error(OMPB_STATUS_INVALID_VALUE, "set_memory_space",
                "space (" + std::to_string(int(space)) + ") is not a memory space");
  space_ = space;
}

}  // namespace ompbatch
