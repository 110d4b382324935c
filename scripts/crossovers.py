#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Measures the host crossovers of src/dispatch.hpp: runs the tester once with every call on the
SIMD lane kernels (OMPBATCH_HOST_PATH=lanes) and once on the vendor path (=vendor), alternating
runs, and prints per routine, precision and layout the time ratio lanes/vendor at each n (median
over runs; below 1: the lanes are faster) and the crossover: the smallest measured n from which
the vendor path is faster at every larger n.

  scripts/crossovers.py [--preset host-gcc] [--runs 2] [tester options ...]
  e.g. scripts/crossovers.py --routine potrf -p d,s -n 32,48,64,96,128 -l interleaved,strided
"""
import argparse
import os
import statistics
import subprocess
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(preset, path, tester_args):
    env = dict(os.environ, OMPBATCH_BACKEND="host", OMPBATCH_HOST_PATH=path)
    out = subprocess.run(["bash", os.path.join(ROOT, "scripts/run.sh"), "--preset", preset]
                         + tester_args, env=env, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        sys.exit(f"crossovers.py: the tester failed ({out.returncode}):\n{out.stderr}")
    rows = {}
    for line in out.stdout.splitlines():
        f = line.split()
        if len(f) < 12 or line.startswith("#") or f[0] == "routine":
            continue
        rows[(f[0], f[1], f[2], int(f[3]))] = float(f[5])  # time_ms
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--preset", default="host-gcc")
    ap.add_argument("--runs", type=int, default=2, help="runs of each path, alternating")
    args, tester_args = ap.parse_known_args()
    times = defaultdict(lambda: defaultdict(list))  # case -> path -> [ms]
    for _ in range(args.runs):
        for path in ("lanes", "vendor"):
            for case, ms in run(args.preset, path, tester_args).items():
                times[case][path].append(ms)
    groups = defaultdict(dict)  # (routine, prec, layout) -> n -> ratio
    for (routine, prec, layout, n), t in times.items():
        if t["lanes"] and t["vendor"]:
            groups[(routine, prec, layout)][n] = (statistics.median(t["lanes"]) /
                                                  statistics.median(t["vendor"]))
    print("# time on the lane kernels / time on the vendor path (median of %d runs each)" % args.runs)
    for key in sorted(groups):
        ratios = groups[key]
        ns = sorted(ratios)
        crossover = None
        for i, n in enumerate(ns):
            if all(ratios[m] >= 1 for m in ns[i:]):
                crossover = n
                break
        cells = " ".join(f"{n}:{ratios[n]:.2f}" for n in ns)
        print(f"{key[0]:<7} {key[1]} {key[2]:<11} crossover {crossover if crossover else '>' + str(ns[-1]):>5}   {cells}")


if __name__ == "__main__":
    main()
