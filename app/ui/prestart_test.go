package ui

import (
	"fmt"
	"hash/fnv"
	"testing"
)

// queryDigest is FNV-1a over a query's characters, as web/guard.js computes
// it: for an ASCII query, hash/fnv's over its bytes.
func TestQueryDigest(t *testing.T) {
	for _, q := range []string{"", "task=gpqa&tokens=5M", "pue=%E2%80%AE", "a=" + string(make([]byte, 5000))} {
		h := fnv.New32a()
		h.Write([]byte(q))
		if got, want := queryDigest(q), fmt.Sprintf("%08x", h.Sum32()); got != want {
			t.Errorf("queryDigest(%.20q) = %s, want %s", q, got, want)
		}
	}
	if queryDigest("é") == queryDigest("Ã©") {
		t.Error("queryDigest hashes bytes, not the characters guard.js sees")
	}
}
