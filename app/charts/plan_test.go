package charts

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/plan"
)

// planOption is the part of a plan chart's option the tests read.
type planOption struct {
	BaseOption struct {
		Series []struct {
			Name string `json:"name"`
			Step string `json:"step"`
			Data []struct {
				Name  string    `json:"name"`
				Value []float64 `json:"value"`
			} `json:"data"`
			MarkLine *struct {
				Data []struct {
					XAxis float64 `json:"xAxis"`
				} `json:"data"`
			} `json:"markLine"`
		} `json:"series"`
		XAxis []struct {
			Min, Max float64
		} `json:"xAxis"`
		YAxis []struct {
			Name        string `json:"name"`
			MinInterval int    `json:"minInterval"`
		} `json:"yAxis"`
	} `json:"baseOption"`
	Media []any `json:"media"`
}

// TestPlanCharts checks that the charts draw the plan at every deadline as
// plan.Steps has it, the steady-state figure, the deadline and the plan
// chosen at it, and describe it in words.
func TestPlanCharts(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	q := data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: data.AnyGPU, DeadlineMS: 50, Percentile: data.P50}
	p, err := plan.Make(set, q, plan.DefaultTraffic())
	if err != nil {
		t.Fatal(err)
	}
	pc := NewPlanChart(p)
	if len(pc.Steps) < 3 {
		t.Fatalf("the test needs a few steps: %d", len(pc.Steps))
	}
	for name, build := range map[string]func(PlanChart) ([]byte, error){"energy": PlanEnergy, "gpus": PlanGPUs} {
		b, err := build(pc)
		if err != nil {
			t.Fatal(err)
		}
		var o planOption
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		series := map[string]int{}
		for i, s := range o.BaseOption.Series {
			series[s.Name] = i
		}
		main := SeriesPlanEnergy
		if name == "gpus" {
			main = SeriesPlanGPUs
		}
		s := o.BaseOption.Series[series[main]]
		if s.Step != "end" || len(s.Data) != len(pc.Steps)+1 {
			t.Fatalf("%s: %d points, step %q; want %d steps and the axis' end", name, len(s.Data), s.Step, len(pc.Steps))
		}
		for i, st := range pc.Steps {
			want := float64(st.GPUs)
			if name == "energy" {
				want = sig4(st.WhPerDay / 1000) // kWh, for this plan's figures
			}
			if d := s.Data[i]; d.Value[0] != st.DeadlineMS || d.Value[1] != want || !strings.Contains(d.Name, st.Config.RowID) {
				t.Errorf("%s: point %d = %v %q, want %v ms, %v, %s", name, i, d.Value, d.Name, st.DeadlineMS, want, st.Config.RowID)
			}
		}
		if end := s.Data[len(s.Data)-1].Value[0]; end != o.BaseOption.XAxis[0].Max {
			t.Errorf("%s: the last step ends at %v, the axis at %v", name, end, o.BaseOption.XAxis[0].Max)
		}
		dl, ok := series[SeriesDeadline(data.Tokens, 50)]
		if !ok || o.BaseOption.Series[dl].MarkLine == nil || o.BaseOption.Series[dl].MarkLine.Data[0].XAxis != 50 {
			t.Errorf("%s: no deadline line at 50 ms", name)
		}
		sel, ok := series[SeriesSelected]
		if !ok || !strings.Contains(o.BaseOption.Series[sel].Data[0].Name, p.Best().Config.RowID) {
			t.Errorf("%s: the chosen plan %s is not marked", name, p.Best().Config.RowID)
		}
		if len(o.Media) == 0 {
			t.Errorf("%s: no layout per width", name)
		}
		if name == "energy" {
			if o.BaseOption.YAxis[0].Name != "Energy a day (kWh)" {
				t.Errorf("energy: y axis %q", o.BaseOption.YAxis[0].Name)
			}
			busy := o.BaseOption.Series[series[SeriesPlanBusy]]
			// At the deadline, the busy line is the calculator's figure.
			var at float64
			for _, d := range busy.Data {
				if d.Value[0] <= 50 {
					at = d.Value[1]
				}
			}
			if at != sig4(p.BusyWhPerDay()/1000) {
				t.Errorf("energy: the busy line at 50 ms is %v kWh, the calculator's figure %v", at, p.BusyWhPerDay()/1000)
			}
		} else if o.BaseOption.YAxis[0].MinInterval != 1 {
			t.Errorf("gpus: the axis counts in fractions of a GPU")
		}
	}
	if d := DescribePlanEnergy(pc); !strings.Contains(d, data.FormatEnergy(p.Best().WhPerDay)+" a day") || !strings.Contains(d, "50 ms") {
		t.Errorf("DescribePlanEnergy = %q", d)
	}
	if d := DescribePlanGPUs(pc); !strings.Contains(d, "2 GPUs") {
		t.Errorf("DescribePlanGPUs = %q", d)
	}
	// A deadline nothing meets: the steps are drawn, nothing is marked.
	q.DeadlineMS = 2
	p, _ = plan.Make(set, q, plan.DefaultTraffic())
	b, err := PlanEnergy(NewPlanChart(p))
	if err != nil || strings.Contains(string(b), `"name":"`+SeriesSelected+`"`) {
		t.Errorf("a deadline nothing meets: %v, selected marked: %v", err, strings.Contains(string(b), SeriesSelected))
	}
}

// The planned ranking's bars leave room on the right for their labels,
// energy and GPUs, which are longer than the ranking's by a volume.
func TestPlanRankingLabels(t *testing.T) {
	set := load(t)
	q := data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 40, Percentile: data.P95}
	rk, err := plan.Compare(set, q, plan.Traffic{Rate: data.Rate{Tokens: 12e3, Per: data.Second}, Peak: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := PlanRanking(data.Printer{}, rk, "")
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		BaseOption struct {
			Grid []struct {
				Right string `json:"right"`
			} `json:"grid"`
			Series []struct {
				Data []struct {
					Value float64 `json:"value"`
					Label struct {
						Formatter string `json:"formatter"`
					} `json:"label"`
				} `json:"data"`
			} `json:"series"`
		} `json:"baseOption"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	right, _ := strconv.Atoi(o.BaseOption.Grid[0].Right)
	d := o.BaseOption.Series[0].Data
	longest := d[len(d)-1] // least energy first
	if w := textWidth(longest.Label.Formatter); float64(right) < w {
		t.Errorf("%d px on the right of the bars for the longest bar's label %q, %.0f px wide", right, longest.Label.Formatter, w)
	}
}
