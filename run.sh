#!/usr/bin/env bash
# Slotcraft's two commands (and the benchmarks): installs missing Debian packages, builds
# with the CMake presets, then starts the demo or runs every test.
#   ./run.sh demo [slotcraft flags]   build (release preset) and start the demo
#   ./run.sh test                     build (dev preset: Debug, ASan+UBSan) and run every test
#   ./run.sh bench                    build (release preset) and run the benchmarks
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(cmake g++ make pkg-config libglfw3-dev libglm-dev libimgui-dev libstb-dev python3-glad
          robin-map-dev libsqlite3-dev libgtest-dev libgmock-dev libbenchmark-dev
          xvfb xauth libgl1-mesa-dri clang-format xdotool)

ensure_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" != "install ok installed" ]; then missing+=("$p"); fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo"; else
      echo "Slotcraft needs these Debian packages; install them and run this again:" >&2
      echo "  sudo apt-get install -y ${missing[*]}" >&2
      exit 1
    fi
  fi
  echo "Installing missing packages: ${missing[*]}"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

build() {  # build PRESET [TARGET...]
  local preset=$1; shift
  if [ ! -f "build/$preset/CMakeCache.txt" ]; then cmake --preset "$preset"; fi
  if [ $# -gt 0 ]; then
    local t=(); for x in "$@"; do t+=(--target "$x"); done
    cmake --build --preset "$preset" "${t[@]}"
  else
    cmake --build --preset "$preset"
  fi
}

cmd=${1:-}
shift || true
case "$cmd" in
  demo)
    ensure_packages
    build release slotcraft
    exec ./build/release/src/slotcraft "$@"
    ;;
  test)
    ensure_packages
    build dev
    ctest --preset dev "$@"
    ;;
  bench)
    ensure_packages
    build release
    for b in build/release/tests/bench/bench_*; do
      [ -x "$b" ] || continue
      echo "== $b"
      if [ "$(basename "$b")" = bench_render ]; then
        # Needs a GL context: the current display, or a private Xvfb (Mesa llvmpipe).
        if [ -n "${DISPLAY:-}" ]; then "$b"; else xvfb-run -a -s "-screen 0 1280x720x24" "$b"; fi
      else
        "$b" "$@"
      fi
    done
    ;;
  *)
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
