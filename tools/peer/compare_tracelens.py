#!/usr/bin/env python3
"""Compare Roofscope's per-op FLOPs, bytes and kernel times with TraceLens' perf model.

For each trace: runs `roofscope summarize TRACE --group op --json`, and TraceLens through
tracelens_reference.py (or reads a reference JSON it wrote, --reference), matches TraceLens'
modelled op calls to Roofscope's op records (see README.md, "Matching"), and prints one table
per trace: the summed FLOPs, bytes and kernel time of all calls of each op + shape in both
tools, with ratios Roofscope / TraceLens and flags beyond tolerance; then the step's GPU busy
time (Roofscope's `steps[].gpu_busy_s`, when the summary has it) against TraceLens'.

Exit status: 0 all compared rows in tolerance; 1 some row out of tolerance (or missing in
Roofscope); 2 usage error, a tool failed; 77 TraceLens or the sample traces absent (skip).
"""

import argparse
import glob
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from tracelens_reference import compact_dims, op_key  # noqa: E402  (no pandas needed)

# Roofscope's name for a sibling launch of an op kept apart from the op's own record
SIBLING_SEP = " \u00b7 "

DEFAULT_TRACES = [
    "kineto_h100_facebook_timesformer-base-finetuned-k400__1016002.json.gz",
    "kineto_h100_google_owlv2-large-patch14-ensemble__1016001.json.gz",
    "kineto_h100_Falconsai_nsfw_image_detection__1016002.json.gz",
    "kineto_mi300_facebook_timesformer-base-finetuned-k400__1016002.json.gz",
    "kineto_mi300_google_owlv2-large-patch14-ensemble__1016001.json.gz",
    "kineto_mi300_Falconsai_nsfw_image_detection__1016002.json.gz",
]

# Roofscope step field -> TraceLens GPUEventAnalyser key (us)
STEP_FIELDS = [
    ("gpu_busy_s", "busy_time"),
    ("computation_s", "computation_time"),
    ("exposed_comm_s", "exposed_comm_time"),
    ("exposed_memcpy_s", "exposed_memcpy_time"),
    ("idle_s", "idle_time"),
    ("span_s", "total_time"),
]


def rel_diff(a, b):
    """|a - b| / |b| (b the reference); 0 when both are 0."""
    if a is None or b is None:
        return None
    if b == 0:
        return 0.0 if a == 0 else math.inf
    return abs(a - b) / abs(b)


def ratio(a, b):
    if a is None or b is None:
        return None
    if b == 0:
        return None if a == 0 else math.inf
    return a / b


# --------------------------------------------------------------------------- inputs


def find_python_with_pandas():
    for py in [sys.executable, "/usr/bin/python3", "python3"]:
        try:
            r = subprocess.run([py, "-c", "import pandas"], capture_output=True)
            if r.returncode == 0:
                return py
        except OSError:
            pass
    return None


def run_reference(tracelens_dir, traces, python):
    cmd = [python, os.path.join(HERE, "tracelens_reference.py"), "--tracelens", tracelens_dir]
    cmd += traces
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode == 77:
        return None, r.stderr.strip()
    if r.returncode != 0 and not r.stdout.strip():
        raise RuntimeError(f"tracelens_reference.py failed ({r.returncode}): {r.stderr[-2000:]}")
    if r.returncode != 0:
        sys.stderr.write(r.stderr)
    return json.loads(r.stdout), None


def run_roofscope(roofscope, trace):
    r = subprocess.run(
        [roofscope, "summarize", trace, "--group", "op", "--json"], capture_output=True, text=True
    )
    if not r.stdout.strip():
        raise RuntimeError(f"roofscope summarize {trace} failed ({r.returncode}): {r.stderr[-2000:]}")
    return json.loads(r.stdout)


# --------------------------------------------------------------------------- matching


