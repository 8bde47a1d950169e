#!/usr/bin/env python3
"""TraceLens' JAX figures for an XPlane profile (.xplane.pb), where xprof is not installed.

TraceLens (AMD-AGI/TraceLens, MIT) reads an .xplane.pb only through xprof (or
tensorboard-plugin-profile): DataLoader.load_data converts the file to trace-viewer JSON with
`xspace_to_tool_data(..., "trace_viewer@^")` and JaxProfileProcessor.process_protobuf_file gets
each module's HLO as graph-viewer text (`"graph_viewer^"`, type long_txt). Neither package is in
Debian, and PyPI is out of reach here. This script stands in for those two conversions only:
  * kernel events: every event of a GPU plane's `Stream #...` lines that has no memcpy_details,
    with its name, duration, hlo_op and program, read from the file;
  * HLO text: one line per instruction of each program's entry computation, rendered from the
    `Hlo Proto` stat of /host:metadata as XLA prints it (`%name = type[dims]{layout}
    opcode(type[dims]{layout} %operand, ...), custom_call_target="...", backend_config=...`).
Everything after that is TraceLens' own code, imported from the snapshot given by --tracelens:
JaxProfileProcessor.process_line / _resolve_operand_references (the HLO text parser),
JaxTraceToTree._categorize_gpu_kernel_ops (categories), JaxTreePerfAnalyzer.
get_event_perf_model_name / get_event_metadata / compute_perf_metrics (perf models, backward for
the *_bwd models as build_df_perf_metrics does), get_df_xla_perf (operand bytes of uncategorised
XLA kernels) and JaxGPUEventAnalyser (GPU timeline, copies included). Nothing of TraceLens is
copied here.

Check of the stand-in: on xplane_jax06_mi300x_conv3d_legacy.xplane.pb it reproduces the CSVs
TraceLens commits for that trace (tests/traces/mi300/jax_conv_minimal_perf_report_csvs/:
categories, kernel times, conv GFLOPS and Data Moved, total_input_bytes, gpu_timeline).

Needs python3-pandas and python3-protobuf (Debian) and protoc. Prints JSON, schema
roofscope.tracelens_jax_reference/1: per (hlo_op, kernel) launches, time, TraceLens category,
perf model, GFLOPs / bytes per launch or the error TraceLens raised; per GPU the timeline.
Usage: tracelens_jax_reference.py --tracelens DIR FILE.xplane.pb [...]
Exit status: 0 done, 2 a file failed, 77 TraceLens or its dependencies absent.
"""

import argparse
import collections
import json
import logging
import os
import re
import subprocess
import sys
import tempfile

SCHEMA_DIR = os.path.join(os.path.dirname(__file__), "../../core/import/xplane/proto")


def compile_schema(out):
    """Python modules of the carried XSpace / HLO schemas, with the HLO fields the text needs
    that the carried schema may lack (upstream's numbers): a shape's layout, an instruction's
    op_name and backend_config."""
    for name in ("xplane.proto", "hlo.proto"):
        text = open(os.path.join(SCHEMA_DIR, name)).read()
        text = text.replace("option optimize_for = LITE_RUNTIME;", "")
        if name == "hlo.proto":
            if "LayoutProto" not in text:
                text = re.sub(r"(message ShapeProto \{[^}]*?)\}",
                              r"\1  LayoutProto layout = 5;\n}\n"
                              "message LayoutProto { repeated int64 minor_to_major = 1; }",
                              text, count=1)
            if "OpMetadata" not in text:
                text = text.replace("  string opcode = 2;\n",
                                    "  string opcode = 2;\n  OpMetadata metadata = 7;\n", 1)
                text += "\nmessage OpMetadata { string op_name = 2; }\n"
            if "backend_config" not in text:
                text = text.replace("  string custom_call_target = 28;\n",
                                    "  string custom_call_target = 28;\n"
                                    "  bytes backend_config = 43;\n", 1)
        with open(os.path.join(out, name), "w") as f:
            f.write(text)
    subprocess.run(["protoc", "-I", out, "--python_out", out, "xplane.proto", "hlo.proto"],
                   check=True)
    sys.path.insert(0, out)
    import hlo_pb2
    import xplane_pb2
    return xplane_pb2, hlo_pb2


