// SPDX-License-Identifier: BSD-3-Clause
// The launches of the team-per-matrix shape (kernels/team.hpp) and of the blocked shape's panels
// (offload/blocked_offload.cpp). Compiled in Clang's generic data-sharing mode, unlike the rest of
// the offload code (CMakeLists.txt): a team's state lives in its initial thread's locals, which
// the team's parallel region shares.
#include <type_traits>

#include "kernels/team.hpp"
#include "offload/launch.hpp"
#include "precisions.hpp"

namespace ompbatch::detail::offload {

/// Runs f(b) for b = 0..count-1 on device `dev`, one team per matrix: f runs on the team's
/// initial thread and opens its own parallel region of team_threads(rows) threads. Each team has
/// exactly those threads: where Clang makes the kernel SPMD (every thread of the team runs it, a
/// barrier is the block's __syncthreads), threads of the team outside the parallel region would
/// meet its end-of-region barrier while those inside meet their `omp barrier`s, and the barriers
/// pair wrongly (on an H200 the team shape hung at orders under 128).
template <class F>
void launch_teams(int dev, int count, int rows, F f) {
  const League l = league(count, team_threads(rows));
#pragma omp target teams distribute device(dev) firstprivate(f) num_teams(l.teams) \
    thread_limit(l.threads)
  for (int b = 0; b < count; ++b) f(b);
}

/// f(std::integral_constant<int, B>) for B the smallest of kTeamCopyMax / 4, / 2 and itself (8,
/// 16 and 32 KiB) that holds `elements` values of T (kTeamCopyMax where none does: the team then
/// works in place), the size of the team's copy (TeamMatrix).
template <class T, class F>
void with_copy_bytes(idx elements, F f) {
  const idx bytes = elements * idx(sizeof(T));
  if (bytes <= kTeamCopyMax / 4)
    f(std::integral_constant<int, kTeamCopyMax / 4>());
  else if (bytes <= kTeamCopyMax / 2)
    f(std::integral_constant<int, kTeamCopyMax / 2>());
  else
    f(std::integral_constant<int, kTeamCopyMax>());
}

template <class T>
void getrf_teams(int dev, int count, int m, int n, const DeviceItems<T> &a,
                 const DeviceItems<int> &p, int *inf) {
  with_copy_bytes<T>(idx(m) * n, [&](auto bytes) {
    launch_teams(dev, count, m, [=](int b) {
      const int i = getrf_team<T, decltype(bytes)::value>(m, n, a.at(b), a.rs, a.cs,
                                                          p.data ? p.at(b) : nullptr, p.rs);
      if (inf) inf[b] = i;
    });
  });
}

template <class T>
void potrf_teams(int dev, int count, Uplo uplo, int n, const DeviceItems<T> &a, int *inf) {
  with_copy_bytes<T>(idx(n) * n, [&](auto bytes) {
    launch_teams(dev, count, n, [=](int b) {
      inf[b] = potrf_team<T, decltype(bytes)::value>(uplo, n, a.at(b), a.rs, a.cs);
    });
  });
}

template <class T>
void getrf_panel_teams(int dev, int count, int m, int k0, int k1, int kend, const DeviceItems<T> &a,
                       const DeviceItems<int> &p, int *inf) {
  using R = real_t<T>;
  launch_teams(dev, count, m - k0, [=](int b) {
    R best[kTeamThreads];  // the team's pivot candidates (team_pivot_search)
    int row[kTeamThreads], zero = 0;
    T *u = a.at(b);
    int *piv = p.data ? p.at(b) : nullptr;
#pragma omp parallel num_threads(team_threads(m - k0))
    {
      const int t = omp_get_thread_num(), nt = omp_get_num_threads();
      int first_zero = 0;
      getrf_team_steps(m, k0, kend, k0, k1, u, a.rs, a.cs, piv, p.rs, t, nt, first_zero, best, row);
      if (t == 0) zero = first_zero;
    }
    if (inf && (k0 == 0 || inf[b] == 0)) inf[b] = zero;
  });
}

template <class T>
void potrf_block_teams(int dev, int count, int c0, int c1, const DeviceItems<T> &a, int *inf,
                       real_t<T> *scale, idx ld) {
  const int w = c1 - c0;
  launch_teams(dev, count, w, [=](int b) {
    if (c0 > 0 && inf[b] != 0) return;
    int info = 0;
    T *u = a.at(b);
#pragma omp parallel num_threads(team_threads(w))
    potrf_team_columns(c0, c1, c1, u, a.rs, a.cs, omp_get_thread_num(), omp_get_num_threads(), info,
                       scale ? scale + b * ld : nullptr);
    inf[b] = info;
  });
}

#define OMPB_INSTANTIATE(L, T)                                                             \
  template void getrf_teams<T>(int, int, int, int, const DeviceItems<T> &,                 \
                               const DeviceItems<int> &, int *);                           \
  template void potrf_teams<T>(int, int, Uplo, int, const DeviceItems<T> &, int *);        \
  template void getrf_panel_teams<T>(int, int, int, int, int, int, const DeviceItems<T> &, \
                                     const DeviceItems<int> &, int *);                     \
  template void potrf_block_teams<T>(int, int, int, int, const DeviceItems<T> &, int *,    \
                                     real_t<T> *, idx);
OMPB_FOR_EACH_PRECISION(OMPB_INSTANTIATE)
#undef OMPB_INSTANTIATE

}  // namespace ompbatch::detail::offload
