package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

func makePlan(t *testing.T, s *data.Set, q data.Query, tr plan.Traffic) *plan.Plan {
	t.Helper()
	p, err := plan.Make(s, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A plan's card states the question and its answer in the title, the
// energy a day at the boundary as its figure, the fleet, a comparison, the
// totals a day and a one-line caveat.
func TestPlanCard(t *testing.T) {
	s := load(t)
	q := data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: data.AnyGPU, DeadlineMS: 50, Percentile: data.P50}
	tr := plan.DefaultTraffic()
	p := makePlan(t, s, q, tr)
	b := p.Best()
	c := PlanCardOf(p, footprint.Factors{})
	want := fmt.Sprintf("Serving 1B output tokens a day of Qwen 3 14B within 50 ms: %d %s GPU%s, %s a day", b.GPUs, b.Config.GPU,
		map[bool]string{true: "s"}[b.GPUs > 1], data.FormatEnergy(b.WhPerDay))
	if c.Title != want {
		t.Errorf("Title = %q, want %q", c.Title, want)
	}
	if c.Figure != data.FormatEnergy(b.WhPerDay) || !strings.HasPrefix(c.Label, "a day") || c.Missed != "" {
		t.Errorf("Figure %q %q (missed %q), want %s a day", c.Figure, c.Label, c.Missed, data.FormatEnergy(b.WhPerDay))
	}
	for _, w := range []string{"half of the tokens within 50 ms", "a peak of 2× the average"} {
		if !strings.Contains(c.Context, w) {
			t.Errorf("Context = %q, want %q in it", c.Context, w)
		}
	}
	cmp, _ := footprint.Readable(footprint.Energy, b.WhPerDay)
	if _, u := cmp.In(b.WhPerDay); !strings.HasPrefix(c.Comparison, "Each day, about ") || !strings.Contains(c.Comparison, u.Many) && !strings.Contains(c.Comparison, u.One) {
		t.Errorf("Comparison = %q, want the readable %s", c.Comparison, u.Many)
	}
	if len(c.Totals) != 0 || !strings.Contains(c.Caveat, "idle capacity included") {
		t.Errorf("GPU only: totals %q, caveat %q", c.Totals, c.Caveat)
	}

	// A footprint: the plan's energy a day at the boundary, its own idle
	// capacity in place of the boundary's share; carbon and cost a day.
	f := footprint.Factors{}.WithBoundary("cloud")
	grid, _ := footprint.Grid.Parse("world")
	f.Grid, f.Price, f.Currency = grid, footprint.Number(0.12), "USD"
	c = PlanCardOf(p, f)
	pf := plan.Footprint(f)
	l := pf.Ladder(b.WhPerDay)
	if l.FacilityWh == f.Ladder(b.WhPerDay).FacilityWh {
		t.Fatal("the test needs a boundary whose idle share counts")
	}
	carbon, _ := pf.Carbon(l)
	// The cloud boundary's idle share gives way to the plan's own: its name
	// would claim a share the figure does not count, so the factors are named.
	if c.Figure != data.FormatEnergy(l.FacilityWh) || c.Label != "a day at the boundary “GPU + host 43%, × PUE 1.09”" || !strings.HasSuffix(c.Title, data.FormatEnergy(l.FacilityWh)+" a day") {
		t.Errorf("Figure %q %q, title %q, want %s a day at the boundary", c.Figure, c.Label, c.Title, data.FormatEnergy(l.FacilityWh))
	}
	if len(c.Totals) != 2 || !strings.HasPrefix(c.Totals[0], "Carbon: "+footprint.FormatCarbon(carbon)+" a day, at ") || !strings.HasPrefix(c.Totals[1], "Cost: ") {
		t.Errorf("Totals = %q, want carbon %s a day and cost", c.Totals, footprint.FormatCarbon(carbon))
	}
	// The range a day: no idle share to spread (the plan's own); the host
	// from EcoLogits' 150 W a GPU over the fleet's average power to 0.43,
	// the PUE 1.09 to 1.56, the world grid 30 to 713 g/kWh; the price held.
	eco := 150 * float64(b.GPUs) / b.PowerW
	low, high := b.WhPerDay*(1+min(eco, 0.43))*1.09, b.WhPerDay*(1+max(eco, 0.43))*1.56
	dash := func(s string) string { return strings.Replace(s, " to ", "–", 1) }
	want = "Published spread a day, not a confidence interval: " +
		dash(footprint.Range{Low: low, High: high}.FormatEnergy()) + ", " +
		dash(footprint.Range{Low: low / 1000 * 30, High: high / 1000 * 713}.Format(footprint.CarbonUnits...)) + ", " +
		dash(footprint.Range{Low: low / 1000 * 0.12, High: high / 1000 * 0.12}.FormatMoney("USD")) + "."
	if c.Range != want || !strings.Contains(c.Alt(), want) {
		t.Errorf("Range = %q\nwant  %q", c.Range, want)
	}
	e := pf.Effective()
	if !strings.Contains(c.Caveat, "× "+data.FormatNumber(roundSig((1+e.Host.Value)*e.PUE.Value, 3))+" ") {
		t.Errorf("Caveat = %q, want the boundary's factor without its idle share", c.Caveat)
	}
	for _, w := range []string{c.Title, c.Figure, c.Comparison, c.Totals[0], c.Caveat, "ML.ENERGY Leaderboard v3"} {
		if !strings.Contains(c.Alt(), w) {
			t.Errorf("Alt lacks %q: %s", w, c.Alt())
		}
	}

	// A PUE alone: the boundary is named by it, and the caveat says that
	// the host is not counted (idle capacity is the plan's own).
	c = PlanCardOf(p, footprint.Factors{PUE: footprint.Number(1.56)})
	if want := "a day at the boundary “GPU × PUE 1.56”"; c.Label != want {
		t.Errorf("PUE 1.56: Label = %q, want %q", c.Label, want)
	}
	if want := "GPU energy with idle capacity × 1.56 for cooling only; network not counted."; c.Caveat != want {
		t.Errorf("PUE 1.56: Caveat = %q, want %q", c.Caveat, want)
	}
	if alt := c.Alt(); strings.Contains(alt, "GPU only") || !strings.Contains(alt, "“GPU × PUE 1.56”") {
		t.Errorf("PUE 1.56: Alt = %q, want the factor named and no preset", alt)
	}

	// No configuration meets the deadline: no figure, the smallest deadline.
	q.DeadlineMS = 1
	p = makePlan(t, s, q, tr)
	c = PlanCardOf(p, f)
	if c.Figure != "" || c.Comparison != "" || len(c.Totals) != 0 || !strings.Contains(c.Missed, data.FormatMS(p.Busy.MinDeadlineMS())) ||
		!strings.HasSuffix(c.Title, "no measured configuration is fast enough") {
		t.Errorf("infeasible card: %+v", c)
	}
}

// The planned comparison's card ranks by the plans' energy a day.
func TestPlanCompareCard(t *testing.T) {
	s := load(t)
	q := data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 40, Percentile: data.P95}
	tr := plan.Traffic{Rate: data.Rate{Tokens: 12e3, Per: data.Second}, Peak: 3}
	rk, err := plan.Compare(s, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	// The least and the most, each planned alone.
	var meets []*plan.Plan
	var names []string
	for _, m := range rk.Models {
		if m.Status() == data.Meets {
			mq := q
			mq.Model = m.Entry.Slug
			meets, names = append(meets, makePlan(t, s, mq, tr)), append(names, m.Entry.Name)
		}
	}
	if len(meets) < 2 {
		t.Fatalf("the test needs two models that meet the deadline, got %d", len(meets))
	}
	least, most := meets[0].Best(), meets[len(meets)-1].Best()
	for _, p := range meets {
		if p.Best().WhPerDay < least.WhPerDay || p.Best().WhPerDay > most.WhPerDay {
			t.Fatalf("the ranking is not by energy a day: %s", p.Busy.Model.Name)
		}
	}
	c := PlanCompareCardOf(rk, &s.Index)
	want := fmt.Sprintf("%s uses the least: %s a day on %d GPUs; the most uses %s× as much.", names[0], data.FormatEnergy(least.WhPerDay),
		least.GPUs, data.FormatRatio(most.WhPerDay/least.WhPerDay))
	if c.Answer != want {
		t.Errorf("Answer = %q, want %q", c.Answer, want)
	}
	if c.Title != "Which Reasoning model serves 1.037B output tokens a day with the least energy on H100?" ||
		!strings.Contains(c.Context, fmt.Sprintf("; %d of 10 models measured on H100 meet", len(meets))) || !strings.Contains(c.Context, "a peak of 3×") {
		t.Errorf("Title %q, Context %q", c.Title, c.Context)
	}
	if sum, want := PlanCompareSummary(rk, &s.Index, footprint.Factors{}, ""), fmt.Sprintf("%d of its 10 models measured on H100 meet the deadline;", len(meets)); !strings.Contains(sum, want) {
		t.Errorf("the summary lacks %q: %s", want, sum)
	}
	q.DeadlineMS = 1
	rk, _ = plan.Compare(s, q, tr)
	if c := PlanCompareCardOf(rk, &s.Index); !strings.HasPrefix(c.Answer, "None of the") {
		t.Errorf("no model meets 1 ms, Answer = %q", c.Answer)
	}
}

// The planned comparison's JSON and CSV carry, for each model, the figures
// of its own plan (plan.Make), the footprint a day past the GPU, and the
// deadline the models that miss it would meet.
func TestPlanComparison(t *testing.T) {
	s := load(t)
	q := data.Query{Task: "gpqa", GPU: data.AnyGPU, DeadlineMS: 15, Percentile: data.P95}
	tr := plan.Traffic{Rate: data.Rate{Tokens: 1e9, Per: data.Day}, Peak: 2, Idle: 70, IdleSet: true}
	rk, err := plan.Compare(s, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	grid, _ := footprint.Grid.Parse("world")
	f.Grid = grid
	b, err := PlanCompareJSON(rk, f)
	if err != nil {
		t.Fatal(err)
	}
	var docs []map[string]any
	if err := json.Unmarshal(b, &docs); err != nil || len(docs) != len(rk.Models) {
		t.Fatalf("%d objects, %v", len(docs), err)
	}
	lines, err := csv.NewReader(bytes.NewReader(PlanCompareCSV(rk, f))).ReadAll()
	if err != nil || len(lines) != len(rk.Models)+1 {
		t.Fatalf("%d CSV lines, %v", len(lines), err)
	}
	head := lines[0]
	col := func(line []string, key string) string {
		for i, k := range head {
			if k == key {
				return line[i]
			}
		}
		t.Fatalf("CSV has no column %s: %v", key, head)
		return ""
	}
	var met, missed int
	for i, r := range rk.Models {
		d, line := docs[i], lines[i+1]
		if d["model"] != r.Entry.Slug || col(line, "model") != r.Entry.Slug || col(line, "rank") != strconv.Itoa(i+1) {
			t.Fatalf("line %d is %v / %v, want %s", i, d["model"], col(line, "model"), r.Entry.Slug)
		}
		switch r.Status() {
		case data.Meets:
			met++
			mq := q
			mq.Model = r.Entry.Slug
			o := makePlan(t, s, mq, tr).Best()
			l := plan.Footprint(f).Ladder(o.WhPerDay)
			carbon, _ := plan.Footprint(f).Carbon(l)
			want := map[string]float64{"gpus": float64(o.GPUs), "replicas": float64(o.Replicas), "energy_kwh_per_day": o.WhPerDay / 1000,
				"idle_watts_per_gpu": 70, "facility_kwh_per_day": l.FacilityWh / 1000, "carbon_g_per_day": carbon}
			for k, w := range want {
				if d[k] != w || col(line, k) != strconv.FormatFloat(w, 'f', -1, 64) {
					t.Errorf("%s %s = %v (JSON), %s (CSV), want %v", r.Entry.Slug, k, d[k], col(line, k), w)
				}
			}
			if sel, _ := d["selected"].(map[string]any); sel["row_id"] != o.Config.RowID || col(line, "row_id") != o.Config.RowID {
				t.Errorf("%s selected %v, want %s", r.Entry.Slug, d["selected"], o.Config.RowID)
			}
		case data.MissesDeadline:
			missed++
			if d["energy_kwh_per_day"] != nil || d["min_deadline_ms"] != r.Result.MinDeadlineMS() || col(line, "gpus") != "" {
				t.Errorf("%s misses the deadline: %v", r.Entry.Slug, d)
			}
		}
	}
	if met == 0 || missed == 0 {
		t.Errorf("the test needs models that meet the deadline and models that miss it: %d, %d", met, missed)
	}
	if got := PlanCompareFilename(rk, "csv"); got != "tokenjoule-plan-gpqa-any-15ms-p95-1B-per-day.csv" {
		t.Errorf("PlanCompareFilename = %q", got)
	}
	sum := PlanCompareSummary(rk, &s.Index, f, "https://example.org/compare")
	first := rk.Models[0]
	for _, w := range []string{"1B output tokens a day", "1. " + first.Entry.Name + ", " + data.FormatEnergy(first.Plan.Best().WhPerDay) + " a day on",
		"Missing the deadline", plan.Caveat, "https://example.org/compare", "; footprint " + data.FormatEnergy(plan.Footprint(f).Ladder(first.Plan.Best().WhPerDay).FacilityWh) + " a day, ",
		"widened to"} {
		if !strings.Contains(sum, w) {
			t.Errorf("the summary lacks %q: %s", w, sum)
		}
	}
}
