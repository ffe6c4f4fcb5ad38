#!/usr/bin/env bash
# Issue 38, point 3, in serve: how long the dashboard takes to answer while two PDFs of invoices
# whose note is one unbroken word of SIZE KB (default 250, the most a book's value may hold) are
# being made. Prints each PDF's time and the dashboard's (median of the requests made meanwhile).
# Usage: bench/serve/slow-renders.sh [SIZE_KB]; BIN=path/to/invoic (default: the debug build; `serve`
# runs the invoic-serve beside it, so BIN must be in a build folder that has one).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-$PWD/.build/debug/invoic}
kb=${1:-250}
work=$(mktemp -d)
port=$((20000 + RANDOM % 10000))
mkdir -p "$work/book/clients" "$work/book/invoices"
printf 'business: { name: Bench Studio }\ndefaults: { currency: EUR, locale: en_GB, tax: 20%%, terms: 14 }\n' > "$work/book/invoic.yaml"
printf 'name: Acme Ltd\n' > "$work/book/clients/acme.yaml"
python3 - "$work/book" "$kb" <<'PY'
import sys
book, word = sys.argv[1], "x" * (int(sys.argv[2]) * 1024 - 1)
for n in (1, 2):
    open(f"{book}/invoices/INV-000{n}.yaml", "w").write(
        "client: acme\nissued: 2026-03-01\nitems:\n  - { description: Design, quantity: 2, price: 100.00 }\nnotes: " + word + f"{n}\n")
PY
"$BIN" serve -C "$work/book" --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
url="http://127.0.0.1:$port"
until curl -s -o /dev/null "$url/index.json"; do sleep 0.2; done
python3 - "$url" <<'PY'
import statistics, sys, threading, time, urllib.request
url = sys.argv[1]
def get(path):
    start = time.perf_counter()
    with urllib.request.urlopen(url + path) as response:
        response.read()
    return time.perf_counter() - start
pdfs = {}
def render(number):
    pdfs[number] = get(f"/documents/{number}.pdf")
threads = [threading.Thread(target=render, args=(n,)) for n in ("INV-0001", "INV-0002")]
for thread in threads: thread.start()
time.sleep(0.05)
pages = []
while any(thread.is_alive() for thread in threads):
    pages.append(get("/"))
for thread in threads: thread.join()
print(f"PDFs: {', '.join(f'{k} {v:.2f} s' for k, v in sorted(pdfs.items()))}; dashboard meanwhile: {len(pages)} answered, "
      f"median {statistics.median(pages) * 1000:.0f} ms, slowest {max(pages) * 1000:.0f} ms")
PY
