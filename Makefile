# fabricwatch: two commands for a fresh machine (Python 3.11 + pip).
#   make run   set up, refresh the warehouse on the offline default, then start the dashboard
#   make test  set up and run the whole test suite
#   make quick the fast subset (no test marked slow or harness): a minute or two, for a local loop
# python3.11 when installed, else python3 (checked below to be 3.11 or newer)
PYTHON ?= $(shell command -v python3.11 >/dev/null 2>&1 && echo python3.11 || echo python3)
VENV   ?= .venv
BIN    := $(VENV)/bin
export FABRICWATCH_HOME ?= $(CURDIR)/data
# The dashboard's port: make run PORT=8600 (or FABRICWATCH_PORT=8600 make run).
PORT   ?= $(or $(FABRICWATCH_PORT),8501)

.PHONY: run test quick setup setup-test refresh dashboard bench reliability clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || \
	  { echo "fabricwatch needs Python 3.11 or newer: install it, or run make PYTHON=/path/to/python3.11 ..."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# pip runs only when pyproject.toml changed since the last install into this venv (a stamp file in
# the venv records it); the install is editable, so code changes need no reinstall.
# The project's own modules are compiled to bytecode once here (pip does it for the installed packages; an
# editable install leaves the project's sources uncompiled, and where PYTHONDONTWRITEBYTECODE is set every
# command would compile them again: ~0.15 s of each `fabricwatch ingest`, docs/benchmarks.md). Files that
# are up to date are skipped; a module edited later is compiled again on import, as Python always does.
# The packages are the ones pyproject.toml installs ([tool.setuptools.packages.find] include), read from there.
COMPILE := $(BIN)/python -c "import compileall, sys, tomllib; \
  found = tomllib.load(open('pyproject.toml', 'rb'))['tool']['setuptools']['packages']['find']['include']; \
  packages = sorted({p.split('*')[0].split('.')[0] for p in found}); \
  sys.exit(not all([compileall.compile_dir(p, quiet=1, workers=0) for p in packages]))"

setup: $(VENV)/.installed-cli
	@$(COMPILE)

setup-test: $(VENV)/.installed-test
	@$(COMPILE)

$(VENV)/.installed-cli: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[cli]"
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,cli]"
	@touch $@ $(VENV)/.installed-cli

refresh: setup
	$(BIN)/fabricwatch refresh

dashboard: setup
	$(BIN)/fabricwatch dashboard --port $(PORT)

run: refresh
	$(BIN)/fabricwatch dashboard --port $(PORT)

test: setup-test
	$(BIN)/python -m pytest -q

# the fast subset: no full refresh, subprocess server, browser or bench/reliability harness test
quick: setup-test
	$(BIN)/python -m pytest -q -m "not slow and not harness"

# every benchmark end to end (bench/run_all.py: medians of 3 runs, 20x and 100x synthetic warehouses)
bench: setup-test
	$(BIN)/python bench/run_all.py --out bench/latest.json

# faults, load and process hygiene at full counts (~30-60 min); rewrites docs/reliability.md
reliability: setup-test
	$(BIN)/python -m bench.reliability --full

clean:
	rm -rf $(VENV) data .pytest_cache
