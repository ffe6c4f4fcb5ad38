#!/usr/bin/env bash
# Times `invoic serve` on a generated book of N documents (default 1,000): the dashboard's
# response time (median of 21 requests) and how long an edit takes to show: from a file's write
# to the answer of /changes, the long poll an open page waits on (median of 11 edits).
# Usage: bench/serve/run.sh [COUNT]. Builds the release binary first; prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product invoic >/dev/null
swift build -c release --static-swift-stdlib --product invoic-serve >/dev/null
BIN=$PWD/.build/release/invoic
count=${1:-1000}
work=$(mktemp -d)
port=$((20000 + RANDOM % 10000))
"$BIN" --version >/dev/null
python3 bench/books/generate.py "$work/book" "$count"
"$BIN" serve -C "$work/book" --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
url="http://127.0.0.1:$port"
until curl -s -o /dev/null "$url/index.json"; do sleep 0.2; done
python3 - "$url" "$work/book" <<'PY'
import glob, statistics, sys, time, urllib.request
url, book = sys.argv[1], sys.argv[2]
def get(path):
    with urllib.request.urlopen(url + path) as response:
        return response.read()
times = []
for _ in range(21):
    start = time.perf_counter(); get("/"); times.append((time.perf_counter() - start) * 1000)
dashboard = statistics.median(times)
client = sorted(glob.glob(book + "/clients/*.yaml"))[0]
lags = []
for i in range(11):
    generation = get("/changes?since=0").decode().strip()
    with open(client, "a") as f:
        f.write(f"# edit {i}\n")
    start = time.perf_counter()
    answer = get(f"/changes?since={generation}").decode().strip()
    lags.append((time.perf_counter() - start) * 1000)
    assert answer != generation
edit = statistics.median(lags)
documents = len(glob.glob(book + "/invoices/**/*.yaml", recursive=True)) + len(glob.glob(book + "/estimates/**/*.yaml", recursive=True))
print(f"| documents | dashboard (median of 21) | edit shown (median of 11) |")
print(f"|---|---|---|")
print(f"| {documents} | {dashboard:.0f} ms | {edit:.0f} ms |")
PY
