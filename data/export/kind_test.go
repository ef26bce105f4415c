package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// checkDiffusionRow checks that a document's row is the dataset's row less
// its repeat, which the row id says.
func checkDiffusionRow(t *testing.T, what string, got any, c *data.Config) {
	t.Helper()
	row, ok := got.(map[string]any)
	if !ok {
		t.Fatalf("%s: %v is not an object", what, got)
	}
	want := datasetRow(t, c)
	delete(want, "repeat")
	if len(row) != len(want) {
		t.Errorf("%s has keys %v, want the dataset's less repeat: %v", what, row, want)
	}
	for k, v := range want {
		if row[k] != v {
			t.Errorf("%s: %s = %v, the dataset has %v", what, k, row[k], v)
		}
	}
}

func TestDiffusionScenario(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: "H100", DeadlineMS: 200e3, Percentile: data.P50, Tokens: 100})
	if r.Selected == nil || r.Other == nil {
		t.Fatal("the query should select a configuration and one on the other GPU")
	}
	b, err := ScenarioJSON(r)
	if err != nil {
		t.Fatal(err)
	}
	doc := decode(t, b)
	for k, want := range map[string]any{
		"task": "text-to-video", "model": "wan-2-1-14b", "gpu": "H100", "deadline_s": 200.0, "unit": "video", "items": 100.0,
		"status": "meets", "energy_wh": r.Estimate.EnergyWh, "energy_per_item_j": r.Estimate.EnergyPerRequest, "gpu_hours": r.Estimate.GPUHours,
	} {
		if doc[k] != want {
			t.Errorf("%s = %v, want %v", k, doc[k], want)
		}
	}
	// The energy for the volume is the measured energy per video times the videos.
	if e := doc["energy_wh"].(float64); e != r.Selected.Measured.JoulesPerItem*100/3600 {
		t.Errorf("energy_wh %v for 100 videos of %v J", e, r.Selected.Measured.JoulesPerItem)
	}
	for _, k := range []string{"tokens", "percentile", "deadline_ms", "requests", "energy_per_request_j"} {
		if _, ok := doc[k]; ok {
			t.Errorf("a video scenario has %s", k)
		}
	}
	checkDiffusionRow(t, "selected", doc["selected"], r.Selected)
	sel := doc["selected"].(map[string]any)
	for _, k := range []string{"row_id", "num_gpus", "batch_size", "ulysses_degree", "ring_degree", "width", "height", "num_frames", "fps",
		"inference_steps", "batch_latency_s", "joules_per_item", "items_per_second", "gpu_power_watts_total"} {
		if _, ok := sel[k]; !ok {
			t.Errorf("selected lacks %s", k)
		}
	}
	checkDiffusionRow(t, "other.selected", doc["other"].(map[string]any)["selected"], r.Other)

	// Infeasible: the smallest deadline, in seconds, and the fastest: the
	// leaderboard's 4.647245824337006 s rounded up to 0.1 s.
	r = selectQ(t, s, data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: "H100", DeadlineMS: 2e3, Percentile: data.P50, Tokens: 10})
	b, _ = ScenarioJSON(r)
	doc = decode(t, b)
	if doc["status"] != "misses_deadline" || doc["min_deadline_s"] != 4.7 || doc["selected"] != nil || doc["energy_per_item_j"] != nil {
		t.Errorf("infeasible: status %v, min_deadline_s %v (fastest %v s), selected %v", doc["status"], doc["min_deadline_s"], r.Fastest.BatchLatencyS, doc["selected"])
	}
	checkDiffusionRow(t, "fastest", doc["fastest"], r.Fastest)
	if _, ok := checkKeyOrder(b, "fastest", "num_frames"); ok {
		t.Error("an image row has num_frames")
	}
	if got := Filename(r.Query, "json"); got != "tokenjoule-text-to-image-flux-1-dev-H100-2s-10.json" {
		t.Errorf("Filename = %q", got)
	}
}

// checkKeyOrder finds key in the object under parent, as written.
func checkKeyOrder(doc []byte, parent, key string) (int, bool) {
	i := bytes.Index(doc, []byte(`"`+parent+`":`))
	if i < 0 {
		return 0, false
	}
	j := bytes.Index(doc[i:], []byte(`"`+key+`":`))
	end := bytes.IndexByte(doc[i:], '}')
	return j, j >= 0 && j < end
}

