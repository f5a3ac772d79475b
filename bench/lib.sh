# Shared by the bench scripts: source it, then `start_preflight PORT CONFIG`.

# wait_healthy PORT [TRIES]: waits until /healthz answers on 127.0.0.1:PORT (0.05 s a try).
wait_healthy() {
  for _ in $(seq "${2:-100}"); do
    curl -sf "http://127.0.0.1:$1/healthz" > /dev/null && return 0
    sleep 0.05
  done
  echo "no server answers on port $1" >&2
  return 1
}

# start_preflight PORT CONFIG: the release server with CONFIG in the background ($pid), stopped
# when the script exits, its stderr in CONFIG's name with .err; returns once it is healthy.
start_preflight() {
  .build/release/preflight serve --config "$2" > /dev/null 2> "${2%.json}.err" &
  pid=$!
  trap 'kill $pid 2>/dev/null || true' EXIT
  wait_healthy "$1"
}
