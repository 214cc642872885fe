#!/usr/bin/env bash
# The refs scan against its floor and its peer (BENCHMARKS.md, "refs").
#
#   Benchmarks/refs.sh REPO [FENGNIAO [SOURCES...]]
#
# REPO: a checked-out app repository (the `fetch` tool's snapshot of duckduckgo/iOS, checked out outside
# this package). FENGNIAO: a FengNiao binary built outside this package ("" when none). SOURCES: folders whose
# Swift files make the million-line tree (default REPO; several different apps make a tree of distinct
# code). Prints, for each tool, wall seconds, CPU seconds and peak memory (GNU time), three runs each after
# one warm-up, and the machine's load average (other work on the machine lengthens the wall times):
#   - asset-tool refs REPO (release build: swift build -c release --product asset-tool)
#   - rg over the same files (the floor: reading them at all)
#   - FengNiao over REPO, when given (`FengNiao --project REPO --list-only`: lists the unused images, deletes nothing)
#   - asset-tool refs over a tree of at least one million lines of Swift, copied from SOURCES
set -euo pipefail
cd "$(dirname "$0")/.."
repo="${1:?usage: Benchmarks/refs.sh REPO [FENGNIAO]}"
fengniao="${2:-}"
shift $(( $# < 2 ? $# : 2 ))
sources=("$@")
[ ${#sources[@]} -gt 0 ] || sources=("$repo")
tool=.build/release/asset-tool
[ -x "$tool" ] || { echo "build it first: swift build -c release --product asset-tool" >&2; exit 1; }
globs=(-g '*.swift' -g '*.m' -g '*.mm' -g '*.h' -g '*.storyboard' -g '*.xib' -g '*.plist' -g '*.pbxproj' -g '*.xcconfig')

measure() {  # label, command...
    local label="$1"; shift
    "$@" > /dev/null 2>&1 || true
    echo "$label: load average $(cut -d' ' -f1-3 /proc/loadavg)"
    for run in 1 2 3; do
        /usr/bin/time -f "$label run $run: %e s wall, %U+%S s CPU, %M KB peak" "$@" > /dev/null 2> /tmp/refs-bench-time.txt || true
        tail -1 /tmp/refs-bench-time.txt
    done
}

echo "files: $(find "$repo" -name '*.swift' | wc -l) Swift, $(find "$repo" -name '*.swift' -print0 | xargs -0 cat | wc -l) lines"
measure "asset-tool refs" "$tool" refs "$repo"
measure "rg" rg --no-ignore -c "${globs[@]}" 'named|Image\(|Color\(' "$repo"
if [ -n "$fengniao" ]; then measure "FengNiao" "$fengniao" --project "$repo" --list-only; fi

# At least a million lines of real Swift: the SOURCES' Swift files copied side by side until that many.
tree="$(mktemp -d)"
trap 'rm -rf "$tree"' EXIT
lines=0; copy=0
while [ "$lines" -lt 1000000 ]; do
    for source in "${sources[@]}"; do
        [ "$lines" -lt 1000000 ] || break
        copy=$((copy + 1))
        mkdir -p "$tree/copy$copy"
        (cd "$source" && find . -name '*.swift' -print0 | xargs -0 cp --parents -t "$tree/copy$copy")
        lines=$(find "$tree" -name '*.swift' -print0 | xargs -0 cat | wc -l)
    done
done
echo "million-line tree: $copy copies of ${#sources[@]} source folders, $lines lines, $(find "$tree" -name '*.swift' | wc -l) files"
measure "asset-tool refs (1M lines)" "$tool" refs "$tree"
measure "rg (1M lines)" rg --no-ignore -c -g '*.swift' 'named|Image\(|Color\(' "$tree"
