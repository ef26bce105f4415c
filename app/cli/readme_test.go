package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeKeys reads the README's key tables: for each "#### heading" under
// "### JSON and CSV keys", the keys of its table in order.
func readmeKeys(t *testing.T) map[string][]string {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "### JSON and CSV keys")
	if !ok {
		t.Fatal(`README.md has no "### JSON and CSV keys" section`)
	}
	key := regexp.MustCompile("^\\| `([a-z0-9_.]+)` \\|")
	tables := map[string][]string{}
	heading := ""
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "## ") {
			break
		}
		if h, ok := strings.CutPrefix(line, "#### "); ok {
			heading = h
		}
		if m := key.FindStringSubmatch(line); m != nil {
			tables[heading] = append(tables[heading], m[1])
		}
	}
	return tables
}

// keyPaths lists an object's keys in order, nested objects' as "outer.inner"
// and array elements' once; the contents of rows (selected, fastest) are left
// to the row table.
func keyPaths(t *testing.T, doc []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(doc))
	var paths []string
	var walk func(prefix string)
	walk = func(prefix string) {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, _ := dec.Token()
				path := strings.TrimPrefix(prefix+"."+k.(string), ".")
				if !slices.Contains(paths, path) {
					paths = append(paths, path)
				}
				if k == "selected" || k == "fastest" {
					var row json.RawMessage
					dec.Decode(&row)
					continue
				}
				walk(path)
			}
			dec.Token()
		case json.Delim('['):
			for dec.More() {
				walk(prefix)
			}
			dec.Token()
		}
	}
	walk("")
	return paths
}

// checkKeys checks that each sample's keys follow the documented order, and
// that the samples together use every documented key.
func checkKeys(t *testing.T, name string, documented []string, samples ...[]string) {
	t.Helper()
	if len(documented) == 0 {
		t.Fatalf("README.md documents no keys for %s", name)
	}
	used := map[string]bool{}
	for _, got := range samples {
		i := 0
		for _, k := range got {
			used[k] = true
			for i < len(documented) && documented[i] != k {
				i++
			}
			if i == len(documented) {
				t.Errorf("%s: key %s is not documented, or out of the documented order %v (got %v)", name, k, documented, got)
				break
			}
		}
	}
	for _, k := range documented {
		if !used[k] {
			t.Errorf("%s: documented key %s never appears", name, k)
		}
	}
}

func TestREADMEDocumentsEveryKeyInOrder(t *testing.T) {
	doc := readmeKeys(t)
	run := func(args ...string) []byte {
		t.Helper()
		code, out, errs := runArgs(args...)
		if code != exitOK && code != exitInfeasible {
			t.Fatalf("%v: exit %d, %s", args, code, errs)
		}
		return []byte(out)
	}

	meets := run("calc", "-task", "gpqa", "-model", "gpt-oss-120b", "-deadline", "100ms", "-percentile", "p90", "-json")
	misses := run("calc", "-deadline", "2ms", "-json")
	// Every footprint factor set, and a budget: its keys appear only then.
	full := run("calc", "-boundary", "cloud", "-grid", "world", "-wue", "aws", "-price", "0.12", "-currency", "USD", "-budget", "1 t", "-json")
	checkKeys(t, "calc -json", doc["calc -json"], keyPaths(t, meets), keyPaths(t, misses), keyPaths(t, full))

	var ranking []json.RawMessage
	if err := json.Unmarshal(run(append(compareArgs, "-json")...), &ranking); err != nil {
		t.Fatal(err)
	}
	var objects [][]string
	for _, o := range ranking {
		objects = append(objects, keyPaths(t, o))
	}
	checkKeys(t, "compare -json", doc["compare -json"], objects...)

	header, err := csv.NewReader(bytes.NewReader(run(append(compareArgs, "-csv")...))).Read()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(header, doc["compare -csv"]) {
		t.Errorf("compare -csv header\n%v\nREADME.md documents\n%v", header, doc["compare -csv"])
	}

	// compare -rate: every model planned; its CSV has the JSON's columns.
	planArgs := []string{"compare", "-task", "gpqa", "-gpu", "H100", "-deadline", "15ms", "-percentile", "p95", "-rate", "1B/day"}
	var planned []json.RawMessage
	if err := json.Unmarshal(run(append(planArgs, "-json")...), &planned); err != nil {
		t.Fatal(err)
	}
	objects = nil
	for _, o := range planned {
		objects = append(objects, keyPaths(t, o))
	}
	checkKeys(t, "compare -rate -json", doc["compare -rate -json"], objects...)
	header, err = csv.NewReader(bytes.NewReader(run(append(planArgs, "-csv")...))).Read()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(header, doc["compare -rate -csv"]) {
		t.Errorf("compare -rate -csv header\n%v\nREADME.md documents\n%v", header, doc["compare -rate -csv"])
	}

	var calc struct {
		Selected, Fastest json.RawMessage
		Other             struct{ Selected json.RawMessage }
	}
	var infeasible, first struct{ Fastest, Selected json.RawMessage }
	json.Unmarshal(meets, &calc)
	json.Unmarshal(misses, &infeasible)
	json.Unmarshal(ranking[0], &first)
	for _, row := range []json.RawMessage{calc.Selected, calc.Other.Selected, infeasible.Fastest, first.Selected} {
		if got := keyPaths(t, row); !slices.Equal(got, doc["Dataset row"]) {
			t.Errorf("row keys\n%v\nREADME.md documents\n%v", got, doc["Dataset row"])
		}
	}

	checkKeys(t, "list -json", doc["list -json"], keyPaths(t, run("list", "-json")), keyPaths(t, run("list", "-task", "gpqa", "-json")))
}
