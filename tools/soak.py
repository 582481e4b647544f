#!/usr/bin/env python3
"""The soak run (./run.sh soak): slotcraft EXE on a generated script of 1,000,000 random `set`
edits in batches at four places far apart, flying between them with `camera` (so every place's
chunks stream out and back in) and with the movement keys, `verify` after every batch and
--verify-every on, into a world file. While it runs, its resident memory is sampled from
/proc. At the end the world file is compared cell by cell with the edits the script made
(the last type of every edited cell; air means no row), and the figures are printed.

usage: soak.py EXE OUT_DIR [EDITS]
"""
import json
import os
import random
import sqlite3
import subprocess
import sys
import time

BLOCKS = ["air", "grass", "dirt", "stone", "sand", "log", "leaves", "planks", "glass", "brick"]
PLACES = [(0, 0), (4000, 0), (4000, 4000), (0, 4000)]  # far beyond any view distance
BATCH = 5000


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def main():
    exe, out = sys.argv[1], sys.argv[2]
    total = int(sys.argv[3]) if len(sys.argv) > 3 else 1_000_000
    os.makedirs(out, exist_ok=True)
    world = os.path.join(out, "soak.db")
    for side in ("", "-wal", "-shm"):
        if os.path.exists(world + side):
            os.remove(world + side)
    rng = random.Random(18)
    model = {}  # (x, y, z) -> block index: the last edit of each cell
    lines = []
    edits = verifies = flights = 0
    place = 0
    while edits < total:
        px, pz = PLACES[place % len(PLACES)]
        place += 1
        lines.append(f"camera {px + 0.5} 135 {pz + 0.5} 0 -30")  # waits until every chunk streamed in
        flights += 1
        for _ in range(min(BATCH, total - edits)):
            # Cells above the flat world's ground (air there), within the view distance.
            cell = (px + rng.randint(-24, 24), rng.randint(120, 150), pz + rng.randint(-24, 24))
            block = rng.randrange(len(BLOCKS))
            model[cell] = block
            lines.append(f"set {cell[0]} {cell[1]} {cell[2]} {BLOCKS[block]}")
            edits += 1
        lines.append("verify")
        verifies += 1
        if place % 10 == 0:  # a flight with the keys too
            lines.append("key W 30")
            lines.append("key D 20")
            flights += 1
    lines.append(f"stats {os.path.join(out, 'end.json')}")
    script = os.path.join(out, "soak.txt")
    with open(script, "w") as f:
        f.write("\n".join(lines) + "\n")

    args = [exe, "--script", script, "--world-file", world, "--world", "flat", "--view-distance", "4",
            "--verify-every", "30", "--vsync", "off", "--size", "640x360"]
    start = time.monotonic()
    err_path = os.path.join(out, "err.txt")
    with open(err_path, "w") as err:
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=err)
        samples = []
        while proc.poll() is None:
            kib = rss_kib(proc.pid)
            if kib:
                samples.append((time.monotonic() - start, kib))
            time.sleep(0.5)
    seconds = time.monotonic() - start
    if proc.returncode != 0:
        print(f"soak: slotcraft exited with {proc.returncode}; see {err_path}")
        return 1

    # The file against the edits: every cell's last type (air: no row), nothing else.
    db = sqlite3.connect(f"file:{world}?mode=ro", uri=True)
    rows = {}
    for cx, cy, cz, idx, t in db.execute("SELECT cx, cy, cz, idx, type FROM edits"):
        x = cx * 16 + (idx & 15)
        z = cz * 16 + ((idx >> 4) & 15)
        y = cy * 16 + (idx >> 8)
        rows[(x, y, z)] = t
    want = {cell: b for cell, b in model.items() if b != 0}
    missing = sum(1 for c, b in want.items() if rows.get(c) != b)
    extra = sum(1 for c in rows if c not in want)
    stats = json.load(open(os.path.join(out, "end.json")))
    # The RSS once the first place has streamed in, and at the end.
    settled = [kib for t, kib in samples if t >= 5.0] or [kib for _, kib in samples]
    print(f"soak: {edits} edits ({len(model)} cells), {flights} flights, {verifies} verify commands "
          f"+ --verify-every 30 over {stats['frame']['count']} frames")
    print(f"soak: chunks streamed in {stats['stream']['chunks_integrated']}, out "
          f"{stats['stream']['chunks_unloaded']}; save: {stats['save']['edits_committed']} committed, "
          f"state {stats['save']['state']}")
    print(f"soak: RSS {settled[0] / 1024:.0f} MiB after 5 s, {samples[-1][1] / 1024:.0f} MiB at the end "
          f"(peak {max(k for _, k in samples) / 1024:.0f} MiB); {seconds:.0f} s")
    print(f"soak: world file vs edits: {len(rows)} rows, {missing} cells wrong or missing, {extra} extra")
    return 0 if missing == 0 and extra == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
