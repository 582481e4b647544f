# What `cmake --install` puts where, and the Debian packages CPack makes from it
# (`./run.sh package`, docs in README "Install" and docs/alloc-library.md). Two components:
#
#   program  bin/slotcraft, share/slotcraft/{shaders,assets/textures}, the desktop entry
#            and the icon                                  -> slotcraft_<version>_<arch>.deb
#   alloc    include/slotcraft/alloc/*.hpp, libslotcraft_alloc.a and the CMake package
#            SlotcraftAlloc (target Slotcraft::alloc)     -> libslotcraft-alloc-dev_<version>_<arch>.deb
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
# cpack (and `make install`) must not build ALL first: `./run.sh package` builds the two
# installed targets only, not the tests and benchmarks; `cmake --install` never builds.
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)

# [SECTION] the program and its data
install(TARGETS slotcraft RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT program)
set(SLOTCRAFT_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/slotcraft)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/shaders/ DESTINATION ${SLOTCRAFT_INSTALL_DATADIR}/shaders COMPONENT program)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/assets/textures/ DESTINATION ${SLOTCRAFT_INSTALL_DATADIR}/assets/textures
        COMPONENT program FILES_MATCHING PATTERN "*.png")
install(FILES ${PROJECT_SOURCE_DIR}/assets/slotcraft.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications
        COMPONENT program)
foreach(size 64 256)  # art::kIconSizes (assets/generator/icon_art.hpp)
  install(FILES ${PROJECT_SOURCE_DIR}/assets/icons/slotcraft-${size}.png
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps RENAME slotcraft.png COMPONENT program)
endforeach()

# The installed program finds its data relative to itself (src/io/data_dir.cpp), so the
# install tree can be moved (a DESTDIR, a package extracted anywhere). Prefix-free paths.
file(RELATIVE_PATH SLOTCRAFT_DATA_FROM_BIN /p/${CMAKE_INSTALL_BINDIR} /p/${SLOTCRAFT_INSTALL_DATADIR})
target_compile_definitions(slotcraft_app PRIVATE SLOTCRAFT_DATA_FROM_BIN="${SLOTCRAFT_DATA_FROM_BIN}")

# [SECTION] the allocator library
set_target_properties(slotcraft_alloc PROPERTIES EXPORT_NAME alloc)
add_library(Slotcraft::alloc ALIAS slotcraft_alloc)
# Installed headers include each other by bare name ("slot_tree.hpp"), so consumers need
# only include/ and write <slotcraft/alloc/slot_tree.hpp>.
target_include_directories(slotcraft_alloc INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_features(slotcraft_alloc PUBLIC cxx_std_20)
install(TARGETS slotcraft_alloc EXPORT SlotcraftAllocTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT alloc)
install(FILES
          ${PROJECT_SOURCE_DIR}/src/alloc/hash.hpp
          ${PROJECT_SOURCE_DIR}/src/alloc/page_allocator.hpp
          ${PROJECT_SOURCE_DIR}/src/alloc/pool.hpp
          ${PROJECT_SOURCE_DIR}/src/alloc/ring_allocator.hpp
          ${PROJECT_SOURCE_DIR}/src/alloc/slot_tree.hpp
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/slotcraft/alloc COMPONENT alloc)
set(SLOTCRAFT_ALLOC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/SlotcraftAlloc)
install(EXPORT SlotcraftAllocTargets NAMESPACE Slotcraft:: DESTINATION ${SLOTCRAFT_ALLOC_CMAKE_DIR} COMPONENT alloc)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/SlotcraftAllocConfig.cmake.in
  ${PROJECT_BINARY_DIR}/SlotcraftAllocConfig.cmake INSTALL_DESTINATION ${SLOTCRAFT_ALLOC_CMAKE_DIR})
# 0.x: a new minor version may change the API.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/SlotcraftAllocConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/SlotcraftAllocConfig.cmake ${PROJECT_BINARY_DIR}/SlotcraftAllocConfigVersion.cmake
        DESTINATION ${SLOTCRAFT_ALLOC_CMAKE_DIR} COMPONENT alloc)

# [SECTION] the Debian packages
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME slotcraft)
set(CPACK_PACKAGE_VENDOR "Slotcraft")
set(CPACK_PACKAGE_CONTACT "Slotcraft maintainers <slotcraft@example.org>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL program alloc)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
# Library dependencies computed by dpkg-shlibdeps (package dpkg-dev) from the binary.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PROGRAM_PACKAGE_NAME slotcraft)
set(CPACK_DEBIAN_PROGRAM_PACKAGE_SECTION graphics)
# GLFW opens libGL.so.1 at run time, so dpkg-shlibdeps cannot see it.
set(CPACK_DEBIAN_PROGRAM_PACKAGE_DEPENDS "libgl1")
set(CPACK_DEBIAN_PROGRAM_PACKAGE_RECOMMENDS "libgl1-mesa-dri")
# First line: the synopsis; the rest: the long description (no package-wide summary is set,
# so CPack does not put one in front).
set(CPACK_DEBIAN_PROGRAM_DESCRIPTION
  "voxel renderer and block editor whose cubes all live in one GPU buffer
Fly over an endless block world, break and place blocks, and watch in an overlay
how every cube lives in one instance buffer, its slot handed out by a bitmap tree.")
set(CPACK_DEBIAN_ALLOC_PACKAGE_NAME libslotcraft-alloc-dev)
set(CPACK_DEBIAN_ALLOC_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_ALLOC_DESCRIPTION
  "Slotcraft's slot tree: a lowest-first bitmap-tree allocator (static library)
SlotTree hands out the lowest free slot of an endless address space; with the page,
ring and pool allocators, standard C++20 only. find_package(SlotcraftAlloc), link
Slotcraft::alloc, include <slotcraft/alloc/slot_tree.hpp>.")
include(CPack)
