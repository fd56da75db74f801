# What every application directory (apps/<name>) builds the same way.

# ladro_app_library(<name> <sources>... [LINK <libs>...]): a static library of the
# directory, its headers public (the command line that the fuzz harness links too, ...).
function(ladro_app_library name)
  cmake_parse_arguments(A "" "" "LINK" ${ARGN})
  add_library(${name} STATIC ${A_UNPARSED_ARGUMENTS})
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${A_LINK})
endfunction()

# ladro_app_program(<target> <sources>... [LINK <libs>...]): an installed program built
# against POSIX.1-2008.
function(ladro_app_program name)
  cmake_parse_arguments(A "" "" "LINK" ${ARGN})
  add_executable(${name} ${A_UNPARSED_ARGUMENTS})
  target_link_libraries(${name} PRIVATE ${A_LINK})
  target_compile_definitions(${name} PRIVATE _POSIX_C_SOURCE=200809L)
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endfunction()
