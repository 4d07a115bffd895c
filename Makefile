# fabricwatch: two commands for a fresh machine (Python 3.11 + pip).
#   make run   set up, refresh the warehouse on the offline default, then start the dashboard
#   make test  set up and run the whole test suite
PYTHON ?= python3.11
VENV   ?= .venv
BIN    := $(VENV)/bin
export FABRICWATCH_HOME ?= $(CURDIR)/data

.PHONY: run test setup setup-test refresh dashboard bench clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) on PATH (or: make PYTHON=python3 ...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

setup: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[cli]"

setup-test: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,cli]"

refresh: setup
	$(BIN)/fabricwatch refresh

dashboard: setup
	$(BIN)/fabricwatch dashboard

run: refresh
	$(BIN)/fabricwatch dashboard

test: setup-test
	$(BIN)/python -m pytest -q

bench: setup-test
	@for b in bench/bench_*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) data .pytest_cache
