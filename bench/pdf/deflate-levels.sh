#!/usr/bin/env bash
# libdeflate's levels on the streams of one invoic PDF: each stream decompressed by qpdf, then
# compressed at levels 1-9 by a small C program against Debian's libdeflate, 500 times each
# (docs/decisions.md, "Compression level": why page content is written at level 1 and font
# programs at 6).
#
#   bench/pdf/deflate-levels.sh [PDF]    default: an invoice of the studio example, built here
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pdf=${1:-}
if [ -z "$pdf" ]; then
    swift build -c release --static-swift-stdlib --scratch-path "${SCRATCH:-.build-bench}" --product invoic >/dev/null
    "${SCRATCH:-.build-bench}/release/invoic" build -C examples/studio --out "$work/out" --today 2026-11-21 --quiet
    pdf="$work/out/$(ls "$work/out" | grep '^INV-.*\.pdf$' | head -1)"
fi
qpdf --qdf --object-streams=disable --decode-level=all "$pdf" "$work/raw.pdf"
python3 - "$work" <<'PY'
import re, sys
work = sys.argv[1]
data = open(f"{work}/raw.pdf", "rb").read()
streams = sorted(re.findall(rb"stream\r?\n(.*?)\r?\nendstream", data, re.S), key=len, reverse=True)
for index, stream in enumerate(streams[:4]):
    kind = "font" if stream[:4] in (b"\x00\x01\x00\x00", b"OTTO") or b"glyf" in stream[:200] else "content"
    open(f"{work}/{index}-{kind}.bin", "wb").write(stream)
PY
cat > "$work/levels.c" <<'C'
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
int main(int argc, char **argv) {
    for (int a = 1; a < argc; a++) {
        FILE *f = fopen(argv[a], "rb"); fseek(f, 0, SEEK_END); long n = ftell(f); rewind(f);
        char *in = malloc(n), *out = malloc(n + 1024);
        if (fread(in, 1, n, f) != (size_t)n) return 1;
        fclose(f);
        for (int level = 1; level <= 9; level++) {
            struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
            struct timespec t0, t1; size_t size = 0;
            clock_gettime(CLOCK_MONOTONIC, &t0);
            for (int r = 0; r < 500; r++) size = libdeflate_zlib_compress(c, in, n, out, n + 1024);
            clock_gettime(CLOCK_MONOTONIC, &t1);
            printf("| %s | %ld | %d | %zu | %.1f |\n", argv[a], n, level, size,
                   ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / 500 / 1000.0);
            libdeflate_free_compressor(c);
        }
    }
    return 0;
}
C
cc -O2 -o "$work/levels" "$work/levels.c" -ldeflate
echo "| stream | bytes | level | compressed | µs |"
echo "|---|---|---|---|---|"
(cd "$work" && ./levels *.bin)
