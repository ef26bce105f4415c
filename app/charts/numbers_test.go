package charts

import (
	"encoding/json"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// TestAxisLabelIn checks the tick labels the page writes for ECharts: in
// English as ECharts writes them, elsewhere as the language writes the
// page's other figures.
func TestAxisLabelIn(t *testing.T) {
	for _, c := range []struct {
		tag  lang.Tag
		v    float64
		want string
	}{
		{lang.EN, 1000, "1,000"},
		{lang.EN, 0.5, "0.5"},
		{lang.EN, 1234567.25, "1,234,567.25"},
		{lang.EN, 0.1 + 0.2, "0.3"},
		{lang.FR, 1000, "1\u202f000"},
		{lang.FR, 0.5, "0,5"},
		{lang.FR, 12500.75, "12\u202f500,75"},
		{lang.DE, 1000, "1.000"},
		{lang.DE, 0.05, "0,05"},
		{lang.DE, 2000000, "2.000.000"},
		{lang.ES, 1000, "1000"},
		{lang.ES, 10000, "10.000"},
		{lang.ES, 2.5, "2,5"},
		{lang.FR, 0, "0"},
		{lang.DE, 300, "300"},
	} {
		if got := AxisLabelIn(c.tag, c.v); got != c.want {
			t.Errorf("AxisLabelIn(%s, %v) = %q, want %q", c.tag, c.v, got, c.want)
		}
		// The figure as the page's Printer writes it where the two agree
		// on the digits (Printer rounds to its own precision).
		if c.v == 1000 || c.v == 2.5 {
			if p := data.PrinterOf(c.tag).Number(c.v); p != c.want {
				t.Errorf("%s: the axis writes %v %q, the page %q", c.tag, c.v, c.want, p)
			}
		}
	}
}

// TestNumbersKey checks that every chart names the language of its axes'
// figures in its base option, for the page to write them in it, and that
// an English chart names none: ECharts draws it as it always has.
func TestNumbersKey(t *testing.T) {
	set := load(t)
	q := data.DefaultQuery()
	r, err := set.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Make(set, q, plan.DefaultTraffic())
	if err != nil {
		t.Fatal(err)
	}
	prk, err := plan.Compare(set, q, plan.DefaultTraffic())
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []lang.Tag{lang.EN, lang.FR, lang.DE, lang.ES} {
		pr := data.PrinterOf(tag)
		pc := NewPlanChart(p)
		pc.Printer = pr
		for name, build := range map[string]func() ([]byte, error){
			"EnergyLatency":     func() ([]byte, error) { return EnergyLatencyIn(pr, r) },
			"EnergyConcurrency": func() ([]byte, error) { return EnergyConcurrencyIn(pr, r) },
			"PowerThroughput":   func() ([]byte, error) { return PowerThroughputIn(pr, r) },
			"Ranking":           func() ([]byte, error) { return Ranking(pr, rk, "") },
			"EnergyParams":      func() ([]byte, error) { return EnergyParams(pr, rk, "") },
			"PlanEnergy":        func() ([]byte, error) { return PlanEnergy(pc) },
			"PlanGPUs":          func() ([]byte, error) { return PlanGPUs(pc) },
			"PlanRanking":       func() ([]byte, error) { return PlanRanking(pr, prk, "") },
		} {
			b, err := build()
			if err != nil {
				t.Fatalf("%s in %s: %v", name, tag, err)
			}
			var o map[string]any
			if err := json.Unmarshal(b, &o); err != nil {
				t.Fatalf("%s in %s: %v", name, tag, err)
			}
			base := o
			if b, ok := o["baseOption"].(map[string]any); ok {
				base = b
			}
			got, named := base[NumbersKey]
			switch {
			case tag == lang.EN && named:
				t.Errorf("%s in English names %s %v", name, NumbersKey, got)
			case tag != lang.EN && got != string(tag):
				t.Errorf("%s in %s: %s = %v, want %q", name, tag, NumbersKey, got, tag)
			}
			// The picture keeps it.
			img, _, err := ForImage(b, Image{Title: "t", Width: 720})
			if err != nil {
				t.Fatal(err)
			}
			var io map[string]any
			if err := json.Unmarshal(img, &io); err != nil {
				t.Fatal(err)
			}
			if io[NumbersKey] != base[NumbersKey] {
				t.Errorf("%s in %s: the picture's %s = %v, want %v", name, tag, NumbersKey, io[NumbersKey], base[NumbersKey])
			}
		}
	}
}
