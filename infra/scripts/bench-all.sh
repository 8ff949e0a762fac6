#!/usr/bin/env bash
# `make bench`: runs every bench/*/run.ts against the running platform (bench/recommend alone needs
# none: it is offline, in memory). When the platform is not up it is brought up first and down
# again afterwards.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
shopt -s nullglob

benches=(bench/*/run.ts)
if ((${#benches[@]} == 0)); then
  echo 'No benchmarks (bench/*/run.ts) yet.'
  exit 0
fi

export KINORA_URL="${KINORA_URL:-http://localhost:8080}"
# The benches send many viewers' calls from this one address: the gateway's per-client write
# limit (20 r/s by default) is raised for the platform they start.
export WRITE_RATE_LIMIT="${WRITE_RATE_LIMIT:-100000r/s}"
if curl -fsS -o /dev/null --max-time 5 http://127.0.0.1:8080/api/health; then
  echo "Using the platform already running at $KINORA_URL (started with its own WRITE_RATE_LIMIT:"
  echo "the write-heavy benches need it raised, e.g. make down, then make bench)"
else
  trap 'status=$?; make --no-print-directory down || true; exit $status' EXIT
  make --no-print-directory up
fi

# Every bench runs even when one before it fails (a failed soak says nothing about the uploads);
# the run fails at the end, naming them.
failed=()
for bench in "${benches[@]}"; do
  printf '\n######## %s\n' "$bench"
  node_modules/.bin/tsx "$bench" || failed+=("$bench")
done
if ((${#failed[@]})); then
  printf '\nFailed: %s\n' "${failed[*]}" >&2
  exit 1
fi
