#!/usr/bin/env bash
# Re-fetch the vendored browser libraries at their pinned versions with `npm pack`
# and copy exactly the files the browser needs into static/vendor/.
#
#   scripts/vendor.sh          refresh static/vendor/ and rewrite VERSIONS.txt
#   scripts/vendor.sh --check  fetch into a temp dir and verify the committed copies
#                              are byte-identical (exit 1 if not); changes nothing
#
# Nothing is loaded from a CDN at runtime: the app must work offline, so the
# files are committed. To upgrade, change a pin below, run the script, commit.
set -euo pipefail

HTMX_VERSION="2.0.11"   # htmx.org, newest 2.0.x when vendored
IDB_VERSION="8.0.4"     # idb, newest 8.0.x when vendored
AXE_VERSION="4.11.0"    # axe-core, for the browser tests only (tests/browser/vendor/, never served)

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$ROOT/static/vendor"
CHECK=0
[ "${1:-}" = "--check" ] && CHECK=1

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
OUT="$TMP/out"
mkdir -p "$OUT"

fetch() {  # fetch <package> <version> -> unpacks into $TMP/<package>/package
  local pkg="$1" ver="$2" tgz
  mkdir -p "$TMP/$pkg"
  # npm pack checks the tarball against the registry's integrity hash.
  tgz="$(cd "$TMP/$pkg" && npm pack --silent "$pkg@$ver" | tail -n 1)"
  tar -xzf "$TMP/$pkg/$tgz" -C "$TMP/$pkg"
}

fetch htmx.org "$HTMX_VERSION"
fetch idb "$IDB_VERSION"
fetch axe-core "$AXE_VERSION"
TESTS_DEST="$ROOT/tests/browser/vendor"
mkdir -p "$TMP/tests-out"
cp "$TMP/axe-core/package/axe.min.js"     "$TMP/tests-out/axe.min.js"
cp "$TMP/axe-core/package/LICENSE"        "$TMP/tests-out/axe.LICENSE.txt"
echo "axe.min.js  axe-core@$AXE_VERSION  axe.min.js  $(sha256sum "$TMP/tests-out/axe.min.js" | cut -d' ' -f1)" \
  > "$TMP/tests-out/VERSIONS.txt"

# source-in-package -> name-in-static/vendor
cp "$TMP/htmx.org/package/dist/htmx.min.js" "$OUT/htmx.min.js"
cp "$TMP/htmx.org/package/LICENSE"          "$OUT/htmx.LICENSE.txt"
cp "$TMP/idb/package/build/umd.js"          "$OUT/idb.umd.js"
cp "$TMP/idb/package/LICENSE"               "$OUT/idb.LICENSE.txt"

sha() { sha256sum "$1" | cut -d' ' -f1; }
{
  echo "# Vendored browser libraries. Regenerate with scripts/vendor.sh (verify with --check)."
  echo "# file  package@version  path-in-package  sha256"
  echo "htmx.min.js       htmx.org@$HTMX_VERSION  dist/htmx.min.js  $(sha "$OUT/htmx.min.js")"
  echo "htmx.LICENSE.txt  htmx.org@$HTMX_VERSION  LICENSE           $(sha "$OUT/htmx.LICENSE.txt")"
  echo "idb.umd.js        idb@$IDB_VERSION        build/umd.js      $(sha "$OUT/idb.umd.js")"
  echo "idb.LICENSE.txt   idb@$IDB_VERSION        LICENSE           $(sha "$OUT/idb.LICENSE.txt")"
} > "$OUT/VERSIONS.txt"

if [ "$CHECK" = 1 ]; then
  status=0
  for f in "$OUT"/*; do
    name="$(basename "$f")"
    if ! cmp -s "$f" "$DEST/$name"; then
      echo "MISMATCH: static/vendor/$name" >&2
      status=1
    fi
  done
  for f in "$TMP/tests-out"/*; do
    if ! cmp -s "$f" "$TESTS_DEST/$(basename "$f")"; then
      echo "MISMATCH: tests/browser/vendor/$(basename "$f")" >&2
      status=1
    fi
  done
  [ "$status" = 0 ] && echo "static/vendor matches htmx.org@$HTMX_VERSION and idb@$IDB_VERSION; tests/browser/vendor axe-core@$AXE_VERSION"
  exit "$status"
fi

mkdir -p "$DEST" "$TESTS_DEST"
cp "$OUT"/* "$DEST/"
cp "$TMP/tests-out"/* "$TESTS_DEST/"
echo "vendored htmx.org@$HTMX_VERSION and idb@$IDB_VERSION into static/vendor/"
cat "$DEST/VERSIONS.txt"
