package e2e

// What the pages must show, from the core (package data and its
// neighbours), never from the page: the calculator's answer (tab.expect,
// expectDiffusion for images and videos, expectFootprint), the URL's state,
// the ranking's rows and columns (expectRanking, inUnit), and the command
// line's output.

import (
	"bytes"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tokenjoule/app/cli"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// urlState is the state the page's URL holds, read by parse (state.Parse
// for the calculator, state.ParseCompare for the compare page).
func (tb *tab) urlState(set *data.Set, parse func(*data.Set, state.Values) (data.Query, []state.Notice)) (data.Query, []state.Notice) {
	tb.t.Helper()
	u, err := url.Parse(eval[string](tb, `location.href`))
	if err != nil {
		tb.t.Fatal(err)
	}
	return parse(set, u.Query())
}

// markupText is the text of prerendered HTML, without its tags and without
// the blanks go-app writes between elements (the dataset row's parts are
// elements of their own, which CSS lays out without them).
func markupText(html string) string {
	return regexp.MustCompile(`<[^>]*>`).ReplaceAllString(regexp.MustCompile(`>\s+<`).ReplaceAllString(html, "><"), "")
}

// ms is a deadline as the page writes it.
func ms(v float64) string { return strings.TrimSuffix(data.FormatDeadline(v), "ms") }

// expectURL checks that the calculator's URL holds q and no more notices,
// once it has followed the last change (the page writes it a moment later:
// app/ui replaceQuery).
func (tb *tab) expectURL(set *data.Set, q data.Query) {
	tb.t.Helper()
	tb.expectURLState(set, state.Parse, q)
}

// expectURLState checks that the URL, read by parse, holds q and no
// notices, within 5 seconds.
func (tb *tab) expectURLState(set *data.Set, parse func(*data.Set, state.Values) (data.Query, []state.Notice), q data.Query) {
	tb.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, notices := tb.urlState(set, parse)
		if got == q && len(notices) == 0 {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Errorf("URL state = %+v %v, want %+v", got, notices, q)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// with returns a copy of q changed by f.
func with(q data.Query, f func(*data.Query)) data.Query {
	f(&q)
	return q
}

// row is a ranking table's row as the page shows it, by column key.
type row map[string]string

// rows reads the ranking table's rows, in the page's order, with the
// data-model of each under "slug", and each figure with its column's unit
// (said once, in the header) after it: "15.21 Wh".
// cellFigure is a JavaScript function of a ranking's cell that returns its
// figure or words, without the published spread under a figure past the
// GPU (.cell-range).
const cellFigure = `td => [...td.childNodes].filter(n => !(n.classList && n.classList.contains("cell-range"))).map(n => n.textContent).join("").trim()`

func rows(v view) []row {
	v.t.Helper()
	return evalIn[[]row](v, `[...document.querySelectorAll("#ranking-table tbody tr")].map(tr => {
		const r = {slug: tr.dataset.model, current: tr.getAttribute("aria-current") || ""};
		for (const td of tr.querySelectorAll("td")) {
			const unit = document.querySelector("#ranking-table th[data-col=" + td.dataset.col + "]").dataset.unit;
			r[td.dataset.col] = (`+cellFigure+`)(td) + (unit ? " " + unit : "");
		}
		return r })`)
}

func comparePath(q data.Query) string { return "/compare?" + state.String(q) }

func mustValues(t *testing.T, raw string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// expectCompareURL checks that the compare page's URL holds q, once it has
// followed the last change (see expectURL).
func expectCompareURL(tb *tab, set *data.Set, q data.Query) {
	tb.t.Helper()
	tb.expectURLState(set, state.ParseCompare, q)
}

func hidden(t *testing.T, raw string) state.Hidden {
	t.Helper()
	h, notices := state.ParseHidden(map[string][]string{state.ParamHide: {raw}})
	if len(notices) != 0 {
		t.Fatal(notices)
	}
	return h
}

// runCLI runs the tokenjoule command and returns what it printed.
func runCLI(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errs bytes.Buffer
	if code := cli.Run(args, &out, &errs); code != 0 {
		t.Fatalf("tokenjoule %s: exit %d, %s", strings.Join(args, " "), code, errs.String())
	}
	return out.Bytes()
}

// expect checks the page against the core's answer to q.
func (tb *tab) expect(set *data.Set, q data.Query) {
	tb.t.Helper()
	r, err := set.Select(q)
	if err != nil {
		tb.t.Fatalf("Select(%+v): %v", q, err)
	}
	if r.Selected == nil {
		tb.waitText("#set-min-deadline", fmt.Sprintf("Set the deadline to %s ms", ms(r.MinDeadlineMS())))
		return
	}
	s, e := r.Selected, r.Estimate
	tb.waitText("#cfg-row", s.RowID)
	tb.waitText("#energy", data.FormatEnergy(e.EnergyWh))
	for sel, want := range map[string]string{
		"#joules":             data.InJoules(e.EnergyWh),
		"#wh-per-mtok":        data.FormatNumber(s.WhPerMillion()),
		"#j-per-token":        data.FormatNumber(s.Joules()),
		"#energy-per-request": data.FormatJoules(e.EnergyPerRequest),
		"#cfg-gpu":            fmt.Sprintf("%s × %d", s.GPU, s.NumGPUs),
		"#cfg-parallel":       fmt.Sprintf("TP %d · DP %d · EP %d", s.TensorParallel, s.DataParallel, s.ExpertParallel),
		"#cfg-precision":      s.Precision,
		"#cfg-max-num-seqs":   fmt.Sprint(s.MaxNumSeqs),
		"#cfg-batch":          data.FormatNumber(float64(s.AvgRunningBatch)),
		"#cfg-itl-p50":        data.FormatNumber(float64(s.MedianITL)) + " ms",
		"#cfg-itl-p90":        data.FormatNumber(float64(s.P90ITL)) + " ms",
		"#cfg-itl-p95":        data.FormatNumber(float64(s.P95ITL)) + " ms",
		"#cfg-itl-p99":        data.FormatNumber(float64(s.P99ITL)) + " ms",
		"#cfg-tps":            data.FormatNumber(s.Throughput()),
		"#cfg-power":          data.FormatNumber(float64(s.PowerWatts)) + " W",
		"#cfg-out-tokens":     data.FormatNumber(float64(s.AvgOutputTokens)),
		"#cfg-gpu-hours":      data.FormatNumber(e.GPUHours),
	} {
		if got := tb.text(sel); got != want {
			tb.t.Errorf("%s = %q, want %q (query %+v)", sel, got, want, q)
		}
	}
	if title := eval[string](tb, `document.querySelector("#energy").title`); title != data.FormatJoules(e.EnergyWh*3600) {
		tb.t.Errorf("#energy title = %q, want the joules", title)
	}
	if o := r.Other; o != nil {
		if got, want := tb.text("#other-energy"), data.FormatEnergy(r.OtherEstimate.EnergyWh); got != want {
			tb.t.Errorf("#other-energy = %q, want %q", got, want)
		}
		want := fmt.Sprintf("(%+.1f%%)", (r.OtherEstimate.EnergyWh/e.EnergyWh-1)*100)
		if got := tb.text("#other-diff"); got != want {
			tb.t.Errorf("#other-diff = %q, want %q", got, want)
		}
	} else if eval[bool](tb, `!!document.querySelector("#other")`) {
		tb.t.Errorf("#other shown, but the core has no other GPU for %+v", q)
	}
}

// expectRanking checks the page's table, missed list and charts against the
// core's ranking for q.
func expectRanking(v view, set *data.Set, q data.Query) *data.Ranking {
	t := v.t
	t.Helper()
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatalf("Compare(%+v): %v", q, err)
	}
	var want []*data.Ranked
	var missed, unmeasured []string
	for i := range rk.Models {
		r := &rk.Models[i]
		switch r.Status() {
		case data.Meets:
			want = append(want, r)
		case data.MissesDeadline:
			missed = append(missed, r.Entry.Slug)
		default:
			unmeasured = append(unmeasured, r.Entry.Name)
		}
	}
	// The page follows the state: wait for the first row, or for no rows.
	first := ""
	if len(want) > 0 {
		first = want[0].Entry.Slug
	}
	v.waitFor(fmt.Sprintf(`(document.querySelector("#ranking-table tbody tr")?.dataset.model ?? "") === %q && document.querySelectorAll("#ranking-table tbody tr").length === %d`,
		first, len(want)), "the ranking's first row "+first)
	got := rows(v)
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	wh, j := energies(rk), column(rk, func(r *data.Ranked) float64 { return r.Result.Estimate.EnergyPerRequest })
	params := column(rk, func(r *data.Ranked) float64 { return float64(r.Entry.Params) })
	active := column(rk, func(r *data.Ranked) float64 { return float64(r.Entry.ActiveParams) })
	billions := data.Unit{Size: 1, Name: "billions"}
	for i, r := range want {
		s, e := r.Result.Selected, r.Result.Estimate
		wantRow := row{"slug": r.Entry.Slug, "rank": strconv.Itoa(i + 1), "model": r.Entry.Name,
			"energy": inUnit(e.EnergyWh, wh, data.Energy...), "request": inUnit(e.EnergyPerRequest, j, data.Joules...),
			"jpt": data.FormatNumber(s.Joules()), "config": fmt.Sprintf("%s, batch size limit %d", s.Hardware(), s.MaxNumSeqs),
			"params": inUnit(float64(r.Entry.Params), params, billions), "active": inUnit(float64(r.Entry.ActiveParams), active, billions)}
		if s.Diffusion() {
			// A request is one image or video: no column of its own.
			delete(wantRow, "request")
			wantRow["jpt"] = data.FormatNumber(s.Joules())
			wantRow["config"] = fmt.Sprintf("%s, batch size %d (%s)", s.Hardware(), s.BatchSize, s.Split())
		}
		for k, w := range wantRow {
			if got[i][k] != w {
				t.Errorf("row %d %s = %q, want %q", i+1, k, got[i][k], w)
			}
		}
		if cur := got[i]["current"] == "true"; cur != (r.Entry.Slug == q.Model) {
			t.Errorf("row %d (%s) marked current = %v, highlighted model %s", i+1, r.Entry.Slug, cur, q.Model)
		}
	}
	gotMissed := evalIn[[]string](v, `[...document.querySelectorAll("#missed-list li")].map(li => li.dataset.model)`)
	if !slices.Equal(gotMissed, missed) {
		t.Errorf("missed models %v, want %v", gotMissed, missed)
	}
	for _, slug := range missed {
		r := rk.Models[slices.IndexFunc(rk.Models, func(r data.Ranked) bool { return r.Entry.Slug == slug })]
		k := r.Result.Kind
		if got, want := v.text("#min-deadline-"+slug), "Set the deadline to "+k.DeadlineText(r.Result.MinDeadlineMS())+" "+k.DeadlineUnit(); got != want {
			t.Errorf("%s's button reads %q, want %q", slug, got, want)
		}
	}
	if len(unmeasured) > 0 {
		txt := v.text("#unmeasured")
		for _, n := range unmeasured {
			if !strings.Contains(txt, n) {
				t.Errorf("#unmeasured = %q lacks %s", txt, n)
			}
		}
	} else if v.has("#unmeasured") {
		t.Errorf("#unmeasured shown, but every model was measured on %s", q.GPU)
	}
	// The bars: one per model that meets the deadline, in rank order.
	v.chartReady("chart-ranking")
	bars := evalIn[[]string](v, `echarts.getInstanceByDom(document.getElementById("chart-ranking")).getOption().yAxis[0].data`)
	for i, r := range want {
		if i >= len(bars) || bars[i] != r.Entry.Name {
			t.Errorf("bars %q, want the ranking's order", bars)
			break
		}
	}
	if len(bars) != len(want) {
		t.Errorf("%d bars, want %d", len(bars), len(want))
	}
	return rk
}

// inUnit writes v, one of a column's figures, as rows reads it: in the
// column's unit (data.ColumnUnit), after it.
func inUnit(v float64, column []float64, units ...data.Unit) string {
	u := data.ColumnUnit(column, units...)
	return data.FormatNumber(v/u.Size) + " " + u.Name
}

// column is a figure of each model of rk that meets the deadline, in rank
// order: a column of the ranking table.
func column(rk *data.Ranking, value func(r *data.Ranked) float64) []float64 {
	var c []float64
	for i := range rk.Models {
		if r := &rk.Models[i]; r.Status() == data.Meets {
			c = append(c, value(r))
		}
	}
	return c
}

// energies is the ranking's column of GPU energies, in Wh.
func energies(rk *data.Ranking) []float64 {
	return column(rk, func(r *data.Ranked) float64 { return r.Result.Estimate.EnergyWh })
}

// expectFootprint checks the footprint the view shows for q against the
// core's: the headline, each rung (energy, factor, source), the total,
// carbon, water and cost (absent when unset), and the budget's answer
// (fit nil: none shown).
func expectFootprint(v view, set *data.Set, q data.Query, f footprint.Factors, compact bool) {
	t := v.t
	t.Helper()
	r, err := set.Select(q)
	if err != nil || r.Selected == nil {
		t.Fatalf("Select(%+v) = %v, %v", q, r, err)
	}
	l := f.Ladder(r.Estimate.EnergyWh)
	v.waitText("#energy", data.FormatEnergy(l.FacilityWh))
	if got, want := v.text("#joules"), data.InJoules(l.FacilityWh); got != want {
		t.Errorf("#joules = %q, want %q", got, want)
	}
	type rung struct{ Name, Wh, Applies, Source string }
	got := evalIn[[]rung](v, `[...document.querySelectorAll("#fp-ladder > li")].filter(li => li.checkVisibility()).map(li => ({
		Name: li.dataset.rung, Wh: li.querySelector(".fp-wh").textContent.trim(),
		Applies: li.querySelector(".fp-applies")?.textContent.trim() ?? "",
		Source: li.querySelector(".fp-source p")?.textContent.trim() ?? ""}))`)
	if f.IsGPUOnly() {
		if len(got) != 0 {
			t.Errorf("the ladder shows %v on the GPU-only boundary", got)
		}
	} else {
		rungs := f.Rungs(l.GPUWh)
		if len(got) != len(rungs) {
			t.Fatalf("the ladder shows %v, want %d rungs", got, len(rungs))
		}
		for i, want := range rungs {
			g := got[i]
			if g.Name != want.Name || g.Wh != data.FormatEnergy(want.Wh) {
				t.Errorf("rung %d = %s %q, want %s %q", i, g.Name, g.Wh, want.Name, data.FormatEnergy(want.Wh))
			}
			if compact {
				continue
			}
			if g.Applies != want.Applies() {
				t.Errorf("rung %s applies %q, want %q", want.Name, g.Applies, want.Applies())
			}
			if src := want.Source(); !strings.Contains(g.Source, src.Title) || (src.URL != "" && !strings.Contains(g.Source, strings.TrimPrefix(src.URL, "https://"))) {
				t.Errorf("rung %s's source note %q lacks %q", want.Name, g.Source, src.Title)
			}
		}
		if !compact {
			if got, want := v.text("#fp-total-wh"), data.FormatEnergy(l.FacilityWh); got != want {
				t.Errorf("#fp-total-wh = %q, want %q", got, want)
			}
		}
	}
	for _, x := range []struct {
		id   string
		v    float64
		ok   bool
		text func(float64) string
	}{
		{"#fp-carbon", 0, false, footprint.FormatCarbon},
		{"#fp-water", 0, false, footprint.FormatWater},
		{"#fp-cost", 0, false, func(v float64) string { return footprint.FormatMoney(v, f.Currency) }},
	} {
		switch x.id {
		case "#fp-carbon":
			x.v, x.ok = f.Carbon(l)
		case "#fp-water":
			x.v, x.ok = f.Water(l)
		default:
			x.v, x.ok = f.Cost(l)
		}
		if !x.ok {
			if v.has(x.id) {
				t.Errorf("%s shown (%q), but its factor is not set", x.id, v.text(x.id))
			}
			continue
		}
		if got, want := v.text(x.id), x.text(x.v); got != want {
			t.Errorf("%s = %q, want %q", x.id, got, want)
		}
	}
}

// expectDiffusion checks the calculator (or its embed, compact) against the
// core's answer to q, an image or video query that some configuration
// meets.
func (tb *tab) expectDiffusion(set *data.Set, q data.Query, compact bool) *data.Result {
	tb.t.Helper()
	r, err := set.Select(q)
	if err != nil || r.Selected == nil {
		tb.t.Fatalf("Select(%+v) = %v, %v", q, r, err)
	}
	s, e, k := r.Selected, r.Estimate, r.Kind
	tb.waitText("#cfg-row", s.RowID)
	tb.waitText("#energy", data.FormatEnergy(e.EnergyWh))
	want := map[string]string{
		"#j-per-item":     data.FormatJoules(s.Joules()),
		"#cfg-gpu":        fmt.Sprintf("%s × %d", s.GPU, s.NumGPUs),
		"#cfg-parallel":   fmt.Sprintf("Ulysses %d × ring %d", s.UlyssesDegree, s.RingDegree),
		"#cfg-batch-size": fmt.Sprint(s.BatchSize),
		"#cfg-latency":    data.FormatNumber(math.Round(s.Measured.BatchLatency*1000)/1e6) + " s", // measured, to the µs
		"#cfg-power":      data.FormatNumber(float64(s.PowerWatts)) + " W",
	}
	if !compact {
		want["#question"] = fmt.Sprintf("Energy for %s of %s", k.VolumeWords(q.Tokens), r.Model.Name)
		want["#wh-per-item"] = data.FormatNumber(s.Joules() / 3600)
		want["#cfg-resolution"] = fmt.Sprintf("%d×%d", s.Width, s.Height)
		want["#cfg-steps"] = fmt.Sprint(s.Steps)
		want["#cfg-throughput"] = data.FormatNumber(s.Throughput())
		want["#cfg-gpu-hours"] = data.FormatNumber(e.GPUHours)
	}
	for sel, w := range want {
		got := tb.text(sel)
		if sel == "#question" && !strings.HasPrefix(got, w) || sel != "#question" && got != w {
			tb.t.Errorf("%s = %q, want %q (query %+v)", sel, got, w, q)
		}
	}
	if tb.view().has("#percentile") {
		tb.t.Errorf("an image or video task offers a percentile")
	}
	return r
}
