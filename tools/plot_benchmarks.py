#!/usr/bin/env python3
"""Draws the benchmark pictures of docs/benchmarks.md from the benchmarks' JSON output.

Usage: tools/plot_benchmarks.py IN_DIR OUT_DIR

IN_DIR holds what `./run.sh docs` writes into build/docs/:
  bench_alloc.json        Google Benchmark's --benchmark_out (format json) of bench_alloc
  bench_render_vd*.json   bench_render --json, one file per view distance
OUT_DIR gets:
  bench_alloc.png         ns per operation of the lowest-free-slot allocators, per workload
  bench_render_view_distance.png   frame time and instances drawn against view distance
  bench_upload_per_edit.png        how many bytes one block edit uploads to the GPU
Every figure comes from the files; nothing is typed in here. Needs python3-matplotlib.
"""
import glob
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt  # noqa: E402

WORKLOADS = [("fill", "fill from empty"), ("every_other", "free every other,\nrefill"),
             ("churn", "random churn\nat 50%"), ("chunks", "chunks: 512 in,\n512 out")]
CONTENDERS = [("SlotTree", "SlotTree (ours)", "#2e7d32"), ("SetFreeList", "std::set free list", "#90a4ae"),
              ("HeapFreeList", "min-heap free list", "#78909c"), ("FlatBitmap", "flat bitmap", "#ffb300"),
              ("PointerTree", "pointer tree (the seed's)", "#8d6e63")]
RENDER_STYLE = {"exposed+culled": ("Slotcraft: exposed cubes, culled, one multi-draw", "#2e7d32", "o"),
                "solid+culled": ("every solid cube, same culling", "#c62828", "s"),
                "exposed, 1 draw": ("exposed cubes, one draw, no culling (the seed's)", "#1565c0", "^")}


def fail(message):
    sys.stderr.write("plot_benchmarks: " + message + "\n")
    sys.exit(1)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        fail("cannot read %s: %s (run ./run.sh docs to make it)" % (path, e))


def ns_per_op(run):
    """The per_op counter (seconds per operation, inverted rate) in nanoseconds."""
    if "per_op" not in run:
        fail("%s has no per_op counter: is this bench_alloc's output?" % run.get("name"))
    return run["per_op"] * 1e9


