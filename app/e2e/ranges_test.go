package e2e

// Browser tests of how sure a figure is: the range past the GPU over the
// published spread of its factors, as the calculator, its card and chart
// layouts, the plan and the plan's card show it, against the ends the
// command line's -json gives for the same question.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// spreadEnd is one end of footprint.low or footprint.high in -json.
type spreadEnd struct {
	FacilityWh float64  `json:"facility_wh"`
	CarbonG    *float64 `json:"carbon_g"`
	WaterL     *float64 `json:"water_l"`
	Cost       *float64 `json:"cost"`
}

// cliSpread runs the command line with args (-json among them) and returns
// its footprint's ends.
func cliSpread(t *testing.T, args ...string) (low, high spreadEnd, currency string) {
	t.Helper()
	var doc struct {
		Footprint struct {
			Currency string    `json:"currency"`
			Low      spreadEnd `json:"low"`
			High     spreadEnd `json:"high"`
		} `json:"footprint"`
	}
	if err := json.Unmarshal(runCLI(t, args...), &doc); err != nil {
		t.Fatalf("tokenjoule %s: %v", strings.Join(args, " "), err)
	}
	fp := doc.Footprint
	if fp.Low.CarbonG == nil || fp.High.WaterL == nil || fp.Low.Cost == nil {
		t.Fatalf("tokenjoule %s: no carbon, water or cost at the ends: %+v", strings.Join(args, " "), fp)
	}
	return fp.Low, fp.High, fp.Currency
}

// rangeWords are the ranges a page must say, as written from the command
// line's ends: energy, carbon, water and cost, each with per after it; and
// as a card says them, in a line: "41–78 kWh", "0–90 L".
func rangeWords(low, high spreadEnd, currency, per string) (page, card map[string]string) {
	page, card = map[string]string{
		"energy": footprint.Range{Low: low.FacilityWh, High: high.FacilityWh}.FormatEnergy(),
		"carbon": footprint.Range{Low: *low.CarbonG, High: *high.CarbonG}.Format(footprint.CarbonUnits...),
		"water":  footprint.Range{Low: *low.WaterL, High: *high.WaterL}.Format(footprint.WaterUnits...),
		"cost":   footprint.Range{Low: *low.Cost, High: *high.Cost}.FormatMoney(currency),
	}, map[string]string{}
	for m, w := range page {
		card[m] = strings.Replace(w, " to ", "–", 1)
		if m == "water" {
			w += " of water"
		}
		page[m] = w + per
	}
	return page, card
}

var energyRange = regexp.MustCompile(`(?:^|\s)([0-9.,]+)(?: to |–)([0-9.,]+) (Wh|kWh|MWh|GWh)\b`)

// expectEnergyRange reads the first energy range in text ("from 41 to 78
// kWh") and checks, apart from how the core writes it, that it holds the
// command line's ends, each rounded outward by less than a tenth: two
// significant digits.
func expectEnergyRange(t *testing.T, where, text string, lowWh, highWh float64) {
	t.Helper()
	m := energyRange.FindStringSubmatch(text)
	if m == nil {
		t.Errorf("%s: no energy range in %q", where, text)
		return
	}
	unit := map[string]float64{"wh": 1, "kwh": 1e3, "mwh": 1e6, "gwh": 1e9}[strings.ToLower(m[3])]
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		if err != nil {
			t.Fatalf("%s: %q is not a number", where, s)
		}
		return v * unit
	}
	lo, hi := num(m[1]), num(m[2])
	if lo > lowWh*(1+1e-9) || lowWh-lo >= lowWh/10 {
		t.Errorf("%s: the range starts at %s Wh, want the -json's low %s Wh rounded down to two digits", where, data.FormatNumber(lo), data.FormatNumber(lowWh))
	}
	if hi < highWh*(1-1e-9) || hi-highWh >= highWh/10 || math.IsNaN(hi) {
		t.Errorf("%s: the range ends at %s Wh, want the -json's high %s Wh rounded up to two digits", where, data.FormatNumber(hi), data.FormatNumber(highWh))
	}
}

