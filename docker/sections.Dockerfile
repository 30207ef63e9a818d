# Section hosting: serves the section store (volume) under /sections/ with immutable caching
# for bundle files and no-cache for manifests, and proxies everything else to the server.
FROM nginx:1.27-alpine
COPY docker/nginx.conf /etc/nginx/conf.d/default.conf
EXPOSE 80
