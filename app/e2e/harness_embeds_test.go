package e2e

// The embeds the tests load: each layout's URL with what it must show
// (embedCases), and the interactive embed against the core (expectEmbed).

import (
	"fmt"
	"strings"
	"testing"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// embedCase is one layout of an embed, at a URL, with what it must show.
type embedCase struct {
	name  string
	path  string // /embed or /embed/compare
	query string
	// expect checks the view against the core's answer; prerendered lists
	// texts the server's HTML must hold for the URL.
	expect      func(v view)
	prerendered []string
}

// cardFootprint is a footprint that widens the boundary and sets carbon,
// water and cost: the card's headline is the energy at the boundary, and it
// has a line more for each, the tallest card there is.
const cardFootprint = "boundary=cloud&grid=world&wue=microsoft&price=0.12&cur=USD"

func footprintOf(t *testing.T, raw string) state.Footprint {
	t.Helper()
	v, _ := state.ParseQuery(raw)
	fp, notices := state.ParseFootprint(v)
	if len(notices) != 0 {
		t.Fatalf("%s: %v", raw, notices)
	}
	return fp
}

// embedCases are the layouts the tests load: the card (plain, with a
// footprint, and with a deadline nothing meets), the three charts, the
// interactive embed, and the compare card; then the plan's.
func embedCases(t *testing.T, set *data.Set, q data.Query) []embedCase {
	t.Helper()
	r, err := set.Select(q)
	if err != nil || r.Selected == nil {
		t.Fatalf("the tests need a feasible query: %v", err)
	}
	fp := footprintOf(t, cardFootprint)
	infeasible := with(q, func(q *data.Query) { q.DeadlineMS = 5 })
	ri, _ := set.Select(infeasible)
	if ri.Selected != nil {
		t.Fatal("the tests need a deadline nothing meets")
	}
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	card := func(q data.Query) string { return state.EmbedString(q, state.Embed{Layout: state.LayoutCard}) }
	chart := func(c string) embedCase {
		i := map[string]int{"latency": 0, "batch": 1, "power": 2}[c]
		return embedCase{
			name: "chart-" + c, path: "/embed", query: state.EmbedString(q, state.Embed{Layout: state.LayoutChart, Chart: c}),
			expect:      func(v view) { expectChartLayout(v, r, i) },
			prerendered: chartFigures(r, i),
		}
	}
	gpuOnly := export.CardOf(r, footprint.Factors{})
	return append([]embedCase{
		{name: "card", path: "/embed", query: card(q),
			expect:      func(v view) { expectCard(v, r, footprint.Factors{}) },
			prerendered: []string{gpuOnly.Title, data.FormatEnergy(r.Estimate.EnergyWh), gpuOnly.Comparison}},
		{name: "card-footprint", path: "/embed", query: card(q) + "&" + cardFootprint,
			expect:      func(v view) { expectCard(v, r, fp.Factors) },
			prerendered: []string{data.FormatEnergy(fp.Factors.Ladder(r.Estimate.EnergyWh).FacilityWh)}},
		{name: "card-infeasible", path: "/embed", query: card(infeasible),
			expect:      func(v view) { expectCard(v, ri, footprint.Factors{}) },
			prerendered: []string{data.FormatMS(ri.MinDeadlineMS())}},
		chart("latency"), chart("batch"), chart("power"),
		{name: "interactive", path: "/embed", query: state.String(q),
			expect:      func(v view) { expectEmbed(v, set, q, 0) },
			prerendered: []string{data.FormatEnergy(r.Estimate.EnergyWh), "How it is served: " + r.Selected.Hardware()}},
		{name: "compare-card", path: "/embed/compare", query: card(q),
			expect:      func(v view) { expectCompareCard(v, set, q, rk) },
			prerendered: []string{export.CompareCardOf(rk, &set.Index).Answer}},
		// The plan's, whose figures are data/plan's (planembed_test.go).
	}, planEmbedCases(t, set, q)...)
}

// expectEmbed checks the embed against the core's answer to q: the figures
// it shows, the controls hidden shows or not, the one chart, and the link to
// the full calculator.
func expectEmbed(v view, set *data.Set, q data.Query, hidden state.Hidden) {
	t := v.t
	t.Helper()
	r, err := set.Select(q)
	if err != nil {
		t.Fatalf("Select(%+v): %v", q, err)
	}
	if r.Selected == nil {
		v.waitFor(`!!document.querySelector("#infeasible")`, "the infeasible deadline's message")
		if got := v.text("#infeasible"); !strings.Contains(got, ms(r.MinDeadlineMS())+" ms") {
			t.Errorf("#infeasible = %q, want the smallest deadline %s ms", got, ms(r.MinDeadlineMS()))
		}
		if got, want := v.has("#set-min-deadline"), !hidden.Has(state.ParamDeadline); got != want {
			t.Errorf("#set-min-deadline shown = %v, want %v (hidden %q)", got, want, hidden)
		}
	} else {
		s, e := r.Selected, r.Estimate
		v.waitText("#cfg-row", s.RowID)
		v.waitText("#energy", data.FormatEnergy(e.EnergyWh))
		for sel, want := range map[string]string{
			"#joules":                          data.InJoules(e.EnergyWh),
			"#j-per-token":                     data.FormatNumber(s.Joules()),
			"#wh-per-mtok":                     data.FormatNumber(s.WhPerMillion()),
			"#cfg-gpu":                         fmt.Sprintf("%s × %d", s.GPU, s.NumGPUs),
			"#cfg-parallel":                    fmt.Sprintf("TP %d · DP %d · EP %d", s.TensorParallel, s.DataParallel, s.ExpertParallel),
			"#cfg-precision":                   s.Precision,
			"#cfg-max-num-seqs":                fmt.Sprint(s.MaxNumSeqs),
			"#cfg-itl-" + string(q.Percentile): data.FormatITL(q.Percentile.ITL(s), q.DeadlineMS) + " ms",
			"#cfg-power":                       data.FormatNumber(float64(s.PowerWatts)) + " W",
		} {
			if got := v.text(sel); got != want {
				t.Errorf("%s = %q, want %q (query %+v)", sel, got, want, q)
			}
		}
	}
	if o := r.Other; o != nil {
		if got, want := v.text("#other-energy"), data.FormatEnergy(r.OtherEstimate.EnergyWh); got != want {
			t.Errorf("#other-energy = %q, want %q", got, want)
		}
	} else if v.has("#other") {
		t.Errorf("#other shown, but the core has no other GPU for %+v", q)
	}
	// The inputs: a hidden one is absent, not merely invisible.
	for param, sel := range map[string]string{state.ParamTask: "#task", state.ParamModel: "#model", state.ParamGPU: "#gpu",
		state.ParamDeadline: "#deadline", state.ParamPercentile: "#percentile", state.ParamTokens: "#tokens"} {
		if got, want := v.has(sel), !hidden.Has(param); got != want {
			t.Errorf("%s present = %v, want %v (hide=%s)", sel, got, want, hidden)
		}
	}
	if got, want := v.has(".controls"), !hidden.All(); got != want {
		t.Errorf(".controls present = %v, want %v (hide=%s)", got, want, hidden)
	}
	// One chart, drawn, with the selected configuration highlighted.
	if n := evalIn[int](v, `document.querySelectorAll(".echart").length`); n != 1 {
		t.Errorf("%d charts, want 1", n)
	}
	v.chartReady("chart-latency")
	selected := evalIn[[][]float64](v, `echarts.getInstanceByDom(document.getElementById("chart-latency")).getOption().series
		.filter(s => s.name === "Selected").flatMap(s => s.data.map(d => d.value))`)
	if s := r.Selected; s == nil && len(selected) != 0 {
		t.Errorf("the chart highlights %v although no configuration is selected", selected)
	} else if s != nil && (len(selected) != 1 || selected[0][0] != q.Percentile.ITL(s) || selected[0][1] != float64(s.JoulesPerToken)) {
		t.Errorf("the chart highlights %v, want [[%v %v]]", selected, q.Percentile.ITL(s), float64(s.JoulesPerToken))
	}
	// The caveat and citation, in one line, from the dataset.
	m := r.Model
	lead, _, _ := strings.Cut(m.Caveat, ",")
	if got := v.text("#caveat"); !strings.Contains(got, lead) {
		t.Errorf("#caveat = %q, want it to say %q", got, lead)
	}
	about := evalIn[map[string]string](v, `({caveat: document.querySelector("#caveat").title,
		cite: document.querySelector("#cite").href, citeTitle: document.querySelector("#cite").title,
		dataset: document.querySelector("#dataset").href, full: document.querySelector("#open-full").href,
		fullTarget: document.querySelector("#open-full").target, fullRel: document.querySelector("#open-full").rel,
		sameTab: [...document.querySelectorAll("main a")].filter(a => a.target !== "_blank").map(a => a.id || a.href).join(" ")})`)
	loc := evalIn[string](v, `location.origin`)
	for k, want := range map[string]string{
		"caveat": m.Caveat, "cite": m.Source.CiteURL, "citeTitle": m.Source.Cite, "dataset": m.Source.URL,
		"full": loc + "/?" + state.String(q), "fullTarget": "_blank", "fullRel": "noopener", "sameTab": "",
	} {
		if about[k] != want {
			t.Errorf("embed %s = %q, want %q", k, about[k], want)
		}
	}
}
