#!/usr/bin/env bash
# Package.DebRunsFromExtractedRoot: makes the .deb packages of BUILD_DIR with cpack, checks
# their metadata and files, extracts the program's package into a temporary root
# (dpkg-deb -x) and runs the installed slotcraft headless on a script kept in another
# folder (the current folder is not the build tree). It must exit 0, write its screenshot
# and stats, and have read its shaders and textures from the extracted root. Then, with the
# root's share/slotcraft/ gone, it must stop with exit code 1 and one message naming where it
# looked.
#   deb_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 src=$2
work=$(mktemp -d /tmp/slotcraft-deb-test-XXXXXX)
# SLOTCRAFT_KEEP_TEST_DIR=1 keeps the work folder to look at (its path is printed).
if [ -n "${SLOTCRAFT_KEEP_TEST_DIR:-}" ]; then echo "work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi
fail() { echo "FAILED: $*" >&2; exit 1; }
step() {  # step WHAT COMMAND...: runs COMMAND, prints its log only when it fails
  echo "== $1"; shift
  "$@" >"$work/log" 2>&1 || { cat "$work/log" >&2; fail "$*"; }
}

# [SECTION] the packages
step "cpack: the .deb packages of $build" cpack --config "$build/CPackConfig.cmake" -B "$work/pkg"
deb=$(ls "$work"/pkg/slotcraft_*.deb) || fail "cpack made no slotcraft_*.deb"
dev_deb=$(ls "$work"/pkg/libslotcraft-alloc-dev_*.deb) || fail "cpack made no libslotcraft-alloc-dev_*.deb"
echo "   $(basename "$deb") $(du -k "$deb" | cut -f1) KiB, $(basename "$dev_deb") $(du -k "$dev_deb" | cut -f1) KiB"
depends=$(dpkg-deb -f "$deb" Depends)
echo "   Depends: $depends"
# Computed by dpkg-shlibdeps from the binary: the C library and GLFW at least.
for p in libc6 libglfw3 libgl1; do
  [[ ",$depends" == *[\ ,]"$p"[\ \(,]* || ",$depends" == *[\ ,]"$p" ]] || fail "Depends lacks $p: $depends"
done
[ "$(dpkg-deb -f "$deb" Package)" = slotcraft ] || fail "the program's package is not named slotcraft"
# (Listings kept in variables: grep -q on a pipe would stop dpkg-deb with SIGPIPE.)
dev_files=$(dpkg-deb -c "$dev_deb") program_files=$(dpkg-deb -c "$deb")
grep -q '/usr/include/slotcraft/alloc/slot_tree\.hpp$' <<<"$dev_files" ||
  fail "libslotcraft-alloc-dev lacks /usr/include/slotcraft/alloc/slot_tree.hpp"
grep -q '/SlotcraftAllocConfig\.cmake$' <<<"$dev_files" || fail "libslotcraft-alloc-dev lacks its CMake package"
if grep -q '/usr/include/' <<<"$program_files"; then fail "the program's package holds headers"; fi

# [SECTION] the extracted files
root=$work/root
step "dpkg-deb -x into $root" dpkg-deb -x "$deb" "$root"
for f in usr/bin/slotcraft usr/share/slotcraft/shaders/cube.vert usr/share/slotcraft/shaders/scatter.comp \
         usr/share/slotcraft/assets/textures/grass_top.png usr/share/applications/slotcraft.desktop \
         usr/share/icons/hicolor/64x64/apps/slotcraft.png usr/share/icons/hicolor/256x256/apps/slotcraft.png; do
  [ -f "$root/$f" ] || fail "/$f is not in the package"
done
[ "$(ls "$root/usr/share/slotcraft/shaders" | wc -l)" = "$(ls "$src/shaders" | wc -l)" ] || fail "shaders are missing"
[ "$(ls "$root/usr/share/slotcraft/assets/textures" | wc -l)" = "$(ls "$src/assets/textures" | wc -l)" ] ||
  fail "textures are missing"
cmp -s "$root/usr/share/icons/hicolor/256x256/apps/slotcraft.png" "$src/assets/icons/slotcraft-256.png" ||
  fail "the installed icon is not assets/icons/slotcraft-256.png"
step "desktop-file-validate the desktop entry" desktop-file-validate "$root/usr/share/applications/slotcraft.desktop"

# [SECTION] the installed program, run from elsewhere
elsewhere=$work/elsewhere
mkdir -p "$elsewhere" "$work/xdg-data" "$work/xdg-config"
cat >"$elsewhere/look.txt" <<'SCRIPT'
# The packaged program on a tiny flat world: one look, one picture, the figures.
camera 8 70 8 45 -35
screenshot shot.png
stats stats.json
SCRIPT
export MESA_SHADER_CACHE_DISABLE=true XDG_DATA_HOME=$work/xdg-data XDG_CONFIG_HOME=$work/xdg-config
# Sanitizer builds: Mesa and X11 leak at exit; use the suppressions when ctest ran without the preset.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$src/tests/lsan.supp:print_suppressions=0}
headless() { if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a -s "-screen 0 1280x720x24" "$@"; fi; }
run() {  # run ARGS...: the extracted slotcraft in $elsewhere; sets rc, output in $work/out
  rc=0
  (cd "$elsewhere" && headless "$root/usr/bin/slotcraft" "$@") >"$work/out" 2>&1 || rc=$?
}

echo "== run the installed slotcraft in $elsewhere"
start=$(date +%s)
run --script look.txt --world flat --view-distance 2 --size 640x360 --vsync off
echo "   exit code $rc after $(($(date +%s) - start)) s"
[ "$rc" = 0 ] || { cat "$work/out" >&2; fail "the installed program exited with $rc"; }
[ -s "$elsewhere/shot.png" ] || fail "no screenshot at $elsewhere/shot.png"
[ "$(head -c 8 "$elsewhere/shot.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "shot.png is no PNG"
python3 - "$elsewhere/stats.json" <<'PY' || fail "the stats do not show a world drawn with every texture"
import json, sys
s = json.load(open(sys.argv[1]))
warnings, drawn = s["look"]["texture_warnings"], s["draw"]["instances"]
print(f"   look.texture_warnings {warnings}, draw.instances {drawn}")
sys.exit(0 if warnings == 0 and drawn > 0 else 1)
PY

echo "== without share/slotcraft/ it stops with one message naming where it looked"
rm -rf "$root/usr/share/slotcraft"
run --script look.txt --world flat --view-distance 2 --size 640x360 --vsync off
cat "$work/out"
[ "$rc" = 1 ] || fail "exit code $rc, wanted 1"
message=$(grep '^slotcraft: ' "$work/out") || fail "no 'slotcraft: ' message"
[ "$(echo "$message" | wc -l)" = 1 ] || fail "more than one message"
for place in "$root/usr/bin/shaders" "$root/usr/share/slotcraft/shaders"; do
  [[ "$message" == *"'$place'"* ]] || fail "the message does not name $place"
done
echo "== all checks passed"