func TestRanges(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	scenario := state.String(fpQuery) + "&" + fpParams
	low, high, currency := cliSpread(t, append(append([]string{"calc"}, fpFlags...), "-json")...)
	calc, calcCard := rangeWords(low, high, currency, "")

	planQuery := "task=gpqa&model=gpt-oss-20b&gpu=any&deadline=40ms&p=p95&rate=12k/s&peak=3&boundary=cloud&grid=world&wue=microsoft&price=0.12&cur=USD"
	pLow, pHigh, pCur := cliSpread(t, cliArgs(t, planQuery)...)
	planned, plannedCard := rangeWords(pLow, pHigh, pCur, " a day")

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) {
			rangeScreenshots(t, bctx, origin, dir, map[string]string{
				"ranges-calc":      "/?" + scenario,
				"ranges-card":      "/embed?layout=card&" + scenario,
				"ranges-chart":     "/embed?layout=chart&" + scenario,
				"ranges-plan":      "/plan?" + planQuery,
				"ranges-plan-card": "/embed/plan?layout=card&" + planQuery,
				"ranges-runs":      "/?task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=15ms&tokens=1M",
				"ranges-held":      "/?" + state.String(fpQuery) + "&boundary=cloud&pue=1.2",
				"ranges-compare":   "/compare?" + state.String(fpQuery) + "&" + fpParams,
			})
		})
	}

	// Calculator: the headline's range in full, and each total's.
	t.Run("Calculator", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.open(scenario)
		tb.waitFor(`!!document.querySelector("#energy-range")`, "the headline's range")
		head := tb.text("#energy-range")
		if want := "From " + calc["energy"] + " with the published spread of the host, idle capacity and cooling, not a confidence interval."; !strings.HasPrefix(head, want) {
			t.Errorf("#energy-range = %q, want %q (calc -json)", head, want)
		}
		expectEnergyRange(t, "#energy-range", head, low.FacilityWh, high.FacilityWh)
		expectTotalRanges(t, tb, calc)
	})

	// Under the answer, the choice that moves the figure most, as calc says it.
	t.Run("Lever", func(t *testing.T) {
		t.Parallel()
		text := string(runCLI(t, append([]string{"calc"}, fpFlags...)...))
		_, want, ok := strings.Cut(text, "\nLever:    ")
		want, _, _ = strings.Cut(want, "\n")
		if !ok || !strings.HasPrefix(want, "The choice that moves this figure most is ") {
			t.Fatalf("calc printed no lever:\n%s", text)
		}
		tb := newTab(t, bctx, origin)
		tb.open(scenario)
		tb.waitText("#lever", want)
	})

	// A PUE the reader typed stays the headline and is held, said so; the
	// host and idle capacity, the boundary's presets, spread.
	t.Run("Held", func(t *testing.T) {
		t.Parallel()
		flags := []string{"calc", "-task", "lm-arena-chat", "-model", "qwen-3-14b", "-gpu", "H100", "-deadline", "50ms", "-tokens", "1B", "-boundary", "cloud", "-pue", "1.2", "-json"}
		var doc struct {
			Footprint struct {
				FacilityWh float64   `json:"facility_wh"`
				Low        spreadEnd `json:"low"`
				High       spreadEnd `json:"high"`
			} `json:"footprint"`
		}
		if err := json.Unmarshal(runCLI(t, flags...), &doc); err != nil {
			t.Fatal(err)
		}
		tb := newTab(t, bctx, origin)
		tb.open(state.String(fpQuery) + "&boundary=cloud&pue=1.2")
		tb.waitText("#energy", data.FormatEnergy(doc.Footprint.FacilityWh))
		want := "From " + footprint.Range{Low: doc.Footprint.Low.FacilityWh, High: doc.Footprint.High.FacilityWh}.FormatEnergy() +
			" with the published spread of the host and idle capacity, your PUE of 1.2 held, not a confidence interval."
		if got := tb.text("#energy-range .range-words"); got != want {
			t.Errorf("#energy-range = %q, want %q (calc -pue 1.2 -json)", got, want)
		}
	})

	// A configuration the benchmark ran twice: the runs' spread beside the
	// selected one, as calc prints it, with how the benchmark measures.
	t.Run("Runs", func(t *testing.T) {
		t.Parallel()
		q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 15, Percentile: data.P50, Tokens: 1e6}
		text := string(runCLI(t, "calc", "-task", "gpqa", "-model", "gpt-oss-20b", "-gpu", "H100", "-deadline", "15ms", "-tokens", "1M"))
		m := regexp.MustCompile(`\n +(Measured twice with these settings: [^\n]+)\n`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("calc printed no runs:\n%s", text)
		}
		tb := newTab(t, bctx, origin)
		tb.open(state.String(q))
		tb.waitFor(`!!document.querySelector("#runs")`, "the runs' spread")
		if got := tb.text("#runs"); !strings.HasPrefix(got, m[1]) {
			t.Errorf("#runs = %q, want %q (calc)", got, m[1])
		}
		if !tb.has(`#runs details.term[data-term="measurement"]`) {
			t.Error("#runs does not explain how the benchmark measures")
		}
		// Prerendered, it is a block, which a parser lets hold the disclosure
		// (a paragraph would end before it).
		res, err := http.Get(origin + "/?" + state.String(q))
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !regexp.MustCompile(`<div[^>]*\bid="runs"`).Match(body) {
			t.Error(`the prerendered page has no <div id="runs">`)
		}
	})

	// axe over a page with the ranges, a held PUE, the lever and a
	// configuration's runs, every explanation open, light and dark.
	t.Run("Accessible", func(t *testing.T) {
		t.Parallel()
		script := axeScript(t)
		tb := newTab(t, bctx, origin)
		tb.open("task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=15ms&tokens=1M&boundary=cloud&pue=1.2&grid=world")
		tb.waitFor(`!!document.querySelector("#runs") && !!document.querySelector("#energy-range")`, "the runs and the range")
		eval[bool](tb, `document.querySelectorAll("main details").forEach(d => d.open = true), true`)
		for _, s := range []string{"light", "dark"} {
			tb.do(scheme(s))
			tb.view().expectAccessible(script, "ranges, lever and runs, "+s)
		}
	})

	// The card and the chart layouts: the ranges in one line.
	for _, layout := range []string{state.LayoutCard, state.LayoutChart} {
		t.Run("Embed/"+layout, func(t *testing.T) {
			t.Parallel()
			expectCardRange(t, newTab(t, bctx, origin), "/embed?layout="+layout+"&"+scenario, calcCard, low, high)
		})
	}

	// The plan and its card: the ranges a day.
	t.Run("Plan", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.visit("/plan?" + planQuery)
		tb.waitFor(`!!document.querySelector("#energy-range")`, "the plan's range")
		head := tb.text("#energy-range")
		if want := "From " + planned["energy"] + " with the published spread of the host and cooling"; !strings.HasPrefix(head, want) {
			t.Errorf("#energy-range = %q, want %q (plan -json)", head, want)
		}
		expectEnergyRange(t, "plan #energy-range", head, pLow.FacilityWh, pHigh.FacilityWh)
		tb.waitFor(`!!document.querySelector("#fp-carbon-range")`, "the carbon's range")
		expectTotalRanges(t, tb, planned)
	})
	// The plan's CSV download: each option's day past the GPU with its low
	// and high, byte for byte plan -csv's.
	dl := captureDownloads(t, bctx)
	t.Run("Plan/csv", func(t *testing.T) {
		t.Parallel()
		q, tr, _ := state.ParsePlan(set, mustValues(t, planQuery))
		p, err := plan.Make(set, q, tr)
		if err != nil {
			t.Fatal(err)
		}
		tb := newTab(t, bctx, origin)
		tb.visit("/plan?" + planQuery)
		tb.waitFor(`!!document.querySelector("#energy-range")`, "the plan's range")
		tb.do(chromedp.Click(chromedp.ID("download-plan-csv")))
		got := dl.expect(t, export.PlanFilename(p, "csv"))
		args := cliArgs(t, planQuery)
		args[1] = "-csv"
		if want := runCLI(t, args...); !bytes.Equal(got, want) {
			t.Errorf("the plan's CSV download differs from plan -csv:\n%s\nwant\n%s", got, want)
		}
		if !bytes.Contains(got, []byte(",facility_kwh_per_day,facility_kwh_per_day_low,facility_kwh_per_day_high,")) {
			t.Errorf("the plan's CSV has no range past the GPU:\n%s", got)
		}
	})
	t.Run("Plan/card", func(t *testing.T) {
		t.Parallel()
		expectCardRange(t, newTab(t, bctx, origin), "/embed/plan?layout=card&"+planQuery, plannedCard, pLow, pHigh)
	})
}

