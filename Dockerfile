# syntax=docker/dockerfile:1
# The whole shop in one image: the NestJS API serving the built shell and remotes on one port.
# Build: docker build -t growth-storefront .   (or `docker compose up --build`)

# ---- build: install everything, build every app, then drop dev dependencies ----
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false \
    NX_NO_CLOUD=true \
    NX_SKIP_NX_CACHE=true \
    SCARF_ANALYTICS=false \
    CI=true

# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json .npmrc nx.json tsconfig.base.json ./
COPY contracts/package.json contracts/
COPY backend/package.json backend/
COPY frontends/kit/package.json frontends/kit/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/storefront/package.json frontends/storefront/
COPY frontends/account/package.json frontends/account/
COPY frontends/admin/package.json frontends/admin/
COPY e2e/package.json e2e/
# Same as on the team's machines (npm 11): no package install scripts. Everything this stack needs
# ships prebuilt binaries as optional dependencies.
RUN npm ci --ignore-scripts

COPY contracts contracts
COPY backend backend
COPY frontends frontends
RUN npx nx run-many -t build --outputStyle=stream

# Production dependencies only, then gather exactly what runs into /out.
RUN npm prune --omit=dev --ignore-scripts \
 && mkdir -p /out/contracts /out/backend /out/frontends /out/.data \
 && cp -a package.json package-lock.json node_modules /out/ \
 && cp -a contracts/package.json contracts/dist /out/contracts/ \
 && cp -a backend/package.json backend/dist /out/backend/ \
 && if [ -d backend/node_modules ]; then cp -a backend/node_modules /out/backend/; fi \
 && for app in shell storefront account admin; do \
      mkdir -p "/out/frontends/$app" && cp -a "frontends/$app/package.json" "frontends/$app/dist" "/out/frontends/$app/"; \
    done

# ---- runtime: production dependencies and build output, run as the unprivileged node user ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY --from=build --chown=node:node /out /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "backend/dist/main.js"]
