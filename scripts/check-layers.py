#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Checks that the library's includes point down its layers (docs/architecture.md):

  include/ompbatch/  the API            may include: the API
  src/kernels/       the kernels        may include: the kernels, the API
  src/ (the rest)    the core           may include: the core, the kernels, the API
  simd/              the host backend   may include: itself, the kernels, the API, the core's
  offload/           the device backend   interface to the backends (src/backends.hpp, src/precisions.hpp)

so the core includes no backend, the backends never include each other, and the kernels know
neither. Every quoted include must resolve (to the including file's folder, include/, src/ or
the root, as the build's include path does). Prints each offending line; exit status 1 if any.

  scripts/check-layers.py [ROOT]      the tree at ROOT (default: this script's project)
  scripts/check-layers.py --self-test a tree with one include of each forbidden kind: each found
"""
import os
import re
import sys
import tempfile

SOURCES = ("include/ompbatch", "src", "simd", "offload")
INTERFACE = {"src/backends.hpp", "src/precisions.hpp"}
ALLOWED = {
    "api": {"api"},
    "kernels": {"kernels", "api"},
    "core": {"core", "kernels", "api"},
    "simd": {"simd", "kernels", "api", "interface"},
    "offload": {"offload", "kernels", "api", "interface"},
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer(path):
    if path.startswith("include/"):
        return "api"
    if path.startswith("src/kernels/"):
        return "kernels"
    if path in INTERFACE:
        return "interface"
    if path.startswith("src/"):
        return "core"
    return path.split("/")[0]


def resolve(root, including, name):
    for base in (os.path.dirname(including), "include", "src", ""):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(os.path.join(root, candidate)):
            return candidate
    return None


def check(root):
    errors = []
    for top in SOURCES:
        for folder, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if not f.endswith((".h", ".hpp", ".cpp")):
                    continue
                path = os.path.relpath(os.path.join(folder, f), root)
                src = layer(path)
                if src == "interface":
                    src = "core"
                for number, line in enumerate(open(os.path.join(root, path)), 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    target = resolve(root, path, m.group(1))
                    where = f"{path}:{number}: #include \"{m.group(1)}\""
                    if target is None:
                        errors.append(f"{where}: no such file on the include path")
                        continue
                    dst = layer(target)
                    allowed = ALLOWED[src] | ({"interface"} if "core" in ALLOWED[src] else set())
                    if dst not in allowed:
                        errors.append(f"{where}: the {src} layer includes {target} ({dst})")
    return errors


def self_test():
    bad = {
        "src/getrf.cpp": '#include "simd/lanes.hpp"\n',        # core -> host backend
        "src/solve.cpp": '#include "offload/launch.hpp"\n',    # core -> device backend
        "simd/route.cpp": '#include "offload/launch.hpp"\n',   # across the backends
        "offload/qr.cpp": '#include "simd/lanes.hpp"\n',       # across the backends
        "offload/a.cpp": '#include "check.hpp"\n',             # a backend -> the core's inside
        "src/kernels/pack.hpp": '#include "backends.hpp"\n',   # the kernels -> the core
        "src/kernels/team.hpp": '#include "missing.hpp"\n',    # unresolved
    }
    good = {
        "simd/lanes.hpp": '#include "kernels/pack.hpp"\n#include "backends.hpp"\n',
        "offload/launch.hpp": '#include "precisions.hpp"\n#include "ompbatch/ompbatch.hpp"\n',
        "src/backends.hpp": '#include "ompbatch/ompbatch.hpp"\n',
        "src/precisions.hpp": "",
        "src/check.hpp": '#include "kernels/pack.hpp"\n',
        "include/ompbatch/ompbatch.hpp": "",
    }
    with tempfile.TemporaryDirectory() as root:
        for path, text in {**good, **bad}.items():
            os.makedirs(os.path.join(root, os.path.dirname(path)), exist_ok=True)
            open(os.path.join(root, path), "w").write(text)
        errors = check(root)
    found = {e.split(":")[0] for e in errors}
    if found != set(bad) or len(errors) != len(bad):
        print("check-layers self-test: expected one error in each of", sorted(bad))
        print("\n".join(errors) or "(none)")
        return 1
    print(f"check-layers self-test: the {len(bad)} forbidden includes found, nothing else")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))
    errors = check(root)
    for e in errors:
        print(e)
    if errors:
        print(f"check-layers: {len(errors)} include(s) point up or across the layers "
              "(docs/architecture.md)")
        return 1
    print("check-layers: every include points down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
