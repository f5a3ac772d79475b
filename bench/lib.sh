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

# start_old_binary PORT OLD_PORT CONFIG: when OLD_BINARY is set, that build with CONFIG's port
# changed to OLD_PORT, in the background ($old_pid; empty without OLD_BINARY), once it is healthy:
# the other side of an A/B. The caller's EXIT trap must kill $old_pid.
start_old_binary() {
  old_pid=""
  [ -n "${OLD_BINARY:-}" ] || return 0
  sed "s/$1/$2/" "$3" > "${3%.json}-old.json"
  "$OLD_BINARY" serve --config "${3%.json}-old.json" > /dev/null 2> "${3%.json}-old.err" &
  old_pid=$!
  wait_healthy "$2"
}

# rps FILE: the Requests/sec figure of a wrk report.
rps() { awk '/Requests\/sec/ {print $2}' "$1"; }

# median_rps NAME: the median Requests/sec of wrk reports $out/NAME.1.txt ... NAME.3.txt (three
# interleaved rounds, the shape of every ratio bench here).
median_rps() { for round in 1 2 3; do rps "$out/$1.$round.txt"; done | sort -n | sed -n 2p; }
