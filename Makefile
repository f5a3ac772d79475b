# Preflight: `make run` serves config/preflight.json on 127.0.0.1:8080; `make test` runs every test.
# Both install what is missing (Debian packages, as root) before building.

SWIFT ?= swift
SWIFT_FLAGS ?= -Xswiftc -warnings-as-errors
APT_PACKAGES := pkg-config libmicrohttpd-dev libcurl4-openssl-dev libssl-dev prometheus wrk bc curl \
	nginx-light openssl ffmpeg imagemagick sox iproute2 util-linux
APT_STAMP := .build/.apt-ok

.PHONY: deps build release run test lint bench clean

# Installs the Debian packages that are not there yet (once per checkout).
deps: $(APT_STAMP)

$(APT_STAMP): Makefile
	@missing=""; for p in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@mkdir -p .build && touch $@

build: deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests

release: deps
	$(SWIFT) build -c release $(SWIFT_FLAGS)

run: release
	.build/release/preflight serve --config config/preflight.json

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

# The tests run with the loopback origins up (nginx, the misbehaving origin), inside a network
# namespace that has only a loopback interface: no test traffic can leave the machine.
test: deps lint
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	PREFLIGHT_NETNS=1 bash Tests/Origins/with-origins.sh $(SWIFT) test $(SWIFT_FLAGS) --skip-build

bench: release
	bash bench/run.sh

clean:
	rm -rf .build