def match_trace(ref, rs_dataset):
    """Connect TraceLens op groups to Roofscope op records; return comparison rows.

    Each launch TraceLens attributes to an op call is mapped to the Roofscope record named by
    the innermost op of its launcher chain (launching op ... TraceLens op) whose key is a
    Roofscope record name. An edge TraceLens group -> Roofscope record whose key is itself a
    (different) TraceLens group's own key is dropped: TraceLens counts those launches in both
    the outer and the inner modelled op (e.g. aten::layer_norm and aten::native_layer_norm);
    the inner one owns them. Connected components of what is left are the comparison rows.
    """
    records = rs_dataset.get("records", [])
    rs_by_name = {}
    for r in records:
        rs_by_name.setdefault(r["name"], []).append(r)

    def rs_lookup(key):
        if key in rs_by_name:
            return key
        # Roofscope names some records by the op name alone (no shapes): match by name then
        name, sep, dims = key.rpartition(" ")
        if sep and dims.startswith("[") and name in rs_by_name:
            return name
        return None

    sibling_names = {}
    for n in rs_by_name:
        if SIBLING_SEP in n:
            sibling_names.setdefault(n.split(SIBLING_SEP, 1)[0], []).append(n)

    groups = ref["ops"]
    own_keys = {}
    for gi, g in enumerate(groups):
        own_keys.setdefault((g["key"], g["phase"]), []).append(gi)

    edges = {}  # gi -> {rs_key: {"launches": n, "dur_us": t}}
    unmatched = {}  # gi -> {"launches": n, "dur_us": t}
    nested_dropped = {}  # gi -> [inner TL keys]
    for gi, g in enumerate(groups):
        e = edges.setdefault(gi, {})
        for inner, lo in g["launcher_ops"].items():
            chain = lo["chain"]
            # per kernel name when the reference has it (Roofscope may put a sibling launch of
            # an op, e.g. cuBLAS' memset or split-K reduce, in a record "op [dims] · kernel")
            kernels = lo.get("kernels") or {None: {"launches": lo["launches"], "dur_us": lo.get("dur_us", 0.0)}}
            for kname, kk in kernels.items():
                target = owner_key = None
                for k in chain:
                    if kname is not None and f"{k}{SIBLING_SEP}{kname}" in rs_by_name:
                        target, owner_key = f"{k}{SIBLING_SEP}{kname}", k
                        break
                    target = rs_lookup(k)
                    if target is not None:
                        owner_key = k
                        break
                    # only sibling records of k: the one there is (Roofscope may name a record
                    # that holds several kinds of copy after the first)
                    sibs = sibling_names.get(k, [])
                    if kname is not None and len(sibs) == 1:
                        target, owner_key = sibs[0], k
                        break
                if target is None:
                    u = unmatched.setdefault(gi, {"launches": 0, "dur_us": 0.0})
                    u["launches"] += kk["launches"]
                    u["dur_us"] += kk["dur_us"]
                    continue
                owners = [h for h in own_keys.get((owner_key, g["phase"]), []) if h != gi]
                if owners and owner_key != g["key"]:
                    nested_dropped.setdefault(gi, []).append(owner_key)
                    continue
                x = e.setdefault(target, {"launches": 0, "dur_us": 0.0})
                x["launches"] += kk["launches"]
                x["dur_us"] += kk["dur_us"]

    # union-find over groups and record names
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(a, b):
        parent[find(a)] = find(b)

    for gi, e in edges.items():
        find(("g", gi))
        for k in e:
            union(("g", gi), ("r", k))
    comps = {}
    for gi in edges:
        comps.setdefault(find(("g", gi)), {"groups": [], "records": set()})["groups"].append(gi)
    for gi, e in edges.items():
        for k in e:
            comps[find(("g", gi))]["records"].add(k)

    rows = []
    for comp in comps.values():
        gis = sorted(comp["groups"])
        rkeys = sorted(comp["records"])
        gs = [groups[i] for i in gis]
        tl_launches = sum(x["launches"] for i in gis for x in edges[i].values())
        tl_dur = sum(x["dur_us"] for i in gis for x in edges[i].values())
        un_l = sum(unmatched.get(i, {}).get("launches", 0) for i in gis)
        un_t = sum(unmatched.get(i, {}).get("dur_us", 0.0) for i in gis)
        nested = sorted({k for i in gis for k in nested_dropped.get(i, [])})
        flops = [g["flops_total"] for g in gs]
        byts = [g["bytes_total"] for g in gs]
        row = {
            "tl_keys": [g["key"] for g in gs],
            "phase": gs[0]["phase"],
            "category": gs[0]["sheet_category"],
            "perf_model": gs[0]["perf_model"],
            "tl_calls": sum(g["calls"] for g in gs),
            "tl_flops": None if None in flops else sum(flops),
            "tl_bytes": None if None in byts else sum(byts),
            "tl_gflops_per_call": gs[0]["gflops_per_call"] if len(gs) == 1 else None,
            "tl_bytes_per_call": gs[0]["bytes_per_call"] if len(gs) == 1 else None,
            "tl_launches": tl_launches,
            "tl_time_s": tl_dur * 1e-6,
            "tl_busy_s": sum(g["kernel_busy_us_sum"] for g in gs) * 1e-6,
            "tl_launches_by_cat": {},
            "tl_unmatched_launches": un_l,
            "tl_unmatched_time_s": un_t * 1e-6,
            "tl_nested_excluded": nested,
            "rs_records": rkeys,
        }
        for g in gs:
            for c, n in g["launches_by_cat"].items():
                row["tl_launches_by_cat"][c] = row["tl_launches_by_cat"].get(c, 0) + n
        if tl_launches == 0 and un_l == 0 and nested:
            row["status"] = "nested_duplicate"
        elif tl_launches == 0 and un_l == 0:
            row["status"] = "no_kernels"
        elif not rkeys:
            row["status"] = "absent_in_roofscope"
        else:
            row["status"] = "compared"
        recs = [r for k in rkeys for r in rs_by_name[k]]
        if recs:
            # FLOPs and bytes: the op's own records. Sibling records ("op [dims] · kernel": the
            # memsets, split-K reductions, copies Roofscope keeps apart from the op) carry what
            # the trace measured, not the op's model; TraceLens' model has no counterpart, so
            # their bytes are reported apart (rs_sibling_bytes) and only their time and launches
            # are compared. A Roofscope build that merges them into the op record (as it used
            # to) shows them in the op's bytes.
            own = [r for r in recs if SIBLING_SEP not in r["name"]] or recs
            sib = [r for r in recs if SIBLING_SEP in r["name"]]
            sb = [(r.get("bytes") or {}).get("dram") for r in sib]
            row["rs_sibling_records"] = [r["name"] for r in sib]
            row["rs_sibling_bytes"] = sum(v for v in sb if v is not None) if sib else None
            fl = [r.get("flops") for r in own]
            by = [(r.get("bytes") or {}).get("dram") for r in own]
            # a record without the quantity (a sibling memset's FLOPs, ...) adds nothing; the
            # sum is absent only when no record has it
            row["rs_flops"] = None if all(v is None for v in fl) else sum(v for v in fl if v is not None)
            row["rs_bytes"] = None if all(v is None for v in by) else sum(v for v in by if v is not None)
            row["rs_records_without_flops"] = [r["name"] for r in own if r.get("flops") is None]
            row["rs_records_without_bytes"] = [r["name"] for r in own if (r.get("bytes") or {}).get("dram") is None]
            row["rs_flops_notes"] = sorted({r["flops_note"] for r in recs if r.get("flops_note")})
            row["rs_time_s"] = sum(r.get("time_s") or 0.0 for r in recs)
            row["rs_count"] = sum(r.get("count") or 0 for r in recs)
            row["rs_flops_origin"] = sorted({r.get("flops_origin") for r in recs if r.get("flops_origin")})
            row["rs_category"] = sorted({r.get("category") for r in recs if r.get("category")})
            row["rs_precision"] = sorted({r.get("precision") for r in recs if r.get("precision")})
        rows.append(row)

    matched = {k for row in rows for k in row["rs_records"]}
    rs_only = [r["name"] for r in records if r["name"] not in matched]
    return rows, rs_only


