#!/usr/bin/env bash
# CPU per request of one running service process, under wrk, with the two cores split: the
# process pinned to core 1, wrk to core 0, so neither steals the other's time. Warms up for
# AB_WARMUP (10) s, then reads the process's CPU ticks from /proc around AB_SECONDS (15) s of load.
#
#   bash bench/ab/cpu.sh <process> <wrk arguments (URL, -s script, -H headers)...>
#   bash bench/ab/cpu.sh auth -H 'Cookie: kinora_session=bbbb' http://127.0.0.1:3001/api/auth/user
#
# Prints "<process> <µs of CPU per request> <requests/s>". For an A/B, swap the process between
# trees (swap.sh) and alternate, reversing the order, on the same platform.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
name=${1:?process name (under .run/pids)}
shift
pid=$(cat ".run/pids/$name.pid")
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
taskset -pc 1 "$pid" >/dev/null
taskset -c 0 wrk -t1 -c32 -d"${AB_WARMUP:-10}"s "$@" >/dev/null
before=$(ticks)
out=$(taskset -c 0 wrk -t1 -c32 -d"${AB_SECONDS:-15}"s "$@")
after=$(ticks)
taskset -pc 0-1 "$pid" >/dev/null
requests=$(sed -nE 's/^ *([0-9]+) requests in.*/\1/p' <<<"$out")
rate=$(sed -nE 's/^Requests\/sec: *([0-9.]+).*/\1/p' <<<"$out")
hz=$(getconf CLK_TCK)
echo "$name $(((after - before) * 1000000 / hz / requests)) us/request ${rate%.*} req/s"
