package cli

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"tokenjoule/app/state"
)

// A whole footprint: Qwen 3 14B, chat, H100, 50 ms, 1B tokens,
// the cloud boundary, the world grid, Microsoft's WUE, 0.12 USD/kWh and a
// budget of 1 t CO2e.
var scenario = []string{"calc", "-task", "lm-arena-chat", "-model", "qwen-3-14b", "-gpu", "H100", "-deadline", "50ms",
	"-tokens", "1B", "-boundary", "cloud", "-grid", "world", "-wue", "microsoft", "-price", "0.12", "-currency", "USD",
	"-budget", "1 t CO2e"}

type footprintJSON struct {
	EnergyWh  float64 `json:"energy_wh"`
	Footprint *struct {
		Boundary   string             `json:"boundary"`
		GPUWh      float64            `json:"gpu_wh"`
		ServerWh   float64            `json:"server_wh"`
		FleetWh    float64            `json:"fleet_wh"`
		FacilityWh float64            `json:"facility_wh"`
		CarbonG    *float64           `json:"carbon_g"`
		WaterL     *float64           `json:"water_l"`
		Cost       *float64           `json:"cost"`
		Currency   string             `json:"currency"`
		Factors    map[string]float64 `json:"factors"`
		Spread     []string           `json:"spread"`
		Low, High  struct {
			FacilityWh float64            `json:"facility_wh"`
			CarbonG    float64            `json:"carbon_g"`
			WaterL     float64            `json:"water_l"`
			Cost       float64            `json:"cost"`
			Factors    map[string]float64 `json:"factors"`
		}
	} `json:"footprint"`
	Budget *struct {
		Value    string  `json:"value"`
		Tokens   float64 `json:"tokens"`
		Requests float64 `json:"requests"`
	} `json:"budget"`
}

func within(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Abs(want) }

