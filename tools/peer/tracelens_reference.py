#!/usr/bin/env python3
"""Run TraceLens' own perf model on PyTorch profiler (Kineto) traces and write a reference JSON.

TraceLens (AMD-AGI/TraceLens, MIT) is an independent peer tool; this script only *calls* it,
from a snapshot given by --tracelens DIR (the directory that holds the TraceLens package).
Nothing of TraceLens is copied into Roofscope.

What is taken from TraceLens, per trace:
  * per modelled op call: the same calls TraceLens' perf report models
    (TraceLens/Reporting/generate_perf_report_pytorch.py: every event whose name is a key of
    TraceLens.PerfModel.torch_op_mapping.op_to_perf_model_class_map, forward with bwd=False,
    and, for the sheet families other than GEMM / elementwise / normalisation, backward with
    bwd=True), through TreePerfAnalyzer.build_df_perf_metrics: GFLOPS, Data Moved (MB),
    Kernel Time (us) (GPUEventAnalyser busy time of the op's subtree kernels, memsets and
    memcpys included) and the kernels TraceLens attributed to the call (kernel_details);
  * grouped here by (op name, "Input Dims" exactly as the trace gives it, phase): calls,
    GFLOPs and bytes per call, kernel time sums (TraceLens' busy time, and the plain sum of the
    attributed kernels' durations), the attributed kernels and the ops that launched them;
  * the GPU timeline breakdown of TreePerfAnalyzer.get_df_gpu_timeline() (GPUEventAnalyser:
    computation, exposed comm, exposed memcpy, busy, idle, total), for the whole trace as
    TraceLens reports it, and, applying the same GPUEventAnalyser to the GPU events launched
    inside each ProfilerStep#N CPU range (that selection is ours; TraceLens does not split by
    step), per step.

Usage:
  tracelens_reference.py --tracelens ../peer/TraceLens -o ref.json TRACE.json.gz [...]
Exit status: 0 done, 2 usage / a trace failed, 77 TraceLens (or its Python deps) absent.
"""

import argparse
import contextlib
import io
import json
import math
import os
import sys
import warnings

SCHEMA = "roofscope.tracelens_reference/1"
GPU_CATS = ("kernel", "gpu_memcpy", "gpu_memset")


def compact_dims(dims):
    """Input Dims as compact JSON with trailing [] entries removed (Roofscope's op-name form)."""
    if dims is None:
        return ""
    d = list(dims)
    while d and d[-1] == []:
        d.pop()
    return json.dumps(d, separators=(",", ":"))


def op_key(name, dims):
    cd = compact_dims(dims)
    return f"{name} {cd}" if cd else name


def import_tracelens(tl_dir):
    if not os.path.isdir(os.path.join(tl_dir, "TraceLens")):
        raise ImportError(f"{tl_dir}/TraceLens is not a directory")
    sys.path.insert(0, os.path.abspath(tl_dir))
    import pandas  # noqa: F401  (TraceLens needs it; fail early with a clear message)
    from TraceLens import TreePerfAnalyzer, GPUEventAnalyser
    from TraceLens.PerfModel import torch_op_mapping

    return TreePerfAnalyzer, GPUEventAnalyser, torch_op_mapping


def tracelens_commit(tl_dir):
    """The snapshot's commit when known (a file COMMIT next to the package, or git)."""
    p = os.path.join(tl_dir, "COMMIT")
    if os.path.isfile(p):
        return open(p).read().strip()
    try:
        import subprocess

        return (
            subprocess.check_output(
                ["git", "-C", tl_dir, "rev-parse", "HEAD"], stderr=subprocess.DEVNULL
            )
            .decode()
            .strip()
        )
    except Exception:
        return None


def finite(x):
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def union_ns(events):
    """Ours, not TraceLens': the busy time in integer ns (ts and dur rounded to ns, which the
    trace's 3-decimal microseconds are exactly), free of float error on ~1e12 us timestamps."""
    iv = sorted((round(e["ts"] * 1000), round(e["ts"] * 1000) + round(e["dur"] * 1000)) for e in events)
    busy = 0
    cs, ce = iv[0]
    for a, b in iv[1:]:
        if a <= ce:
            ce = max(ce, b)
        else:
            busy += ce - cs
            cs, ce = a, b
    return busy + ce - cs


