#!/usr/bin/env bash
# The Docker path: `make compose-up`, `make compose-down`, `make compose-test`.
#
#   up     installs what is missing (Debian's docker.io engine, Compose v2), starts dockerd where no
#          init system runs one, builds stand-in base images where Docker Hub is out of reach
#          (infra/images/build-bases.sh), builds and starts the stack, seeds the demo content and
#          prints the URL with the time each step took
#   down   removes the stack (containers, networks, volumes) and stops what `up` started
#   test   the stack end to end on a project of its own (infra/compose/e2e/), then down; nothing
#          may leave the machine meanwhile
#
# Runs as root (the engine, iptables). Nothing a container sends may leave the machine: the
# `backend` network is internal (no route out), and a DOCKER-USER rule drops whatever the published
# ports' `edge` network would forward elsewhere; `test` asserts both.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# shellcheck source=../scripts/node.sh
source infra/scripts/node.sh

STATE=.run/compose
mkdir -p "$STATE"
START=$(date +%s)
LAST=$START
STEPS=()
step() {
  local now
  now=$(date +%s)
  [[ -n "${STEP:-}" ]] && STEPS+=("$(printf '  %-44s %4ss' "$STEP" "$((now - LAST))")")
  STEP=$1
  LAST=$now
  [[ -n "$1" ]] && echo "==> $1"
  return 0
}
say() { echo "$*" >&2; }
die() {
  say "compose: $*"
  exit 1
}

[[ "$(id -u)" -eq 0 ]] || die "the Docker path runs as root (it installs and starts the engine): sudo make compose-${1:-up}"

export COMPOSE_PROJECT_NAME="${COMPOSE_PROJECT_NAME:-kinora}"
export KINORA_EDGE_BRIDGE="${KINORA_EDGE_BRIDGE:-kinora-edge}"
export KINORA_HTTP_PORT="${KINORA_HTTP_PORT:-8080}"
export KINORA_MAIL_PORT="${KINORA_MAIL_PORT:-1080}"
# Compose's progress display only on a terminal: in a log it is a line per container per state.
PROGRESS=()
[[ -t 1 ]] || PROGRESS=(--progress quiet)
compose() { docker compose "${PROGRESS[@]}" "$@"; }
# Every profile: seed (the demo content), tracing (the collector and Jaeger, from Docker Hub).
compose_all() { compose --profile seed --profile tracing "$@"; }
SEEDS=(seed-auth seed-catalog seed-social seed-analytics seed-ads)

