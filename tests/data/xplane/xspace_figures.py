#!/usr/bin/env python3
"""Figures of an XPlane file worked out without Roofscope, for test_xplane_reader.

Decodes the file with protoc and the carried schema, then sums over protoc's text output:
    python3 tests/data/xplane/xspace_figures.py ../shared/samples/xplane_jax_te_fused_attn.xplane.pb
Per /device:GPU:N plane: kernels (events of `Stream #` lines without memcpy_details), the sum of
their duration_ps, the union of their intervals, copies and their memcpy_details sizes, the
distinct hlo_op values (string or ref_value stats), and the first kernel's start in ns.
"""
import collections, os, re, subprocess, sys

SCHEMA = os.path.join(os.path.dirname(__file__), "../../../core/import/xplane/proto")


def decode(path):
    with open(path, "rb") as f:
        text = subprocess.run(["protoc", "--decode=tensorflow.profiler.XSpace", "-I", SCHEMA,
                               "xplane.proto"], stdin=f, capture_output=True, check=True).stdout
    root, stack = {}, []
    stack.append(root)
    for line in text.decode("utf-8", "replace").split("\n"):
        s = line.strip()
        if not s:
            continue
        if s.endswith("{"):
            node = {}
            stack[-1].setdefault(s[:-1].strip(), []).append(node)
            stack.append(node)
        elif s == "}":
            stack.pop()
        else:
            k, v = s.split(":", 1)
            v = v.strip()
            if v.startswith('"'):
                v = bytes(v[1:-1], "latin1").decode("unicode_escape")
            else:
                v = int(v) if re.fullmatch(r"-?\d+", v) else float(v)
            stack[-1].setdefault(k, []).append(v)
    return root


def one(d, k, default=None):
    return d[k][0] if d.get(k) else default


def union(intervals):
    total, end = 0, None
    for a, b in sorted(intervals):
        if end is None or a > end:
            total, end = total + b - a, b
        elif b > end:
            total, end = total + b - end, b
    return total


def main(path):
    space = decode(path)
    planes = space.get("planes", [])
    env = {}
    for p in planes:
        if one(p, "name") == "Task Environment":
            names = {one(e, "key"): one(e["value"][0], "name") for e in p.get("stat_metadata", [])}
            env = {names[one(s, "metadata_id")]: one(s, "uint64_value", one(s, "int64_value"))
                   for s in p.get("stats", [])}
    base = env.get("profile_start_time", 0)
    print(f"{path}: {len(planes)} planes, profile_start_time {base}")
    for p in planes:
        name = one(p, "name", "")
        if not name.startswith("/device:GPU:"):
            continue
        stat_names = {one(e, "key"): one(e["value"][0], "name", "") for e in p.get("stat_metadata", [])}
        kernels, copies, copy_bytes, ops = [], [], 0, set()
        for line in p.get("lines", []):
            if not one(line, "name", "").startswith("Stream #"):
                continue
            ts_ps = one(line, "timestamp_ns", 0) * 1000
            for e in line.get("events", []):
                stats = {}
                for s in e.get("stats", []):
                    n = stat_names.get(one(s, "metadata_id"))
                    stats[n] = stat_names.get(one(s, "ref_value")) if "ref_value" in s else \
                        next((s[k][0] for k in s if k.endswith("_value")), None)
                start = ts_ps + one(e, "offset_ps", 0)
                interval = (start, start + one(e, "duration_ps", 0))
                if "memcpy_details" in stats:
                    copies.append(interval)
                    copy_bytes += int(re.search(r"size:(\d+)", stats["memcpy_details"]).group(1))
                else:
                    kernels.append(interval)
                if stats.get("hlo_op"):
                    ops.add(stats["hlo_op"])
        print(f"  {name}: {len(kernels)} kernels, {sum(b - a for a, b in kernels)} ps, "
              f"union {union(kernels)} ps; {len(copies)} copies, {sum(b - a for a, b in copies)} ps, "
              f"{copy_bytes} bytes; {len(ops)} hlo_op values")
        if kernels:
            print(f"    first kernel at {base + min(kernels)[0] // 1000} ns; hlo_op: {sorted(ops)}")


if __name__ == "__main__":
    for a in sys.argv[1:]:
        main(a)
