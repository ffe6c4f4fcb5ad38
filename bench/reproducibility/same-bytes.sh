#!/usr/bin/env bash
# Whether a change to the renderer changed any output: two invoic binaries build the same books
# (every example, the Unicode fixture book, 1,000 generated invoices of bench/pdf and 1,000 mixed
# documents of bench/books) and print reminders, statements and copies of the examples; every
# output is then compared byte for byte. A speed-up must print `0 files differ`.
#
#   bench/reproducibility/same-bytes.sh OLD_BINARY NEW_BINARY
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY" >&2; exit 2; }
old=$(realpath "$1"); new=$(realpath "$2")
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift build -c release --static-swift-stdlib --scratch-path .build-bench --product InvoicPDFBench >/dev/null
.build-bench/release/InvoicPDFBench generate "$work/books/bench1000" 1000 >/dev/null
python3 bench/books/generate.py "$work/books/gen1000" 1000 >/dev/null

outputs() { # binary, folder
    local bin=$1 out=$2
    for book in examples/* Tests/Fixtures/books/unicode "$work/books/bench1000" "$work/books/gen1000"; do
        "$bin" build -C "$book" --out "$out/$(basename "$book")" --today 2026-11-21 --quiet --no-history -j 2
    done
    for book in examples/*; do
        name=$(basename "$book")
        "$bin" remind -C "$book" --today 2027-06-01 -o "$out/remind-$name" >/dev/null 2>&1 || true
        for client in "$book"/clients/*.yaml; do
            "$bin" statement "$(basename "$client" .yaml)" -C "$book" --today 2027-06-01 -o "$out/statement-$name" >/dev/null 2>&1 || true
        done
        "$bin" pdf -C "$book" --copy --today 2027-06-01 -o "$out/copy-$name" \
            $(cd "$book" && find invoices credit-notes -name '*.yaml' 2>/dev/null | sort) >/dev/null
    done
}
outputs "$old" "$work/old"
outputs "$new" "$work/new"
echo "$(find "$work/new" -name '*.pdf' | wc -l) PDFs and $(find "$work/new" -type f | wc -l) files compared"
differ=$(diff -rq "$work/old" "$work/new" | tee /dev/stderr | wc -l)
echo "$differ files differ"
[ "$differ" -eq 0 ]
