# syntax=docker/dockerfile:1
# The gateway's identity-marks sidecar (gateway/identity-marks.ts): follows auth's identity stream in
# Redis and keeps the marks directory that nginx's identity.js reads. One runs beside every gateway,
# sharing that directory (compose: the identity-marks volume; k8s: an emptyDir in the gateway pod).
# The build context is the repo root:
#   docker build -f gateway/identity-marks.Dockerfile -t kinora/identity-marks .
# It runs its TypeScript source with tsx, as local mode does (infra/local/platform.ts): the module
# only starts when run as identity-marks.ts. Run-time dependencies: tsx, ioredis, @kinora/contracts.
ARG NODE_IMAGE=node:20-bookworm-slim

# 1. Compile @kinora/contracts (it names the stream). TypeScript is a root devDependency, as in the
#    services' Dockerfiles.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY proto/package.json proto/
COPY contracts/package.json contracts/
COPY services/common/package.json services/common/
RUN npm ci --ignore-scripts --no-audit --no-fund -w @kinora/contracts --include-workspace-root
COPY contracts contracts
RUN node_modules/.bin/tsc -b contracts

# 2. Run-time dependencies only, at package-lock.json's versions. tsx and ioredis are root
#    devDependencies (no deployed workspace lists them), so the root manifest is narrowed to the three
#    packages first; npm ci still installs exactly what the lockfile pins, and the build fails if one
#    of them leaves the root manifest.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
RUN node <<'EOF'
const fs = require('node:fs');
const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const dependencies = {};
for (const name of ['tsx', 'ioredis', '@kinora/contracts']) {
  const range = manifest.devDependencies?.[name];
  if (!range) throw new Error(`${name} is not a root devDependency any more: update this Dockerfile`);
  dependencies[name] = range;
}
fs.writeFileSync(
  'package.json',
  JSON.stringify({ name: manifest.name, private: true, workspaces: ['contracts'], dependencies }, null, 2),
);
EOF
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. Runtime, as node. The marks directory exists (owned by node) so the image also runs without a
#    volume, but the gateway only sees the marks when the directory is shared with it.
FROM ${NODE_IMAGE} AS runtime
RUN mkdir -p /run/kinora/identity-marks && chown node:node /run/kinora/identity-marks
ENV NODE_ENV=production \
    IDENTITY_MARKS_DIR=/run/kinora/identity-marks
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/contracts/package.json contracts/
COPY --from=build /app/contracts/dist contracts/dist
COPY gateway/identity-marks.ts gateway/
USER node
# REDIS_URL and REDIS_PREFIX come from the deployment (the services' values).
CMD ["node", "--import", "tsx", "gateway/identity-marks.ts"]
