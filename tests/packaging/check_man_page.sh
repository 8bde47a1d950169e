#!/bin/sh
# check_man_page.sh PAGE.gz: the generated roofscope(1) formats without a groff warning and holds
# the sections and command help it is made of. Exits 77 (CTest's skip) where man is missing.
set -eu
page=$1
command -v man >/dev/null 2>&1 || { echo "man not installed: skipped" >&2; exit 77; }
warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) || { echo "man failed: $warnings" >&2; exit 1; }
[ -z "$warnings" ] || { echo "groff warnings in $page:" >&2; echo "$warnings" >&2; exit 1; }
text=$(MANWIDTH=200 man -l "$page" 2>/dev/null)
for expected in "NAME" "SYNOPSIS" "COMMANDS" "EXIT STATUS" "Usage: roofscope export INPUT" \
                "Usage: roofscope summarize FILE" "--ceilings, --link-ceiling FILE[@ID]"; do
    printf '%s\n' "$text" | grep -qF -- "$expected" || { echo "no '$expected' in $page" >&2; exit 1; }
done
echo "$page: ok"