def launcher_chain(tree, gpu_event, stop_uid):
    """cpu_op ancestors of a GPU event, innermost first, up to (and including) stop_uid."""
    chain = []
    uid = gpu_event.get("parent")
    while uid is not None:
        ev = tree.get_UID2event(uid)
        if ev is None:
            break
        if ev.get("cat") == "cpu_op":
            chain.append(op_key(ev["name"], ev.get("args", {}).get("Input Dims")))
        if uid == stop_uid:
            break
        uid = ev.get("parent")
    return chain


def perf_rows(analyzer, torch_op_mapping):
    """Per-call rows, the way generate_perf_report_pytorch builds its op sheets."""
    class_map = analyzer.op_to_perf_model_class_map
    sheet_to_names = torch_op_mapping.build_sheet_category_to_op_names(class_map)
    single_table = {"GEMM", "UnaryElementwise", "BinaryElementwise", "Normalization"}
    bwd_named_ops = {
        "flash_attn::_flash_attn_varlen_backward",
        "aten::convolution_backward",
        "ConvBias_Backward",
        "ConvBiasReLU_Backward",
    }
    out = []
    for sheet, names in sheet_to_names.items():
        names = set(names)
        events = [e for e in analyzer.tree.events if e.get("name") in names]
        if not events:
            continue
        passes = [False] if sheet in single_table else [False, True]
        for bwd in passes:
            evs = events
            if bwd:
                evs = [e for e in events if e["name"] != "vllm::unified_attention_with_output"]
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                df = analyzer.build_df_perf_metrics(
                    evs, bwd=bwd, include_kernel_details=True, include_args=True
                )
            if df is None or df.empty:
                continue
            for rec in df.to_dict("records"):
                name = rec["name"]
                # the report's own fwd/bwd fix-ups (generate_perf_report_pytorch.py)
                if not bwd and name in bwd_named_ops:
                    phase = "bwd"
                elif bwd and name in {
                    "aten::convolution",
                    "aten::miopen_convolution",
                    "aten::cudnn_convolution",
                    "ConvBias_",
                    "ConvBiasReLU_",
                }:
                    continue
                else:
                    phase = "bwd" if bwd else "fwd"
                rec["_sheet"] = sheet
                rec["_phase"] = phase
                rec["_bwd_pass"] = bwd
                out.append(rec)
    return out


