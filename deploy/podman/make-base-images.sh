#!/usr/bin/env bash
# Makes the two base images the Dockerfile names, locally, when podman does not have them:
# no registry is reachable from these machines.
#  - docker.io/library/debian:bookworm-slim: Debian bookworm by mmdebstrap (minbase, merged-usr,
#    without documentation, manual pages, locales and apt lists, as Debian's Docker images are);
#  - docker.io/library/swift:6.3-bookworm: the same plus what `swift build` needs of the system,
#    and the Swift toolchain this machine has (SWIFT_ROOT, /opt/swift by default).
# usage: deploy/podman/make-base-images.sh   (CONTAINERS_CONF=deploy/podman/containers.conf)
set -euo pipefail
swift_root=${SWIFT_ROOT:-/opt/swift}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
slim=docker.io/library/debian:bookworm-slim
builder=docker.io/library/swift:6.3-bookworm

# Debian's Docker image settings: no docs, man pages or locales; apt cleans up after itself.
common=(
  --variant=minbase --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*'
  --dpkgopt='path-exclude=/usr/share/info/*'
  --aptopt='APT::Install-Recommends "false"'
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*'
)
sources=("deb $mirror bookworm main" "deb $mirror bookworm-updates main" "deb $security bookworm-security main")

if ! podman image exists "$slim"; then
  echo "making $slim with mmdebstrap"
  mmdebstrap "${common[@]}" --include=ca-certificates bookworm - "${sources[@]}" \
    | podman import --change 'CMD ["/bin/bash"]' - "$slim" > /dev/null
fi

if ! podman image exists "$builder"; then
  [ -x "$swift_root/usr/bin/swift" ] || { echo "no Swift toolchain at $swift_root" >&2; exit 1; }
  echo "making $builder from $slim's packages and the toolchain at $swift_root"
  mmdebstrap "${common[@]}" \
    --include=ca-certificates,binutils,libc6-dev,libgcc-12-dev,libstdc++-12-dev,zlib1g-dev,libuuid1,libcurl4,libxml2,libedit2,libsqlite3-0,libncurses6,tzdata,pkg-config,git \
    --customize-hook="mkdir -p \"\$1/opt\" && cp -a $swift_root \"\$1/opt/swift\"" \
    bookworm - "${sources[@]}" \
    | podman import --change 'ENV PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'CMD ["/bin/bash"]' - "$builder" > /dev/null
fi
podman image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E "debian:bookworm-slim|swift:6.3-bookworm"
