// SPDX-License-Identifier: BSD-3-Clause
// Host backend entry points (inputs already checked, sizes non-zero).
#pragma once

#include "ompbatch/ompbatch.hpp"

namespace ompbatch::detail::host {

template <class T>
void getrf(const BatchView<T> &A, Pivots ipiv, int *info);

template <class T>
void copy(const BatchView<const T> &from, const BatchView<T> &to);

}  // namespace ompbatch::detail::host
