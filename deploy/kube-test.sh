#!/usr/bin/env bash
# Runs deploy/kubernetes/ with `podman kube play` on the image `make image` built and checks the
# pod from outside: the ConfigMap is the configuration the server reads, /healthz and /readyz
# answer on the admin port the probes name, the API answers a payload-only and a downloading
# preflight through the published port, the root file system is read-only, no capability is
# left and the uid is 10001, and stopping the pod drains it to exit 0. `make kube-test` (in
# `make test`) runs it inside with-origins.sh: a network namespace with only loopback, where
# podman's bridge and the pod's published ports live too.
#
# What podman 4.3.1 does with the manifests (podman-kube-play(1); each point seen here):
#  - kinds: it plays the ConfigMap and the Deployment and skips the Service, the HPA, the PDB and
#    the NetworkPolicy (deploy/check.sh schema-checks those with kubernetes-validate);
#  - replicas: one pod per replica, each bound to the same host ports, so a second one fails to
#    start (https://github.com/containers/podman/issues/16765): the test plays one replica;
#  - ports: a containerPort without hostPort is published on the same host port
#    (https://github.com/containers/podman/pull/15946), which is how the test reaches the pod;
#  - the ConfigMap volume becomes a named volume, mounted read-only at the manifest's mountPath,
#    one file per key; it outlives `kube down` (podman-kube-down(1)), so the cleanup removes it;
#  - probes: livenessProbe becomes a HEALTHCHECK `curl -f http://localhost:<port>/healthz`, with
#    a named port left at 0 and curl absent from the image, run by a systemd timer this machine
#    lacks; readinessProbe is dropped. So the test asks the probes' path and port itself;
#  - lifecycle.preStop is not run and terminationGracePeriodSeconds is not the stop timeout;
#  - `kube down` stops the pod with a zero timeout: SIGKILL at once, exit 137, no drain
#    (https://github.com/containers/podman/issues/22397, fixed in podman 5.1), and `podman pod
#    stop` stops the infra container first, which takes the pod's network away while the server
#    still drains (seen here: the answer in flight never reached its client). So the test stops
#    the container as the kubelet does, SIGTERM and the manifest's grace period, before the
#    sandbox (`podman stop -t`), reads its exit code, then runs `kube down`.
#
# The pod has a network namespace of its own, so the loopback nginx and misbehaving origin are
# reached through socat relays on the bridge's gateway address, which the test's ConfigMap
# resolves and opens in the egress policy.
# usage: deploy/kube-test.sh VERSION   (the version `make image` tagged, the manifest's image tag)
set -euo pipefail
cd "$(dirname "$0")/.."
source "$PREFLIGHT_ORIGINS"
export CONTAINERS_CONF=$PWD/deploy/podman/containers.conf
version=${1:?usage: deploy/kube-test.sh VERSION}
work=$(mktemp -d /tmp/preflight-kube.XXXXXX)
network=preflight-kube-$$
relays=()
container=""
cleanup() {
  for pid in "${relays[@]}"; do kill "$pid" 2> /dev/null || true; done
  # play.yaml is written once no pod of that name exists: what it names is this run's.
  if [ -f "$work/play.yaml" ]; then
    podman kube down "$work/play.yaml" > /dev/null 2>&1 || true
    podman volume rm -f "$volume" > /dev/null 2>&1 || true
  fi
  podman network rm -f "$network" > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "kube test: $*" >&2
  [ -n "$container" ] && podman logs "$container" 2>&1 | tail -20 >&2 || true
  exit 1
}

