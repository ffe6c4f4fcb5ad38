#!/usr/bin/env bash
# One document of a large book (issue 41 point 10): `invoic pdf N` in a 200-invoice book and the
# same PDF in a one-invoice book, cold (no .invoic/cache/: the whole book is checked and its
# verdict stored) and warm (the verdict read from the cache, only N's files decoded), next to
# typst compiling the same one-page invoice in a process of its own (PyPI's typst, as
# bench/typst/run.sh runs it); the large book also in a git repository of its own with
# `history: true`, as `invoic init` makes it; and `invoic --version`, the floor every command pays
# (exec, the dynamic loader, the Swift runtime's start, exit). Times by hyperfine (Debian's
# `hyperfine`), medians; CPU time and page faults from the kernel's accounting of each run.
#
#   bench/oneshot/run.sh [N]    N invoices in the large book (default 200)
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-200}
scratch=${SCRATCH:-.build}
runs=${RUNS:-40}
venv=.build/typst-venv
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v hyperfine >/dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product invoic >/dev/null
invoic="$PWD/$scratch/release/invoic"

# The book of bench/pdf's `InvoicPDFBench generate` (single-page invoices, ten clients), the one
# the issue's figures were measured on, written here without building the bench tool.
python3 - "$work/large" "$count" <<'PY'
import os, sys
root, count = sys.argv[1], int(sys.argv[2])
os.makedirs(root + "/clients"); os.makedirs(root + "/invoices")
open(root + "/invoic.yaml", "w").write("""business:
  name: Northwind Design Co.
  email: billing@northwind.example
  phone: "+1 206 555 0100"
  address: {street: 410 Terry Ave N, city: Seattle, region: WA, postal_code: "98109", country: US}
payment: {beneficiary: Northwind Design Co., bank: First Bank of Seattle, account: "Checking 000123456789", bic: FBSEUS33}
defaults: {currency: USD, locale: en_US, tax: 10.25%, terms: 30}""")
clients = ["Acme Corporation", "Globex Industries", "Initech LLC", "Umbrella Health", "Stark Logistics",
           "Wayne Foundation", "Tyrell Systems", "Cyberdyne Labs", "Soylent Foods", "Hooli Inc."]
for index, name in enumerate(clients[:min(count, len(clients))]):
    open(f"{root}/clients/c{index}.yaml", "w").write(
        f"name: {name}\nemail: ap@client{index}.example\naddress: {{street: {100 + index} Main St, city: Portland, region: OR, postal_code: \"97201\", country: US}}\n")
work = ["Brand strategy workshop", "Logo design, three concepts", "Website wireframes", "Copywriting, landing page",
        "Photography, half day", "Illustration set", "Print production", "Project management"]
for number in range(1, count + 1):
    text = f"client: c{number % min(count, len(clients))}\nissued: 2026-03-12\nitems:\n"
    for line in range(3 + number % 4):
        text += f"  - description: {work[(number + line) % len(work)]} ({number}-{line})\n"
        text += f"    quantity: {1 + (number + line) % 7}.5\n    unit: h\n    price: {80 + (number * 7 + line * 13) % 120}.00\n"
    open(f"{root}/invoices/INV-{number:04d}.yaml", "w").write(text)
PY
# The one-invoice book: the same invoic.yaml, INV-0001 and its client, so the PDF is the same.
mkdir -p "$work/one/clients" "$work/one/invoices"
cp "$work/large/invoic.yaml" "$work/one/"
cp "$work/large/clients/c1.yaml" "$work/one/clients/"
cp "$work/large/invoices/INV-0001.yaml" "$work/one/invoices/"
# The large book in a git repository of its own with `history: true`, as `invoic init` makes it:
# its verdict is keyed by the repository's state too (HEAD's commit, read from .git).
cp -r "$work/large" "$work/git"
printf '\nhistory: true\n' >> "$work/git/invoic.yaml"
git -C "$work/git" init -q
git -C "$work/git" add -A
git -C "$work/git" -c user.name=Bench -c user.email=bench@example.com commit -qm "the book"
"$invoic" pdf -C "$work/git" -o "$work/e" INV-0001 >/dev/null
"$invoic" pdf -C "$work/git" -o "$work/f" INV-0001 >/dev/null
cmp "$work/e/INV-0001.pdf" "$work/f/INV-0001.pdf" || { echo "the git book's PDFs differ" >&2; exit 1; }
"$invoic" pdf -C "$work/large" -o "$work/a" INV-0001 >/dev/null
"$invoic" pdf -C "$work/large" -o "$work/b" INV-0001 >/dev/null
"$invoic" pdf -C "$work/one" -o "$work/c" INV-0001 >/dev/null
rm -rf "$work/large/.invoic/cache"
"$invoic" pdf -C "$work/large" -o "$work/d" INV-0001 >/dev/null
cmp "$work/a/INV-0001.pdf" "$work/b/INV-0001.pdf" && cmp "$work/a/INV-0001.pdf" "$work/c/INV-0001.pdf" \
    && cmp "$work/a/INV-0001.pdf" "$work/d/INV-0001.pdf" || { echo "the PDFs differ" >&2; exit 1; }

