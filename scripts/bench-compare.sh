#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Compares two benchmark runs: Google Benchmark's compare.py prints the table, and this script
# exits 1 when any benchmark of NEW is slower than in BASE by more than THRESHOLD percent
# (default 10), 0 otherwise. The ceiling/* benchmarks (the machine, not the code) are not gated.
# With repetitions, medians are compared.
#   scripts/bench-compare.sh BASE.json NEW.json [THRESHOLD%]
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  sed -n '3,8p' "$0" >&2
  exit 2
fi
base=$1 new=$2 threshold=${3:-10}
py=/usr/bin/python3  # Debian's python, with python3-scipy for compare.py
compare=/usr/share/benchmark/compare.py
[ -r "$compare" ] || { echo "bench-compare.sh: $compare missing (apt-get install libbenchmark-tools)" >&2; exit 2; }
"$py" "$compare" --no-color benchmarks "$base" "$new"
"$py" - "$base" "$new" "$threshold" <<'PY'
import json, sys

def times(path):
    """name -> real time: the median aggregate where there are repetitions, else the run."""
    with open(path) as f:
        runs = json.load(f)["benchmarks"]
    out, medians = {}, {}
    for b in runs:
        name = b.get("run_name", b["name"])
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                medians[name] = b["real_time"]
        else:
            out.setdefault(name, b["real_time"])
    out.update(medians)
    return {n: t for n, t in out.items() if not n.startswith("ceiling/")}

base, new, threshold = times(sys.argv[1]), times(sys.argv[2]), float(sys.argv[3])
slower = [(n, new[n] / base[n] - 1) for n in sorted(base) if n in new and base[n] > 0
          and new[n] / base[n] - 1 > threshold / 100]
missing = sorted(set(base) - set(new))
if missing:
    print(f"bench-compare: {len(missing)} benchmark(s) of BASE are not in NEW (not gated)")
if slower:
    print(f"bench-compare: FAILED: {len(slower)} benchmark(s) slower than BASE by more than {threshold:g}%:")
    for n, d in slower:
        print(f"  {n}: {100 * d:+.1f}%")
    sys.exit(1)
print(f"bench-compare: ok: no benchmark slower than BASE by more than {threshold:g}% ({len(base)} compared)")
PY
