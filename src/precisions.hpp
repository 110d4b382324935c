// SPDX-License-Identifier: BSD-3-Clause
// The one precision list: it drives explicit instantiation and the C wrappers.
#pragma once

#include <complex>

#define OMPB_FOR_EACH_PRECISION(X) \
  X(S, float) X(D, double) X(C, std::complex<float>) X(Z, std::complex<double>)
