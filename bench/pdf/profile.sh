#!/usr/bin/env bash
# What the PDF/UA finishing step (PDFMetadata.finish: artifacts, structure attributes, XMP, link
# annotations' /Contents) costs, as a share of the CPU by `perf` (Debian's linux-perf): in N
# invoices rendered in one process (bench/pdf's InvoicPDFBench) and in a full build of a
# generated book of N documents (bench/books/generate.py).
#
#   bench/pdf/profile.sh [N]      default 1000
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-1000}
scratch=${SCRATCH:-.build-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product InvoicPDFBench >/dev/null
swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product invoic >/dev/null

# The share of all samples taken inside PDFMetadata.finish and what it calls (zlib included).
# (A caller's share, such as PDFRenderer.render's, would read low: cairo's and pango's frames
# have no frame pointers, so their samples do not unwind to it.)
share() {
    perf report -i "$1" --children --sort symbol -g none 2>/dev/null | awk '
        /^ +[0-9.]+%/ && /PDFMetadataO6finish/ { print "PDFMetadata.finish " $1 " of all samples"; exit }'
}

"$scratch/release/InvoicPDFBench" generate "$work/bench" "$count" >/dev/null
perf record -q -e cpu-clock -g -o "$work/batch.data" "$scratch/release/InvoicPDFBench" invoic "$work/bench" >/dev/null 2>&1
echo "$count invoices in one process: $(share "$work/batch.data")"

python3 bench/books/generate.py "$work/book" "$count" >/dev/null
perf record -q -e cpu-clock -g -o "$work/build.data" "$scratch/release/invoic" build -C "$work/book" --today 2026-11-21 --quiet >/dev/null 2>&1
echo "a full build of $count documents: $(share "$work/build.data")"
