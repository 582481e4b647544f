#!/usr/bin/env python3
"""The occlusion walk judged at many poses (docs/benchmarks.md "Occlusion culling"): runs the
real program once on a script that, at each pose, takes a screenshot and the stats with the walk
on, then with it off; compares the two pictures pixel for pixel and prints the instances drawn
(`draw.instances`) on and off, their ratio, the chunks hidden and the walk's time. `verify`
runs at every pose. A pose is `X Y Z YAW PITCH`, or `X Y Z YAW PITCH dig` to dig a 5 x 4 x 5
room around the eye first (x, z within 2 of the eye's cell, y from its cell's -1 to +2) and put
a lamp on its floor. Exits 1 when any pair of pictures differs or the program fails.

Usage: occlusion_poses.py SLOTCRAFT POSES_FILE OUT_DIR [FLAGS...]
  e.g. tools/occlusion_poses.py build/release/src/slotcraft poses.txt /tmp/occ \\
           --world terrain --seed 1 --view-distance 16
"""
import json
import math
import os
import subprocess
import sys
import zlib


def png_pixels(path):
    """The decompressed image data of a PNG (enough to compare two of the same size)."""
    with open(path, "rb") as f:
        data = f.read()
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return header, zlib.decompress(idat)


def stat(d, key):
    for part in key.split("."):
        d = d[part]
    return d


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    program, poses_file, out = sys.argv[1], sys.argv[2], sys.argv[3]
    flags = sys.argv[4:]
    os.makedirs(out, exist_ok=True)
    poses = [line.split() for line in open(poses_file) if line.strip() and not line.startswith("#")]
    lines = []
    for i, p in enumerate(poses):
        x, y, z, yaw, pitch = (float(v) for v in p[:5])
        if len(p) > 5 and p[5] == "dig":
            cx, cy, cz = math.floor(x), math.floor(y), math.floor(z)
            lines.append(f"camera {x} {y} {z} {yaw} {pitch}")
            lines.append(f"region {cx - 2} {cy - 1} {cz - 2} {cx + 2} {cy + 2} {cz + 2}")
            lines += ["fill air", "region none", f"set {cx} {cy - 1} {cz} lamp", "settle"]
        else:
            lines.append(f"camera {x} {y} {z} {yaw} {pitch}")
        for mode in ("on", "off"):
            lines += [f"occlusion {mode}", f"screenshot {out}/{i}_{mode}.png", f"stats {out}/{i}_{mode}.json"]
        lines += ["verify", "occlusion on"]
    lines.append("quit")
    script = os.path.join(out, "poses.txt")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")
    run = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", program, "--vsync", "off",
                          "--script", script] + flags, capture_output=True, text=True)
    if run.returncode != 0:
        print(run.stderr)
        sys.exit(f"the program failed with exit code {run.returncode}")
    failed = False
    print("| pose | instances on | instances off | on / off | chunks hidden | walk ms | pictures |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for i, p in enumerate(poses):
        on = json.load(open(f"{out}/{i}_on.json"))
        off = json.load(open(f"{out}/{i}_off.json"))
        same = png_pixels(f"{out}/{i}_on.png") == png_pixels(f"{out}/{i}_off.png")
        failed = failed or not same
        a, b = stat(on, "draw.instances"), stat(off, "draw.instances")
        print(f"| `{' '.join(p)}` | {a:,} | {b:,} | {a / b if b else 0:.2f} | "
              f"{stat(on, 'cull.occluded_chunks'):,} | {stat(on, 'cull.walk_ms'):.2f} | "
              f"{'identical' if same else 'DIFFER'} |")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
