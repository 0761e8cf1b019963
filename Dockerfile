# The production image (docs/operations.md, "Docker"). The build stage installs everything, generates
# the Prisma client and builds the web client and the server bundle; the deps stage installs the
# production dependencies alone; the runtime stage holds those, the bundle (server/dist), the web
# client, the migrations and the organisation file's schema, and runs as the unprivileged `node` user.
# The build and deps stages use the full Debian image, which has the compilers argon2 may need; the
# runtime the slim one of the same Node and Debian release.
# Tags are exact; to pin the bytes too, append the digest that
# `docker buildx imagetools inspect node:24.9.0-bookworm-slim` prints: FROM node:24.9.0-bookworm-slim@sha256:…
# npm test (scripts/test-all.mjs) also runs the image's test on this exact Node version.
FROM node:24.9.0-bookworm AS build
WORKDIR /app
# The manifests and what `postinstall` (scripts/generate.mjs) needs first: a source change does not
# invalidate the installed layer.
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
COPY prisma prisma
COPY prisma.config.ts tsconfig.base.json ./
COPY scripts/generate.mjs scripts/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24.9.0-bookworm AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY web/package.json web/
# --ignore-scripts: the root `postinstall` generates the Prisma client with the dev-only CLI (the
# bundle has the client built in), and the embedded PostgreSQL is not used (DATABASE_URL). argon2's
# script is the one needed: it loads the prebuilt binary and compiles one when that does not load.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm rebuild argon2 && npm cache clean --force

FROM node:24.9.0-bookworm-slim AS runtime
# The version compass_build_info reports: `docker build --build-arg COMPASS_VERSION=$(git describe --always) .`
ARG COMPASS_VERSION=unknown
ENV COMPASS_VERSION=$COMPASS_VERSION
ENV NODE_ENV=production \
    PORT=3000 \
    SEED_ON_START=false \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/web/dist web/dist
COPY --from=build /app/prisma/migrations prisma/migrations
COPY --from=build /app/docs/organisation-file.schema.json docs/
# Uploaded files (attachments, close-off PDFs, logos) in .data/files, the secrets key in
# .data/secrets.key, captured mail in .data/mail when SMTP_URL is unset: one volume, owned by the
# user the server runs as.
RUN mkdir -p .data && chown node:node .data
USER node
VOLUME /app/.data
EXPOSE 3000
# Readiness (migrations applied, database and file store answering); slim has no curl.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/dist/main.mjs"]
