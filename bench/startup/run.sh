#!/usr/bin/env bash
# How long a whole invoic process takes to start and do little: `invoic --version` and
# `invoic check` of the studio example (median of 41 each, release build), and how much of the
# start the dynamic loader takes (perf, when installed). Guards against a library linked into
# every command that only one command needs (libcurl was 10 ms; docs/decisions.md).
# Usage: bench/startup/run.sh; prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product invoic >/dev/null
BIN=$PWD/.build/release/invoic
python3 - "$BIN" <<'PY'
import statistics, subprocess, sys, time
binary = sys.argv[1]
def median(command, runs=41):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)
print("| process | median |")
print("|---|---|")
print(f"| `invoic --version` | {median([binary, '--version']):.1f} ms |")
print(f"| `invoic check -C examples/studio` | {median([binary, 'check', '-C', 'examples/studio', '--today', '2026-11-21']):.1f} ms |")
PY
echo "linked libraries: $(ldd "$BIN" | wc -l); binary: $(( $(stat -c %s "$BIN") / 1048576 )) MB"
if command -v perf >/dev/null; then
    perf record -q -o /tmp/invoic-startup.perf -F 20000 "$BIN" --version >/dev/null 2>&1 || true
    share=$(perf report -i /tmp/invoic-startup.perf --no-children --sort dso 2>/dev/null | grep -m1 "ld-linux" | awk '{print $1}')
    echo "dynamic loader's share of \`invoic --version\`: ${share:-unknown}"
    rm -f /tmp/invoic-startup.perf
fi
