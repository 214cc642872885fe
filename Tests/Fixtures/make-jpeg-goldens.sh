#!/usr/bin/env bash
# Regenerates Tests/Fixtures/jpeg-djpeg-goldens.txt: the tests write their JPEG fixtures, djpeg (libjpeg-turbo-progs)
# decodes each with the listed switches, and the md5 of the fixture and of djpeg's whole output file are recorded.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=$(mktemp -d)
ASSETS_WRITE_FIXTURES="$dir" swift test --filter DjpegGoldenTests/writeFixtures >/dev/null
out=Tests/Fixtures/jpeg-djpeg-goldens.txt
{
    echo "# name | djpeg switches | md5 of the fixture | md5 of djpeg output ($(djpeg -version 2>&1 | head -1))"
    while read -r name switches; do
        switches=${switches//\"/}
        fixture=$(md5sum < "$dir/$name.jpg" | cut -d' ' -f1)
        # shellcheck disable=SC2086
        output=$(djpeg $switches "$dir/$name.jpg" | md5sum | cut -d' ' -f1)
        echo "$name | $switches | $fixture | $output"
    done <<'LIST'
baseline-420-q75 ""
baseline-422-q90 ""
baseline-444-q90 ""
progressive-420 ""
arithmetic-420 ""
restart-420 ""
grayscale ""
rgb ""
cmyk ""
ycck ""
baseline-420-q75 "-nosmooth"
baseline-420-q75 "-scale 1/2"
baseline-420-q75 "-scale 1/4"
baseline-420-q75 "-scale 1/8"
progressive-420 "-scale 1/8"
baseline-422-q90 "-scale 1/2"
LIST
} > "$out"
rm -rf "$dir"
echo "wrote $out"