def judge(row, tol):
    flags = []
    if row["status"] != "compared":
        if row["status"] == "absent_in_roofscope":
            flags.append("absent")
        return flags
    if row["tl_flops"] is not None:
        d = rel_diff(row.get("rs_flops"), row["tl_flops"])
        if d is None:
            flags.append("flops:missing")
        elif d > tol["flops"]:
            flags.append("flops")
    if row["tl_bytes"] is not None:
        d = rel_diff(row.get("rs_bytes"), row["tl_bytes"])
        if d is None:
            flags.append("bytes:missing")
        elif d > tol["bytes"]:
            flags.append("bytes")
    d = rel_diff(row.get("rs_time_s"), row["tl_time_s"])
    if d is None or d > tol["time"]:
        flags.append("time")
    if row.get("rs_count") != row["tl_launches"]:
        flags.append("launches")
    if row["tl_unmatched_launches"]:
        flags.append("unmatched_launches")
    return flags


def compare_steps(ref, rs_dataset, tol_busy):
    out = []
    rs_steps = rs_dataset.get("steps")
    ref_steps = ref.get("steps") or []
    if rs_steps is None:
        for s in ref_steps:
            out.append({"name": s["name"], "tl": s.get("timeline_us"), "busy_ns_exact": s.get("busy_ns_exact"),
                        "rs": None, "status": "absent"})
        return out
    for i, s in enumerate(ref_steps):
        cand = [x for x in rs_steps if x.get("name") == s["name"]]
        if not cand and len(rs_steps) == len(ref_steps):
            cand = [rs_steps[i]]
        rs = cand[0] if cand else None
        entry = {"name": s["name"], "tl": s.get("timeline_us"), "busy_ns_exact": s.get("busy_ns_exact"),
                 "rs": rs, "fields": {}}
        if rs is None or "gpu_busy_s" not in rs:
            entry["status"] = "absent"
        else:
            entry["status"] = "compared"
            for rf, tf in STEP_FIELDS:
                if rf in rs and entry["tl"] and tf in entry["tl"]:
                    tv = entry["tl"][tf] * 1e-6
                    entry["fields"][rf] = {
                        "rs": rs[rf],
                        "tl": tv,
                        "ratio": ratio(rs[rf], tv),
                        "rel_diff": rel_diff(rs[rf], tv),
                    }
            d = entry["fields"].get("gpu_busy_s", {}).get("rel_diff")
            entry["flags"] = [] if d is not None and d <= tol_busy else ["busy"]
        out.append(entry)
    return out


