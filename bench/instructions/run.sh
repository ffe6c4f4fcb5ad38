#!/usr/bin/env bash
# Instructions executed, counted by valgrind's callgrind: a measure that does not drift with the
# machine's load (the wall clock of this shared 2-core machine moves by tens of percent within a
# day, so small gains are found and kept by this count; the README's timings come from the other
# scripts). For each binary: a full build of a generated book on one thread, then `invoic pdf`
# of a one-invoice book (what one process of bench/typst costs).
#
#   bench/instructions/run.sh [COUNT] [BINARY...]    default 200 documents, the release build
#
# Build a binary as `make` does (swift build -c release --static-swift-stdlib --product invoic).
# valgrind cannot read the debug information of Swift's static binaries, so each binary is run
# from a copy without it (`strip --strip-debug`; the symbols stay, for callgrind_annotate).
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-200}
shift || true
scratch=${SCRATCH:-.build-bench}
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install -y valgrind)" >&2; exit 2; }
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product InvoicPDFBench >/dev/null
if [ $# -eq 0 ]; then
    swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product invoic >/dev/null
    set -- "$scratch/release/invoic"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 bench/books/generate.py "$work/book" "$count" >/dev/null
"$scratch/release/InvoicPDFBench" generate "$work/one" 1 >/dev/null

# instructions BINARY ARGS...: the count callgrind collected.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" 2>&1 >/dev/null |
        awk '/Collected :/ { print $4 }'
}

echo "| binary | full build, $count documents, -j 1 | invoic pdf, one invoice |"
echo "|---|---|---|"
for binary in "$@"; do
    strip --strip-debug -o "$work/invoic" "$binary"
    rm -rf "$work/out"
    build=$(instructions "$work/invoic" build -C "$work/book" --out "$work/out" --today 2026-11-21 --quiet -j 1)
    one=$(instructions "$work/invoic" pdf -C "$work/one" -o "$work/one/out" invoices/INV-0001.yaml)
    awk -v b="$binary" -v build="$build" -v one="$one" 'BEGIN { printf "| %s | %.1f M | %.1f M |\n", b, build / 1e6, one / 1e6 }'
done
