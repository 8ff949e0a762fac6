#!/usr/bin/env bash
# Installs what this machine lacks to run and test Kinora, and nothing it already has:
# Node.js as .nvmrc names it (into .cache/node when the machine's own is another version), Debian packages (when root or with sudo; otherwise a message naming them), the npm
# dependencies (when node_modules is missing or older than package-lock.json) and the Kafka
# artifacts from Maven Central (cached in .cache/). `make up`, `make test` and `.ci/run` all
# call it; this is the one list of the machine's packages.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export DEBIAN_FRONTEND=noninteractive
START=$(date +%s)

# command -> Debian package; a package is installed only when its command is missing.
declare -A needs=(
  [nginx]=nginx
  [ffmpeg]=ffmpeg
  [chromium]=chromium
  [wrk]=wrk
  [mvn]=maven
  [java]=openjdk-17-jre-headless
  [psql]=postgresql-client
  [redis-cli]=redis-tools
  [kubectl]=kubectl
  [curl]=curl
  [ss]=iproute2
  [flock]=util-linux
  [make]=make
)
missing=()
for cmd in "${!needs[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${needs[$cmd]}")
done
# Files without a command of their own: Chromium's fonts (pages would render without text),
# the poster and watermark fonts (catalog-worker's drawtext: DejaVu Sans, and the condensed faces of the posters), the gateway's njs module.
[ -e /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || missing+=(fonts-liberation)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || missing+=(fonts-dejavu-core)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSerifCondensed-Bold.ttf ] || missing+=(fonts-dejavu-extra)
[ -e /usr/lib/nginx/modules/ngx_http_js_module.so ] || missing+=(libnginx-mod-http-js)

if ((${#missing[@]})); then
  sudo=''
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
      sudo='sudo'
    else
      echo "Kinora needs these Debian packages, and installing them needs root:" >&2
      echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
      exit 1
    fi
  fi
  apt_get() {
    # The shared lock keeps concurrent installs on one machine from colliding.
    if command -v flock >/dev/null; then
      $sudo flock /tmp/kinora-apt.lock apt-get "$@"
    else
      $sudo apt-get "$@"
    fi
  }
  echo "Installing Debian packages: ${missing[*]}"
  apt_get update -qq
  apt_get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Node.js as .nvmrc names it (infra/scripts/node.sh), before anything runs on it.
# shellcheck source=node.sh
source infra/scripts/node.sh
ensure_node

# npm ci when node_modules is missing or older than the lock file (npm writes
# node_modules/.package-lock.json on every install).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo 'Installing npm dependencies (npm ci)'
  npm ci --no-audit --no-fund --loglevel=error
fi

node_modules/.bin/tsx infra/local/main.ts fetch

elapsed=$(($(date +%s) - START))
if ((elapsed > 2)); then echo "Install step: ${elapsed} s"; fi
