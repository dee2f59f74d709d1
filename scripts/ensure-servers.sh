#!/usr/bin/env bash
# Make redis-server and PostgreSQL's server programs available for the tests that start their own
# (tests/service/test_redis_goes_away.py, test_postgres_restarts.py stop and start them mid-test, never
# the machine's shared ones): on Debian as root, the distribution's packages.
set -euo pipefail
missing=()
command -v redis-server >/dev/null || missing+=(redis-server)
command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's ${missing[*]} for the tests that start their own servers" >&2
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
echo "the tests need redis-server and PostgreSQL's initdb (missing: ${missing[*]}): install them, e.g. apt-get install redis-server postgresql" >&2
exit 1
