#!/usr/bin/env bash
# Starts several builds of one fresh copy of a book at once, round after round, and counts the
# builds that failed. Every build must finish (they take turns on the folder's lock).
# Usage: bench/reproducibility/concurrent-builds.sh [ROUNDS=20] [AT_ONCE=6] [BOOK=examples/studio]
# (The race fixed in b7f057c failed about one round in two with six at once.)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-20}
at_once=${2:-6}
book=${3:-examples/studio}
swift build -c release --static-swift-stdlib --product invoic >/dev/null
BIN=$PWD/.build/release/invoic
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
for round in $(seq "$rounds"); do
    rm -rf "$work/book"; cp -r "$book" "$work/book"; rm -rf "$work/book/build"
    for i in $(seq "$at_once"); do
        "$BIN" build -C "$work/book" --today 2026-11-21 --quiet -j 1 --depfile "$work/book/build/invoic.d" 2>"$work/err$i" &
    done
    for job in $(jobs -p); do
        if ! wait "$job"; then failed=$((failed + 1)); fi
    done
    for i in $(seq "$at_once"); do
        if [ -s "$work/err$i" ]; then echo "round $round: $(cat "$work/err$i")"; fi
    done
done
echo "$failed of $((rounds * at_once)) builds failed ($at_once at once, $rounds rounds)"
