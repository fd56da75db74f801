# Seismic tests, included from apps/seismic/CMakeLists.txt (names seismic_*).
foreach(t wave io segy)
  add_executable(test_seis_${t} ${PROJECT_SOURCE_DIR}/tests/seismic/test_seis_${t}.c)
  target_link_libraries(test_seis_${t} PRIVATE ladro_seis)
  target_compile_options(test_seis_${t} PRIVATE -O2)
  target_compile_definitions(test_seis_${t} PRIVATE _DEFAULT_SOURCE)
endforeach()
add_test(NAME seismic_analytic COMMAND test_seis_wave analytic)
add_test(NAME seismic_sponge COMMAND test_seis_wave sponge)
add_test(NAME seismic_checks COMMAND test_seis_wave checks)
add_test(NAME seismic_io COMMAND test_seis_io)
add_test(NAME seismic_segy COMMAND test_seis_segy)
set_tests_properties(seismic_analytic seismic_sponge seismic_checks seismic_io PROPERTIES
  TIMEOUT 120 LABELS seismic ENVIRONMENT OMP_NUM_THREADS=2)
# SEG-Y tests exit 77 (skipped, with the reason) in a build without libsegyio
set_tests_properties(seismic_segy PROPERTIES TIMEOUT 60 LABELS seismic SKIP_RETURN_CODE 77)
set_tests_properties(seismic_analytic seismic_sponge PROPERTIES COST 250)

if(TARGET ladro-seismic AND TARGET ladro-rtm)
  # every registered policy on 4 ranks, receiver line; the app checks every shot ran once
  # (and its _pt2pt twin: long tasks keep serving the protocol through ladro_progress)
  ladro_add_mpi_test(NAME seismic_modeling_np4 NP 4
    COMMAND ladro-seismic --dims 32,32,24 --shots 3,3 --nb 16 --alpha 0.02 --tmax 0.4
            --receivers line --policy all --quiet --out ${CMAKE_CURRENT_BINARY_DIR}/seis_np4
    TIMEOUT 120 LABELS seismic ENV OMP_NUM_THREADS=1)
  ladro_add_mpi_test(NAME seismic_cli_bad_value NP 1 NO_PT2PT
    COMMAND ladro-seismic --courant abc TIMEOUT 30 LABELS seismic
    EXPECT 2 "^ladro-seismic: --courant 'abc': accepted: a Courant number in")
  ladro_add_mpi_test(NAME seismic_bad_threads NP 1 NO_PT2PT
    COMMAND ladro-seismic --threads 0 TIMEOUT 30 LABELS "seismic;threads;badinput"
    EXPECT 2 "^ladro-seismic: --threads '0': accepted: an integer in \\[1, 1024\\]$")
  ladro_add_mpi_test(NAME rtm_bad_threads NP 1 NO_PT2PT
    COMMAND ladro-rtm --threads 0 TIMEOUT 30 LABELS "seismic;threads;badinput"
    EXPECT 2 "^ladro-rtm: --threads '0': accepted: an integer in \\[1, 1024\\]$")
  ladro_add_mpi_test(NAME seismic_refuse_cfl NP 1 NO_PT2PT
    COMMAND ladro-seismic --courant 0.5 --out ${CMAKE_CURRENT_BINARY_DIR}/seis_cfl
    TIMEOUT 30 LABELS seismic
    EXPECT 2 "refused: CFL violated.*0.5000 exceeds the 3-D limit 0.4528")
  ladro_add_mpi_test(NAME seismic_refuse_dispersion NP 1 NO_PT2PT
    COMMAND ladro-rtm --fpeak 14 --out ${CMAKE_CURRENT_BINARY_DIR}/seis_disp
    TIMEOUT 30 LABELS seismic
    EXPECT 2 "refused: dispersion: 4.00 points per minimum wavelength.*limit 5.00")

  set(_seis_launch ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${LADRO_MPI_PREFLAGS})
  add_test(NAME seismic_rtm_identical
    COMMAND sh ${PROJECT_SOURCE_DIR}/tests/seismic/rtm_identical.sh
            ${CMAKE_BINARY_DIR}/bin ${CMAKE_CURRENT_BINARY_DIR}/rtm_identical ${_seis_launch})
  add_test(NAME seismic_resume_sigkill
    COMMAND sh ${PROJECT_SOURCE_DIR}/tests/seismic/resume_sigkill.sh
            ${CMAKE_BINARY_DIR}/bin ${CMAKE_CURRENT_BINARY_DIR}/resume ${_seis_launch})
  add_test(NAME seismic_threads_identical
    COMMAND sh ${PROJECT_SOURCE_DIR}/tests/seismic/threads_identical.sh
            ${CMAKE_BINARY_DIR}/bin ${CMAKE_CURRENT_BINARY_DIR}/threads_identical ${_seis_launch})
  set_tests_properties(seismic_threads_identical PROPERTIES
    TIMEOUT 240 LABELS "mpi;seismic;threads" ENVIRONMENT "${LADRO_MPI_ENV}")
  set_tests_properties(seismic_rtm_identical seismic_resume_sigkill PROPERTIES
    TIMEOUT 180 LABELS "mpi;seismic" ENVIRONMENT "${LADRO_MPI_ENV}")
  # SEG-Y files as segyio's tools read them; skipped (77) without libsegyio or segyio-bin
  add_test(NAME seismic_segy_tools
    COMMAND sh ${PROJECT_SOURCE_DIR}/tests/seismic/segy_tools.sh ${CMAKE_BINARY_DIR}/bin
            ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/segy_tools ${_seis_launch})
  add_test(NAME seismic_rtm_structured
    COMMAND sh ${PROJECT_SOURCE_DIR}/tests/seismic/rtm_structured.sh ${CMAKE_BINARY_DIR}/bin
            ${PROJECT_SOURCE_DIR} ${CMAKE_CURRENT_BINARY_DIR}/rtm_structured ${_seis_launch})
  set_tests_properties(seismic_segy_tools PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77
    LABELS "mpi;seismic" ENVIRONMENT "${LADRO_MPI_ENV}")
  set_tests_properties(seismic_rtm_structured PROPERTIES TIMEOUT 300
    LABELS "mpi;seismic" ENVIRONMENT "${LADRO_MPI_ENV}")
  # the longest single tests start first under ctest -j (tests/CMakeLists.txt, COST)
  set_tests_properties(seismic_rtm_identical seismic_resume_sigkill seismic_threads_identical
    PROPERTIES COST 300)
  set_tests_properties(seismic_rtm_structured seismic_segy_tools PROPERTIES COST 150)
endif()
