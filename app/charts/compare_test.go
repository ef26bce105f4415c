package charts

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tokenjoule/data"
)

func ranking(t *testing.T, q data.Query) *data.Ranking {
	t.Helper()
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	return rk
}

// compareOption is the part of a compare chart's option the tests read.
type compareOption struct {
	XAxis []struct {
		Type string `json:"type"`
		Name string `json:"name"`
	} `json:"xAxis"`
	YAxis []struct {
		Type    string   `json:"type"`
		Data    []string `json:"data"`
		Inverse bool     `json:"inverse"`
	} `json:"yAxis"`
	Legend struct {
		Show bool     `json:"show"`
		Data []string `json:"data"`
	} `json:"legend"`
	Series []struct {
		Name string `json:"name"`
		Data []struct {
			Name      string          `json:"name"`
			Value     json.RawMessage `json:"value"`
			Label     struct{ Formatter string }
			ItemStyle *struct{ Color string } `json:"itemStyle"`
		} `json:"data"`
	} `json:"series"`
}

func TestRanking(t *testing.T) {
	q := data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9}
	rk := ranking(t, q)
	highlight := ""
	var want []*data.Ranked
	for i := range rk.Models {
		if r := &rk.Models[i]; r.Status() == data.Meets {
			want = append(want, r)
		}
	}
	if len(want) < 3 || len(want) == len(rk.Models) {
		t.Fatalf("the test needs models that meet and models that miss the deadline: %d of %d meet", len(want), len(rk.Models))
	}
	highlight = want[1].Entry.Slug
	b, err := Ranking(data.Printer{}, rk, highlight)
	if err != nil {
		t.Fatal(err)
	}
	var responsive struct {
		Base  compareOption `json:"baseOption"`
		Media []struct {
			Query struct{ MaxWidth int }
		}
	}
	if err := json.Unmarshal(b, &responsive); err != nil {
		t.Fatal(err)
	}
	o := responsive.Base
	if len(responsive.Media) != 2 || responsive.Media[0].Query.MaxWidth == 0 || responsive.Media[1].Query.MaxWidth != 0 {
		t.Errorf("media %+v, want a rule for narrow charts and the default", responsive.Media)
	}
	if len(o.YAxis) != 1 || o.YAxis[0].Type != "category" || !o.YAxis[0].Inverse || o.XAxis[0].Type != "value" {
		t.Fatalf("axes %+v %+v: want models on an inverted category y axis (the least energy on top)", o.YAxis, o.XAxis)
	}
	if len(o.Series) != 2 || len(o.Series[0].Data) != len(want) || len(o.YAxis[0].Data) != len(want) {
		t.Fatalf("%d series, %d bars, %d names; want one bar per model that meets the deadline (%d), and the highlighted one's", len(o.Series), len(o.Series[0].Data), len(o.YAxis[0].Data), len(want))
	}
	// The highlighted bar is drawn again in a series of its own, whose
	// legend entry says why.
	if h := o.Series[1]; h.Name != SeriesHighlighted || !strings.Contains(h.Name, "link") || len(h.Data) != len(want) {
		t.Errorf("the highlight's series is %q with %d items", h.Name, len(h.Data))
	} else {
		for i, d := range h.Data {
			if drawn := string(d.Value) != `"-"`; drawn != (want[i].Entry.Slug == highlight) {
				t.Errorf("the highlight's series draws %s at bar %d (%s)", d.Value, i, want[i].Entry.Slug)
			}
		}
	}
	if !o.Legend.Show || len(o.Legend.Data) != 1 || o.Legend.Data[0] != SeriesHighlighted {
		t.Errorf("legend %+v, want one entry, %q", o.Legend, SeriesHighlighted)
	}
	// Nothing named, nothing highlighted, and no legend.
	b, _ = Ranking(data.Printer{}, rk, "")
	var plain struct {
		Base compareOption `json:"baseOption"`
	}
	json.Unmarshal(b, &plain)
	if len(plain.Base.Series) != 1 || plain.Base.Legend.Show {
		t.Errorf("with no model named: %d series, legend %+v", len(plain.Base.Series), plain.Base.Legend)
	}
	// The unit is the largest bar's, and each label is the table's figure.
	unit := strings.Fields(data.FormatEnergy(want[len(want)-1].Result.Estimate.EnergyWh))[1]
	if !strings.HasSuffix(o.XAxis[0].Name, "("+unit+")") || !strings.Contains(o.XAxis[0].Name, "2.5B tokens") {
		t.Errorf("x axis %q, want the volume and the unit %s", o.XAxis[0].Name, unit)
	}
	for i, d := range o.Series[0].Data {
		r := want[i]
		if o.YAxis[0].Data[i] != r.Entry.Name || d.Name != r.Entry.Name {
			t.Errorf("bar %d is %q/%q, want %q", i, o.YAxis[0].Data[i], d.Name, r.Entry.Name)
		}
		if got := d.Label.Formatter; got != data.FormatEnergy(r.Result.Estimate.EnergyWh) {
			t.Errorf("bar %d label %q, want %q", i, got, data.FormatEnergy(r.Result.Estimate.EnergyWh))
		}
		if (d.ItemStyle != nil && d.ItemStyle.Color == selectedColor) != (r.Entry.Slug == highlight) {
			t.Errorf("bar %d (%s) highlighted = %v", i, r.Entry.Slug, d.ItemStyle != nil)
		}
	}
}

