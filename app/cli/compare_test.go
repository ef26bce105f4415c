package cli

import (
	"encoding/csv"
	"math"
	"strconv"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// compareArgs and compareQuery are the same question: gpqa on H100 at 15 ms
// p95, where some models meet the deadline, some miss it and two were not
// measured on H100.
var compareArgs = []string{"compare", "-task", "gpqa", "-gpu", "h100", "-deadline", "0.015s", "-percentile", "P95", "-tokens", "2.5B"}

func compareQuery(t *testing.T) *data.Ranking {
	t.Helper()
	s, _ := data.Load()
	rk, err := s.Compare(data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9})
	if err != nil {
		t.Fatal(err)
	}
	return rk
}

// compare -csv and -json print the page's downloads byte for byte.
func TestCompareDownloads(t *testing.T) {
	rk := compareQuery(t)
	code, out, errs := runArgs(append(compareArgs, "-csv")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	if want := export.CompareCSV(rk, footprint.Factors{}); out != string(want) {
		t.Errorf("compare -csv differs from export.CompareCSV:\n%s\nwant\n%s", out, want)
	}
	code, out, _ = runArgs(append(compareArgs, "-json")...)
	want, err := export.CompareJSON(rk, footprint.Factors{})
	if code != exitOK || err != nil || out != string(want) {
		t.Errorf("compare -json (exit %d) differs from export.CompareJSON (%v):\n%s\nwant\n%s", code, err, out, want)
	}
}

// The text lists the models in rank order with the page's rounding.
func TestCompareText(t *testing.T) {
	rk := compareQuery(t)
	code, out, errs := runArgs(compareArgs...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	lines := strings.Split(out, "\n")
	last := -1
	statuses := map[data.Status]int{}
	for _, r := range rk.Models {
		statuses[r.Status()]++
		var row string // what identifies the model's line
		switch r.Status() {
		case data.Meets:
			row = r.Result.Selected.RowID
		case data.MissesDeadline:
			row = r.Result.Fastest.RowID
		default:
			continue
		}
		i := -1
		for j, l := range lines {
			if strings.HasSuffix(l, "  "+row) {
				i = j
			}
		}
		if i <= last {
			t.Fatalf("%s (%s) is not listed after the models ranked above it:\n%s", r.Entry.Name, row, out)
		}
		last = i
		want := data.FormatMS(r.Result.MinDeadlineMS())
		if r.Status() == data.Meets {
			want = data.FormatEnergy(r.Result.Estimate.EnergyWh)
		}
		if !strings.Contains(lines[i], r.Entry.Name) || !strings.Contains(lines[i], want) {
			t.Errorf("line %q lacks %s or %s", lines[i], r.Entry.Name, want)
		}
	}
	if statuses[data.Meets] == 0 || statuses[data.MissesDeadline] == 0 || statuses[data.NotMeasured] == 0 {
		t.Fatalf("the test query should have every status: %v", statuses)
	}
	for _, want := range []string{"Reasoning: 2.5B output tokens on H100 at p95 ITL ≤ 15 ms", "Missing the deadline",
		"Not measured on H100: DeepSeek R1 (measured on B200), DeepSeek V3.1 (measured on B200).", "GPU energy only", "Chung et al."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestCompareNoModelMeetsTheDeadline(t *testing.T) {
	code, out, _ := runArgs("compare", "-task", "video-chat", "-deadline", "1ms")
	if code != exitInfeasible || !strings.Contains(out, "No model meets the deadline.") || !strings.Contains(out, "Missing the deadline") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCompareBadInput(t *testing.T) {
	checkBadInput(t, "compare", []badInput{
		{[]string{"-task", "chat"}, []string{`"chat"`, "lm-arena-chat", "gpqa"}},
		{[]string{"-gpu", "A100"}, []string{`"A100"`, "H100", "B200", "any"}},
		{[]string{"-percentile", "p75"}, []string{`"p75"`, "p90"}},
		{[]string{"-tokens", "lots"}, []string{`"lots"`, "2.5B"}},
		{[]string{"-tokens", "0"}, []string{`"0"`}},
		{[]string{"-deadline", "fast"}, []string{`"fast"`, "ms"}},
		{[]string{"-deadline", "-40ms"}, []string{`"-40ms"`}},
		{[]string{"-json", "-csv"}, []string{"-json", "-csv"}},
		{[]string{"-model", "qwen-3-14b"}, []string{"model"}},
		{[]string{"extra"}, []string{`"extra"`}},
	})
}

// With footprint flags the CSV gains a column per factor set, after the
// energy figures, computed from each model's GPU energy.
func TestCompareFootprintColumns(t *testing.T) {
	code, out, errs := runArgs(append(compareArgs, "-csv", "-boundary", "cloud", "-grid", "fr", "-wue", "2", "-price", "0.2", "-currency", "eur")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, k := range rows[0] {
		col[k] = i
	}
	// Each figure, then its low and high over the published spread.
	for i, k := range []string{"facility_wh", "carbon_g", "water_l", "cost_eur"} {
		if col[k] != col["requests"]+1+3*i || col[k+"_low"] != col[k]+1 || col[k+"_high"] != col[k]+2 {
			t.Fatalf("footprint column %s, or its low and high, missing or misplaced in the header %v", k, rows[0])
		}
	}
	num := func(row []string, k string) float64 {
		v, err := strconv.ParseFloat(row[col[k]], 64)
		if err != nil {
			t.Fatalf("%s = %q: %v", k, row[col[k]], err)
		}
		return v
	}
	// By hand: the cloud boundary is host 0.43, idle 0.17, PUE 1.09, so the
	// facility draws 1.6 × 1.09 = 1.744 times the GPU energy and the fleet
	// 1.6 times; France's grid is 56 g CO2e/kWh (Our World in Data, 2023, lifecycle).
	for _, row := range rows[1:] {
		if row[col["status"]] != "meets" {
			if row[col["facility_wh"]] != "" || row[col["cost_eur"]] != "" {
				t.Errorf("%s misses the deadline but has footprint figures: %v", row[col["model"]], row)
			}
			continue
		}
		gpu := num(row, "energy_wh")
		for _, c := range []struct {
			key  string
			want float64
		}{
			{"facility_wh", gpu * 1.744},
			{"carbon_g", gpu * 1.744 / 1000 * 56},
			{"water_l", gpu * 1.6 / 1000 * 2},
			{"cost_eur", gpu * 1.744 / 1000 * 0.2},
		} {
			if got := num(row, c.key); math.Abs(got-c.want) > 1e-9*c.want {
				t.Errorf("%s: %s = %v, want %v", row[col["model"]], c.key, got, c.want)
			}
		}
		// The published spread: the host from EcoLogits' 150 W a GPU (over the
		// row's power, which the CSV rounds to the watt: hence 1e-3) to
		// Google's 0.43, idle 0 to 0.17, PUE 1.09 to 1.56, France's grid
		// (a preset) 30 to 713 g/kWh; the WUE and the price, typed, held.
		eco := 150 * num(row, "num_gpus") / num(row, "gpu_power_watts_total")
		low, high := gpu*(1+min(eco, 0.43))*1.09, gpu*(1+max(eco, 0.43)+0.17)*1.56
		for _, c := range []struct {
			key  string
			want float64
		}{
			{"facility_wh_low", low}, {"facility_wh_high", high},
			{"carbon_g_low", low / 1000 * 30}, {"carbon_g_high", high / 1000 * 713},
			{"water_l_low", low / 1.09 / 1000 * 2}, {"water_l_high", high / 1.56 / 1000 * 2},
			{"cost_eur_low", low / 1000 * 0.2}, {"cost_eur_high", high / 1000 * 0.2},
		} {
			if got := num(row, c.key); math.Abs(got-c.want) > 1e-3*c.want {
				t.Errorf("%s: %s = %v, want %v", row[col["model"]], c.key, got, c.want)
			}
		}
	}
	if code, _, errs := runArgs(append(compareArgs, "-budget", "1 t")...); code != exitBadInput || !strings.Contains(errs, `"1 t"`) {
		t.Errorf("compare -budget: exit %d, %s", code, errs)
	}
}
