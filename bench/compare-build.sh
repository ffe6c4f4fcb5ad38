#!/usr/bin/env bash
# Two invoic binaries side by side on one generated book, in one run: issue 28 asks for a
# 10,000-document full build 3x faster than before invoic's own PDF writer (the binary of
# 18e3a1c^), with peak memory no higher, "on the same machine". The machine is shared and its
# speed drifts by tens of percent within a day, so figures of different runs do not compare;
# this script alternates the two binaries round by round (which one goes first swaps every
# round) and prints the load average before each run, so that a ratio is only ever taken between
# neighbours in time.
#
#   bench/compare-build.sh OLD_BINARY NEW_BINARY [COUNT] [ROUNDS]     default 10000 documents, 3 rounds
#
# Build each binary as `make` does (swift build -c release --static-swift-stdlib --product invoic).
# Every full build goes into its own fresh folder (--out), so none is incremental; the PDFs and
# files each wrote are counted and the two binaries' lists of outputs compared, so that a faster
# build that wrote less is seen. Results: a Markdown table on standard output.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 OLD_BINARY NEW_BINARY [COUNT] [ROUNDS]" >&2
    exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
count=${3:-10000}
rounds=${4:-3}
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

book="$work/book"
python3 bench/books/generate.py "$book" "$count"

load() { cut -d' ' -f1-3 /proc/loadavg; }

# run KIND LABEL ROUND COMMAND...: one timed run, appended to $work/runs as
# "kind label round load1 load5 load15 wall user sys kilobytes".
run() {
    local kind=$1 label=$2 round=$3; shift 3
    local before; before=$(load)
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" >"$work/said-$kind-$label" 2>"$work/err" || {
        echo "$kind with $label failed:" >&2; cat "$work/err" >&2; exit 1; }
    cat "$work/err" >> "$work/said-$kind-$label"
    echo "$kind $label $round $before $(cat "$work/time")" >> "$work/runs"
}

# build LABEL BINARY ROUND: a full build into a fresh folder, then what it wrote, counted.
build() {
    local label=$1 binary=$2 round=$3 out="$work/out-$1-$3"
    run build "$label" "$round" "$binary" build -C "$book" --out "$out" --today 2026-11-21 --quiet
    (cd "$out" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) > "$work/files-$label-$round"
    local pdfs files bytes
    pdfs=$(grep -c '\.pdf$' "$work/files-$label-$round" || true)
    files=$(wc -l < "$work/files-$label-$round")
    bytes=$(du -sb "$out" | cut -f1)
    echo "$label $round $pdfs $files $bytes" >> "$work/outputs"
    rm -rf "$out"
}

: > "$work/runs"; : > "$work/outputs"
for round in $(seq 1 "$rounds"); do
    # Odd rounds old first, even rounds new first: drift within a round favours neither.
    if [ $((round % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
    for label in $order; do
        binary=$old; [ "$label" = new ] && binary=$new
        run check "$label" "$round" "$binary" check -C "$book" --today 2026-11-21
    done
    for label in $order; do
        binary=$old; [ "$label" = new ] && binary=$new
        build "$label" "$binary" "$round"
    done
done

echo "old: $old ($("$old" --version)); new: $new ($("$new" --version))"
echo "$(nproc) cores, $(date -u '+%Y-%m-%d %H:%M UTC'), a book of $count documents (bench/books/generate.py), $rounds round(s)"
echo
python3 - "$work" "$count" <<'EOF'
import statistics, sys
work, count = sys.argv[1], int(sys.argv[2])
runs = [line.split() for line in open(f"{work}/runs")]
outputs = {(l, r): (int(p), int(f), int(b)) for l, r, p, f, b in (line.split() for line in open(f"{work}/outputs"))}

print("| round | step | binary | load average before (1/5/15 min) | wall | user+sys CPU | peak memory | PDFs | files | bytes written |")
print("|---|---|---|---|---|---|---|---|---|---|")
table = {}
for kind, label, rnd, l1, l5, l15, wall, user, system, kb in runs:
    cpu = float(user) + float(system)
    table.setdefault((kind, label), []).append((float(wall), cpu, int(kb)))
    pdfs, files, size = outputs.get((label, rnd), ("", "", "")) if kind == "build" else ("", "", "")
    size = f"{size / 1e6:.1f} MB" if size != "" else ""
    print(f"| {rnd} | {'full build' if kind == 'build' else 'check'} | {label} | {l1} {l5} {l15} "
          f"| {float(wall):.2f} s | {cpu:.2f} s | {int(kb) // 1024} MB | {pdfs} | {files} | {size} |")

print()
print("Medians:")
print()
print("| step | old | new | new/old | speed-up (old/new) |")
print("|---|---|---|---|---|")
for kind, name in (("check", "check"), ("build", "full build")):
    o = [statistics.median(x) for x in zip(*table[(kind, "old")])]
    n = [statistics.median(x) for x in zip(*table[(kind, "new")])]
    for i, (what, unit, fmt) in enumerate((("wall", "s", "{:.2f}"), ("user+sys CPU", "s", "{:.2f}"), ("peak memory", "MB", "{:.0f}"))):
        ov, nv = (o[i] / 1024, n[i] / 1024) if i == 2 else (o[i], n[i])
        print(f"| {name}, {what} | {fmt.format(ov)} {unit} | {fmt.format(nv)} {unit} | {nv / ov:.2f} | {ov / nv:.2f}x |")

print()
# Fairness: both must have written a PDF for every document, and the same list of files.
old_files = set(open(f"{work}/files-old-1").read().split())
new_files = set(open(f"{work}/files-new-1").read().split())
counts = sorted({(l, p) for (l, r), (p, f, b) in outputs.items()})
print("PDFs written per build: " + ", ".join(f"{l} {p}" for l, p in counts)
      + f" (the book has {count} documents).")
only_old, only_new = sorted(old_files - new_files), sorted(new_files - old_files)
if not only_old and not only_new:
    print(f"Both wrote the same {len(old_files)} file names.")
else:
    def some(names): return ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    if only_old: print(f"Only the old binary wrote {len(only_old)}: {some(only_old)}.")
    if only_new: print(f"Only the new binary wrote {len(only_new)}: {some(only_new)}.")
said = [open(f"{work}/said-check-{l}", errors="replace").read() for l in ("old", "new")]
print("`check` printed the same with both." if said[0] == said[1] else
      f"`check` printed differently: old {len(said[0].splitlines())} lines, new {len(said[1].splitlines())} lines.")
EOF
