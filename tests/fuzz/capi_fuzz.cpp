// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer target over the C API's argument space: getrf, getrs, potrf and gels (double; every
// other routine shares their checks) in the three layouts, with sizes, leading dimensions, strides,
// interleave widths, batch counts, NULL arrays and enum values read from the input. Each call
// must return the status the C API's argument table gives for its arguments (SUCCESS or
// INVALID_VALUE, modelled below independently of src/check.hpp); an invalid call must change
// nothing but getrs's and gels's host info (-j), a valid one nothing outside its outputs. A
// violation aborts, so the fuzzer reports the input. Runs on the host backend of a sanitized build.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "ompbatch/ompbatch.h"

namespace {

/// The input, a byte at a time (zeros past its end).
class Input {
 public:
  Input(const uint8_t *p, size_t n) : p_(p), left_(n) {}
  int byte() {
    if (!left_) return 0;
    --left_;
    return *p_++;
  }
  int in(int lo, int hi) { return lo + byte() % (hi - lo + 1); }  // [lo, hi]
  bool one_in(int k) { return byte() % k == 0; }

 private:
  const uint8_t *p_;
  size_t left_;
};

[[noreturn]] void violation(const char *what, int routine, int layout) {
  std::fprintf(stderr, "capi_fuzz: %s (routine %d, layout %d)\n", what, routine, layout);
  std::abort();
}

enum Routine { kGetrf, kGetrs, kPotrf, kGels };
enum Layout { kPointers, kStrided, kInterleaved };

/// One array argument: sentinel-filled storage with a few elements to spare past the end, and
/// which of its elements the call may write.
template <class T>
struct Buffer {
  std::vector<T> data, before;
  std::vector<char> out;
  Buffer(size_t count, T fill) : data(count + 8, fill), out(count + 8, 0) {}
  void snapshot() { before = data; }
  bool changed(size_t e) const { return std::memcmp(&data[e], &before[e], sizeof(T)) != 0; }
  bool unchanged() const {
    for (size_t e = 0; e < data.size(); ++e)
      if (changed(e)) return false;
    return true;
  }
  bool only_outputs_changed() const {
    for (size_t e = 0; e < data.size(); ++e)
      if (!out[e] && changed(e)) return false;
    return true;
  }
};

/// Where element (i, j) of matrix b lies, for a geometry that passed the checks.
struct Geometry {
  Layout layout;
  long long ld, stride;  // stride: strided; the pointer array's matrices lie `stride` apart too
  int width, cols;
  size_t at(int b, int i, int j) const {
    if (layout == kInterleaved)
      return size_t(b / width) * width * ld * cols + (size_t(i) + size_t(j) * ld) * width +
             b % width;
    return size_t(b) * stride + i + size_t(j) * ld;
  }
  /// Elements the batch's storage spans (0 when a size is not positive).
  size_t span(int count, int rows) const {
    if (count <= 0 || rows <= 0 || cols <= 0 || ld < 1) return 0;
    if (layout == kInterleaved)
      return width < 1 ? 0 : size_t((count + width - 1) / width) * width * ld * cols;
    return size_t(count - 1) * size_t(std::max(stride, 0LL)) + size_t(ld) * cols;
  }
};

int fuzz_one(Input &in) {
  static ompbHandle_t handle = [] {
    ompbHandle_t h = nullptr;
    if (ompbCreate(&h) != OMPB_STATUS_SUCCESS || ompbSetBackend(h, OMPB_BACKEND_HOST))
      violation("no host handle", -1, -1);
    return h;
  }();
  const auto routine = Routine(in.in(0, 3));
  const auto layout = Layout(in.in(0, 2));
  const int n = in.in(-2, 9);
  const bool solve = routine == kGetrs || routine == kGels;  // with a right-hand side B (C)
  const int m = (routine == kGetrf && layout != kPointers) || routine == kGels ? in.in(-2, 9) : n;
  const int nrhs = solve ? in.in(-2, 4) : 0;
  const int rows_b = routine == kGels ? std::max(m, n) : n;  // gels: C is max(m,n) x nrhs
  const int batch = in.in(-2, 9);
  const int kmax = std::max(0, std::min(m, n));
  // leading dimensions and strides near their limits, now and then anywhere
  const long long lda = std::max(1, m) + in.in(-3, 3);
  const long long ldb = std::max(1, rows_b) + in.in(-3, 3);
  const long long sA = in.one_in(8) ? in.in(-5, 60) : lda * std::max(n, 0) + in.in(-3, 3);
  const long long sB = in.one_in(8) ? in.in(-5, 60) : ldb * std::max(nrhs, 0) + in.in(-3, 3);
  const long long sP = kmax + in.in(-2, 2);
  const int width = layout == kInterleaved ? in.in(-1, 9) : 1;
  // uplo or trans: C++ cannot hold an enum value outside its range (0..1, 0..3), so trans 3 is
  // the one invalid value fuzzed here (and C for dgels); tests/c_enum_checks.c passes any int
  const int enum_value = solve ? in.in(0, 3) : in.in(0, 1);
  const bool null_a = in.one_in(12), null_p = in.one_in(4), null_info = in.one_in(10),
             null_b = in.one_in(12);
  const int null_entry = in.one_in(10) ? in.in(0, 9) : -1;  // a NULL in a pointer array
  const bool pivots = (routine == kGetrf || routine == kGetrs) && !null_p;
  // now and then (a byte that is 0 past the input's end: not by default) one of: a stride whose
  // batch passes the end of the address space (sA, sB or sP of 2^61, 2^62 or LLONG_MAX: past it
  // with any 8-byte element or any 2 ints), or, in a pointer array, a matrix given twice
  // (dup_a: Aarray[d2] = Aarray[d1]; dup_b: Barray[d2] = Barray[d1]; cross: Barray[d2] =
  // Aarray[d1])
  const int extra = in.byte();
  const long long huge[] = {1LL << 61, 1LL << 62, 0x7fffffffffffffffLL};
  const int huge_arg = extra % 8 == 5 ? (extra / 8) % 3 : -1;  // 0: sA, 1: sB, 2: sP
  const long long huge_value = huge[(extra / 32) % 3];
  const int dup = extra % 8 == 6 && layout == kPointers ? 1 + (extra / 8) % 3 : 0;
  enum { kNoDup, kDupA, kDupB, kCross };
  const int d1 = dup ? in.in(0, 9) : 0, d2 = dup ? in.in(0, 9) : 0;
  const bool dup_applies = dup && d1 < batch && d2 < batch && (dup == kCross || d1 != d2) &&
                           d1 != null_entry && d2 != null_entry;
  // the strides the call gets (the storage below follows sA, sB, sP)
  const long long csA = huge_arg == 0 ? huge_value : sA, csB = huge_arg == 1 ? huge_value : sB,
                  csP = huge_arg == 2 ? huge_value : sP;

  // The C API's argument table (API.md), applied to these arguments.
  const bool work = batch > 0 && m > 0 && n > 0;
  bool valid = m >= 0 && n >= 0 && nrhs >= 0 && batch >= 0 && lda >= std::max(1, m);
  if (solve) valid = valid && ldb >= std::max(1, rows_b);
  if (routine == kGetrs) valid = valid && enum_value >= 0 && enum_value <= 2;
  if (routine == kGels) valid = valid && enum_value >= 0 && enum_value <= 1;  // real: N or T
  if (layout == kStrided && batch > 1) {
    valid = valid && csA >= lda * n;
    if (solve) valid = valid && csB >= ldb * nrhs;
    if (pivots) valid = valid && csP >= kmax;
  }
  if (layout == kInterleaved) valid = valid && width >= 1;
  if (work && (null_a || (layout == kPointers && null_entry >= 0 && null_entry < batch)))
    valid = false;
  if (solve && batch > 0 && rows_b > 0 && nrhs > 0 &&
      (null_b || (layout == kPointers && null_entry >= 0 && null_entry < batch)))
    valid = false;
  if (routine == kGetrf && pivots && null_info) valid = false;
  if (routine == kPotrf && work && null_info) valid = false;
  // gels: nothing to do (and devInfoArray unread) without a right-hand side, as LAPACK
  const bool gels_work = routine == kGels && work && nrhs > 0;
  if (gels_work && null_info) valid = false;
  // past the address space: a stride that spaces more than one non-empty item
  const bool b_work = solve && batch > 0 && rows_b > 0 && nrhs > 0;
  if (layout == kStrided && batch > 1 &&
      ((huge_arg == 0 && work) || (huge_arg == 1 && b_work) ||
       (huge_arg == 2 && pivots && kmax > 0)))
    valid = false;
  // a matrix the call writes given twice, or written and read through another argument
  const bool writes_a = routine == kGetrf || routine == kPotrf || gels_work;
  const bool writes_b = routine == kGetrs ? b_work : gels_work;
  if (dup_applies && ((dup == kDupA && writes_a && work) || (dup != kDupA && writes_b)))
    valid = false;

  // Storage for the arguments as given (what a valid call may touch, and more).
  const long long lda1 = std::max(lda, 1LL), ldb1 = std::max(ldb, 1LL);
  const Geometry ga{layout, lda1, layout == kPointers ? lda1 * std::max(n, 0) : sA, width, n};
  const Geometry gb{layout, ldb1, layout == kPointers ? ldb1 * std::max(nrhs, 0) : sB, width, nrhs};
  const size_t elems_a = ga.span(batch, m), elems_b = gb.span(batch, rows_b);
  if (elems_a > (1u << 16) || elems_b > (1u << 16)) return 0;
  Buffer<double> A(elems_a, 1234.5), B(elems_b, -4321.5);
  const int blocks = width >= 1 ? (std::max(batch, 0) + width - 1) / width : 0;
  const size_t pivot_count = batch <= 0               ? 0
                             : layout == kStrided     ? size_t(batch - 1) * std::max(sP, 0LL) + kmax
                             : layout == kInterleaved ? size_t(blocks) * width * kmax
                                                      : size_t(batch) * std::max(n, 0);
  Buffer<int> P(pivot_count, -77), info(size_t(std::max(batch, 0)), -99);
  // matrices: diagonally dominant, so that getrf and potrf succeed and getrs has factors
  for (int b = 0; b < batch && valid; ++b)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i)
        A.data[ga.at(b, i, j)] = i == j ? 2.0 * n + b : 0.25 - in.byte() / 512.0;
  if (routine == kGetrs) std::fill(P.data.begin(), P.data.end(), 1);  // pivots in range
  std::vector<double *> pa, pb;  // the pointer arrays: matrices ld * cols apart
  for (int b = 0; b < batch && layout == kPointers; ++b) {
    pa.push_back(b == null_entry ? nullptr : A.data.data() + (elems_a ? ga.at(b, 0, 0) : 0));
    pb.push_back(b == null_entry ? nullptr : B.data.data() + (elems_b ? gb.at(b, 0, 0) : 0));
  }
  if (dup_applies && dup == kDupA) pa[d2] = pa[d1];
  if (dup_applies && dup == kDupB) pb[d2] = pb[d1];
  if (dup_applies && dup == kCross) pb[d2] = pa[d1];
  const std::vector<double *> pa0 = pa, pb0 = pb;
  std::vector<const double *> pac(pa.begin(), pa.end());

