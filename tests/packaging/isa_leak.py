#!/usr/bin/env python3
"""Fails when a shipped binary has AVX2-era code outside the paths chosen at run time.

The trace parser's AVX2 path (core/import/kineto/kineto_batch_parser_avx2.cpp) is compiled with
-mavx2 -mbmi -mpclmul -mlzcnt -mpopcnt. An inline function or template instance compiled there
and also used elsewhere exists once in the program, and the linker keeps whichever copy it met
first: if that is the AVX2 copy, baseline code calls it and the program dies of an illegal
instruction on a CPU without AVX2, though it chose the baseline path. This reads the disassembly
of each binary and lists every function with a VEX-encoded instruction, a ymm/zmm register or a
BMI/LZCNT/POPCNT/PCLMUL instruction whose name is not one of the dispatched paths.

usage: isa_leak.py BINARY...     exit 0 clean, 1 leaks found, 77 objdump missing
"""
import re
import shutil
import subprocess
import sys

# Code that runs only after a CPU check: the parser's AVX2 path and what is named after its
# types, simdjson's own kernels (header code), the structure scanner's AVX2 classifier, and
# the CPU probe's kernels (their own target attributes and dispatch, gpu/cpu/).
ALLOWED = re.compile(
    r"roofscope::detail::avx2::|simdjson::(haswell|icelake)::|classifyAvx2|scanAvx2"
    r"|roofscope::probe::.*(avx2|avx512|Avx2|Avx512)")
FUNCTION = re.compile(r"^[0-9a-f]+ <(.*)>:$")
LATER_ISA = {"andn", "bextr", "blsi", "blsmsk", "blsr", "bzhi", "lzcnt", "pdep", "pext", "rorx",
             "sarx", "shlx", "shrx", "mulx", "popcnt", "pclmulqdq", "pclmullqlqdq",
             "pclmulhqlqdq", "pclmullqhqdq", "pclmulhqhqdq"}


def later_isa(line):
    fields = line.split("\t")
    if len(fields) < 2:
        return False
    words = fields[-1].split()
    if not words:
        return False
    mnemonic = words[0]
    if mnemonic in ("rep", "repz", "repnz", "lock", "notrack", "bnd") and len(words) > 1:
        mnemonic = words[1]
    if mnemonic in LATER_ISA:
        return True
    # VEX-encoded SSE/AVX (every AVX mnemonic starts with v; verr/verw are 286 instructions).
    if mnemonic.startswith("v") and mnemonic not in ("verr", "verw"):
        return True
    return "%ymm" in line or "%zmm" in line


def leaks(binary):
    out = subprocess.run(["objdump", "-d", "-C", "--no-show-raw-insn", binary],
                         capture_output=True, text=True, check=True).stdout
    found, name, flagged = [], None, False
    for line in out.splitlines():
        m = FUNCTION.match(line)
        if m:
            name, flagged = m.group(1), False
            continue
        if name and not flagged and later_isa(line) and not ALLOWED.search(name):
            found.append(f"{name}: {line.split(chr(9))[-1].strip()}")
            flagged = True
    return found


def main():
    if not shutil.which("objdump"):
        print("objdump not found (binutils): skipped")
        return 77
    bad = 0
    for binary in sys.argv[1:]:
        found = leaks(binary)
        print(f"{binary}: {len(found)} function(s) with AVX2-era code outside the dispatched paths")
        for f in found[:40]:
            print("  " + f)
        bad += len(found)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
