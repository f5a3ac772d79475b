#!/usr/bin/env python3
"""Checks that preflight.rules.yml asks only for what a running server exports.

Reads the rules and a scrape of GET /metrics (Prometheus text format 0.0.4) and fails, saying
what it expected and what the scrape had, when:
- a `preflight_*` metric an expression names has no sample in the scrape;
- a label matcher on such a metric names a label its samples lack, or an `=` matcher a value
  none of them has, or an `=~` matcher a pattern none of them matches;
- a label of a `by (...)`/`on (...)` clause is none of the scrape's labels, nor one a scrape
  or a histogram adds (job, instance, le);
- a recording rule an expression reads (a name with `:`) is not recorded in the file, or a
  matcher on it fails as above on the server metric its name carries (level:metric:operations).
`up` and its `job` are Prometheus's, not the server's: check.sh compares the job with the
scrape config's.

Run by deploy/prometheus/check.sh. usage: metric_names.py RULES_YML METRICS_TEXT
"""
import re
import sys
from collections import defaultdict

import yaml

SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+\S+")
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')
# A server metric, not the middle of a recording rule's name (level:metric:operations).
SELECTOR = re.compile(r"(?<![:\w])(preflight_[a-z0-9_]+)(?![:\w])(?:\{([^}]*)\})?")
MATCHER = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*"([^"]*)"')
GROUPING = re.compile(r"\b(?:by|on|without|ignoring)\s*\(([^)]*)\)")
RECORDED = re.compile(r"(?<![:\w])([a-z_]+:([a-z0-9_]+):[a-z0-9_]+)(?![:\w])(?:\{([^}]*)\})?")
TARGET_LABELS = {"job", "instance", "le"}


def scraped(text):
    """Metric name -> label name -> the values its samples have."""
    series = defaultdict(lambda: defaultdict(set))
    for line in text.splitlines():
        match = SAMPLE.match(line)
        if not match or line.startswith("#"):
            continue
        labels = series[match.group(1)]
        for name, value in LABEL.findall(match.group(2) or ""):
            labels[name].add(value)
    return series


def matcher_problems(rule, metric, matchers, series):
    """The label matchers of one selector against the scrape's samples of `metric`."""
    for label, op, value in MATCHER.findall(matchers or ""):
        values = series[metric].get(label)
        if label in TARGET_LABELS:
            continue
        if values is None:
            yield f"{rule}: expected label {label} on {metric}, got {sorted(series[metric]) or 'none'}"
        elif op == "=" and value not in values:
            yield f"{rule}: expected {metric}{{{label}=\"{value}\"}}, got values {sorted(values)}"
        elif op == "=~" and not any(re.fullmatch(value, v) for v in values):
            yield f"{rule}: expected a {label} matching {value} on {metric}, got values {sorted(values)}"


def problems(rules, series):
    exprs = [(r.get("alert") or r["record"], r["expr"]) for g in rules["groups"] for r in g["rules"]]
    recorded = {r["record"] for g in rules["groups"] for r in g["rules"] if "record" in r}
    known_labels = TARGET_LABELS | {label for labels in series.values() for label in labels}
    for rule, expr in exprs:
        for metric, matchers in SELECTOR.findall(expr):
            if metric not in series:
                yield f"{rule}: expected {metric} in /metrics, got no sample of it"
            else:
                yield from matcher_problems(rule, metric, matchers, series)
        for clause in GROUPING.findall(expr):
            for label in filter(None, (part.strip() for part in clause.split(","))):
                if label not in known_labels:
                    yield f"{rule}: expected label {label} (of by/on) in /metrics, got {sorted(known_labels)}"
        for name, metric, matchers in RECORDED.findall(expr):
            if name not in recorded:
                yield f"{rule}: expected recording rule {name} in the file, got {sorted(recorded)}"
            # level:metric:operations keeps the labels of `metric` (`_total` stripped once rated),
            # so a matcher on the recorded series is checked against the server's metric.
            for raw in (metric, metric + "_total"):
                if raw in series:
                    yield from matcher_problems(rule, raw, matchers, series)


def main():
    with open(sys.argv[1]) as file:
        rules = yaml.safe_load(file)
    with open(sys.argv[2]) as file:
        series = scraped(file.read())
    found = list(problems(rules, series))
    for problem in found:
        print(f"metric_names: {problem}", file=sys.stderr)
    if found:
        sys.exit(1)
    names = sorted({m for g in rules["groups"] for r in g["rules"] for m, _ in SELECTOR.findall(r["expr"])})
    print(f"metric_names: the {len(names)} metrics the rules read are in /metrics: {' '.join(names)}")


if __name__ == "__main__":
    main()
