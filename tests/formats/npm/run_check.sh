#!/usr/bin/env bash
# Runs one check against readers and writers we did not write (docs/formats.md "How they are
# checked"): run_check.sh SCRIPT.js FORMAT_TOOL OUT_DIR. The packages come from this folder's
# package-lock.json (`./run.sh test` runs `npm ci` here when they are missing); a machine
# without them fails, saying what to install, rather than skipping.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
script=$1 tool=$2 out=$3
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "FAIL: the format checks need Node.js and npm: install them (Debian: apt-get install nodejs npm), or run" \
       "./run.sh test, which installs them" >&2
  exit 1
fi
for p in vox-reader prismarine-schematic prismarine-nbt prismarine-provider-anvil; do
  if [ ! -f "$here/node_modules/$p/package.json" ]; then
    echo "FAIL: the test-only npm package '$p' is not installed: run ./run.sh test (it runs 'npm ci' in" \
         "tests/formats/npm), or: (cd tests/formats/npm && npm ci)" >&2
    exit 1
  fi
done
rm -rf "$out"
mkdir -p "$out"
exec node "$here/$script" "$tool" "$out"
