// SPDX-License-Identifier: BSD-3-Clause
// Offload backend entry points (inputs already checked, sizes non-zero).
#pragma once

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail::offload {

template <class T>
void getrf(const Context &ctx, const BatchView<T> &A, Pivots ipiv, int *info);

template <class T>
void copy(const Context &ctx, const BatchView<const T> &from, const BatchView<T> &to);

}  // namespace ompbatch::detail::offload
