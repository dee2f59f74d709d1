#!/usr/bin/env bash
# Make nginx and Caddy available for tests/venue/test_behind_proxies.py, which runs the
# server behind the shipped deploy/nginx.conf and deploy/Caddyfile: on Debian as root,
# the distribution's packages (nginx-light has the ssl and http2 modules the config uses).
set -euo pipefail
missing=()
command -v nginx >/dev/null || missing+=(nginx-light)
command -v caddy >/dev/null || missing+=(caddy)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's ${missing[*]} for the tests behind the shipped proxy configs" >&2
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  # The packages start their own services on ports 80/443; the tests run their own copies.
  for service in nginx caddy; do
    command -v systemctl >/dev/null && systemctl disable --now "$service" >/dev/null 2>&1 || true
  done
  exit 0
fi
echo "the tests need nginx and caddy on PATH (missing: ${missing[*]}): install them, e.g. apt-get install nginx-light caddy" >&2
exit 1
