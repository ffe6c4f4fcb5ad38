#!/usr/bin/env bash
# Where the CPU goes, by library, by `perf` (Debian's linux-perf): in N invoices rendered in one
# process (bench/pdf's InvoicPDFBench) and in a full build of a generated book of N documents
# (bench/books/generate.py). Since invoic writes its PDFs itself (issue 28), the shares to
# watch are libdeflate's, HarfBuzz's (shaping and subsetting) and invoic's own.
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

# The libraries with at least 1 % of all samples.
share() {
    perf report -i "$1" --no-children --sort dso 2>/dev/null | awk '/^ +[0-9.]+%/ && $1 + 0 >= 1 { printf "%s %s  ", $2, $1 } END { print "" }'
}

"$scratch/release/InvoicPDFBench" generate "$work/bench" "$count" >/dev/null
perf record -q -e cpu-clock -g -o "$work/batch.data" "$scratch/release/InvoicPDFBench" invoic "$work/bench" >/dev/null 2>&1
echo "$count invoices in one process: $(share "$work/batch.data")"

python3 bench/books/generate.py "$work/book" "$count" >/dev/null
perf record -q -e cpu-clock -g -o "$work/build.data" "$scratch/release/invoic" build -C "$work/book" --today 2026-11-21 --quiet >/dev/null 2>&1
echo "a full build of $count documents: $(share "$work/build.data")"

# One invoice per process (`invoic pdf`, as bench/typst runs it), 20 processes: by library, then
# the shares (with callees) of the start-up's parts: the argument parser, the template (resolving
# and decoding the built-in one), checking the book, rendering.
"$scratch/release/InvoicPDFBench" generate "$work/one" 1 >/dev/null
perf record -q -e cpu-clock -g -o "$work/process.data" -- bash -c \
    "for i in \$(seq 20); do '$scratch/release/invoic' pdf -C '$work/one' -o '$work/one/out' invoices/INV-0001.yaml >/dev/null; done" >/dev/null 2>&1
echo "invoic pdf, one invoice per process: $(share "$work/process.data")"
perf report -i "$work/process.data" --comm invoic --children --sort sym -g none 2>/dev/null | awk '
    /runAndExit/ && !main { main = $1 } /parseAsRoot/ && !args { args = $1 } /TemplateResolverV7resolve/ && !resolve { resolve = $1 }
    /TemplateDecoderV6decode_/ && !decode { decode = $1 } /BookPipelineV5check/ && !check { check = $1 } /PDFRendererC6render_4copy/ && !render { render = $1 }
    END { printf "  of all samples: invoic main %s, argument parsing %s, template %s + %s, check %s (template included), render %s\n", main, args, resolve, decode, check, render }'