# Each command with its name and what runs before each of its runs (hyperfine takes them in order).
names=() prepares=() commands=()
add() { names+=(-n "$1"); prepares+=(--prepare "$2"); commands+=("$3"); printf '%s\t%s\n' "$1" "$3" >> "$work/commands.tsv"; }
add "pdf, $count-invoice book, cold" "rm -rf $work/large/.invoic/cache" "$invoic pdf -C $work/large -o $work/out INV-0001"
add "pdf, $count-invoice book, warm" "true" "$invoic pdf -C $work/large -o $work/out INV-0001"
add "pdf, $count-invoice book in git, cold" "rm -rf $work/git/.invoic/cache" "$invoic pdf -C $work/git -o $work/out INV-0001"
add "pdf, $count-invoice book in git, warm" "true" "$invoic pdf -C $work/git -o $work/out INV-0001"
add "pdf, one-invoice book, cold" "rm -rf $work/one/.invoic/cache" "$invoic pdf -C $work/one -o $work/out INV-0001"
add "pdf, one-invoice book, warm" "true" "$invoic pdf -C $work/one -o $work/out INV-0001"
# The floor of every command: exec, the dynamic loader, the Swift runtime's start, exit.
add "invoic --version" "true" "$invoic --version"
# typst when PyPI's typst can be had (the venv bench/typst/run.sh makes).
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import typst" 2>/dev/null \
    || { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet --disable-pip-version-check typst; } >/dev/null 2>&1; then
    python3 - "$work/one/invoices/INV-0001.yaml" "$work/one.json" <<'PY'
import json, sys
from decimal import Decimal, ROUND_HALF_UP
cent = Decimal("0.01")
money = lambda d: "${:,.2f}".format(d)
lines, item = [], None
for raw in open(sys.argv[1]):
    key, _, value = raw.strip().lstrip("- ").partition(": ")
    if raw.startswith("  - description:"):
        item = {"description": value}; lines.append(item)
    elif item is not None and key in ("quantity", "price"):
        item[key] = value
subtotal = Decimal(0)
for line in lines:
    amount = (Decimal(line["quantity"]) * Decimal(line["price"])).quantize(cent, ROUND_HALF_UP)
    subtotal += amount
    line["amount"], line["price"] = money(amount), money(Decimal(line["price"]))
tax = (subtotal * Decimal("0.1025")).quantize(cent, ROUND_HALF_UP)
json.dump([{"number": "INV-0001", "client": "Globex Industries", "lines": lines, "subtotal": money(subtotal),
            "tax": money(tax), "total": money(subtotal + tax)}], open(sys.argv[2], "w"))
PY
    add "typst, one invoice per process" "true" "$venv/bin/python bench/typst/run.py 1 $work/one.json /usr/share/fonts/truetype/jetbrains-mono"
    typst="typst $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("typst"))')"
else
    typst="typst: not installable here"
fi

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(date -u '+%Y-%m-%d %H:%M UTC'); invoic $("$invoic" --version); $typst"
hyperfine -N --style none --runs "$runs" --warmup 3 --export-json "$work/times.json" "${names[@]}" "${prepares[@]}" "${commands[@]}" >/dev/null
# CPU time (user + system of the process), which a shared machine moves far less than the wall
# clock: the commands turn about for 21 rounds, the cache removed in Python before a cold run.
python3 - "$work/times.json" "$work" "$invoic" "$venv/bin/python" <<'PY'
import json, os, resource, shutil, statistics, subprocess, sys, time
times, work, invoic, python = sys.argv[1:]
results = {r["command"]: r for r in json.load(open(times))["results"]}  # by name (hyperfine -n)
commands = dict(line.rstrip("\n").split("\t") for line in open(work + "/commands.tsv"))
def usage():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (usage.ru_utime + usage.ru_stime) * 1000, usage.ru_minflt
cpus = {name: [] for name in results}
faults = {name: [] for name in results}
for _ in range(21):
    for name, command in commands.items():
        if "cold" in name:
            arguments = command.split()
            shutil.rmtree(arguments[arguments.index("-C") + 1] + "/.invoic/cache", ignore_errors=True)
        before, faulted = usage()
        subprocess.run(command.split(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        after, faulted_after = usage()
        cpus[name].append(after - before)
        faults[name].append(faulted_after - faulted)
wall = {name: r["median"] * 1000 for name, r in results.items()}
cpu_median = {name: statistics.median(values) for name, values in cpus.items()}
# Page faults (minor: the binary's and the libraries' pages mapped, the heap touched) tell the
# process's own cost apart from the machine's load, which moves the times.
print("| command | wall, median (hyperfine) | wall, mean ± σ | CPU, median of 21 | page faults, median |")
print("|---|---|---|---|---|")
for name, r in results.items():
    print(f"| {name} | {wall[name]:.1f} ms | {r['mean'] * 1000:.1f} ± {r['stddev'] * 1000:.1f} ms | {cpu_median[name]:.1f} ms | {statistics.median(faults[name]):,.0f} |")
one = "pdf, one-invoice book, warm"
typst = "typst, one invoice per process"
for large in (name for name in results if "invoice book" in name and "warm" in name and "one-" not in name):
    for label, figures in (("wall", wall), ("CPU", cpu_median)):
        line = f"{label}: {large} takes {figures[large] / figures[one]:.2f}x the one-invoice book's"
        if typst in figures:
            line += f"; typst takes {figures[typst] / figures[large]:.2f}x it, {figures[typst] / figures[one]:.2f}x the one-invoice book's"
        print(line)
PY
