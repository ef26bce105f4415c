# tokenjoule: `make run` builds and serves the calculator, `make test` runs every test.
GO      ?= go
SHARED  ?= ../shared

.PHONY: run test vet data bench fuzz

run:
	@echo "the browser calculator comes with the next issue; meanwhile: go run . calc -h"

# vet, then every Go test with the race detector; the seed and importer tests read
# $(SHARED)/mlenergy and skip, saying so, where it is absent.
test: vet
	$(GO) test -race -count=1 ./...

vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))" || { gofmt -l .; echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...

# Re-run the importer on the leaderboard's published files.
data:
	$(GO) run . import -src $(SHARED)/mlenergy -out data

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Each fuzz target for FUZZTIME (go test -fuzz takes one target at a time).
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseTokens$$' -fuzztime $(FUZZTIME) ./data/
	$(GO) test -run '^$$' -fuzz '^FuzzParseDeadline$$' -fuzztime $(FUZZTIME) ./data/
