#!/usr/bin/env bash
# Deployment checks run by `make test`:
#  1. hadolint finds nothing in the Dockerfile;
#  2. every shared library the release binary (built as the Dockerfile builds it) needs comes
#     from a package the runtime stage installs: its direct NEEDED libraries from a package named
#     on the runtime `apt-get install` line, every library ldd lists from one of those packages'
#     dependencies (or libc6, which every Debian image has);
#  3. kubernetes-validate accepts the manifests, and the pod's termination grace period is
#     above its preStop pause plus the server's drain timeout;
#  4. the NetworkPolicy selects the pods and opens the admin port to the monitoring namespace
#     only, and the Service does not expose it.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "deploy check: $*" >&2; exit 1; }

hadolint --failure-threshold info Dockerfile
grep -q '^EXPOSE 8080 9090$' Dockerfile || fail "the Dockerfile does not EXPOSE 8080 (API) and 9090 (admin)"
grep -q 'PREFLIGHT_ADMIN_PORT=9090' Dockerfile || fail "the Dockerfile does not turn the admin listener on"
grep -q '^HEALTHCHECK .*"healthcheck", "--port", "9090"' Dockerfile \
  || fail "the Dockerfile's HEALTHCHECK does not ask the admin listener"
grep -q '^USER 10001' Dockerfile || fail "the runtime stage does not run as a non-root user"
echo "hadolint: no findings"

# The binary as the build stage links it (BOLT, which it runs next, changes no library it needs).
swift build -c release --static-swift-stdlib --product preflight --scratch-path .build/static > /dev/null
binary=.build/static/release/preflight
runtime_packages=$(awk '/^FROM .* AS runtime/ {r=1} r && /apt-get install/ {
    for (i = 1; i <= NF; i++) if ($i !~ /^-/ && $i != "apt-get" && $i != "install" && $i != "&&") print $i }' Dockerfile)
[ -n "$runtime_packages" ] || fail "no apt-get install line in the runtime stage"
closure=$( (echo "$runtime_packages"; echo libc6;
  apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
    $runtime_packages 2>/dev/null | grep -v '^ ' | grep -v '^<') | sed 's/:amd64$//' | sort -u)

# dpkg may know a library by the path ldd prints, by the real path, or (merged /usr) by either with /usr.
package_of() {
  local real candidates
  real=$(readlink -f "$1")
  candidates="$1 $real ${1#/usr} ${real#/usr} /usr$1"
  for candidate in $candidates; do
    dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1 && return
  done
  true
}
# The loader appears in ldd's output by its path alone.
path_of() { ldd "$binary" | awk -v lib="$1" '$1 == lib {print $3} $1 ~ ("/" lib "$") {print $1}' | head -1; }

