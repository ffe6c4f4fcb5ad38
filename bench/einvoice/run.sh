#!/usr/bin/env bash
# Times e-invoice export against PDF rendering on a generated book of N invoices (default 1,000):
# `invoic export` in UBL, CII and Peppol BIS for every invoice, next to `invoic build` writing
# every PDF. The book is bench/books/generate.py's, given what e-invoices need (addresses with
# countries, a tax number and legal id, Peppol endpoint ids and buyer references).
# Usage: bench/einvoice/run.sh [COUNT]. Builds the release binary first; prints a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product invoic >/dev/null
BIN=$PWD/.build/release/invoic
count=${1:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
book="$work/book"
python3 bench/books/generate.py "$book" "$count"
python3 - "$book" <<'PY'
import glob, sys
root = sys.argv[1]
path = f"{root}/invoic.yaml"
text = open(path).read().replace("  email: hello@bench.example\n", "  email: hello@bench.example\n"
    "  address: { street: 1 Bench Road, city: Austin, postal_code: \"78702\", country: US }\n"
    "  tax_number: \"12-3456789\"\n  legal_id: \"0060:123456789\"\n  electronic_address: \"0060:123456789\"\n", 1)
open(path, "w").write(text)
for i, client in enumerate(sorted(glob.glob(f"{root}/clients/*.yaml"))):
    with open(client, "a") as f:
        f.write(f"electronic_address: \"0060:{100000000 + i}\"\nbuyer_reference: REF-{i:03d}\n")
PY
numbers=$(cd "$book/invoices" && ls | sed 's/\.yaml$//')

measure() { # label, command...: prints "| label | seconds | peak MB |"
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    read -r seconds kilobytes < "$work/time"
    printf '| %s | %s s | %d MB |\n' "$label" "$seconds" $((kilobytes / 1024))
}

invoices=$(echo "$numbers" | wc -l)
echo "invoic $($BIN --version), $(nproc) cores, $(date -u +%Y-%m-%d), $invoices invoices"
echo
echo "| step | time | peak memory |"
echo "|---|---|---|"
measure "build: every PDF and the report" "$BIN" build -C "$book" --today 2026-11-21 --quiet
for format in ubl cii peppol; do
    # shellcheck disable=SC2086
    measure "export --format $format, every invoice" "$BIN" export -C "$book" --format "$format" -o "$work/$format" $numbers
done