func TestCalcFootprintJSON(t *testing.T) {
	code, out, errs := runArgs(append(scenario, "-json")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	var got footprintJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Footprint == nil || got.Budget == nil {
		t.Fatalf("no footprint and budget in the JSON (%v):\n%s", err, out)
	}
	fp := got.Footprint
	// By hand, from the leaderboard's measured 0.11191693587449492 J/token:
	// × 1e9 tokens / 3600 = 31,088.038 Wh on the GPU; × 1.43 = 44,455.894
	// (server); × 1.60 = 49,740.860 (fleet); × 1.09 = 54,217.538 (facility);
	// 54.217538 kWh × 480 g = 26,024.418 g; 49.740860 kWh × 0.30 L =
	// 14.922258 L; 54.217538 kWh × 0.12 = 6.5061045 USD.
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"energy_wh", got.EnergyWh, 31088.037742915254},
		{"gpu_wh", fp.GPUWh, 31088.037742915254},
		{"server_wh", fp.ServerWh, 44455.89397236881},
		{"fleet_wh", fp.FleetWh, 49740.86038866441},
		{"facility_wh", fp.FacilityWh, 54217.53782364421},
		{"carbon_g", *fp.CarbonG, 26024.418155349224},
		{"water_l", *fp.WaterL, 14.922258116599323},
		{"cost", *fp.Cost, 6.506104538837305},
		// 1e6 g / (0.11191693587449492 / 3600 Wh × 1.744 × 0.48 g/Wh)
		// tokens; / 624.564453125, the measured output length, per request.
		{"budget tokens", got.Budget.Tokens, 38425450822.01785},
		{"budget requests", got.Budget.Requests, 61523595.57089203},
		{"host", fp.Factors["host"], 0.43},
		{"idle", fp.Factors["idle"], 0.17},
		{"pue", fp.Factors["pue"], 1.09},
		{"grid_g_per_kwh", fp.Factors["grid_g_per_kwh"], 480},
		{"wue_l_per_kwh", fp.Factors["wue_l_per_kwh"], 0.30},
		{"price_per_kwh", fp.Factors["price_per_kwh"], 0.12},
		// The published spread, every factor a preset but the price (typed,
		// held). The measured power is 0.11191693587449492 J/token ×
		// 5,760.271 tokens/s = 644.672 W on 1 GPU: EcoLogits' host share is
		// 150 / 644.672 = 0.2326765, under Google's 0.43.
		// low:  31,088.038 × (1 + 0.2326765 + 0) × 1.09 = 41,770.428 Wh;
		//       × 30 g/kWh = 1,253.113 g; water at 0 L/kWh (dry) 0 L; × 0.12 = 5.0124513 USD.
		// high: 31,088.038 × (1 + 0.43 + 0.17) × 1.56 = 77,595.742 Wh;
		//       × 713 g/kWh = 55,325.764 g; 49,740.860 Wh × 1.8 L/kWh = 89.533549 L; × 0.12 = 9.3114891 USD.
		{"low host", fp.Low.Factors["host"], 0.23267649033772275},
		{"low facility_wh", fp.Low.FacilityWh, 41770.427649501544},
		{"low carbon_g", fp.Low.CarbonG, 1253.1128294850462},
		{"low cost", fp.Low.Cost, 5.012451317940185},
		{"high facility_wh", fp.High.FacilityWh, 77595.74220631648},
		{"high carbon_g", fp.High.CarbonG, 55325.764193103656},
		{"high water_l", fp.High.WaterL, 89.53354869959595},
		{"high cost", fp.High.Cost, 9.311489064757978},
		{"high pue", fp.High.Factors["pue"], 1.56},
		{"price held", fp.High.Factors["price_per_kwh"], 0.12},
	} {
		if !within(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if fp.Low.WaterL != 0 || strings.Join(fp.Spread, " ") != "host idle pue grid wue" {
		t.Errorf("low water %v L, spread %q; want 0 L (dry cooling), host idle pue grid wue", fp.Low.WaterL, fp.Spread)
	}
	if fp.Boundary != "cloud" || fp.Currency != "USD" || got.Budget.Value != "1 t" {
		t.Errorf("boundary %q, currency %q, budget %q", fp.Boundary, fp.Currency, got.Budget.Value)
	}
}

func TestCalcFootprintDefaultJSON(t *testing.T) {
	code, out, _ := runArgs("calc", "-gpu", "H100", "-deadline", "50ms", "-tokens", "1B", "-json")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var got footprintJSON
	json.Unmarshal([]byte(out), &got)
	fp := got.Footprint
	if fp == nil || fp.Boundary != "gpu" || fp.GPUWh != got.EnergyWh || fp.FacilityWh != got.EnergyWh || fp.ServerWh != got.EnergyWh {
		t.Fatalf("default footprint %+v; want every rung the GPU energy %v", fp, got.EnergyWh)
	}
	// Unset is absent, not zero.
	if fp.CarbonG != nil || fp.WaterL != nil || fp.Cost != nil || fp.Currency != "" || got.Budget != nil {
		t.Errorf("unset totals are present: %s", out)
	}
	for _, k := range []string{"grid_g_per_kwh", "wue_l_per_kwh", "price_per_kwh"} {
		if _, ok := fp.Factors[k]; ok {
			t.Errorf("factors.%s present though unset", k)
		}
	}
	if fp.Factors["host"] != 0 || fp.Factors["idle"] != 0 || fp.Factors["pue"] != 1 {
		t.Errorf("default factors %v", fp.Factors)
	}
	// -h says so: the web page's default carbon and water are not calc's.
	_, _, help := runArgs("calc", "-h")
	for _, want := range []string{"default: none, where the web page starts at " + state.DefaultGrid, "default: none, where the web page starts at " + state.DefaultWUE} {
		if !strings.Contains(help, want) {
			t.Errorf("calc -h does not say %q:\n%s", want, help)
		}
	}
	// Zero is a figure: grid 0 gives carbon_g 0.
	_, out, _ = runArgs("calc", "-grid", "0", "-json")
	got = footprintJSON{}
	json.Unmarshal([]byte(out), &got)
	if got.Footprint == nil || got.Footprint.CarbonG == nil || *got.Footprint.CarbonG != 0 {
		t.Errorf("-grid 0: carbon_g absent or not 0:\n%s", out)
	}
}

func TestCalcFootprintBudgetGPUOnly(t *testing.T) {
	_, out, errs := runArgs("calc", "-gpu", "H100", "-deadline", "50ms", "-budget", "500 kWh", "-json")
	var got footprintJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Budget == nil {
		t.Fatalf("no budget (%v, %s):\n%s", err, errs, out)
	}
	// 500,000 Wh / (0.11191693587449492 / 3600 Wh per token), the measured
	// energy; / 624.564453125, the measured output length, per request.
	if !within(got.Budget.Tokens, 16083356696.063793) || !within(got.Budget.Requests, 25751316.16215257) {
		t.Errorf("budget %+v", got.Budget)
	}
}

func TestCalcFootprintText(t *testing.T) {
	code, out, errs := runArgs(scenario...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	for _, want := range []string{
		"31.09 kWh", // the GPU energy, as before
		`Footprint, boundary "Cloud data centre (Google, 2025)"`,
		"+ host CPU and memory                     44.46 kWh   +43% of GPU energy   [2]",
		"+ idle capacity kept for reliability      49.74 kWh   +17% of GPU energy   [2]",
		"× PUE (cooling, power conversion)         54.22 kWh   × 1.09               [2]",
		"Carbon:   26.02 kg CO2e  at 480 g CO2e/kWh (World, 2023, lifecycle) [3]",
		"Water:    14.92 L        on site, at 0.3 L/kWh (Microsoft datacenters, 2024",
		"Cost:     6.51 USD       at 0.12 USD per kWh (your figure)",
		"Budget:   1 t CO2e pays for 38.43B output tokens, or 61.52M requests of 625 tokens",
		// The published spread (TestCalcFootprintJSON's low and high, rounded outward to two digits),
		// then each factor's ends with their sources; the price, typed, is not one of them.
		"Spread:   41 to 78 kWh, 1.2 to 56 kg CO2e, 0 to 90 L of water, 5.00 to 9.40 USD: the lowest to the highest published values of the factors, not a confidence interval",
		"  host CPU and memory share       +23.27% of GPU energy (EcoLogits, 150 W a GPU) [5] to +43% of GPU energy (Large cloud provider, 2025) [2]",
		"  PUE                             1.09 (Large cloud provider, 2025) [2] to 1.56 (Industry average, 2024) [6]",
		"  grid carbon intensity           30 g CO2e/kWh (Norway, 2023) [7] to 713 g CO2e/kWh (India, 2023) [8]",
		"  water usage effectiveness (WUE) 0 L/kWh (Air-cooled or dry cooling) [9] to 1.8 L/kWh (US industry average, 2014–2016) [10]",
		"[5] GenAI Impact, EcoLogits methodology",
		// 54,217.5 Wh / (10,715,000 / 365 Wh a day); / 9 W / 24 h; / 170 Wh per km;
		// 26,024.4 g / 248.548 g per km; 14.922 L / 0.5 L. Each under what it compares.
		"The energy is about as much as:\n  1.847 days of an average US home's electricity",
		"251 days of a 9 W LED bulb",
		"318.9 km in an electric car",
		"The carbon is about as much as:\n  104.7 km in a typical petrol car",
		"The water is about as much as:\n  29.84 half-litre bottles of water",
		// The measured 69.899 J = 0.01942 Wh a request; × 1.744 = 0.03386 Wh.
		"Per request: 0.01942 Wh GPU only, 0.03386 Wh at this boundary",
		"0.24 Wh", "≈0.3 Wh", "0.42 Wh", "compare with GPU only 0.01942 Wh",
		"[2] Google, \"Measuring the environmental impact of delivering AI at Google scale\", arXiv 2508.15734",
		"[3] Ember, Global Electricity Review 2024",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Without footprint flags, the text is what it was.
	_, plain, _ := runArgs("calc", "-gpu", "H100", "-deadline", "50ms")
	if strings.Contains(plain, "Footprint") {
		t.Errorf("footprint printed without footprint flags:\n%s", plain)
	}
	// A GPU-only footprint says it is a floor.
	_, gpuOnly, _ := runArgs("calc", "-grid", "fr")
	if !strings.Contains(gpuOnly, "GPU energy only: a floor") || !strings.Contains(gpuOnly, "(France, 2023, lifecycle)") {
		t.Errorf("GPU-only footprint:\n%s", gpuOnly)
	}
}

// TestCalcBudgetUnits: every energy unit from J to TJ
// and from Wh to TWh is a budget of energy ("1 TWh" was read as a currency).
func TestCalcBudgetUnits(t *testing.T) {
	var tokens []string
	for _, b := range []string{"3600 TJ", "1 TWh", "1000 GWh", "1e6 MWh", "1e9 kWh", "1e12 Wh", "3.6e15 J"} {
		code, out, errs := runArgs("calc", "-budget", b)
		_, line, _ := strings.Cut(out, "Budget:")
		line, _, _ = strings.Cut(line, "\n")
		if code != exitOK || !strings.Contains(line, "pays for") {
			t.Errorf("-budget %q: exit %d, %q, %s", b, code, line, errs)
		}
		_, n, _ := strings.Cut(line, "pays for ")
		n, _, _ = strings.Cut(n, " ")
		tokens = append(tokens, n)
	}
	// 3,600 TJ is 1 TWh (1e12 Wh), and so is each: the same answer.
	for _, n := range tokens[1:] {
		if n != tokens[0] {
			t.Errorf("equal budgets pay for different volumes: %v", tokens)
		}
	}
}

func TestCalcFootprintBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string // in stderr: the bad value and what is accepted
	}{
		{[]string{"-grid", "mars"}, []string{`"mars"`, "world", "2,000"}},
		{[]string{"-grid", ""}, []string{`""`, "no value given"}},
		{[]string{"-grid", "2500"}, []string{`"2500"`, "from 0 to 2,000"}},
		{[]string{"-pue", "0.5"}, []string{`"0.5"`, "from 1 to 3"}},
		{[]string{"-host", "-1"}, []string{`"-1"`, "must not be negative"}},
		{[]string{"-idle", "6"}, []string{`"6"`, "from 0 to 5"}},
		{[]string{"-wue", "30"}, []string{`"30"`, "from 0 to 20", "microsoft"}},
		{[]string{"-price", "2000", "-currency", "USD"}, []string{`"2000"`, "from 0 to 1,000"}},
		{[]string{"-currency", "dollars", "-price", "1"}, []string{`"dollars"`, "three-letter"}},
		{[]string{"-boundary", "aws"}, []string{`"aws"`, "gpu", "cloud"}},
		{[]string{"-budget", "lots"}, []string{`"lots"`, "kWh", "CO2e", "m3", "USD"}},
		{[]string{"-budget", "1t CO2e"}, []string{`"1t CO2e"`, "needs a grid carbon intensity"}},
		{[]string{"-budget", "2 m3"}, []string{`"2 m3"`, "needs a water usage effectiveness"}},
		{[]string{"-budget", "10 EUR", "-price", "0.1", "-currency", "USD"}, []string{`"10 EUR"`, "price is in USD"}},
		{[]string{"-price", "0.12"}, []string{`"0.12"`, "needs -currency"}},
		{[]string{"-currency", "USD"}, []string{`"USD"`, "needs -price"}},
		// Issue 15, item 12: 1e30 t paid for 1.6e41 tokens; "1 TWh" was
		// a currency, which needed a price.
		{[]string{"-budget", "1e30 t", "-grid", "world"}, []string{`"1e30 t"`, "more than 1e18 output tokens", "smaller budget"}},
		{[]string{"-budget", "1e6 TWh"}, []string{`"1e6 TWh"`, "more than 1e18 output tokens"}},
		{[]string{"-budget", "0.001 J"}, []string{`"0.001 J"`, "less than one output token", "larger budget"}},
	} {
		code, out, errs := runArgs(append([]string{"calc"}, c.args...)...)
		if code != exitBadInput || out != "" {
			t.Errorf("%v: exit %d, stdout %q; want %d and nothing printed", c.args, code, out, exitBadInput)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errs, w)
			}
		}
	}
}

