#!/usr/bin/env bash
# Package.AllocExampleBuildsAgainstInstall: installs the alloc component of BUILD_DIR into a
# temporary prefix, checks the installed layout, then configures, builds and runs
# examples/alloc against it (find_package(SlotcraftAlloc), Slotcraft::alloc).
#   alloc_example_test.sh BUILD_DIR SOURCE_DIR CXX_COMPILER "EXTRA_CXX_FLAGS"
set -euo pipefail
build=$1 src=$2 cxx=$3 flags=${4:-}
work=$(mktemp -d /tmp/slotcraft-alloc-example-XXXXXX)
# SLOTCRAFT_KEEP_TEST_DIR=1 keeps the work folder to look at (its path is printed).
if [ -n "${SLOTCRAFT_KEEP_TEST_DIR:-}" ]; then echo "work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi
fail() { echo "FAILED: $*" >&2; exit 1; }
step() {  # step WHAT COMMAND...: runs COMMAND, prints its log only when it fails
  echo "== $1"; shift
  "$@" >"$work/log" 2>&1 || { cat "$work/log" >&2; fail "$*"; }
}

prefix=$work/prefix
step "install the alloc component into $prefix" cmake --install "$build" --prefix "$prefix" --component alloc
for f in include/slotcraft/alloc/slot_tree.hpp include/slotcraft/alloc/page_allocator.hpp; do
  [ -f "$prefix/$f" ] || fail "$f is not installed"
done
lib=$(find "$prefix" -name libslotcraft_alloc.a) && [ -n "$lib" ] || fail "libslotcraft_alloc.a is not installed"
config=$(find "$prefix" -name SlotcraftAllocConfig.cmake) && [ -n "$config" ] || fail "SlotcraftAllocConfig.cmake is not installed"
[ ! -e "$prefix/bin/slotcraft" ] || fail "the alloc component installed the program too"
# Nothing in the exported package may point back into the source or build tree.
if grep -rlF -e "$src" -e "$build" "$(dirname "$config")"; then fail "the CMake package names the source or build tree"; fi

step "configure examples/alloc against $prefix (CXXFLAGS: ${flags:-none})" \
  cmake -S "$src/examples/alloc" -B "$work/build" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_BUILD_TYPE=Debug
step "build it" cmake --build "$work/build"
echo "== run it"
"$work/build/alloc_example" || fail "alloc_example exited with $?"
