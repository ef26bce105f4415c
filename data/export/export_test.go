package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

func load(t *testing.T) *data.Set {
	t.Helper()
	s, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func selectQ(t *testing.T, s *data.Set, q data.Query) *data.Result {
	t.Helper()
	r, err := s.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, b)
	}
	return m
}

// datasetRow is the configuration as the dataset file writes it.
func datasetRow(t *testing.T, c *data.Config) map[string]any {
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, b)
}

// checkRow checks that a document's row is the dataset's row less exactly the
// three documented keys.
func checkRow(t *testing.T, what string, got any, c *data.Config) {
	t.Helper()
	row, ok := got.(map[string]any)
	if !ok {
		t.Fatalf("%s: %v is not an object", what, got)
	}
	want := datasetRow(t, c)
	var dropped []string
	for k, v := range want {
		g, ok := row[k]
		if !ok {
			dropped = append(dropped, k)
		} else if g != v {
			t.Errorf("%s: %s = %v, the dataset has %v", what, k, g, v)
		}
	}
	slices.Sort(dropped)
	if !slices.Equal(dropped, []string{"avg_requests_in_flight", "repeat", "under_itl_deadline"}) {
		t.Errorf("%s drops %v", what, dropped)
	}
	for k := range row {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: key %s is not the dataset's", what, k)
		}
	}
}

func TestScenarioKeepsFullPrecision(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "gpqa", Model: "GPT OSS 120B", GPU: data.AnyGPU, DeadlineMS: 100, Percentile: data.P90, Tokens: 2.5e9})
	if r.Selected == nil || r.Other == nil {
		t.Fatal("the query should select a configuration and one on the other GPU")
	}
	b, err := ScenarioJSON(r)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(b, []byte("}\n")) {
		t.Errorf("the document does not end in a newline")
	}
	doc := decode(t, b)
	for k, want := range map[string]any{
		"task": "gpqa", "model": "gpt-oss-120b", "display_name": "GPT OSS 120B", "gpu": "any",
		"deadline_ms": 100.0, "percentile": "p90", "tokens": 2.5e9, "status": "meets",
		// encoding/json writes the shortest decimal that reads back as the same float64.
		"energy_wh": r.Estimate.EnergyWh, "energy_per_request_j": r.Estimate.EnergyPerRequest,
		"gpu_hours": r.Estimate.GPUHours, "requests": r.Estimate.Requests,
	} {
		if doc[k] != want {
			t.Errorf("%s = %v, want %v", k, doc[k], want)
		}
	}
	if _, ok := doc["min_deadline_ms"]; ok {
		t.Error("a scenario that meets the deadline has min_deadline_ms")
	}
	checkRow(t, "selected", doc["selected"], r.Selected)
	other := doc["other"].(map[string]any)
	checkRow(t, "other.selected", other["selected"], r.Other)
	if other["energy_wh"] != r.OtherEstimate.EnergyWh || other["gpu_hours"] != r.OtherEstimate.GPUHours {
		t.Errorf("other = %v, want the estimate %+v", other, r.OtherEstimate)
	}
	ds := doc["dataset"].(map[string]any)
	if ds["version"] != r.Model.Source.Version || ds["data_version"] != r.Model.DataVersion || ds["cite"] != r.Model.Source.Cite {
		t.Errorf("dataset = %v", ds)
	}
	if doc["caveat"] != r.Model.Caveat || doc["boundary"] != "gpu_only" {
		t.Errorf("caveat %v, boundary %v", doc["caveat"], doc["boundary"])
	}
}

func TestScenarioThatMissesTheDeadline(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: data.AnyGPU, DeadlineMS: 2, Percentile: data.P50, Tokens: 1e6})
	b, err := ScenarioJSON(r)
	if err != nil {
		t.Fatal(err)
	}
	doc := decode(t, b)
	for _, k := range []string{"energy_wh", "energy_per_request_j", "gpu_hours", "requests", "selected"} {
		if v, ok := doc[k]; !ok || v != nil {
			t.Errorf("%s = %v, want null", k, v)
		}
	}
	if doc["status"] != "misses_deadline" || doc["min_deadline_ms"] != r.MinDeadlineMS() || r.MinDeadlineMS() <= 2 {
		t.Errorf("status %v, min_deadline_ms %v; want misses_deadline and %v", doc["status"], doc["min_deadline_ms"], r.MinDeadlineMS())
	}
	checkRow(t, "fastest", doc["fastest"], r.Fastest)
	if _, ok := doc["other"]; ok {
		t.Error("other is set although nothing was selected on any GPU")
	}
}