// expectTotalRanges checks the ranges beside carbon, water and cost.
func expectTotalRanges(t *testing.T, tb *tab, want map[string]string) {
	t.Helper()
	for id, m := range map[string]string{"#fp-carbon-range": "carbon", "#fp-water-range": "water", "#fp-cost-range": "cost"} {
		if got := tb.text(id); !strings.Contains(got, want[m]) {
			t.Errorf("%s = %q, want %q (-json)", id, got, want[m])
		}
	}
}

// expectCardRange opens a figure layout at path and checks its range's
// line: each figure's range as want has it, and what a range is not.
func expectCardRange(t *testing.T, tb *tab, path string, want map[string]string, low, high spreadEnd) {
	t.Helper()
	tb.visit(path)
	tb.waitFor(`!!document.querySelector("#figure-range")`, "the card's range")
	line := tb.text("#figure-range")
	for _, m := range []string{"energy", "carbon", "water", "cost"} {
		if !strings.Contains(line, want[m]) {
			t.Errorf("%s: #figure-range = %q, want its %s %q (-json)", path, line, m, want[m])
		}
	}
	if !strings.Contains(line, footprint.NotConfidence) {
		t.Errorf("%s: #figure-range = %q, does not say it is %s", path, line, footprint.NotConfidence)
	}
	expectEnergyRange(t, path, line, low.FacilityWh, high.FacilityWh)
}

// rangeScreenshots writes each page of paths at 360 and 1440 px, light and
// dark, into dir, for people to look at.
func rangeScreenshots(t *testing.T, bctx context.Context, origin, dir string, paths map[string]string) {
	tb := newTab(t, bctx, origin)
	for name, path := range paths {
		for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
			for _, scheme := range []string{"light", "dark"} {
				tb.do(emulate(size[0], size[1], scheme)...)
				tb.openURL(origin + path)
				tb.view().drawCharts()
				png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				file := filepath.Join(dir, fmt.Sprintf("%s-%dx%d-%s.png", name, size[0], size[1], scheme))
				if err := os.WriteFile(file, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
