# The set-up commands of the README: `make run` and `make test` on a laptop, `make install` and
# `make serve` in production (README "Production").
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
# The port `make run` serves on: `make run PORT=8080` or `PORT=8080 make run`.
PORT ?= 8000

.PHONY: run test install serve venue-cert lint bench screens clean

# Install once; reinstall when the declared dependencies change.
$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || "$$(scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

# The dependencies without the development tools: all that production needs.
$(VENV)/.production: pyproject.toml
	@test -x $(PY) || "$$(scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	@touch $@

locale/de/LC_MESSAGES/django.mo: locale/de/LC_MESSAGES/django.po $(VENV)/.production
	$(MANAGE) compilemessages --ignore=.venv --verbosity 0

# Set up a SQLite database with the demo tournament and serve the site.
run: $(VENV)/.installed locale/de/LC_MESSAGES/django.mo
	$(MANAGE) migrate --noinput --verbosity 0
	$(MANAGE) load_demo --port $(PORT)
	$(MANAGE) load_demo_national --port $(PORT)
	$(MANAGE) runserver 127.0.0.1:$(PORT)

# Production: install into .venv and compile the German translations (without them the site
# speaks English).
install: $(VENV)/.production locale/de/LC_MESSAGES/django.mo

# Production: serve with gunicorn (gunicorn.conf.py; WEB_BIND, WEB_WORKERS, WEB_THREADS) with
# DEBUG off whatever the environment says, after checking the deploy settings, bringing the
# database up to date and collecting the static files. The other settings come from the
# environment (README "Production").
serve: export DEBUG := 0
serve: install
	$(MANAGE) check --deploy
	$(MANAGE) migrate --noinput --verbosity 0
	$(MANAGE) collectstatic --noinput --verbosity 0
	exec $(PY) -m gunicorn tarock_cup.wsgi

# The venue's own certificate for the laptop's address (docs/venue.md): make venue-cert
# ADDRESS=192.168.1.20, or without ADDRESS the laptop's first address.
venue-cert:
	scripts/venue-cert $(ADDRESS)

# The whole test suite; DATABASE_URL chooses the database (SQLite by default).
test: $(VENV)/.installed locale/de/LC_MESSAGES/django.mo
	$(PY) -m pytest

# The checks CI runs (pre-commit runs the ruff part): ruff's lint, complexity limit included, and
# format, and mypy --strict over the engine and the Django project (pyproject.toml names both).
lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy --strict

# Refresh the committed screenshots in bench/screens/ (test runs write to bench/out/screens/).
screens: $(VENV)/.installed locale/de/LC_MESSAGES/django.mo
	SCREENS_DIR=bench/screens $(PY) -m pytest -m browser

bench: $(VENV)/.installed
	for f in bench/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
