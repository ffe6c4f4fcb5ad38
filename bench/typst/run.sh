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
# Each run of one next to a run of the other, so a machine that slows down (a shared VM does)
# slows both alike.
for run in 1 2 3; do
    "$bench" invoic "$book" | sed 's/^/invoic batch: /'
    "$venv/bin/python" bench/typst/run.py "$count" "$work/invoices.json" /usr/share/fonts/truetype/jetbrains-mono
done

"$bench" generate "$work/one" 1 >/dev/null
python3 -c "import json; json.dump(json.load(open('$work/invoices.json'))[:1], open('$work/one.json', 'w'))"
# One invoice per process: 21 rounds, each running invoic pdf then typst; the median of each.
python3 - "$invoic" "$work" "$venv/bin/python" <<'PY'
import statistics, subprocess, sys, time
invoic, work, python = sys.argv[1:]
commands = {
    "invoic pdf": [invoic, "pdf", "-C", work + "/one", "-o", work + "/one/out", "invoices/INV-0001.yaml"],
    "typst (python -c)": [python, "bench/typst/run.py", "1", work + "/one.json", "/usr/share/fonts/truetype/jetbrains-mono"],
}
times = {label: [] for label in commands}
for _ in range(21):
    for label, command in commands.items():
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
        times[label].append((time.perf_counter() - start) * 1000)
for label, values in times.items():
    print(f"{label}, one invoice per process: {statistics.median(values):.1f} ms (median of 21)")
medians = {label: statistics.median(values) for label, values in times.items()}
print(f"invoic faster per process: {medians['typst (python -c)'] / medians['invoic pdf']:.2f}x")
PY
