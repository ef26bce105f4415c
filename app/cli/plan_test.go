package cli

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// TestPlanByHand runs plan on a model of round figures and checks its text
// against the plan worked out by hand: at 300 tokens/s, twice that at the
// peak, 100 W idle per GPU, configuration B (400 tokens/s, 400 W) needs two
// replicas, each 37.5% busy: 2 × (100 + 0.375 × 300) = 425 W, 10.2 kWh a
// day; at steady state 300 × 86,400 × 1 J = 7.2 kWh, so +41.7%.
func TestPlanByHand(t *testing.T) {
	c := func(id string, seqs int, tps, j, itl float64) data.Config {
		return data.Config{RowID: id, GPU: "H100", NumGPUs: 1, MaxNumSeqs: seqs, TokensPerSecond: data.Float(tps),
			JoulesPerToken: data.Float(j), PowerWatts: int(tps * j), MedianITL: data.Float(itl), P90ITL: data.Float(itl),
			P95ITL: data.Float(itl), P99ITL: data.Float(itl), AvgOutputTokens: 500, TensorParallel: 1, DataParallel: 1, ExpertParallel: 1}
	}
	m := data.Model{Version: data.SchemaVersion, Slug: "m", Name: "M", GPUs: []string{"H100"},
		Configurations: []data.Config{c("m/H100/1/8", 8, 100, 2, 20), c("m/H100/1/64", 64, 400, 1, 40)}}
	idx := data.Index{Version: data.SchemaVersion, Workloads: []data.Workload{{ID: "w", Name: "W", Models: []data.ModelEntry{{Slug: "m", Name: "M", GPUs: m.GPUs}}}}}
	ib, _ := json.Marshal(idx)
	mb, _ := json.Marshal(m)
	loadSet = func() (*data.Set, error) {
		return data.LoadFS(fstest.MapFS{"index.json": {Data: ib}, "w/m.json": {Data: mb}})
	}
	t.Cleanup(func() { loadSet = data.Load })
	args := []string{"plan", "-task", "w", "-model", "m", "-gpu", "H100", "-deadline", "50ms", "-rate", "300/s", "-peak", "2", "-idle-watts", "100"}
	code, out, errs := runArgs(args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"GPUs:        2 (2 replicas of H100 × 1)", "10.2 kWh a day", "3.723 MWh a year", "425 W on average",
		"37.5% on average, 75% at the peak", "7.2 kWh a day at steady state", "+41.7% for the capacity kept for the peak",
		"100 W per GPU (your figure)", "[m/H100/1/64]", "25.92M output tokens a day"} {
		if !strings.Contains(out, want) {
			t.Errorf("plan lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runArgs(append(args, "-json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		Replicas, GPUs                     int
		Utilisation, EnergyKWhPerDay, Busy float64
		GPUHours, RateTPS, PeakTPS, IdleW  float64
		Selected                           struct {
			RowID string `json:"row_id"`
		}
		Footprint struct {
			GPUWh float64 `json:"gpu_wh"`
		}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	for k, dst := range map[string]any{"replicas": &got.Replicas, "gpus": &got.GPUs, "utilisation": &got.Utilisation,
		"energy_kwh_per_day": &got.EnergyKWhPerDay, "busy_kwh_per_day": &got.Busy, "gpu_hours_per_day": &got.GPUHours,
		"rate_tokens_per_s": &got.RateTPS, "peak_tokens_per_s": &got.PeakTPS, "idle_watts_per_gpu": &got.IdleW,
		"selected": &got.Selected, "footprint": &got.Footprint} {
		if err := json.Unmarshal(raw[k], dst); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
	if got.Replicas != 2 || got.GPUs != 2 || got.Utilisation != 0.375 || !nearly(got.EnergyKWhPerDay, 10.2) || !nearly(got.Busy, 7.2) ||
		got.GPUHours != 48 || got.RateTPS != 300 || got.PeakTPS != 600 || got.IdleW != 100 || got.Selected.RowID != "m/H100/1/64" ||
		!nearly(got.Footprint.GPUWh, 10200) {
		t.Errorf("plan -json = %+v", got)
	}

	// The published spread of a day at the cloud boundary, idle capacity the
	// plan's own. EcoLogits' host is 150 W × 2 GPUs over the fleet's 425 W,
	// 300 / 425 = 0.70588, above Google's 0.43, which is then the low end:
	// low  10,200 Wh × 1.43 × 1.09 = 15,898.74 Wh;
	// high 10,200 Wh × (1 + 300/425) × 1.56 = 17,400 × 1.56 = 27,144 Wh.
	code, out, errs = runArgs(append(args, "-boundary", "cloud", "-json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var spread struct {
		Footprint struct {
			Spread    []string
			Low, High struct {
				FacilityWh float64 `json:"facility_wh"`
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &spread); err != nil {
		t.Fatal(err)
	}
	if fp := spread.Footprint; !nearly(fp.Low.FacilityWh, 15898.74) || !nearly(fp.High.FacilityWh, 27144) || strings.Join(fp.Spread, " ") != "host pue" {
		t.Errorf("plan -boundary cloud: spread %q, low %v Wh, high %v Wh; want host pue, 15,898.74 and 27,144 Wh", fp.Spread, fp.Low.FacilityWh, fp.High.FacilityWh)
	}
	_, out, _ = runArgs(append(args, "-boundary", "cloud")...)
	if want := "Spread:   15 to 28 kWh a day: the lowest to the highest published values of the factors"; !strings.Contains(out, want) {
		t.Errorf("plan -boundary cloud lacks %q:\n%s", want, out)
	}
}

// TestPlanIsTheExport: plan -json and -csv print export's documents for the
// plan that plan.Make makes, byte for byte: the page downloads the same.
func TestPlanIsTheExport(t *testing.T) {
	s, _ := data.Load()
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "any", DeadlineMS: 40, Percentile: data.P95}
	tr := plan.Traffic{Rate: data.Rate{Tokens: 12000, Per: data.Second}, Peak: 3, Idle: 70, IdleSet: true}
	p, err := plan.Make(s, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid = footprint.Number(480)
	args := []string{"plan", "-task", "gpqa", "-model", "GPT OSS 20B", "-deadline", "40", "-percentile", "p95", "-rate", "12k/s",
		"-peak", "3", "-idle-watts", "70", "-boundary", "cloud", "-grid", "480"}
	_, out, errs := runArgs(append(args, "-json")...)
	if want, _ := export.PlanJSON(p, f); out != string(want) {
		t.Errorf("plan -json (%s) differs from export.PlanJSON:\n%s\nwant\n%s", errs, out, want)
	}
	_, out, _ = runArgs(append(args, "-csv")...)
	if want := export.PlanCSV(p, f); out != string(want) {
		t.Errorf("plan -csv differs from export.PlanCSV:\n%s\nwant\n%s", out, want)
	}
	lines, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(lines) != len(p.Options)+1 || lines[1][slices.Index(lines[0], "row_id")] != p.Best().Config.RowID {
		t.Errorf("plan -csv: %d lines (%v), want a header and %d options, the chosen first", len(lines), err, len(p.Options))
	}
	// The footprint of a day: the plan's energy, its own idle, the host and PUE on top.
	var doc struct {
		Energy    float64 `json:"energy_kwh_per_day"`
		Footprint struct {
			GPUWh, FleetWh, FacilityWh, CarbonG float64
			Factors                             struct{ Idle, Host float64 }
		}
	}
	_, out, _ = runArgs(append(args, "-json")...)
	json.Unmarshal([]byte(strings.NewReplacer(`"gpu_wh"`, `"GPUWh"`, `"fleet_wh"`, `"FleetWh"`, `"facility_wh"`, `"FacilityWh"`, `"carbon_g"`, `"CarbonG"`).Replace(out)), &doc)
	fp := doc.Footprint
	if !nearly(fp.GPUWh, doc.Energy*1000) || fp.Factors.Idle != 0 || !nearly(fp.FleetWh, fp.GPUWh*1.43) || !nearly(fp.CarbonG, fp.FacilityWh/1000*480) {
		t.Errorf("the footprint of a day: %+v, for %v kWh", fp, doc.Energy)
	}
}

func TestPlanRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-rate", "0/day"}, `"0/day"`},
		{[]string{"-rate", "2e15/day"}, "1e15 tokens a day"},
		{[]string{"-rate", "1B"}, "add /day or /s"},
		{[]string{"-peak", "0.9"}, `"0.9"`},
		{[]string{"-peak", "x"}, `"x"`},
		{[]string{"-idle-watts", "-1"}, `-idle-watts "-1"`},
		{[]string{"-idle-watts", "1001"}, `"1001"`},
		{[]string{"-idle", "0.17"}, "-idle-watts"},
		{[]string{"-budget", "1 t"}, "fits no budget"},
		{[]string{"-tokens", "1M"}, "-tokens"},
		{[]string{"-json", "-csv"}, "choose one"},
	} {
		code, out, errs := runArgs(append([]string{"plan"}, tc.args...)...)
		if code != exitBadInput || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("plan %v: exit %d, stdout %q, stderr %q; want exit 2, nothing printed, %q", tc.args, code, out, errs, tc.want)
		}
	}
	for _, ok := range [][]string{{"-idle-watts", "0"}, {"-idle-watts", "1000"}, {"-idle-watts", "b200"}, {"-peak", "1"}, {"-rate", "1e15/day"}} {
		if code, _, errs := runArgs(append([]string{"plan"}, ok...)...); code != exitOK {
			t.Errorf("plan %v: exit %d: %s", ok, code, errs)
		}
	}
}

func TestPlanInfeasible(t *testing.T) {
	code, out, _ := runArgs("plan", "-deadline", "2ms", "-json")
	var doc struct {
		Status   string       `json:"status"`
		Energy   *float64     `json:"energy_kwh_per_day"`
		Selected *data.Config `json:"selected"`
		MinMS    float64      `json:"min_deadline_ms"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitInfeasible {
		t.Fatalf("exit %d, %v", code, err)
	}
	if doc.Status != "misses_deadline" || doc.Energy != nil || doc.Selected != nil || doc.MinMS <= 2 {
		t.Errorf("plan -deadline 2ms -json = %+v", doc)
	}
	if code, out, _ := runArgs("plan", "-deadline", "2ms"); code != exitInfeasible || !strings.Contains(out, "The smallest deadline that one meets") {
		t.Errorf("plan -deadline 2ms: exit %d\n%s", code, out)
	}
}

// TestDocumentsThePlan: plan -json's keys and plan -csv's header are those
// package export documents, in its order.
func TestDocumentsThePlan(t *testing.T) {
	doc := documentedKeys(t)
	run := func(args ...string) []byte {
		t.Helper()
		_, out, errs := runArgs(args...)
		if out == "" {
			t.Fatalf("%v: %s", args, errs)
		}
		return []byte(out)
	}
	meets := run("plan", "-json")
	misses := run("plan", "-deadline", "2ms", "-json")
	full := run("plan", "-boundary", "cloud", "-grid", "world", "-wue", "aws", "-price", "0.12", "-currency", "USD", "-json")
	checkKeys(t, "plan -json", doc["plan -json"], keyPaths(t, meets), keyPaths(t, misses), keyPaths(t, full))
	header, err := csv.NewReader(bytes.NewReader(run("plan", "-csv"))).Read()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(header, doc["plan -csv"]) {
		t.Errorf("plan -csv header\n%v\ndata/export/doc.go documents\n%v", header, doc["plan -csv"])
	}
}
