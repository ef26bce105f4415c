package state

import (
	"net/url"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/plan"
)

func TestParsePlan(t *testing.T) {
	set := load(t)
	for _, tc := range []struct {
		raw     string
		rate    data.Rate
		peak    float64
		idle    float64 // -1: not set
		notices string  // the params refused
	}{
		{"", data.Rate{Tokens: 1e9, Per: data.Day}, 2, -1, ""},
		{"rate=12k/s&peak=3&idle_w=70", data.Rate{Tokens: 12000, Per: data.Second}, 3, 70, ""},
		{"rate=12k%2Fs", data.Rate{Tokens: 12000, Per: data.Second}, 2, -1, ""},
		{"rate=1B+per+day&idle_w=b200", data.Rate{Tokens: 1e9, Per: data.Day}, 2, 233.6, ""},
		{"rate=0/day&peak=0.5&idle_w=2000", data.Rate{Tokens: 1e9, Per: data.Day}, 2, -1, "rate,peak,idle_w"},
		{"rate=2e15/day", data.Rate{Tokens: 1e9, Per: data.Day}, 2, -1, "rate"},
		{"rate=1B", data.Rate{Tokens: 1e9, Per: data.Day}, 2, -1, "rate"},
		// The calculator's volume is not the plan's: ignored, even refused.
		{"tokens=lots&rate=5M/h", data.Rate{Tokens: 5e6, Per: data.Hour}, 2, -1, ""},
		{"task=nope&rate=x", data.Rate{Tokens: 1e9, Per: data.Day}, 2, -1, "task,rate"},
	} {
		v, _ := url.ParseQuery(tc.raw)
		q, tr, notices := ParsePlan(set, v)
		var params []string
		for _, n := range notices {
			params = append(params, n.Param)
			if n.Param != "" && !strings.Contains(n.Message, n.Param+"=") {
				t.Errorf("ParsePlan(%q): the notice %q does not name its parameter", tc.raw, n.Message)
			}
		}
		if strings.Join(params, ",") != tc.notices {
			t.Errorf("ParsePlan(%q) notices for %v, want %v", tc.raw, params, tc.notices)
		}
		idle := -1.0
		if tr.IdleSet {
			idle = tr.Idle
		}
		if tr.Rate != tc.rate || tr.Peak != tc.peak || idle != tc.idle {
			t.Errorf("ParsePlan(%q) = %+v, want %v, peak %v, idle %v", tc.raw, tr, tc.rate, tc.peak, tc.idle)
		}
		if _, err := plan.Make(set, q, tr); err != nil {
			t.Errorf("ParsePlan(%q) = %+v, %+v, which plan.Make refuses: %v", tc.raw, q, tr, err)
		}
		// The page's own URL reads back to the same question, without notices.
		s := PlanString(q, tr)
		if strings.Contains(s, "tokens=") || !strings.Contains(s, "rate="+data.FormatRate(tr.Rate)) {
			t.Errorf("PlanString(%+v) = %q", tr, s)
		}
		v2, _ := url.ParseQuery(s)
		if q2, t2, n2 := ParsePlan(set, v2); q2 != q || t2 != tr || len(n2) != 0 {
			t.Errorf("PlanString = %q reads back as %+v, %+v, %v", s, q2, t2, n2)
		}
	}
}

func TestParseTrafficGiven(t *testing.T) {
	for raw, want := range map[string]bool{"": false, "peak=3": false, "rate=1B/day": true, "rate=x": true} {
		v, _ := url.ParseQuery(raw)
		if _, given, _ := ParseTraffic(v); given != want {
			t.Errorf("ParseTraffic(%q) given = %v, want %v", raw, given, want)
		}
	}
}

func TestParsePlanHidden(t *testing.T) {
	for raw, want := range map[string]string{
		"hide=traffic":           "traffic",
		"hide=rate,peak":         "traffic",
		"hide=tokens":            "traffic",
		"hide=task,model,idle_w": "task,model,traffic",
		"hide=all":               "all",
	} {
		v, _ := url.ParseQuery(raw)
		h, notices := ParsePlanHidden(v)
		got := strings.TrimPrefix(PlanEmbedString(data.DefaultQuery(), plan.DefaultTraffic(), Embed{Hidden: h}), PlanString(data.DefaultQuery(), plan.DefaultTraffic())+"&hide=")
		if got != want || len(notices) != 0 {
			t.Errorf("ParsePlanHidden(%q) writes hide=%s, %v; want %s", raw, got, notices, want)
		}
	}
	v, _ := url.ParseQuery("hide=volume")
	if _, notices := ParsePlanHidden(v); len(notices) != 1 || !strings.Contains(notices[0].Message, "p, traffic or all") {
		t.Errorf("hide=volume: %v", notices)
	}
}

