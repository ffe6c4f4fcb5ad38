#!/usr/bin/env bash
# Builds one book from scratch many times with -j 2 and compares every output with the first
# build's, byte for byte. Prints each build that differs and a count at the end.
# Usage: bench/reproducibility/repeat-builds.sh [BUILDS=1500] [BOOK=examples/studio]
# (docs/decisions.md: before each thread had its own fonts, about 1 build in 300 differed.)
set -euo pipefail
cd "$(dirname "$0")/../.."
builds=${1:-1500}
book=${2:-examples/studio}
swift build -c release --static-swift-stdlib --product invoic >/dev/null
BIN=$PWD/.build/release/invoic
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$book" "$work/book"
rm -rf "$work/book/build"
"$BIN" build -C "$work/book" --today 2026-11-21 --quiet -j 2
cp -r "$work/book/build" "$work/first"
differing=0
for run in $(seq "$builds"); do
    rm -rf "$work/book/build"
    "$BIN" build -C "$work/book" --today 2026-11-21 --quiet -j 2
    if ! diff -rq "$work/first" "$work/book/build" >/dev/null; then
        differing=$((differing + 1))
        echo "build $run differs:"; diff -rq "$work/first" "$work/book/build" | sed 's/^/  /' || true
    fi
done
echo "$differing of $builds builds of $book differed from the first"
