# Set-up is two commands: `make play` and `make test`. Every target installs what it needs, idempotently.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play play-terminal test lint lint-js test-js bench build serve deps pydeps clean nodedeps browser bench-web soak

$(STAMP): pyproject.toml
	test -x $(VPY) || $(PY) -m venv $(VENV)
	$(VPY) -m pip install -q --upgrade pip
	$(VPY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

pydeps: $(STAMP)

# Web toolchain: npm ci whenever node_modules is missing or older than the lock.
NODE_STAMP := node_modules/.package-lock.json
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

nodedeps: $(NODE_STAMP)

# Debian's browsers drive the browser tests (none can be downloaded here): Chromium (Playwright),
# Firefox ESR (npm's puppeteer-core over WebDriver BiDi), WebKitGTK's WebKitWebDriver + MiniBrowser
# (Selenium) on an Xvfb display. apt runs only when one of them is missing.
BROWSER_FILES := /usr/bin/chromium /usr/bin/firefox-esr /usr/bin/WebKitWebDriver \
                 /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser /usr/bin/Xvfb /usr/bin/xauth
BROWSER_PACKAGES := chromium firefox-esr webkit2gtk-driver xvfb xauth

browser: pydeps nodedeps
	@for f in $(BROWSER_FILES); do test -x $$f || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(BROWSER_PACKAGES); \
	fi

# dist/: the complete static site (docs/WEB.md), rebuilt when any input changed. Built aside in build/
# and swapped in whole, so a server or a test run reading dist/ never sees a half-written tree.
BUILD_INPUTS := $(shell find index.html web py scripts package-lock.json -type f \
                  -not -path '*/__pycache__/*' -not -name '*.pyc' -not -path 'py/*.egg-info/*' 2>/dev/null)
DIST_STAMP := dist/.built

$(DIST_STAMP): $(STAMP) $(NODE_STAMP) $(BUILD_INPUTS)
	$(VPY) scripts/build.py --out dist --swap

build: $(DIST_STAMP)

play: build
	$(PY) scripts/serve.py --host 127.0.0.1 --port 8000

# The same game in the terminal (you against bots; ARGS="--hotseat", "--edition prototype --players 2", …).
play-terminal: pydeps
	$(VPY) -m oriflamme play $(ARGS)

serve:
	$(PY) scripts/serve.py --host 127.0.0.1 --port 8000

# Chromium in depth (bench_web.py, ARGS), then the boot in each browser (bench_browsers.py, BROWSERS_ARGS).
bench-web: pydeps build browser
	$(VPY) scripts/bench_web.py $(ARGS)
	$(VPY) scripts/bench_browsers.py $(BROWSERS_ARGS)

lint: pydeps lint-js
	$(VPY) -m ruff check py tests scripts
	$(VPY) -m mypy

# The JS as strictly as the Python (docs/WEB.md "Checking the JS"): tsc --checkJs on the JSDoc types,
# one project per kind of global scope (page, workers, service worker, node, the unit tests), then ESLint.
TS_PROJECTS := tsconfig.json tsconfig.worker.json tsconfig.sw.json tsconfig.node.json tsconfig.test.json
lint-js: nodedeps
	@for p in $(TS_PROJECTS); do echo "tsc -p $$p"; node_modules/.bin/tsc -p $$p || exit 1; done
	node_modules/.bin/eslint --max-warnings 0 .

# Unit tests of the pure JS modules, under node's own test runner (tests/js/*.test.mjs).
test-js: nodedeps
	node --test tests/js/

test: lint test-js build browser
	$(VPY) -m pytest -n 2

bench: pydeps
	$(VPY) -m oriflamme.bench

# Random games of both games with every invariant checked after every decision (not in CI, which runs a
# short one in tests/test_soak.py): ARGS="--games 100000", "--seconds 3600".
soak: pydeps
	$(VPY) tests/soak.py $(ARGS)

clean:
	rm -rf dist .pytest_cache .mypy_cache .ruff_cache
