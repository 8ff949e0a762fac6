#!/usr/bin/env bash
# Restarts one of the running platform's (make up) service processes from another checkout's
# build, with the environment it runs with now, so two revisions of a service can be measured
# against the same platform, data and gateway, one after the other.
#
#   bash bench/ab/swap.sh <process> <tree>     e.g. ads /tmp/bench-prev  (or this checkout, to swap back)
#
# <process> is a name under .run/pids (ads, auth, catalog, analytics-worker, ...); <tree> a
# checkout whose services are built (npx tsc -b services/<service>/tsconfig.json there).
# NODE_FLAGS (e.g. --inspect=127.0.0.1:9229 for a CPU profile) go to node, AB_ENV (e.g.
# "PUBLIC_READ_CACHE=off") is added to its environment. The new process logs to
# /tmp/ab-<process>.log and its pid replaces the old one in .run/pids, so make down stops it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
name=${1:?process name (under .run/pids)}
tree=$(cd "${2:?checkout to run it from}" && pwd)
pidfile=.run/pids/$name.pid
pid=$(cat "$pidfile")
[[ -r /proc/$pid/environ ]] || { echo "$name (pid $pid) is not running" >&2; exit 2; }
mapfile -d '' envs <"/proc/$pid/environ"
mapfile -d '' argv <"/proc/$pid/cmdline"
entry=${argv[-1]}                          # <checkout>/services/<service>/dist/src/<main|worker>.js
rel=services/${entry##*/services/}
[[ "$rel" == services/*/dist/* && -f "$tree/$rel" ]] || { echo "no $tree/$rel (built?)" >&2; exit 2; }
port=$(printf '%s\n' "${envs[@]}" | sed -n 's/^PORT=//p' | head -1)
node=${argv[0]}

kill "$pid"
while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
cd "$tree/$(dirname "$(dirname "$(dirname "$rel")")")"
# shellcheck disable=SC2086 # AB_ENV and NODE_FLAGS are lists
env -i "${envs[@]}" ${AB_ENV:-} setsid "$node" ${NODE_FLAGS:-} --enable-source-maps "$tree/$rel" \
  >>"/tmp/ab-$name.log" 2>&1 </dev/null &
echo $! >"$OLDPWD/$pidfile"
if [[ -n "$port" ]]; then
  for _ in $(seq 600); do
    curl -fs "http://127.0.0.1:$port/health/live" >/dev/null && break
    sleep 0.1
  done
fi
echo "$name now runs $tree/$rel (pid $!)"