# --------------------------------------------------------------------------- printing


def fmt(x, unit=1.0, prec=4):
    if x is None:
        return "-"
    if isinstance(x, float) and (math.isinf(x) or math.isnan(x)):
        return str(x)
    return f"{x / unit:.{prec}g}"


def fmt_ratio(x):
    if x is None:
        return "-"
    if math.isinf(x):
        return "inf"
    return f"{x:.4f}"


def short(s, n):
    return s if len(s) <= n else s[: n - 1] + "…"


def print_trace(res, width, only_cats, show_all):
    print(f"\n== {res['source']}  (Roofscope device: {res.get('rs_device')}) ==")
    hdr = (
        f"{'cat':<8} {'op + shape (TraceLens key)':<{width}} {'calls':>5} "
        f"{'TL GFLOP':>10} {'RS/TL':>7} {'TL MB':>9} {'RS/TL':>7} "
        f"{'TL us':>9} {'RS/TL':>9} {'TL/RS n':>8}  flags"
    )
    print(hdr)
    print("-" * len(hdr))
    for row in res["rows"]:
        cat = row["category"]
        if only_cats and not any(cat.startswith(c) for c in only_cats):
            continue
        if row["status"] in ("no_kernels", "nested_duplicate") and not show_all:
            continue
        key = " + ".join(row["tl_keys"])
        if row["phase"] == "bwd":
            key = "[bwd] " + key
        note = ""
        if row["status"] == "nested_duplicate":
            note = " (nested duplicate of " + ", ".join(row["tl_nested_excluded"]) + ")"
        elif row["status"] == "no_kernels":
            note = " (no kernels)"
        print(
            f"{short(cat, 8):<8} {short(key, width):<{width}} {row['tl_calls']:>5} "
            f"{fmt(row['tl_flops'], 1e9):>10} {fmt_ratio(ratio(row.get('rs_flops'), row['tl_flops'])):>7} "
            f"{fmt(row['tl_bytes'], 1e6):>9} {fmt_ratio(ratio(row.get('rs_bytes'), row['tl_bytes'])):>7} "
            f"{fmt(row['tl_time_s'], 1e-6, 6):>9} {fmt_ratio(ratio(row.get('rs_time_s'), row['tl_time_s'])):>9} "
            f"{str(row['tl_launches']) + '/' + str(row.get('rs_count', '-')):>8}  "
            f"{','.join(row['flags'])}{note}"
        )
        if row["rs_records"] and row["rs_records"] != row["tl_keys"]:
            extra = ""
            if row.get("rs_sibling_bytes"):
                extra = f"  [sibling records' bytes, not compared: {row['rs_sibling_bytes'] / 1e6:.4g} MB]"
            print(f"{'':<8}   -> RS: {short(' + '.join(row['rs_records']), width + 40)}{extra}")
        for note in row.get("rs_flops_notes") or []:
            print(f"{'':<8}   RS flops_note: {note}")
    tl = res["tl_timeline_ms"]
    print(
        "TraceLens GPU timeline (whole trace, ms): "
        + ", ".join(f"{k}={tl[k]:.6f}" for k in ["busy_time", "computation_time", "exposed_comm_time",
                                                 "exposed_memcpy_time", "idle_time", "total_time"] if k in tl)
    )
    for s in res["steps"]:
        if s["status"] == "absent":
            tlb = s["tl"]["busy_time"] if s.get("tl") else None
            print(f"step {s['name']}: TraceLens busy {fmt(tlb, 1, 10)} us (integer-ns union of the same "
                  f"launches: {s.get('busy_ns_exact')} ns); Roofscope gpu_busy_s: absent")
        else:
            parts = []
            for rf, v in s["fields"].items():
                parts.append(f"{rf} RS {v['rs'] * 1e6:.3f} us / TL {v['tl'] * 1e6:.3f} us (rel diff {v['rel_diff']:.2g})")
            print(f"step {s['name']}: " + "; ".join(parts) + ("  FLAG busy" if s.get("flags") else ""))
    if res["rs_only"]:
        print(f"Roofscope records not matched to a TraceLens-modelled op: {len(res['rs_only'])}")