def plot_alloc(doc, out):
    # The median of the repetitions when there are aggregates, else the single run.
    figures = {}
    repetitions = 1
    for run in doc.get("benchmarks", []):
        if run.get("run_type") == "aggregate" and run.get("aggregate_name") != "median":
            continue
        name = run["run_name"]
        if name.startswith("chunks/") and name.endswith("/0"):
            name = name[:-2]  # the chunks workload's argument 0: one slot per call
        figures[name] = ns_per_op(run)
        repetitions = run.get("repetitions", repetitions)
    missing = [w + "/" + c for w, _ in WORKLOADS for c, _, _ in CONTENDERS if w + "/" + c not in figures]
    if missing:
        fail("bench_alloc.json lacks " + ", ".join(missing))
    fig, ax = plt.subplots(figsize=(10, 5.2), dpi=100)
    width = 0.16
    for i, (key, label, colour) in enumerate(CONTENDERS):
        xs = [w + (i - 2) * width for w in range(len(WORKLOADS))]
        ys = [figures[w + "/" + key] for w, _ in WORKLOADS]
        bars = ax.bar(xs, ys, width, label=label, color=colour, edgecolor="#333333", linewidth=0.5)
        for bar, y in zip(bars, ys):
            ax.annotate("%.3g" % y, (bar.get_x() + bar.get_width() / 2, y), ha="center", va="bottom",
                        fontsize=7, xytext=(0, 2), textcoords="offset points")
    ax.set_yscale("log")
    ax.set_xticks(range(len(WORKLOADS)))
    ax.set_xticklabels([label for _, label in WORKLOADS])
    ax.set_ylabel("ns per operation (log scale, lower is better)")
    context = doc.get("context", {})
    ax.set_title("Lowest-free-slot allocators at 1M slots (bench_alloc, CPU time, median of %d runs)"
                 % repetitions)
    ax.legend(fontsize=8, ncol=3, loc="upper left")
    ax.grid(axis="y", which="both", alpha=0.3)
    ax.set_ylim(top=ax.get_ylim()[1] * 4)  # room for the legend above the bars
    fig.text(0.99, 0.01, "%s, %d CPUs at %d MHz, load average %.1f" % (
        context.get("date", "")[:10], context.get("num_cpus", 0), context.get("mhz_per_cpu", 0),
        (context.get("load_avg") or [0.0])[0]), ha="right", fontsize=7, color="#666666")
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def plot_render(docs, out):
    docs = sorted(docs, key=lambda d: d["view_distance"])
    distances = [d["view_distance"] for d in docs]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.6), dpi=100)
    for name, (label, colour, marker) in RENDER_STYLE.items():
        runs = [next((c for c in d["contenders"] if c["name"] == name), None) for d in docs]
        if None in runs:
            fail("a bench_render file lacks the contender '%s'" % name)
        left.plot(distances, [r["frame_ms"] for r in runs], marker=marker, color=colour, label=label)
        right.plot(distances, [r["instances"] for r in runs], marker=marker, color=colour, label=label)
    for ax in (left, right):
        ax.set_yscale("log")
        ax.set_xlabel("view distance (chunk columns)")
        ax.set_xticks(distances)
        ax.grid(which="both", alpha=0.3)
        # The chunks loaded at each distance under the axis labels.
        ax.set_xticklabels(["%d\n%s chunks" % (d["view_distance"], format(d["chunks_loaded"], ","))
                            for d in docs], fontsize=8)
    left.set_ylabel("ms per frame, with glFinish (log scale)")
    left.set_title("Frame time (llvmpipe, %dx%d)" % (docs[0]["width"], docs[0]["height"]))
    right.set_ylabel("instances drawn per frame (log scale)")
    right.set_title("Cubes drawn")
    left.legend(fontsize=8, loc="upper left")
    fig.suptitle("bench_render: terrain seed 1, %d camera poses x %d frame(s) at each view distance"
                 % (docs[0]["poses"], docs[0]["frames_per_pose"]), fontsize=10)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def plot_upload(doc, out):
    upload = doc["upload"]
    counts = {int(b): n for b, n in upload["edits_by_bytes"].items()}
    fig, ax = plt.subplots(figsize=(8, 4.2), dpi=100)
    xs = sorted(counts)
    ax.bar(xs, [counts[x] for x in xs], width=2.6, color="#2e7d32", edgecolor="#1b5e20")
    ax.axvline(upload["bytes_per_edit"], color="#c62828", linestyle="--",
               label="mean %.1f bytes (%.2f instance writes of %d bytes)"
               % (upload["bytes_per_edit"], upload["writes_per_edit"],
                  round(upload["bytes_per_edit"] / upload["writes_per_edit"]) if upload["writes_per_edit"] else 0))
    ax.set_xticks(xs)
    ax.set_xlabel("bytes of instance data one edit uploads")
    ax.set_ylabel("edits")
    ax.set_title("Upload per block edit: %s random edits at view distance %d (bench_render)"
                 % (format(upload["edits"], ","), doc["view_distance"]), fontsize=10)
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)


def main(argv):
    if len(argv) != 3:
        fail("usage: tools/plot_benchmarks.py IN_DIR OUT_DIR")
    in_dir, out_dir = argv[1], argv[2]
    os.makedirs(out_dir, exist_ok=True)
    render_files = sorted(glob.glob(os.path.join(in_dir, "bench_render_vd*.json")))
    if not render_files:
        fail("no bench_render_vd*.json in %s (run ./run.sh docs to make them)" % in_dir)
    render = [load(p) for p in render_files]
    written = [os.path.join(out_dir, name) for name in
               ("bench_alloc.png", "bench_render_view_distance.png", "bench_upload_per_edit.png")]
    plot_alloc(load(os.path.join(in_dir, "bench_alloc.json")), written[0])
    plot_render(render, written[1])
    # The upload figure of the largest world measured.
    plot_upload(max(render, key=lambda d: d["view_distance"]), written[2])
    for path in written:
        print("wrote " + path)


if __name__ == "__main__":
    main(sys.argv)