def analyse_trace(path, TreePerfAnalyzer, GPUEventAnalyser, torch_op_mapping, quiet=True):
    sink = io.StringIO()
    redirect = contextlib.redirect_stdout(sink) if quiet else contextlib.nullcontext()
    with redirect, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        analyzer = TreePerfAnalyzer.from_file(profile_filepath=path)
        df_tl = analyzer.get_df_gpu_timeline()
        rows = perf_rows(analyzer, torch_op_mapping)
    tree = analyzer.tree

    timeline_ms = {r["type"]: float(r["time ms"]) for r in df_tl.to_dict("records")}

    # --- per (name, Input Dims, phase) groups ------------------------------------------
    groups = {}
    dup_calls = set()
    for rec in rows:
        ev = tree.get_UID2event(rec["UID"])
        args = ev.get("args", {})
        dims = args.get("Input Dims")
        key = (rec["name"], json.dumps(dims, separators=(",", ":")), rec["_phase"])
        g = groups.get(key)
        if g is None:
            g = groups[key] = {
                "name": rec["name"],
                "input_dims": dims,
                "key": op_key(rec["name"], dims),
                "phase": rec["_phase"],
                "sheet_category": rec["_sheet"],
                "perf_model": torch_op_mapping.resolve_perf_model_class(rec["name"]).__name__
                if torch_op_mapping.resolve_perf_model_class(rec["name"])
                else None,
                "input_type": args.get("Input type"),
                "concrete_inputs": args.get("Concrete Inputs"),
                "params": {
                    k[len("param: "):]: (v if isinstance(v, (int, float, str, bool)) or v is None else str(v))
                    for k, v in rec.items()
                    if k.startswith("param: ")
                },
                "compute_spec": rec.get("Compute Spec") or None,
                "calls": 0,
                "gflops_per_call": None,
                "gflops_per_call_max": None,
                "bytes_per_call": None,
                "bytes_per_call_max": None,
                "kernel_busy_us_sum": 0.0,
                "kernel_dur_us_sum": 0.0,
                "kernels_per_call": [],
                "launches": 0,
                "launches_by_cat": {},
                "dur_us_by_cat": {},
                "launcher_ops": {},
                "kernel_names": {},
                "call_uids": [],
                "nested_same_key_calls": 0,
                "_seen": set(),
            }
        kd = rec.get("kernel_details") or []
        if isinstance(kd, float):  # NaN from the DataFrame
            kd = []
        uids = {k["gpu_op_uid"] for k in kd}
        if uids and uids <= g["_seen"]:
            # an op call nested in another call of the same name and shapes (e.g. the
            # aten::upsample_nearest1d inside aten::upsample_nearest1d): TraceLens models both
            # and counts the same kernels twice; keep the first, note the other
            g["nested_same_key_calls"] += 1
            dup_calls.add(rec["UID"])
            continue
        kd = [k for k in kd if k["gpu_op_uid"] not in g["_seen"]]
        g["_seen"] |= uids
        g["calls"] += 1
        g["call_uids"].append(rec["UID"])
        gf = finite(rec.get("GFLOPS"))
        mb = finite(rec.get("Data Moved (MB)"))
        by = None if mb is None else mb * 1024 * 1024  # TraceLens: bytes / (1024*1024)
        if gf is not None:
            g["gflops_per_call"] = gf if g["gflops_per_call"] is None else min(g["gflops_per_call"], gf)
            g["gflops_per_call_max"] = gf if g["gflops_per_call_max"] is None else max(g["gflops_per_call_max"], gf)
        if by is not None:
            g["bytes_per_call"] = by if g["bytes_per_call"] is None else min(g["bytes_per_call"], by)
            g["bytes_per_call_max"] = by if g["bytes_per_call_max"] is None else max(g["bytes_per_call_max"], by)
        g["kernel_busy_us_sum"] += finite(rec.get("Kernel Time (µs)")) or 0.0
        g["kernels_per_call"].append(len(kd))
        for k in kd:
            kev = tree.get_UID2event(k["gpu_op_uid"])
            cat = kev.get("cat")
            g["launches"] += 1
            g["launches_by_cat"][cat] = g["launches_by_cat"].get(cat, 0) + 1
            g["dur_us_by_cat"][cat] = g["dur_us_by_cat"].get(cat, 0.0) + float(k["dur"])
            g["kernel_dur_us_sum"] += float(k["dur"])
            if not rec["_bwd_pass"]:
                chain = launcher_chain(tree, kev, rec["UID"])
            else:
                chain = launcher_chain(tree, kev, None)
            inner = chain[0] if chain else ""  # "": no cpu_op above the launch
            lo = g["launcher_ops"].setdefault(
                inner, {"launches": 0, "dur_us": 0.0, "chain": chain, "kernels": {}}
            )
            lo["launches"] += 1
            lo["dur_us"] += float(k["dur"])
            kn = kev.get("name", "")
            lk = lo["kernels"].setdefault(kn, {"launches": 0, "dur_us": 0.0, "cat": cat})
            lk["launches"] += 1
            lk["dur_us"] += float(k["dur"])
            g["kernel_names"][kn] = g["kernel_names"].get(kn, 0) + 1

    # totals: the sum over calls of what TraceLens gave per call
    tot = {}
    for rec in rows:
        if rec["UID"] in dup_calls:
            continue
        ev = tree.get_UID2event(rec["UID"])
        key = (rec["name"], json.dumps(ev.get("args", {}).get("Input Dims"), separators=(",", ":")), rec["_phase"])
        t = tot.setdefault(key, {"flops": 0.0, "bytes": 0.0, "flops_known": True, "bytes_known": True})
        gf = finite(rec.get("GFLOPS"))
        mb = finite(rec.get("Data Moved (MB)"))
        if gf is None:
            t["flops_known"] = False
        else:
            t["flops"] += gf * 1e9
        if mb is None:
            t["bytes_known"] = False
        else:
            t["bytes"] += mb * 1024 * 1024
    for key, g in groups.items():
        t = tot[key]
        g["flops_total"] = t["flops"] if t["flops_known"] else None
        g["bytes_total"] = t["bytes"] if t["bytes_known"] else None
    for g in groups.values():
        del g["_seen"]
    ops = list(groups.values())
    ops.sort(key=lambda g: -g["kernel_dur_us_sum"])

    # --- per-step timeline (GPUEventAnalyser on the GPU events launched in each step) -----
    steps = []
    step_events = [
        e
        for e in tree.events
        if e.get("cat") == "user_annotation" and str(e.get("name", "")).startswith("ProfilerStep#")
    ]
    gpu_events = [e for e in tree.events if e.get("cat") in GPU_CATS and e.get("tree")]
    for s in sorted(step_events, key=lambda e: e["ts"]):
        t0, t1 = s["ts"], s["ts"] + s["dur"]
        sel = []
        for e in gpu_events:
            rt = tree.get_UID2event(e.get("parent")) if e.get("parent") is not None else None
            if rt is not None and t0 <= rt["ts"] <= t1:
                sel.append(e)
        entry = {"name": s["name"], "cpu_ts_us": t0, "cpu_dur_us": s["dur"], "gpu_events": len(sel)}
        if sel:
            m = GPUEventAnalyser(sel).compute_metrics()
            entry["timeline_us"] = {k: float(v) for k, v in m.items()}
            entry["busy_ns_exact"] = union_ns(sel)
        steps.append(entry)

    n_gpu_all = sum(1 for e in tree.events if e.get("cat") in GPU_CATS)
    return {
        "source": os.path.basename(path),
        "path": os.path.abspath(path),
        "gpu_events_total": n_gpu_all,
        "gpu_events_linked": len(gpu_events),
        "timeline_ms": timeline_ms,
        "timeline_note": "TreePerfAnalyzer.get_df_gpu_timeline(): all GPU events linked to the "
        "CPU tree (include_unlinked_kernels=False), whole trace",
        "steps": steps,
        "ops": ops,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tracelens", required=True, help="TraceLens snapshot (dir holding TraceLens/)")
    ap.add_argument("-o", "--output", default="-", help="output JSON (default stdout)")
    ap.add_argument("--verbose", action="store_true", help="let TraceLens print")
    ap.add_argument("traces", nargs="+")
    a = ap.parse_args(argv)
    try:
        TreePerfAnalyzer, GPUEventAnalyser, torch_op_mapping = import_tracelens(a.tracelens)
    except ImportError as e:
        print(f"skip: TraceLens unavailable: {e}", file=sys.stderr)
        return 77
    result = {
        "schema": SCHEMA,
        "tracelens_dir": os.path.abspath(a.tracelens),
        "tracelens_commit": tracelens_commit(a.tracelens),
        "units": "flops: FLOP; bytes: B; times: us (timeline_ms: ms)",
        "traces": [],
    }
    status = 0
    for t in a.traces:
        try:
            result["traces"].append(
                analyse_trace(t, TreePerfAnalyzer, GPUEventAnalyser, torch_op_mapping, not a.verbose)
            )
        except Exception as e:  # report and go on
            print(f"error: {t}: {type(e).__name__}: {e}", file=sys.stderr)
            status = 2
    text = json.dumps(result, indent=1, default=str)
    if a.output == "-":
        print(text)
    else:
        with open(a.output, "w") as f:
            f.write(text + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
