# Kinora: one entry point for running, testing and building the platform. See infra/README.md.
# Without a Docker engine `make up` runs every process locally (infra/local/main.ts); with one
# it runs docker compose.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
TSX := node_modules/.bin/tsx
# Node.js as .nvmrc names it: infra/scripts/install.sh unpacks it here when the machine's own is
# another version, and every target (and every process it starts) finds it first on PATH.
export PATH := $(CURDIR)/.cache/node/v$(shell cat .nvmrc)/bin:$(PATH)
RUNNER := $(TSX) infra/local/main.ts

.PHONY: up down logs status seed kafka test bench build lint typecheck clean distclean install check-deps \
	compose-up compose-down compose-test db-types

# On a fresh machine `make up` and `make test` first install what is missing (Debian packages,
# npm dependencies, the Kafka artifacts); on a ready one that step takes a moment.
up: install
	@$(RUNNER) up

down: check-deps
	@$(RUNNER) down

logs: check-deps
	@$(RUNNER) logs -f

status: check-deps
	@$(RUNNER) status

seed: check-deps
	@$(RUNNER) seed

kafka: check-deps
	@$(RUNNER) kafka

# Everything CI runs, failing fast; the platform started for e2e is always brought down.
test: install
	@bash infra/scripts/test-all.sh

# Every bench/*/run.ts against a running platform (brought up, and down again, if needed).
bench: check-deps
	@bash infra/scripts/bench-all.sh

# The Docker path (infra/compose/compose.sh, as root): installs the engine and Compose v2 when
# missing, starts dockerd where no init system does, builds and runs docker-compose.yml.
compose-up: install
	@bash infra/compose/compose.sh up

compose-down:
	@bash infra/compose/compose.sh down

# The compose stack end to end on a project of its own (also part of `make test`).
compose-test: install
	@bash infra/compose/compose.sh test

# Regenerates services/*/src/database.gen.ts from the migrations (after adding one).
db-types: check-deps
	npm run build:services
	$(TSX) infra/scripts/db-types.ts

build: check-deps
	npm run build

lint: check-deps
	npm run lint

typecheck: check-deps
	npm run typecheck

# Build outputs and local runtime state; keeps .cache (the Kafka download).
clean:
	@if [ -x $(TSX) ]; then $(RUNNER) down; fi
	rm -rf .run frontend/dist proto/dist services/*/dist coverage test-results
	find . -name '*.tsbuildinfo' -not -path './node_modules/*' -delete

distclean: clean
	rm -rf .cache

install:
	@bash infra/scripts/install.sh

check-deps:
	@[ -x $(TSX) ] || { echo 'node_modules is missing: run make install (or make up) first' >&2; exit 1; }
