package cli

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// TestComparePlansByHand ranks two models of round figures planned at 300
// tokens/s, twice that at the peak, 100 W idle per GPU. M's configuration B
// (1 GPU, 400 tokens/s, 400 W) needs two replicas 37.5% busy: 2 × (100 +
// 0.375 × 300) = 425 W, 10.2 kWh a day, on 2 GPUs. N (2 GPUs, 1,000
// tokens/s, 500 W) needs one replica 30% busy: 2 × 100 + 0.3 × (500 − 200)
// = 290 W, 6.96 kWh a day, on 2 GPUs. So N comes first; O is too slow.
func TestComparePlansByHand(t *testing.T) {
	c := func(id string, gpus, seqs int, tps, j, itl float64) data.Config {
		return data.Config{RowID: id, GPU: "H100", NumGPUs: gpus, MaxNumSeqs: seqs, TokensPerSecond: data.Float(tps),
			JoulesPerToken: data.Float(j), PowerWatts: int(tps * j), MedianITL: data.Float(itl), P90ITL: data.Float(itl),
			P95ITL: data.Float(itl), P99ITL: data.Float(itl), AvgOutputTokens: 500, TensorParallel: gpus, DataParallel: 1, ExpertParallel: 1}
	}
	models := []data.Model{
		{Slug: "m", Name: "M", Configurations: []data.Config{c("m/H100/1/8", 1, 8, 100, 2, 20), c("m/H100/1/64", 1, 64, 400, 1, 40)}},
		{Slug: "n", Name: "N", Configurations: []data.Config{c("n/H100/2/64", 2, 64, 1000, 0.5, 30)}},
		{Slug: "o", Name: "O", Configurations: []data.Config{c("o/H100/1/64", 1, 64, 1000, 0.1, 80)}},
	}
	fs := fstest.MapFS{}
	w := data.Workload{ID: "w", Name: "W"}
	for _, m := range models {
		m.Version, m.GPUs = data.SchemaVersion, []string{"H100"}
		b, _ := json.Marshal(m)
		fs["w/"+m.Slug+".json"] = &fstest.MapFile{Data: b}
		w.Models = append(w.Models, data.ModelEntry{Slug: m.Slug, Name: m.Name, GPUs: m.GPUs})
	}
	ib, _ := json.Marshal(data.Index{Version: data.SchemaVersion, Workloads: []data.Workload{w}})
	fs["index.json"] = &fstest.MapFile{Data: ib}
	loadSet = func() (*data.Set, error) { return data.LoadFS(fs) }
	t.Cleanup(func() { loadSet = data.Load })

	args := []string{"compare", "-task", "w", "-gpu", "H100", "-deadline", "50ms", "-rate", "300/s", "-peak", "2", "-idle-watts", "100"}
	code, out, errs := runArgs(append(args, "-json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got []struct {
		Model    string   `json:"model"`
		Status   string   `json:"status"`
		GPUs     *int     `json:"gpus"`
		Replicas *int     `json:"replicas"`
		Util     *float64 `json:"utilisation"`
		PowerW   *float64 `json:"power_w"`
		KWhDay   *float64 `json:"energy_kwh_per_day"`
		MinMS    *float64 `json:"min_deadline_ms"`
		Selected *struct {
			RowID string `json:"row_id"`
		} `json:"selected"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 3 {
		t.Fatalf("compare -rate -json: %v\n%s", err, out)
	}
	n, m, o := got[0], got[1], got[2]
	if n.Model != "n" || *n.GPUs != 2 || *n.Replicas != 1 || *n.Util != 0.3 || !nearly(*n.PowerW, 290) || !nearly(*n.KWhDay, 6.96) || n.Selected.RowID != "n/H100/2/64" {
		t.Errorf("first: %+v, want N: 2 GPUs, 1 replica, 30%%, 290 W, 6.96 kWh a day", n)
	}
	if m.Model != "m" || *m.GPUs != 2 || *m.Replicas != 2 || *m.Util != 0.375 || !nearly(*m.PowerW, 425) || !nearly(*m.KWhDay, 10.2) || m.Selected.RowID != "m/H100/1/64" {
		t.Errorf("second: %+v, want M: 2 GPUs, 2 replicas, 37.5%%, 425 W, 10.2 kWh a day", m)
	}
	if o.Model != "o" || o.Status != "misses_deadline" || o.GPUs != nil || o.MinMS == nil || *o.MinMS != 80 || o.Selected != nil {
		t.Errorf("third: %+v, want O missing the deadline, 80 ms", o)
	}
	code, out, _ = runArgs(args...)
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"25.92M output tokens a day", "6.96 kWh", "10.2 kWh", "+41.7%", "2 × H100 × 1, max_num_seqs 64", "O", "80 ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("compare -rate lacks %q:\n%s", want, out)
		}
	}
	// Nothing meets 10 ms: exit 3, the output printed all the same.
	code, out, _ = runArgs(append(slicesReplace(args, "50ms", "10ms"), "-csv")...)
	if code != exitInfeasible || strings.Count(out, "\n") != 4 {
		t.Errorf("at 10 ms: exit %d, %q", code, out)
	}
}

func slicesReplace(s []string, old, new string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = x
		if x == old {
			out[i] = new
		}
	}
	return out
}

// compare -rate prints the compare page's downloads in plan mode, byte for
// byte (package export, from plan.Compare), and each model's figures are
// the ones plan gives it alone.
func TestComparePlans(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	q := data.Query{Task: "gpqa", GPU: data.AnyGPU, DeadlineMS: 15, Percentile: data.P95}
	tr := plan.Traffic{Rate: data.Rate{Tokens: 12e3, Per: data.Second}, Peak: 3, Idle: 70, IdleSet: true}
	args := []string{"compare", "-task", "gpqa", "-deadline", "15ms", "-percentile", "p95", "-rate", "12k/s", "-peak", "3", "-idle-watts", "70",
		"-boundary", "cloud", "-grid", "world"}
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid, _ = footprint.Grid.Parse("world")
	rk, err := plan.Compare(set, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, err := export.PlanCompareJSON(rk, f)
	if err != nil {
		t.Fatal(err)
	}
	for ext, want := range map[string][]byte{"-json": wantJSON, "-csv": export.PlanCompareCSV(rk, f)} {
		code, out, errs := runArgs(append(args, ext)...)
		if code != exitOK || !bytes.Equal([]byte(out), want) {
			t.Errorf("compare %s: exit %d (%s), %d bytes, want the export's %d", ext, code, errs, len(out), len(want))
		}
	}
	_, out, _ := runArgs(append(args, "-json")...)
	var docs []map[string]any
	if err := json.Unmarshal([]byte(out), &docs); err != nil {
		t.Fatal(err)
	}
	var met, missed int
	for _, d := range docs {
		slug := d["model"].(string)
		pargs := append([]string{"plan", "-model", slug}, args[1:]...)
		code, pout, errs := runArgs(append(pargs, "-json")...)
		var p map[string]any
		if err := json.Unmarshal([]byte(pout), &p); err != nil {
			t.Fatalf("plan -model %s: exit %d, %s: %v", slug, code, errs, err)
		}
		switch d["status"] {
		case "meets":
			met++
			for _, k := range []string{"replicas", "gpus", "utilisation", "power_w", "energy_kwh_per_day", "busy_kwh_per_day", "headroom_share"} {
				if d[k] != p[k] {
					t.Errorf("%s: %s = %v, plan says %v", slug, k, d[k], p[k])
				}
			}
			fp := p["footprint"].(map[string]any)
			if d["facility_kwh_per_day"] != fp["facility_wh"].(float64)/1000 || d["carbon_g_per_day"] != fp["carbon_g"] {
				t.Errorf("%s: a day at the boundary %v kWh, %v g; plan says %v Wh, %v g", slug, d["facility_kwh_per_day"], d["carbon_g_per_day"],
					fp["facility_wh"], fp["carbon_g"])
			}
			if d["selected"].(map[string]any)["row_id"] != p["selected"].(map[string]any)["row_id"] {
				t.Errorf("%s: selected %v, plan says %v", slug, d["selected"], p["selected"])
			}
		case "misses_deadline":
			missed++
			if d["min_deadline_ms"] != p["min_deadline_ms"] {
				t.Errorf("%s: min_deadline_ms %v, plan says %v", slug, d["min_deadline_ms"], p["min_deadline_ms"])
			}
		}
	}
	if met < 2 || missed == 0 {
		t.Errorf("the test needs models that meet the deadline and models that miss it: %d, %d", met, missed)
	}
}

// Values compare -rate refuses exit 2 with a message naming them, as plan's.
func TestComparePlansRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-rate", "0/day"}, `"0/day"`},
		{[]string{"-rate", "2e15/day"}, `"2e15/day"`},
		{[]string{"-rate", ""}, "rate"},
		{[]string{"-rate", "1B/day", "-peak", "0.5"}, `"0.5"`},
		{[]string{"-rate", "1B/day", "-idle-watts", "2000"}, `-idle-watts "2000"`},
		{[]string{"-rate", "1B/day", "-idle", "0.2"}, `-idle "0.2"`},
		{[]string{"-rate", "1B/day", "-budget", "1kWh"}, `-budget`},
		{[]string{"-rate", "1B/day", "-tokens", "5M"}, `-tokens "5M"`},
		{[]string{"-peak", "3"}, `-peak "3"`},
		{[]string{"-idle-watts", "70"}, `-idle-watts "70"`},
		{[]string{"-rate", "1B/day", "-json", "-csv"}, "-json and -csv"},
		// The planner plans tokens: an image or video task is refused, in
		// every output, and with its own volume beside the rate.
		{[]string{"-task", "text-to-image", "-rate", "1B/day"}, `task "text-to-image"`},
		{[]string{"-task", "text-to-image", "-rate", "1B/day", "-csv"}, `task "text-to-image"`},
		{[]string{"-task", "text-to-image", "-rate", "1B/day", "-json"}, `task "text-to-image"`},
		{[]string{"-task", "text-to-video", "-rate", "1B/day", "-idle-watts", "0"}, `task "text-to-video"`},
		{[]string{"-task", "text-to-image", "-rate", "1B/day", "-images", "5"}, `text-to-image`},
	} {
		code, out, errs := runArgs(append([]string{"compare"}, tc.args...)...)
		if code != exitBadInput || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("compare %q: exit %d, stdout %d bytes, stderr %q; want exit 2 naming %s", tc.args, code, len(out), errs, tc.want)
		}
	}
	if code, _, _ := runArgs("compare", "-rate", "1B/day", "-peak", strconv.Itoa(2)); code != exitOK {
		t.Errorf("compare -rate 1B/day -peak 2: exit %d", code)
	}
}
