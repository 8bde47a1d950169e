#!/usr/bin/env python3
"""The GPU probe's side-by-side reference (DESIGN.md: the probe must reach >= 90 % of it).

Times the same work through PyTorch on the same GPU: 8192^3 GEMMs through cuBLAS in tf32, fp16,
bf16, int8 (torch._int_mm) and fp8 (torch._scaled_mm), and a 1 GiB device-to-device copy
(bytes read + written), on random data. GEMMs are timed as the probe times them, sustained
(median of 20 samples of 5 back-to-back calls, so power and clocks settle as in a training
step), and also as single calls ("burst/...", which a cold, unthrottled GPU runs faster).
Then prints each roofscope-probe ceiling from PROBE_JSON against it.

    python3 gpu/cuda/reference_check.py PROBE_JSON [OUT_JSON]

Run on a machine with a GPU and PyTorch (the lent H200 has both); not part of CTest.
"""
import json
import sys

import torch

try:  # the clock each reference ran at, as the probe records its own (nvidia-ml-py)
    import pynvml

    pynvml.nvmlInit()
    _NVML = pynvml.nvmlDeviceGetHandleByIndex(torch.cuda.current_device())
except Exception:  # no NVML binding: clocks are left out
    _NVML = None

CLOCKS = {}


def sm_clock_mhz():
    if _NVML is None:
        return None
    try:
        return pynvml.nvmlDeviceGetClockInfo(_NVML, pynvml.NVML_CLOCK_SM)
    except Exception:
        return None


def timed(fn, reps=20, warm=5, batch=1):
    """Median seconds per call over `reps` samples of `batch` back-to-back calls."""
    for _ in range(warm):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        stop = torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(batch):
            fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) / 1e3 / batch)
    timed.last_clock = sm_clock_mhz()
    times.sort()
    return times[len(times) // 2]


def references():
    n = 8192
    flop = 2.0 * n * n * n
    out = {}
    torch.backends.cuda.matmul.allow_tf32 = True
    for key, dtype in (("tf32", torch.float32), ("fp16", torch.float16), ("bf16", torch.bfloat16)):
        a = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
        b = torch.rand(n, n, device="cuda", dtype=dtype) * 2 - 1
        out["compute/" + key + "/tensor"] = flop / timed(lambda: a @ b, batch=5)
        CLOCKS["compute/" + key + "/tensor"] = timed.last_clock
        out["burst/" + key + "/tensor"] = flop / timed(lambda: a @ b)
        CLOCKS["burst/" + key + "/tensor"] = timed.last_clock
    a8 = torch.randint(-127, 127, (n, n), device="cuda", dtype=torch.int8)
    b8 = torch.randint(-127, 127, (n, n), device="cuda", dtype=torch.int8)
    try:
        out["compute/int8/tensor"] = flop / timed(lambda: torch._int_mm(a8, b8))
        CLOCKS["compute/int8/tensor"] = timed.last_clock
    except Exception as error:  # an older PyTorch: no reference, say why
        print("int8 reference unavailable:", error)
    try:
        fa = (torch.rand(n, n, device="cuda") * 2 - 1).to(torch.float8_e4m3fn)
        fb = (torch.rand(n, n, device="cuda") * 2 - 1).to(torch.float8_e4m3fn).t()
        one = torch.tensor(1.0, device="cuda")
        out["compute/fp8/tensor"] = flop / timed(
            lambda: torch._scaled_mm(fa, fb, scale_a=one, scale_b=one, out_dtype=torch.bfloat16),
            batch=5)
        CLOCKS["compute/fp8/tensor"] = timed.last_clock
    except Exception as error:
        print("fp8 reference unavailable:", error)
    src = torch.rand(1 << 28, device="cuda")  # 1 GiB of fp32
    dst = torch.empty_like(src)
    out["memory/dram"] = 2.0 * src.numel() * 4 / timed(lambda: dst.copy_(src))
    CLOCKS["memory/dram"] = timed.last_clock
    return out


def probe_ceilings(path):
    with open(path) as f:
        doc = json.load(f)
    out, clocks = {}, {}
    for device in doc["devices"]:
        if device.get("kind") != "gpu":
            continue
        for c in device["compute"]:
            key = "compute/%s/%s" % (c["precision"], c["unit"])
            out[key] = c["flops_per_s"]
            clocks[key] = c.get("provenance", {}).get("clock_mhz")
        for m in device["memory"]:
            key = "memory/" + m["level"]
            out[key] = m["bytes_per_s"]
            clocks[key] = m.get("provenance", {}).get("clock_mhz")
        for link in device.get("links", []):
            key = "link/" + link["link"]
            out[key] = link["bytes_per_s"]
            clocks[key] = link.get("provenance", {}).get("clock_mhz")
    return out, clocks


def mhz(value):
    return "%d MHz" % value if value else "-"


def main():
    probe, probe_clocks = probe_ceilings(sys.argv[1])
    ref = references()
    print("%-22s %14s %9s %14s %9s %8s" % ("ceiling", "roofscope", "clock", "pytorch", "clock",
                                          "ratio"))
    for key, value in sorted(ref.items()):
        mine_key = key.replace("burst/", "compute/")
        mine = probe.get(mine_key)
        ratio = "%.1f %%" % (100 * mine / value) if mine else "-"
        print("%-22s %14.4g %9s %14.4g %9s %8s" % (key, mine or 0, mhz(probe_clocks.get(mine_key)),
                                                  value, mhz(CLOCKS.get(key)), ratio))
    print("probe ceilings without a PyTorch reference:")
    for key, value in sorted(probe.items()):
        if key not in ref:
            print("%-22s %14.4g %9s" % (key, value, mhz(probe_clocks.get(key))))
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w") as f:
            json.dump({"reference": ref, "reference_clock_mhz": CLOCKS, "probe": probe,
                       "probe_clock_mhz": probe_clocks}, f, indent=2)


if __name__ == "__main__":
    main()
