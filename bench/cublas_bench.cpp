// SPDX-License-Identifier: BSD-3-Clause
// ompbatch's getrf and potrf on the offload backend against cuBLAS's cublasDgetrfBatched and
// cuSOLVER's cusolverDnDpotrfBatched in the same process, on the same device data (double; built
// where the CUDA toolkit is found, for an NVIDIA offload build). Every call's data lives in device
// memory (omp_target_alloc, OMPB_MEMORY_DEVICE; the vendors' pointer arrays point into the same
// kind of buffer), copied in again before each call, untimed: the times are the calls' alone.
//
//   ompbatch_cublas_bench [--routines getrf,potrf] [--batches b,b,...]
//       [--shapes thread,team,blocked] [n ...]   (default: both routines, thread and team)
//       (default n = 4 8 16 32 64; batches 10^4, 10^5, 10^6, each where three copies of its
//       matrices fit half the device memory)
//
// One line per routine, n, batch and ompbatch layout (interleaved at the library's width,
// strided, pointer array) and shape (OMPBATCH_OFFLOAD_SHAPE thread / team / blocked): medians of 5
// timed calls after one warm-up, GFLOP/s, the ratio to the vendor's time, and the fraction of the
// HBM roofline (the matrix read and written once: 16 n^2 bytes per matrix, peak from the device's
// memory clock and bus width). infos that differ from the vendor's are counted and printed.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <cusolverDn.h>
#include <omp.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "ompbatch/ompbatch.h"

namespace {

void cuda_check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}
void ok(bool good, const char *what) {
  if (!good) {
    std::fprintf(stderr, "%s failed\n", what);
    std::exit(1);
  }
}

/// Median of 5 timed runs of f after one warm-up, in seconds, each after an untimed setup()
/// (the input copied in again); f returns when the work is done.
double median_time(const std::function<void()> &setup, const std::function<void()> &f) {
  setup();
  f();
  std::vector<double> t;
  for (int r = 0; r < 5; ++r) {
    setup();
    const double t0 = omp_get_wtime();
    f();
    t.push_back(omp_get_wtime() - t0);
  }
  std::sort(t.begin(), t.end());
  return t[2];
}

/// A device buffer of count T's (OpenMP device memory, which the CUDA libraries use as is).
template <class T>
struct DeviceBuffer {
  int dev;
  std::size_t count;
  T *p;
  DeviceBuffer(std::size_t n, int d) : dev(d), count(n) {
    p = static_cast<T *>(omp_target_alloc(n * sizeof(T), d));
    ok(p != nullptr, "omp_target_alloc");
  }
  ~DeviceBuffer() { omp_target_free(p, dev); }
  void put(const std::vector<T> &h) {
    ok(omp_target_memcpy(p, h.data(), count * sizeof(T), 0, 0, dev, omp_get_initial_device()) == 0,
       "omp_target_memcpy");
  }
  std::vector<T> get() const {
    std::vector<T> h(count);
    ok(omp_target_memcpy(h.data(), p, count * sizeof(T), 0, 0, omp_get_initial_device(), dev) == 0,
       "omp_target_memcpy");
    return h;
  }
};

/// Random matrices, or (spd) diagonally dominant symmetric ones, n x n column-major, one after
/// another. Each entry is a hash of its index (splitmix64), so that host threads fill batches of
/// 10^6 in parallel and the numbers do not depend on the thread count.
std::vector<double> matrices(int n, int batch, bool spd, unsigned seed) {
  const std::size_t nn = std::size_t(n) * n;
  std::vector<double> a(nn * batch);
#pragma omp parallel for schedule(static)
  for (int b = 0; b < batch; ++b) {
    double *m = a.data() + nn * b;
    for (std::size_t e = 0; e < nn; ++e) {
      std::uint64_t z = (seed + (nn * b + e)) * 0x9e3779b97f4a7c15ull;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      z ^= z >> 31;
      m[e] = double(z >> 11) * 0x1.0p-52 - 1.0;  // uniform in [-1, 1)
    }
    if (spd)
      for (int j = 0; j < n; ++j)
        for (int i = 0; i < j; ++i) m[i + j * n] = m[j + i * n];
    if (spd)
      for (int i = 0; i < n; ++i) m[i + i * n] = 2.0 * n;
  }
  return a;
}

