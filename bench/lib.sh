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

# rps FILE: the Requests/sec figure of a wrk report.
rps() { awk '/Requests\/sec/ {print $2}' "$1"; }

# median_rps NAME: the median Requests/sec of wrk reports $out/NAME.1.txt ... NAME.3.txt (three
# interleaved rounds, the shape of every ratio bench here).
median_rps() { for round in 1 2 3; do rps "$out/$1.$round.txt"; done | sort -n | sed -n 2p; }
