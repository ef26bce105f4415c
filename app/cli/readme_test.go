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

// documentedKeys reads the key tables of package export's documentation
// (data/export/doc.go): for each "# heading" after "# JSON and CSV keys",
// the keys of its table in order.
func documentedKeys(t *testing.T) map[string][]string {
	b, err := os.ReadFile("../../data/export/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "// # JSON and CSV keys")
	if !ok {
		t.Fatal(`data/export/doc.go has no "# JSON and CSV keys" section`)
	}
	key := regexp.MustCompile("^//\t([a-z0-9_.]+)(\\s|$)")
	tables := map[string][]string{}
	heading := ""
	for _, line := range strings.Split(section, "\n") {
		if h, ok := strings.CutPrefix(line, "// # "); ok {
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
		t.Fatalf("data/export/doc.go documents no keys for %s", name)
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

func TestDocumentsEveryKeyInOrder(t *testing.T) {
	doc := documentedKeys(t)
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
	// The image and video tasks' keys, in the same table.
	videos := run("calc", "-task", "text-to-video", "-gpu", "H100", "-deadline", "200", "-budget", "1 kWh", "-json")
	images := run("calc", "-task", "text-to-image", "-deadline", "0.5", "-json")
	checkKeys(t, "calc -json", doc["calc -json"], keyPaths(t, meets), keyPaths(t, misses), keyPaths(t, full), keyPaths(t, videos), keyPaths(t, images))

	var ranking []json.RawMessage
	if err := json.Unmarshal(run(append(compareArgs, "-json")...), &ranking); err != nil {
		t.Fatal(err)
	}
	var objects [][]string
	for _, o := range ranking {
		objects = append(objects, keyPaths(t, o))
	}
	var diffusion []json.RawMessage
	if err := json.Unmarshal(run("compare", "-task", "text-to-video", "-gpu", "H100", "-deadline", "2min", "-json"), &diffusion); err != nil {
		t.Fatal(err)
	}
	for _, o := range diffusion {
		objects = append(objects, keyPaths(t, o))
	}
	checkKeys(t, "compare -json", doc["compare -json"], objects...)
	header, err := csv.NewReader(bytes.NewReader(run("compare", "-task", "text-to-video", "-csv"))).Read()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(header, doc["compare -csv, images and videos"]) {
		t.Errorf("compare -csv header for videos\n%v\ndata/export/doc.go documents\n%v", header, doc["compare -csv, images and videos"])
	}
	var video, image struct{ Selected, Fastest json.RawMessage }
	json.Unmarshal(videos, &video)
	json.Unmarshal(images, &image)
	if got := keyPaths(t, video.Selected); !slices.Equal(got, doc["Image and video dataset row"]) {
		t.Errorf("video row keys\n%v\ndata/export/doc.go documents\n%v", got, doc["Image and video dataset row"])
	}
	// An image's row: the video's less its frames.
	if got, want := keyPaths(t, image.Fastest), slices.DeleteFunc(slices.Clone(doc["Image and video dataset row"]), func(k string) bool { return k == "num_frames" || k == "fps" }); !slices.Equal(got, want) {
		t.Errorf("image row keys\n%v\nwant\n%v", got, want)
	}

	header, err = csv.NewReader(bytes.NewReader(run(append(compareArgs, "-csv")...))).Read()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(header, doc["compare -csv"]) {
		t.Errorf("compare -csv header\n%v\ndata/export/doc.go documents\n%v", header, doc["compare -csv"])
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
		t.Errorf("compare -rate -csv header\n%v\ndata/export/doc.go documents\n%v", header, doc["compare -rate -csv"])
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
			t.Errorf("row keys\n%v\ndata/export/doc.go documents\n%v", got, doc["Dataset row"])
		}
	}

	checkKeys(t, "list -json", doc["list -json"], keyPaths(t, run("list", "-json")), keyPaths(t, run("list", "-task", "gpqa", "-json")))
}

// The README is for the people who use tokenjoule: what it answers, what it
// needs, the two commands, then embedding, hosting, the command line and the
// data, in a length one reads; how the code works is in each package's
// documentation.
func TestREADMEOpensWithWhatANewcomerNeeds(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	lines := strings.Split(strings.TrimSuffix(readme, "\n"), "\n")
	if len(lines) > 400 {
		t.Errorf("README.md has %d lines, want at most 400", len(lines))
	}
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goVersion := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(string(gomod))
	if goVersion == nil {
		t.Fatal("go.mod has no go line")
	}
	head := strings.Join(lines[:min(len(lines), 25)], "\n")
	for _, want := range []string{"**Prerequisites**", "Go " + goVersion[1], "npm", "chromium", "make run", "make test"} {
		if !strings.Contains(head, want) {
			t.Errorf("README.md's first 25 lines do not say %q", want)
		}
	}
	if strings.Index(head, "**Prerequisites**") > strings.Index(head, "make run") {
		t.Error("README.md gives the commands before their prerequisites")
	}
	at := 0
	for _, h := range []string{"\n## Embedding\n", "\n## Hosting", "\n## The command line\n", "\n## The data\n"} {
		i := strings.Index(readme, h)
		if i < at {
			t.Errorf("README.md: section %q missing or out of order (embedding, hosting, the command line, the data)", strings.TrimSpace(h))
			continue
		}
		at = i
	}
	for _, internal := range []string{"wasm/slim", "SetGCPercent", "data-stale", "sitebuild"} {
		if strings.Contains(readme, internal) {
			t.Errorf("README.md explains an internal (%s): it belongs in its package's doc.go", internal)
		}
	}
}

// TestREADMEListsPlanFlags holds the README's sentence on plan to the flags
// plan -h lists: every one, and none it does not take.
func TestREADMEListsPlanFlags(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, item, ok := strings.Cut(strings.Join(strings.Fields(string(b)), " "), "- `plan` plans a deployment")
	if !ok {
		t.Fatal("README.md has no item \"- `plan` plans a deployment\"")
	}
	item, _, _ = strings.Cut(item, " - `")
	// Flags stand in code spans, alone or several together: `-task -model`.
	var documented []string
	for _, span := range regexp.MustCompile("`([^`]*)`").FindAllStringSubmatch(item, -1) {
		for _, f := range strings.Fields(span[1]) {
			if regexp.MustCompile(`^-[a-z][a-z-]*$`).MatchString(f) && !slices.Contains(documented, f) {
				documented = append(documented, f)
			}
		}
	}
	code, _, usage := runArgs("plan", "-h")
	if code != exitOK {
		t.Fatalf("plan -h: exit %d", code)
	}
	var listed []string
	for _, line := range strings.Split(usage, "\n") {
		if name, ok := strings.CutPrefix(line, "  -"); ok {
			listed = append(listed, "-"+strings.Fields(name)[0])
		}
	}
	slices.Sort(documented)
	slices.Sort(listed)
	if !slices.Equal(documented, listed) {
		t.Errorf("README.md's plan item names the flags\n%v\nplan -h lists\n%v", documented, listed)
	}
}

// TestREADMESaysHowToRunTheTests holds the README to what a newcomer needs
// to run the tests and the commands: where the leaderboard's files are read
// from and what happens without them, how long the tests take, that ADDR is a
// make variable, and how to build the binary the examples name.
func TestREADMESaysHowToRunTheTests(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{"../shared/mlenergy", "CI=true", "minutes", "make run ADDR=", "go build -o tokenjoule ."} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
}
