package cli

import (
	"encoding/csv"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// plan -csv with footprint flags gives each option's day past the GPU with
// its low and high; the chosen option's are plan -json's footprint, in kWh.
func TestPlanCSVSpread(t *testing.T) {
	args := []string{"plan", "-model", "qwen-3-14b", "-deadline", "50ms", "-rate", "1B/day", "-boundary", "cloud", "-grid", "world"}
	_, out, errs := runArgs(append(args, "-json")...)
	var doc struct {
		Footprint struct {
			FacilityWh float64 `json:"facility_wh"`
			CarbonG    float64 `json:"carbon_g"`
			Low, High  struct {
				FacilityWh float64 `json:"facility_wh"`
				CarbonG    float64 `json:"carbon_g"`
			}
		} `json:"footprint"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("plan -json: %v (%s)", err, errs)
	}
	_, out, errs = runArgs(append(args, "-csv")...)
	lines, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(lines) < 2 {
		t.Fatalf("plan -csv: %v (%s)\n%s", err, errs, out)
	}
	fp := doc.Footprint
	for key, want := range map[string]float64{
		"facility_kwh_per_day": fp.FacilityWh / 1000, "facility_kwh_per_day_low": fp.Low.FacilityWh / 1000, "facility_kwh_per_day_high": fp.High.FacilityWh / 1000,
		"carbon_g_per_day": fp.CarbonG, "carbon_g_per_day_low": fp.Low.CarbonG, "carbon_g_per_day_high": fp.High.CarbonG,
	} {
		j := slices.Index(lines[0], key)
		if j < 0 {
			t.Errorf("plan -csv has no %s: %v", key, lines[0])
			continue
		}
		got, err := strconv.ParseFloat(lines[1][j], 64)
		if err != nil || want == 0 || math.Abs(got-want) > 1e-9*want {
			t.Errorf("plan -csv %s = %q, want %v (plan -json)", key, lines[1][j], want)
		}
	}
}