/// The same matrices interleaved at width w (ompb<t>PackInterleaved's layout, ld = n).
std::vector<double> interleave(const std::vector<double> &a, int n, int batch, int w) {
  const std::size_t blocks = (std::size_t(batch) + w - 1) / w, nn = std::size_t(n) * n;
  std::vector<double> x(blocks * w * nn, 0.0);
#pragma omp parallel for schedule(static)
  for (int b = 0; b < batch; ++b)
    for (std::size_t e = 0; e < nn; ++e) x[(b / w) * w * nn + e * w + b % w] = a[b * nn + e];
  return x;
}

/// "a,b,c" -> {"a", "b", "c"}
std::vector<std::string> comma_list(const std::string &list) {
  std::vector<std::string> items;
  for (std::size_t at = 0;;) {
    const std::size_t comma = list.find(',', at);
    items.push_back(list.substr(at, comma - at));
    if (comma == std::string::npos) return items;
    at = comma + 1;
  }
}

}  // namespace

int main(int argc, char **argv) {
  std::vector<int> ns, batches;
  std::vector<std::string> shapes, routines;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--routines" && i + 1 < argc) {
      routines = comma_list(argv[++i]);
      for (const std::string &r : routines)
        ok(r == "getrf" || r == "potrf", "--routines getrf,potrf");
    } else if (arg == "--batches" && i + 1 < argc) {
      for (const std::string &b : comma_list(argv[++i])) {
        char *end = nullptr;
        batches.push_back(int(std::strtol(b.c_str(), &end, 10)));
        ok(*end == '\0' && batches.back() > 0, "--batches b,b,... (positive batch counts)");
      }
    } else if (arg == "--shapes" && i + 1 < argc) {
      shapes = comma_list(argv[++i]);
      for (const std::string &shape : shapes)
        ok(shape == "thread" || shape == "team" || shape == "blocked",
           "--shapes thread,team,blocked");
    } else {
      ns.push_back(std::atoi(argv[i]));
      ok(ns.back() > 0, "an order n > 0");
    }
  }
  if (ns.empty()) ns = {4, 8, 16, 32, 64};
  if (batches.empty()) batches = {10000, 100000, 1000000};
  if (shapes.empty()) shapes = {"thread", "team"};
  if (routines.empty()) routines = {"getrf", "potrf"};
  const int dev = omp_get_default_device();
  ok(omp_get_num_devices() > 0, "an OpenMP offload device");
  int clock_khz = 0, bus_bits = 0;
  cuda_check(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, dev), "clock");
  cuda_check(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev), "bus");
  const double peak = 2.0 * clock_khz * 1e3 * bus_bits / 8;  // bytes/s
  cudaDeviceProp prop{};
  cuda_check(cudaGetDeviceProperties(&prop, dev), "properties");
  std::printf("# device %d: %s, HBM peak %.0f GB/s\n", dev, prop.name, peak / 1e9);
  cublasHandle_t cublas;
  cusolverDnHandle_t cusolver;
  ok(cublasCreate(&cublas) == CUBLAS_STATUS_SUCCESS, "cublasCreate");
  ok(cusolverDnCreate(&cusolver) == CUSOLVER_STATUS_SUCCESS, "cusolverDnCreate");
  ompbHandle_t h;
  ok(ompbCreate(&h) == OMPB_STATUS_SUCCESS, "ompbCreate");
  ok(ompbSetBackend(h, OMPB_BACKEND_OFFLOAD) == OMPB_STATUS_SUCCESS, "offload backend");
  ok(ompbSetMemorySpace(h, OMPB_MEMORY_DEVICE) == OMPB_STATUS_SUCCESS, "device memory");
  int width = 0;
  ok(ompbGetInterleaveWidth(h, 'D', &width) == OMPB_STATUS_SUCCESS, "width");
  std::printf(
      "routine,n,batch,layout,shape,ms,GFLOP/s,vendor_ms,vendor_GFLOP/s,ratio,roofline,"
      "info_mismatches\n");
  for (const std::string &routine : routines)
    for (int n : ns)
      for (int batch : batches) {
        const bool lu = routine == "getrf";
        const std::size_t nn = std::size_t(n) * n;
        if (nn * batch * sizeof(double) * 3 > prop.totalGlobalMem / 2) continue;
        const std::vector<double> a = matrices(n, batch, !lu, 7u + n);
        const double flops = lu ? batch * (2.0 / 3 * n * n * n) : batch * (1.0 / 3 * n * n * n);
        const double bytes = batch * 16.0 * nn;
        // the vendor: pointer array into one strided buffer
        DeviceBuffer<double> va(nn * batch, dev);
        DeviceBuffer<int> vpiv(std::size_t(n) * batch, dev), vinfo(batch, dev);
        DeviceBuffer<double *> vptr(batch, dev);
        std::vector<double *> hp(batch);
        for (int b = 0; b < batch; ++b) hp[b] = va.p + nn * b;
        vptr.put(hp);
        const double vk = median_time(
            [&] {
              va.put(a);
              cuda_check(cudaDeviceSynchronize(), "sync");
            },
            [&] {
              if (lu)
                ok(cublasDgetrfBatched(cublas, n, vptr.p, n, vpiv.p, vinfo.p, batch) ==
                       CUBLAS_STATUS_SUCCESS,
                   "cublasDgetrfBatched");
              else
                ok(cusolverDnDpotrfBatched(cusolver, CUBLAS_FILL_MODE_LOWER, n, vptr.p, n, vinfo.p,
                                           batch) == CUSOLVER_STATUS_SUCCESS,
                   "cusolverDnDpotrfBatched");
              cuda_check(cudaDeviceSynchronize(), "sync");
            });
        const std::vector<int> vinf = vinfo.get();
        for (const char *layout : {"interleaved", "strided", "pointer"})
          for (const std::string &shape : shapes) {
            setenv("OMPBATCH_OFFLOAD_SHAPE", shape.c_str(), 1);
            ompbHandle_t hs;
            ok(ompbCreate(&hs) == OMPB_STATUS_SUCCESS, "ompbCreate");
            ok(ompbSetBackend(hs, OMPB_BACKEND_OFFLOAD) == OMPB_STATUS_SUCCESS, "offload backend");
            ok(ompbSetMemorySpace(hs, OMPB_MEMORY_DEVICE) == OMPB_STATUS_SUCCESS, "device memory");
            const bool il = std::string(layout) == "interleaved",
                       st = std::string(layout) == "strided";
            const std::vector<double> input = il ? interleave(a, n, batch, width) : a;
            DeviceBuffer<double> oa(input.size(), dev);
            DeviceBuffer<int> opiv(std::size_t(n) * batch + width * std::size_t(n), dev),
                oinfo(batch, dev);
            DeviceBuffer<double *> optr(batch, dev);
            std::vector<double *> op(batch);
            for (int b = 0; b < batch; ++b) op[b] = oa.p + nn * b;
            optr.put(op);
            auto call = [&] {
              ompbStatus_t s = OMPB_STATUS_SUCCESS;
              if (lu && il)
                s = ompbDgetrfInterleavedBatched(hs, n, n, oa.p, n, width, opiv.p, oinfo.p, batch);
              else if (lu && st)
                s = ompbDgetrfStridedBatched(hs, n, n, oa.p, n, nn, opiv.p, n, oinfo.p, batch);
              else if (lu)
                s = ompbDgetrfBatched(hs, n, optr.p, n, opiv.p, oinfo.p, batch);
              else if (il)
                s = ompbDpotrfInterleavedBatched(hs, OMPB_FILL_MODE_LOWER, n, oa.p, n, width,
                                                 oinfo.p, batch);
              else if (st)
                s = ompbDpotrfStridedBatched(hs, OMPB_FILL_MODE_LOWER, n, oa.p, n, nn, oinfo.p,
                                             batch);
              else
                s = ompbDpotrfBatched(hs, OMPB_FILL_MODE_LOWER, n, optr.p, n, oinfo.p, batch);
              if (s != OMPB_STATUS_SUCCESS) {
                std::fprintf(stderr, "%s\n", ompbGetLastErrorMessage(hs));
                std::exit(1);
              }
            };
            const double ot = median_time([&] { oa.put(input); }, call);
            const std::vector<int> oinf = oinfo.get();
            int mismatches = 0;
            for (int b = 0; b < batch; ++b) mismatches += oinf[b] != vinf[b];
            std::printf("%s,%d,%d,%s,%s,%.4f,%.2f,%.4f,%.2f,%.3f,%.3f,%d\n", routine.c_str(), n,
                        batch, layout, shape.c_str(), ot * 1e3, flops / ot / 1e9, vk * 1e3,
                        flops / vk / 1e9, vk / ot, bytes / ot / peak, mismatches);
            std::fflush(stdout);
            ompbDestroy(hs);
          }
      }
  ompbDestroy(h);
  cusolverDnDestroy(cusolver);
  cublasDestroy(cublas);
  return 0;
}
