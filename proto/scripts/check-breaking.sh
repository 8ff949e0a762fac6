#!/usr/bin/env bash
# `buf breaking`: the event contracts may grow, never break (FILE rules in buf.yaml), against the
# last commit on main. On a working tree that differs from main (a developer's change) that is
# main's tip; on main itself (CI checks the submitted main) it is the commit before, so the
# submission as a whole is checked against what was there before it.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BUF=node_modules/.bin/buf

if ! git rev-parse --verify -q main >/dev/null; then
  echo 'proto: no main branch here; breaking-change check skipped.'
  exit 0
fi
against=main
if [ "$(git rev-parse HEAD)" = "$(git rev-parse main)" ] && git diff --quiet HEAD -- proto; then
  if ! git rev-parse --verify -q 'main~1' >/dev/null; then
    echo 'proto: main has a single commit; breaking-change check skipped.'
    exit 0
  fi
  against='main~1'
fi
ref=$(git rev-parse "$against")
"$BUF" breaking proto --against ".git#ref=${ref},subdir=proto"
echo "proto: no breaking change against ${against} (${ref:0:12})."
