#!/usr/bin/env bash
# The refs scan against its floor and its peer (BENCHMARKS.md, "refs").
#
#   Benchmarks/refs.sh REPO [FENGNIAO]
#
# REPO: a checked-out app repository (the `fetch` tool's snapshot of duckduckgo/iOS, checked out outside
# this package). FENGNIAO: a FengNiao binary built outside this package, when one builds. Prints, for each
# tool, wall seconds, CPU seconds and peak memory (GNU time), three runs each after one warm-up:
#   - asset-tool refs REPO (release build: swift build -c release --product asset-tool)
#   - rg over the same files (the floor: reading them at all)
#   - FengNiao --list over REPO, when given
#   - asset-tool refs over a tree of about one million lines of Swift made by copying REPO's Swift files
set -euo pipefail
cd "$(dirname "$0")/.."
repo="${1:?usage: Benchmarks/refs.sh REPO [FENGNIAO]}"
fengniao="${2:-}"
tool=.build/release/asset-tool
[ -x "$tool" ] || { echo "build it first: swift build -c release --product asset-tool" >&2; exit 1; }
globs=(-g '*.swift' -g '*.m' -g '*.mm' -g '*.h' -g '*.storyboard' -g '*.xib' -g '*.plist' -g '*.pbxproj' -g '*.xcconfig')

measure() {  # label, command...
    local label="$1"; shift
    "$@" > /dev/null 2>&1 || true
    for run in 1 2 3; do
        /usr/bin/time -f "$label run $run: %e s wall, %U+%S s CPU, %M KB peak" "$@" > /dev/null 2> /tmp/refs-bench-time.txt || true
        tail -1 /tmp/refs-bench-time.txt
    done
}

echo "files: $(find "$repo" -name '*.swift' | wc -l) Swift, $(find "$repo" -name '*.swift' -print0 | xargs -0 cat | wc -l) lines"
measure "asset-tool refs" "$tool" refs "$repo"
measure "rg" rg --no-ignore -c "${globs[@]}" 'named|Image\(|Color\(' "$repo"
if [ -n "$fengniao" ]; then measure "FengNiao" "$fengniao" --project "$repo" --list; fi

# About a million lines of real Swift: the repository's Swift files copied side by side until that many.
tree="$(mktemp -d)"
trap 'rm -rf "$tree"' EXIT
lines=0; copy=0
while [ "$lines" -lt 1000000 ]; do
    copy=$((copy + 1))
    mkdir -p "$tree/copy$copy"
    (cd "$repo" && find . -name '*.swift' -print0 | xargs -0 cp --parents -t "$tree/copy$copy")
    lines=$(find "$tree" -name '*.swift' -print0 | xargs -0 cat | wc -l)
done
echo "million-line tree: $copy copies, $lines lines, $(find "$tree" -name '*.swift' | wc -l) files"
measure "asset-tool refs (1M lines)" "$tool" refs "$tree"
measure "rg (1M lines)" rg --no-ignore -c -g '*.swift' 'named|Image\(|Color\(' "$tree"
