#!/usr/bin/env bash
# Writes scripts/link/invoic.order: the functions of invoic that a warm `invoic pdf N` runs, as the
# sections the release link lays out first (Package.swift: every Swift target is compiled with a
# section per function in release, and gold's --section-ordering-file reads this list). The
# functions one PDF needs then sit together in the binary's text instead of across its 24 MB, and
# the kernel maps fewer pages of it at each run (docs/decisions.md, "Speed and memory").
#
#   scripts/link/order.sh      after `make release` (or `swift build -c release --static-swift-stdlib`)
#
# SwiftPM does not see the list as an input of the link: remove the linked binary
# (.build/x86_64-unknown-linux-gnu/release/invoic) and build again to use a new list. It also did
# not recompile existing release objects when the section-per-function flag was added: a release
# build from an empty .build/x86_64-unknown-linux-gnu/release has it, and StartupLibrariesTests
# fails on a release binary whose listed functions are not together.
#
# Needs valgrind (callgrind lists every function a run executes). A function renamed since the
# list was made is only left where the linker puts it by default: a stale list costs speed, never
# correctness. Commit the regenerated list on its own (`regen: scripts/link/invoic.order`).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
release=.build/x86_64-unknown-linux-gnu/release
[ -x "$release/invoic" ] || { echo "no release build in $release (make release)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Valgrind cannot read the binary's DWARF 5; the symbol table is all callgrind needs.
objcopy --strip-debug "$release/invoic" "$work/invoic"
cp -R examples/studio "$work/book"
rm -rf "$work/book/build" "$work/book/.invoic"
# Warm: the first run stores the checked book's verdict (keyed by this binary), the second reads it.
"$work/invoic" pdf -C "$work/book" -o "$work/out" INV-2026-001 >/dev/null
valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/callgrind" \
    "$work/invoic" pdf -C "$work/book" -o "$work/out" INV-2026-001 >/dev/null 2>"$work/valgrind.log" \
    || { cat "$work/valgrind.log" >&2; exit 1; }

# Every text section of the objects and archives the link reads: only these can be ordered.
{
    tr -d '"' < "$release/invoic.product/Objects.LinkFileList"
    echo
    ls "$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["paths"]["runtimeResourcePath"])')_static/linux/"*.a
    g++ -print-file-name=libstdc++.a
} | while read -r input; do
    [ -n "$input" ] && readelf -SW "$input" 2>/dev/null | grep -o '\.text\.[^ ]*' || true
done | sort -u > "$work/sections"

python3 - "$work/callgrind" "$work/sections" scripts/link/invoic.order <<'PY'
import re, sys
callgrind, sections_path, out = sys.argv[1:]
sections = set(line.rstrip("\n") for line in open(sections_path))
names = {"ob": {}, "fn": {}}
def name(kind, text):
    # callgrind names a file or function once as "(id) name", then by "(id)" alone.
    match = re.match(r"\((\d+)\)(?: (.*))?$", text)
    if not match:
        return text
    if match.group(2) is not None:
        names[kind][match.group(1)] = match.group(2)
    return names[kind].get(match.group(1))
order, seen, current = [], set(), None
for line in open(callgrind):
    key, _, value = line.rstrip("\n").partition("=")
    if key in ("ob", "cob"):
        found = name("ob", value)
        if key == "ob":
            current = found
    elif key in ("fn", "cfn"):
        function = name("fn", value)
        if key == "fn" and current and current.endswith("/invoic") and function:
            section = ".text." + re.sub(r"'\d+$", "", function)
            if section in sections and section not in seen:
                seen.add(section)
                order.append(section)
open(out, "w").write("".join(section + "\n" for section in order))
print(f"{out}: {len(order)} functions")
PY
echo "relink to use it: rm $release/invoic && make release"
