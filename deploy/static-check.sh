#!/usr/bin/env bash
# The release binary runs without the Swift toolchain: nothing of the toolchain among its dynamic
# dependencies, and it runs (version, a check) with the toolchain's directory hidden under an empty
# tmpfs, in a mount namespace of its own. `make static-check` (in `make test`) runs it.
# usage: deploy/static-check.sh PATH/TO/preflight
set -euo pipefail
binary=$(realpath "$1")
swift=$(command -v swift || echo /opt/swift/usr/bin/swift)
toolchain=${SWIFT_ROOT:-$(dirname "$(dirname "$(dirname "$(realpath "$swift")")")")}
[ -d "$toolchain/usr/lib/swift" ] || { echo "static-check: no toolchain at $toolchain" >&2; exit 1; }
if ldd "$binary" | grep -E "libswift|libFoundation|libdispatch|libBlocksRuntime|$toolchain"; then
  echo "static-check: $binary still needs the Swift runtime above" >&2
  exit 1
fi
payload='{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}'
unshare --mount bash -c "
  set -euo pipefail
  mount -t tmpfs tmpfs '$toolchain'
  [ ! -e '$toolchain/usr/lib/swift' ]
  '$binary' version
  echo '$payload' | '$binary' check --no-fetch -
"
echo "static-check: $binary runs with $toolchain hidden ($(ldd "$binary" | wc -l) shared libraries, none of the toolchain)"
