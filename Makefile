# tokenjoule: `make run` builds and serves the calculator, `make test` runs every test.
GO      ?= go
SHARED  ?= ../shared

.PHONY: run wasm echarts axe dist serve-dist test check vet data bench fuzz

# Build what a fresh clone lacks (the wasm and the ECharts runtime), then serve
# the calculator on http://$(ADDR)/.
ADDR ?= localhost:8000
run: wasm echarts
	$(GO) run . serve -addr $(ADDR)

# The browser entry: UI and embedded data only (no server, CLI or importer; the
# dataset packed, which wasm/slim writes into data/dataset.pack from the JSON),
# built against a copy of go-app without its HTTP handler (wasm/slim): the
# handler is dead code in the browser, but it links net/http, whose package
# initialisers keep crypto/tls and its kin, a fifth of the wasm; nor its AES
# and UUIDs, which link crypto/rand and more (4%). The copy's
# engine also renders as soon as the events it was handed are handled, not a
# frame period later (see wasm/slim).
# wasm/slim also builds it, with the flags every build of it shares (inlining
# left to the runtime and the small packages under it: 7% less brotli).
# `make wasm SLIM=0` builds against go-app as it is, with go build's defaults.
SLIM ?= 1
# The browser build embeds the dataset packed (data/dataset.pack, made by
# go generate ./data from the dataset), the card's wasm data/card.pack.
WASM_SRC := go.mod go.sum data/dataset.pack data/card.pack $(shell find app wasm data -name '*.go' -not -name '*_test.go' 2>/dev/null)
wasm: web/app.wasm web/card.wasm
	@$(GO) generate ./data/lang
web/app.wasm: $(WASM_SRC)
ifeq ($(SLIM),1)
	$(GO) run ./wasm/slim -dir .cache/wasm-slim -o $@
else
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./wasm
endif

# The card embeds' wasm (wasm/card): the dataset as a card reads it
# (data/card.pack: without the rows' rounded figures that only the charts
# and the downloads read) and the card's code, without go-app, built with
# the same flags; web/start.js runs it in place of the calculator on a card.
web/card.wasm: $(WASM_SRC)
	$(GO) run ./wasm/slim -dir .cache/wasm-slim -o $@ -pkg tokenjoule/wasm/card

# ECharts $(ECHARTS_VERSION) from the npm registry (npm pack: no node_modules),
# checked against web/echarts.sha256 before and after extraction. The page
# loads it from its own origin; no CDN.
ECHARTS_VERSION := 5.6.0
ECHARTS_TGZ     := .cache/echarts-$(ECHARTS_VERSION).tgz
echarts: web/echarts.min.js
web/echarts.min.js: web/echarts.sha256
	@mkdir -p .cache
	@test -f $(ECHARTS_TGZ) || (cd .cache && npm pack --silent echarts@$(ECHARTS_VERSION) >/dev/null)
	@grep '  $(ECHARTS_TGZ)$$' web/echarts.sha256 | sha256sum --check --quiet - || { echo "echarts: $(ECHARTS_TGZ) does not match web/echarts.sha256; removed"; rm -f $(ECHARTS_TGZ); exit 1; }
	@tar -xzf $(ECHARTS_TGZ) -O package/dist/echarts.common.min.js > $@.tmp
	@mv $@.tmp $@
	@grep '  $@$$' web/echarts.sha256 | sha256sum --check --quiet - || { echo "echarts: $@ does not match web/echarts.sha256; removed"; rm -f $@; exit 1; }
	@echo "echarts: $@ ($(ECHARTS_VERSION), checksum verified)"

# axe-core $(AXE_VERSION), the accessibility checker the browser tests inject
# into the pages they check (app/e2e/a11y_test.go), fetched and checked as
# ECharts is, against app/e2e/testdata/axe.sha256. It stays in .cache/, outside
# web/: the site never serves or precaches it.
AXE_VERSION := 4.14.1
AXE_TGZ     := .cache/axe-core-$(AXE_VERSION).tgz
AXE_SUMS    := app/e2e/testdata/axe.sha256
axe: .cache/axe.min.js
.cache/axe.min.js: $(AXE_SUMS)
	@mkdir -p .cache
	@test -f $(AXE_TGZ) || (cd .cache && npm pack --silent axe-core@$(AXE_VERSION) >/dev/null)
	@grep '  $(AXE_TGZ)$$' $(AXE_SUMS) | sha256sum --check --quiet - || { echo "axe: $(AXE_TGZ) does not match $(AXE_SUMS); removed"; rm -f $(AXE_TGZ); exit 1; }
	@tar -xzf $(AXE_TGZ) -O package/axe.min.js > $@.tmp
	@mv $@.tmp $@
	@grep '  $@$$' $(AXE_SUMS) | sha256sum --check --quiet - || { echo "axe: $@ does not match $(AXE_SUMS); removed"; rm -f $@; exit 1; }
	@echo "axe: $@ ($(AXE_VERSION), checksum verified)"