func TestDiffusionComparison(t *testing.T) {
	s := load(t)
	// At 2 minutes, some video models meet, some miss.
	rk, err := s.Compare(data.Query{Task: "text-to-video", GPU: "H100", DeadlineMS: 120e3, Percentile: data.P50, Tokens: 100})
	if err != nil {
		t.Fatal(err)
	}
	b, err := CompareJSON(rk, footprint.Factors{})
	if err != nil {
		t.Fatal(err)
	}
	var docs []map[string]any
	if err := json.Unmarshal(b, &docs); err != nil {
		t.Fatal(err)
	}
	statuses := map[any]int{}
	for i, d := range docs {
		r := &rk.Models[i]
		statuses[d["status"]]++
		switch r.Status() {
		case data.Meets:
			if d["energy_wh"] != r.Result.Estimate.EnergyWh || d["energy_per_item_j"] != r.Result.Selected.Joules() {
				t.Errorf("%s: %v", r.Entry.Slug, d)
			}
			checkDiffusionRow(t, r.Entry.Slug, d["selected"], r.Result.Selected)
		case data.MissesDeadline:
			// The measured latency rounded up to 0.1 s.
			lat := r.Result.Fastest.Measured.BatchLatency / 1000
			if min, ok := d["min_deadline_s"].(float64); !ok || min < lat || min >= lat+0.1 || min*10 != math.Round(min*10) || d["selected"] != nil {
				t.Errorf("%s misses: %v", r.Entry.Slug, d)
			}
		}
		for _, k := range []string{"joules_per_token", "requests", "energy_per_request_j", "min_deadline_ms"} {
			if _, ok := d[k]; ok {
				t.Errorf("%s: a video comparison has %s", r.Entry.Slug, k)
			}
		}
	}
	if statuses["meets"] == 0 || statuses["misses_deadline"] == 0 {
		t.Fatalf("the test query should have models that meet and miss: %v", statuses)
	}

	lines, err := csv.NewReader(bytes.NewReader(CompareCSV(rk, footprint.Factors{}))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"rank", "model", "display_name", "status", "params_b", "active_params_b", "energy_wh", "energy_per_item_j", "gpu_hours",
		"min_deadline_s", "row_id", "gpu", "num_gpus", "ulysses_degree", "ring_degree", "precision", "batch_size", "width", "height",
		"num_frames", "fps", "inference_steps", "batch_latency_s", "items_per_second", "gpu_power_watts_total"}
	if !slices.Equal(lines[0], want) {
		t.Errorf("CSV header\n%v\nwant\n%v", lines[0], want)
	}
	first := lines[1]
	if first[1] != rk.Models[0].Entry.Slug || first[7] != strconv.FormatFloat(rk.Models[0].Result.Selected.Joules(), 'f', -1, 64) {
		t.Errorf("first line %v", first)
	}
	if got := Filename(rk.Query, "csv"); got != "tokenjoule-text-to-video-H100-120s-100.csv" {
		t.Errorf("Filename = %q", got)
	}
}

func TestDiffusionSummaries(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: "H100", DeadlineMS: 10e3, Percentile: data.P50, Tokens: 10e3})
	got := Summary(r, footprint.Factors{}, "https://example.org/?x")
	for _, want := range []string{
		"10k images of FLUX.1 Dev on Text to Image, on H100, each generated within 10 s (the time to generate its batch): ",
		"24.16 kWh of GPU energy (8,699 J per image)",
		"(H100 × 2, batch size 1, Ulysses 2 × ring 1, 1024×1024, 50 steps; dataset row flux-1-dev/H100/2/b1/u2r1).",
		"https://example.org/?x",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Summary does not say %q:\n%s", want, got)
		}
	}
	r = selectQ(t, s, data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: "H100", DeadlineMS: 30e3, Percentile: data.P50, Tokens: 5})
	// The leaderboard's 71.76369178295135 s, rounded up to 0.1 s.
	if got := Summary(r, footprint.Factors{}, ""); !strings.Contains(got, "the smallest deadline one meets is 71.8 s (H100 × 8, batch size 1, Ulysses 8 × ring 1, 832×480, 50 steps, 81 frames at 15 fps; dataset row wan-2-1-14b/H100/8/b1/u8r1)") {
		t.Errorf("infeasible summary: %s", got)
	}
	rk, _ := s.Compare(data.Query{Task: "text-to-video", GPU: "H100", DeadlineMS: 120e3, Percentile: data.P50, Tokens: 100})
	got = CompareSummary(rk, &s.Index, footprint.Factors{}, "")
	for _, want := range []string{"GPU energy of 100 videos on Text to Video, on H100, each generated within 120 s", "\u00a0J/video)", "Missing the deadline (the smallest each meets): "} {
		if !strings.Contains(got, want) {
			t.Errorf("CompareSummary does not say %q:\n%s", want, got)
		}
	}
}

// A budget of images: how many fit, each its own request.
func TestDiffusionFootprint(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "text-to-image", Model: "sana-1-5-1-6b", GPU: data.AnyGPU, DeadlineMS: 30e3, Percentile: data.P50, Tokens: 1000})
	f := footprint.Factors{}
	b, _ := footprint.ParseBudget("1 kWh")
	fit, err := f.Fit(b, r.Selected)
	if err != nil {
		t.Fatal(err)
	}
	// 1 kWh is 3.6 MJ, at the leaderboard's 337.9434374962002 J per image.
	if want := 3.6e6 / 337.9434374962002; math.Abs(fit.Tokens/want-1) > 1e-12 || fit.Requests != fit.Tokens {
		t.Errorf("1 kWh fits %+v, want %v images", fit, want)
	}
	o := Footprint(r, f, b, &fit)
	doc := decode(t, mustJSON(t, o))
	fp := doc["footprint"].(map[string]any)
	if fp["facility_wh_per_item"] != 337.9434374962002/3600 {
		t.Errorf("footprint = %v", fp)
	}
	if bud := doc["budget"].(map[string]any); bud["items"] != fit.Tokens || bud["tokens"] != nil {
		t.Errorf("budget = %v", bud)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
