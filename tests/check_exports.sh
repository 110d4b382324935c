#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The library's dynamic symbol table holds its API and nothing else (src/exports.map): every C
# function that include/ompbatch/ompbatch.h declares, the C++ API of ompbatch.hpp, and no
# STB_GNU_UNIQUE symbol (the dynamic linker would share it with any other copy of the library in
# the process). Usage: check_exports.sh <libompbatch.so> <ompbatch.h>
set -euo pipefail
lib=$1 header=$2
defined=$(nm -D --defined-only "$lib" | awk '{ print $3 }')
status=0
unique=$(readelf --dyn-syms -W "$lib" | awk '$5 == "UNIQUE" { print $8 }')
if [[ -n $unique ]]; then
  echo "symbols of binding UNIQUE:" $'\n'"$unique"
  status=1
fi
api='^(ompb[A-Z][A-Za-z0-9_]*|(void |int )?ompbatch::(getrf|getrs|getri|matinv|potrf|potrs|trsm|geqrf|gels|copy|interleave_width)<(float|double|std::complex<(float|double)> )>\(.*|ompbatch::(Context|Error)::~?[A-Za-z_]+(\[abi:[a-z0-9]+\])?\(.*|(vtable|typeinfo|typeinfo name) for ompbatch::Error)$'
others=$(c++filt <<<"$defined" | { grep -Ev "$api" || [[ $? -eq 1 ]]; })
if [[ -n $others ]]; then
  echo "exported but not in the API:" $'\n'"$others"
  status=1
fi
declared=$(grep -oE '\bompb[A-Z][A-Za-z0-9_]*[[:space:]]*\(' "$header" | tr -d '( \t' | sort -u)
missing=$(comm -23 <(echo "$declared") <(sort -u <<<"$defined"))
if [[ -n $missing ]]; then
  echo "declared in $header but not exported:" $'\n'"$missing"
  status=1
fi
echo "$(wc -l <<<"$defined") symbols exported, $(wc -l <<<"$declared") C functions declared"
exit $status
