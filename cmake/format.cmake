# The house style is pinned by .clang-format (clang-format 14, Debian package clang-format):
# the ctest test `format` (label format) fails on any C++ file under src/, tests/,
# assets/generator/ or examples/ that clang-format would change. Fix with:
#   clang-format -i $(git ls-files '*.cpp' '*.hpp')
find_program(SLOTCRAFT_CLANG_FORMAT NAMES clang-format-14 clang-format)
slotcraft_require(SLOTCRAFT_CLANG_FORMAT clang-format "clang-format 14 (the style check)")
execute_process(COMMAND ${SLOTCRAFT_CLANG_FORMAT} --version OUTPUT_VARIABLE clang_format_version)
if(NOT clang_format_version MATCHES "version 14\\.")
  message(FATAL_ERROR "Slotcraft's style check needs clang-format 14 (Debian 12's package clang-format); "
                      "${SLOTCRAFT_CLANG_FORMAT} is: ${clang_format_version}")
endif()
file(GLOB_RECURSE slotcraft_format_files CONFIGURE_DEPENDS
     ${PROJECT_SOURCE_DIR}/src/*.cpp ${PROJECT_SOURCE_DIR}/src/*.hpp
     ${PROJECT_SOURCE_DIR}/tests/*.cpp ${PROJECT_SOURCE_DIR}/tests/*.hpp
     ${PROJECT_SOURCE_DIR}/assets/generator/*.cpp ${PROJECT_SOURCE_DIR}/assets/generator/*.hpp
     ${PROJECT_SOURCE_DIR}/examples/*.cpp ${PROJECT_SOURCE_DIR}/examples/*.hpp)
add_test(NAME format COMMAND ${SLOTCRAFT_CLANG_FORMAT} --dry-run --Werror --style=file ${slotcraft_format_files})
set_tests_properties(format PROPERTIES LABELS format WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})

# The house's size limits (tools/check_limits.py, measured with universal-ctags): no class over
# 20 private data members, no source file over 700 lines, no function over 80 lines, in src/.
# The ctest test `limits` (label format) names every breach.
find_program(SLOTCRAFT_CTAGS NAMES ctags-universal)
slotcraft_require(SLOTCRAFT_CTAGS universal-ctags "universal-ctags (the size limits check)")
find_package(Python3 REQUIRED COMPONENTS Interpreter)
add_test(NAME limits COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/tools/check_limits.py
                             ${PROJECT_SOURCE_DIR}/src ${SLOTCRAFT_CTAGS})
set_tests_properties(limits PROPERTIES LABELS format WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
