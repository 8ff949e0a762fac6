#!/usr/bin/env bash
# Builds a stand-in for every base image our Dockerfiles and docker-compose.yml name, for machines
# that cannot reach Docker Hub: from Debian's packages (mmdebstrap), Node.js and npm from the npm
# registry, Kafka from Maven Central. Each is tagged kinora-base/<name>:<version>-<recipe hash>, the
# hash covering its folder here and what it is built from, so an unchanged recipe builds nothing.
# Prints the variables compose takes (NODE_IMAGE=kinora-base/node:…, POSTGRES_IMAGE=…) and writes
# them to .cache/images/bases.env; without them compose uses the official images.
#
#   bash infra/images/build-bases.sh [name …]     (default: every base)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
# shellcheck source-path=SCRIPTDIR source=../scripts/node.sh
source infra/scripts/node.sh

IMAGES=infra/images
WORK=.cache/images
NPM_VERSION=11.21.2
# apache/kafka:3.9.1's Kafka, from Maven Central with infra/kafka/pom.xml (whose own default, for
# the local runner, is 3.9.2).
KAFKA_VERSION=3.9.1
mkdir -p "$WORK"

# What every build context gets beside its recipe's folder: the Dockerfiles' package installer.
SHARED=("$IMAGES/apt-install")