// FuzzParsePlan: whatever the query string, the plan page gets a question
// plan.Make answers, and its own URL reads back to it.
func FuzzParsePlan(f *testing.F) {
	set := load(f)
	for _, s := range []string{"", "rate=12k/s&peak=3&idle_w=70", "rate=0/day&peak=0.5&idle_w=2000", "rate=%zz", "idle_w=h100&rate=1B+per+day",
		"peak=1e400", "rate=1e15/s", "task=gpqa&model=deepseek-v3-1&gpu=H100&rate=1/s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, _ := ParseQuery(raw)
		q, tr, _ := ParsePlan(set, v)
		if _, err := plan.Make(set, q, tr); err != nil {
			t.Fatalf("ParsePlan(%q) = %+v, %+v, which plan.Make refuses: %v", raw, q, tr, err)
		}
		v2, _ := url.ParseQuery(PlanString(q, tr))
		if q2, t2, n2 := ParsePlan(set, v2); q2 != q || t2 != tr || len(n2) != 0 {
			t.Fatalf("%q: PlanString reads back as %+v, %+v, %v", raw, q2, t2, n2)
		}
	})
}

func TestParsePlanEmbed(t *testing.T) {
	q, tr := data.DefaultQuery(), plan.DefaultTraffic()
	for _, tc := range []struct {
		raw     string
		want    Embed
		str     string   // PlanEmbedString's embed part
		refused []string // parameters with a notice
	}{
		{"", Embed{}, "", nil},
		{"layout=card&theme=dark", Embed{Layout: LayoutCard, Theme: "dark"}, "layout=card&theme=dark", nil},
		{"layout=chart", Embed{Layout: LayoutChart, Chart: "energy"}, "layout=chart&chart=energy", nil},
		{"layout=chart&chart=GPUs", Embed{Layout: LayoutChart, Chart: "gpus"}, "layout=chart&chart=gpus", nil},
		// The calculator's charts are not the plan's.
		{"layout=chart&chart=latency", Embed{Layout: LayoutChart, Chart: "energy"}, "layout=chart&chart=energy", []string{ParamChart}},
		{"hide=rate,model", Embed{Hidden: hideOf(t, "model,tokens")}, "hide=model,traffic", nil},
		{"layout=poster&hide=volume", Embed{}, "", []string{ParamLayout, ParamHide}},
	} {
		v, _ := url.ParseQuery(tc.raw)
		e, notices := ParsePlanEmbed(v)
		got := strings.TrimPrefix(strings.TrimPrefix(PlanEmbedString(q, tr, e), PlanString(q, tr)), "&")
		if e != tc.want || got != tc.str {
			t.Errorf("ParsePlanEmbed(%q) = %+v (%q), want %+v (%q)", tc.raw, e, got, tc.want, tc.str)
		}
		var refused []string
		for _, n := range notices {
			refused = append(refused, n.Param)
		}
		if strings.Join(refused, ",") != strings.Join(tc.refused, ",") {
			t.Errorf("ParsePlanEmbed(%q) refuses %q, want %q", tc.raw, refused, tc.refused)
		}
		// What the page writes reads back to the same embed.
		v2, _ := url.ParseQuery(PlanEmbedString(q, tr, e))
		if e2, n2 := ParsePlanEmbed(v2); e2 != e || len(n2) != 0 {
			t.Errorf("%q reads back as %+v, %v", PlanEmbedString(q, tr, e), e2, n2)
		}
	}
	v, _ := url.ParseQuery("layout=chart&chart=pie")
	if _, n := ParsePlanEmbed(v); len(n) != 1 || !strings.Contains(n[0].Message, "(use energy or gpus); showing the energy chart instead") {
		t.Errorf("chart=pie: %v", n)
	}
}

func hideOf(t *testing.T, raw string) Hidden {
	t.Helper()
	h, n := ParseHidden(url.Values{ParamHide: {raw}})
	if len(n) != 0 {
		t.Fatal(n)
	}
	return h
}
