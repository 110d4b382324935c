// SPDX-License-Identifier: BSD-3-Clause
// Context: backend, device and memory space, resolved from the environment once at creation.
#include <omp.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <utility>

#include "backends.hpp"
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

/// The value of environment variable `name` among the choices (any case; unset or empty reads as
/// "auto"); any other value is an Error that lists the choices.
template <class E>
E from_env(const char *name, std::initializer_list<std::pair<const char *, E>> choices) {
  const char *p = std::getenv(name);
  if (!p || !*p) p = "auto";
  const std::string v = lower(p);
  std::string names;
  for (const auto &[text, value] : choices) {
    if (v == text) return value;
    names += (names.empty() ? "" : ", ") + std::string(text);
  }
  throw Error(OMPB_STATUS_INVALID_VALUE, "ompbCreate",
              std::string(name) + "='" + p + "' is not one of " + names);
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
  set_backend(from_env<Backend>(
      "OMPBATCH_BACKEND",
      {{"host", Backend::host}, {"offload", Backend::offload}, {"auto", Backend::automatic}}));
  host_path_ = from_env<HostPath>(
      "OMPBATCH_HOST_PATH",
      {{"auto", HostPath::automatic}, {"lanes", HostPath::lanes}, {"vendor", HostPath::vendor}});
  offload_shape_ =
      from_env<OffloadShape>("OMPBATCH_OFFLOAD_SHAPE", {{"auto", OffloadShape::automatic},
                                                        {"thread", OffloadShape::thread},
                                                        {"team", OffloadShape::team},
                                                        {"blocked", OffloadShape::blocked}});
  const char *isa = detail::host::variant().isa;  // (OMPBATCH_HOST_ISA, checked here)
  if (const char *v = std::getenv("OMPBATCH_VERBOSE"); v && std::string(v) == "1") {
    std::fprintf(stderr, "ompbatch: backend=%s device=%d (OpenMP devices: %d) host kernels=%s\n",
                 backend_name(backend_), device_, omp_get_num_devices(), isa);
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
