# The README's commands: `make serve`, `make test` (everything) and `make test-fast` (the in-process tier).
# Each sets up what it needs first. PYTEST_ARGS is passed on to pytest (.ci/run records its passes).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: serve test test-fast setup messages

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q -U pip
	$(BIN)/pip install -q -r requirements.txt
	touch $(STAMP)

setup: $(STAMP)

# Migrate, make sure an admin account exists (ADMIN_PASSWORD, or a printed one-time password), serve
# with Daphne and the deadline sweeper beside it (bin/serve stops both together). DEBUG is off unless
# DEBUG=1: no tracebacks for visitors; WhiteNoise serves the static files collectstatic hashed and
# compressed (Brotli, gzip), as in production.
serve: export DEBUG ?= 0
serve: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v 0
	$(BIN)/python manage.py ensure_admin
	@echo "Paohuzi Online: http://$(HOST):$(PORT)/  (admin: http://$(HOST):$(PORT)/admin/)"
	BIN=$(BIN) HOST=$(HOST) PORT=$(PORT) sh bin/serve

# Both on pytest-xdist's workers, each with its own test database: one and a half per core (3 on two
# cores), as the tests that start servers and browsers spend part of their time waiting on them. Measured
# on a clean clone (.ci/run, embedded + PostgreSQL pass): 2 workers 471 + 275 s, 3 workers 401 + 255 s,
# 4 workers 431 + 263 s. --dist loadgroup deals the fault tests in two groups, each group's one after
# another on one worker, at the front of the run (tests/tiers.py).
WORKERS ?= $(shell n=$$(nproc); echo $$((n + (n + 1) / 2)))
test: $(STAMP) $(CHROMIUM)
	$(BIN)/python -m pytest -q -n $(WORKERS) --dist loadgroup $(PYTEST_ARGS)

# No test that starts a process: not tests/browser, tests/faults nor the `slow` ones (tests/tiers.py).
test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -n $(WORKERS) --dist loadgroup -m "not (browser or faults or slow)" $(PYTEST_ARGS)

# tests/browser drive Debian's chromium; fonts-noto-cjk renders the Chinese card faces.
$(CHROMIUM):
	@echo "tests/browser need Debian's chromium and fonts-noto-cjk: installing them with apt-get"
	$(SUDO) apt-get update -qq
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk

# Regenerate the Chinese catalog from the English source strings, and its compiled .mo (needs gettext;
# both files are committed, so serving and testing do not). django-overrides.po holds Django's own
# messages that Django's zh_Hans catalogue lacks: merged in after makemessages, which never sees them.
PO := locale/zh_Hans/LC_MESSAGES/django.po
messages: $(STAMP)
	$(BIN)/python manage.py makemessages -l zh_Hans --ignore=tests --ignore=bench --ignore=games/rules --ignore=.venv
	msgattrib --no-obsolete -o $(PO) $(PO)
	msgcat --use-first $(PO) locale/zh_Hans/LC_MESSAGES/django-overrides.po -o $(PO)
	$(BIN)/python manage.py compilemessages -l zh_Hans --ignore=.venv
