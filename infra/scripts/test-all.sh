#!/usr/bin/env bash
# `make test`: everything CI runs, in order, stopping at the first failure. Once the platform
# is up for the end-to-end tests it is always brought down again, and a failure still fails.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
shopt -s nullglob

TSX=node_modules/.bin/tsx
START=$(date +%s)
section() { printf '\n######## %s  [%ss]\n' "$1" "$(($(date +%s) - START))"; }

# Connection settings for integration and e2e tests (the local machine's defaults).
export KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:9092}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export TEST_POSTGRES_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
export KINORA_URL="${KINORA_URL:-http://localhost:8080}"
export BASE_URL="${BASE_URL:-$KINORA_URL}"
export MAILDEV_URL="${MAILDEV_URL:-http://127.0.0.1:1080}"
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

section 'lint'
npm run lint

section 'typecheck'
npm run typecheck

section 'generated event code is up to date'
npm run check-generated -w @kinora/proto

section 'generated OpenAPI documents are up to date'
npm run check:openapi

section 'generated API client types are up to date'
npm run check:client -w @kinora/frontend

section 'event contracts: no breaking change (buf breaking)'
bash proto/scripts/check-breaking.sh

section 'build services'
npm run build:services

section 'generated database types are up to date (each service migrated into a scratch database)'
"$TSX" infra/scripts/db-types.ts --check

section 'Kafka for integration tests'
"$TSX" infra/local/main.ts kafka
# Stopped again when a step before the platform's bring-up fails (platform_down takes over there).
trap '"$TSX" infra/local/main.ts down >/dev/null 2>&1 || true' EXIT

# Each workspace's line coverage, from its test output (jest in the services, vitest in the
# frontend), kept for a recap per workspace.
coverage=()
coverage_of() {
  local lines
  lines=$(grep -Eo 'Lines +: +[^ ]+ +\( *[0-9]+/[0-9]+ *\)' "$2" | tail -1 | sed -E 's/Lines +: +//' || true)
  [[ "$lines" == Unknown* ]] && lines='no tests yet'
  [[ -n "$lines" ]] && coverage+=("$(printf '%-20s %s' "$1" "$lines")")
  return 0
}

section 'unit and integration tests (two workspaces at a time)'
# Every workspace but the frontend, whose tests run next. Jest runs the services' TypeScript
# directly; only the processes some tests start (catalog's service and worker) run from dist/.
# Their specs wait on Kafka's group joins, PostgreSQL and the processes they start about as much as
# they compute, so two lanes keep both cores busy (each test makes its own databases, key and topic
# prefixes, and listens on a port of its own). Each workspace's exit is printed as it ends, the
# output of all once both lanes have.
mapfile -t workspaces < <(node -e '
  const ws = require("./package.json").workspaces.filter((w) => w !== "frontend");
  for (const w of ws) console.log(w);
')
lanes=$(mktemp -d)
lane_file() { echo "$lanes/${1//\//_}.$2"; }
# A workspace that has not ended within WORKSPACE_TEST_TIMEOUT seconds (its own runs take 20 s to
# 6 min here) is killed, its whole process group with it, and fails: its log says where it stood.
WORKSPACE_TEST_TIMEOUT="${WORKSPACE_TEST_TIMEOUT:-1200}"
lane() {
  local w status started
  for w in "$@"; do
    status=0 started=$(date +%s)
    timeout --kill-after=30 "$WORKSPACE_TEST_TIMEOUT" npm test --if-present -w "$w" \
      >"$(lane_file "$w" log)" 2>&1 </dev/null || status=$?
    ((status != 124 && status != 137)) || echo "--- $w: still running after $WORKSPACE_TEST_TIMEOUT s, killed" >>"$(lane_file "$w" log)"
    echo "$status" >"$(lane_file "$w" status)"
    echo "  $w: exit $status after $(($(date +%s) - started)) s"
  done
}
# Two lanes of about equal length. On a slower machine of this kind (2026-11-28) the workspaces
# took: analytics 668 s (its exactness spec alone 600 s), catalog 380, social 253, auth 148,
# admin 103, ads 78, common 45, so analytics, admin and ads make one lane (849 s) and the rest the
# other (826 s).
lane_a=() lane_b=()
for w in "${workspaces[@]}"; do
  case "$w" in
    services/analytics | services/admin | services/ads) lane_b+=("$w") ;;
    *) lane_a+=("$w") ;;
  esac
