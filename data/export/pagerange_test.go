package export

import (
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// The page's table says the published spread under each figure past the
// GPU: the ends of the downloads' _low and _high columns, in the cell's
// unit, rounded outward to two digits.
func TestPageRange(t *testing.T) {
	s := load(t)
	rk, err := s.Compare(data.Query{Task: "lm-arena-chat", GPU: "H100", DeadlineMS: 50, Percentile: data.P50, Tokens: 1e9})
	if err != nil {
		t.Fatal(err)
	}
	cloud := footprint.Factors{Boundary: "cloud", Grid: footprint.Factor{Value: 480, Preset: "world", Set: true}}
	tb := CompareTable(rk, cloud)
	var row Ranked
	for _, r := range tb.Meets() {
		if r.Entry.Slug == "qwen-3-14b" {
			row = r
		}
	}
	if row.Ranked == nil {
		t.Fatal("no row of Qwen 3 14B among the models that meet 50 ms")
	}
	// Hand-computed (data/footprint's TestSpreadRanges, the same row of the
	// dataset: 31,088 Wh of GPU energy): 41,770 to 77,596 Wh, and × 30 to
	// × 713 g CO2e/kWh, 1,253 to 55,326 g.
	want := map[string]struct {
		unit data.Unit
		ends string
	}{
		"facility": {data.Unit{Size: 1e3, Name: "kWh"}, "41–78"},
		"carbon":   {data.Unit{Size: 1e3, Name: "kg CO2e"}, "1.2–56"},
	}
	seen := 0
	for _, c := range tb.Columns(Page) {
		w, ok := want[c.ID()]
		if !ok {
			if got := c.PageRange(row, data.Unit{Size: 1}); got != "" {
				t.Errorf("column %s has a range %q, but it is not past the GPU", c.ID(), got)
			}
			continue
		}
		seen++
		if got := c.PageRange(row, w.unit); got != w.ends {
			t.Errorf("column %s: PageRange = %q, want %q", c.ID(), got, w.ends)
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the columns past the GPU on the page, want %d", seen, len(want))
	}
	// A typed PUE, host and idle leave nothing to spread at the boundary.
	held := footprint.Factors{Boundary: "cloud", Host: footprint.Number(0.43), Idle: footprint.Number(0.17), PUE: footprint.Number(1.09)}
	for _, c := range CompareTable(rk, held).Columns(Page) {
		if c.ID() == "facility" {
			if got := c.PageRange(row, data.Unit{Size: 1e3, Name: "kWh"}); got != "" {
				t.Errorf("every factor typed: the boundary's figure has a range %q", got)
			}
		}
	}
}
