#!/usr/bin/env bash
# Times invoic on generated books of 1,000 and 10,000 documents: check, a full build, a no-op
# build and a one-file change, with peak memory. Usage: bench/build.sh [COUNT...]
# Builds the release binary first. Results go to standard output as a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product invoic >/dev/null
BIN=$PWD/.build/release/invoic
counts=("${@:-1000 10000}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

measure() { # label, command...: prints "label | seconds | peak MB"
    local label=$1; shift
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; exit 1; }
    read -r seconds kilobytes < "$work/time"
    printf '| %s | %s s | %d MB |\n' "$label" "$seconds" $((kilobytes / 1024))
}

echo "invoic $($BIN --version), $(nproc) cores, $(date -u +%Y-%m-%d)"
echo
echo "| step | time | peak memory |"
echo "|---|---|---|"
for count in ${counts[@]}; do
    book="$work/book-$count"
    python3 bench/books/generate.py "$book" "$count"
    measure "check, $count documents" "$BIN" check -C "$book" --today 2026-11-21
    measure "full build, $count documents" "$BIN" build -C "$book" --today 2026-11-21 --quiet
    measure "no-op build, $count documents" "$BIN" build -C "$book" --today 2026-11-21 --quiet
    sed -i 's/^notes: Thank you for your business./notes: Thank you!/' "$book/invoices/INV-00042.yaml"
    measure "one file changed, $count documents" "$BIN" build -C "$book" --today 2026-11-21 --quiet
done
