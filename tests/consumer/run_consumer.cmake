# SPDX-License-Identifier: BSD-3-Clause
# cmake -DKIND=cmake|make -DSOURCE_DIR= -DBUILD_DIR= -DWORK_DIR= [-DCONSUMER_CXX=] [-DFORTRAN=ON]
#       -P run_consumer.cmake
# Installs the build into WORK_DIR/prefix, then builds user programs against the installed
# package and runs them: KIND=cmake: tests/consumer with CONSUMER_CXX through find_package (and
# with FORTRAN, a Fortran-only project, tests/consumer/fortran); KIND=make: tests/consumer/make's
# Makefile, which finds the package through pkg-config (and with FORTRAN, ompbatch-fortran.pc).
file(REMOVE_RECURSE ${WORK_DIR})
function(run)
  execute_process(COMMAND ${ARGV} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGV}")
  endif()
endfunction()
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/prefix)
set(_consumer ${SOURCE_DIR}/tests/consumer)
if(KIND STREQUAL "cmake")
  run(${CMAKE_COMMAND} -S ${_consumer} -B ${WORK_DIR}/build -G Ninja -DCMAKE_CXX_COMPILER=${CONSUMER_CXX}
      -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DCMAKE_BUILD_TYPE=Release)
  run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
  run(${WORK_DIR}/build/consumer)
  if(FORTRAN)
    run(${CMAKE_COMMAND} -S ${_consumer}/fortran -B ${WORK_DIR}/fortran -G Ninja
        -DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix -DEXAMPLES=${SOURCE_DIR}/examples)
    run(${CMAKE_COMMAND} --build ${WORK_DIR}/fortran)
    run(${WORK_DIR}/fortran/cholesky_solve)
  endif()
elseif(KIND STREQUAL "make")
  file(GLOB_RECURSE _pc ${WORK_DIR}/prefix/ompbatch.pc)
  get_filename_component(_pc_dir "${_pc}" DIRECTORY)
  file(COPY ${_consumer}/make/ DESTINATION ${WORK_DIR}/make)
  set(_fortran "")
  if(FORTRAN)
    set(_fortran FORTRAN=1)
  endif()
  run(${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${_pc_dir}
      make -C ${WORK_DIR}/make EXAMPLES=${SOURCE_DIR}/examples ${_fortran})
  run(${WORK_DIR}/make/consumer)
  if(FORTRAN)
    run(${WORK_DIR}/make/cholesky_solve)
  endif()
else()
  message(FATAL_ERROR "KIND must be cmake or make, not '${KIND}'")
endif()
