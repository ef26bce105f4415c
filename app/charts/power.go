package charts

// The power chart: GPU power and throughput against the batch size, as two
// panels, one above the other, that share the x axis. On one plot with an
// axis each, eight configurations drew sixteen lines, and the selected
// configuration's two figures found no room beside their diamonds: two
// panels are what Our World in Data and Datawrapper draw instead, small
// multiples with a scale each, from zero, read against the same x.

import (
	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"tokenjoule/data"
)

// PanelsHeight is the height, in px, the power chart is laid out for: its
// legend, its two panels and its axes' names and labels fill it. The page's
// stylesheet gives the chart this height (web/style.css), and ForImage its
// picture.
const PanelsHeight = 520

// PowerThroughput is GPU power in the upper panel and output tokens per
// second (images, videos) in the lower one, against the batch size limit
// (batch size) on a log-2 axis. A GPU's two lines share its colour, its name
// and so its legend entry. The selected configuration's two markers are
// labelled with their figures.
func PowerThroughput(r *data.Result) ([]byte, error) { return PowerThroughputIn(data.Printer{}, r) }

// PowerThroughputIn is PowerThroughput in pr's language.
func PowerThroughputIn(pr data.Printer, r *data.Result) ([]byte, error) {
	p := powerParts(pr, r)
	a := axesIn(pr, r.Kind, r.Query.Percentile)
	c := charts.NewLine()
	c.SetGlobalOptions(common(a.batch)...)
	// The name once, under the lower panel.
	c.SetGlobalOptions(charts.WithXAxisOpts(opts.XAxis{Type: "log"}))
	c.ExtendXAxis(opts.XAxis{Type: "log", Name: a.batch, NameLocation: "middle", GridIndex: 1})
	// Both from zero: from 1,600 W, a rise to 2,600 W would look sixfold.
	c.SetGlobalOptions(charts.WithYAxisOpts(opts.YAxis{Type: "value", Min: 0}))
	c.ExtendYAxis(opts.YAxis{Type: "value", Min: 0, GridIndex: 1})
	for i, cv := range p.curves {
		col := palette[i%len(palette)]
		addDimmed(c, CurveName(cv), col, p.power[i], 0)
		addDimmed(c, CurveName(cv), col, p.tps[i], 1)
	}
	for i, s := range p.selected {
		// White on dark red reads on a light and a dark page alike, and
		// hides the lines behind it.
		label := &opts.Label{Show: opts.Bool(true), Position: p.side, Formatter: p.labels[i],
			Color: "#fff", BackgroundColor: labelColor, BorderRadius: 3, LineHeight: 16}
		c.Overlap(selectedIn(pr, charts.NewScatter(), s, i, label))
	}
	return finish(c, pr, p.frame)
}

// power is what PowerThroughput draws of a result, less the styles.
type power struct {
	curves     []data.Curve
	power, tps []dimmed // a curve's each
	selected   []*item  // in the power panel and in the throughput panel; none when nothing is selected
	labels     []string // the selected markers' labels
	side       string   // where the labels go: "left" or "right"
	frame      frame
}

func powerParts(pr data.Printer, r *data.Result) power {
	q := r.Query
	p := power{curves: r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)}
	lo, hi := log2Extent(batchSizes(p.curves)...)
	var maxW, maxTPS float64
	var names []string
	for _, cv := range p.curves {
		line := cv.Line()
		for _, pt := range line {
			maxW, maxTPS = max(maxW, float64(pt.PowerWatts)), max(maxTPS, pt.ShownThroughput())
		}
		p.power = append(p.power, dim(pr, line, q, func(pt data.Point) []float64 { return []float64{float64(pt.Batch()), float64(pt.PowerWatts)} }))
		p.tps = append(p.tps, dim(pr, line, q, func(pt data.Point) []float64 { return []float64{float64(pt.Batch()), pt.ShownThroughput()} }))
		names = append(names, CurveName(cv))
	}
	if s := r.Selected; s != nil {
		x := float64(s.Batch())
		p.selected = []*item{selectedItem(pr, s, q, []float64{x, float64(s.PowerWatts)}), selectedItem(pr, s, q, []float64{x, s.ShownThroughput()})}
		per := pr.T("chart.tokens")
		if r.Kind.Diffusion() {
			per = pr.T("items." + r.Kind.Item + "s")
		}
		p.labels = []string{pr.Lang.Figure(data.FormatNumber(float64(s.PowerWatts)) + " W"), pr.Number(s.Throughput()) + " " + per + "/s"}
		// The labels go to the side with more room.
		p.side = "right"
		if x > lo*hi/x { // right of the middle, on a log axis
			p.side = "left"
		}
		names = append(names, seriesSelected(pr))
	}
	p.frame = frame{x: logAxis{base: 2, min: lo, max: hi}, yNames: []string{pr.T("chart.axis.power"), axesIn(pr, r.Kind, q.Percentile).throughput}, yMax: []float64{maxW, maxTPS},
		selected: seriesSelected(pr),
		legends:  [][]legendItem{items(names...)}, padded: true, yMin: []float64{0, 0}, panels: true}
	return p
}
