package charts

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tokenjoule/data"
)

// option is the part of an ECharts option the tests look at.
type option struct {
	BaseOption struct {
		XAxis  []axis `json:"xAxis"`
		YAxis  []axis `json:"yAxis"`
		Grid   grids  `json:"grid"`
		Legend []struct {
			Type string `json:"type"`
			Data []struct {
				Name string `json:"name"`
				Icon string `json:"icon"`
			} `json:"data"`
			SelectedMode *bool   `json:"selectedMode"`
			Top          float64 `json:"top"`
		} `json:"legend"`
		Tooltip struct {
			Formatter string `json:"formatter"`
		} `json:"tooltip"`
		Series []series `json:"series"`
	} `json:"baseOption"`
	Media []struct {
		Query struct {
			MinWidth float64 `json:"minWidth"`
			MaxWidth float64 `json:"maxWidth"`
		} `json:"query"`
		Option struct {
			Grid   grids            `json:"grid"`
			Legend []map[string]any `json:"legend"`
		} `json:"option"`
	} `json:"media"`
}

// grids is an option's grid: one, or a list of them.
type grids []struct {
	Top    float64 `json:"top"`
	Height float64 `json:"height"`
	Left   float64 `json:"left"`
}

func (g *grids) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		b = append(append([]byte{'['}, b...), ']')
	}
	return json.Unmarshal(b, (*[]struct {
		Top    float64 `json:"top"`
		Height float64 `json:"height"`
		Left   float64 `json:"left"`
	})(g))
}

type axis struct {
	Type      string   `json:"type"`
	Name      string   `json:"name"`
	LogBase   float64  `json:"logBase"`
	Min       *float64 `json:"min"`
	Max       float64  `json:"max"`
	GridIndex int      `json:"gridIndex"`
}

type series struct {
	Name       string `json:"name"`
	Type       string `json:"type"`
	XAxisIndex int    `json:"xAxisIndex"`
	YAxisIndex int    `json:"yAxisIndex"`
	Data       []struct {
		Name  string    `json:"name"`
		Value []float64 `json:"value"`
	} `json:"data"`
	Label *struct {
		Show      bool   `json:"show"`
		Formatter string `json:"formatter"`
	} `json:"label"`
	LineStyle struct {
		Type  string `json:"type"`
		Color string `json:"color"`
	} `json:"lineStyle"`
	MarkLine *struct {
		Data []struct {
			XAxis float64 `json:"xAxis"`
		} `json:"data"`
	} `json:"markLine"`
}

// names lists a legend's entries.
func (o option) names(i int) []string {
	var n []string
	for _, d := range o.BaseOption.Legend[i].Data {
		n = append(n, d.Name)
	}
	return n
}

func parse(t *testing.T, name string, b []byte) option {
	t.Helper()
	var o option
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, b)
	}
	return o
}

var builders = []struct {
	name     string
	build    func(*data.Result) ([]byte, error)
	describe func(*data.Result) string
	title    string
}{
	{"EnergyLatency", EnergyLatency, DescribeEnergyLatency, TitleEnergyLatency},
	{"EnergyConcurrency", EnergyConcurrency, DescribeEnergyConcurrency, TitleEnergyConcurrency},
	{"PowerThroughput", PowerThroughput, DescribePowerThroughput, TitlePowerThroughput},
}

