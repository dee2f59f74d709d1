# taikai — two commands: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
FLASK := $(BIN)/flask --app wsgi
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run serve venue test install translations db demo chromium proxies servers bench clean

run: db  ## install, create/upgrade the SQLite database, load the demo, serve on HOST:PORT (make run PORT=5050)
	@$(BIN)/python scripts/check-port.py $(HOST) $(PORT)
	$(FLASK) demo --if-empty
	$(FLASK) run --host $(HOST) --port $(PORT)

serve: install translations  ## production: gunicorn on TAIKAI_BIND (127.0.0.1:8000) behind an https proxy
	$(FLASK) serve

venue: install translations  ## the desk laptop as the venue server: https on the LAN, port TAIKAI_VENUE_PORT (8443)
	$(FLASK) venue serve

test: install translations chromium proxies servers  ## install everything the tests need and run them all
	$(BIN)/python -m pytest $(PYTEST_ARGS)

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

# A catalogue is compiled when its .po changed: two `make test` at once (.ci/run) never rewrite a .mo the
# other is reading.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard webapp/translations/*/LC_MESSAGES/messages.po))

translations: $(CATALOGUES)

%.mo: %.po | install
	$(BIN)/pybabel compile -f -i $< -o $@

db: install translations
	$(FLASK) db upgrade

chromium:
	scripts/ensure-chromium.sh $(BIN)/python

proxies:  ## nginx and Caddy, to test the server behind the shipped deploy/ configs
	scripts/ensure-proxies.sh

servers:  ## redis-server and PostgreSQL's programs, for the tests that stop and start their own
	scripts/ensure-servers.sh

bench: install
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/rules.py

clean:
	rm -rf $(VENV) instance
