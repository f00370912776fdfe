# examprep-server in a small runtime image.
#
#   docker build -t examprep-server .
#   docker compose up            (see docker-compose.yml and .env.example)
#
# The build stage needs Swift 6.2 or newer (Package.swift says swift-tools-version:6.2);
# override the image with --build-arg SWIFT_IMAGE=swift:6.2-bookworm if 6.3 is not at hand.
# Both stages are Debian 12 (bookworm), so the runtime's libpq5/libcrypt1 are the ones the
# binary was linked against.
ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---------------------------------------------------------------------------------------------
FROM ${SWIFT_IMAGE} AS build

RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends libpq-dev libcrypt-dev libssl-dev zlib1g-dev libcurl4-openssl-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src

# The package's sources, migrations and OpenAPI document (both embedded by a build plugin)
# and scripts/build-release: .dockerignore lets in nothing else, so a change to the README,
# docs/ or the compose files does not rerun this stage.
COPY . .
RUN binary="$(scripts/build-release)" \
    && mkdir -p /staging \
    && cp "$binary" /staging/ \
    && { ! command -v strip >/dev/null || strip /staging/examprep-server; }

# ---------------------------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE} AS runtime

# The binary carries the Swift runtime and Foundation (--static-swift-stdlib) and its SQL
# migrations; it links libpq (which brings libssl3, Kerberos and LDAP client libraries),
# libcrypt, zlib (the pages' assets are gzipped at start), libcurl (its SMTP client sends the
# server's mail), libstdc++ and libgcc_s dynamically;
# tzdata gives courses their IANA time zones.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -q \
    && apt-get install -y -q --no-install-recommends libpq5 libcrypt1 zlib1g libcurl4 libstdc++6 ca-certificates tzdata \
    && rm -rf /var/lib/apt/lists/*

# An ordinary (not system) user and group with matching, explicit ids: no warning about the
# system uid range, and no arbitrary gid.
RUN groupadd --gid 10001 examprep \
    && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /app --shell /usr/sbin/nologin examprep \
    && mkdir -p /app/data \
    && chown -R 10001:10001 /app

COPY --from=build /staging/examprep-server /usr/local/bin/examprep-server

WORKDIR /app
USER 10001:10001

# ENV=production refuses to start without JWT_SECRET (or JWT_SECRET_FILE) of at least 32
# bytes; DATABASE_URL (or DATABASE_URL_FILE) must point at PostgreSQL (without it the server
# would try to start an embedded cluster, which this image has no binaries for). A database
# that is not up yet is waited for (DATABASE_STARTUP_WAIT, 60 s by default).
ENV HOST=0.0.0.0 \
    PORT=8080 \
    ENV=production \
    LOG_LEVEL=info \
    EXAMPREP_DATA_DIR=/app/data

EXPOSE 8080
# `docker ps` shows the server healthy once GET /ready answers 200: PostgreSQL is reachable
# and the schema current. The image has no curl; the server binary asks itself.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["/usr/local/bin/examprep-server", "healthcheck"]
# SIGTERM: in-flight requests finish, then the process exits.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/examprep-server"]
