# The gateway's identity-marks sidecar (gateway/identity-marks.ts): follows auth's identity stream in
# Redis and keeps the marks directory that nginx's identity.js reads. One runs beside every gateway,
# sharing that directory (compose: the identity-marks volume; k8s: an emptyDir in the gateway pod).
# The build context is the repo root:
#   docker build -f gateway/identity-marks.Dockerfile -t kinora/identity-marks .
# Node runs the TypeScript source as it is (type stripping); its run-time dependencies are ioredis and
# @kinora/contracts. npm reaches the registry with the build secret `npm-ca` when there is one.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Compile @kinora/contracts (it names the stream). TypeScript is a root devDependency.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
COPY proto/package.json proto/
COPY contracts/package.json contracts/
RUN --mount=type=secret,id=npm-ca,target=/run/secrets/npm-ca \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
    && npm ci --ignore-scripts --no-audit --no-fund -w @kinora/contracts --include-workspace-root
COPY contracts contracts
RUN node_modules/.bin/tsc -b contracts

# 2. Run-time dependencies only, at package-lock.json's versions. ioredis is a root devDependency (no
#    deployed workspace lists it), so the root manifest is narrowed to the two packages first; npm ci
#    still installs exactly what the lockfile pins, and the build fails if ioredis leaves the root.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
RUN node -e " \
  const fs = require('node:fs'); \
  const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')); \
  const dependencies = {}; \
  for (const name of ['ioredis', '@kinora/contracts']) { \
    const range = manifest.devDependencies?.[name]; \
    if (!range) throw new Error(name + ' is not a root devDependency any more: update this Dockerfile'); \
    dependencies[name] = range; \
  } \
  fs.writeFileSync('package.json', JSON.stringify({ name: manifest.name, private: true, workspaces: ['contracts'], dependencies }));"
RUN --mount=type=secret,id=npm-ca,target=/run/secrets/npm-ca \
    --mount=type=cache,target=/root/.npm,sharing=locked \
    if [ -s /run/secrets/npm-ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm-ca; fi \
    && npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# 3. Runtime, as node. The marks directory exists (owned by node) so the image also runs without a
#    volume, but the gateway only sees the marks when the directory is shared with it.
FROM ${NODE_IMAGE} AS runtime
ARG VERSION=dev
LABEL org.opencontainers.image.title="kinora-identity-marks" \
      org.opencontainers.image.description="Kinora's gateway sidecar keeping the identity marks nginx checks signed cookies against" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.vendor="Kinora" \
      org.opencontainers.image.licenses="UNLICENSED"
RUN mkdir -p /run/kinora/identity-marks && chown node:node /run/kinora/identity-marks
ENV NODE_ENV=production \
    IDENTITY_MARKS_DIR=/run/kinora/identity-marks
WORKDIR /app
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/contracts/package.json contracts/
COPY --from=build /app/contracts/dist contracts/dist
COPY gateway/identity-marks.ts gateway/
# An ES module, said so (Node would otherwise parse it twice to find out).
RUN echo '{ "type": "module" }' > gateway/package.json
USER node
HEALTHCHECK --interval=15s --timeout=5s --retries=4 \
  CMD ["node", "-e", "const s = require('fs').statSync(process.env.IDENTITY_MARKS_DIR + '/.alive', { throwIfNoEntry: false }); process.exit(s && Date.now() - s.mtimeMs > 30000 ? 1 : 0)"]
# REDIS_URL and REDIS_PREFIX come from the deployment (the services' values).
CMD ["node", "gateway/identity-marks.ts"]