# kinora-base/<name>:<version>-<hash of infra/images/<name>/, of SHARED (but for the debian base,
# which is no build) and of every further argument>
recipe_tag() {
  local name=$1 version=$2 hash
  shift 2
  hash=$({
    printf '%s\n' "$@"
    (cd "$IMAGES/$name" && find . -type f -print0 | sort -z | xargs -0 sha256sum)
    [[ $name == debian ]] || sha256sum "${SHARED[@]}"
  } | sha256sum | cut -c1-12)
  echo "kinora-base/$name:$version-$hash"
}
present() { docker image inspect "$1" >/dev/null 2>&1; }
# A fresh build context under .cache/images/<name> holding the recipe's folder and SHARED.
context() {
  rm -rf "${WORK:?}/$1"
  cp -r "$IMAGES/$1" "$WORK/$1"
  cp "${SHARED[@]}" "$WORK/$1/"
  echo "$WORK/$1"
}
# Package installs reach Debian's mirror over the host's network; nothing else is fetched in a build.
# The image's title and version labels are its tag's name and version (its Dockerfile describes it).
build() {
  local tag=$1 dir=$2 version
  shift 2
  version=${tag#*:}
  echo "building $tag" >&2
  docker build --quiet --network host --label org.opencontainers.image.source=kinora/infra/images \
    --label org.opencontainers.image.title="${tag%%:*}" --label org.opencontainers.image.version="${version%-*}" \
    -t "$tag" "$@" "$dir" >/dev/null
}

base_debian() {
  local tag
  tag=$(recipe_tag debian bookworm)
  if ! present "$tag"; then
    echo "building $tag (mmdebstrap, about a minute)" >&2
    local args=()
    mapfile -t args < <(grep -vE '^(#|$)' "$IMAGES/debian/recipe")
    mmdebstrap --quiet "${args[@]}" | docker import -c 'CMD ["bash"]' - "$tag" >/dev/null
  fi
  DEBIAN_IMAGE=$tag
}

base_node() {
  local tag dir
  tag=$(recipe_tag node "$KINORA_NODE_VERSION" "$DEBIAN_IMAGE" "$KINORA_NODE_INTEGRITY" "npm@$NPM_VERSION")
  if ! present "$tag"; then
    dir=$(context node)
    fetch_node_release "$dir/release"
    mv "$dir/release/bin/node" "$dir/node"
    (cd "$dir" && npm pack "npm@$NPM_VERSION" --silent >/dev/null && mkdir npm \
      && tar -xzf "npm-$NPM_VERSION.tgz" -C npm --strip-components=1)
    build "$tag" "$dir" --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE"
  fi
  NODE_IMAGE=$tag
}

# A stand-in made of Debian's packages alone, its Dockerfile all there is to it: sets the variable
# $1 to the tag of infra/images/$2 (version $3), built unless present.
debian_packages() {
  local tag dir
  tag=$(recipe_tag "$2" "$3" "$DEBIAN_IMAGE")
  if ! present "$tag"; then
    dir=$(context "$2")
    build "$tag" "$dir" --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE"
  fi
  printf -v "$1" '%s' "$tag"
}

base_postgres() { debian_packages POSTGRES_IMAGE postgres 15; }
base_redis() { debian_packages REDIS_IMAGE redis 7.0; }
base_nginx() { debian_packages NGINX_IMAGE nginx 1.22; }

# Kafka's jars come from Maven Central through the local runner's pom (the broker) and the folder's
# tools.pom.xml (the command-line tools, kafka-topics.sh and others), both at KAFKA_VERSION.
base_kafka() {
  local tag dir pom log jar
  tag=$(recipe_tag kafka "$KAFKA_VERSION" "$DEBIAN_IMAGE" "$(sha256sum infra/kafka/pom.xml infra/kafka/log4j.properties)")
  if ! present "$tag"; then
    command -v mvn >/dev/null || { echo 'Maven is needed to fetch Kafka (apt-get install maven)' >&2; exit 1; }
    dir=$(context kafka)
    cp infra/kafka/log4j.properties "$dir/log4j.properties"
    for pom in infra/kafka/pom.xml "$dir/tools.pom.xml"; do
      # Maven's output only when it fails (even -q prints colour resets).
      log=$(mvn -q -B -f "$pom" dependency:copy-dependencies \
        -Dkafka.version="$KAFKA_VERSION" -DoutputDirectory="$PWD/$dir/libs" 2>&1) || { echo "$log" >&2; exit 1; }
    done
    for jar in "kafka_2.13-$KAFKA_VERSION.jar" "kafka-tools-$KAFKA_VERSION.jar"; do
      [[ -f "$dir/libs/$jar" ]] || { echo "Maven finished but $jar is missing" >&2; exit 1; }
    done
    build "$tag" "$dir" --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" --build-arg KAFKA_VERSION="$KAFKA_VERSION"
  fi
  # shellcheck disable=SC2034 # read by name, as ${!var}, below
  KAFKA_IMAGE=$tag
}

# maildev and its dependencies as the folder's package-lock.json pins them, installed on the host
# (whose npm reaches the registry) and copied into the node stand-in.
base_maildev() {
  local tag dir version
  [[ -n "${NODE_IMAGE:-}" ]] || base_node
  version=$(node -p "require('./$IMAGES/maildev/app/package.json').dependencies.maildev")
  tag=$(recipe_tag maildev "$version" "$NODE_IMAGE")
  if ! present "$tag"; then
    dir=$(context maildev)
    npm ci --prefix "$dir/app" --omit=dev --no-audit --no-fund --silent >&2
    build "$tag" "$dir" --build-arg NODE_IMAGE="$NODE_IMAGE" --build-arg MAILDEV_VERSION="$version"
  fi
  # shellcheck disable=SC2034 # read by name, as ${!var}, below
  MAILDEV_IMAGE=$tag
}

ALL=(node postgres redis kafka maildev nginx)
wanted=("${@:-${ALL[@]}}")
command -v mmdebstrap >/dev/null || { echo 'mmdebstrap is missing (apt-get install mmdebstrap)' >&2; exit 1; }
base_debian
# The bases build on Debian side by side (each waits mostly on Debian's mirror, the registries or
# Maven Central), maildev after the node one it builds on; each group prints VAR=tag for its bases.
build_group() {
  local name var
  for name in "$@"; do
    [[ " ${wanted[*]} " == *" $name "* ]] || continue
    "base_$name"
    var="${name^^}_IMAGE"
    echo "$var=${!var}"
  done
}
pids=()
for group in 'node maildev' postgres redis kafka nginx; do
  # shellcheck disable=SC2086 # a group is a list of names
  build_group $group >"$WORK/${group%% *}.group" &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
((failed == 0)) || { echo 'a base image failed to build (above)' >&2; exit 1; }
for name in "${ALL[@]}"; do
  grep -h "^${name^^}_IMAGE=" "$WORK"/*.group || true
done | tee "$WORK/bases.env"
rm -f "$WORK"/*.group
