#!/usr/bin/env bash
# Builds the libFuzzer targets: each module the targets need is compiled straight from
# Sources/ with `swiftc -sanitize=fuzzer,address` (SwiftPM cannot build fuzzers), then each
# Fuzz/Targets/<name>.swift is linked against them with libFuzzer's main.
#
#   Fuzz/build.sh [yaml|document|template|render|statement ...]    (default: all)
#
# Output: .build-fuzz/bin/fuzz-<name>. The book the `document` target checks against is in
# Fuzz/book; the templates target needs the PDF module (cairo, pango, librsvg, the pinned fonts).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
OUT=${FUZZ_BUILD:-$ROOT/.build-fuzz}
mkdir -p "$OUT/modules" "$OUT/bin"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(yaml document template render statement)

# -enable-testing: the targets reach internal entry points with `@testable import`.
FLAGS=(-sanitize=fuzzer,address -use-ld=lld -O -g -enable-testing -parse-as-library -swift-version 6 -I "$OUT/modules")
# The C modules (Sources/C*/module.modulemap): their folders, pkg-config's include paths for them
# (without -pthread), and the libraries their module maps link.
C_LINKS=()
for map in "$ROOT"/Sources/C*/module.modulemap; do
    [ -f "$map" ] || continue
    FLAGS+=(-I "$(dirname "$map")")
    for lib in $(sed -n 's/^ *link "\(.*\)".*/\1/p' "$map"); do C_LINKS+=(-l"$lib"); done
done
# C targets with a module map of their own (Sources/C*/include/module.modulemap: COpenSSL, which
# opens libcrypto with dlopen): their headers' folder, and their C files compiled once here and
# linked into every target.
C_OBJECTS=()
for map in "$ROOT"/Sources/C*/include/module.modulemap; do
    [ -f "$map" ] || continue
    FLAGS+=(-I "$(dirname "$map")")
    mkdir -p "$OUT/c"
    for source in "$(dirname "$(dirname "$map")")"/*.c; do
        object="$OUT/c/$(basename "$(dirname "$(dirname "$map")")")-$(basename "$source" .c).o"
        [ "$object" -nt "$source" ] || "$(dirname "$SWIFTC")/clang" -c -O1 -g -fPIC -I "$(dirname "$map")" -o "$object" "$source"
        C_OBJECTS+=("$object")
    done
done
for package in yaml-0.1 pangocairo librsvg-2.0; do
    for flag in $(pkg-config --cflags-only-I "$package" 2>/dev/null); do FLAGS+=(-Xcc "$flag"); done
done

# module NAME: compiles Sources/NAME/**/*.swift into $OUT/modules/libNAME.a + NAME.swiftmodule,
# again only when one of its files changed or a module it comes after (its dependencies) is newer.
rebuilt=0
compiled=()
module() {
    local name=$1
    local files
    mapfile -t files < <(find "$ROOT/Sources/$name" -name '*.swift' | sort)
    local stamp="$OUT/modules/$name.stamp"
    local stale=$rebuilt dependency
    [ -f "$stamp" ] || stale=1
    [ $stale -eq 0 ] && [ -n "$(find "$ROOT/Sources/$name" -name '*.swift' -newer "$stamp")" ] && stale=1
    for dependency in "${compiled[@]}"; do
        [ "$OUT/modules/$dependency.stamp" -nt "$stamp" ] && stale=1
    done
    compiled+=("$name")
    [ $stale -eq 0 ] && return
    echo "fuzz: compiling $name (${#files[@]} files)"
    "$SWIFTC" "${FLAGS[@]}" -module-name "$name" -wmo -emit-library -static \
        -emit-module -emit-module-path "$OUT/modules/$name.swiftmodule" \
        -o "$OUT/modules/lib$name.a" "${files[@]}"
    touch "$stamp"
    rebuilt=1
}

# target NAME MODULE...: links Fuzz/Targets/NAME.swift with the modules and libFuzzer.
target() {
    local name=$1; shift
    local libs=() m
    rebuilt=0
    compiled=()
    for m in "$@"; do module "$m"; libs+=(-l"$m"); done
    echo "fuzz: linking fuzz-$name"
    local links=(-lyaml)
    [ "$name" = template ] || [ "$name" = render ] && links=("${C_LINKS[@]}")
    [ "$name" = statement ] && links=(-lyaml -lexpat)
    "$SWIFTC" "${FLAGS[@]}" -module-name "Fuzz_$name" -L "$OUT/modules" "${libs[@]}" "${links[@]}" "${C_OBJECTS[@]}" \
        -o "$OUT/bin/fuzz-$name" "$ROOT/Fuzz/Targets/$name.swift" 2>&1 | { grep -v "Cannot export local symbol" || true; }
    return "${PIPESTATUS[0]}"
}

for t in "${targets[@]}"; do
    case $t in
        yaml) target yaml InvoicDiagnostics InvoicYAML ;;
        document) target document InvoicDiagnostics InvoicYAML InvoicMoney InvoicBook ;;
        # InvoicPDF renders a received document's InvoiceModel (InvoicEInvoice, which reads InvoicReport's words).
        template) target template InvoicDiagnostics InvoicYAML InvoicMoney InvoicBook InvoicHistory InvoicAuthoring InvoicReport InvoicEInvoice InvoicPDF ;;
        render) target render InvoicDiagnostics InvoicYAML InvoicMoney InvoicBook InvoicHistory InvoicAuthoring InvoicReport InvoicEInvoice InvoicPDF ;;
        statement) target statement InvoicDiagnostics InvoicYAML InvoicMoney InvoicBook InvoicBank ;;
        *) echo "unknown fuzz target $t (yaml, document, template, render, statement)" >&2; exit 2 ;;
    esac
done
