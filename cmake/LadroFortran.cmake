# The Fortran interface (src/fortran/: `use ladro`, libladro_fortran), built when a
# Fortran compiler and the Fortran support of the same MPI as the C library are found.
#   LADRO_FORTRAN       option: build it when available (default ON; as a subproject, ON
#                       when the parent project enabled Fortran)
#   LADRO_HAVE_FORTRAN  set ON here when it is built
#   LADRO_HAVE_MPI_F08  ON when MPI's mpi_f08 module works (ladro_create then also takes
#                       type(MPI_Comm); the example and the tests use it)
# Included after find_package(MPI COMPONENTS C) and LadroMPI (LADRO_MPI_FLAVOR).
if(_ladro_top OR CMAKE_Fortran_COMPILER_LOADED)
  set(_ladro_fortran_default ON)
else()
  set(_ladro_fortran_default OFF)
endif()
option(LADRO_FORTRAN "Build the Fortran module (use ladro) when a Fortran compiler and MPI's Fortran support are found" ${_ladro_fortran_default})
set(LADRO_HAVE_FORTRAN OFF)
set(LADRO_HAVE_MPI_F08 OFF)
if(NOT LADRO_FORTRAN)
  message(STATUS "ladro: Fortran interface off (LADRO_FORTRAN=OFF)")
  return()
endif()
include(CheckLanguage)
check_language(Fortran)
if(NOT CMAKE_Fortran_COMPILER)
  message(STATUS "ladro: Fortran interface off (no Fortran compiler; Debian: gfortran)")
  return()
endif()
enable_language(Fortran)
# The Fortran wrapper of the C library's MPI: mpicc -> mpifort, mpicc.mpich -> mpifort.mpich
# (otherwise FindMPI takes the first mpifort on PATH, which may be the other MPI's).
if(NOT MPI_Fortran_COMPILER AND MPI_C_COMPILER MATCHES "^(.*/)?mpicc([^/]*)$")
  set(_ladro_fc "${CMAKE_MATCH_1}mpifort${CMAKE_MATCH_2}")
  if(EXISTS "${_ladro_fc}")
    set(MPI_Fortran_COMPILER "${_ladro_fc}" CACHE FILEPATH "MPI Fortran compiler wrapper")
  endif()
endif()
find_package(MPI COMPONENTS Fortran)
if(NOT MPI_Fortran_FOUND)
  message(STATUS "ladro: Fortran interface off (no MPI Fortran support; Debian: "
                 "libopenmpi-dev or libmpich-dev ship mpifort)")
  return()
endif()
# One MPI for both languages: MPICH's Fortran libraries are named libmpich*/libmpifort,
# Open MPI's libmpi_mpifh/libmpi_usempi*.
if(MPI_Fortran_LIBRARIES MATCHES "mpich|mpifort")
  set(_ladro_fflavor mpich)
else()
  set(_ladro_fflavor openmpi)
endif()
if(NOT _ladro_fflavor STREQUAL LADRO_MPI_FLAVOR)
  message(STATUS "ladro: Fortran interface off: MPI_Fortran_COMPILER (${MPI_Fortran_COMPILER}) "
                 "is not the Fortran side of the C library's MPI (${LADRO_MPI_FLAVOR}); set "
                 "-DMPI_Fortran_COMPILER to its mpifort")
  return()
endif()
if(MPI_Fortran_HAVE_F08_MODULE)
  set(LADRO_HAVE_MPI_F08 ON)
endif()
set(LADRO_HAVE_FORTRAN ON)
message(STATUS "ladro: Fortran interface on (${CMAKE_Fortran_COMPILER_ID} "
               "${CMAKE_Fortran_COMPILER_VERSION}, ${MPI_Fortran_COMPILER}, mpi_f08 "
               "${LADRO_HAVE_MPI_F08})")
