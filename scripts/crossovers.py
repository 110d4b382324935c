#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Measures the host crossovers of src/dispatch.hpp: runs the tester once with every call on the
SIMD lane kernels (OMPBATCH_HOST_PATH=lanes) and once on the vendor path (=vendor), alternating
runs, and prints per routine, precision and layout the time ratio lanes/vendor at each n (median
over runs; below 1: the lanes are faster) and the crossover: the smallest measured n from which
the vendor path is faster at every larger n. Each run's ratio is that of the two paths' speed-ups
over the tester's LAPACKE loop (its rounds time ours and the loop in turn), so the loop is the
yardstick that carries a path across the machine's changes of speed between runs.

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
        rows[(f[0], f[1], f[2], int(f[3]))] = float(f[9])  # speedup
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--preset", default="host-gcc")
    ap.add_argument("--runs", type=int, default=2, help="runs of each path, alternating")
    args, tester_args = ap.parse_known_args()
    per_run = defaultdict(list)  # case -> [lanes time / vendor time, one a run]
    for _ in range(args.runs):
        speedup = {path: run(args.preset, path, tester_args) for path in ("lanes", "vendor")}
        for case, lanes in speedup["lanes"].items():
            if case in speedup["vendor"]:
                per_run[case].append(speedup["vendor"][case] / lanes)
    groups = defaultdict(dict)  # (routine, prec, layout) -> n -> ratio
    for (routine, prec, layout, n), r in per_run.items():
        groups[(routine, prec, layout)][n] = statistics.median(r)
    print("# time on the lane kernels / time on the vendor path (median over %d runs of each, "
          "by their speed-ups over the loop)" % args.runs)
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
