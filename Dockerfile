# No "# syntax=" line: it makes BuildKit pull a frontend image from Docker Hub, which an
# air-gapped build host cannot reach. Everything below builds with the npm registry (or a mirror)
# and Debian's packages only.

# Build stage: compiles TypeScript and the native better-sqlite3 addon (no prebuilt binary is
# downloaded; node-gyp builds it), drops dev dependencies, and installs the scene models.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY models ./models
# onnxruntime-node's install script would fetch CUDA files; its CPU binaries ship in the package.
# swagger-ui-dist pulls in Scarf, whose install script phones home: off (npm 11 also obeys
# package.json's allowScripts; the npm in this image does not). node-gyp builds against the base
# image's own Node headers (/usr/local/include/node) instead of downloading them from nodejs.org.
ENV ONNXRUNTIME_NODE_INSTALL=skip \
    SCARF_ANALYTICS=false \
    npm_config_nodedir=/usr/local
RUN npm ci --no-audit --no-fund && npm prune --omit=dev --no-audit --no-fund
# Dead weight in a Linux image of one architecture: onnxruntime's macOS and Windows binaries and
# the other architecture's (245 MB in all), and better-sqlite3's SQLite sources and object files
# (only build/Release/better_sqlite3.node is loaded).
RUN arch=$(case "$(uname -m)" in aarch64) echo arm64 ;; *) echo x64 ;; esac) \
 && ort=node_modules/onnxruntime-node/bin/napi-v6 \
 && rm -rf "$ort/win32" "$ort/darwin" $(ls -d "$ort"/linux/* | grep -v "/$arch\$") \
 && cd node_modules/better-sqlite3 \
 && rm -rf deps src build/deps build/Release/obj build/Release/obj.target build/Release/.deps build/Release/test_extension.node build/Release/sqlite3.a

# The recommended scene models (a detector and two classifiers), checked against the catalogue's
# sha256: from PAWLENS_MODELS_FROM, a folder of the build context (docker-models/ is there for it,
# ignored by git), or else from the catalogue's upstream addresses. The image carries them to an
# air-gapped site; nothing is downloaded at run time. PAWLENS_MODELS names the models to install
# instead, space-separated; empty (--build-arg PAWLENS_MODELS=) builds an image with none, offline
# and with nothing in docker-models/, that answers from its built-in models until `pawlens models
# install` adds them to its /models volume.
ARG PAWLENS_MODELS_FROM=
ARG PAWLENS_MODELS=recommended
COPY ${PAWLENS_MODELS_FROM:-docker-models} ./models-from
RUN if [ -n "$PAWLENS_MODELS_FROM" ]; then from="--from /app/models-from"; else from=""; fi \
 && mkdir -p /app/scene-models \
 && for model in $PAWLENS_MODELS; do PAWLENS_MODELS_DIR=/app/scene-models node dist/cli.js models install "$model" $from || exit 1; done

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
# Built-in models stay in the image (/app/models/builtin); installed ones go to the /models
# volume, which starts with the scene models the build installed.
COPY --from=build --chown=node:node /app/scene-models /models
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data", "/models"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PAWLENS_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/cli.js", "serve"]
