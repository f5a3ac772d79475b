#!/usr/bin/env bash
# Runs a command with the test origins up: nginx (http and https, with a CA made here) and the
# misbehaving origin, all on loopback. With PREFLIGHT_NETNS=1 (what `make test` sets) the whole
# run happens in a fresh network namespace that has only a loopback interface, so no test can
# send a packet anywhere else even if the egress policy were broken. There, a mount namespace
# of its own points /etc/resolv.conf at a DNS server on loopback (dns_server.py) that never
# answers names under blackhole.test and answers NXDOMAIN for the rest.
#
# usage: with-origins.sh COMMAND...   (the command sees PREFLIGHT_ORIGINS=<dir>/origins.env)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

if [ "${PREFLIGHT_NETNS:-0}" = 1 ] && [ -z "${PREFLIGHT_IN_NETNS:-}" ]; then
  export PREFLIGHT_IN_NETNS=1
  exec unshare --net --mount -- bash -c 'ip link set lo up && exec bash "$0" "$@"' "$here/with-origins.sh" "$@"
fi

work=$(mktemp -d /tmp/preflight-origins.XXXXXX)
pids=()
cleanup() {
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

bash "$here/make-fixtures.sh" "$work" > /dev/null
chmod -R a+rX "$work"

# Free ports, chosen by the kernel.
read -r http_port https_port py_port rsakx_port tls11_port prefer_rsa_port tls10_port < <(python3 - <<'PY'
import socket
socks = [socket.socket() for _ in range(7)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])
PY
)

sed -e "s|@WORK@|$work|g" -e "s|@HTTP_PORT@|$http_port|g" -e "s|@HTTPS_PORT@|$https_port|g" \
  -e "s|@RSAKX_PORT@|$rsakx_port|g" -e "s|@TLS11_PORT@|$tls11_port|g" \
  -e "s|@PREFER_RSA_PORT@|$prefer_rsa_port|g" -e "s|@TLS10_PORT@|$tls10_port|g" \
  "$here/nginx.conf.in" > "$work/nginx.conf"
mkdir -p "$work/nginx-temp"
# Security level 0 for nginx alone: it refuses to load the weak intermediates of the trust tests otherwise.
OPENSSL_CONF="$work/tls/openssl-seclevel0.cnf" nginx -c "$work/nginx.conf" -p "$work"
python3 "$here/misbehaving_origin.py" "$py_port" "$work/media" > "$work/origin.log" 2>&1 &
pids+=($!)

dns=0
if [ -n "${PREFLIGHT_IN_NETNS:-}" ]; then
  # Only inside the namespaces: the bind mount is private to this mount namespace.
  python3 "$here/dns_server.py" 127.0.0.1 53 > "$work/dns.log" 2>&1 &
  pids+=($!)
  printf 'nameserver 127.0.0.1\noptions timeout:5 attempts:2\n' > "$work/resolv.conf"
  [ -e /etc/resolv.conf ] || : > /etc/resolv.conf
  mount --bind "$work/resolv.conf" /etc/resolv.conf
  dns=1
fi

for port in "$http_port" "$https_port" "$py_port" "$rsakx_port" "$tls11_port"; do
  for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    sleep 0.05
  done
done

cat > "$work/origins.env" <<ENV
WORK=$work
MEDIA=$work/media
CA_FILE=$work/tls/ca.pem
HTTP_PORT=$http_port
HTTPS_PORT=$https_port
RSAKX_PORT=$rsakx_port
TLS11_PORT=$tls11_port
PREFER_RSA_PORT=$prefer_rsa_port
TLS10_PORT=$tls10_port
ORIGIN_PORT=$py_port
BLACKHOLE_DNS=$dns
ENV
export PREFLIGHT_ORIGINS="$work/origins.env"
set +e
"$@"
status=$?
exit $status
