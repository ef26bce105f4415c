package e2e

// Browser tests of the plan's embeds: /embed/plan in each layout (the card,
// each chart, the interactive one) and the compare card in plan mode. They
// join embedCases, so that TestEmbedLayouts checks them as it checks the
// calculator's (prerendered, then in sandboxed frames at 720 and 360 px,
// light and dark, their heights reported), and the screenshots show them.
// Expected figures come from data/plan and package export, never from the
// page.

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/charts/headline"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// planTraffic is the traffic the plan's embed tests plan q for: a peak
// that needs several replicas.
var planTraffic = plan.Traffic{Rate: data.Rate{Tokens: 12e3, Per: data.Second}, Peak: 3}

func makePlan(t *testing.T, set *data.Set, q data.Query, tr plan.Traffic) *plan.Plan {
	t.Helper()
	p, err := plan.Make(set, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// planEmbedCases are the plan's embeds: the card (plain, with a footprint,
// with a deadline nothing meets), the two charts, the interactive embed,
// and the compare card in plan mode.
func planEmbedCases(t *testing.T, set *data.Set, q data.Query) []embedCase {
	t.Helper()
	tr := planTraffic
	p := makePlan(t, set, q, tr)
	if b := p.Best(); b == nil || b.Replicas < 2 {
		t.Fatalf("the tests need a plan of several replicas: %+v", b)
	}
	infeasible := with(q, func(q *data.Query) { q.DeadlineMS = 5 })
	pi := makePlan(t, set, infeasible, tr)
	if pi.Best() != nil {
		t.Fatal("the tests need a deadline nothing meets")
	}
	rk, err := plan.Compare(set, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	fp := footprintOf(t, cardFootprint)
	look := func(q data.Query, e state.Embed) string { return state.PlanEmbedString(q, tr, e) }
	card := state.Embed{Layout: state.LayoutCard}
	chart := func(i int) embedCase {
		name := state.PlanCharts[i]
		return embedCase{name: "chart-plan-" + name, path: "/embed/plan", query: look(q, state.Embed{Layout: state.LayoutChart, Chart: name}),
			expect:      func(v view) { expectPlanChart(v, p, i) },
			prerendered: []string{planCharts(p)[i].headline}}
	}
	gpuOnly := export.PlanCardOf(p, footprint.Factors{})
	interactive := state.PlanString(q, tr)
	return []embedCase{
		{name: "card-plan", path: "/embed/plan", query: look(q, card),
			expect:      func(v view) { expectPlanCard(v, p, footprint.Factors{}) },
			prerendered: []string{gpuOnly.Title, data.FormatEnergy(p.Best().WhPerDay), gpuOnly.Comparison}},
		{name: "card-plan-footprint", path: "/embed/plan", query: look(q, card) + "&" + cardFootprint,
			expect:      func(v view) { expectPlanCard(v, p, fp.Factors) },
			prerendered: []string{data.FormatEnergy(plan.Footprint(fp.Factors).Ladder(p.Best().WhPerDay).FacilityWh)}},
		{name: "card-plan-infeasible", path: "/embed/plan", query: look(infeasible, card),
			expect:      func(v view) { expectPlanCard(v, pi, footprint.Factors{}) },
			prerendered: []string{data.FormatMS(pi.Busy.MinDeadlineMS())}},
		chart(0), chart(1),
		{name: "interactive-plan", path: "/embed/plan", query: interactive,
			expect: func(v view) {
				expectPlan(v, cliPlan(v.t, interactive), true)
				v.chartReady(chartPlanEnergy)
			},
			prerendered: []string{data.FormatEnergy(p.Best().WhPerDay), p.Best().Config.RowID}},
		{name: "compare-card-plan", path: "/embed/compare", query: state.EmbedString(q, card) + "&" + state.TrafficString(tr),
			expect:      func(v view) { expectPlanCompareCard(v, set, q, rk) },
			prerendered: []string{export.PlanCompareCardOf(rk, &set.Index).Answer}},
	}
}

// The plan's chart ids.
const (
	chartPlanEnergy = "chart-plan-energy"
	chartPlanGPUs   = "chart-plan-gpus"
)

// planChart is one of the plan's charts as its layout shows it.
type planChart struct {
	id, headline, brief string
	marked              []float64 // the diamond: the plan at the deadline
}

// planCharts are p's two charts, in state.PlanCharts' order, as data/plan
// and package charts draw them.
func planCharts(p *plan.Plan) []planChart {
	var energy, gpus []float64
	if b := p.Best(); b != nil {
		itl := p.Busy.Query.Percentile.ITL(b.Config)
		energy, gpus = []float64{itl, b.WhPerDay}, []float64{itl, float64(b.GPUs)}
	}
	return []planChart{
		{chartPlanEnergy, headline.PlanEnergy(p), headline.BriefPlanEnergy, energy},
		{chartPlanGPUs, headline.PlanGPUs(p), headline.BriefPlanGPUs, gpus},
	}
}

// planState is a plan's query string with its footprint, an embed's, as
// the links to the full plan carry it.
func planState(p *plan.Plan, f footprint.Factors) string {
	return state.Footprint{Factors: f, Bare: true}.Page().AppendTo(state.PlanString(p.Busy.Query, p.Traffic))
}

// expectPlanCard checks the plan's card against data/plan's plan p at the
// footprint f: the title (the question and its answer), the energy a day
// at the boundary, the fleet, the comparison, a line a day for each total
// that is set, the caveat in a line, and the footer to the full plan; and
// that it holds no input.
func expectPlanCard(v view, p *plan.Plan, f footprint.Factors) {
	t := v.t
	t.Helper()
	c := export.PlanCardOf(p, f)
	v.waitText("#question", c.Title)
	want := map[string]string{"#figure-context": c.Context, "#floor": c.Caveat}
	if b := p.Best(); b != nil {
		wh := plan.Footprint(f).Ladder(b.WhPerDay).FacilityWh
		want["#energy"] = data.FormatEnergy(wh)
		want["#energy-label"], want["#comparison"] = c.Label, c.Comparison
		if part := fmt.Sprintf(": %d %s GPUs, %s a day", b.GPUs, b.Config.GPU, data.FormatEnergy(wh)); !strings.HasSuffix(c.Title, part) {
			t.Errorf("the title %q does not end %q", c.Title, part)
		}
	} else {
		want["#infeasible"] = c.Missed
		if !strings.Contains(c.Missed, data.FormatMS(p.Busy.MinDeadlineMS())) {
			t.Errorf("the card's %q lacks the smallest deadline %s", c.Missed, data.FormatMS(p.Busy.MinDeadlineMS()))
		}
	}
	for sel, w := range want {
		if got := v.text(sel); got != w {
			t.Errorf("%s = %q, want %q", sel, got, w)
		}
	}
	totals := evalIn[[]string](v, `[...document.querySelectorAll("#figure-totals li")].map(li => li.textContent.trim())`)
	if strings.Join(totals, "|") != strings.Join(c.Totals, "|") {
		t.Errorf("totals %q, want %q", totals, c.Totals)
	}
	if n := evalIn[int](v, `document.querySelectorAll("main :is(input, select, textarea, details, #cfg, .echart)").length`); n != 0 {
		t.Errorf("the card holds %d inputs, folds or charts", n)
	}
	v.expectOneLine("#floor", "#figure-totals li")
	expectFigureFooter(v, p.Busy.Model.Source, "/plan?"+planState(p, f))
}

// expectPlanChart checks the chart layout of the plan's i-th chart: its
// headline from data/plan's figures, the chart drawn with the plan at the
// deadline marked, a caption in a line, the caveat and the footer.
func expectPlanChart(v view, p *plan.Plan, i int) {
	t := v.t
	t.Helper()
	c := planCharts(p)[i]
	v.waitText("#question", c.headline+".")
	if n := evalIn[int](v, `document.querySelectorAll(".echart").length`); n != 1 {
		t.Errorf("%d charts, want 1", n)
	}
	v.chartReady(c.id)
	// The diamond, in the chart's units: kWh or MWh for the energy, so
	// read back through the axis' name.
	got := evalIn[[]float64](v, fmt.Sprintf(`(() => { const o = echarts.getInstanceByDom(document.getElementById(%q)).getOption();
		return o.series.filter(s => s.name === "Selected").flatMap(s => s.data.map(d => d.value)).flat() })()`, c.id))
	scale := 1.0
	if i == 0 {
		switch unit := evalIn[string](v, fmt.Sprintf(`echarts.getInstanceByDom(document.getElementById(%q)).getOption().yAxis[0].name`, c.id)); {
		case strings.HasSuffix(unit, "(kWh)"):
			scale = 1e3
		case strings.HasSuffix(unit, "(MWh)"):
			scale = 1e6
		case !strings.HasSuffix(unit, "(Wh)"):
			t.Fatalf("the energy axis is %q", unit)
		}
	}
	if len(got) != 2 || got[0] != c.marked[0] || !near(got[1]*scale, c.marked[1], 5e-4) {
		t.Errorf("%s marks %v (× %v), want the plan at the deadline %v", c.id, got, scale, c.marked)
	}
	if got := v.text("#chart-caption"); got != c.brief {
		t.Errorf("#chart-caption = %q, want %q", got, c.brief)
	}
	if got, want := v.text("#floor"), export.PlanCardOf(p, footprint.Factors{}).Caveat; got != want {
		t.Errorf("#floor = %q, want %q", got, want)
	}
	v.expectOneLine("#chart-caption", "#floor")
	if n := evalIn[int](v, `document.querySelectorAll("main :is(input, select, textarea, #cfg)").length`); n != 0 {
		t.Errorf("the chart layout holds %d inputs", n)
	}
	expectFigureFooter(v, p.Busy.Model.Source, "/plan?"+planState(p, footprint.Factors{}))
}

// near tells whether a is b within a relative tolerance (the charts round
// to four significant digits).
func near(a, b, rel float64) bool { return a-b <= rel*b && b-a <= rel*b }

// expectPlanCompareCard checks the compare card in plan mode against
// plan.Compare: the answer in plan terms, a bar for each model that meets
// the deadline, by energy a day, least first, each labelled with its energy
// a day and its GPUs, and the footer to the full compare page in plan mode.
func expectPlanCompareCard(v view, set *data.Set, q data.Query, rk *plan.Ranking) {
	t := v.t
	t.Helper()
	c := export.PlanCompareCardOf(rk, &set.Index)
	v.waitText("#question", c.Title)
	var labels []string
	var names []string
	for _, m := range rk.Models {
		if m.Status() == data.Meets {
			b := m.Plan.Best()
			labels = append(labels, fmt.Sprintf("%s, %d GPU%s", data.FormatEnergy(b.WhPerDay), b.GPUs, map[bool]string{true: "s"}[b.GPUs > 1]))
			names = append(names, m.Entry.Name)
		}
	}
	first := rk.Models[0].Plan.Best()
	if got := v.text("#answer"); got != c.Answer || !strings.HasPrefix(got, fmt.Sprintf("%s uses the least: %s a day on %d GPUs", names[0], data.FormatEnergy(first.WhPerDay), first.GPUs)) {
		t.Errorf("#answer = %q, want %q", got, c.Answer)
	}
	v.chartReady("chart-ranking")
	bars := evalIn[[]string](v, `echarts.getInstanceByDom(document.getElementById("chart-ranking")).getOption().series[0].data.map(d => d.name + ": " + d.label.formatter)`)
	var want []string
	for i := range names {
		want = append(want, names[i]+": "+labels[i])
	}
	if strings.Join(bars, "\n") != strings.Join(want, "\n") {
		t.Errorf("the bars are\n%s\nwant\n%s", strings.Join(bars, "\n"), strings.Join(want, "\n"))
	}
	if n := evalIn[int](v, `document.querySelectorAll("main :is(input, select, table)").length`); n != 0 {
		t.Errorf("the compare card holds %d inputs or tables", n)
	}
	expectFigureFooter(v, set.Index.Source, "/compare?"+state.String(q)+"&"+state.TrafficString(rk.Traffic))
}

// TestPlanEmbedRefused: the plan embed refuses the calculator's charts and
// an unknown layout as any embed refuses them, with a notice, the default
// in their place, and a URL without them.
func TestPlanEmbedRefused(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	tb := newTab(t, bctx, origin)
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95}
	for _, raw := range []string{state.PlanString(q, planTraffic) + "&layout=chart&chart=latency&theme=sepia", state.PlanString(q, planTraffic) + "&layout=poster"} {
		tb.openURL(origin + "/embed/plan?" + raw)
		v, _ := state.ParseQuery(raw)
		look, notices := state.ParsePlanEmbed(v)
		got := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.dataset.param + "|" + n.textContent.trim())`)
		var want []string
		for _, n := range notices {
			want = append(want, n.Param+"|"+n.Message)
		}
		if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: notices %q, want %q", raw, got, want)
		}
		pq, tr, _ := state.ParsePlan(set, v)
		if want := "?" + state.PlanEmbedString(pq, tr, look); tb.view().poll(fmt.Sprintf(`location.search === %q`, want)) != nil {
			t.Errorf("location.search = %q, want %q", eval[string](tb, `location.search`), want)
		}
		if look.Layout == state.LayoutChart {
			expectPlanChart(tb.view(), makePlan(t, set, pq, tr), 0)
		}
	}
}

// TestPlanBuilder: the Embed dialog on the plan page and on the compare
// page in plan mode offers the plan's layouts and charts; its preview,
// snippet, alt text, link and pictures follow every choice, and a snippet
// pasted into a page of another origin shows its layout at its height. The
// compare page's downloads in plan mode are compare -rate's bytes.
func TestPlanBuilder(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	tr := planTraffic
	p := makePlan(t, set, q, tr)
	dl := captureDownloads(t, bctx)
	open := func(tb *tab) {
		tb.do(chromedp.Click(chromedp.ID("embed-open")))
		tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the modal Embed dialog")
	}
	options := func(tb *tab, sel string) string {
		return strings.Join(eval[[]string](tb, fmt.Sprintf(`[...document.querySelectorAll("%s option")].map(o => o.value)`, sel)), ",")
	}

	t.Run("Plan", func(t *testing.T) {
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1280, 900))
		tb.openURL(origin + "/plan?" + state.PlanString(q, tr))
		open(tb)
		if got := options(tb, "#embed-layout"); got != "card,chart,interactive" {
			t.Errorf("the plan's layouts are %q, want card, chart and interactive", got)
		}
		b := builder{tb: tb, origin: origin, path: "/embed/plan", q: q,
			embedQuery: func(e state.Embed) string { return state.PlanEmbedString(q, tr, e) }}
		c := export.PlanCardOf(p, footprint.Factors{})
		card := b.expect(state.Embed{Layout: state.LayoutCard}, 720, c.Title)
		if got := eval[string](tb, `document.querySelector("#embed-alt").value`); got != c.Alt() {
			t.Errorf("alt text %q, want the plan card's %q", got, c.Alt())
		}
		if got, want := eval[string](tb, `document.querySelector("#embed-link").value`), origin+"/plan?"+state.PlanString(q, tr); got != want {
			t.Errorf("the link is %q, want the full plan's %q", got, want)
		}
		tb.do(chromedp.Click(chromedp.ID("embed-picture")))
		expectPNG(t, dl.expect(t, export.PlanFilename(p, "card.png")), 1440, 400, 1400)

		tb.change("#embed-layout", "chart", "change")
		b.expect(state.Embed{Layout: state.LayoutChart, Chart: "energy"}, 720, c.Title)
		if got := options(tb, "#embed-chart"); got != "energy,gpus" {
			t.Errorf("the plan's charts are %q, want energy and gpus", got)
		}
		tb.change("#embed-chart", "gpus", "change")
		tb.change("#embed-theme", "dark", "change")
		gpus := state.Embed{Layout: state.LayoutChart, Chart: "gpus", Theme: "dark"}
		b.expect(gpus, 720, c.Title)
		expectPlanChart(tb.loadedFrame("embed-frame", "?"+state.PlanEmbedString(q, tr, gpus)), p, 1)
		if alt := eval[string](tb, `document.querySelector("#embed-alt").value`); !strings.HasPrefix(alt, "Chart: "+planCharts(p)[1].headline) {
			t.Errorf("the chart's alt text %q does not start with its headline", alt)
		}
		tb.do(chromedp.Click(chromedp.ID("embed-picture")))
		expectPNG(t, dl.expect(t, export.PlanFilename(p, "gpus.png")), 1920, 900, 2400)

		// The interactive plan hides the traffic's inputs as "traffic".
		tb.change("#embed-layout", "interactive", "change")
		tb.waitFor(`!!document.querySelector("#embed-hide")`, "the boxes to hide controls")
		if got := tb.text(`label:has(#embed-hide-tokens)`); got != "Traffic" {
			t.Errorf("the traffic's box is labelled %q", got)
		}
		tb.do(chromedp.Click(chromedp.ID("embed-hide-task")), chromedp.Click(chromedp.ID("embed-hide-tokens")))
		hideTraffic := state.Embed{Theme: "dark", Hidden: hidden(t, "task,tokens")}
		b.expect(hideTraffic, 720, c.Title)
		if !strings.Contains(state.PlanEmbedString(q, tr, hideTraffic), "&hide=task,traffic") {
			t.Fatal("the test expects hide=task,traffic")
		}
		if n := evalIn[int](tb.loadedFrame("embed-frame", "?"+state.PlanEmbedString(q, tr, hideTraffic)), `document.querySelectorAll("#task, #rate, #peak, #idle-w").length`); n != 0 {
			t.Errorf("the preview shows %d of the hidden inputs", n)
		}

		tb.change("#embed-theme", "", "change")
		tb.change("#embed-layout", "card", "change")
		tb.change("#embed-width", "360", "change")
		phone := b.expect(state.Embed{Layout: state.LayoutCard}, 360, c.Title)
		for _, s := range []snippetShot{card, phone} {
			expectPasted(t, bctx, origin, s, func(v view) { expectPlanCard(v, p, footprint.Factors{}) })
		}
	})

	t.Run("ComparePlans", func(t *testing.T) {
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1280, 900))
		page := state.String(q) + "&" + state.TrafficString(tr)
		tb.openURL(origin + "/compare?" + page)
		rk, err := plan.Compare(set, q, tr)
		if err != nil {
			t.Fatal(err)
		}
		// The downloads are compare -rate's, byte for byte.
		// With the carbon and water the page shows by default, which the
		// command line shows only when asked.
		args := []string{"compare", "-task", q.Task, "-gpu", q.GPU, "-deadline", data.FormatDeadline(q.DeadlineMS), "-percentile", string(q.Percentile),
			"-rate", data.FormatRate(tr.Rate), "-peak", data.FormatNumber(tr.Peak), "-grid", state.DefaultGrid, "-wue", state.DefaultWUE}
		for _, ext := range []string{"csv", "json"} {
			tb.do(chromedp.Click(chromedp.ID("download-" + ext)))
			if got, want := dl.expect(t, export.PlanCompareFilename(rk, ext)), runCLI(t, append(args, "-"+ext)...); !bytes.Equal(got, want) {
				t.Errorf("the %s download (%d bytes) is not compare -rate -%s's (%d bytes)", ext, len(got), ext, len(want))
			}
		}
		open(tb)
		if got := options(tb, "#embed-layout"); got != "card,interactive" {
			t.Errorf("the compare page's layouts are %q, want card and interactive", got)
		}
		b := builder{tb: tb, origin: origin, path: "/embed/compare", q: q,
			embedQuery: func(e state.Embed) string { return state.EmbedString(q, e) + "&" + state.TrafficString(tr) }}
		c := export.PlanCompareCardOf(rk, &set.Index)
		card := b.expect(state.Embed{Layout: state.LayoutCard}, 720, c.Title)
		if got := eval[string](tb, `document.querySelector("#embed-link").value`); got != origin+"/compare?"+page {
			t.Errorf("the link is %q, want %q", got, origin+"/compare?"+page)
		}
		expectPasted(t, bctx, origin, card, func(v view) { expectPlanCompareCard(v, set, q, rk) })
		tb.do(chromedp.Click(chromedp.ID("embed-picture")))
		expectPNG(t, dl.expect(t, export.PlanCompareFilename(rk, "ranking.png")), 1920, 900, 3000)
		tb.change("#embed-layout", "interactive", "change")
		b.expect(state.Embed{}, 720, c.Title)
	})
}
