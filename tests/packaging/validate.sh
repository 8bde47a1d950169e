#!/bin/sh
# validate.sh TOOL ARGS...: runs a validator, or exits 77 (CTest's skip) when TOOL is missing.
command -v "$1" >/dev/null 2>&1 || { echo "$1 not installed: skipped" >&2; exit 77; }
exec "$@"
