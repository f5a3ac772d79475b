#!/usr/bin/env python3
"""Checks scrape-kubernetes.yml's relabelling against deploy/kubernetes/deployment.yaml's pod.

Debian's promtool has no Kubernetes discovery, so this stands in for it: it writes the targets
the `pod` role would make for the Deployment's pod template (one per declared container port,
__address__ the pod IP and that port, the pod's labels and annotations as meta labels, per
https://prometheus.io/docs/prometheus/latest/configuration/configuration/#pod) as
static_configs of a copy of the job, runs the real relabelling with
`promtool check service-discovery`, and checks that exactly one target is kept: the pod IP and
the port of prometheus.io/port, which must be the container port named `admin`, the path of
prometheus.io/path, and job="preflight". What is modelled is the discovery alone (the meta
labels); the relabelling is Prometheus's own.

Run by deploy/prometheus/check.sh. usage: kube_targets.py SCRAPE_KUBERNETES_YML DEPLOYMENT_YAML
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

POD_IP = "10.1.2.3"
NAMESPACE = "preflight"
POD_NAME = "preflight-7d9c5b-x2x4q"


def fail(message):
    sys.exit(f"kube_targets: {message}")


def meta_name(name):
    """A label or annotation name as the pod role exposes it (invalid characters as `_`)."""
    return re.sub(r"[^a-zA-Z0-9_]", "_", name)


def pod_targets(deployment):
    """The target groups the pod role makes for one pod of the Deployment's template."""
    template = deployment["spec"]["template"]
    common = {
        "__meta_kubernetes_namespace": NAMESPACE,
        "__meta_kubernetes_pod_name": POD_NAME,
        "__meta_kubernetes_pod_ip": POD_IP,
    }
    for key, value in template["metadata"].get("labels", {}).items():
        common[f"__meta_kubernetes_pod_label_{meta_name(key)}"] = str(value)
    for key, value in template["metadata"].get("annotations", {}).items():
        common[f"__meta_kubernetes_pod_annotation_{meta_name(key)}"] = str(value)
    groups = []
    for container in template["spec"]["containers"]:
        for port in container.get("ports", []):
            labels = dict(common)
            labels["__meta_kubernetes_pod_container_name"] = container["name"]
            labels["__meta_kubernetes_pod_container_port_name"] = port.get("name", "")
            labels["__meta_kubernetes_pod_container_port_number"] = str(port["containerPort"])
            labels["__meta_kubernetes_pod_container_port_protocol"] = port.get("protocol", "TCP")
            groups.append({"targets": [f"{POD_IP}:{port['containerPort']}"], "labels": labels})
    return groups


def main():
    scrape_path, deployment_path = Path(sys.argv[1]), Path(sys.argv[2])
    config = yaml.safe_load(scrape_path.read_text())
    deployment = next(d for d in yaml.safe_load_all(deployment_path.read_text()) if d and d["kind"] == "Deployment")
    [job] = [j for j in config["scrape_configs"] if "kubernetes_sd_configs" in j]
    del job["kubernetes_sd_configs"]
    job["static_configs"] = pod_targets(deployment)
    config.pop("rule_files", None)

    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "prometheus.yml"
        path.write_text(yaml.safe_dump(config))
        run = subprocess.run(["promtool", "check", "config", str(path)], capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"promtool check config refused the job with static targets:\n{run.stdout}{run.stderr}")
        # promtool waits --timeout (30 s by default) for discovery; static targets are there at once.
        discover = ["promtool", "check", "service-discovery", "--timeout=2s", str(path), job["job_name"]]
        run = subprocess.run(discover, capture_output=True, text=True)
        if run.returncode != 0:
            fail(f"promtool check service-discovery failed:\n{run.stdout}{run.stderr}")
    kept = [t["labels"] for t in json.loads(run.stdout) if t["labels"]]

    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    admin = [p for c in deployment["spec"]["template"]["spec"]["containers"] for p in c.get("ports", [])
             if p.get("name") == "admin"]
    if [str(p["containerPort"]) for p in admin] != [annotations["prometheus.io/port"]]:
        fail(f"expected prometheus.io/port {annotations['prometheus.io/port']} to be the port named admin, "
             f"got admin ports {[p['containerPort'] for p in admin]}")
    expected = {
        "__address__": f"{POD_IP}:{annotations['prometheus.io/port']}",
        "__metrics_path__": annotations["prometheus.io/path"],
        "instance": f"{POD_IP}:{annotations['prometheus.io/port']}",
        "job": "preflight",
        "namespace": NAMESPACE,
        "pod": POD_NAME,
    }
    got = [{k: v for k, v in labels.items() if k in expected} for labels in kept]
    if got != [expected]:
        fail(f"expected one target {expected}, got {got} (of {len(job['static_configs'])} container ports)")
    print(f"kube_targets: of {len(job['static_configs'])} container ports, one target kept: "
          f"{expected['__address__']}{expected['__metrics_path__']} job={expected['job']}")


if __name__ == "__main__":
    main()
