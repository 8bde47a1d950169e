#!/usr/bin/env bash
# The CUDA probe's check on a lent GPU machine (x86-64, CUDA libraries in /usr/local/cuda/lib64,
# no Qt): runs a roofscope-probe built elsewhere and carried here, quick then normal size, on
# GPU 0, and keeps its ceilings files and JSON-lines streams in $OUT.
#
#   gpu/cuda/device_check.sh [PROBE]     PROBE defaults to build/gpu/roofscope-probe
#
# No `set -e`: a failed or timed-out run still lets the later steps run and report. Never
# changes clocks or any other GPU setting.
set -u
probe=${1:-build/gpu/roofscope-probe}
out=${OUT:-/tmp/roofscope-device-check}
mkdir -p "$out"
export LD_LIBRARY_PATH="/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

smi() {
    local fields=index,name,driver_version,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem
    fields+=,power.draw,power.limit,temperature.gpu,memory.used
    nvidia-smi --query-gpu="$fields" --format=csv 2>&1
}

main() {
    echo "== machine: $(uname -m), $(hostname), $(date -u +%FT%TZ)"
    smi
    nvidia-smi -q 2>/dev/null |
        grep -E "Product Name|Driver Version|CUDA Version|Persistence Mode|Compute Mode" | sort -u

    echo "== probe: $probe"
    if [ ! -x "$probe" ]; then
        echo "no executable at $probe"
        exit 2
    fi

    # A library the binary needs that the loader cannot find (NCCL or cuBLAS when the image keeps
    # them only in Python wheels): look in site-packages (nvidia/*/lib) and add what is found.
    missing=$(ldd "$probe" 2>&1 | awk '/not found/ {print $1}')
    if [ -n "$missing" ]; then
        echo "missing libraries: $missing"
        read -ra sites <<<"$(python3 -c 'import site; print(*site.getsitepackages())' 2>/dev/null)"
        for lib in $missing; do
            found=$(find "${sites[@]}" /usr/lib /usr/local -name "$lib" -print -quit 2>/dev/null)
            if [ -n "$found" ]; then
                echo "  $lib -> $found"
                LD_LIBRARY_PATH="$(dirname "$found"):$LD_LIBRARY_PATH"
            fi
        done
        export LD_LIBRARY_PATH
    fi
    if ldd "$probe" 2>&1 | grep -q "not found"; then
        echo "the probe cannot start here (a library or symbol version is missing); ldd $probe:"
        ldd "$probe" 2>&1
    fi

    # One probe run: NAME SECONDS ARGS...; the JSON-lines stream goes to NAME.jsonl, the ceilings
    # to NAME.json, stderr to NAME.stderr. Prints every non-progress line, cut to 300 characters.
    run() {
        local name=$1 limit=$2
        shift 2
        echo "== roofscope-probe $* -o $out/$name.json (timeout ${limit}s)"
        local start=$SECONDS
        timeout -k 10 "$limit" "$probe" "$@" -o "$out/$name.json" \
            >"$out/$name.jsonl" 2>"$out/$name.stderr"
        local rc=$?
        local how=finished
        [ $rc -eq 124 ] && how="timed out"
        echo "-- rc=$rc after $((SECONDS - start)) s ($how)"
        grep -v '"event":"progress"' "$out/$name.jsonl" | cut -c1-300
        if [ -s "$out/$name.stderr" ]; then
            echo "-- stderr (last 20 lines)"
            tail -n 20 "$out/$name.stderr"
        fi
        smi
    }

    run h200-quick 180 --gpu 0 --quick
    run h200 360 --gpu 0

    echo "== files in $out"
    ls -l "$out"
}

# The log is written through a pipe, not `exec > >(tee)`, so that it is complete on return.
main "$@" 2>&1 | tee "$out/device_check.log"
exit "${PIPESTATUS[0]}"