# ---------------------------------------------------------------- the engine
apt_install() {
  flock /tmp/kinora-apt.lock apt-get update -qq
  DEBIAN_FRONTEND=noninteractive flock /tmp/kinora-apt.lock apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# Compose v2 and buildx are Debian 13's packages: they need only libc6 >= 2.34, so on Debian 12 their
# .debs are fetched from the trixie archive with a private apt list and installed with dpkg.
install_compose_v2() {
  local dir=.cache/apt-trixie
  mkdir -p "$dir/lists/partial" "$dir/archives/partial"
  echo 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main' >"$dir/sources.list"
  local opts=(-o "Dir::Etc::SourceList=$PWD/$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o "Dir::State::Lists=$PWD/$dir/lists" -o "Dir::Cache=$PWD/$dir")
  apt-get "${opts[@]}" update -qq
  (cd "$dir/archives" && apt-get "${opts[@]}" download docker-compose docker-buildx >/dev/null 2>&1)
  dpkg -i "$dir"/archives/docker-compose_*.deb "$dir"/archives/docker-buildx_*.deb >/dev/null
}

ensure_engine() {
  local missing=()
  command -v dockerd >/dev/null || missing+=(docker.io)
  command -v iptables >/dev/null || missing+=(iptables)
  command -v mmdebstrap >/dev/null || missing+=(mmdebstrap)
  if ((${#missing[@]})); then
    say "Installing Debian packages: ${missing[*]}"
    apt_install "${missing[@]}"
  fi
  if ! docker compose version 2>/dev/null | grep -q 'version v\?2'; then
    say 'Installing Compose v2 and buildx (Debian 13 packages)'
    install_compose_v2
  fi
}

# dockerd is started here only where nothing runs one (no init system), and its pid kept so that
# `down` stops exactly the engine it started.
ensure_daemon() {
  docker info >/dev/null 2>&1 && return 0
  say 'Starting dockerd (no init system runs it here)'
  setsid dockerd >"$STATE/dockerd.log" 2>&1 </dev/null &
  echo $! >"$STATE/dockerd.pid"
  for _ in $(seq 60); do
    docker info >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  tail -20 "$STATE/dockerd.log" >&2
  die 'dockerd did not start'
}

stop_daemon() {
  [[ -f "$STATE/dockerd.pid" ]] || return 0
  local pid
  pid=$(cat "$STATE/dockerd.pid")
  rm -f "$STATE/dockerd.pid"
  kill -0 "$pid" 2>/dev/null || return 0
  say "Stopping the dockerd this started (pid $pid)"
  kill "$pid"
  for _ in $(seq 60); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.5
  done
  kill -9 "$pid" 2>/dev/null || true
}

# The official base images where Docker Hub answers; stand-ins built from Debian's packages where not.
choose_bases() {
  if [[ "${KINORA_BASE_IMAGES:-auto}" == official ]] ||
    { [[ "${KINORA_BASE_IMAGES:-auto}" == auto ]] && timeout 20 docker pull -q node:24-bookworm-slim >/dev/null 2>&1; }; then
    say 'Base images: the official ones (Docker Hub answers)'
    return 0
  fi
  say 'Base images: stand-ins built from Debian (Docker Hub is out of reach)'
  bash infra/images/build-bases.sh >/dev/null
  set -a
  # shellcheck disable=SC1091
  source .cache/images/bases.env
  set +a
}

# ---------------------------------------------------------------- containment
uplinks() { ip -o route show default | awk '{ print $5 }' | sort -u; }
CONTAIN=(-i "$KINORA_EDGE_BRIDGE" ! -o "$KINORA_EDGE_BRIDGE" -m comment --comment "kinora-contain-$KINORA_EDGE_BRIDGE" -j DROP)
contain() {
  iptables -C DOCKER-USER "${CONTAIN[@]}" 2>/dev/null || iptables -I DOCKER-USER "${CONTAIN[@]}"
}
uncontain() {
  while iptables -D DOCKER-USER "${CONTAIN[@]}" 2>/dev/null; do :; done
}
# Packets the rule has dropped so far (what the edge network tried to send off the machine).
contained_packets() {
  iptables -L DOCKER-USER -v -n -x | awk -v tag="kinora-contain-$KINORA_EDGE_BRIDGE" '$0 ~ tag { print $1; found = 1 } END { if (!found) print "missing" }'
}

# ---------------------------------------------------------------- commands
build_ca() {
  # npm inside a build trusts what the host trusts: the host's CA bundle as a build secret.
  local ca="${NODE_EXTRA_CA_CERTS:-}"
  [[ -n "$ca" && -s "$ca" ]] && export KINORA_BUILD_CA="$ca"
  return 0
}

cmd_up() {
  step 'engine (docker.io, Compose v2, dockerd)'
  ensure_engine
  ensure_daemon
  contain
  step 'base images'
  choose_bases
  build_ca
  step 'build the images'
  compose --profile seed build --quiet
  step 'start the stack and wait until it is healthy'
  compose up -d --wait --wait-timeout 300 ||
    {
      compose ps -a >&2
      unhealthy_report >&2
      die 'the stack did not become healthy'
    }
  step 'demo content: users, then the catalog and the rest in the background'
  compose --profile seed up -d "${SEEDS[@]}"
  step ''
  printf '%s\n' "${STEPS[@]}"
  echo "Kinora (compose) is up in $(($(date +%s) - START)) s: http://localhost:$KINORA_HTTP_PORT"
  echo "  maildev: http://localhost:$KINORA_MAIL_PORT   the demo catalog keeps loading: docker compose logs -f seed-catalog"
}

# For each container whose health check has not passed: its last checks' output and its log's tail.
unhealthy_report() {
  local id
  for id in $(compose ps -aq); do
    [[ "$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$id")" =~ ^(unhealthy|starting)$ ]] ||
      continue
    docker inspect -f '--- {{.Name}}: {{.State.Health.Status}}{{range .State.Health.Log}}
  check at {{.Start}}: exit {{.ExitCode}} {{.Output}}{{end}}' "$id"
    docker logs --tail 15 "$id" 2>&1 | sed 's/^/  | /'
  done
}

stack_down() {
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    compose_all down --volumes --remove-orphans --timeout 20
  fi
  if command -v iptables >/dev/null; then uncontain; fi
}

cmd_down() {
  stack_down
  stop_daemon
}

test_exit() {
  local status=$?
  trap - EXIT
  cmd_down || status=1
  exit "$status"
}

# What a project left behind: its containers, networks and volumes.
leftovers() {
  local label="com.docker.compose.project=$COMPOSE_PROJECT_NAME"
  docker ps -aq --filter "label=$label"
  docker network ls -q --filter "label=$label"
  docker volume ls -q --filter "label=$label"
}

# The compose stack end to end on a project of its own (with infra/compose/test.override.yml),
# always taken down again; then nothing of it may be left.
cmd_test() {
  export COMPOSE_PROJECT_NAME=kinora-e2e KINORA_EDGE_BRIDGE=kinora-e2e-edge
  export COMPOSE_FILE=docker-compose.yml:infra/compose/test.override.yml
  export KINORA_HTTP_PORT="${COMPOSE_E2E_HTTP_PORT:-18080}" KINORA_MAIL_PORT="${COMPOSE_E2E_MAIL_PORT:-11080}"
  export COMPOSE_E2E_HOST="${COMPOSE_E2E_HOST:-172.30.213.1}" COMPOSE_E2E_POSTGRES_PORT="${COMPOSE_E2E_POSTGRES_PORT:-15432}"
  # Three films of the quick set are enough for every check below (the upload test adds its own).
  export ADMIN_EMAILS="${E2E_ADMIN_EMAIL:-admin@compose-e2e.kinora.test}" KINORA_SEED=small KINORA_SEED_FILMS=3
  export KINORA_SEED_ADS=creatives
  export WRITE_RATE_LIMIT=100000r/s
  CONTAIN=(-i "$KINORA_EDGE_BRIDGE" ! -o "$KINORA_EDGE_BRIDGE" -m comment --comment "kinora-contain-$KINORA_EDGE_BRIDGE" -j DROP)
  trap test_exit EXIT
  ensure_engine
  ensure_daemon
  compose_all down --volumes --remove-orphans --timeout 5 >/dev/null 2>&1 || true
  cmd_up
  step 'wait for the demo catalog'
  local seeder
  seeder=$(compose --profile seed ps -aq seed-catalog)
  [[ "$(docker wait "$seeder")" == 0 ]] || {
    compose --profile seed logs --tail 40 seed-catalog >&2
    die 'the demo catalog did not load'
  }
  step 'end-to-end tests'
  local base="http://127.0.0.1:$KINORA_HTTP_PORT"
  # In this order (node --test would sort them): the stack as it came up, the flows, the trace, the
  # fault drill; then ads and analytics are scaled out, the replicas checked, and the ads checks run
  # over them.
  local tests=(infra/compose/e2e/stack.e2e.ts "infra/compose/e2e/flows*.e2e.ts" infra/e2e/trace.e2e.ts
    infra/compose/e2e/stack-chaos.e2e.ts scale infra/compose/e2e/stack-scale.e2e.ts infra/e2e/ads-scale.e2e.ts)
  local failed=() test outputs
  outputs=$(mktemp -d)
  for test in "${tests[@]}"; do
    if [[ "$test" == scale ]]; then
      compose up -d --no-recreate --wait --wait-timeout 180 --scale ads=3 --scale analytics=2 ads analytics ||
        failed+=(scale)
      continue
    fi
    # shellcheck disable=SC2086 # a glob, expanded here
    KINORA_URL="$base" BASE_URL="$base" MAILDEV_URL="http://127.0.0.1:$KINORA_MAIL_PORT" E2E_ADMIN_EMAIL="$ADMIN_EMAILS" \
      KINORA_POSTGRES_URL="postgres://postgres:kinora@127.0.0.1:$COMPOSE_E2E_POSTGRES_PORT" KINORA_DB_PREFIX=kinora_ \
      OTLP_RECEIVER_HOST="$COMPOSE_E2E_HOST" OTLP_RECEIVER_PORT=4318 ADS_SCALE_CALLS="${COMPOSE_E2E_ADS_CALLS:-2000}" ADS_SCALE_RATE=8 \
      node --import tsx --test --test-reporter=spec $test 2>&1 | tee "$outputs/${test//[\/*]/_}" ||
      failed+=("$test")
  done
  # What each failure said, again at the end, where a log cut to its tail still shows it.
  for test in "${failed[@]}"; do
    [[ "$test" == scale ]] && continue
    say "--- $test failed; its last lines:"
    tail -n 60 "$outputs/${test//[\/*]/_}" >&2
  done
  rm -rf "$outputs"
  ((${#failed[@]} == 0)) || die "end-to-end tests failed: ${failed[*]}"
  step 'containment and clean-up'
  local dropped
  dropped=$(contained_packets)
  [[ "$dropped" != missing ]] || die 'the containment rule went missing during the run'
  [[ "$(docker network inspect -f '{{.Internal}}' "${COMPOSE_PROJECT_NAME}_backend")" == true ]] ||
    die 'the backend network is not internal: its containers could reach beyond the machine'
  echo "containment: the backend network is internal, and the edge network's rule dropped $dropped packets bound off the machine"
  stack_down
  local left
  left=$(leftovers)
  [[ -z "$left" ]] || die "down -v left these behind: $(echo "$left" | tr '\n' ' ')"
  echo 'down -v left no container, network or volume behind'
  trap - EXIT
  stop_daemon
  step ''
  printf '%s\n' "${STEPS[@]}"
}

case "${1:-}" in
  up) cmd_up ;;
  down) cmd_down ;;
  test) cmd_test ;;
  *) die "usage: $0 up|down|test" ;;
esac
