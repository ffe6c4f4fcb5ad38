#!/usr/bin/env bash
# Issue 38, point 3: how long a PDF takes whose note is one unbroken word of 10 KB, 50 KB and
# 200 KB (the sizes the issue timed: 0.3 s, 2.6 s, 53.7 s before the fix). Two ways in: `invoic
# view -o x.pdf` of a received CII invoice (Tests/Fixtures/received/CII_example1.xml with its
# note replaced) and `invoic pdf` of a book invoice whose `notes:` is the word. Prints a Markdown
# table of wall time and peak memory (GNU time). Usage: bench/pdf/long-word.sh [SIZE_KB ...];
# BIN=path/to/invoic to time another build (default: the debug build).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-$PWD/.build/debug/invoic}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 50 200)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/book/clients" "$work/book/invoices"
printf 'business: { name: Bench Studio }\ndefaults: { currency: EUR, locale: en_GB, tax: 20%%, terms: 14 }\n' > "$work/book/invoic.yaml"
printf 'name: Acme Ltd\n' > "$work/book/clients/acme.yaml"
# `command...` run once: its wall time and its peak resident memory (the child's ru_maxrss).
timed() {
    python3 -c '
import resource, subprocess, sys, time
start = time.monotonic()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"{time.monotonic() - start:.2f} s | {peak / 1024:.0f} MB")' "$@"
}
echo "| size | view -o x.pdf | peak | pdf (book) | peak |"
echo "|---|---|---|---|---|"
for kb in "${sizes[@]}"; do
    python3 - "$work" "$kb" <<'PY'
import re, sys
work, word = sys.argv[1], "x" * (int(sys.argv[2]) * 1024)
text = open("Tests/Fixtures/received/CII_example1.xml", encoding="utf-8").read()
text = re.sub(r"<ram:Content>.*?</ram:Content>", lambda _: "<ram:Content>" + word + "</ram:Content>", text, count=1, flags=re.S)
open(work + "/note.xml", "w", encoding="utf-8").write(text)
open(work + "/book/invoices/INV-0001.yaml", "w", encoding="utf-8").write(
    "client: acme\nissued: 2026-03-01\nitems:\n  - { description: Design, quantity: 2, price: 100.00 }\nnotes: " + word + "\n")
PY
    rm -f "$work/view.pdf" "$work/out/"*
    view=$(timed "$BIN" view "$work/note.xml" -o "$work/view.pdf")
    pdf=$(timed "$BIN" pdf -C "$work/book" -o "$work/out" INV-0001)
    [ -s "$work/view.pdf" ] || view="failed"
    ls "$work/out/"*.pdf >/dev/null 2>&1 || pdf="failed"
    echo "| $kb KB | $view | $pdf |"
done
