# Everyday tasks. `make run` serves a club evening to the hall's Wi-Fi, `make dev` starts the
# development server, `make test` runs every check CI runs.

VENV := .venv
PYTHON := $(VENV)/bin/python
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The interpreter the virtualenv is made from: the distribution's Python 3.11 where there is
# one. Debian builds it with profile-guided and link-time optimisation, as the python:3.11
# image the Dockerfile starts from is built; a Python compiled without them (pyenv's
# default build) runs the test suite about 20 % slower. `make PYTHON3=…` picks another.
PYTHON3 ?= $(firstword $(wildcard /usr/bin/python3.11) python3)

.PHONY: venv run password dev test test-browser messages clean loadtest

venv: $(STAMP)

# The stamp file makes the install re-run only when a requirements file changes.
$(STAMP): requirements.txt requirements-dev.txt
	test -x $(PYTHON) || $(PYTHON3) -m venv $(VENV) || python3 -m venv --clear $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -r requirements-dev.txt
	touch $@

# The hall server (manage.py hall, skatverein/hall.py): gunicorn with DEBUG off on every
# network interface, keys kept in var/hall-secrets.env, links built from the LAN address.
# HALL_ADDRESS, HALL_PORT (8000) and HALL_BIND (0.0.0.0) override what it chooses.
run: export DEBUG := 0
run: export SKATVEREIN_HALL := 1
run: venv
	$(PYTHON) manage.py hall

# A new password for the hall's director login (NAME=leitung unless given).
password: export DEBUG := 0
password: export SKATVEREIN_HALL := 1
password: venv
	$(PYTHON) manage.py changepassword $(or $(NAME),leitung)

# The development server: DEBUG on, 127.0.0.1 only, the demo with its published login.
# Its own database and stored files (var/dev.sqlite3, var/dev-media), so that on the hall's
# laptop it never touches the evening of `make run` (var/skatverein.sqlite3) or its login.
dev: export DEBUG := 1
dev: export DATABASE_URL ?= sqlite:///$(CURDIR)/var/dev.sqlite3
dev: export MEDIA_ROOT ?= $(CURDIR)/var/dev-media
dev: venv
	mkdir -p var
	$(PYTHON) manage.py migrate --noinput
	$(PYTHON) manage.py demo
	$(PYTHON) manage.py runserver 127.0.0.1:8000

# Tests run with DEBUG off, like production; the settings then insist on a SECRET_KEY and a
# SEAL_SECRET, so throw-away ones are supplied unless the caller brings their own. The
# production checks themselves (missing keys, check --deploy) run in tests/test_settings.py
# in a clean env. pytest-xdist runs the tests in one process per core, each with its own
# test database; `--dist loadscope` keeps a module on one process, so module-wide fixtures
# (the browser, the live server, data built once per module) are set up once; modules are
# handed out in collection order (`--no-loadscope-reorder`, not by their number of tests),
# which tests/conftest.py makes longest first. Coverage is measured by slipcover, which
# instruments the code once instead of tracing every line as coverage.py must on
# Python 3.11 (about 15 % more CPU time instead of 90 %).
test: export DEBUG := 0
# Keep compiled modules and pytest's rewritten test modules between runs (each test process
# compiles them again otherwise), even where the environment turns bytecode off.
test: export PYTHONDONTWRITEBYTECODE :=
test: export SECRET_KEY ?= throw-away-key-for-tests-only-0123456789-abcdefghijklmnopqrstuvwxyz
test: export SEAL_SECRET ?= throw-away-seal-secret-for-tests-only-0123456789-abcdefghijklmn
test: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(PYTHON) -m slipcover --source tournaments,skatverein --skip-covered \
		-m pytest -n auto --dist loadscope --no-loadscope-reorder

# The browser tests alone (Playwright + Debian's Chromium). `make test` runs them too, but
# skips them with a message when Chromium is missing; here that is an error.
test-browser: export DEBUG := 0
test-browser: export SECRET_KEY ?= throw-away-key-for-tests-only-0123456789-abcdefghijklmnopqrstuvwxyz
test-browser: export SEAL_SECRET ?= throw-away-seal-secret-for-tests-only-0123456789-abcdefghijklmn
test-browser: export SKATVEREIN_REQUIRE_BROWSER := 1
test-browser: venv
	$(BIN)/pytest tests/e2e

# Re-extract the German catalogue from code and templates and compile it. Without source
# locations, so that a change to one module does not rewrite the lines of every entry.
messages: export DEBUG := 1
messages: venv
	$(PYTHON) manage.py makemessages -l de --no-location --no-obsolete --ignore=.venv --ignore=var
	$(PYTHON) manage.py compilemessages -l de --ignore=.venv --ignore=var

# Remove caches and generated files; keeps the virtualenv and the database in var/.
clean:
	find . -path ./$(VENV) -prune -o -type d -name __pycache__ -exec rm -rf {} +
	rm -rf .pytest_cache .ruff_cache .hypothesis var/static

# 50 simulated table devices entering lists for 30 s through gunicorn (4 workers) on a
# throw-away database; prints acknowledged/stored/lost/duplicated, errors and latencies.
# Another database server: make loadtest LOAD_ARGS="--database-url postgres://…".
loadtest: export DEBUG ?= 0
loadtest: export SECRET_KEY ?= throw-away-key-for-load-tests-only-0123456789-abcdefghijklmnopqrstuvwxyz
loadtest: export SEAL_SECRET ?= throw-away-seal-secret-for-load-tests-only-0123456789-abcdefghijkl
loadtest: venv
	$(PYTHON) manage.py bench load --devices 50 --seconds 30 $(LOAD_ARGS)
