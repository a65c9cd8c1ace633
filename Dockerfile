# syntax=docker/dockerfile:1
# One image for every process of a Parley cluster: ROLE=api, ROLE=worker or ROLE=all (default),
# and `node apps/server/dist/migrate.js` for the migration Job. See README § Operations.

# --- build: every dependency (compilers included), the build, then production dependencies only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/analysis/package.json packages/analysis/
COPY packages/ai/package.json packages/ai/
# Behind a TLS-intercepting proxy npm needs the proxy's CA: pass it as the secret `build-ca` and
# --build-arg NODE_EXTRA_CA_CERTS=/run/secrets/build-ca. Neither reaches the runtime image.
ARG NODE_EXTRA_CA_CERTS
RUN --mount=type=secret,id=build-ca npm ci --no-audit --no-fund --loglevel=error
COPY tsconfig.base.json ./
COPY apps apps
COPY packages packages
# npm nests a workspace's dependency under its own node_modules when the root holds another
# version (the server's @opentelemetry/* today); the runtime copies the server's, made if none.
RUN --mount=type=secret,id=build-ca npm run build --silent \
  && npm prune --omit=dev --no-audit --no-fund && mkdir -p apps/server/node_modules

# --- runtime: Debian slim with the media and speech tools the analysis runs, as a non-root user.
FROM node:20-bookworm-slim
# ffmpeg: media probing and decoding; pocketsphinx: the offline speech engine; espeak-ng: the
# notetaker's and the practice interviewer's voices; chromium: the Parley Notetaker in rooms;
# fonts-dejavu-core: PDF reports in any script; tini: signals reach node (graceful shutdown).
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    ffmpeg pocketsphinx pocketsphinx-en-us espeak-ng chromium fonts-dejavu-core tini ca-certificates \
  && rm -rf /var/lib/apt/lists/*
# /data/media exists, owned by parley, so a volume mounted there (compose's `media`) starts so too.
RUN useradd --system --uid 10001 --create-home --home-dir /home/parley parley \
  && mkdir -p /data/media && chown -R parley:parley /data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules node_modules
COPY --from=build --chown=root:root /app/packages packages
COPY --from=build --chown=root:root /app/apps/server/package.json apps/server/
COPY --from=build --chown=root:root /app/apps/server/node_modules apps/server/node_modules
COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist
COPY --from=build --chown=root:root /app/apps/server/drizzle apps/server/drizzle
COPY --from=build --chown=root:root /app/apps/server/assets apps/server/assets
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
COPY deploy/healthcheck.mjs deploy/healthcheck.mjs
ENV NODE_ENV=production \
    ROLE=all \
    HOST=0.0.0.0 \
    PORT=8080 \
    METRICS_PORT=9464 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
USER parley
EXPOSE 8080 9464
VOLUME ["/data"]
# Podman and buildah keep this only with `--format docker` (an OCI image has no health check).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "deploy/healthcheck.mjs"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/server/dist/main.js"]
