# The two set-up commands of the README: `make run` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py

.PHONY: run test lint bench screens clean

# Install once; reinstall when the declared dependencies change.
$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || "$$(scripts/find-python)" -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

locale/de/LC_MESSAGES/django.mo: locale/de/LC_MESSAGES/django.po $(VENV)/.installed
	$(MANAGE) compilemessages --ignore=.venv --verbosity 0

# Set up a SQLite database with the demo tournament and serve the site.
run: $(VENV)/.installed locale/de/LC_MESSAGES/django.mo
	$(MANAGE) migrate --noinput --verbosity 0
	$(MANAGE) load_demo
	$(MANAGE) runserver 127.0.0.1:8000

# The whole test suite; DATABASE_URL chooses the database (SQLite by default).
test: $(VENV)/.installed locale/de/LC_MESSAGES/django.mo
	$(PY) -m pytest

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy --strict scoring

# Refresh the committed screenshots in bench/screens/ (test runs write to bench/out/screens/).
screens: $(VENV)/.installed locale/de/LC_MESSAGES/django.mo
	SCREENS_DIR=bench/screens $(PY) -m pytest -m browser

bench: $(VENV)/.installed
	for f in bench/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles
