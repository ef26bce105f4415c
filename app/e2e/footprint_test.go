package e2e

// Browser tests of the footprint past the GPU: the "Beyond the GPU" inputs,
// the boundary ladder, carbon, water, cost and budget on the calculator, its
// embed and the compare page, the URL round trip, and the downloads that
// must equal the command line's. Expected figures come from
// data/footprint and the command line, never from the page.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tokenjoule/app/dist"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// The scenario of a whole footprint: Qwen 3 14B, chat, H100, 50 ms, 1B
// tokens, the cloud boundary, the world grid, Microsoft's WUE, 0.12 USD per
// kWh and a budget of 1 t CO2e, as a query, as URL parameters and as the
// command line's flags.
var (
	fpQuery  = data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: "H100", DeadlineMS: 50, Percentile: data.P50, Tokens: 1e9}
	fpParams = "boundary=cloud&grid=world&wue=microsoft&price=0.12&cur=USD&budget=1+t+CO2e"
	fpFlags  = []string{"-task", "lm-arena-chat", "-model", "qwen-3-14b", "-gpu", "H100", "-deadline", "50ms", "-tokens", "1B",
		"-boundary", "cloud", "-grid", "world", "-wue", "microsoft", "-price", "0.12", "-currency", "USD"}
)

// fpFactors are the scenario's factors, built from data/footprint's presets.
func fpFactors(t *testing.T) footprint.Factors {
	t.Helper()
	f := footprint.Factors{}.WithBoundary("cloud")
	var err error
	if f.Grid, err = footprint.Grid.Parse("world"); err != nil {
		t.Fatal(err)
	}
	if f.WUE, err = footprint.WUE.Parse("microsoft"); err != nil {
		t.Fatal(err)
	}
	f.Price, f.Currency = footprint.Number(0.12), "USD"
	return f
}

// fpState is the footprint the page's URL holds.
func fpState(v view) (state.Footprint, []state.Notice) {
	v.t.Helper()
	u, err := url.Parse(evalIn[string](v, `location.href`))
	if err != nil {
		v.t.Fatal(err)
	}
	return state.ParseFootprint(u.Query())
}

// fpSettled waits until the URL's footprint is want with no notices, as the
// calculator writes its URL a moment after a change (app/ui replaceQuery), and
// returns what it holds then.
func fpSettled(v view, want state.Footprint) (state.Footprint, []state.Notice) {
	v.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, notices := fpState(v)
		if (got == want && len(notices) == 0) || time.Now().After(deadline) {
			return got, notices
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// values reads the footprint inputs' values by id.
func fpValues(v view) map[string]string {
	v.t.Helper()
	return evalIn[map[string]string](v, `Object.fromEntries([...document.querySelectorAll("#fp-inputs input, #fp-inputs select")].map(e => [e.id, e.value]))`)
}

// footprintTest is what TestFootprint's subtests share: the dataset, the
// browser, the site, the scenario's query and factors, the core's answer to
// it, what calc prints for it, and the downloads.
type footprintTest struct {
	set        *data.Set
	bctx       context.Context
	origin     string
	query      string // fpQuery's query with the footprint's parameters
	f          footprint.Factors
	r          *data.Result
	calcText   string // calc's output with the same flags and a budget
	budgetLine string // its budget's line, as the page writes it
	dl         *downloads
}

func TestFootprint(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	scenario := state.String(fpQuery) + "&" + fpParams
	f := fpFactors(t)
	r, err := set.Select(fpQuery)
	if err != nil || r.Selected == nil {
		t.Fatalf("the scenario selects nothing: %v", err)
	}

	// What calc prints with the same flags.
	calcText := string(runCLI(t, append([]string{"calc"}, append(fpFlags, "-budget", "1 t CO2e")...)...))
	m := regexp.MustCompile(`pays for (\S+) output tokens, or (\S+) requests`).FindStringSubmatch(calcText)
	if m == nil {
		t.Fatalf("calc printed no budget:\n%s", calcText)
	}
	budgetLine := "1 t CO2e pays for " + m[1] + " output tokens, or " + m[2] + " requests of 625 tokens, at this boundary."
	ft := &footprintTest{set: set, bctx: bctx, origin: origin, query: scenario, f: f, r: r, calcText: calcText, budgetLine: budgetLine}

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) { footprintScreenshots(t, bctx, origin, dir, scenario) })
	}

	t.Run("Scenario", ft.scenario)
	t.Run("Units", ft.units)
	t.Run("Presets", ft.presets)
	t.Run("Notices", ft.notices)
	t.Run("RoundTrip", ft.roundTrip)
	t.Run("Embed", ft.embed)
	t.Run("Prerendered", ft.prerendered)
	t.Run("BeforeStart", ft.beforeStart)
	ft.dl = captureDownloads(t, bctx)
	t.Run("Downloads", ft.downloads)
	t.Run("CopySummary", ft.copySummary)
}

// scenario: a link that sets the footprint shows it as the core computes
// it, names the boundary beside the headline, opens the inputs with the
// URL's factors, and gives the budget, the comparisons and the per-request
// points as calc prints them.
func (ft *footprintTest) scenario(t *testing.T) {
	t.Parallel()
	set, bctx, origin, scenario, f, r, calcText, budgetLine := ft.set, ft.bctx, ft.origin, ft.query, ft.f, ft.r, ft.calcText, ft.budgetLine
	tb := newTab(t, bctx, origin)
	tb.open(scenario)
	v := tb.view()
	expectFootprint(v, set, fpQuery, f, false)
	// The words beside the headline name the boundary.
	if got := tb.text("#floor"); !strings.Contains(got, f.BoundaryInfo().Label) || !strings.Contains(got, data.FormatEnergy(r.Estimate.EnergyWh)) {
		t.Errorf("#floor = %q, want the boundary and the GPU energy", got)
	}
	if tb.has("#notices") {
		t.Errorf("notices for a valid URL: %s", tb.text("#notices"))
	}
	// The section of inputs is open, and shows the URL's factors.
	if !eval[bool](tb, `document.querySelector("#fp-inputs").open`) {
		t.Error("#fp-inputs is closed although the URL sets the footprint")
	}
	for id, want := range map[string]string{"fp-boundary": "cloud", "fp-host": "0.43", "fp-idle": "0.17", "fp-pue": "cloud", "fp-pue-value": "1.09",
		"fp-grid": "world", "fp-grid-value": "480", "fp-wue": "microsoft", "fp-wue-value": "0.3", "fp-price": "0.12", "fp-cur": "USD", "fp-budget": "1 t CO2e"} {
		if got := fpValues(v)[id]; got != want {
			t.Errorf("#%s = %q, want %q", id, got, want)
		}
	}
	// The budget, the comparisons and the per-request points as the
	// command line prints them with the same flags.
	if got := tb.text("#fp-budget-result"); got != budgetLine {
		t.Errorf("#fp-budget-result = %q, want %q", got, budgetLine)
	}
	l := f.Ladder(r.Estimate.EnergyWh)
	carbon, _ := f.Carbon(l)
	water, _ := f.Water(l)
	for _, c := range footprint.Comparisons {
		amount := map[footprint.Measure]float64{footprint.Energy: l.FacilityWh, footprint.Carbon: carbon, footprint.Water: water}[c.Measure]
		got := tb.text("#fp-cmp-" + c.ID + " .fp-figure")
		n, words := c.Format(amount)
		if got != n {
			t.Errorf("comparison %s = %q, want %q", c.ID, got, n)
		}
		if line := "  " + got + " " + words + " (" + c.Figure + ")"; !strings.Contains(calcText, line) {
			t.Errorf("calc prints no line %q", line)
		}
		// Under what it compares: the group of its measure, whose
		// heading names it.
		group := eval[map[string]string](tb, fmt.Sprintf(`(() => { const g = document.querySelector("#fp-cmp-%s").closest(".fp-cmp-group");
				return g ? {measure: g.dataset.measure, heading: g.querySelector("h3").textContent} : {} })()`, c.ID))
		if group["measure"] != c.Measure.Name() || !strings.Contains(strings.ToLower(group["heading"]), c.Measure.Name()) {
			t.Errorf("comparison %s (%s) is under %q (%s)", c.ID, c.Measure.Name(), group["heading"], group["measure"])
		}
	}
	gpuReq := r.Estimate.EnergyPerRequest / 3600
	// The published figures are folded under a line with their range,
	// and open with a tap.
	if eval[bool](tb, `document.querySelector("#fp-points").open || document.querySelector("#fp-points li").checkVisibility()`) {
		t.Error("the published per-prompt figures are open on load")
	}
	if got := tb.text("#fp-points > summary"); got != fmt.Sprintf("%d published figures for one prompt, from 0.1 Wh to 0.42 Wh, each on its own boundary", len(footprint.PromptPoints)) {
		t.Errorf("#fp-points summary = %q", got)
	}
	tb.do(chromedp.Click(chromedp.CSS("#fp-points > summary")))
	tb.waitFor(`document.querySelector("#fp-points li").checkVisibility()`, "the published figures to show")
	ours := eval[[]string](tb, `[...document.querySelectorAll("#fp-prompts li")].map(li => li.dataset.boundary + " " + li.querySelector(".fp-point").textContent + " " + li.querySelector(".fp-ours").textContent)`)
	if len(ours) != len(footprint.PromptPoints) {
		t.Fatalf("per-prompt points %q, want %d", ours, len(footprint.PromptPoints))
	}
	for i, p := range footprint.PromptPoints {
		at := f.Ladder(gpuReq).FacilityWh
		if p.Boundary == "gpu" {
			at = gpuReq
		}
		approx := ""
		if p.Approx {
			approx = "≈"
		}
		if want := p.Boundary + " " + approx + data.FormatNumber(p.Wh) + " Wh " + data.FormatNumber(at) + " Wh"; ours[i] != want {
			t.Errorf("per-prompt point %d = %q, want %q", i, ours[i], want)
		}
	}
	// A source note opens from the keyboard and from a tap.
	summary := `#fp-ladder li[data-rung=server] .fp-source summary`
	tb.do(chromedp.Focus(chromedp.CSS(summary)), chromedp.KeyEvent(kb.Enter))
	tb.waitFor(`document.querySelector("#fp-ladder li[data-rung=server] .fp-source").open &&
			document.querySelector("#fp-ladder li[data-rung=server] .fp-source p").checkVisibility()`, "the source note opened with Enter")
	tap := `#fp-carbon-row .fp-source summary`
	pt := eval[map[string]float64](tb, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: "center"});
			const r = e.getBoundingClientRect(); return {x: r.x + r.width/2, y: r.y + r.height/2} })()`, tap))
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 1}); err != nil {
			return err
		}
		for _, typ := range []input.DispatchTouchEventType{input.DispatchTouchEventTypeTouchStart, input.DispatchTouchEventTypeTouchEnd} {
			points := []*input.TouchPoint{{X: pt["x"], Y: pt["y"]}}
			if typ == input.DispatchTouchEventTypeTouchEnd {
				points = []*input.TouchPoint{}
			}
			if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points}); err != nil {
				return err
			}
		}
		return nil
	}))
	tb.waitFor(`document.querySelector("#fp-carbon-row .fp-source").open`, "the carbon's source note opened with a tap")
	if got := tb.text("#fp-carbon-row .fp-source p"); !strings.Contains(got, footprint.SourceOf("ember-2024").Title) {
		t.Errorf("the carbon's source note = %q", got)
	}
}

// units: volumes from a million to a trillion tokens write carbon and
// water in every unit from g to t and from mL to m³.
func (ft *footprintTest) units(t *testing.T) {
	t.Parallel()
	set, bctx, origin, scenario, f := ft.set, ft.bctx, ft.origin, ft.query, ft.f
	tb := newTab(t, bctx, origin)
	tb.open(scenario)
	units := map[string]bool{}
	for _, c := range []struct {
		button string
		tokens float64
	}{{"preset-1M", 1e6}, {"preset-1T", 1e12}, {"preset-1B", 1e9}} {
		tb.do(chromedp.Click(chromedp.ID(c.button)))
		q := with(fpQuery, func(q *data.Query) { q.Tokens = c.tokens })
		expectFootprint(tb.view(), set, q, f, false)
		for _, id := range []string{"#fp-carbon", "#fp-water"} {
			if fields := strings.Fields(tb.text(id)); len(fields) > 1 {
				units[fields[1]] = true
			}
		}
	}
	for _, u := range []string{"g", "kg", "t", "mL", "L", "m³"} {
		if !units[u] {
			t.Errorf("no figure in %s among %v", u, units)
		}
	}
}

// presets: on a link that sets none, each preset and each own figure
// changes the figures and the URL as the core says, the GPU-only caveat
// comes back on its boundary, and a refused value names itself and changes
// nothing.
func (ft *footprintTest) presets(t *testing.T) {
	t.Parallel()
	set, bctx, origin := ft.set, ft.bctx, ft.origin
	tb := newTab(t, bctx, origin)
	tb.open(state.String(fpQuery))
	v := tb.view()
	if eval[bool](tb, `document.querySelector("#fp-inputs").open`) {
		t.Error("#fp-inputs is open on a link that sets no footprint")
	}
	// Carbon and water from the start, on the GPU-only boundary.
	want := state.DefaultFootprint().Factors
	expectFootprint(v, set, fpQuery, want, false)
	tb.do(chromedp.Click(chromedp.CSS("#fp-inputs > summary")))
	tb.waitFor(`document.querySelector("#fp-inputs").open`, "the section to open")
	step := func(name string, edit func(), next func(*footprint.Factors), values map[string]string) {
		t.Helper()
		edit()
		next(&want)
		expectFootprint(v, set, fpQuery, want, false)
		got, notices := fpSettled(v, state.Footprint{Factors: want})
		if got.Factors != want || len(notices) > 0 {
			t.Errorf("%s: the URL holds %+v %v, want %+v", name, got.Factors, notices, want)
		}
		vals := fpValues(v)
		for id, w := range values {
			if vals[id] != w {
				t.Errorf("%s: #%s = %q, want %q", name, id, vals[id], w)
			}
		}
	}
	preset := func(p *footprint.Param, id string) footprint.Factor {
		pr, ok := p.Preset(id)
		if !ok {
			t.Fatalf("no preset %s of %s", id, p.Name)
		}
		return pr.Factor()
	}
	step("cloud boundary", func() { tb.change("#fp-boundary", "cloud", "change") },
		func(f *footprint.Factors) { *f = f.WithBoundary("cloud") },
		map[string]string{"fp-host": "0.43", "fp-idle": "0.17", "fp-pue": "cloud", "fp-pue-value": "1.09"})
	step("PUE preset", func() { tb.change("#fp-pue", "industry", "change") },
		func(f *footprint.Factors) { f.PUE = preset(footprint.PUE, "industry") },
		map[string]string{"fp-pue-value": "1.56"})
	step("grid preset", func() { tb.change("#fp-grid", "fr", "change") },
		func(f *footprint.Factors) { f.Grid = preset(footprint.Grid, "fr") },
		map[string]string{"fp-grid-value": "56"})
	step("WUE preset", func() { tb.change("#fp-wue", "aws", "change") },
		func(f *footprint.Factors) { f.WUE = preset(footprint.WUE, "aws") },
		map[string]string{"fp-wue-value": "0.25"})
	step("price", func() { tb.change("#fp-price", "0.2", "input"); tb.change("#fp-cur", "eur", "input") },
		func(f *footprint.Factors) { f.Price, f.Currency = footprint.Number(0.2), "EUR" }, nil)
	step("host typed", func() { tb.change("#fp-host", "0.5", "input") },
		func(f *footprint.Factors) { f.Host = footprint.Number(0.5) }, map[string]string{"fp-boundary": "cloud"})
	step("grid typed", func() { tb.change("#fp-grid-value", "123", "input") },
		func(f *footprint.Factors) { f.Grid = footprint.Number(123) }, map[string]string{"fp-grid": "custom"})
	step("no grid", func() { tb.change("#fp-grid", "", "change") },
		func(f *footprint.Factors) { f.Grid = footprint.Factor{} }, map[string]string{"fp-grid-value": ""})
	step("GPU only again", func() { tb.change("#fp-boundary", "gpu", "change") },
		func(f *footprint.Factors) { *f = f.WithBoundary("gpu") },
		map[string]string{"fp-host": "0", "fp-idle": "0", "fp-pue": "gpu", "fp-pue-value": "1"})
	// The GPU-only caveat is back beside the headline.
	if got := tb.text("#floor"); !strings.HasPrefix(got, "GPU energy only") {
		t.Errorf("#floor = %q on the GPU-only boundary", got)
	}
	// A refused value names itself under its box and changes nothing.
	before, _ := fpState(v)
	tb.change("#fp-pue-value", "9", "input")
	_, perr := footprint.PUE.Parse("9")
	tb.waitText("#fp-pue-value-error", perr.Error())
	time.Sleep(1200 * time.Millisecond) // app/ui urlDelay and the idle time it waits for (1 s at most): a write of the URL, were there one, is done
	if got, _ := fpState(v); got != before {
		t.Errorf("a refused PUE changed the URL's state to %+v", got)
	}
}

// notices: refused footprint values get one notice each and the
// boundary's fallbacks; a budget without its factor and a price without its
// currency say what they need.
func (ft *footprintTest) notices(t *testing.T) {
	t.Parallel()
	set, bctx, origin, r := ft.set, ft.bctx, ft.origin, ft.r
	tb := newTab(t, bctx, origin)
	raw := "boundary=cloud&pue=9&grid=mars&price=-1&cur=USD&budget=5+parsecs"
	tb.open(state.String(fpQuery) + "&" + raw)
	_, notices := state.ParseFootprint(mustValues(t, raw))
	tb.waitFor(`!!document.querySelector("#notices")`, "the notices")
	got := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.dataset.param + "|" + n.textContent.trim())`)
	if len(got) != 4 || len(notices) != 4 {
		t.Fatalf("notices %q, want 4 (%v)", got, notices)
	}
	for i, n := range notices {
		if got[i] != n.Param+"|"+n.Message {
			t.Errorf("notice %d = %q, want %q", i, got[i], n.Param+"|"+n.Message)
		}
	}
	for _, bad := range []string{`pue="9"`, `grid="mars"`, `price="-1"`, `budget="5 parsecs"`} {
		if !strings.Contains(strings.Join(got, "\n"), bad) {
			t.Errorf("no notice names %s: %q", bad, got)
		}
	}
	// Fallbacks: the boundary's PUE, the default carbon, no cost, no budget.
	fallback := state.DefaultFootprint().Factors.WithBoundary("cloud")
	fallback.Currency = "USD"
	expectFootprint(tb.view(), set, fpQuery, fallback, false)
	if tb.has("#fp-budget-result") {
		t.Errorf("a refused budget is answered: %s", tb.text("#fp-budget-result"))
	}
	if got := fpValues(tb.view())["fp-pue-value"]; got != "1.09" {
		t.Errorf("#fp-pue-value = %q, want the boundary's 1.09", got)
	}
	// A budget whose factor is missing says what it needs.
	tb.open(state.String(fpQuery) + "&boundary=cloud&grid=none&budget=1+t")
	b, _ := footprint.ParseBudget("1 t")
	noGrid := fallback
	noGrid.Grid = footprint.Factor{}
	_, ferr := noGrid.Fit(b, r.Selected)
	var bad *data.InputError
	if !errors.As(ferr, &bad) {
		t.Fatalf("Fit without a grid = %v, want an InputError", ferr)
	}
	tb.waitText("#fp-budget-result", "No answer for the budget 1 t CO2e: "+bad.Reason+".")
	// A price without its currency: no cost, and the page says why.
	tb.open(state.String(fpQuery) + "&price=0.12")
	tb.waitFor(`!!document.querySelector("#fp-cost-note")`, "the note that the price needs a currency")
	if tb.has("#fp-cost") {
		t.Errorf("a cost without a currency: %s", tb.text("#fp-cost"))
	}
}

// roundTrip: a footprint set by hand survives a reload, inputs and
// answer, and the calculator's links (the compare page, the embed snippet)
// carry it.
func (ft *footprintTest) roundTrip(t *testing.T) {
	t.Parallel()
	set, bctx, origin := ft.set, ft.bctx, ft.origin
	tb := newTab(t, bctx, origin)
	tb.open("")
	v := tb.view()
	tb.do(chromedp.Click(chromedp.CSS("#fp-inputs > summary")))
	for _, e := range []struct{ id, value, event string }{
		{"#fp-boundary", "cloud", "change"}, {"#fp-idle", "0.25", "input"}, {"#fp-pue", "aws", "change"},
		{"#fp-grid-value", "250", "input"}, {"#fp-wue", "dry", "change"}, {"#fp-price", "0.3", "input"},
		{"#fp-cur", "GBP", "input"}, {"#fp-budget", "500 kWh", "input"},
	} {
		tb.change(e.id, e.value, e.event)
	}
	tb.waitFor(`location.search.includes("budget=")`, "the budget in the URL")
	before, notices := fpState(v)
	want := footprint.Factors{}.WithBoundary("cloud")
	want.Idle, want.PUE, want.Grid = footprint.Number(0.25), footprint.Factor{Value: 1.15, Preset: "aws", Set: true}, footprint.Number(250)
	want.WUE, want.Price, want.Currency = footprint.Factor{Value: 0, Preset: "dry", Set: true}, footprint.Number(0.3), "GBP"
	if before.Factors != want || before.Budget.String() != "500 kWh" || len(notices) > 0 {
		t.Fatalf("the URL holds %+v %v, want %+v and 500 kWh", before, notices, want)
	}
	values := fpValues(v)
	expectFootprint(v, set, data.DefaultQuery(), want, false)
	shown := tb.text("#fp-budget-result")
	loc := eval[string](tb, `location.href`)
	tb.openURL(loc)
	if after, _ := fpState(v); after != before {
		t.Errorf("after a reload the URL holds %+v, want %+v", after, before)
	}
	if got := fpValues(v); fmt.Sprint(got) != fmt.Sprint(values) {
		t.Errorf("after a reload the inputs are %v, want %v", got, values)
	}
	if !eval[bool](tb, `document.querySelector("#fp-inputs").open`) {
		t.Error("after a reload #fp-inputs is closed")
	}
	expectFootprint(v, set, data.DefaultQuery(), want, false)
	if got := tb.text("#fp-budget-result"); got != shown {
		t.Errorf("after a reload #fp-budget-result = %q, want %q", got, shown)
	}
	if eval[string](tb, `location.href`) != loc || tb.has("#notices") {
		t.Errorf("the reload changed the URL to %s or gave notices", eval[string](tb, `location.href`))
	}
	// The calculator's links carry it: to the compare page and in the
	// Embed dialog's snippet.
	fp := before.String()
	if got := eval[string](tb, `document.querySelector("#open-compare").href`); !strings.HasSuffix(got, "&"+fp) {
		t.Errorf("#open-compare = %q, want it to end with %s", got, fp)
	}
	tb.do(chromedp.Click(chromedp.ID("embed-open")))
	tb.waitFor(`!!document.querySelector("#embed-snippet")`, "the Embed dialog")
	if got := eval[string](tb, `document.querySelector("#embed-snippet").value`); !strings.Contains(got, strings.ReplaceAll("&"+fp+"&made=", "&", "&amp;")) {
		t.Errorf("the embed snippet %q lacks %s", got, fp)
	}
}

// embed: the embed shows the footprint its URL sets, without its inputs,
// keeps it through a change and in its link to the full page, and shows
// none when the URL sets none.
func (ft *footprintTest) embed(t *testing.T) {
	t.Parallel()
	set, bctx, origin, scenario, f, budgetLine := ft.set, ft.bctx, ft.origin, ft.query, ft.f, ft.budgetLine
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + "/embed?" + scenario)
	v := tb.view()
	expectFootprint(v, set, fpQuery, f, true)
	if got := tb.text("#fp-budget-result"); got != budgetLine {
		t.Errorf("#fp-budget-result = %q, want %q", got, budgetLine)
	}
	if tb.has("#fp-inputs") {
		t.Error("the embed shows the footprint's inputs")
	}
	want, _ := state.ParseFootprint(mustValues(t, fpParams))
	if got := eval[string](tb, `document.querySelector("#open-full").href`); got != origin+"/?"+want.AppendTo(state.String(fpQuery)) {
		t.Errorf("#open-full = %q, want the footprint kept", got)
	}
	// A change in the embed keeps the footprint in its URL.
	tb.do(chromedp.Click(chromedp.ID("preset-1T")))
	q := with(fpQuery, func(q *data.Query) { q.Tokens = 1e12 })
	expectFootprint(v, set, q, f, true)
	if got, _ := fpSettled(v, want); got != want {
		t.Errorf("after an edit the embed's URL holds %+v, want %+v", got, want)
	}
	// Without footprint parameters it is as it was.
	tb.openURL(origin + "/embed?" + state.String(fpQuery))
	if tb.has("#fp") {
		t.Errorf("the embed shows a footprint the URL does not set: %s", tb.text("#fp"))
	}
}

