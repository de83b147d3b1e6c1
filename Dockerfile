# syntax=docker/dockerfile:1
# The production image: the built server and web app on Node 24 with production dependencies only.
# Build:  docker build -t qgw-platform .
# Run:    docker run -p 3000:3000 -v qgw-data:/data --env-file .env qgw-platform
# The steps below are the ones the production artefact test runs (scripts/production.test.ts).

ARG NODE_IMAGE=node:24-slim

# ---- build: every dependency, then `npm run build` (web app + server bundle) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# no compiler needed: better-sqlite3 and argon2 ship prebuilt binaries for linux x64 and arm64
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies and the built output ----
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# the operator commands (npm run admin / migrate / backup / restore) run from source through tsx,
# a production dependency of the server
COPY packages/contracts/src packages/contracts/src
COPY apps/api/src apps/api/src
COPY apps/api/tsconfig.json apps/api/
COPY tsconfig.base.json ./
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node directly (not npm) so that SIGTERM reaches the server and it closes cleanly
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=20", "apps/api/dist/server.js"]
