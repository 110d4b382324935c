// SPDX-License-Identifier: BSD-3-Clause
// The suite's main: Google Test's, after setting the environment variables given as
// --env=NAME=VALUE. ctest passes each run's OMPBATCH_BACKEND and OMPBATCH_HOST_PATH this way,
// since CMake 3.25's gtest_discover_tests keeps only the first of several ENVIRONMENT entries.
// (Variables the OpenMP runtime reads when it loads come from the test command's environment.)
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char **argv) {
  int kept = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--env=", 0) != 0) {
      argv[kept++] = argv[i];
      continue;
    }
    const std::string::size_type eq = arg.find('=', 6);
    if (eq == std::string::npos || eq == 6) {
      std::fprintf(stderr, "%s: expected --env=NAME=VALUE, got %s\n", argv[0], arg.c_str());
      return 2;
    }
    setenv(arg.substr(6, eq - 6).c_str(), arg.substr(eq + 1).c_str(), 1);
  }
  argc = kept;
  argv[argc] = nullptr;
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
