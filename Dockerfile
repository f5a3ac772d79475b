# Preflight: build with the Swift toolchain, run on a slim Debian with only the shared
# libraries the binary needs (deploy/check.sh proves the list with ldd in `make test`).
ARG SWIFT_IMAGE=swift:6.3-bookworm

FROM ${SWIFT_IMAGE} AS build
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libmicrohttpd-dev libcurl4-openssl-dev libssl-dev pkg-config \
        bolt-19 curl python3 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# Package.swift declares the test targets too: SwiftPM wants their folders even to build the product.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
# What scripts/bolt.sh needs: it lays out the binary's hot code from a profile of requests served
# on loopback, as `make release` does (python3 serves the image of its cache hits and writes
# BOLT's list of the functions from hot-functions.order).
COPY scripts/bolt.sh scripts/hot-functions.py ./scripts/
COPY bench/payload-1k.json bench/media-origin.py ./bench/
ARG PREFLIGHT_COMMIT=unknown
ARG PREFLIGHT_BUILD_DATE=unknown
RUN swift build -c release --static-swift-stdlib --product preflight \
        -Xcc "-DPREFLIGHT_COMMIT=\"${PREFLIGHT_COMMIT}\"" -Xcc "-DPREFLIGHT_BUILD_DATE=\"${PREFLIGHT_BUILD_DATE}\"" \
    && bash scripts/bolt.sh .build/release/preflight \
    && mkdir -p /out \
    && cp .build/release/preflight /out/

FROM debian:bookworm-slim AS runtime
# Unpinned on purpose: a fetcher of untrusted URLs should take Debian's security updates
# (curl, OpenSSL) at every rebuild rather than keep an old version.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates libcurl4 libmicrohttpd12 libssl3 libstdc++6 libgcc-s1 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin preflight
COPY --from=build /out/preflight /usr/local/bin/preflight
COPY config/preflight.json /etc/preflight/preflight.json
USER 10001:10001
# The API on 8080; /healthz, /readyz and /metrics also alone on the admin listener (9090),
# which the HEALTHCHECK uses so it answers whatever the API port suffers.
ENV PREFLIGHT_HOST=0.0.0.0 PREFLIGHT_PORT=8080 PREFLIGHT_ADMIN_PORT=9090
EXPOSE 8080 9090
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 CMD ["/usr/local/bin/preflight", "healthcheck", "--port", "9090"]
ENTRYPOINT ["/usr/local/bin/preflight"]
CMD ["serve", "--config", "/etc/preflight/preflight.json"]
