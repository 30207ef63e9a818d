# The server: API plus the built host (the shell). Sections are not baked in: they are
# published into the section store volume and pinned per environment (README).
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json rspack.config.base.ts ./
COPY shared ./shared
COPY server ./server
COPY host ./host
COPY remotes ./remotes
COPY e2e/package.json ./e2e/package.json
RUN npm ci --no-audit --no-fund && npm run build -w host && npm run build -w server && npm cache clean --force
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 SECTIONS_DIR=/srv/sections
EXPOSE 8080
CMD ["node", "--enable-source-maps", "server/dist/main.js"]