# The static site for any host: `make dist` for a host's root,
# `make dist BASE=/tokenjoule/` for a sub-path such as a GitHub Pages project site;
# DOMAIN=example.github.io gives its pages link previews (og:url, og:image).
BASE   ?= /
DOMAIN ?=
dist: wasm echarts
	$(GO) run . build -out dist -base $(BASE) $(if $(DOMAIN),-domain $(DOMAIN))

# Serve dist/ as a plain static host would (no prerendering, no compression on
# the fly: the precompressed copies), on http://$(ADDR)$(BASE).
serve-dist: dist
	$(GO) run . serve -static dist -base $(BASE) -addr $(ADDR)

# vet, then every Go test, with the race detector but for PLAIN. Tests that
# read ../shared/mlenergy (SHARED) or drive browsers skip, saying what to
# install, where those are missing, except with CI=true, where they fail
# (app/e2e's doc says what the browser tests need). go test's own limit of 10
# minutes a package is too close to what the browser tests take on a busy
# 2-core machine: 30 minutes, within CI's 90.
# PLAIN run without the race detector: app/e2e's Go side is a harness
# (chromedp and the server, whose own tests have it), and app/charts sweeps
# every model's charts in one goroutine; both take several times as long
# under it, for nothing it could find.
PLAIN := tokenjoule/app/e2e tokenjoule/app/charts
test: vet
	@$(MAKE) -s echarts axe || [ "$$CI" != true ]
	$(GO) test -race -count=1 -timeout 30m $$($(GO) list ./... | grep -vxF $(PLAIN:%=-e %))
	$(GO) test -count=1 -timeout 30m $(PLAIN)

# The inner loop: vet and every test but the browsers' (app/e2e).
check: vet
	$(GO) test -race -count=1 $$($(GO) list ./... | grep -vxF $(PLAIN:%=-e %))
	$(GO) test -count=1 tokenjoule/app/charts

# gofmt, go vet (under -race, which compiles the packages as the race tests
# then reuse them), go vet of the browser's packages as the browser build
# compiles them, and staticcheck, pinned (go run fetches it once).
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
BROWSER_PKGS := ./wasm/ ./wasm/card/ ./app/catalogue/ ./app/ui/... ./app/state/... ./app/charts/... ./app/cardhtml/ ./app/embedframe/ ./data/...
vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { gofmt -l .; echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet -race ./...
	GOOS=js GOARCH=wasm $(GO) vet $(BROWSER_PKGS)
	$(GO) run $(STATICCHECK) ./...

# Re-run the importer on the leaderboard's published files: a new generation
# of data/dataset/, made current by one rename (see data/importer), then the
# pack the browser build embeds.
data:
	$(GO) run . import -src $(SHARED)/mlenergy -out data/dataset
	$(GO) generate ./data

# The Go benchmarks (selection, curves, chart options, the dataset's decode),
# natively and compiled to wasm as the browser runs them (under node, which
# npm needs anyway for `make echarts`), then the browser benchmark
# (app/bench): it builds dist/ as `make dist` does,
# serves it on loopback as a static host would, and drives headless chromium
# (cold and warm loads, a slow CPU and link, control changes, a slider drag),
# its loads alternating with the floor's: go-app's hello world (wasm/floor)
# built and served alike, what the stack takes before any of the calculator.
# It prints a table and writes bench.json; it never fails on a time.
# BENCH_FLAGS passes options, e.g. BENCH_FLAGS='-cold 9 -brotli 9'.
BENCH_FLAGS ?=
bench: wasm echarts
	$(GO) test -run '^$$' -bench . -benchmem ./...
	@if command -v node >/dev/null; then \
		echo "wasm (node $$(node --version)):"; \
		PATH="$$PATH:$$($(GO) env GOROOT)/lib/wasm" GOOS=js GOARCH=wasm $(GO) test -run '^$$' -bench . -benchmem ./data/ ./app/state/ ./app/charts/; \
	else echo "bench: no node on PATH: the wasm benchmarks are skipped"; fi
	$(GO) run ./app/bench -dist dist $(BENCH_FLAGS)

# Every fuzz target of the module, each for FUZZTIME (go test -fuzz takes
# one target at a time), found by go test -list.
FUZZTIME ?= 30s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "fuzz: $$pkg $$target"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done
