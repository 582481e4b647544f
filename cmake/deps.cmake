# Finds every dependency among the system's packages. A missing one stops configure with
# one line naming the Debian package that provides it.
find_package(PkgConfig QUIET)

macro(slotcraft_require found package what)
  if(NOT ${found})
    message(FATAL_ERROR "Slotcraft needs ${what}: install the Debian package '${package}' (apt-get install ${package})")
  endif()
endmacro()

if(NOT PkgConfig_FOUND)
  message(FATAL_ERROR "Slotcraft needs pkg-config: install the Debian package 'pkg-config' (apt-get install pkg-config)")
endif()

find_package(glfw3 3.3 QUIET)
slotcraft_require(glfw3_FOUND libglfw3-dev "GLFW 3.3")
find_package(glm QUIET)
slotcraft_require(glm_FOUND libglm-dev "GLM")
find_package(tsl-robin-map QUIET)
slotcraft_require(tsl-robin-map_FOUND robin-map-dev "tsl::robin_map")
find_package(SQLite3 QUIET)
slotcraft_require(SQLite3_FOUND libsqlite3-dev "SQLite 3")
find_package(Threads REQUIRED)
# .schem files are gzip-compressed (src/formats).
find_package(ZLIB QUIET)
slotcraft_require(ZLIB_FOUND zlib1g-dev "zlib (gzip for .schem files)")

pkg_check_modules(IMGUI QUIET IMPORTED_TARGET imgui)
slotcraft_require(IMGUI_FOUND libimgui-dev "Dear ImGui")
pkg_check_modules(STB QUIET IMPORTED_TARGET stb)
slotcraft_require(STB_FOUND libstb-dev "stb (stb_image, stb_image_write, stb_perlin)")

find_path(TOMLPLUSPLUS_INCLUDE_DIR toml++/toml.h)
slotcraft_require(TOMLPLUSPLUS_INCLUDE_DIR libtomlplusplus-dev "toml++ (the settings file)")

find_program(GLAD_EXECUTABLE glad)
slotcraft_require(GLAD_EXECUTABLE python3-glad "the glad 2 OpenGL loader generator")

if(SLOTCRAFT_BUILD_TESTS)
  find_package(GTest QUIET)
  slotcraft_require(GTest_FOUND "libgtest-dev libgmock-dev" "GoogleTest")
  find_package(benchmark QUIET)
  slotcraft_require(benchmark_FOUND libbenchmark-dev "Google Benchmark")
  # The package tests (tests/package/): cpack's .deb computes its dependencies with
  # dpkg-shlibdeps, and the desktop entry is checked with desktop-file-validate.
  find_program(SLOTCRAFT_DPKG_SHLIBDEPS dpkg-shlibdeps)
  slotcraft_require(SLOTCRAFT_DPKG_SHLIBDEPS dpkg-dev "dpkg-shlibdeps (the .deb's dependencies)")
  find_program(SLOTCRAFT_DESKTOP_FILE_VALIDATE desktop-file-validate)
  slotcraft_require(SLOTCRAFT_DESKTOP_FILE_VALIDATE desktop-file-utils "desktop-file-validate (the desktop entry's check)")
  # The F2 render test presses keys in the program's window through the X server.
  find_program(XDOTOOL_EXECUTABLE xdotool)
  slotcraft_require(XDOTOOL_EXECUTABLE xdotool "xdotool (the render tests send F2 with it)")
endif()

if(SLOTCRAFT_FUZZ)
  # The fuzz preset: clang-14 with libFuzzer and the sanitizers' runtimes (compiler-rt).
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "Slotcraft's fuzz targets need clang: install the Debian package 'clang-14' (apt-get install clang-14)")
  endif()
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -fsanitize=fuzzer)
  check_cxx_source_compiles("
    #include <cstddef>
    #include <cstdint>
    extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t*, std::size_t) { return 0; }" SLOTCRAFT_HAS_LIBFUZZER)
  unset(CMAKE_REQUIRED_FLAGS)
  slotcraft_require(SLOTCRAFT_HAS_LIBFUZZER libclang-rt-14-dev "libFuzzer (-fsanitize=fuzzer)")
endif()