for lib in $(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
  path=$(path_of "$lib")
  [ -n "$path" ] || fail "$lib is needed but not found by ldd"
  package=$(package_of "$path")
  [ -n "$package" ] || fail "$lib ($path) belongs to no Debian package"
  if [ "$package" = libc6 ]; then
    echo "needed: $lib -> libc6 (in every Debian image)"
    continue
  fi
  grep -qx "$package" <<< "$runtime_packages" || fail "$lib comes from $package, which the runtime stage does not install"
  echo "needed: $lib -> $package (installed by the runtime stage)"
done
count=0
for path in $(ldd "$binary" | awk '$3 ~ /^\// {print $3} $1 ~ /^\// {print $1}'); do
  package=$(package_of "$path")
  grep -qx "$package" <<< "$closure" || fail "$path comes from $package, outside the runtime packages' dependencies"
  count=$((count + 1))
done
echo "ldd: all $count libraries come from the runtime packages or their dependencies"

kubernetes-validate --strict deploy/kubernetes/*.yaml
python3 - <<'PY'
import json, yaml
deployment = yaml.safe_load(open("deploy/kubernetes/deployment.yaml"))
config = json.loads(yaml.safe_load(open("deploy/kubernetes/configmap.yaml"))["data"]["preflight.json"])
pod = deployment["spec"]["template"]["spec"]
grace = pod["terminationGracePeriodSeconds"]
container = pod["containers"][0]
pause = int(container["lifecycle"]["preStop"]["exec"]["command"][-1])
drain = config["server"]["drain_timeout_s"]
assert grace > pause + drain, f"terminationGracePeriodSeconds {grace} <= preStop {pause} + drain {drain}"
assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
admin = config["server"]["admin_listen"]["port"]
ports = {port["name"]: port["containerPort"] for port in container["ports"]}
assert ports["admin"] == admin, f"container port admin {ports.get('admin')} != server.admin_listen.port {admin}"
for probe in ("livenessProbe", "readinessProbe"):
    assert container[probe]["httpGet"]["port"] == "admin", f"{probe} does not use the admin listener"
assert deployment["spec"]["template"]["metadata"]["annotations"]["prometheus.io/port"] == str(admin)
assert container["resources"]["requests"] and container["resources"]["limits"]
# The bulk route's spool is a mounted emptyDir (the root is read-only) whose sizeLimit holds every
# bulk request's spool at its cap, so a full spool is a 507, not an eviction.
spool = config["bulk"]["spool_dir"]
mounts = {mount["mountPath"]: mount["name"] for mount in container["volumeMounts"]}
assert spool in mounts, f"bulk.spool_dir {spool} is not a mounted volume"
volume = next(v for v in pod["volumes"] if v["name"] == mounts[spool])
limit = volume["emptyDir"]["sizeLimit"]
assert limit.endswith("Gi"), f"the spool's sizeLimit {limit} is not in Gi"
need = config["bulk"]["max_concurrent"] * config["bulk"]["max_spool_bytes"]
assert int(limit[:-2]) << 30 > need, f"the spool's sizeLimit {limit} <= {need} bytes of spools at their cap"
# The admin port is reachable only from named peers: a NetworkPolicy selects the pods, and every
# ingress rule that opens the admin port has a non-empty `from`.
policy = yaml.safe_load(open("deploy/kubernetes/networkpolicy.yaml"))
assert policy["kind"] == "NetworkPolicy", "deploy/kubernetes/networkpolicy.yaml is not a NetworkPolicy"
labels = deployment["spec"]["template"]["metadata"]["labels"]
selector = policy["spec"]["podSelector"]["matchLabels"]
assert all(labels.get(k) == v for k, v in selector.items()), f"the NetworkPolicy selects {selector}, not the pods"
assert "Ingress" in policy["spec"]["policyTypes"]
admin_rules = [rule for rule in policy["spec"]["ingress"]
               if any(port.get("port") in ("admin", admin) for port in rule.get("ports", []))]
assert admin_rules, "no NetworkPolicy ingress rule names the admin port"
for rule in admin_rules:
    assert rule.get("from"), "a NetworkPolicy rule opens the admin port to every peer"
    # Each peer is a namespace picked by name: no ipBlock (pod IPs change, and the node needs
    # none: its probes always pass), no bare podSelector (that would be this namespace's pods).
    for peer in rule["from"]:
        assert "ipBlock" not in peer, f"an ipBlock peer may reach the admin port: {peer}"
        names = peer.get("namespaceSelector", {}).get("matchLabels", {})
        assert names.get("kubernetes.io/metadata.name") == "monitoring", \
            f"a peer outside the monitoring namespace may reach the admin port: {peer}"
for rule in policy["spec"]["ingress"]:
    assert rule.get("ports"), "a NetworkPolicy rule opens every port"
service = yaml.safe_load(open("deploy/kubernetes/service.yaml"))
for port in service["spec"]["ports"]:
    assert port.get("targetPort") not in ("admin", admin), f"the Service exposes the admin port: {port}"
print(f"kubernetes: grace {grace} s > preStop {pause} s + drain {drain} s; probes on /healthz and /readyz of admin port {admin}")
print(f"kubernetes: bulk.spool_dir {spool} is an emptyDir of {limit}, over {need} bytes of spools at their cap")
print(f"kubernetes: the NetworkPolicy opens admin port {admin} to the monitoring namespace only; the Service does not expose it")
PY