done
lane "${lane_a[@]}" &
lane_a_pid=$!
lane "${lane_b[@]}" &
lane_b_pid=$!
wait "$lane_a_pid" "$lane_b_pid" || true
failed=()
for w in "${workspaces[@]}"; do
  echo "--- $w"
  cat "$(lane_file "$w" log)"
  coverage_of "$w" "$(lane_file "$w" log)"
  [[ "$(cat "$(lane_file "$w" status)")" == 0 ]] || failed+=("$w")
done
rm -rf "$lanes"
((${#failed[@]} == 0)) || { echo "unit and integration tests failed in: ${failed[*]}"; exit 1; }

section 'frontend tests'
frontend_log=$(mktemp)
npm test -w frontend 2>&1 | tee "$frontend_log"
coverage_of frontend "$frontend_log"
rm -f "$frontend_log"

section 'line coverage per workspace'
printf '  %s\n' "${coverage[@]}"

deploy_tests=(infra/test/*.test.ts)
if ((${#deploy_tests[@]})); then
  section 'static deploy checks (compose, k8s)'
  node --import tsx --test "${deploy_tests[@]}"
fi

gateway_tests=(gateway/test/*.test.ts)
if ((${#gateway_tests[@]})); then
  section 'gateway tests'
  node --import tsx --test "${gateway_tests[@]}"
fi

# The Docker path end to end (infra/compose/compose.sh test): images built, the compose stack run on a
# project of its own and taken down again. Before the local platform starts, so the two never share
# the machine's two cores. It installs and starts the engine, hence root.
if [[ "$(id -u)" -eq 0 ]]; then
  section 'compose stack end to end (make compose-test)'
  bash infra/compose/compose.sh test
else
  section 'compose stack end to end: SKIPPED, it needs root (sudo make compose-test)'
fi

platform_down() {
  local status=$?
  trap - EXIT
  section 'make down'
  make --no-print-directory down || status=$((status == 0 ? 1 : status))
  if [[ -n "${KINORA_DB_PREFIX:-}" ]]; then
    for db in $(psql -h 127.0.0.1 -U postgres -Atc "select datname from pg_database where datname like '${KINORA_DB_PREFIX}%'"); do
      psql -h 127.0.0.1 -U postgres -qc "drop database if exists \"$db\" with (force)" || true
    done
  fi
  section "done (exit $status)"
  exit "$status"
}
trap platform_down EXIT

section 'make up'
# The e2e platform gets its own Redis key prefix (so rate-limit windows of earlier runs do not
# carry over) and a known admin address.
# Its own databases and topics as well: the PostgreSQL server is shared with earlier runs.
stamp="$(date +%s)_$$"
export REDIS_PREFIX="kinora-e2e-${stamp}:"
export KINORA_DB_PREFIX="kinora_e2e_${stamp}_"
export KAFKA_TOPIC_PREFIX="e2e-${stamp}."
export E2E_ADMIN_EMAIL="admin-${stamp}@e2e.kinora.test"
# The quick demo set: eight short films through the real pipeline. `make up` loads the demo
# catalog in the background; the e2e tests expect all of it, so here it waits until it is in.
export KINORA_SEED="${KINORA_SEED:-small}"
export KINORA_SEED_WAIT=all
# Demo creatives but no campaign: films play straight away in every e2e test; the ads e2e makes
# its own campaign.
export KINORA_SEED_ADS=creatives
# Two ads replicas behind the gateway, as ops run it: the ads tests check they agree.
export ADS_REPLICAS=2
# The scale and fuzz tests send thousands of viewers' calls from this one address: the gateway's
# per-client write limit (20 r/s, tested in gateway/test) would stand for all of them.
export WRITE_RATE_LIMIT=100000r/s
# Every sign-in of the e2e suites asks for a code from this one client IP: together more than
# auth's 30 an hour per IP (docs/accounts.md; services/auth/test/sign-in.spec.ts tests that limit).
export SEND_CODE_LIMIT_PER_IP=1000
# Every process exports its spans to the receiver infra/e2e/trace.e2e.ts runs on this port while it
# runs (at other times the exports find no one and are dropped).
export OTEL_EXPORTER_OTLP_ENDPOINT="http://127.0.0.1:${OTLP_RECEIVER_PORT:-4318}"
ADMIN_EMAILS="$E2E_ADMIN_EMAIL" make --no-print-directory up

e2e_tests=(frontend/e2e/*.e2e.ts infra/e2e/*.e2e.ts)
if ((${#e2e_tests[@]})); then
  section 'end-to-end tests'
  node --import tsx --test --test-concurrency=1 "${e2e_tests[@]}"
else
  section 'end-to-end tests: none yet'
fi
