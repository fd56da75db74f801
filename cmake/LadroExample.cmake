# The lifecycle example at the top of include/ladro.h, between the lines
# "ladro-example-begin" and "ladro-example-end", as a C file (configure time; the header
# is a configure dependency, so an edit of the example is compiled at the next build).
#   ladro_extract_example(OUT_FILE)
function(ladro_extract_example out)
  set(_h ${PROJECT_SOURCE_DIR}/include/ladro.h)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_h})
  file(READ ${_h} _text)
  if(NOT _text MATCHES "\n \\* ladro-example-begin\n(.*)\n \\* ladro-example-end\n")
    message(FATAL_ERROR "include/ladro.h: no example between ladro-example-begin and "
                        "ladro-example-end")
  endif()
  set(_src "${CMAKE_MATCH_1}")
  # each line is " *   code" (or " *" when empty): drop that comment margin
  string(REGEX REPLACE "(^|\n) \\*(   )?" "\\1" _src "${_src}")
  file(CONFIGURE OUTPUT ${out}
       CONTENT "/* Generated from include/ladro.h's lifecycle example: edit it there. */\n${_src}\n"
       @ONLY)
endfunction()