func TestEnergyParams(t *testing.T) {
	q := data.Query{Task: "gpqa", GPU: data.AnyGPU, DeadlineMS: 40, Percentile: data.P95, Tokens: 1e6}
	rk := ranking(t, q)
	for _, highlight := range []string{"gpt-oss-20b", "no-such-model"} {
		b, err := EnergyParams(data.Printer{}, rk, highlight)
		if err != nil {
			t.Fatal(err)
		}
		var o compareOption
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatal(err)
		}
		if o.XAxis[0].Type != "log" || o.YAxis[0].Type != "log" {
			t.Errorf("axes %s and %s, want log and log", o.XAxis[0].Type, o.YAxis[0].Type)
		}
		points := map[string][]float64{}
		for _, s := range o.Series {
			for _, d := range s.Data {
				var v []any
				json.Unmarshal(d.Value, &v)
				points[s.Name+"/"+d.Name] = []float64{v[0].(float64), v[1].(float64), v[3].(float64)}
			}
		}
		n := 0
		for _, r := range rk.Models {
			if r.Status() != data.Meets {
				continue
			}
			n++
			series := SeriesModels
			if r.Entry.Slug == highlight {
				series = SeriesHighlighted
			}
			p, ok := points[series+"/"+r.Entry.Name]
			// The label is the rank, the table's #.
			if !ok || p[0] != float64(r.Entry.ActiveParams) || p[1] != sig4(float64(r.Result.Selected.JoulesPerToken)) || p[2] != float64(n) {
				t.Errorf("%s: point %v in %s, want [%v %v]", r.Entry.Name, p, series, r.Entry.ActiveParams, r.Result.Selected.JoulesPerToken)
			}
		}
		if len(points) != n {
			t.Errorf("%d points, want %d", len(points), n)
		}
	}
}

func TestForImage(t *testing.T) {
	rk := ranking(t, data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9})
	opt, err := Ranking(data.Printer{}, rk, "")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("GPU energy only, a floor. ", 20)
	img := Image{Title: "Energy", Subtitle: "2.5B tokens", Footer: []string{long, "Cite: Chung et al."}, Link: "https://example.org/compare?task=gpqa", Width: 960}
	b, h, err := ForImage(opt, img)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Background string `json:"backgroundColor"`
		Tooltip    any    `json:"tooltip"`
		Title      []struct {
			Text    string `json:"text"`
			Subtext string `json:"subtext"`
		} `json:"title"`
		Grid []struct {
			Top, Bottom float64
		} `json:"grid"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	if o.Background != "#ffffff" || o.Tooltip != nil {
		t.Errorf("background %q, tooltip %v: want white and none", o.Background, o.Tooltip)
	}
	var texts []string
	for _, ti := range o.Title {
		texts = append(texts, ti.Text, ti.Subtext)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{img.Title, img.Subtitle, long, img.Footer[1], img.Link} {
		if !strings.Contains(all, want) {
			t.Errorf("the image lacks %q", want)
		}
	}
	// The footer's ~520 characters wrap into several lines: the picture is
	// taller than its plot by at least those, and the plot leaves them room.
	if h < imagePlot+6*footerLeading || len(o.Grid) != 1 || o.Grid[0].Bottom < float64(5*footerLeading) || o.Grid[0].Top < titleSize+subtitleSize {
		t.Errorf("height %d, grid %+v: no room for the title and the footer", h, o.Grid)
	}
}

func TestDescribeCompare(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	bars := DescribeRanking(data.Printer{}, rk)
	var meets []data.Ranked
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			meets = append(meets, r)
		}
	}
	if len(meets) < 2 {
		t.Fatal("the test needs two models that meet the deadline")
	}
	for i, r := range meets {
		if want := fmt.Sprintf("%d. %s, %s", i+1, r.Entry.Name, data.FormatEnergy(r.Result.Estimate.EnergyWh)); !strings.Contains(bars, want) {
			t.Errorf("DescribeRanking lacks %q:\n%s", want, bars)
		}
	}
	if !strings.HasPrefix(bars, "Energy for 2.5B output tokens") {
		t.Errorf("DescribeRanking does not say what it plots: %s", bars)
	}
	scatter := DescribeEnergyParams(data.Printer{}, rk, q.Model)
	e, _ := set.Entry(q.Task, q.Model)
	if !strings.Contains(scatter, "logarithmic") || !strings.Contains(scatter, "Highlighted, as the link names it: "+e.Name) {
		t.Errorf("DescribeEnergyParams: %s", scatter)
	}
	none, _ := set.Compare(with(q, func(q *data.Query) { q.DeadlineMS = 1 }))
	if got := DescribeRanking(data.Printer{}, none); !strings.Contains(got, "no model meets the deadline") {
		t.Errorf("with a deadline none meets, DescribeRanking = %q", got)
	}
}

// The highlighted model's label is its rank and name, with its rank alone
// as the shorter text the page falls back to where the name finds no spot
// beside its point; the other models' are their ranks.
func TestEnergyParamsLabels(t *testing.T) {
	rk := ranking(t, data.Query{Task: "gpqa", GPU: data.AnyGPU, DeadlineMS: 40, Percentile: data.P95, Tokens: 1e6})
	b, err := EnergyParams(data.Printer{}, rk, "gpt-oss-20b")
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Series []struct {
			Name string
			Data []struct {
				Name  string
				Value []any
				Label struct{ Formatter, Short string }
			}
		}
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	named := 0
	for _, s := range o.Series {
		for _, d := range s.Data {
			rank := fmt.Sprint(d.Value[3])
			want := [2]string{rank, ""}
			if s.Name == SeriesHighlighted {
				want = [2]string{rank + ". " + d.Name, rank}
				named++
			}
			if got := [2]string{d.Label.Formatter, d.Label.Short}; got != want {
				t.Errorf("%s in %q: label %q, shorter %q; want %q, %q", d.Name, s.Name, got[0], got[1], want[0], want[1])
			}
		}
	}
	if named != 1 {
		t.Errorf("%d highlighted points, want 1", named)
	}
}
