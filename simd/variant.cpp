// SPDX-License-Identifier: BSD-3-Clause
// The choice of the host backend's variant (src/backends.hpp), compiled for the baseline
// instruction set like the rest of the core. OMPBATCH_HOST_VARIANTS lists the build's variants,
// best first, as X(id) X(id) ...; each is the symbol ompbatch_host_<id> of its own object
// (CMakeLists.txt).
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <string>

#include "backends.hpp"

#define X(id) extern "C" const ompbatch::detail::host::Variant ompbatch_host_##id;
OMPBATCH_HOST_VARIANTS
#undef X

namespace ompbatch::detail::host {
namespace {

const Variant *const kVariants[] = {
#define X(id) &ompbatch_host_##id,
    OMPBATCH_HOST_VARIANTS
#undef X
};

/// Whether this CPU (and its operating system) runs code compiled for `isa`. A native build
/// runs where it was built, as it always has.
bool runs_here(const char *isa) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (std::strcmp(isa, "x86-64-v4") == 0) return __builtin_cpu_supports("x86-64-v4");
  if (std::strcmp(isa, "x86-64-v3") == 0) return __builtin_cpu_supports("x86-64-v3");
  if (std::strcmp(isa, "x86-64-v2") == 0) return __builtin_cpu_supports("x86-64-v2");
#endif
  return true;  // x86-64, native
}

std::string names() {
  std::string s;
  for (const Variant *v : kVariants) s += (s.empty() ? "" : ", ") + std::string(v->isa);
  return s;
}

const Variant &choose() {
  if (const char *t = std::getenv("OMPBATCH_HOST_TABLE"); t && *t) {
    std::string known;
    bool found = false;
    for (const char *name : kHostTables) {
      found = found || std::strcmp(t, name) == 0;
      known += (known.empty() ? "" : ", ") + std::string(name);
    }
    if (!found)
      throw Error(OMPB_STATUS_INVALID_VALUE, "ompbCreate",
                  std::string("OMPBATCH_HOST_TABLE='") + t + "' is not one of " + known);
  }
  const char *env = std::getenv("OMPBATCH_HOST_ISA");
  if (env && *env) {
    std::string want(env);
    for (char &c : want) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const Variant *v : kVariants)
      if (want == v->isa) {
        if (!runs_here(v->isa))
          throw Error(
              OMPB_STATUS_ARCH_MISMATCH, "ompbCreate",
              std::string("OMPBATCH_HOST_ISA='") + env + "': this CPU cannot run " + v->isa);
        return *v;
      }
    throw Error(
        OMPB_STATUS_INVALID_VALUE, "ompbCreate",
        std::string("OMPBATCH_HOST_ISA='") + env + "' is not one of this build's " + names());
  }
  for (const Variant *v : kVariants)
    if (runs_here(v->isa)) return *v;
  throw Error(OMPB_STATUS_ARCH_MISMATCH, "ompbCreate",
              "this CPU runs none of the host kernels built: " + names());
}

}  // namespace

const Variant &variant() {
  static const Variant &v = choose();  // (a failed choice throws again at the next call)
  return v;
}

}  // namespace ompbatch::detail::host
