#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""GFLOP/s versus n of getrf from an ompbatch_bench JSON: ompbatch per layout against the LAPACKE loop and
the roofline (min(update bandwidth x flops/byte, gemm peak), both measured in the same run).

    scripts/bench-plot.py bench/results/NAME.json [-o NAME.png] [--mib 256] [--pivot pivot]
"""
import argparse
import json
import re

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

NAME = re.compile(r"getrf/(?P<p>[sdcz])/(?P<impl>[a-z_]+)/(?P<piv>pivot|nopivot)/n:(?P<n>\d+)/MiB:(?P<mib>[\d.]+)")


def flops(p, n):
    """LAPACK's getrf flop count (square n)."""
    muls = 0.5 * n**3 - n**3 / 6 + 0.5 * n * n - 0.5 * n * n + 2 * n / 3
    adds = 0.5 * n**3 - n**3 / 6 - 0.5 * n * n + n / 6
    return 6 * muls + 2 * adds if p in "cz" else muls + adds


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("json")
    ap.add_argument("-o", "--output")
    ap.add_argument("--mib", default="256", help="batch size in MiB to plot (default 256)")
    ap.add_argument("--pivot", default="pivot", choices=["pivot", "nopivot"])
    args = ap.parse_args()
    with open(args.json) as f:
        run = json.load(f)
    ctx = run["context"]
    ceil = re.search(r"update ([\d.]+) GB/s, sgemm ([\d.]+) GFLOP/s, dgemm ([\d.]+)", ctx.get("ceilings", ""))
    bw, speak, dpeak = (float(x) for x in ceil.groups()) if ceil else (None, None, None)
    series = {}
    for b in run["benchmarks"]:
        m = NAME.match(b["name"]) if "/offset:" not in b["name"] else None  # aligned batches only
        if not m or b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        if m["mib"] != args.mib or (m["piv"] != args.pivot and m["impl"] != "lapacke_loop"):
            continue
        series.setdefault((m["p"], m["impl"]), {})[int(m["n"])] = b["GFLOP/s"]
    precisions = [p for p in "sdcz" if any(k[0] == p for k in series)]
    cols = min(len(precisions), 2)
    rows = (len(precisions) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(6 * cols, 4.5 * rows), squeeze=False)
    for ax, p in zip(axes.flat, precisions):
        for (q, impl), pts in sorted(series.items()):
            if q != p:
                continue
            ns = sorted(pts)
            style = "k--" if impl == "lapacke_loop" else "-o"
            label = "LAPACKE loop (reference)" if impl == "lapacke_loop" else f"ompbatch {impl}"
            ax.plot(ns, [pts[n] for n in ns], style, label=label)
        if bw:
            ns = sorted({n for (q, _), pts in series.items() if q == p for n in pts})
            size = {"s": 4, "d": 8, "c": 8, "z": 16}[p]
            peak = speak if p in "sc" else dpeak
            roof = [min(bw * flops(p, n) / (2 * size * n * n + 4 * n), peak) for n in ns]
            ax.plot(ns, roof, ":", color="grey", label="roofline")
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("n")
        ax.set_ylabel("GFLOP/s")
        ax.set_title(f"{p}getrf, {args.pivot}, {args.mib} MiB batches")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(f"{ctx.get('host_name', '')} {ctx.get('date', '')[:10]}, {ctx.get('omp_threads', '?')} threads; "
                 f"{ctx.get('reference', '')[:60]}", fontsize=8)
    fig.tight_layout()
    out = args.output or args.json.rsplit(".", 1)[0] + ".png"
    fig.savefig(out, dpi=110)
    print(f"bench-plot: wrote {out}")


if __name__ == "__main__":
    main()