def shape_text(s, hlo_pb2, names):
    if s.element_type == hlo_pb2.TUPLE:
        return "(" + ", ".join(shape_text(t, hlo_pb2, names) for t in s.tuple_shapes) + ")"
    layout = "{" + ",".join(map(str, s.layout.minor_to_major)) + "}" if s.dimensions else ""
    return f"{names.get(s.element_type, 'unknown')}[{','.join(map(str, s.dimensions))}]{layout}"


def hlo_lines(module, hlo_pb2, names):
    by_id = {i.id: i for c in module.computations for i in c.instructions}
    for c in module.computations:
        if c.id != module.entry_computation_id:
            continue
        for i in c.instructions:
            ops = ", ".join(f"{shape_text(by_id[o].shape, hlo_pb2, names)} %{by_id[o].name}"
                            for o in i.operand_ids if o in by_id)
            line = f"%{i.name} = {shape_text(i.shape, hlo_pb2, names)} {i.opcode}({ops})"
            if i.custom_call_target:
                line += f', custom_call_target="{i.custom_call_target}"'
            if i.metadata.op_name:
                line += f', metadata={{op_name="{i.metadata.op_name}"}}'
            if i.backend_config:
                config = i.backend_config.decode("utf-8", "replace")
                line += ", backend_config=" + (config if config.startswith("{")
                                               else "{" + config + "}")
            yield line