// prerendered: the page served for the link holds the footprint's
// figures and open inputs before the app runs.
func (ft *footprintTest) prerendered(t *testing.T) {
	t.Parallel()
	origin, scenario, f, r := ft.origin, ft.query, ft.f, ft.r
	res, err := http.Get(origin + "/?" + scenario)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	page := string(body)
	l := f.Ladder(r.Estimate.EnergyWh)
	carbon, _ := f.Carbon(l)
	for _, want := range []string{`id="fp-ladder"`, `id="fp-inputs"`, data.FormatEnergy(l.FacilityWh), footprint.FormatCarbon(carbon), `value="0.12"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the prerendered page lacks %q", want)
		}
	}
	if !regexp.MustCompile(`<details[^>]*id="fp-inputs"[^>]*open`).MatchString(page) && !regexp.MustCompile(`<details[^>]*open[^>]*id="fp-inputs"`).MatchString(page) {
		t.Error("the prerendered #fp-inputs is not open")
	}
	for _, bad := range []string{`selected="false"`, `open="false"`, `hidden="false"`} {
		if strings.Contains(page, bad) {
			t.Errorf("the prerendered page has %s", bad)
		}
	}
}

// beforeStart: before the app runs, a served page shows the link's
// footprint with its inputs waiting, and a static host's page shows the
// link's own parameters, not the default footprint.
func (ft *footprintTest) beforeStart(t *testing.T) {
	t.Parallel()
	set, bctx, scenario, f, r, budgetLine := ft.set, ft.bctx, ft.query, ft.f, ft.r, ft.budgetLine
	l := f.Ladder(r.Estimate.EnergyWh)
	carbon, _ := f.Carbon(l)
	// tokenjoule serve prerenders the link's footprint: its figures show,
	// and its inputs wait for the app.
	g := newGate(t, cspHandler(t, ""))
	h := startHost(t, g)
	tb := newTab(t, bctx, h.origin)
	tb.do(chromedp.Navigate(h.origin+"/?"+scenario), chromedp.WaitVisible(chromedp.ID("fp-ladder")))
	for sel, want := range map[string]string{"#energy": data.FormatEnergy(l.FacilityWh), "#fp-carbon": footprint.FormatCarbon(carbon), "#fp-budget-result": budgetLine} {
		// Prerendered text breaks lines around inline elements: a reader
		// sees the words once spaces collapse.
		if got := strings.Join(strings.Fields(tb.text(sel)), " "); got != want || !tb.isVisible(sel) {
			t.Errorf("before the app runs %s = %q (visible %v), want %q", sel, got, tb.isVisible(sel), want)
		}
	}
	tb.expectLive()
	g.release()
	tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
	expectFootprint(tb.view(), set, fpQuery, f, false)

	// A static host's page answers no query: until the app runs, the
	// link's own parameters show, the footprint's among them.
	out, _ := builtDist(t, "", false)
	g = newGate(t, dist.FileServer(out, ""))
	h = startHost(t, g)
	tb = newTab(t, bctx, h.origin)
	tb.do(chromedp.Navigate(h.origin+"/?"+scenario), chromedp.WaitReady(chromedp.ID("about")))
	tb.poll(`document.getElementById("pending-question")?.textContent !== ""`, 5*time.Second)
	// The presets by the names the page gives them.
	world, _ := footprint.Grid.Preset("world")
	microsoft, _ := footprint.WUE.Preset("microsoft")
	for _, want := range []string{"boundary " + f.BoundaryInfo().Label, "grid carbon intensity " + world.Label, "WUE " + microsoft.Label,
		"price per kWh 0.12", "currency USD", "budget 1 t CO2e"} {
		if got := tb.text("#pending-question"); !strings.Contains(got, want) {
			t.Errorf("#pending-question = %q, want it to say %q", got, want)
		}
	}
	if tb.isVisible("#fp") || tb.isVisible("#fp-inputs select") {
		t.Error("before the app runs, the static page shows the default footprint for a link that asks for another")
	}
	tb.expectLive()
	g.release()
	tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
	expectFootprint(tb.view(), set, fpQuery, f, false)
}

// downloads: the scenario, the compare CSV and the compare JSON are what
// calc and compare give with the same flags, and the compare table ranks at
// the boundary, each column in one unit.
func (ft *footprintTest) downloads(t *testing.T) {
	t.Parallel() // the only subtest of this browser that downloads
	set, bctx, origin, scenario, f, dl := ft.set, ft.bctx, ft.origin, ft.query, ft.f, ft.dl
	tb := newTab(t, bctx, origin)
	tb.open(scenario)
	expectFootprint(tb.view(), set, fpQuery, f, false)
	tb.do(chromedp.Click(chromedp.ID("download-scenario")))
	got := dl.expect(t, export.Filename(fpQuery, "json"))
	want := runCLI(t, append([]string{"calc", "-json"}, append(fpFlags, "-budget", "1 t CO2e")...)...)
	if !bytes.Equal(got, want) {
		t.Errorf("the scenario download differs from calc -json with the same flags:\n%s\nwant\n%s", got, want)
	}

	cq := with(fpQuery, func(q *data.Query) { q.DeadlineMS = 40 })
	cmpParams := "boundary=cloud&pue=1.2&grid=world&wue=microsoft&price=0.12&cur=USD"
	tb.openURL(origin + comparePath(cq) + "&" + cmpParams)
	rk := expectRanking(tb.view(), set, cq)
	cf := fpFactors(t)
	cf.PUE = footprint.Number(1.2)
	flags := []string{"-task", cq.Task, "-gpu", cq.GPU, "-deadline", "40ms", "-tokens", "1B", "-boundary", "cloud", "-pue", "1.2",
		"-grid", "world", "-wue", "microsoft", "-price", "0.12", "-currency", "USD"}
	// The table ranks at the boundary too: its columns past the GPU, each
	// in its unit (data.ColumnUnit), said in its header.
	cells := rows(tb.view())
	type figures struct{ facility, carbon, water, cost float64 }
	var all []figures
	var facility, carbon, water, cost []float64
	for _, m := range rk.Models {
		if m.Status() != data.Meets {
			continue
		}
		l := cf.Ladder(m.Result.Estimate.EnergyWh)
		c, _ := cf.Carbon(l)
		w, _ := cf.Water(l)
		x, _ := cf.Cost(l)
		all = append(all, figures{l.FacilityWh, c, w, x})
		facility, carbon, water, cost = append(facility, l.FacilityWh), append(carbon, c), append(water, w), append(cost, x)
	}
	for i, f := range all {
		usd := data.Unit{Size: 1, Name: "USD"}
		for k, w := range map[string]string{"facility": inUnit(f.facility, facility, data.Energy...),
			"carbon": inUnit(f.carbon, carbon, footprint.CarbonUnits...), "water": inUnit(f.water, water, footprint.WaterUnits...),
			"cost": inUnit(f.cost, cost, usd)} {
			if cells[i][k] != w {
				t.Errorf("row %d (%s) %s = %q, want %q", i+1, cells[i]["slug"], k, cells[i][k], w)
			}
		}
	}
	if got := tb.text("#floor"); !strings.Contains(got, "At the boundary") {
		t.Errorf("#floor = %q, want it to name the table's column at the boundary", got)
	}
	tb.do(chromedp.Click(chromedp.ID("download-csv")))
	got = dl.expect(t, export.Filename(rk.Query, "csv"))
	if want := runCLI(t, append([]string{"compare", "-csv"}, flags...)...); !bytes.Equal(got, want) {
		t.Errorf("the compare CSV differs from compare -csv with the same flags:\n%s\nwant\n%s", got, want)
	}
	if !bytes.Contains(got, []byte(",facility_wh,facility_wh_low,facility_wh_high,carbon_g,carbon_g_low,carbon_g_high,water_l,water_l_low,water_l_high,cost_usd,cost_usd_low,cost_usd_high,")) {
		t.Errorf("the compare CSV has no footprint columns:\n%s", got)
	}
	tb.do(chromedp.Click(chromedp.ID("download-json")))
	got = dl.expect(t, export.Filename(rk.Query, "json"))
	if want := runCLI(t, append([]string{"compare", "-json"}, flags...)...); !bytes.Equal(got, want) {
		t.Errorf("the compare JSON differs from compare -json with the same flags:\n%s\nwant\n%s", got, want)
	}
}

// copySummary: the calculator's and the compare page's summaries carry the
// footprint their figures and CSV carry.
func (ft *footprintTest) copySummary(t *testing.T) {
	t.Parallel()
	set, bctx, origin, scenario, f, r := ft.set, ft.bctx, ft.origin, ft.query, ft.f, ft.r
	tb := newTab(t, bctx, origin)
	tb.open(scenario)
	expectFootprint(tb.view(), set, fpQuery, f, false)
	setClipboard(t, tb, origin, cdpbrowser.PermissionSettingGranted)
	tb.do(chromedp.Click(chromedp.ID("copy-summary")))
	tb.waitText("#share-status", "Summary copied to the clipboard.")
	clip, err := clipboardText(tb)
	fp, _ := state.ParseFootprint(mustValues(t, fpParams))
	if want := export.Summary(r, f, origin+"/?"+fp.AppendTo(state.String(fpQuery))); err != nil || clip != want {
		t.Errorf("clipboard %q (%v), want\n%q", clip, err, want)
	}

	// The compare page's summary carries the footprint its table and CSV
	// carry (not "Boundary: GPU only." for this link).
	cq := with(fpQuery, func(q *data.Query) { q.DeadlineMS = 40 })
	cmpParams := "boundary=cloud&grid=400&wue=1&price=0.1&cur=USD"
	tb.openURL(origin + comparePath(cq) + "&" + cmpParams)
	rk := expectRanking(tb.view(), set, cq)
	setClipboard(t, tb, origin, cdpbrowser.PermissionSettingGranted) // the new page's copies recorded
	tb.do(chromedp.Click(chromedp.ID("copy-summary")))
	tb.waitText("#share-status", "Summary copied to the clipboard.")
	clip, err = clipboardText(tb)
	cfp, _ := state.ParseFootprint(mustValues(t, cmpParams))
	first := rk.Models[0].Result.Estimate.EnergyWh
	carbon, _ := cfp.Factors.Carbon(cfp.Factors.Ladder(first))
	for _, want := range []string{"Cloud data centre (Google, 2025)", "footprint " + data.FormatEnergy(cfp.Factors.Ladder(first).FacilityWh),
		footprint.FormatCarbon(carbon), "carbon at 400 g CO2e/kWh", "cost at 0.1 USD per kWh", "widened to"} {
		if err != nil || !strings.Contains(clip, want) {
			t.Errorf("compare page: clipboard %q (%v) lacks %q", clip, err, want)
		}
	}
	permalink := clip[strings.LastIndexByte(clip, ' ')+1:]
	if want := export.CompareSummary(rk, &set.Index, cfp.Factors, permalink); clip != want || !strings.HasPrefix(permalink, origin+"/compare?") {
		t.Errorf("compare page: clipboard %q, want\n%q", clip, want)
	}
}

// footprintScreenshots writes the calculator with the footprint's scenario
// at a wide screen's and a phone's size, light and dark, and its embed, into
// dir, for people to look at.
func footprintScreenshots(t *testing.T, bctx context.Context, origin, dir, scenario string) {
	tb := newTab(t, bctx, origin)
	for _, s := range []struct {
		name   string
		path   string
		width  int64
		height int64
	}{
		{"footprint", "/?", 1440, 900}, {"footprint", "/?", 360, 800},
		{"footprint-embed", "/embed?", 720, 480}, {"footprint-embed", "/embed?", 360, 640},
		{"footprint-compare", "/compare?", 1440, 900}, {"footprint-compare", "/compare?", 360, 800},
	} {
		for _, scheme := range []string{"light", "dark"} {
			tb.do(emulate(s.width, s.height, scheme)...)
			tb.openURL(origin + s.path + scenario)
			tb.view().drawCharts()
			png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(dir, fmt.Sprintf("%s-%dx%d-%s.png", s.name, s.width, s.height, scheme))
			if err := os.WriteFile(file, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s", file)
		}
	}
}
