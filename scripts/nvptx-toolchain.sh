#!/usr/bin/env bash
# A CUDA directory for clang-19's sm_ offload builds whose images clang-19's OpenMP runtime loads.
#
# CUDA 13's ptxas writes cubins with the ELF OS/ABI 0x29 (41); libomptarget 19 accepts only 0x33
# (51) and skips the image, so a program finds no device (OMPB_STATUS_ARCH_MISMATCH with a GPU
# present; seen on an H200, driver 580, 2026-11-26). CUDA 11.8's ptxas writes 0x33 cubins that the
# 580 driver loads. This takes ptxas, nvlink and fatbinary from Debian 12's non-free
# nvidia-cuda-toolkit (11.8; downloaded with apt into a private cache, nothing installed), and
# libdevice, headers and libraries from CUDA_HOME (/usr/local/cuda). clang-19 labels its sm_90 PTX
# ISA 8.5, which ptxas 11.8 refuses; the ptxas here relabels it 7.8 and ptxas then assembles it
# or fails loudly on an instruction 7.8 lacks.
#
#   scripts/nvptx-toolchain.sh DIR
#   cmake --preset offload-nvptx -B build/nvptx-cuda118 -DOMPBATCH_CUDA_PATH=DIR
set -euo pipefail
dir=${1:?usage: scripts/nvptx-toolchain.sh DIR}
cuda=${CUDA_HOME:-/usr/local/cuda}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/parts" "$work/lists" "$work/cache" "$work/x"
cat > "$work/parts/non-free.sources" <<SRC
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
o=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/parts"
   -o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache")
apt-get "${o[@]}" -qq update
(cd "$work" && apt-get "${o[@]}" -qq download nvidia-cuda-toolkit 2>/dev/null)
dpkg -x "$work"/nvidia-cuda-toolkit_*.deb "$work/x"
rm -rf "$dir"
mkdir -p "$dir/bin"
cp "$work/x/usr/bin/ptxas" "$dir/bin/ptxas-11.8"
cp "$work/x/usr/bin/nvlink" "$work/x/usr/bin/fatbinary" "$dir/bin/"
for d in nvvm include lib64; do ln -s "$cuda/$d" "$dir/$d"; done
echo '{"cuda": {"name": "CUDA SDK", "version": "11.8.89"}}' > "$dir/version.json"
cat > "$dir/bin/ptxas" <<'WRAP'
#!/usr/bin/env bash
# ptxas 11.8 with clang-19's PTX relabelled from ISA 8.x to 7.8 (scripts/nvptx-toolchain.sh).
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args=()
for a in "$@"; do
  if [[ "$a" == *.s && -f "$a" ]]; then
    t="$tmp/$(basename "$a")"
    sed 's/^\.version 8\.[0-9]*$/.version 7.8/' "$a" > "$t"
    args+=("$t")
  else
    args+=("$a")
  fi
done
"$(dirname "$0")/ptxas-11.8" "${args[@]}"
WRAP
chmod +x "$dir/bin/ptxas"
"$dir/bin/ptxas-11.8" --version | tail -1
