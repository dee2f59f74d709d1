#!/usr/bin/env bash
# Re-extract every translatable string (gettext, lazy_gettext and the domain's N_)
# (templates/_partials too: pybabel skips "_" folders unless told) and merge it into the Japanese catalogue (English is the msgid itself).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin
$bin/pybabel extract --ignore-dirs=".* __pycache__" -F babel.cfg -k _l -k N_ -k lazy_gettext -o webapp/translations/messages.pot .
for lang in ja; do  # msgids are English: no English catalogue needed
  if [ -f "webapp/translations/$lang/LC_MESSAGES/messages.po" ]; then
    $bin/pybabel update -N -i webapp/translations/messages.pot -d webapp/translations -l "$lang"
  else
    $bin/pybabel init -i webapp/translations/messages.pot -d webapp/translations -l "$lang"
  fi
done
