# Tabletop — the two commands: `make run` and `make test`.
# Needs only python3 (>= 3.11): uv is bootstrapped into .bootstrap/ when missing,
# then every dependency comes from the committed uv.lock.

PYTHON ?= python3
UV_VERSION := 0.13.9
UV := $(or $(shell command -v uv 2>/dev/null),.bootstrap/bin/uv)
VENV := .venv
STAMP := $(VENV)/.synced
# checkov pins too much to share uv.lock: its own venv, from a hashed requirements file.
TOOLS := .tools
TOOLS_STAMP := $(TOOLS)/.installed
# promtool checks deploy/monitoring's alert rules; Debian's prometheus package
# carries it (no registry of its own): downloaded and unpacked, never installed.
PROMETHEUS_DEB_VERSION := 2.42.0+ds-5+deb12u1
PROMTOOL := $(TOOLS)/bin/promtool

.PHONY: help install tools web browser run test test-fast test-slow lint format bench proto deploy-render image image-base image-test clean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-13s %s\n", $$1, $$2}'

.bootstrap/bin/uv:
	$(PYTHON) -m venv .bootstrap
	.bootstrap/bin/python -m pip install --quiet "uv==$(UV_VERSION)"

$(STAMP): uv.lock pyproject.toml $(wildcard libs/*/pyproject.toml services/*/pyproject.toml) | $(UV)
	$(UV) sync --frozen --all-packages --compile-bytecode
	@touch $@

install: $(STAMP)  ## create .venv from uv.lock

$(TOOLS_STAMP): deploy/tools/requirements.txt | $(UV)
	$(UV) venv --quiet --allow-existing --python $(PYTHON) $(TOOLS)
	$(UV) pip install --quiet --python $(TOOLS)/bin/python --require-hashes -r deploy/tools/requirements.txt
	@touch $@

$(PROMTOOL):
	@mkdir -p $(TOOLS)/bin
	rm -rf $(TOOLS)/prometheus-deb && mkdir -p $(TOOLS)/prometheus-deb
	cd $(TOOLS)/prometheus-deb && { apt-get download -q prometheus=$(PROMETHEUS_DEB_VERSION) \
		|| { apt-get update -q && apt-get download -q prometheus=$(PROMETHEUS_DEB_VERSION); }; }
	dpkg -x $(TOOLS)/prometheus-deb/prometheus_*.deb $(TOOLS)/prometheus-deb/root
	install -m 0755 $(TOOLS)/prometheus-deb/root/usr/bin/promtool $@
	rm -rf $(TOOLS)/prometheus-deb

tools: $(TOOLS_STAMP) $(PROMTOOL)  ## create .tools/ (checkov, promtool, for the deploy tests)

# The reference web client (web/): npm from the committed lockfile, types from proto/.
WEB_DEPS := web/node_modules/.installed
WEB_BUILD := web/dist/index.html
WEB_SOURCES := $(shell find web/src web/test -type f -not -name schema.d.ts 2>/dev/null) web/index.html \
	web/build.mjs web/package.json web/tsconfig.json web/biome.json proto/openapi/gateway.json

$(WEB_DEPS): web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	@touch $@

$(WEB_BUILD): $(WEB_DEPS) $(WEB_SOURCES)
	cd web && npm run build

web: $(WEB_BUILD)  ## build the web client into web/dist (typecheck, lint, bundle)

# Debian's Chromium for the browser tests (tests/web); as root, once.
browser:  ## install Debian's chromium for the browser tests (skipped when /usr/bin/chromium exists)
	@test -x /usr/bin/chromium || { apt-get update -q && apt-get install -y -q chromium; }

run: $(STAMP) | $(WEB_BUILD)  ## the whole platform on embedded NATS + PostgreSQL (or NATS_URL / DATABASE_URL)
	$(VENV)/bin/tabletop up

test: lint $(TOOLS_STAMP) $(PROMTOOL) $(WEB_BUILD) browser  ## lint, then the whole suite (brute-force sweeps at reduced size)
	@# loadfile: a module's tests share one worker (and its module- and session-scoped
	@# platforms); xdist_group marks are not honoured by this pytest/xdist pair.
	$(VENV)/bin/pytest -n 2 --dist loadfile --durations=20

# Needs neither real servers nor .tools/ (the checkov tests are marked `tools`).
test-fast: $(STAMP)  ## unit and conformance tests only (no servers, no .tools/)
	$(VENV)/bin/pytest -n 2 -m "not integration and not slow and not tools"

test-slow: $(STAMP)  ## the brute-force sweeps at full size (thousands of random games; long)
	$(VENV)/bin/pytest -n 2 -m brute_force --full-size --durations=20

lint: $(STAMP)  ## ruff check and format check, import contracts, mypy (both configured in pyproject.toml)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(VENV)/bin/mypy

format: $(STAMP)  ## apply ruff fixes and formatting
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

bench: $(STAMP)  ## print the benchmark figures
	$(VENV)/bin/tabletop bench

proto: $(STAMP)  ## regenerate proto/ from the models
	$(VENV)/bin/python proto/generate.py

deploy-render: $(STAMP)  ## print the Kubernetes manifests of OVERLAY (dev or prod; default dev)
	$(VENV)/bin/kubectl kustomize deploy/k8s/overlays/$(or $(OVERLAY),dev)

# The image (Docker engine needed; the builds and containers use the host network).
IMAGE ?= tabletop:dev
export IMAGE

image: $(WEB_BUILD)  ## build deploy/image/Dockerfile as IMAGE (BASE_IMAGE, else official, else local base)
	deploy/image/build.sh

image-base:  ## make the local Debian base (debootstrap, docker import) for registry-less machines
	deploy/image/make-base.sh $(or $(LOCAL_BASE_IMAGE),tabletop-base:bookworm)

image-test: image  ## every service from IMAGE on the host network, a whole game via the gateway
	TABLETOP_IMAGE=$(IMAGE) $(VENV)/bin/pytest tests/deploy/test_image_live.py -n 0 -p no:randomly -v

clean:  ## remove the venvs (.venv, .tools) and local platform data
	rm -rf $(VENV) $(TOOLS) .bootstrap .tabletop web/node_modules web/dist
