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
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "src/edge/main.ts"]
