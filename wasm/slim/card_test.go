package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"tokenjoule/data/lang"
)

// TestCardLinks: the card's wasm (wasm/card, which every reader of a card
// downloads) links none of the packages a card does not need (net/url,
// whose net/netip keeps unique handles; go-app, go-echarts) nor a
// strings.Replacer (which links every kind of replacer), nor the words of
// another language than English, and embeds the
// dataset packed for it (data/card.pack), not the calculator's whole pack.
func TestCardLinks(t *testing.T) {
	if testing.Short() {
		t.Skip("asks the go command and builds the card's wasm")
	}
	cmd := exec.Command("go", "list", "-deps", "tokenjoule/wasm/card")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list of the card's wasm: %v\n%s", err, out)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	for _, p := range []string{"net/url", "net/netip", "unique", goapp, echarts} {
		if deps[p] {
			t.Errorf("the card's wasm links %s", p)
		}
	}
	// fmt (with reflect and os, a twelfth of the wasm) is kept by the
	// sentences of data/export and charts/headline, and by encoding/json
	// and encoding/csv, which export's downloads import; none of the
	// card's other packages may bring it back.
	cmd = exec.Command("go", "list", "-deps", "-f", `{{.ImportPath}}{{range .Imports}}{{if eq . "fmt"}} fmt{{end}}{{end}}`, "tokenjoule/wasm/card")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err = cmd.CombinedOutput(); err != nil {
		t.Fatalf("go list of the card's wasm: %v\n%s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		p, usesFmt := strings.CutSuffix(line, " fmt")
		if usesFmt && strings.HasPrefix(p, "tokenjoule/") && p != "tokenjoule/data/export" && p != "tokenjoule/app/charts/headline" {
			t.Errorf("%s, in the card's wasm, imports fmt", p)
		}
	}
	wasm := filepath.Join(t.TempDir(), "card.wasm")
	modfile, err := overlay(t.TempDir())
	if err == nil {
		err = build(modfile, wasm, "tokenjoule/wasm/card", true)
	}
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	// The function names of a build with symbols, as the linker writes them.
	if bytes.Contains(b, []byte("strings.__Replacer_.")) {
		t.Error("the card's wasm links a strings.Replacer")
	}
	// English alone: a card in another language downloads its words
	// (app/catalogue).
	for _, tag := range lang.Tags()[1:] {
		if s := tag.T("compare.lede.tokens"); bytes.Contains(b, []byte(s)) {
			t.Errorf("the card's wasm holds the %s catalogue: %q", tag, s)
		}
	}
	for name, want := range map[string]bool{"card.pack": true, "dataset.pack": false} {
		pack, err := os.ReadFile(filepath.Join("..", "..", "data", name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, pack) != want {
			t.Errorf("the card's wasm embeds data/%s: %v, want %v", name, !want, want)
		}
	}
}
