#!/usr/bin/env bash
# The PDF benchmark: 1,000 single-page invoices rendered in one process through invoic's
# PDFRenderer (pango's layout written as PDF by invoic's own writer), then `invoic pdf` of one
# document as a whole process.
#
#   bench/pdf/run.sh [N]      N invoices (default 1000); needs a release build (built here)
#
# Each mode runs in its own process, so each peak RSS is its own. Pin to one core with
# `taskset -c 0 bench/pdf/run.sh` for the per-core figure.
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-1000}
scratch=${SCRATCH:-.build-bench}
book=$(mktemp -d)/book
trap 'rm -rf "$(dirname "$book")"' EXIT

swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product InvoicPDFBench >/dev/null
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product invoic >/dev/null
bench="$scratch/release/InvoicPDFBench"
invoic="$scratch/release/invoic"

echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(uname -sr); $(date -u +%Y-%m-%d)"
"$bench" generate "$book" "$count"
"$invoic" check -C "$book" >/dev/null
pages=$("$invoic" pdf -C "$book" -o "$book/out" invoices/INV-0001.yaml >/dev/null && pdfinfo "$book/out/INV-0001.pdf" | awk '/^Pages/ {print $2}')
echo "a sample invoice has $pages page(s)"

for run in 1 2 3; do "$bench" invoic "$book"; done

# One document as a whole process: start, check the book, render, write (median of 21 runs).
times=()
for run in $(seq 21); do
    start=$(date +%s%N)
    "$invoic" pdf -C "$book" -o "$book/out" invoices/INV-0001.yaml >/dev/null
    times+=($(( ($(date +%s%N) - start) / 100000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 11p)
printf 'invoic pdf, one document of a %d-invoice book, whole process: %d.%d ms (median of 21)\n' "$count" $((median / 10)) $((median % 10))

small=$(dirname "$book")/small
"$bench" generate "$small" 1
times=()
for run in $(seq 21); do
    start=$(date +%s%N)
    "$invoic" pdf -C "$small" -o "$small/out" invoices/INV-0001.yaml >/dev/null
    times+=($(( ($(date +%s%N) - start) / 100000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 11p)
printf 'invoic pdf, one document of a 1-invoice book, whole process: %d.%d ms (median of 21)\n' $((median / 10)) $((median % 10))
