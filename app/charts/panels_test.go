package charts

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"tokenjoule/data"
)

// The power chart's picture: its two panels whole, as laid out for
// PanelsHeight, below the title and above the footer, each keeping the
// room for its y labels; and laid out for the picture's width, as the page
// lays out a chart that wide: the legend in one row, not the narrowest
// chart's three.
func TestPanelsImage(t *testing.T) {
	set := load(t)
	r, err := set.Select(data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: data.AnyGPU, DeadlineMS: 30000, Percentile: data.P50, Tokens: 1e4})
	if err != nil {
		t.Fatal(err)
	}
	opt, err := PowerThroughput(r)
	if err != nil {
		t.Fatal(err)
	}
	img := Image{Title: "GPU power and throughput", Subtitle: "FLUX.1 Dev", Footer: []string{"GPU energy only."}, Width: 960}
	b, h, err := ForImage(opt, img)
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Grid  []struct{ Top, Height, Left float64 } `json:"grid"`
		Title []struct {
			Bottom float64 `json:"bottom"`
		} `json:"title"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	page := parse(t, "PowerThroughput", opt).BaseOption.Grid
	if len(o.Grid) != 2 || len(page) != 2 {
		t.Fatalf("grids %+v, from %+v: want two", o.Grid, page)
	}
	head := o.Grid[0].Top - legendRow - legendGap - nameBand // the plot's top, less a legend row and the name above it
	foot := float64(h) - (o.Grid[1].Top + o.Grid[1].Height)
	if head < titleSize+subtitleSize || foot < footerLeading+gridBottom || float64(h) > head+PanelsHeight+foot+1e-9 {
		t.Errorf("a %d px picture with its panels at %+v: want them below the title, above the footer, in %d px", h, o.Grid, PanelsHeight)
	}
	if o.Grid[0].Top >= page[0].Top+float64(imagePad+titleSize) {
		t.Errorf("the upper panel starts at %v in the picture, from %v on a narrow page: want the legend in a row", o.Grid[0].Top, page[0].Top)
	}
	for i, g := range o.Grid {
		if g.Left != imagePad+page[i].Left-gridLeft || g.Height != o.Grid[0].Height {
			t.Errorf("panel %d at %+v in the picture, %+v on the page: want the y labels' room kept, the same height", i, g, page[i])
		}
	}
}

// The power chart is two panels, one above the other: GPU power above and
// throughput below, each on its own x and y axes, from zero, against the
// same batch sizes; a line in each for each GPU and count, in one colour,
// solid; the selected configuration's two markers, one in each panel, each
// labelled with its figure; and one legend, its entries the curves.
func TestPowerPanels(t *testing.T) {
	set := load(t)
	for _, q := range queries(set, false, 500) {
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		b, err := PowerThroughput(r)
		if err != nil {
			t.Fatal(err)
		}
		opt := parse(t, "PowerThroughput", b)
		o := opt.BaseOption
		if len(o.Grid) != 2 || len(o.XAxis) != 2 || len(o.YAxis) != 2 {
			t.Fatalf("%+v: %d grids, %d x axes, %d y axes, want two of each", q, len(o.Grid), len(o.XAxis), len(o.YAxis))
		}
		k := r.Kind
		for i, y := range o.YAxis {
			x := o.XAxis[i]
			if x.GridIndex != i || y.GridIndex != i {
				t.Errorf("%+v: panel %d has x axis in grid %d, y axis in grid %d", q, i, x.GridIndex, y.GridIndex)
			}
			if y.Min == nil || *y.Min != 0 {
				t.Errorf("%+v: panel %d's y axis %q starts at %v, want 0", q, i, y.Name, y.Min)
			}
			if x.Type != "log" || x.LogBase != 2 || *x.Min != *o.XAxis[0].Min || x.Max != o.XAxis[0].Max {
				t.Errorf("%+v: x axes %+v, want the same log-2 axis in both panels", q, o.XAxis)
			}
		}
		if !strings.HasPrefix(o.YAxis[0].Name, "GPU power (W)") || o.YAxis[1].Name != fmt.Sprintf("Throughput (%s/s)", strings.TrimPrefix(k.Items, "output ")) && o.YAxis[1].Name != "Throughput (tokens/s)" {
			t.Errorf("%+v: panels named %q and %q, want GPU power above, throughput below", q, o.YAxis[0].Name, o.YAxis[1].Name)
		}
		if o.XAxis[0].Name != "" || o.XAxis[1].Name == "" {
			t.Errorf("%+v: x axes named %q and %q, want the lower one only", q, o.XAxis[0].Name, o.XAxis[1].Name)
		}
		// The lower panel below the upper one, and at every width.
		for _, gs := range append([]grids{o.Grid}, func() (m []grids) {
			for _, r := range opt.Media {
				m = append(m, r.Option.Grid)
			}
			return m
		}()...) {
			up, low := gs[0], gs[1]
			if up.Height < 100 || low.Height != up.Height || low.Top < up.Top+up.Height+nameBand || low.Top+low.Height > PanelsHeight-2*textHeight || up.Left != low.Left {
				t.Errorf("%+v: panels %+v in %d px, want two of the same height and left edge, one below the other, with room between and below", q, gs, PanelsHeight)
			}
		}

		// A line per curve in each panel, with the curve's points: power above,
		// throughput below.
		curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
		want := [2]map[string]bool{{}, {}}
		for _, cv := range curves {
			for _, pt := range cv.Line() {
				want[0][fmt.Sprint(CurveName(cv), []float64{float64(pt.Batch()), float64(pt.PowerWatts)})] = true
				want[1][fmt.Sprint(CurveName(cv), []float64{float64(pt.Batch()), pt.ShownThroughput()})] = true
			}
		}
		got := [2]map[string]bool{{}, {}}
		colour := map[string]string{}
		var labels [2]string
		for _, se := range o.Series {
			p := se.YAxisIndex
			if se.XAxisIndex != p {
				t.Errorf("%+v: series %q on x axis %d and y axis %d", q, se.Name, se.XAxisIndex, p)
				continue
			}
			if se.Name == SeriesSelected {
				if labels[p] != "" || se.Label == nil || !se.Label.Show {
					t.Errorf("%+v: panel %d's selected marker: %+v", q, p, se)
					continue
				}
				labels[p] = se.Label.Formatter
				continue
			}
			if se.Type != "line" || se.LineStyle.Type != "" && se.LineStyle.Type != "solid" {
				t.Errorf("%+v: series %q is a %s %s line, want solid lines", q, se.Name, se.LineStyle.Type, se.Type)
			}
			if c, ok := colour[se.Name]; ok && c != se.LineStyle.Color {
				t.Errorf("%+v: %q drawn in %s and %s", q, se.Name, c, se.LineStyle.Color)
			}
			colour[se.Name] = se.LineStyle.Color
			for _, d := range se.Data {
				got[p][fmt.Sprint(se.Name, d.Value)] = true
			}
		}
		for p := range got {
			if !maps.Equal(got[p], want[p]) {
				t.Errorf("%+v: panel %d draws %v, want %v", q, p, slices.Sorted(maps.Keys(got[p])), slices.Sorted(maps.Keys(want[p])))
			}
		}
		if len(o.Legend) != 1 {
			t.Errorf("%+v: %d legends, want one, of the curves", q, len(o.Legend))
		}
		s := r.Selected
		if s == nil {
			if labels != [2]string{} {
				t.Errorf("%+v: nothing selected, but markers labelled %q", q, labels)
			}
			continue
		}
		wantLabels := [2]string{data.FormatNumber(float64(s.PowerWatts)) + " W", data.FormatNumber(s.Measured.Throughput) + " tokens/s"} // rounded once
		if s.Diffusion() {
			wantLabels[1] = data.FormatNumber(s.Measured.Throughput) + " " + k.Items + "/s"
		}
		if labels != wantLabels {
			t.Errorf("%+v: selected markers labelled %q, want %q", q, labels, wantLabels)
		}
	}
}
