#!/usr/bin/env bash
# invoic next to typst (PyPI's typst, in a venv under .build) on the same one-page invoice:
# N invoices rendered in one process by each (invoic's PDFRenderer through bench/pdf's
# InvoicPDFBench; one typst Compiler), then one invoice per process (`invoic pdf` against a
# Python process that imports typst and compiles once). Same texts, same font (JetBrains Mono).
#
#   bench/typst/run.sh [N]    default 200
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-200}
scratch=${SCRATCH:-.build-bench}
venv=.build/typst-venv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import typst" 2>/dev/null || {
    python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check typst; }
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product InvoicPDFBench >/dev/null
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product invoic >/dev/null
bench="$scratch/release/InvoicPDFBench"
invoic="$scratch/release/invoic"
book="$work/book"
"$bench" generate "$book" "$count"

# The invoices' data for typst, computed as the book says (line = quantity x price, tax 10.25 %).
python3 - "$book" "$work/invoices.json" <<'PY'
import glob, json, os, sys
from decimal import Decimal, ROUND_HALF_UP
cent = Decimal("0.01")
money = lambda d: "${:,.2f}".format(d)
out = []
for path in sorted(glob.glob(sys.argv[1] + "/invoices/*.yaml")):
    lines, item = [], None
    for raw in open(path):
        key, _, value = raw.strip().lstrip("- ").partition(": ")
        if raw.startswith("  - description:"):
            item = {"description": value}
            lines.append(item)
        elif item is not None and key in ("quantity", "price"):
            item[key] = value
    subtotal = Decimal(0)
    for line in lines:
        amount = (Decimal(line["quantity"]) * Decimal(line["price"])).quantize(cent, ROUND_HALF_UP)
        subtotal += amount
        line["amount"], line["price"] = money(amount), money(Decimal(line["price"]))
    tax = (subtotal * Decimal("0.1025")).quantize(cent, ROUND_HALF_UP)
    out.append({"number": os.path.basename(path)[:-5], "client": "Acme Corporation", "lines": lines,
                "subtotal": money(subtotal), "tax": money(tax), "total": money(subtotal + tax)})
json.dump(out, open(sys.argv[2], "w"))
PY

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(date -u +%Y-%m-%d); typst $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("typst"))')"
for run in 1 2 3; do "$bench" invoic "$book" | sed 's/^/invoic batch: /'; done
for run in 1 2 3; do "$venv/bin/python" bench/typst/run.py "$count" "$work/invoices.json" /usr/share/fonts/truetype/jetbrains-mono; done

median() { sort -n | sed -n "$(( ($1 + 1) / 2 ))p"; }
one() { # label, command...: the median of 11 whole-process runs, in ms
    local label=$1; shift
    for run in $(seq 11); do
        local start=$(date +%s%N); "$@" >/dev/null; echo $(( ($(date +%s%N) - start) / 1000000 ))
    done | median 11 | sed "s/^/$label, one invoice per process: /;s/$/ ms (median of 11)/"
}
"$bench" generate "$work/one" 1 >/dev/null
one "invoic pdf" "$invoic" pdf -C "$work/one" -o "$work/one/out" invoices/INV-0001.yaml
python3 -c "import json; json.dump(json.load(open('$work/invoices.json'))[:1], open('$work/one.json', 'w'))"
one "typst (python -c)" "$venv/bin/python" bench/typst/run.py 1 "$work/one.json" /usr/share/fonts/truetype/jetbrains-mono
