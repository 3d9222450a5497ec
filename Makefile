# Set-up is two commands: `make play` and `make test`. Every target installs what it needs, idempotently.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test lint bench build serve deps pydeps clean

$(STAMP): pyproject.toml
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

pydeps: $(STAMP)

lint: pydeps
	$(VPY) -m ruff check py tests
	$(VPY) -m mypy

test: pydeps
	$(VPY) -m ruff check py tests
	$(VPY) -m mypy
	$(VPY) -m pytest -n 2

bench: pydeps
	$(VPY) -m oriflamme.bench

play: pydeps
	$(VPY) -m oriflamme play

clean:
	rm -rf dist .pytest_cache .mypy_cache .ruff_cache
