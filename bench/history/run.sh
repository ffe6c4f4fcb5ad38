#!/usr/bin/env bash
# Times `invoic check --history` on a generated book with a history of 5,000 commits over 10,000
# invoices (each drafted, sent and paid in three commits), beside `invoic check` alone, the
# pre-commit hook's `--staged` check, a check that finds a changed issued invoice, and `invoic log`.
# Usage: bench/history/run.sh [COMMITS [DOCUMENTS [flat|yearly]]]; INVOIC=path skips building the
# release binary. `flat` (default) keeps all invoices in one folder, the worst case for git's tree diffs.
# Results go to standard output as a Markdown table.
set -euo pipefail
cd "$(dirname "$0")/../.."
commits=${1:-5000}
documents=${2:-10000}
layout=${3:-flat}
if [ -z "${INVOIC:-}" ]; then
    swift build -c release --static-swift-stdlib --product invoic >/dev/null
    INVOIC=$PWD/.build/release/invoic
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
book=$work/book

measure() { # expected status, label, command...: prints "| label | seconds | peak MB |"
    local expected=$1 label=$2; shift 2
    local status=0
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" >"$work/out" 2>"$work/err" || status=$?
    if [ "$status" != "$expected" ]; then echo "$label: exit $status, expected $expected" >&2; cat "$work/err" >&2; exit 1; fi
    read -r seconds kilobytes < <(tail -n 1 "$work/time")
    printf '| %s | %s s | %d MB |\n' "$label" "$seconds" $((kilobytes / 1024))
}

mkdir -p "$book"
git -C "$book" init --quiet --initial-branch=main
start=$(date +%s.%N)
python3 bench/history/generate.py "$commits" "$documents" "$layout" | git -C "$book" fast-import --quiet
git -C "$book" checkout --quiet --force main
generated=$(echo "$(date +%s.%N) - $start" | bc)

echo "invoic $("$INVOIC" --version), $(nproc) cores, $(date -u +%Y-%m-%d), git $(git --version | cut -d' ' -f3)"
echo "history: $(git -C "$book" rev-list --count HEAD) commits, $(find "$book/invoices" -name '*.yaml' | wc -l) invoices ($layout folder)," \
     "$(git -C "$book" count-objects -v | awk '/^in-pack/ {print $2}') objects; generated with git fast-import in $(printf '%.1f' "$generated") s"
echo
echo "| step | time | peak memory |"
echo "|---|---|---|"
measure 0 "check (no history)" "$INVOIC" check -C "$book" --today 2026-11-21
measure 0 "check --history" "$INVOIC" check -C "$book" --history --today 2026-11-21
measure 0 "check --history --staged (the pre-commit hook)" "$INVOIC" check -C "$book" --history --staged --today 2026-11-21
changed=$(find "$book/invoices" -name INV-00042.yaml)
sed -i 's/price: 95.00/price: 99.00/' "$changed"
measure 1 "check --history, one issued invoice changed" "$INVOIC" check -C "$book" --history --today 2026-11-21
grep -q "issued-invoice-changed" "$work/err" || { echo "the change was not found" >&2; exit 1; }
git -C "$book" checkout --quiet -- "$changed"
middle=INV-$(printf '%05d' $((documents / 2)))
measure 0 "log $middle" "$INVOIC" log "$middle" -C "$book" --today 2026-11-21
