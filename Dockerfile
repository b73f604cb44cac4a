# One image for the API and the worker (docker-compose.yml runs it twice with different commands).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Chromium for render_js (Debian's package; Playwright drives it through executablePath).
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN DATABASE_URL=postgresql://build:only@localhost:1/none npx prisma generate
# The API and the worker write bundles of their sources here at start (src/runtime/source-bundle.mjs).
RUN mkdir -p node_modules/.cache && chown node node_modules/.cache
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
USER node
EXPOSE 3000
CMD ["node", "--single-threaded-gc", "--no-allocation-site-pretenuring", "--min-semi-space-size=8", "--heap-growing-percent=50", "src/runtime/run-service.mjs", "src/edge/main.ts"]