  // What a valid call may write.
  if (valid) {
    for (int b = 0; b < batch; ++b) {
      if (routine == kGetrf || routine == kPotrf || gels_work)
        for (int j = 0; j < n; ++j)
          for (int i = 0; i < m; ++i)
            if (routine != kPotrf || (enum_value == 0 ? i >= j : i <= j)) A.out[ga.at(b, i, j)] = 1;
      if (routine == kGetrs || gels_work)
        for (int j = 0; j < nrhs; ++j)
          for (int i = 0; i < rows_b; ++i) B.out[gb.at(b, i, j)] = 1;
      if (routine == kGetrf && pivots)
        for (int k = 0; k < kmax; ++k)
          P.out[layout == kInterleaved
                    ? size_t(b / width) * width * kmax + size_t(k) * width + b % width
                : layout == kStrided ? size_t(b) * sP + k
                                     : size_t(b) * n + k] = 1;
      if (routine == kGetrf || routine == kPotrf || gels_work) info.out[b] = 1;
    }
  }
  A.snapshot();
  B.snapshot();
  P.snapshot();
  info.snapshot();

  double *a = null_a ? nullptr : A.data.data();
  double *bp = null_b ? nullptr : B.data.data();
  double *const *aa = null_a ? nullptr : pa.data();
  double *const *ba = null_b ? nullptr : pb.data();
  int *piv = pivots ? P.data.data() : nullptr;
  int *inf = null_info ? nullptr : info.data.data();
  int host_info = 12345;
  ompbStatus_t status = OMPB_STATUS_INTERNAL_ERROR;
  const auto op = ompbOperation_t(enum_value);
  const auto uplo = ompbFillMode_t(enum_value);
  switch (routine) {
    case kGetrf:
      status =
          layout == kPointers ? ompbDgetrfBatched(handle, n, aa, int(lda), piv, inf, batch)
          : layout == kStrided
              ? ompbDgetrfStridedBatched(handle, m, n, a, int(lda), csA, piv, csP, inf, batch)
              : ompbDgetrfInterleavedBatched(handle, m, n, a, int(lda), width, piv, inf, batch);
      break;
    case kGetrs:
      status = layout == kPointers
                   ? ompbDgetrsBatched(handle, op, n, nrhs, null_a ? nullptr : pac.data(), int(lda),
                                       piv, ba, int(ldb), &host_info, batch)
               : layout == kStrided
                   ? ompbDgetrsStridedBatched(handle, op, n, nrhs, a, int(lda), csA, piv, csP, bp,
                                              int(ldb), csB, &host_info, batch)
                   : ompbDgetrsInterleavedBatched(handle, op, n, nrhs, a, int(lda), width, piv, bp,
                                                  int(ldb), &host_info, batch);
      break;
    case kPotrf:
      status = layout == kPointers ? ompbDpotrfBatched(handle, uplo, n, aa, int(lda), inf, batch)
               : layout == kStrided
                   ? ompbDpotrfStridedBatched(handle, uplo, n, a, int(lda), csA, inf, batch)
                   : ompbDpotrfInterleavedBatched(handle, uplo, n, a, int(lda), width, inf, batch);
      break;
    case kGels:
      status = layout == kPointers ? ompbDgelsBatched(handle, op, m, n, nrhs, aa, int(lda), ba,
                                                      int(ldb), &host_info, inf, batch)
               : layout == kStrided
                   ? ompbDgelsStridedBatched(handle, op, m, n, nrhs, a, int(lda), csA, bp, int(ldb),
                                             csB, &host_info, inf, batch)
                   : ompbDgelsInterleavedBatched(handle, op, m, n, nrhs, a, int(lda), width, bp,
                                                 int(ldb), &host_info, inf, batch);
      break;
  }
  if (pa != pa0 || pb != pb0) violation("a pointer array changed", routine, layout);
  if (valid) {
    if (status != OMPB_STATUS_SUCCESS) violation("a valid call failed", routine, layout);
    if (!A.only_outputs_changed() || !B.only_outputs_changed() || !P.only_outputs_changed() ||
        !info.only_outputs_changed())
      violation("a valid call wrote outside its outputs", routine, layout);
    if (solve && host_info != 0) violation("host info != 0", routine, layout);
  } else {
    if (status != OMPB_STATUS_INVALID_VALUE)
      violation("an invalid call was accepted", routine, layout);
    if (!A.unchanged() || !B.unchanged() || !P.unchanged() || !info.unchanged())
      violation("an invalid call wrote", routine, layout);
    if (solve && !(host_info < 0 && host_info >= -15))
      violation("host info is not -j", routine, layout);
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  Input in(data, size);
  return fuzz_one(in);
}
