package e2e

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// The ranking's figures past the GPU each have their published spread
// under them, whose ends are compare -json's _low and _high for the model,
// rounded outward to two digits in the column's unit.
func TestCompareRanges(t *testing.T) {
	_, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	query := "task=lm-arena-chat&gpu=H100&deadline=50ms&p=p50&tokens=1B&boundary=cloud&grid=world"
	var rows []map[string]any
	if err := json.Unmarshal(runCLI(t, "compare", "-task", "lm-arena-chat", "-gpu", "H100", "-deadline", "50ms", "-percentile", "p50",
		"-tokens", "1B", "-boundary", "cloud", "-grid", "world", "-json"), &rows); err != nil {
		t.Fatal(err)
	}
	ends := map[string]map[string]float64{}
	for _, r := range rows {
		if r["status"] == "meets" {
			ends[r["model"].(string)] = map[string]float64{
				"facility-low": r["facility_wh_low"].(float64), "facility-high": r["facility_wh_high"].(float64),
				"carbon-low": r["carbon_g_low"].(float64), "carbon-high": r["carbon_g_high"].(float64),
			}
		}
	}
	tb := newTab(t, bctx, origin)
	tb.visit("/compare?" + query)
	shown := eval[[]map[string]string](tb, `[...document.querySelectorAll("#ranking-table tbody tr")].flatMap(tr =>
		["facility", "carbon"].map(col => { const td = tr.querySelector("td[data-col=" + col + "]"), r = td && td.querySelector(".cell-range");
			return {model: tr.dataset.model, col, range: r ? r.textContent : "", title: r ? r.title : "",
				unit: document.querySelector("th[data-col=" + col + "]").dataset.unit} }))`)
	if len(shown) != 2*len(ends) || len(shown) == 0 {
		t.Fatalf("%d cells past the GPU for %d models that meet the deadline", len(shown), len(ends))
	}
	// The cells' units, as the headers say them; the ends in grams or Wh.
	size := map[string]float64{"Wh": 1, "kWh": 1e3, "MWh": 1e6, "g CO2e": 1, "kg CO2e": 1e3, "t CO2e": 1e6}
	for _, c := range shown {
		e, ok := ends[c["model"]]
		if !ok {
			t.Errorf("row %s is not among compare -json's models that meet the deadline", c["model"])
			continue
		}
		lo, hi, found := strings.Cut(c["range"], "–")
		u, known := size[c["unit"]]
		if !found || !known || !strings.HasPrefix(c["title"], "Published spread, not a confidence interval") {
			t.Errorf("%s %s: range %q in %q (title %q), want low–high in a known unit", c["model"], c["col"], c["range"], c["unit"], c["title"])
			continue
		}
		l, err1 := strconv.ParseFloat(strings.ReplaceAll(lo, ",", ""), 64)
		h, err2 := strconv.ParseFloat(strings.ReplaceAll(hi, ",", ""), 64)
		if err1 != nil || err2 != nil {
			t.Errorf("%s %s: %q is not two numbers", c["model"], c["col"], c["range"])
			continue
		}
		l, h = l*u, h*u
		wl, wh := e[c["col"]+"-low"], e[c["col"]+"-high"]
		// Outward to two significant digits: below the low by less than a
		// tenth of it, above the high by less than a tenth.
		if l > wl*(1+1e-9) || wl-l >= wl/10 || h < wh*(1-1e-9) || h-wh >= wh/10 {
			t.Errorf("%s %s: the cell says %s %s, want compare -json's %v to %v rounded outward", c["model"], c["col"], c["range"], c["unit"], wl, wh)
		}
	}
	if note := tb.text("#ranking-note"); !strings.Contains(note, "its published spread") {
		t.Errorf("#ranking-note does not say what the ranges are: %q", note)
	}
	// On the GPU-only boundary with a grid intensity and a water use of the
	// reader's own, which are held, nothing past the GPU spreads.
	tb.visit("/compare?task=lm-arena-chat&gpu=H100&deadline=50ms&p=p50&tokens=1B&grid=480&wue=0.3")
	if n := eval[int](tb, `document.querySelectorAll("#ranking-table td[data-col=carbon]").length`); n == 0 {
		t.Fatal("no carbon column for a typed grid intensity")
	}
	if cols := eval[[]string](tb, `[...document.querySelectorAll("#ranking-table .cell-range")].map(r => r.closest("td").dataset.col)`); len(cols) != 0 {
		t.Errorf("ranges in the columns %q with every factor held", cols)
	}
	if note := tb.text("#ranking-note"); strings.Contains(note, "published spread") {
		t.Errorf("#ranking-note speaks of a spread the table does not show: %q", note)
	}
}