# The facts the checks rest on, read from the manifests, never written here a second time.
eval "$(python3 - <<'PY'
import json, shlex, yaml
deployment = yaml.safe_load(open("deploy/kubernetes/deployment.yaml"))
configmap = yaml.safe_load(open("deploy/kubernetes/configmap.yaml"))
pod = deployment["spec"]["template"]["spec"]
container = pod["containers"][0]
ports = {port["name"]: port["containerPort"] for port in container["ports"]}
mount = container["volumeMounts"][0]
volume = next(v for v in pod["volumes"] if v["name"] == mount["name"])
facts = {
    "image": container["image"],
    "pod": deployment["metadata"]["name"] + "-pod-0",
    "container_name": deployment["metadata"]["name"] + "-pod-0-" + container["name"],
    "http_port": ports["http"],
    "admin_port": ports[container["readinessProbe"]["httpGet"]["port"]],
    "liveness_port": ports[container["livenessProbe"]["httpGet"]["port"]],
    "liveness_path": container["livenessProbe"]["httpGet"]["path"],
    "readiness_path": container["readinessProbe"]["httpGet"]["path"],
    "grace": pod["terminationGracePeriodSeconds"],
    "config_path": container["args"][container["args"].index("--config") + 1],
    "mount_path": mount["mountPath"],
    "volume": volume["configMap"]["name"],
    "cache_max_bytes": json.loads(configmap["data"]["preflight.json"])["cache"]["max_bytes"],
}
print("\n".join(f"{key}={shlex.quote(str(value))}" for key, value in facts.items()))
PY
)"
[ "$image" = "preflight:$version" ] || fail "the Deployment names $image, the build is $version: run make generate"
podman image exists "localhost/$image" || fail "no localhost/$image: run make image first"
podman pod exists "$pod" && fail "a pod $pod exists already (another kube test?): podman kube down it first"
[ "$admin_port" = "$liveness_port" ] || fail "the probes name ports $liveness_port and $admin_port"
case $config_path in "$mount_path"/*) ;; *) fail "the server reads $config_path, outside the ConfigMap's $mount_path" ;; esac
config_key=${config_path#"$mount_path"/}

podman network create "$network" > /dev/null
gateway=$(podman network inspect "$network" --format '{{range .Subnets}}{{.Gateway}}{{end}}')
[ -n "$gateway" ] || fail "the network $network has no gateway"
read -r media_relay origin_relay < <(python3 -c '
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])')

# The shipped manifests in one stream (kube play reads the ConfigMap from it), changed only where
# the test needs it: one replica (see above), and the ConfigMap given the test CA as a second key (so a second
# file in the same mount) and the relays opened. Every other key is the shipped one.
CA_FILE=$CA_FILE GATEWAY=$gateway MEDIA_RELAY=$media_relay ORIGIN_RELAY=$origin_relay \
  CONFIG_KEY=$config_key MOUNT_PATH=$mount_path python3 - > "$work/play.yaml" <<'PY'
import glob, json, os, yaml
env = os.environ
documents = []
for path in sorted(glob.glob("deploy/kubernetes/*.yaml")):
    for document in yaml.safe_load_all(open(path)):
        if document["kind"] == "Deployment":
            document["spec"]["replicas"] = 1
        if document["kind"] == "ConfigMap":
            config = json.loads(document["data"][env["CONFIG_KEY"]])
            gateway, media, origin = env["GATEWAY"], int(env["MEDIA_RELAY"]), int(env["ORIGIN_RELAY"])
            config["fetch"]["ca_file"] = env["MOUNT_PATH"] + "/test-ca.pem"
            config["fetch"]["resolve"] = [f"media.test:{media}:{gateway}", f"origin.test:{origin}:{gateway}"]
            config["egress"]["allow_cidrs"] = [gateway + "/32"]
            config["egress"]["allowed_ports"] = [media, origin]
            # The slow origin the drain check waits on speaks plain http.
            config.setdefault("payload", {})["allow_http_media"] = True
            document["data"][env["CONFIG_KEY"]] = json.dumps(config, indent=2)
            document["data"]["test-ca.pem"] = open(env["CA_FILE"]).read()
        documents.append(document)
print(yaml.safe_dump_all(documents, sort_keys=False))
PY

podman kube play --network "$network" "$work/play.yaml" > "$work/play.out" 2>&1 \
  || { cat "$work/play.out" >&2; fail "podman kube play failed"; }
container=$container_name
podman container exists "$container" || fail "kube play made no container $container: $(cat "$work/play.out")"
admin=http://127.0.0.1:$admin_port
api=http://127.0.0.1:$http_port
for _ in $(seq 100); do curl -sf "$admin$liveness_path" > /dev/null && break; sleep 0.1; done
# What podman itself changed in the container's layer (the mount points it makes under /etc):
# the server, serving and downloading, must add nothing to it.
podman diff "$container" > "$work/diff-at-start.txt"

# --- the probes' endpoints on the admin port they name, through the published port
body=$(curl -s "$admin$liveness_path")
[ "$body" = '{"status":"ok"}' ] || fail "expected $liveness_path on port $admin_port to answer {\"status\":\"ok\"}, got '$body'"
body=$(curl -s "$admin$readiness_path")
[ "$body" = '{"status":"ready"}' ] || fail "expected $readiness_path on port $admin_port to answer {\"status\":\"ready\"}, got '$body'"
healthcheck=$(podman inspect "$container" --format '{{json .Config.Healthcheck.Test}}')
echo "kube: $liveness_path and $readiness_path answer on the probes' admin port $admin_port (podman's own probe: $healthcheck, not run)"

# --- the configuration is the ConfigMap's: the downloads below work only through the fetch and
# egress keys the test's ConfigMap alone sets, and the cache budget is the ConfigMap's.
podman exec "$container" cat "$config_path" > "$work/served.json" || fail "no $config_path in the pod"
grep -q "media.test:$media_relay:$gateway" "$work/served.json" || fail "$config_path is not the test's ConfigMap"
budget=$(curl -s "$admin/metrics" | awk '$1 == "preflight_cache_max_bytes" {print $2}')
[ "$budget" = "$cache_max_bytes" ] || fail "expected preflight_cache_max_bytes $cache_max_bytes (the ConfigMap's), got '$budget'"
echo "kube: the server reads the ConfigMap at $config_path (preflight_cache_max_bytes $budget is its cache.max_bytes)"

socat "TCP-LISTEN:$media_relay,bind=$gateway,fork,reuseaddr" "TCP:127.0.0.1:$HTTPS_PORT" &
relays+=($!)
socat "TCP-LISTEN:$origin_relay,bind=$gateway,fork,reuseaddr" "TCP:127.0.0.1:$ORIGIN_PORT" &
relays+=($!)
for port in "$media_relay" "$origin_relay"; do
  for _ in $(seq 50); do (exec 3<> "/dev/tcp/$gateway/$port") 2> /dev/null && break; sleep 0.05; done
done

# --- the API through the published port
post() {
  curl -s -m 15 -o "$work/$1.json" -w '%{http_code}' -H 'apns-push-type: alert' --data-binary "$2" "$api/v1/preflight$3"
}
status=$(post payload-only '{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}' '?fetch=false')
[ "$status" = 200 ] && grep -q '"code":"media.not-fetched"' "$work/payload-only.json" \
  || fail "expected 200 with media.not-fetched for a payload-only preflight, got $status $(cat "$work/payload-only.json")"
status=$(post download "{\"aps\":{\"alert\":\"hi\",\"mutable-content\":1},\"image\":\"https://media.test:$media_relay/media/image.jpg\"}" '')
[ "$status" = 200 ] && grep -q '"verdict":"pass"' "$work/download.json" && grep -q '"http_status":200' "$work/download.json" \
  || fail "expected 200, pass and http_status 200 for a download from nginx with the ConfigMap's CA, got $status $(cat "$work/download.json")"
# The bulk route spools its answer in the emptyDir at bulk.spool_dir: the volume must be writable
# by uid 10001, or every bulk request is 503 spool-unavailable.
printf '%s\n' '{"aps":{"alert":"hi","mutable-content":1},"image":"https://cdn.example.com/a.jpg"}' '{"aps":{"alert":"hi"},"image":"https://cdn.example.com/a.jpg"}' \
  > "$work/bulk.ndjson"
status=$(curl -s -m 15 -o "$work/bulk.out" -w '%{http_code}' -H 'apns-push-type: alert' \
  -H 'Content-Type: application/x-ndjson' --data-binary @"$work/bulk.ndjson" "$api/v1/preflight/bulk?fetch=false")
[ "$status" = 200 ] && [ "$(wc -l < "$work/bulk.out")" = 3 ] \
  && tail -1 "$work/bulk.out" | grep -q '^{"summary":{"lines":2,"blank":0,"reports":2,"verdicts":{"pass":1,"warn":0,"fail":1}' \
  || fail "expected 200 with two reports and the summary from the bulk route (its spool in the emptyDir), got $status $(head -c 600 "$work/bulk.out")"
echo "kube: port $http_port answers a payload-only preflight (200), a download from the loopback nginx (pass, its TLS checked with the ConfigMap's CA) and a bulk request spooled in the emptyDir (200)"

# --- the security context holds, and the server, having served and downloaded, wrote nothing
podman exec "$container" cat /proc/1/status > "$work/status.txt"
caps=$(awk '/^CapEff:/ {print $2}' "$work/status.txt")
# A uid other than 0 has no effective capability anyway: the bounding set is what drop: ALL empties.
bounding=$(awk '/^CapBnd:/ {print $2}' "$work/status.txt")
uids=$(awk '/^Uid:/ {print $2, $3, $4, $5}' "$work/status.txt")
[ "$caps" = 0000000000000000 ] || fail "expected CapEff 0000000000000000, got $caps"
[ "$bounding" = 0000000000000000 ] || fail "expected CapBnd 0000000000000000 (drop: ALL), got $bounding"
[ "$uids" = "10001 10001 10001 10001" ] || fail "expected the server to run as uid 10001 (runAsUser), got $uids"
[ "$(awk '/^NoNewPrivs:/ {print $2}' "$work/status.txt")" = 1 ] || fail "expected NoNewPrivs 1 (allowPrivilegeEscalation: false)"
# /tmp is world-writable in the image: only a read-only root refuses the write.
if podman exec "$container" touch /tmp/kube-test 2> "$work/touch.err"; then fail "a write to /tmp succeeded: the root is not read-only"; fi
grep -q "Read-only file system" "$work/touch.err" || fail "expected the write to fail on a read-only file system, got: $(cat "$work/touch.err")"
podman diff "$container" > "$work/diff-served.txt"
cmp -s "$work/diff-at-start.txt" "$work/diff-served.txt" \
  || fail "expected the file system as podman left it ($(tr '\n' ' ' < "$work/diff-at-start.txt")), podman diff says: $(tr '\n' ' ' < "$work/diff-served.txt")"
echo "kube: CapEff and CapBnd $caps, uid 10001, no new privileges, the root read-only, nothing written"

# --- stopping drains: a download in flight is answered, /readyz says draining, the exit is 0
post drain "{\"aps\":{\"alert\":\"hi\",\"mutable-content\":1},\"image\":\"http://origin.test:$origin_relay/wait?ms=3000&group=kube\"}" '' \
  > "$work/drain.status" &
in_flight=$!
for _ in $(seq 100); do
  [ "$(curl -s "http://127.0.0.1:$ORIGIN_PORT/_waiting?group=kube")" = 1 ] && break
  sleep 0.05
done
[ "$(curl -s "http://127.0.0.1:$ORIGIN_PORT/_waiting?group=kube")" = 1 ] || fail "the drain check's download never reached the origin"
podman stop -t "$grace" "$container" > "$work/stop.out" 2>&1 &
stopping=$!
readiness=""
for _ in $(seq 100); do
  readiness=$(curl -s -o /dev/null -w '%{http_code}' "$admin$readiness_path" || true)
  [ "$readiness" = 503 ] && break
  sleep 0.02
done
[ "$readiness" = 503 ] || fail "expected $readiness_path to answer 503 while draining, last got $readiness"
wait "$in_flight" || true
# 422: the query string leaves the file untyped for the generic extension; the download is whole.
status=$(cat "$work/drain.status")
[ "$status" = 422 ] && grep -q '"http_status":200' "$work/drain.json" && grep -q '"code":"attachment.untyped"' "$work/drain.json" \
  || fail "expected the preflight in flight to finish 422 (attachment.untyped) with the download's http_status 200, got $status $(cat "$work/drain.json" 2> /dev/null)"
wait "$stopping" || fail "podman stop failed: $(cat "$work/stop.out")"
code=$(podman inspect "$container" --format '{{.State.ExitCode}}')
# The died event of this container (by id: earlier runs' containers had the same name).
id=$(podman inspect "$container" --format '{{.Id}}')
died=$(podman events --stream=false --filter "container=$id" --filter event=died --format '{{.ContainerExitCode}}')
[ "$code" = 0 ] && [ "$died" = 0 ] || fail "expected exit 0 after the drain, inspect says $code, the died event $died"
podman logs "$container" > "$work/logs.txt" 2>&1
grep -q "draining" "$work/logs.txt" || fail "no draining line in the server's log"
echo "kube: podman stop -t $grace: $readiness_path 503 while the preflight in flight finished its download, exit 0"

# --- kube down removes what kube play made; the trap repeats this on any failure
infra=$(podman pod inspect "$pod" --format '{{.InfraContainerID}}')
podman kube down "$work/play.yaml" > /dev/null 2>&1 || fail "podman kube down failed"
podman volume rm -f "$volume" > /dev/null || fail "the ConfigMap's volume $volume could not be removed"
podman network rm -f "$network" > /dev/null || fail "the network $network could not be removed"
podman pod exists "$pod" && fail "the pod $pod is still there after kube down"
for left in "$id" "$infra"; do
  podman container exists "$left" && fail "the container $left is still there after kube down"
done
podman volume exists "$volume" && fail "the volume $volume is still there"
podman network exists "$network" && fail "the network $network is still there"
echo "kube: kube down removed the pod, its containers, the ConfigMap's volume and the network"