// compareQuery ranks gpqa where models meet, miss and were not measured.
func compareQuery(t *testing.T, s *data.Set) *data.Ranking {
	t.Helper()
	rk, err := s.Compare(data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[data.Status]bool{}
	for _, r := range rk.Models {
		seen[r.Status()] = true
	}
	if len(seen) != 3 {
		t.Fatalf("the test query should have every status; it has %v", slices.Collect(maps.Keys(seen)))
	}
	return rk
}

var plainNumber = regexp.MustCompile(`^[0-9]+(\.[0-9]+)?$`)

func TestCompareCSVParsesToTheCoresFigures(t *testing.T) {
	s := load(t)
	rk := compareQuery(t, s)
	b := CompareCSV(rk, footprint.Factors{})
	lines, err := csv.NewReader(bytes.NewReader(b)).ReadAll() // also checks every line has the header's fields
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 1+len(rk.Models) {
		t.Fatalf("%d lines for %d models", len(lines), len(rk.Models))
	}
	col := map[string]int{}
	for i, h := range lines[0] {
		col[h] = i
	}
	num := func(line []string, key string) float64 {
		t.Helper()
		cell := line[col[key]]
		if !plainNumber.MatchString(cell) {
			t.Fatalf("%s = %q is not a plain number", key, cell)
		}
		v, err := strconv.ParseFloat(cell, 64)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for i, r := range rk.Models {
		line := lines[i+1]
		if line[col["rank"]] != strconv.Itoa(i+1) || line[col["model"]] != r.Entry.Slug ||
			line[col["display_name"]] != r.Entry.Name || line[col["status"]] != string(r.Status()) {
			t.Errorf("line %d = %v, want %s ranked %d", i+1, line[:4], r.Entry.Slug, i+1)
		}
		if num(line, "params_b") != float64(r.Entry.Params) || num(line, "active_params_b") != float64(r.Entry.ActiveParams) {
			t.Errorf("%s: parameters %v", r.Entry.Slug, line)
		}
		switch r.Status() {
		case data.Meets:
			e, c := r.Result.Estimate, r.Result.Selected
			if num(line, "energy_wh") != e.EnergyWh || num(line, "energy_per_request_j") != e.EnergyPerRequest ||
				num(line, "gpu_hours") != e.GPUHours || num(line, "requests") != e.Requests ||
				num(line, "joules_per_token") != float64(c.JoulesPerToken) {
				t.Errorf("%s: figures %v differ from the estimate %+v", r.Entry.Slug, line, e)
			}
			if line[col["row_id"]] != c.RowID || num(line, "p95_itl_ms") != float64(c.P95ITL) ||
				num(line, "tokens_per_second") != float64(c.TokensPerSecond) || num(line, "max_num_seqs") != float64(c.MaxNumSeqs) {
				t.Errorf("%s: row %v, want %s", r.Entry.Slug, line, c.RowID)
			}
			if line[col["min_deadline_ms"]] != "" {
				t.Errorf("%s meets the deadline but has a minimum deadline", r.Entry.Slug)
			}
		case data.MissesDeadline:
			if num(line, "min_deadline_ms") != r.Result.MinDeadlineMS() || line[col["energy_wh"]] != "" || line[col["row_id"]] != "" {
				t.Errorf("%s: %v, want only the minimum deadline %v", r.Entry.Slug, line, r.Result.MinDeadlineMS())
			}
		case data.NotMeasured:
			for _, k := range []string{"energy_wh", "joules_per_token", "min_deadline_ms", "row_id", "gpu"} {
				if line[col[k]] != "" {
					t.Errorf("%s was not measured but has %s = %q", r.Entry.Slug, k, line[col[k]])
				}
			}
		}
	}
	// The same query on another load gives the same bytes.
	if again := CompareCSV(compareQuery(t, load(t)), footprint.Factors{}); !bytes.Equal(again, b) {
		t.Error("two loads give different CSV")
	}
}

func TestCompareJSONShape(t *testing.T) {
	s := load(t)
	rk := compareQuery(t, s)
	b, err := CompareJSON(rk, footprint.Factors{})
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("not an array of objects: %v", err)
	}
	if len(got) != len(rk.Models) {
		t.Fatalf("%d objects for %d models", len(got), len(rk.Models))
	}
	for i, r := range rk.Models {
		o := got[i]
		if o["model"] != r.Entry.Slug || o["display_name"] != r.Entry.Name || o["status"] != string(r.Status()) {
			t.Errorf("object %d = %v, want %s", i, o, r.Entry.Slug)
		}
		_, hasMin := o["min_deadline_ms"]
		if hasMin != (r.Status() == data.MissesDeadline) {
			t.Errorf("%s (%s): min_deadline_ms present %v", r.Entry.Slug, r.Status(), hasMin)
		}
		switch r.Status() {
		case data.Meets:
			if o["energy_wh"] != r.Result.Estimate.EnergyWh || o["joules_per_token"] != float64(r.Result.Selected.JoulesPerToken) {
				t.Errorf("%s: energy %v, J/token %v", r.Entry.Slug, o["energy_wh"], o["joules_per_token"])
			}
			checkRow(t, r.Entry.Slug, o["selected"], r.Result.Selected)
		case data.MissesDeadline:
			if o["min_deadline_ms"] != r.Result.MinDeadlineMS() {
				t.Errorf("%s: min_deadline_ms %v, want %v", r.Entry.Slug, o["min_deadline_ms"], r.Result.MinDeadlineMS())
			}
			fallthrough
		default:
			for _, k := range []string{"energy_wh", "energy_per_request_j", "joules_per_token", "gpu_hours", "requests", "selected"} {
				if v, ok := o[k]; !ok || v != nil {
					t.Errorf("%s (%s): %s = %v, want null", r.Entry.Slug, r.Status(), k, v)
				}
			}
		}
	}
}

// A column added once, to one part of a table, is written in each output in
// that part's place: the CSV and the JSON in full, the page in its column's
// unit, the command line each figure in its own.
func TestAColumnAddedOnceIsInEveryOutput(t *testing.T) {
	rk := compareQuery(t, load(t))
	plain := CompareTable(rk, footprint.Factors{})
	tb := CompareTable(rk, footprint.Factors{})
	double := func(r Ranked) float64 { return 2 * r.Result.Estimate.EnergyWh }
	tb.Detail = append(tb.Detail, Column{id: "double", key: "double_wh", label: "Twice the energy", scale: wattHours,
		value: estimate(func(e data.Estimate) float64 { return 2 * e.EnergyWh })})
	first, last := tb.Rows[0], tb.Rows[len(tb.Rows)-1]
	if first.Status() != data.Meets || last.Status() == data.Meets {
		t.Fatal("the query should rank models that meet the deadline first, and others last")
	}

	lines, err := csv.NewReader(bytes.NewReader(tb.CSV())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	h := lines[0]
	i := slices.Index(h, "double_wh")
	if i < 0 || h[i-1] != "requests" || h[i+1] != "min_deadline_ms" {
		t.Fatalf("CSV header %v: double_wh should follow requests", h)
	}
	if lines[1][i] != strconv.FormatFloat(double(first), 'f', -1, 64) || lines[len(lines)-1][i] != "" {
		t.Errorf("CSV double_wh: first %q, last %q", lines[1][i], lines[len(lines)-1][i])
	}
	keys := func(o Object) (ks []string) {
		for _, f := range o {
			ks = append(ks, f.Key)
		}
		return ks
	}
	k := keys(tb.Objects()[0])
	if j := slices.Index(k, "double_wh"); j < 0 || k[j-1] != "requests" || k[j+1] != "selected" || tb.Objects()[0][j].Value != double(first) {
		t.Errorf("JSON keys %v: double_wh should follow requests, with the figure in full", k)
	}

	at := func(o Output, want string) (*Column, []string) {
		var labels []string
		var found *Column
		for _, c := range tb.Columns(o) {
			labels = append(labels, c.Label(o))
			if c.Label(o) == want {
				found = &c
			}
		}
		return found, labels
	}
	meets := tb.Meets()
	c, labels := at(Page, "Twice the energy")
	if j := slices.Index(labels, "Twice the energy"); j < 0 || labels[j-1] != "J/token" || labels[j+1] != "Configuration" {
		t.Fatalf("page columns %v: Twice the energy should follow J/token", labels)
	}
	u, ok := c.Unit(meets)
	if values := make([]float64, len(meets)); ok {
		for i, r := range meets {
			values[i] = double(r)
		}
		if want := data.ColumnUnit(values, data.Energy...); u != want {
			t.Errorf("page unit %v, want %v", u, want)
		}
	}
	if got, want := c.Page(first, u), data.FormatNumber(double(first)/u.Size); !ok || got != want {
		t.Errorf("page cell %q (unit %v, %v), want %q", got, u, ok, want)
	}
	c, labels = at(Text, "Twice the energy")
	if j := slices.Index(labels, "Twice the energy"); j < 0 || labels[j-1] != "J/token" || labels[j+1] != "Selected configuration" {
		t.Fatalf("text columns %v: Twice the energy should follow J/token", labels)
	}
	if got, figure := c.Text(first); got != data.FormatEnergy(double(first)) || !figure {
		t.Errorf("text cell %q (figure %v), want %q", got, figure, data.FormatEnergy(double(first)))
	}

	for _, o := range []Output{CSV, JSON, Page, Text} {
		if n, m := len(plain.Columns(o)), len(tb.Columns(o)); m != n+1 {
			t.Errorf("output %d: %d columns with the new one, %d without", o, m, n)
		}
	}
}

func TestObjectKeepsOrderAndText(t *testing.T) {
	b, err := json.Marshal(Object{{"z", 1}, {"a", "<b> & ≤"}, {"m", Object{{"y", nil}, {"x", 0.1}}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"z":1,"a":"\u003cb\u003e \u0026 ≤","m":{"y":null,"x":0.1}}`; string(b) != want {
		t.Errorf("json.Marshal = %s, want %s", b, want)
	}
	b, err = indent(Object{{"a", "<b> & ≤"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"a\": \"<b> & ≤\"\n}\n"; string(b) != want {
		t.Errorf("indent = %q, want %q (documents do not escape for HTML)", b, want)
	}
}

func TestFilename(t *testing.T) {
	cases := []struct {
		q    data.Query
		ext  string
		want string
	}{
		{data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}, "csv", "tokenjoule-gpqa-H100-40ms-p95-2.5B.csv"},
		{data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "any", DeadlineMS: 12.5, Percentile: data.P50, Tokens: 1e6}, "json", "tokenjoule-gpqa-gpt-oss-20b-any-12.5ms-p50-1M.json"},
	}
	for _, c := range cases {
		if got := Filename(c.q, c.ext); got != c.want {
			t.Errorf("Filename(%+v) = %q, want %q", c.q, got, c.want)
		}
	}
}

// TestCSVNeverHoldsAFormula: a name from the dataset that a spreadsheet
// would run as a formula (=, +, -, @, a tab, a carriage return first) is
// written with a ' before it (OWASP, CSV injection); the
// figures stay numbers.
func TestCSVNeverHoldsAFormula(t *testing.T) {
	names := []string{`=HYPERLINK("http://x.example","y")`, "+1+cmd", "-2+3", "@SUM(1)", "\tTab", "\rCR", "Plain, with a comma"}
	fsys := fstest.MapFS{}
	idx := data.Index{Version: data.SchemaVersion, Workloads: []data.Workload{{ID: "w", Name: "W"}}}
	for i, name := range names {
		slug := fmt.Sprintf("m%d", i)
		m := data.Model{Version: data.SchemaVersion, Slug: slug, Name: name, GPUs: []string{"H100"},
			Configurations: []data.Config{{GPU: "H100", NumGPUs: 1, MaxNumSeqs: 8, JoulesPerToken: data.Float(0.1 * float64(i+1)),
				MedianITL: 10, P90ITL: 10, P95ITL: 10, P99ITL: 10, TokensPerSecond: 100, AvgOutputTokens: 500, RowID: slug + "/H100/1/8", Repeat: 1}}}
		idx.Workloads[0].Models = append(idx.Workloads[0].Models, data.ModelEntry{Slug: slug, Name: name, GPUs: m.GPUs, Params: 8, ActiveParams: 8})
		b, _ := json.Marshal(m)
		fsys["w/"+slug+".json"] = &fstest.MapFile{Data: b}
	}
	b, _ := json.Marshal(idx)
	fsys["index.json"] = &fstest.MapFile{Data: b}
	s, err := data.LoadFS(fsys)
	if err != nil {
		t.Fatal(err)
	}
	rk, err := s.Compare(data.Query{Task: "w", GPU: data.AnyGPU, DeadlineMS: 50, Percentile: data.P50, Tokens: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := csv.NewReader(bytes.NewReader(CompareCSV(rk, footprint.Factors{}))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range names {
		line := lines[i+1]
		want := name
		if i < 6 {
			want = "'" + name
		}
		if line[2] != want {
			t.Errorf("display_name %q, want %q", line[2], want)
		}
		for _, cell := range line {
			if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
				t.Errorf("the line %q holds a formula: %q", line, cell)
			}
		}
		if line[6] != strconv.FormatFloat(rk.Models[i].Result.Estimate.EnergyWh, 'f', -1, 64) {
			t.Errorf("energy_wh %q is not the figure", line[6])
		}
	}
}

// A figure that is not a finite number is an empty cell, as a missing one
// is: a CSV never reads NaN or Inf.
func TestCSVWritesNoNonFiniteFigure(t *testing.T) {
	for _, v := range []any{math.NaN(), math.Inf(1), data.Float(math.Inf(-1))} {
		if got := csvValue(v); got != "" {
			t.Errorf("csvValue(%v) = %q, want an empty cell", v, got)
		}
	}
	if got := csvValue(2.5); got != "2.5" {
		t.Errorf("csvValue(2.5) = %q", got)
	}
}
