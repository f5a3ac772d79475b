#!/usr/bin/env bash
# Builds the image from the Dockerfile as it is: podman, --pull=never (no registry is reachable;
# the base images are made locally when absent), --format docker (the OCI format drops the
# HEALTHCHECK). Prints the image's size and the build's time. `make image` runs it.
# usage: deploy/podman/build-image.sh [TAG] [extra podman build arguments...]
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF=$PWD/deploy/podman/containers.conf
image=${1:-localhost/preflight:test}
shift || true
bash deploy/podman/make-base-images.sh
log=$(mktemp /tmp/preflight-image-build.XXXXXX)
started=$(date +%s.%N)
podman build --pull=never --format docker --network host \
  --build-arg PREFLIGHT_COMMIT="$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)" \
  --build-arg PREFLIGHT_BUILD_DATE="$(git log -1 --format=%cI 2>/dev/null || echo unknown)" \
  "$@" -t "$image" . > "$log" 2>&1 || { tail -40 "$log"; echo "podman build failed" >&2; exit 1; }
seconds=$(echo "$(date +%s.%N) - $started" | bc)
size=$(podman image inspect "$image" --format '{{.Size}}')
printf 'image %s: %d MB, built in %.0f s\n' "$image" "$((size / 1000000))" "$seconds"
rm -f "$log"
