#!/usr/bin/env bash
# Slotcraft's two commands (and the benchmarks, the packages and the docs' pictures): installs
# missing Debian packages, builds with the CMake presets, then starts the demo or runs every test.
#   ./run.sh demo [slotcraft flags]   build (release preset) and start the demo
#   ./run.sh test                     build (dev preset: Debug, ASan+UBSan) and run every test
#   ./run.sh bench                    build (release preset) and run the benchmarks
#   ./run.sh package                  build (release preset) and write the .deb packages to build/package/
#   ./run.sh docs                     build (release preset), measure, redraw docs/images/
#   ./run.sh fuzz [SECONDS]           build (fuzz preset: clang-14, libFuzzer, ASan+UBSan), run each target SECONDS (60)
#   ./run.sh soak                     build (release preset), a scripted run of 1,000,000 random edits with flights (slow)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(cmake g++ make pkg-config libglfw3-dev libglm-dev libimgui-dev libstb-dev python3-glad
          robin-map-dev libsqlite3-dev libtomlplusplus-dev libgtest-dev libgmock-dev libbenchmark-dev
          xvfb xauth libgl1-mesa-dri clang-format dpkg-dev desktop-file-utils xdotool clang-14 libclang-rt-14-dev
          zlib1g-dev universal-ctags python3)

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

# The format checks' test-only npm packages (tests/formats/npm, pinned in its package-lock.json):
# Node.js and npm from Debian when no node is on the PATH (one that is, from Debian or elsewhere,
# is used as it is), then `npm ci` when the installed packages are missing or older than the
# lock file. Never at build time; docs/formats.md "How they are checked".
ensure_npm_tools() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    PACKAGES=(nodejs npm)
    ensure_packages
  fi
  local dir=tests/formats/npm
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "Installing the format checks' npm packages (npm ci in $dir)"
    (cd "$dir" && npm ci --no-audit --no-fund)
  fi
}

# Runs a program that needs a GL context: on the current display, or a private Xvfb (Mesa
# llvmpipe gives OpenGL 4.5 core there).
with_display() {
  if [ -n "${DISPLAY:-}" ]; then "$@"; else xvfb-run -a -s "-screen 0 1280x720x24" "$@"; fi
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
    ensure_npm_tools
    build dev
    ctest --preset dev "$@"
    ;;
  bench)
    ensure_packages
    build release
    for b in build/release/tests/bench/bench_*; do
      [ -x "$b" ] || continue
      echo "== $b"
      if [ "$(basename "$b")" = bench_render ] || [ "$(basename "$b")" = bench_water ]; then
        with_display "$b"  # needs a GL context
      else
        "$b" "$@"
      fi
    done
    ;;
  package)
    ensure_packages
    build release slotcraft slotcraft_alloc
    # slotcraft_<version>_<arch>.deb (the program) and libslotcraft-alloc-dev_<version>_<arch>.deb
    cpack --config build/release/CPackConfig.cmake -B build/package
    rm -rf build/package/_CPack_Packages
    ls -l build/package/*.deb
    ;;
  docs)
    # Every picture of the docs, from measurements of this machine (a few minutes): the
    # benchmarks write JSON into build/docs/, tools/plot_benchmarks.py draws it into
    # docs/images/, and the README's screenshot is taken by the real program.
    PACKAGES+=(python3-matplotlib)
    ensure_packages
    build release slotcraft bench_alloc bench_render
    mkdir -p build/docs docs/images
    echo "== bench_alloc (the four workloads, every contender, 3 repetitions)"
    ./build/release/tests/bench/bench_alloc --benchmark_filter='^(fill|every_other|churn|chunks)/' \
      --benchmark_repetitions=3 --benchmark_enable_random_interleaving=true \
      --benchmark_report_aggregates_only=true \
      --benchmark_out=build/docs/bench_alloc.json --benchmark_out_format=json
    rm -f build/docs/bench_render_vd*.json
    for vd in 2 4 6 8; do
      echo "== bench_render at view distance $vd"
      with_display ./build/release/tests/bench/bench_render --view-distance "$vd" --frames-per-pose 1 \
        --json "build/docs/bench_render_vd$vd.json"
    done
    echo "== the README's screenshot (far terrain to the horizon: a minute or two under llvmpipe)"
    printf 'camera 0.5 150 0.5 30 -10\nfar-distance 1024\nsettle\noverlay on\nwait 5\nscreenshot docs/images/slotcraft.png\nquit\n' \
      > build/docs/readme_shot.txt
    with_display ./build/release/src/slotcraft --script build/docs/readme_shot.txt --size 1280x720
    # Debian's python3-matplotlib belongs to the system Python (not a pyenv or venv one).
    /usr/bin/python3 tools/plot_benchmarks.py build/docs docs/images
    ;;
  fuzz)
    # Each libFuzzer target for SECONDS (default 60) under ASan + UBSan, starting from the
    # committed seeds (tests/fuzz/corpus/NAME, never written to); new inputs go to
    # build/fuzz/corpus/NAME, crashes to build/fuzz/artifacts/. See docs/testing.md.
    ensure_packages
    seconds=${1:-60}
    targets=(script options world_file png slot_tree page_allocator ring_allocator world_edits vox schem)
    build fuzz "${targets[@]/#/fuzz_}"
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1"
    export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
    mkdir -p build/fuzz/artifacts
    failed=()
    for t in "${targets[@]}"; do
      mkdir -p "build/fuzz/corpus/$t"
      echo "== fuzz_$t for ${seconds}s"
      if ./build/fuzz/tests/fuzz/"fuzz_$t" -max_total_time="$seconds" -print_final_stats=1 -timeout=30 \
          -artifact_prefix="build/fuzz/artifacts/$t-" "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" \
          > "build/fuzz/$t.log" 2>&1; then
        echo "   $(grep -o 'stat::number_of_executed_units: [0-9]*' "build/fuzz/$t.log" | sed 's/.*: //') executions, no failure"
      else
        echo "   FAILED: see build/fuzz/$t.log and build/fuzz/artifacts/"; failed+=("$t")
      fi
    done
    [ ${#failed[@]} -eq 0 ] || { echo "fuzz failures: ${failed[*]}"; exit 1; }
    ;;
  soak)
    # 1,000,000 random edits with flights that stream chunks out and back, --verify-every on,
    # into a world file that is then compared with the edits (tools/soak.py; about 10 minutes).
    ensure_packages
    build release slotcraft
    with_display python3 tools/soak.py ./build/release/src/slotcraft build/soak "$@"
    ;;
  *)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
