package charts

import (
	"encoding/json"
	"math"
	"slices"
	"testing"
)

// The batch and power charts' x axes pass the data's ends, at every width
// the layout is worked out for, so that no point sits on the plot's edge
// (half its symbol cut), while their labels stay at the powers of two;
// the power chart's axes start at zero.
func TestNoPointAtAnEnd(t *testing.T) {
	set := load(t)
	type xAxis struct {
		Min, Max  float64
		AxisLabel struct {
			CustomValues []float64 `json:"customValues"`
		} `json:"axisLabel"`
		AxisTick struct {
			CustomValues []float64 `json:"customValues"`
		} `json:"axisTick"`
	}
	var o struct {
		BaseOption struct {
			XAxis []xAxis `json:"xAxis"`
			YAxis []struct {
				Name string
				Min  *float64
			} `json:"yAxis"`
			Series []struct {
				Name string `json:"name"`
				Data []struct {
					Value []float64 `json:"value"`
				} `json:"data"`
			} `json:"series"`
		} `json:"baseOption"`
		Media []struct {
			Query struct {
				MinWidth float64 `json:"minWidth"`
			} `json:"query"`
			Option struct {
				XAxis []xAxis `json:"xAxis"`
			} `json:"option"`
		} `json:"media"`
	}
	for _, q := range queries(set, true, 500) {
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		for _, bl := range builders[1:] { // the batch and the power charts
			b, err := bl.build(r)
			if err != nil {
				t.Fatal(err)
			}
			o.BaseOption.YAxis, o.Media = nil, nil
			if err := json.Unmarshal(b, &o); err != nil {
				t.Fatal(err)
			}
			lo, hi := math.Inf(1), 0.0
			for _, s := range o.BaseOption.Series {
				for _, d := range s.Data {
					lo, hi = min(lo, d.Value[0]), max(hi, d.Value[0])
				}
			}
			// The powers of two from the one at or below the least batch
			// to the one at or above the largest.
			var powers []float64
			for v := math.Exp2(math.Floor(math.Log2(lo))); v <= math.Exp2(math.Ceil(math.Log2(hi))); v *= 2 {
				powers = append(powers, v)
			}
			rules := []struct {
				width float64
				x     xAxis
			}{{narrowest, o.BaseOption.XAxis[0]}}
			for _, m := range o.Media {
				rules = append(rules, struct {
					width float64
					x     xAxis
				}{max(m.Query.MinWidth, narrowest), m.Option.XAxis[0]})
			}
			for _, rule := range rules {
				x := rule.x
				// The room beyond each end, as a share of the axis: at
				// least endRoom px of the chart's width (its plot, narrower,
				// needs more).
				span := math.Log(x.Max / x.Min)
				if room := min(math.Log(lo/x.Min), math.Log(x.Max/hi)) / span; !(room >= endRoom/rule.width) {
					t.Errorf("%s %+v at %v px: the x axis %v–%v leaves %.3f of itself beyond the points %v–%v, want %.3f", bl.name, q, rule.width, x.Min, x.Max, room, lo, hi, endRoom/rule.width)
				}
				if !slices.Equal(x.AxisLabel.CustomValues, powers) || !slices.Equal(x.AxisTick.CustomValues, powers) {
					t.Errorf("%s %+v at %v px: labels at %v, ticks at %v, want the powers of two %v", bl.name, q, rule.width, x.AxisLabel.CustomValues, x.AxisTick.CustomValues, powers)
				}
			}
			if bl.name != "PowerThroughput" {
				continue
			}
			for _, y := range o.BaseOption.YAxis {
				if y.Min == nil || *y.Min != 0 {
					t.Errorf("%s %+v: the y axis %q starts at %v, not 0", bl.name, q, y.Name, y.Min)
				}
			}
		}
	}
	// No curve is drawn in the selected marker's colour.
	if slices.Contains(palette, selectedColor) {
		t.Errorf("the palette %v holds the selected marker's colour %s", palette, selectedColor)
	}
}
