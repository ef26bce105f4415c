package charts

import (
	"encoding/json"
	"testing"

	"tokenjoule/data"
)

// option is the part of an ECharts option the tests look at.
type option struct {
	XAxis []struct {
		Type    string  `json:"type"`
		LogBase float64 `json:"logBase"`
	} `json:"xAxis"`
	Series []struct {
		Name       string `json:"name"`
		Type       string `json:"type"`
		YAxisIndex int    `json:"yAxisIndex"`
		Data       []struct {
			Name  string    `json:"name"`
			Value []float64 `json:"value"`
		} `json:"data"`
	} `json:"series"`
}

func TestCharts(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	r, err := set.Select(data.DefaultQuery())
	if err != nil {
		t.Fatal(err)
	}
	s := r.Selected
	curves := r.Model.Curves(data.AnyGPU, data.P50, 500)
	for _, tc := range []struct {
		name    string
		build   func(*data.Result) ([]byte, error)
		log2    bool
		perGPU  int // series per curve
		picked  [][]float64
		extraes int
	}{
		{"EnergyLatency", EnergyLatency, false, 2, [][]float64{{float64(s.MedianITL), float64(s.JoulesPerToken)}}, 2},
		{"EnergyConcurrency", EnergyConcurrency, true, 2, [][]float64{{float64(s.MaxNumSeqs), float64(s.JoulesPerToken)}}, 1},
		{"PowerThroughput", PowerThroughput, true, 4, [][]float64{{float64(s.MaxNumSeqs), float64(s.PowerWatts)}, {float64(s.MaxNumSeqs), float64(s.TokensPerSecond)}}, 2},
	} {
		b, err := tc.build(r)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var o option
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got, want := len(o.Series), tc.perGPU*len(curves)+tc.extraes; got != want {
			t.Errorf("%s: %d series, want %d", tc.name, got, want)
		}
		if tc.log2 && (o.XAxis[0].Type != "log" || o.XAxis[0].LogBase != 2) {
			t.Errorf("%s: x axis %+v, want log base 2", tc.name, o.XAxis[0])
		}
		var picked [][]float64
		for _, se := range o.Series {
			if se.Name == SeriesSelected {
				if len(se.Data) != 1 || se.Data[0].Name != describe(s, data.P50) {
					t.Errorf("%s: selected series %+v", tc.name, se)
				}
				picked = append(picked, se.Data[0].Value)
			}
		}
		if len(picked) != len(tc.picked) {
			t.Fatalf("%s: selected points %v, want %v", tc.name, picked, tc.picked)
		}
		for i := range picked {
			if picked[i][0] != tc.picked[i][0] || picked[i][1] != tc.picked[i][1] {
				t.Errorf("%s: selected point %v, want %v", tc.name, picked[i], tc.picked[i])
			}
		}
	}
}

// BenchmarkCharts is the work behind every change of an input but the token
// volume: the three options for the default query.
func BenchmarkCharts(b *testing.B) {
	set, err := data.Load()
	if err != nil {
		b.Fatal(err)
	}
	r, err := set.Select(data.DefaultQuery())
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, build := range []func(*data.Result) ([]byte, error){EnergyLatency, EnergyConcurrency, PowerThroughput} {
			if _, err := build(r); err != nil {
				b.Fatal(err)
			}
		}
	}
}
