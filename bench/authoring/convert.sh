#!/usr/bin/env bash
# Times `invoic convert` of a 10-item accepted estimate in a copy of the contractor example: the
# whole command (check the book, write the invoice, check again, rename into place), as a user
# runs it. Prints the median of 21 runs. Usage: bench/authoring/convert.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --static-swift-stdlib --product invoic >/dev/null 2>&1
BIN=$PWD/.build/release/invoic
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r examples/contractor "$work/book"
{
    printf 'client: chen\nissued: 2026-11-19\naccepted: 2026-11-20\nitems:\n'
    for i in $(seq 1 10); do printf '  - description: Item %d\n    quantity: %d.5\n    unit: h\n    price: %d.25\n' "$i" "$i" $((10 * i)); done
} > "$work/book/estimates/EST-0008.yaml"
"$BIN" check -C "$work/book" --diagnostics-format gnu
times=()
for _ in $(seq 1 21); do
    rm -f "$work/book/invoices/INV-0013.yaml"
    start=$(date +%s%N)
    "$BIN" convert EST-0008 -C "$work/book" --issued 2026-11-21 >/dev/null
    times+=($(( ($(date +%s%N) - start) / 100000 )))
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 11p)
printf 'invoic convert, 10-item estimate, whole process: %d.%d ms (median of 21, %s)\n' $((median / 10)) $((median % 10)) "$(date -u +%Y-%m-%d)"
