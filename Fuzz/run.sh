#!/usr/bin/env bash
# Builds the fuzz targets and runs each for FUZZ_SECONDS (default 60), one after the other,
# starting from a corpus seeded with the YAML files of examples/, templates/ and Tests/Fixtures.
#
#   FUZZ_SECONDS=300 Fuzz/run.sh [yaml|document|template|render|statement ...]
#
# Work folders (git-ignored): .fuzz/corpus/<target> grows from run to run; a crash, hang (an
# input taking more than FUZZ_TIMEOUT seconds) or out-of-memory input lands in
# .fuzz/artifacts/<target>/ and the script exits 1. Each one found becomes a fixture under
# Tests/Fixtures/hostile/ (see Fuzz/README.md). A line per run is appended to .fuzz/log.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS_LIMIT=${FUZZ_RSS_MB:-2048}
WORK=${FUZZ_WORK:-.fuzz}
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(yaml document template render statement)

# seed TARGET CORPUS: copies the target's seed files into its corpus, named by content.
seed() {
    local target=$1 corpus=$2
    mkdir -p "$corpus"
    local files
    case $target in
        yaml) files=$(find examples templates Tests/Fixtures Fuzz/book Fuzz/seeds -type f \( -name '*.yaml' -o -name '*.yml' \)) ;;
        document) files=$(find examples Tests/Fixtures Fuzz/book -type f \( -path '*/invoices/*' -o -path '*/estimates/*' -o -path '*/hostile/documents/*' \) -name '*.yaml') ;;
        document-settings) files=$(find examples Tests/Fixtures Fuzz/book -type f \( -name invoic.yaml -o -path '*/hostile/settings/*.yaml' \)) ;;
        document-clients) files=$(find examples Tests/Fixtures Fuzz/book -type f -path '*/clients/*.yaml') ;;
        template) files=$(find templates Fuzz/seeds/template -type f -name '*.yaml') ;;
        render) files=$(find examples Fuzz/book -type f -path '*/invoices/*' -name '*.yaml') ;;
        statement) files=$(find Tests/Fixtures/bank Tests/Fixtures/hostile/statements -type f) ;;
    esac
    local file
    for file in $files; do
        cp "$file" "$corpus/seed-$(sha1sum < "$file" | cut -c1-16)"
    done
}

status=0
summary=()
for target in "${targets[@]}"; do
    # A target whose modules do not compile right now (another engineer mid-edit) is reported, not fatal.
    if ! Fuzz/build.sh "$target"; then
        summary+=("$target: NOT BUILT (see the compiler output above)")
        status=2
        continue
    fi
    # Another file of the document target's book has a corpus of its own, seeded with files of that kind.
    kind=$target
    case "$target:${FUZZ_DOCUMENT_PATH:-}" in
        document:invoic.yaml) kind=document-settings ;;
        document:clients/*) kind=document-clients ;;
    esac
    corpus=$WORK/corpus/$kind
    artifacts=$WORK/artifacts/$target
    mkdir -p "$artifacts"
    seed "$kind" "$corpus"
    log=$WORK/last-$target.log
    echo "fuzz: running $target for ${SECONDS_PER_TARGET}s (corpus $corpus: $(ls "$corpus" | wc -l) inputs)"
    started=$(date +%s)
    ASAN_OPTIONS=detect_leaks=0 .build-fuzz/bin/fuzz-"$target" \
        -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -rss_limit_mb="$RSS_LIMIT" -max_len=16384 \
        -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" > "$log" 2>&1
    result=$?
    elapsed=$(( $(date +%s) - started ))
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    runs=${runs:-$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' | tail -1)}
    if [ $result -eq 0 ]; then verdict=clean; else verdict="FOUND (see $artifacts, $log)"; [ $status -eq 0 ] && status=1; fi
    label=$target
    [ "$target" = template ] && [ "${FUZZ_TEMPLATE_RENDER:-}" = 1 ] && label="template (render)"
    [ "$target" = document ] && [ -n "${FUZZ_DOCUMENT_PATH:-}" ] && label="document ($FUZZ_DOCUMENT_PATH)"
    line="$(date -u +%Y-%m-%dT%H:%MZ) $label ${runs:-?} executions in ${elapsed}s: $verdict"
    echo "$line" >> "$WORK/log"
    summary+=("$line")
done
printf '%s\n' "${summary[@]}"
exit $status
