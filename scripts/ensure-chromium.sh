#!/usr/bin/env bash
# Make a Chromium available for the browser tests:
# the system one if present; on Debian as root, the distribution's package;
# otherwise Playwright's own installer.
set -euo pipefail
python=${1:-python3}
# Headless Chromium draws Japanese only with a CJK font (the screenshots and print tests).
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && ! fc-list :lang=ja 2>/dev/null | grep -q .; then
  echo "installing Debian's fonts-noto-cjk for the browser tests" >&2
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq fonts-noto-cjk >/dev/null
fi
# The wall-print test renders its PDF pages to PNG with poppler's pdftoppm and reads their text with pdftotext.
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && ! command -v pdftoppm >/dev/null; then
  echo "installing Debian's poppler-utils (pdftoppm) for the print test" >&2
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq poppler-utils >/dev/null
fi
for candidate in "${TAIKAI_CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser; do
  if [ -n "$candidate" ] && [ -x "$candidate" ]; then exit 0; fi
done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's chromium for the browser tests" >&2
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
  exit 0
fi
"$python" -m playwright install chromium