func load(t testing.TB) *data.Set {
	t.Helper()
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// queries is every workload and model at each of the deadlines, with the
// percentiles taken in turn; with eachGPU, also on each of the model's GPUs
// alone. (Every combination of percentile too would be four times the
// work, which the race detector makes slow, for nothing the percentile
// changes in a chart but which latencies are plotted.)
func queries(set *data.Set, eachGPU bool, deadlines ...float64) []data.Query {
	var qs []data.Query
	for _, w := range set.Index.Workloads {
		for _, m := range w.Models {
			gpus := []string{data.AnyGPU}
			if eachGPU {
				gpus = append(gpus, m.GPUs...)
			}
			for _, g := range gpus {
				for _, d := range deadlines {
					p := data.Percentiles[len(qs)%len(data.Percentiles)]
					if w.Kind().Diffusion() {
						// The same numbers in the kind's unit: seconds.
						d *= 1000
					}
					qs = append(qs, data.Query{Task: w.ID, Model: m.Slug, GPU: g, Percentile: p, DeadlineMS: d, Tokens: 1e6})
				}
			}
		}
	}
	return qs
}

func TestCharts(t *testing.T) {
	set := load(t)
	r, err := set.Select(data.DefaultQuery())
	if err != nil {
		t.Fatal(err)
	}
	s := r.Selected
	curves := r.Model.Curves(data.AnyGPU, data.P50, 500)
	for _, tc := range []struct {
		name   string
		build  func(*data.Result) ([]byte, error)
		log2   bool
		perGPU int // series per curve
		picked [][]float64
		extras int
	}{
		// The frontier, the deadline and the selected point.
		// Its latency is the measured one: the deadline is compared with it.
		{"EnergyLatency", EnergyLatency, false, 2, [][]float64{{s.Measured.ITL[0], float64(s.JoulesPerToken)}}, 3},
		{"EnergyConcurrency", EnergyConcurrency, true, 2, [][]float64{{float64(s.MaxNumSeqs), float64(s.JoulesPerToken)}}, 1},
		// Two selected points, one in each panel.
		{"PowerThroughput", PowerThroughput, true, 4, [][]float64{{float64(s.MaxNumSeqs), float64(s.PowerWatts)}, {float64(s.MaxNumSeqs), float64(s.TokensPerSecond)}}, 2},
	} {
		b, err := tc.build(r)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		o := parse(t, tc.name, b).BaseOption
		if got, want := len(o.Series), tc.perGPU*len(curves)+tc.extras; got != want {
			t.Errorf("%s: %d series, want %d", tc.name, got, want)
		}
		if x := o.XAxis[0]; x.Type != "log" || (tc.log2 && x.LogBase != 2) {
			t.Errorf("%s: x axis %+v, want log, base 2: %v", tc.name, x, tc.log2)
		}
		var picked [][]float64
		for _, se := range o.Series {
			if se.Name == SeriesSelected {
				if len(se.Data) != 1 || !strings.Contains(se.Data[0].Name, s.RowID) {
					t.Errorf("%s: selected series %+v", tc.name, se)
				}
				picked = append(picked, se.Data[0].Value)
			}
		}
		if len(picked) != len(tc.picked) {
			t.Fatalf("%s: selected points %v, want %v", tc.name, picked, tc.picked)
		}
		for i := range picked {
			if !slices.Equal(picked[i], tc.picked[i]) {
				t.Errorf("%s: selected point %v, want %v", tc.name, picked[i], tc.picked[i])
			}
		}
	}
}

// The latency axis holds every point and the deadline, and no more than the
// next 1, 3, 10, 30… beyond them; the deadline's line is drawn at the
// deadline and named in the legend.
func TestLatencyAxisHoldsDeadline(t *testing.T) {
	set := load(t)
	checked := 0
	videoChat500 := 0
	for _, q := range queries(set, true, 0.5, 25, 500, 60000) {
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		b, err := EnergyLatency(r)
		if err != nil {
			t.Fatal(err)
		}
		opt := parse(t, "EnergyLatency", b)
		o := opt.BaseOption
		x := o.XAxis[0]
		if x.Min == nil {
			t.Fatalf("%+v: the x axis has no min", q)
		}
		xMin := *x.Min
		// In the axis' unit: ms for tokens, s for images and videos.
		unit, unitName := 1.0, formatMS(q.DeadlineMS)+" ms"
		if r.Kind.Diffusion() {
			unit, unitName = 1000, formatMS(q.DeadlineMS/1000)+" s"
		}
		deadline := q.DeadlineMS / unit
		lo, hi := deadline, deadline
		for _, c := range r.Model.Configurations {
			if q.GPU == data.AnyGPU || c.GPU == q.GPU {
				v := q.Percentile.ITL(&c) + float64(c.BatchLatencyS)
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		if !(xMin <= lo && hi <= x.Max) {
			t.Errorf("%+v: x axis %v–%v, want it to hold %v–%v (deadline %v)", q, xMin, x.Max, lo, hi, deadline)
		}
		// The deadline's line is clear of both ends, not drawn over an axis.
		if !(xMin < deadline/1.05 && deadline*1.05 < x.Max) {
			t.Errorf("%+v: the deadline %v is at an end of the x axis %v–%v", q, deadline, xMin, x.Max)
		}
		// "Fits": within a factor 10/3 of the data on either side (and of
		// the tenth of room left around the deadline).
		lo, hi = math.Min(lo, deadline/1.1), math.Max(hi, deadline*1.1)
		if xMin < lo*0.3*(1-1e-9) || x.Max > hi/0.3*(1+1e-9) {
			t.Errorf("%+v: x axis %v–%v is loose around %v–%v", q, xMin, x.Max, lo, hi)
		}
		var line []float64
		name := ""
		for _, se := range o.Series {
			if se.MarkLine != nil {
				name = se.Name
				for _, d := range se.MarkLine.Data {
					line = append(line, d.XAxis)
				}
			}
		}
		if !slices.Equal(line, []float64{deadline}) || !strings.HasSuffix(name, " "+unitName) {
			t.Errorf("%+v: deadline line at %v in series %q", q, line, name)
		}
		if !slices.Contains(opt.names(0), name) {
			t.Errorf("%+v: the legend %q does not name the deadline's line %q", q, opt.names(0), name)
		}
		if q.Task == "video-chat" && q.DeadlineMS == 500 {
			videoChat500++
		}
		checked++
	}
	if videoChat500 == 0 {
		t.Error("no video-chat query at 500 ms was checked")
	}
	t.Logf("%d queries, %d of them video chat at 500 ms", checked, videoChat500)
}

// Every legend wraps rather than pages, lists every curve and the selected
// point, and leaves the plot room for its rows at every width.
func TestLegends(t *testing.T) {
	set := load(t)
	for _, q := range queries(set, false, 0.5, 500) {
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, cv := range r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS) {
			want = append(want, fmt.Sprintf("%s × %d", cv.GPU, cv.NumGPUs))
		}
		for _, bl := range builders {
			b, err := bl.build(r)
			if err != nil {
				t.Fatal(err)
			}
			o := parse(t, bl.name, b)
			for i, l := range o.BaseOption.Legend {
				if l.Type != "plain" {
					t.Fatalf("%s %+v: legend %d is %q, want plain (a scroll legend pages on a phone)", bl.name, q, i, l.Type)
				}
			}
			names := o.names(0)
			for _, n := range want {
				if !slices.Contains(names, n) {
					t.Errorf("%s %+v: legend %q lacks %q", bl.name, q, names, n)
				}
			}
			if has := slices.Contains(names, SeriesSelected); has != (r.Selected != nil) {
				t.Errorf("%s %+v: legend %q names the selected point: %v, but a configuration is selected: %v", bl.name, q, names, has, r.Selected != nil)
			}
			// The grid's top sits below every legend row: more names, more rows.
			rows := map[float64]float64{}
			for _, m := range o.Media {
				if m.Option.Grid[0].Top < 40 {
					t.Errorf("%s %+v: grid top %v at widths %v–%v leaves no room for a legend row and the axis names", bl.name, q, m.Option.Grid[0].Top, m.Query.MinWidth, m.Query.MaxWidth)
				}
				rows[m.Query.MinWidth] = m.Option.Grid[0].Top
			}
			// Narrower charts never get less room above the plot.
			var widths []float64
			for w := range rows {
				widths = append(widths, w)
			}
			slices.Sort(widths)
			for i := 1; i < len(widths); i++ {
				if rows[widths[i]] > rows[widths[i-1]] {
					t.Errorf("%s %+v: grid top %v at %v px, more than %v at %v px", bl.name, q, rows[widths[i]], widths[i], rows[widths[i-1]], widths[i-1])
				}
			}
		}
	}
}

// The media rules cover every width once, so that a resize always lands on
// exactly one layout.
func TestMediaCoverEveryWidth(t *testing.T) {
	set := load(t)
	r, err := set.Select(data.Query{Task: "video-chat", Model: "qwen-3-vl-235b-a22b-instruct-fp8", GPU: data.AnyGPU, Percentile: data.P99, DeadlineMS: 500, Tokens: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, bl := range builders {
		b, err := bl.build(r)
		if err != nil {
			t.Fatal(err)
		}
		o := parse(t, bl.name, b)
		for w := 0.0; w <= 2000; w++ {
			n := 0
			for _, m := range o.Media {
				if w >= m.Query.MinWidth && (m.Query.MaxWidth == 0 || w <= m.Query.MaxWidth) {
					n++
				}
			}
			// Fractional widths fall between rules; ECharts compares with
			// whole pixels of the container.
			if n != 1 {
				t.Fatalf("%s: width %v matches %d media rules, want 1: %+v", bl.name, w, n, o.Media)
			}
		}
	}
}

// Every point's tooltip names its configuration, its figures and its
// dataset row; the row is found from the point's coordinates, not from the
// tooltip.
func TestTooltips(t *testing.T) {
	set := load(t)
	for _, q := range queries(set, false, 25) {
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		// The configurations at each chart's coordinates.
		at := map[string]map[[2]float64][]*data.Config{}
		for i := range r.Model.Configurations {
			c := &r.Model.Configurations[i]
			if q.GPU != data.AnyGPU && c.GPU != q.GPU {
				continue
			}
			coords := map[string][2]float64{
				"EnergyLatency/0":     {q.Percentile.ITL(c), float64(c.JoulesPerToken)},
				"EnergyConcurrency/0": {float64(c.MaxNumSeqs), float64(c.JoulesPerToken)},
				"PowerThroughput/0":   {float64(c.MaxNumSeqs), float64(c.PowerWatts)},
				"PowerThroughput/1":   {float64(c.MaxNumSeqs), float64(c.TokensPerSecond)},
			}
			if c.Diffusion() {
				// Seconds (measured, whole microseconds), images or videos, batch sizes.
				coords = map[string][2]float64{
					"EnergyLatency/0":     {math.Round(c.Measured.BatchLatency*1000) / 1e6, float64(c.JoulesPerItem)},
					"EnergyConcurrency/0": {float64(c.BatchSize), float64(c.JoulesPerItem)},
					"PowerThroughput/0":   {float64(c.BatchSize), float64(c.PowerWatts)},
					"PowerThroughput/1":   {float64(c.BatchSize), float64(c.ItemsPerSecond)},
				}
			}
			for name, v := range coords {
				if at[name] == nil {
					at[name] = map[[2]float64][]*data.Config{}
				}
				at[name][v] = append(at[name][v], c)
			}
		}
		for _, bl := range builders {
			b, err := bl.build(r)
			if err != nil {
				t.Fatal(err)
			}
			o := parse(t, bl.name, b).BaseOption
			if o.Tooltip.Formatter != "{b}" {
				t.Fatalf("%s: tooltip formatter %q, want the data item's name, {b}", bl.name, o.Tooltip.Formatter)
			}
			points := 0
			for _, se := range o.Series {
				for _, d := range se.Data {
					points++
					cs := at[fmt.Sprintf("%s/%d", bl.name, se.YAxisIndex)][[2]float64{d.Value[0], d.Value[1]}]
					if len(cs) == 0 {
						t.Fatalf("%s %+v: point %v of %q is no configuration", bl.name, q, d.Value, se.Name)
					}
					if !slices.ContainsFunc(cs, func(c *data.Config) bool {
						if c.Diffusion() {
							k := r.Kind
							return strings.Contains(d.Name, c.RowID) &&
								strings.Contains(d.Name, fmt.Sprintf("%s × %d · Ulysses %d × ring %d", c.GPU, c.NumGPUs, c.UlyssesDegree, c.RingDegree)) &&
								strings.Contains(d.Name, data.FormatNumber(c.Measured.JoulesPerItem)+" J per "+k.Item) &&
								strings.Contains(d.Name, "Time to generate a batch "+data.FormatNumber(math.Round(c.Measured.BatchLatency*1000)/1e6)+" s") &&
								strings.Contains(d.Name, fmt.Sprintf("Batch size %d · %d×%d", c.BatchSize, c.Width, c.Height)) &&
								strings.Contains(d.Name, data.FormatNumber(float64(c.PowerWatts))+" W") &&
								strings.Contains(d.Name, data.FormatNumber(c.Measured.Throughput)+" "+k.Items+"/s")
						}
						return strings.Contains(d.Name, c.RowID) &&
							strings.Contains(d.Name, fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs)) &&
							strings.Contains(d.Name, data.FormatNumber(c.Measured.JoulesPerToken)+" J/token") &&
							strings.Contains(d.Name, data.FormatITL(q.Percentile.ITL(c), q.DeadlineMS)+" ms") &&
							strings.Contains(d.Name, fmt.Sprintf("(max_num_seqs) %d", c.MaxNumSeqs)) &&
							strings.Contains(d.Name, data.FormatNumber(float64(c.PowerWatts))+" W") &&
							strings.Contains(d.Name, data.FormatNumber(c.Measured.Throughput)+" tokens/s")
					}) {
						t.Errorf("%s %+v: tooltip %q of point %v lacks the figures or row of %s", bl.name, q, d.Name, d.Value, cs[0].RowID)
					}
					meets := q.Percentile.ITL(cs[0])+float64(cs[0].BatchLatencyS)*1000 <= q.DeadlineMS
					deadline := map[bool]string{false: "25 ms", true: "25 s"}[cs[0].Diffusion()]
					if verdict := map[bool]string{true: "meets", false: "misses"}[meets]; !strings.Contains(d.Name, verdict+" the "+deadline+" deadline") {
						t.Errorf("%s %+v: tooltip %q does not say it %s the deadline", bl.name, q, d.Name, verdict)
					}
				}
			}
			if points == 0 {
				t.Errorf("%s %+v: no points", bl.name, q)
			}
		}
	}
}

// Every axis is named in words, with its unit in brackets.
func TestAxisNames(t *testing.T) {
	set := load(t)
	r, err := set.Select(with(data.DefaultQuery(), func(q *data.Query) { q.Percentile = data.P90 }))
	if err != nil {
		t.Fatal(err)
	}
	words := regexp.MustCompile(`^[A-Z][A-Za-z]*( [a-z]+)* \((.+)\)$`)
	for _, tc := range []struct {
		build func(*data.Result) ([]byte, error)
		units []string // x, then y axes
	}{
		{EnergyLatency, []string{"p90 ITL, ms", "J"}},
		{EnergyConcurrency, []string{"max_num_seqs", "J"}},
		{PowerThroughput, []string{"max_num_seqs", "W", "tokens/s"}},
	} {
		b, err := tc.build(r)
		if err != nil {
			t.Fatal(err)
		}
		o := parse(t, "", b).BaseOption
		// The axes with a name: the panels' x axes have one, under the lower.
		var axes []axis
		for _, a := range append(o.XAxis, o.YAxis...) {
			if a.Name != "" {
				axes = append(axes, a)
			}
		}
		if len(axes) != len(tc.units) {
			t.Fatalf("axes %+v, want %d", axes, len(tc.units))
		}
		for i, a := range axes {
			m := words.FindStringSubmatch(a.Name)
			if m == nil || m[2] != tc.units[i] {
				t.Errorf("axis %q: want words, then (%s)", a.Name, tc.units[i])
			}
		}
	}
}

func with(q data.Query, f func(*data.Query)) data.Query {
	f(&q)
	return q
}

// The descriptions say what each chart shows, with figures from the dataset.
func TestDescribe(t *testing.T) {
	set := load(t)
	q := data.DefaultQuery()
	r, err := set.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	s := r.Selected
	gpu := fmt.Sprintf("%s × %d", s.GPU, s.NumGPUs)
	n := 0
	for _, c := range r.Model.Configurations {
		if float64(c.MedianITL) <= q.DeadlineMS {
			n++
		}
	}
	for _, bl := range builders {
		d := bl.describe(r)
		want := []string{bl.title + ": ", r.Model.Name, gpu, fmt.Sprintf("batch size limit of %d", s.MaxNumSeqs), "500 ms deadline", "median wait between tokens"}
		switch bl.name {
		case "EnergyLatency":
			want = append(want, data.FormatNumber(float64(s.MedianITL))+" ms", data.FormatNumber(float64(s.JoulesPerToken))+" J per token",
				fmt.Sprintf("the %d measured configurations", len(r.Model.Configurations)))
		case "EnergyConcurrency":
			want = append(want, data.FormatNumber(float64(s.JoulesPerToken))+" J per token")
		case "PowerThroughput":
			want = append(want, data.FormatNumber(float64(s.PowerWatts))+" W", data.FormatNumber(float64(s.TokensPerSecond))+" tokens per second", "GPU power in watts above", "tokens per second below")
		}
		if n == len(r.Model.Configurations) {
			want = append(want, "All")
		}
		for _, w := range want {
			if !strings.Contains(d, w) {
				t.Errorf("%s: %q lacks %q", bl.name, d, w)
			}
		}
		// The token volume is not in the chart, nor in its description.
		r2, _ := set.Select(with(q, func(q *data.Query) { q.Tokens = 1e12 }))
		if d2 := bl.describe(r2); d2 != d {
			t.Errorf("%s: the description changes with the token volume: %q, %q", bl.name, d, d2)
		}
	}

	// Nothing meets: the description says so and names the fastest.
	q = data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: "H100", Percentile: data.P99, DeadlineMS: 1, Tokens: 1}
	r, err = set.Select(q)
	if err != nil || r.Selected != nil {
		t.Fatalf("want an infeasible query: %v", err)
	}
	f := r.Fastest
	for _, bl := range builders {
		d := bl.describe(r)
		for _, w := range []string{"No configuration meets the 1 ms deadline on the p99 wait between tokens", fmt.Sprintf("%s × %d", f.GPU, f.NumGPUs), data.FormatNumber(float64(f.P99ITL)) + " ms"} {
			if !strings.Contains(d, w) {
				t.Errorf("%s: %q lacks %q", bl.name, d, w)
			}
		}
		if strings.Contains(d, "Selected") {
			t.Errorf("%s: %q names a selected configuration, but none is", bl.name, d)
		}
	}
}

func TestRound13(t *testing.T) {
	for _, tc := range []struct{ v, down, up float64 }{
		{1000, 1000, 1000}, {999, 300, 1000}, {1001, 1000, 3000}, {300, 300, 300}, {301, 300, 1000},
		{7.2, 3, 10}, {0.5, 0.3, 1}, {0.3, 0.3, 0.3}, {60000, 30000, 100000}, {2.9, 1, 3},
	} {
		if got := round13(tc.v, false); got != tc.down {
			t.Errorf("round13(%v) down = %v, want %v", tc.v, got, tc.down)
		}
		if got := round13(tc.v, true); got != tc.up {
			t.Errorf("round13(%v) up = %v, want %v", tc.v, got, tc.up)
		}
	}
}

// The labels ECharts puts on a log axis with fixed ends: the ends, and the
// powers of the base between them; every tenth power once the axis spans
// ten or more (LogScale.calcNiceTicks with splitNumber 5).
func TestLogTicks(t *testing.T) {
	for _, tc := range []struct {
		a    logAxis
		want []float64
	}{
		{logAxis{10, 3, 1000}, []float64{3, 10, 100, 1000}},
		{logAxis{10, 10, 30}, []float64{10, 30}},
		{logAxis{2, 8, 4096}, []float64{8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}},
		{logAxis{10, 0.3, 100000}, []float64{0.3, 1, 10, 100, 1000, 10000, 100000}},
		{logAxis{10, 1e-9, 1e3}, []float64{1e-9, 1, 1e3}}, // 12 decades: multiples of ten powers
	} {
		got := tc.a.ticks()
		if len(got) != len(tc.want) {
			t.Errorf("%+v: ticks %v, want %v", tc.a, got, tc.want)
			continue
		}
		for i := range got {
			if math.Abs(got[i]-tc.want[i]) > 1e-9*tc.want[i] {
				t.Errorf("%+v: ticks %v, want %v", tc.a, got, tc.want)
				break
			}
		}
	}
}

// BenchmarkCharts is the work behind every change of an input but the token
// volume: the three options for the default query.
func BenchmarkCharts(b *testing.B) {
	set := load(b)
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
