package charts

import (
	"encoding/json"
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
