# The production image: `next start` serves the build; the same image runs the job worker with
# `docker run <image> node .next/worker.mjs`, the migrations with `node .next/migrate.mjs` and the
# operator's commands with `node .next/operator.mjs` and `node .next/payouts.mjs`. Only production
# dependencies are installed in it, and no tests, benchmarks or local stand-ins. The build needs no
# secret: every process reads its configuration at run time (`docker run --env-file`).
# `npm run test:production` (part of `npm test`) makes the same folders without Docker and runs them.

# Build: every dependency, then `npm run build` (the app, the compiled worker and the operator's commands).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# NEXT_PUBLIC_* values are written into the pages at build time, so they are build arguments; the
# environment file gives the server processes the same values at run time (a web server whose values
# differ from its build's refuses to start with APP_ENV=production).
ARG NEXT_PUBLIC_SITE_URL
ARG NEXT_PUBLIC_SUPABASE_URL
ARG NEXT_PUBLIC_SUPABASE_ANON_KEY
ARG NEXT_PUBLIC_PROMO_VIDEO_URL
ARG NEXT_PUBLIC_CGM_MARKETPLACE_URL
ARG NEXT_PUBLIC_WEB_VITALS_SAMPLE_RATE
ENV NEXT_TELEMETRY_DISABLED=1
# What the image leaves out goes now; .next moves aside to be copied with its own owner.
RUN npm run build && rm -rf .next/cache node_modules tests bench local && mv .next /next

# Production dependencies only (no tsx, no PGlite, no stand-ins).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000
COPY --from=deps /app/node_modules ./node_modules
# The sources too: `next start` loads next.config.ts, which imports some of them; the migrations.
COPY --from=build /app ./
# The server runs as the unprivileged user the Node image provides. Its dependencies and sources
# belong to root (read-only to it); .next is its own, as Next writes its cache there.
COPY --from=build --chown=node:node /next ./.next
USER node
EXPOSE 3000
# The web server's liveness check, or the worker's (WORKER_HEALTH_PORT) in a worker's container.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node_modules/.bin/next", "start"]
