# The site as a container image: one Node server (pages + Supabase-compatible API) that runs as an
# unprivileged user. Build:   docker build -t wasla-web .
# Without a registry, build a Debian base with Node first (scripts/debian-base-image.sh) and pass it:
#   docker build --build-arg BASE_IMAGE=wasla/debian-node:bookworm -t wasla-web .
# Run one node (embedded database in the /data volume):
#   docker run -d --name wasla -p 127.0.0.1:3000:3000 -v wasla-data:/data -e ADMIN_EMAIL=you@example.com wasla-web
# Several nodes: docker-compose.yml (PostgreSQL, two web nodes, HAProxy). See docs/deploy.md.
ARG BASE_IMAGE=node:24-bookworm-slim

# 1. All dependencies (dev ones included), installed once: this layer is reused until the lockfile changes.
FROM ${BASE_IMAGE} AS deps-all
WORKDIR /app
COPY package.json package-lock.json ./
# Local packages the lockfile links to (packages/README.md).
COPY packages ./packages
RUN npm ci --no-audit --no-fund

# 2. Production dependencies only: the same install with the dev dependencies removed (no second
# download and install), then the dev packages npm keeps because a production package names them as an
# optional peer (the Lingui Babel macro and Babel with it): the server compiles nothing at run time.
FROM deps-all AS deps
COPY scripts/prune-dev-optional.mjs ./scripts/
RUN npm prune --omit=dev --no-audit --no-fund && node scripts/prune-dev-optional.mjs

# 3. The site, and the mail templates and catalogs compiled for the server (build/mail: no compiler at
# run time).
FROM deps-all AS build
COPY . .
RUN npm run build && date -u +%FT%TZ > build/.stamp

# 4. The image: production dependencies, the built site, and the sources the server runs (Node strips
# the TypeScript types itself: no build step for the server).
FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SHUTDOWN_GRACE_SECONDS=25 \
    NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json package-lock.json ./
COPY packages ./packages
COPY server ./server
COPY src ./src
COPY supabase ./supabase
COPY locales ./locales
COPY scripts/lib ./scripts/lib
COPY scripts/start.mjs scripts/node.mjs ./scripts/
# The `node` user (uid 1000) of the Node images; a Debian base made by scripts/debian-base-image.sh has it too.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
# 3001: the analytics listener, when ANALYTICS_PORT=3001 (docker-compose.yml; docs/analytics.md).
EXPOSE 3000 3001
# Liveness only: readiness (/readyz) is for the load balancer (docs/serving.md, "Health and shutdown").
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: not ready, stop accepting, finish requests in flight, hand back mail claims, exit.
STOPSIGNAL SIGTERM
CMD ["node", "--liftoff-only", "--max-semi-space-size=8", "server/main.ts"]