# --------------------------------------------------------------------------- main


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--roofscope", default=os.path.join(ROOT, "build", "app", "roofscope"))
    ap.add_argument("--tracelens", default=os.environ.get("TRACELENS_DIR",
                                           os.path.join(os.path.dirname(ROOT), "peer", "TraceLens")),
                    help="TraceLens snapshot (dir holding TraceLens/); env TRACELENS_DIR, "
                         "else ../peer/TraceLens beside the checkout")
    ap.add_argument("--samples", default=os.path.join(os.path.dirname(ROOT), "shared", "samples"))
    ap.add_argument("--reference", help="read this tracelens_reference.py JSON instead of running TraceLens")
    ap.add_argument("--json", dest="json_out", help="write the machine-readable result here")
    ap.add_argument("--traces", nargs="*", help="trace files or globs (default: the six H100/MI300X samples)")
    ap.add_argument("--categories", default="",
                    help="comma list of TraceLens sheet categories to judge and print (e.g. GEMM,SDPA,CONV); default all")
    ap.add_argument("--show-all", action="store_true", help="also print nested duplicates and ops without kernels")
    ap.add_argument("--width", type=int, default=64, help="width of the op column")
    ap.add_argument("--tol-flops", type=float, default=0.01)
    ap.add_argument("--tol-bytes", type=float, default=0.05)
    ap.add_argument("--tol-time", type=float, default=1e-6)
    ap.add_argument("--tol-busy", type=float, default=1e-5,
                    help="relative; TraceLens' interval arithmetic on float-us timestamps (~1.4e12 us, ulp 2.4e-4 us) is not exact")
    a = ap.parse_args(argv)
    tol = {"flops": a.tol_flops, "bytes": a.tol_bytes, "time": a.tol_time}
    cats = [c for c in a.categories.split(",") if c]

    # traces
    if a.traces:
        traces = []
        for t in a.traces:
            traces += sorted(glob.glob(t)) or [t]
    else:
        traces = [os.path.join(a.samples, t) for t in DEFAULT_TRACES]
    present = [t for t in traces if os.path.isfile(t)]
    if not present:
        print(f"skip: no sample traces found (--samples {a.samples})", file=sys.stderr)
        return 77
    for t in traces:
        if t not in present:
            print(f"warning: {t} absent, left out", file=sys.stderr)

    # reference
    if a.reference:
        with open(a.reference) as f:
            ref = json.load(f)
    else:
        if not os.path.isdir(os.path.join(a.tracelens, "TraceLens")):
            print(f"skip: TraceLens snapshot absent (--tracelens {a.tracelens})", file=sys.stderr)
            return 77
        py = find_python_with_pandas()
        if py is None:
            print("skip: no Python with pandas for TraceLens", file=sys.stderr)
            return 77
        try:
            ref, why = run_reference(a.tracelens, present, py)
        except Exception as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        if ref is None:
            print(f"skip: {why}", file=sys.stderr)
            return 77
    ref_by_source = {t["source"]: t for t in ref["traces"]}

    if not (os.path.isfile(a.roofscope) and os.access(a.roofscope, os.X_OK)):
        print(f"error: no roofscope executable at {a.roofscope}", file=sys.stderr)
        return 2

    results = []
    any_flag = False
    for t in present:
        src = os.path.basename(t)
        tref = ref_by_source.get(src)
        if tref is None:
            print(f"error: {src} not in the TraceLens reference", file=sys.stderr)
            return 2
        try:
            summ = run_roofscope(a.roofscope, t)
        except Exception as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        ds = summ["datasets"][0]
        rows, rs_only = match_trace(tref, ds)
        for row in rows:
            row["flags"] = judge(row, tol)
            if cats and not any(row["category"].startswith(c) for c in cats):
                row["judged"] = False
            else:
                row["judged"] = True
                any_flag |= bool(row["flags"])
        order = {"GEMM": 0, "SDPA": 1, "CONV": 2}
        rows.sort(key=lambda r: (order.get(r["category"].split("_")[0], 9), r["category"], -r["tl_time_s"]))
        steps = compare_steps(tref, ds, a.tol_busy)
        for s in steps:
            if s.get("flags"):
                any_flag = True
        res = {
            "source": src,
            "rs_device": (ds.get("device") or {}).get("id"),
            "rs_schema": summ.get("schema"),
            "tl_timeline_ms": tref["timeline_ms"],
            "rows": rows,
            "steps": steps,
            "rs_only": rs_only,
            "rs_warnings": ds.get("warnings", []),
        }
        results.append(res)
        print_trace(res, a.width, cats, a.show_all)

    n_rows = sum(1 for r in results for row in r["rows"] if row["judged"] and row["status"] == "compared")
    n_flag = sum(1 for r in results for row in r["rows"] if row["judged"] and row["flags"])
    print(f"\n{n_rows} op rows compared over {len(results)} traces; {n_flag} out of tolerance "
          f"(flops {tol['flops']:.0%}, bytes {tol['bytes']:.0%}, time {tol['time']:g} relative)")
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump({
                "schema": "roofscope.tracelens_comparison/1",
                "tracelens_commit": ref.get("tracelens_commit"),
                "tolerances": dict(tol, busy=a.tol_busy),
                "traces": results,
                "ok": not any_flag,
            }, f, indent=1)
            f.write("\n")
    return 1 if any_flag else 0


if __name__ == "__main__":
    sys.exit(main())
