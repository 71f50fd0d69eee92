# syntax=docker/dockerfile:1
# Build stage: compiles TypeScript and the native better-sqlite3 addon (no prebuilt binary is
# downloaded; node-gyp builds it), then drops dev dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc tsconfig.json tsconfig.build.json ./
COPY src ./src
# onnxruntime-node's install script would fetch CUDA files; its CPU binaries ship in the package.
# swagger-ui-dist pulls in Scarf, whose install script phones home: off (npm 11 also obeys
# package.json's allowScripts; the npm in this image does not).
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    SCARF_ANALYTICS=false
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund

# Runtime stage: no compiler, no sources, an unprivileged user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PAWLENS_HOST=0.0.0.0 \
    PAWLENS_PORT=8080 \
    PAWLENS_DATA_DIR=/data \
    PAWLENS_MODELS_DIR=/models
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY models ./models
COPY console ./console
# Built-in models stay in the image (/app/models/builtin); installed ones go to the /models volume.
# The recommended scene models (a detector and a classifier) are downloaded here, at build time,
# from the catalogue's upstream addresses and checked against its sha256: the image carries them
# to an air-gapped site, and nothing is downloaded at run time.
RUN mkdir -p /data /models \
 && node dist/cli.js models install recommended \
 && chown -R node:node /data /models
USER node
VOLUME ["/data", "/models"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PAWLENS_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/cli.js", "serve"]
