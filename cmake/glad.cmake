# Generates the OpenGL 4.5 core loader into the build tree at configure time, from the
# specification files inside the python3-glad package (--reproducible: no download).
set(SLOTCRAFT_GLAD_DIR ${CMAKE_BINARY_DIR}/glad)
set(SLOTCRAFT_GLAD_ARGS --quiet --reproducible --api gl:core=4.5
    --extensions GL_ARB_shader_draw_parameters,GL_ARB_indirect_parameters,GL_KHR_debug,GL_ARB_pipeline_statistics_query
    --out-path ${SLOTCRAFT_GLAD_DIR} c)
string(SHA1 glad_stamp "${SLOTCRAFT_GLAD_ARGS}")
if(NOT EXISTS ${SLOTCRAFT_GLAD_DIR}/src/gl.c OR NOT "${SLOTCRAFT_GLAD_STAMP}" STREQUAL "${glad_stamp}")
  execute_process(COMMAND ${GLAD_EXECUTABLE} ${SLOTCRAFT_GLAD_ARGS}
                  RESULT_VARIABLE glad_result ERROR_VARIABLE glad_error)
  if(NOT glad_result EQUAL 0)
    message(FATAL_ERROR "glad failed to generate the OpenGL loader (${glad_result}): ${glad_error}")
  endif()
  set(SLOTCRAFT_GLAD_STAMP ${glad_stamp} CACHE INTERNAL "")
endif()
add_library(slotcraft_glad STATIC ${SLOTCRAFT_GLAD_DIR}/src/gl.c)
target_include_directories(slotcraft_glad SYSTEM PUBLIC ${SLOTCRAFT_GLAD_DIR}/include)
target_link_libraries(slotcraft_glad PUBLIC ${CMAKE_DL_LIBS})
