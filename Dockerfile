# syntax=docker/dockerfile:1
# 听雨小筑: the client and the server built in the image, run by node as a user without privileges.

# 1. Everything the build needs (dev dependencies too), then the client (dist/) and the server (dist-server/).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (better-sqlite3 and sharp ship prebuilt binaries for this platform).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# 3. The runtime: no compilers, no sources beyond what the server reads at run time.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# The demo content and album seed a first start (SEED_DEMO=false skips them).
COPY --from=build /app/content ./content
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# /readyz: the database, Redis (when set) and the media store answer.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The V8 flags keep an idle instance small (docs/deploy.md, "Memory"); npm start and the systemd unit use the same.
# node itself is PID 1's child-free process: SIGTERM reaches the server, which drains and exits.
CMD ["node", "--max-semi-space-size=1", "--optimize-for-size", "dist-server/start.js"]
