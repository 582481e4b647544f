#!/usr/bin/env python3
"""The house's size limits over src/, measured with universal-ctags (the ctest test `limits`).

No class holds more than 20 private data members (static ones not counted), no source file is
longer than 700 lines, no function body longer than 80 lines. Prints every breach with its
place and exits 1 when there is one; prints the largest of each and exits 0 otherwise.
Usage: check_limits.py SRC_DIR [CTAGS]
"""
import collections
import json
import os
import subprocess
import sys

MAX_PRIVATE_MEMBERS = 20
MAX_FILE_LINES = 700
MAX_FUNCTION_LINES = 80


def tags(src, ctags):
    out = subprocess.run(
        [ctags, "--output-format=json", "--fields=+neKZa", "--extras=-q", "-R", "--languages=C++", "-o", "-", src],
        check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        tag = json.loads(line)
        if tag.get("_type") == "tag":
            yield tag


def main():
    if len(sys.argv) < 2:
        print("usage: check_limits.py SRC_DIR [CTAGS]", file=sys.stderr)
        return 2
    src = sys.argv[1]
    ctags = sys.argv[2] if len(sys.argv) > 2 else "ctags-universal"
    breaches = []
    largest = {}

    file_lines = {}
    for root, _, files in os.walk(src):
        for name in files:
            if name.endswith((".cpp", ".hpp")):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    file_lines[path] = sum(1 for _ in f)
    for path, n in file_lines.items():
        if n > MAX_FILE_LINES:
            breaches.append(f"{path}: {n} lines (at most {MAX_FILE_LINES}): split it along its sections")
    largest["file"] = max(file_lines.items(), key=lambda kv: kv[1])

    members = collections.Counter()
    functions = []
    for tag in tags(src, ctags):
        kind = tag.get("kind")
        if kind == "member" and tag.get("access") == "private" and "static" not in tag.get("pattern", ""):
            members[(tag["path"], tag.get("scope", "?"))] += 1
        elif kind == "function" and "end" in tag:
            functions.append((tag["end"] - tag["line"] + 1, tag["path"], tag["line"], tag.get("scope", ""), tag["name"]))
    for (path, scope), n in members.items():
        if n > MAX_PRIVATE_MEMBERS:
            breaches.append(f"{path}: class {scope} holds {n} private data members (at most {MAX_PRIVATE_MEMBERS}): "
                            "it is two classes")
    for n, path, line, scope, name in functions:
        if n > MAX_FUNCTION_LINES:
            where = f"{scope}::{name}" if scope else name
            breaches.append(f"{path}:{line}: {where} is {n} lines (at most {MAX_FUNCTION_LINES}): split it")
    if members:
        largest["class"] = max(members.items(), key=lambda kv: kv[1])
    if functions:
        largest["function"] = max(functions)

    for b in sorted(breaches):
        print(b)
    if breaches:
        print(f"{len(breaches)} breach(es) of the limits (docs/architecture.md \"Limits\")")
        return 1
    path, n = largest["file"]
    print(f"longest file: {path} ({n} lines of {MAX_FILE_LINES})")
    if "class" in largest:
        (path, scope), n = largest["class"]
        print(f"most private data members: {scope} in {path} ({n} of {MAX_PRIVATE_MEMBERS})")
    if "function" in largest:
        n, path, line, scope, name = largest["function"]
        print(f"longest function: {scope}::{name} at {path}:{line} ({n} lines of {MAX_FUNCTION_LINES})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