def analyse(path, tl, xplane_pb2, hlo_pb2):
    (JaxProfileProcessor, JaxTraceToTree, JaxTreePerfAnalyzer, JaxGPUEventAnalyser,
     JaxAnalyses, op_map, pd) = tl
    names = {v.number: v.name.lower()
             for v in hlo_pb2.DESCRIPTOR.enum_types_by_name["PrimitiveType"].values}
    space = xplane_pb2.XSpace()
    with open(path, "rb") as f:
        space.ParseFromString(f.read())
    programs = {}
    for p in space.planes:
        if p.name != "/host:metadata":
            continue
        stat_names = {k: v.name for k, v in p.stat_metadata.items()}
        for em in p.event_metadata.values():
            for s in em.stats:
                if stat_names.get(s.metadata_id) != "Hlo Proto":
                    continue
                h = hlo_pb2.HloProto()
                h.ParseFromString(s.bytes_value)
                ops = {}
                for line in hlo_lines(h.hlo_module, hlo_pb2, names):
                    JaxProfileProcessor.process_line(ops, line)
                JaxProfileProcessor._resolve_operand_references(ops)
                programs[h.hlo_module.id] = ops
    kernels, timeline_events = [], []
    for p in space.planes:
        if not p.name.startswith("/device:GPU"):
            continue
        stat_names = {k: v.name for k, v in p.stat_metadata.items()}
        for line in p.lines:
            if not line.name.startswith("Stream #"):
                continue
            for e in line.events:
                em = p.event_metadata[e.metadata_id]
                stats = {}
                for s in list(e.stats) + list(em.stats):
                    kind = s.WhichOneof("value")
                    if kind:
                        stats[stat_names.get(s.metadata_id)] = (
                            stat_names.get(s.ref_value) if kind == "ref_value"
                            else getattr(s, kind))
                gpu = int(p.name.rsplit(":", 1)[1])
                # pid as xprof numbers GPU planes (GPU N is pid N + 1; TraceLens takes a
                # gpu_pid of 0 for "all GPUs")
                timeline_events.append({
                    "name": em.name, "pid": gpu + 1, "tid": line.id, "ph": "X",
                    "ts": (line.timestamp_ns * 1000 + e.offset_ps) / 1e6,
                    "dur": e.duration_ps / 1e6, "process": {"process_name": p.name},
                    "thread": {"thread_name": line.name}})
                if "memcpy_details" in stats:
                    continue
                event = {"name": em.name, "dur": e.duration_ps / 1e6, "cat": "kernel",
                         "pid": gpu, "tid": line.id, "UID": len(kernels),
                         "process": {"process_name": p.name},
                         "args": {k: stats[k] for k in ("hlo_op", "hlo_module") if k in stats}}
                hlo = programs.get(stats.get("program_id"), {}).get(
                    "%" + str(stats.get("hlo_op", "")))
                if hlo is not None:
                    event["metadata"] = hlo
                kernels.append(event)

    tree = object.__new__(JaxTraceToTree)
    tree.events = kernels
    JaxTraceToTree._categorize_gpu_kernel_ops(tree)
    analyzer = object.__new__(JaxTreePerfAnalyzer)
    analyzer.jax_op_to_perf_model_class_map = op_map
    analyzer.arch = analyzer.python_path = analyzer.inductor_cache_dir = None
    analyzer.enable_origami = False

    groups = collections.OrderedDict()
    for e in kernels:
        model = JaxTreePerfAnalyzer.get_event_perf_model_name(e)
        row = {"gflops": None, "bytes": None, "error": None, "params": None,
               "input_bytes": None}
        if model != "rest":
            try:
                e["args"].update(JaxTreePerfAnalyzer.get_event_metadata(e))
                m = analyzer.compute_perf_metrics(e, bwd=model.endswith("_bwd"))
                row["gflops"] = m["GFLOPS"]
                row["bytes"] = round(m["Data Moved (MB)"] * 1024 * 1024)
                row["params"] = {k[7:]: str(v) for k, v in m.items() if k.startswith("param: ")}
            except Exception as ex:  # what TraceLens raised, reported as its figure
                row["error"] = f"{type(ex).__name__}: {ex}"
        if e["gpu_kernel_op_cat"] == "Uncategorized Events/XLA":
            details = [{"operands": e.get("metadata", {}).get("operands", [])}]
            df = analyzer.get_df_xla_perf(pd.DataFrame([{"kernel_details": details}]))
            row["input_bytes"] = int(df["total_input_bytes"][0])
        key = (e["pid"], e["args"].get("hlo_op", ""), e["name"])
        g = groups.setdefault(key, dict(
            gpu=e["pid"], hlo_op=key[1], kernel=e["name"], category=e["gpu_kernel_op_cat"],
            perf_model=model, launches=0, time_us=0.0, **row))
        g["launches"] += 1
        g["time_us"] += e["dur"]

    timeline = {}
    gpus = JaxGPUEventAnalyser(timeline_events)
    for pid in sorted(gpus.gpu_pids):  # per GPU index
        df = gpus.get_breakdown_df(gpu_pid=pid, event_filter=JaxAnalyses.default_gpu_event_filter)
        timeline[pid - 1] = {r["type"]: r["time ms"] for _, r in df.iterrows()}
    return {"file": os.path.basename(path),
            "kernels": sorted(groups.values(), key=lambda g: -g["time_us"]),
            "gpu_timeline_ms": timeline}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tracelens", default=os.environ.get("TRACELENS_DIR"),
                    help="directory holding the TraceLens package (or TRACELENS_DIR)")
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    if not args.tracelens or not os.path.isdir(os.path.join(args.tracelens, "TraceLens")):
        print("TraceLens snapshot not given (--tracelens or TRACELENS_DIR)", file=sys.stderr)
        return 77
    sys.path.insert(0, os.path.abspath(args.tracelens))
    logging.disable(logging.WARNING)
    try:
        import pandas as pd
        import google.protobuf  # noqa: F401
        from TraceLens import JaxProfileProcessor, JaxTraceToTree, JaxTreePerfAnalyzer
        from TraceLens.TreePerf.gpu_event_analyser import JaxGPUEventAnalyser
        from TraceLens.TreePerf.jax_analyses import JaxAnalyses
        from TraceLens.PerfModel.jax_op_mapping import jax_op_to_perf_model_class_map
    except ImportError as ex:
        print(f"cannot import TraceLens or its dependencies: {ex}", file=sys.stderr)
        return 77
    tl = (JaxProfileProcessor, JaxTraceToTree, JaxTreePerfAnalyzer, JaxGPUEventAnalyser,
          JaxAnalyses, jax_op_to_perf_model_class_map, pd)
    with tempfile.TemporaryDirectory() as tmp:
        xplane_pb2, hlo_pb2 = compile_schema(tmp)
        out = {"schema": "roofscope.tracelens_jax_reference/1", "files": []}
        status = 0
        for path in args.files:
            try:
                out["files"].append(analyse(path, tl, xplane_pb2, hlo_pb2))
            except Exception as ex:
                print(f"{path}: {type(ex).__name__}: {ex}", file=sys.stderr)
                status = 2
    json.dump(out, sys.stdout, indent=1)
    print()
    return status


if __name__ == "__main__":
    sys.exit(main())
