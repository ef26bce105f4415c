package data

import (
	"sort"
	"testing"
)

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Qwen 3 14B":                    "qwen-3-14b",
		"Llama 3.1 8B Instruct":         "llama-3-1-8b-instruct",
		"  --GPT OSS 120B!! ":           "gpt-oss-120b",
		"PixArt-Σ":                      "pixart",
		"Qwen 3 235B A22B Instruct FP8": "qwen-3-235b-a22b-instruct-fp8",
		"!!!":                           "",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNaturalLess(t *testing.T) {
	names := []string{"Llama 3.1 405B", "Llama 3.1 70B", "Gemma 3 27B", "Llama 3.1 8B", "Gemma 3 12B", "Llama 3.3 70B"}
	sort.Slice(names, func(i, j int) bool { return NaturalLess(names[i], names[j]) })
	want := []string{"Gemma 3 12B", "Gemma 3 27B", "Llama 3.1 8B", "Llama 3.1 70B", "Llama 3.1 405B", "Llama 3.3 70B"}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("sorted %q, want %q", names, want)
		}
	}
	if NaturalLess("a", "a") || !NaturalLess("a", "ab") || NaturalLess("ab", "a") {
		t.Error("NaturalLess is not a strict order on prefixes")
	}
}