// A boundary is named by what it counts: a PUE alone is not the GPU-only
// preset, nor is the cloud's with one factor changed. The text, the JSON,
// the plan and compare's footers all say the same name.
func TestFootprintBoundaryNamed(t *testing.T) {
	base := []string{"-task", "lm-arena-chat", "-model", "qwen-3-14b", "-deadline", "50ms"}
	for _, c := range []struct {
		flags []string
		id    string // the preset the factors start from
		name  string
	}{
		{[]string{"-pue", "1.56"}, "gpu", "GPU × PUE 1.56"},
		{[]string{"-pue", "google"}, "gpu", "GPU × PUE 1.1"},
		{[]string{"-host", "0.3"}, "gpu", "GPU + host 30%"},
		{[]string{"-idle", "0.2"}, "gpu", "GPU + idle 20%"},
		{[]string{"-boundary", "cloud", "-pue", "1.2"}, "cloud", "GPU + host 43% + idle 17%, × PUE 1.2"},
		{[]string{"-boundary", "cloud", "-host", "0"}, "cloud", "GPU + idle 17%, × PUE 1.09"},
		{[]string{"-boundary", "cloud"}, "cloud", "Cloud data centre (Google, 2025)"},
	} {
		args := append(append([]string{"calc"}, base...), c.flags...)
		code, out, errs := runArgs(args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d, %s", c.flags, code, errs)
		}
		if want := "Footprint, boundary \"" + c.name + "\":\n"; !strings.Contains(out, want) {
			t.Errorf("%v: calc lacks %q:\n%s", c.flags, want, out)
		}
		if c.name != "Cloud data centre (Google, 2025)" && (strings.Contains(out, "Cloud data centre") || strings.Contains(out, "GPU only, as measured")) {
			t.Errorf("%v: calc names a preset the factors are not:\n%s", c.flags, out)
		}
		_, out, _ = runArgs(append(args, "-json")...)
		var doc struct {
			Footprint struct {
				Boundary     string `json:"boundary"`
				BoundaryName string `json:"boundary_name"`
			} `json:"footprint"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Footprint.Boundary != c.id || doc.Footprint.BoundaryName != c.name {
			t.Errorf("%v: calc -json boundary %q, boundary_name %q (%v); want %q, %q", c.flags, doc.Footprint.Boundary, doc.Footprint.BoundaryName, err, c.id, c.name)
		}
	}

	// The plan counts idle capacity itself: PUE 1.56 names the PUE alone,
	// and the cloud boundary, its idle share given way to the plan's own,
	// names its host and PUE.
	for _, c := range []struct {
		flags []string
		name  string
	}{
		{[]string{"-pue", "1.56"}, "GPU × PUE 1.56"},
		{[]string{"-boundary", "cloud"}, "GPU + host 43%, × PUE 1.09"},
	} {
		_, out, errs := runArgs(append(append([]string{"plan"}, base...), c.flags...)...)
		if want := "Footprint of a day, boundary \"" + c.name + "\" (idle capacity is the plan's own, not a share of GPU energy):\n"; !strings.Contains(out, want) {
			t.Errorf("plan %v lacks %q:\n%s%s", c.flags, want, out, errs)
		}
		if strings.Contains(out, "Cloud data centre") || strings.Contains(out, "GPU only, as measured") {
			t.Errorf("plan %v names a preset the factors are not:\n%s", c.flags, out)
		}
		_, out, _ = runArgs(append(append([]string{"plan", "-json"}, base...), c.flags...)...)
		var doc struct {
			Footprint struct {
				BoundaryName string `json:"boundary_name"`
			} `json:"footprint"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Footprint.BoundaryName != c.name {
			t.Errorf("plan -json %v: boundary_name %q (%v), want %q", c.flags, doc.Footprint.BoundaryName, err, c.name)
		}
	}

	// compare's footers, in plan mode and not, are sentences that name it.
	cmp := []string{"compare", "-task", "gpqa", "-deadline", "40ms", "-gpu", "H100"}
	_, out, _ := runArgs(append(cmp, "-rate", "1B/day", "-pue", "1.56")...)
	if want := "\nEnergy a day is the GPUs', idle capacity included; the columns after it are worked out from it at the boundary " +
		"\"GPU × PUE 1.56\", with the factors given (plan prints each factor's source).\n"; !strings.Contains(out, want) {
		t.Errorf("compare -rate -pue 1.56 lacks %q:\n%s", want, out)
	}
	_, out, _ = runArgs(append(cmp, "-tokens", "1B", "-boundary", "cloud", "-pue", "1.2")...)
	if want := "\nEnergy is the GPU's, as measured; the columns after it are worked out from it at the boundary " +
		"\"GPU + host 43% + idle 17%, × PUE 1.2\", with the factors given (calc prints each factor's source).\n"; !strings.Contains(out, want) {
		t.Errorf("compare -boundary cloud -pue 1.2 lacks %q:\n%s", want, out)
	}
}

// A PUE typed is the reader's: calc says it is held beside the spread of
// the others, and the energy's range holds it (31,088 Wh of GPU energy ×
// 1.2327 × 1.2 = 45,988 Wh to × 1.6 × 1.2 = 59,689 Wh: 45 to 60 kWh).
func TestCalcSpreadHeld(t *testing.T) {
	code, out, errs := runArgs("calc", "-model", "qwen-3-14b", "-gpu", "H100", "-deadline", "50ms", "-tokens", "1B", "-boundary", "cloud", "-pue", "1.2")
	for _, want := range []string{"\nSpread:   45 to 60 kWh: ", "\n  PUE                             1.2 (your figure), held\n"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("calc -pue 1.2: exit %d, %s\n%s\nwant %q", code, errs, out, want)
		}
	}
}
