# Covid Atlas: build with the official Swift image, run on slim Debian.
# docker build -t covid-atlas . && docker run -p 8080:8080 -v atlas-data:/data covid-atlas
# Several processes on PostgreSQL behind nginx: deploy/compose.yaml.
# Stop with `docker stop -t 15`: the server finishes in-flight requests for up to 10 s on SIGTERM.

# The same Swift release as development and CI (6.3).
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends pkg-config libcurl4-openssl-dev libsqlite3-dev libssl-dev libpq-dev zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --product covid-atlas --static-swift-stdlib \
    && install -D .build/release/covid-atlas /out/covid-atlas

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libcurl4 libsqlite3-0 libssl3 libpq5 zlib1g libstdc++6 ca-certificates tzdata libjs-leaflet iso-flags-svg \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin atlas \
    && mkdir -p /data && chown atlas /data
WORKDIR /app
COPY --from=build /out/covid-atlas /usr/local/bin/covid-atlas
COPY Views ./Views
COPY Catalogs ./Catalogs
COPY Public ./Public
COPY data ./data
USER atlas
VOLUME ["/data"]
EXPOSE 8080
STOPSIGNAL SIGTERM
# Healthy while the process answers /healthz with 200: it does so with the database down too
# ("status":"degraded") while it serves the pages it holds, and that is not unhealthy.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080 && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q '^HTTP/1\\.[01] 200 '"]
ENTRYPOINT ["covid-atlas"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8080", "--database", "/data/covid-atlas.sqlite"]
