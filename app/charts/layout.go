package charts

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// ECharts cannot make room for a legend that wraps, nor space the labels of
// a log axis, by itself: the grid's top is a fixed number, and a log axis
// labels every power of its base whatever the width. So the layout is
// worked out here, for a few bands of chart widths, from estimates of the
// text widths, and handed to ECharts as media queries that it re-applies
// whenever the chart is resized. The browser tests check the outcome at a
// phone's width: nothing paged, overlapping or hidden.

// Text metrics, measured in chromium for ECharts' default 12 px sans-serif
// (Arial's metrics, as Helvetica's and Roboto's are close to), and the
// dimensions ECharts gives a legend.
const (
	fontPx       = 12
	textHeight   = 14 // a label's box
	legendRow    = 16 // an item's box in a legend row
	legendGap    = 10 // ECharts' itemGap, between items and between rows
	legendPad    = 5  // ECharts' legend padding, on every side
	legendIcon   = 18 // itemWidth: shorter than ECharts' 25, to fit a phone
	legendIconGp = 5  // between an icon and its text
	nameBand     = 30 // above the plot: the y axes' names
	labelMargin  = 8  // ECharts' axisLabel.margin
	gridLeft     = 8
	gridRight    = 20
	gridBottom   = 28 // below the x labels: the x axis' name
	// endRoom is the room, in px, left inside the plot beyond a point at an
	// end of the x axis: half the selected diamond (18 px and its outline),
	// and a pixel to spare, so that no point is cut by the plot's edge.
	endRoom = 11
)

// widthBands are the lower bounds of the chart widths the layout is worked
// out for; the first band is estimated at narrowest, the width of a chart on
// a 300 px screen. Charts are about 306 px wide on a 360 px phone and
// 330–450 px in the desktop page's three columns.
var (
	widthBands = []float64{0, 300, 340, 380, 420, 480, 560}
	narrowest  = 250.0
)

// textWidth estimates the width in px of s in the charts' font (see
// fontFamily), from Arial's advance widths, with a little to spare for
// fonts slightly wider.
func textWidth(s string) float64 {
	em := 0.0
	for _, r := range s {
		if r < 128 && arial[r] > 0 {
			em += arial[r]
		} else {
			em += 0.6 // ×, ≤ and the like
		}
	}
	return em * fontPx * 1.08
}

// fontFamily pins the charts to fonts with Arial's widths, which textWidth
// knows; Roboto, Android's, is close.
const fontFamily = "Arial, Helvetica, 'Liberation Sans', Roboto, sans-serif"

// arial holds Arial's advance widths in em for printable ASCII.
var arial = func() [128]float64 {
	var w [128]float64
	for r, v := range map[string]float64{
		" !,./:;I[\\]fijlt|":         0.278,
		"()-r`{}":                    0.333,
		"\"":                         0.355,
		"*":                          0.389,
		"^":                          0.469,
		"Jckszvxy":                   0.5,
		"#$0123456789?L_abdeghnopqu": 0.556,
		"+<=>~":                      0.584,
		"FTZ":                        0.611,
		"&ABEKPSVXY":                 0.667,
		"CDHNRUw":                    0.722,
		"GOQ":                        0.778,
		"Mm":                         0.833,
		"%":                          0.889,
		"W":                          0.944,
		"@":                          1.015,
		"'":                          0.191,
	} {
		for _, c := range r {
			w[c] = v
		}
	}
	return w
}()

// legendHeight is the height of a legend that wraps in width.
func legendHeight(items []legendItem, width float64) float64 {
	avail := width - 2*legendPad
	rows, x := 1, 0.0
	for _, it := range items {
		w := legendIcon + legendIconGp + textWidth(it.name)
		if x > 0 && x+w > avail {
			rows++
			x = 0
		}
		x += w + legendGap
	}
	return 2*legendPad + float64(rows)*legendRow + float64(rows-1)*legendGap
}

// logAxis is an x axis on a log scale, with its extent fixed: ECharts would
// otherwise round it out to whole powers of the base, and would not stretch
// it to a deadline.
type logAxis struct {
	base     float64
	min, max float64
}

// ticks are the values ECharts labels on a: its ends and the powers of the
// base between them, or every tenth power when the axis spans ten or more
// (ECharts' LogScale.calcNiceTicks, with its default splitNumber of 5).
func (a logAxis) ticks() []float64 {
	lo, hi := math.Log(a.min)/math.Log(a.base), math.Log(a.max)/math.Log(a.base)
	span := hi - lo
	if !(span > 0) {
		return []float64{a.min}
	}
	step := math.Pow(10, math.Floor(math.Log10(span)))
	if 5/span*step <= 0.5 {
		step *= 10
	}
	for step < 1 {
		step *= 10
	}
	const eps = 1e-9
	first, last := math.Ceil(lo/step-eps)*step, math.Floor(hi/step+eps)*step
	var t []float64
	if lo < first-eps {
		t = append(t, lo)
	}
	for e := first; e <= last+eps; e += step {
		t = append(t, e)
	}
	if hi > t[len(t)-1]+eps {
		t = append(t, hi)
	}
	for i, e := range t {
		t[i] = math.Pow(a.base, e)
	}
	return t
}

// axisLabel writes v as ECharts writes an axis label: thousands separated by
// commas, no trailing zeros.
func axisLabel(v float64) string {
	s := strconv.FormatFloat(roundTo(v, 10), 'f', -1, 64)
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return b.String()
}

func roundTo(v float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(v*p) / p
}

// rotation is the smallest angle of the x labels (0, 45 or 90 degrees) at
// which neighbours at the given centre distances (px) do not touch; level,
// the last label is aligned inward if lastInward.
func rotation(labels []string, gaps []float64, lastInward bool) float64 {
	fits := func(need func(i int) float64) bool {
		for i, g := range gaps {
			if g < need(i) {
				return false
			}
		}
		return true
	}
	// A label aligned inward reaches its whole width toward its neighbour.
	reach := func(i int) float64 {
		if lastInward && i == len(labels)-1 {
			return textWidth(labels[i])
		}
		return textWidth(labels[i]) / 2
	}
	switch {
	case fits(func(i int) float64 { return reach(i) + reach(i+1) + 6 }):
		return 0
	case fits(func(int) float64 { return (fontPx + 4) * math.Sqrt2 }):
		return 45
	default:
		return 90
	}
}

// frame is what a chart puts around its plot: legends, axis names and the x
// axis' labels, laid out per band of widths by layout.
type frame struct {
	legends [][]legendItem // what each legend lists, top to bottom
	x       logAxis
	yNames  []string  // the y axes' names, left then right
	yMax    []float64 // the largest value on each y axis, to estimate its labels' width

	hideMinLabel bool // the x axis' first label would be wrong (see EnergyLatency)
	// padded: points lie at the ends of x, which the axis then passes by
	// endRoom px, its labels still at x's ticks.
	padded bool
	// yMin is the least value on each y axis: given, the axes leave yRoom of
	// the data's span beyond it at either end (before ECharts rounds them),
	// so that no point sits on the plot's top or bottom edge, and start at
	// zero where that room would reach below it.
	yMin []float64
	// panels: each y axis has a plot of its own, the first above the
	// second, both against the same x (see panels.go).
	panels bool
	// selected names the selected configuration's series in the chart's
	// language; "" is SeriesSelected.
	selected string
}

// decimals counts the decimals of v as ECharts' getPrecision does.
func decimals(v float64) int {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return 0
	}
	_, frac, _ := strings.Cut(strconv.FormatFloat(v, 'f', -1, 64), ".")
	return len(frac)
}

// placement is where a frame's parts go at one width.
type placement struct {
	xMin, xMax float64   // the x axis' extent
	ticks      []float64 // where the x axis' ticks and labels go, if not ECharts' own
	legendTops []float64
	gridTop    float64
	gridBottom float64
	rotate     float64 // the x labels' angle
	lastInward bool    // the last x label, level, is aligned to end at the axis' end
	xNameGap   float64 // from the x axis to its name, below the labels
	yNameGaps  []float64
	stack      stack // the panels' places, if the frame has panels
}

// at lays f out for a chart width px wide.
func (f frame) at(width float64) placement {
	var p placement
	top := 0.0
	for _, items := range f.legends {
		p.legendTops = append(p.legendTops, top)
		top += legendHeight(items, width) - legendPad
	}
	// The plot's width: the chart's, less the margins and the y labels.
	plot := width - gridLeft - gridRight
	for _, m := range f.yMax {
		plot -= yLabelWidth(m) + labelMargin
	}
	if f.panels {
		p.stack.left = f.panelsLeft()
		plot = width - p.stack.left - gridRight
	}
	p.xMin, p.xMax = f.x.min, f.x.max
	ticks := f.x.ticks()
	if f.padded {
		// ECharts would put ticks at the new ends, and every tenth power
		// only once they span ten: the labels stay where they were.
		p.ticks = ticks
		if plot > 4*endRoom {
			k := math.Pow(f.x.max/f.x.min, endRoom/(plot-2*endRoom))
			p.xMin, p.xMax = sig12(f.x.min/k), sig12(f.x.max*k)
		}
	}
	labels := make([]string, len(ticks))
	gaps := make([]float64, 0, len(ticks))
	span := math.Log(p.xMax / p.xMin)
	for i, t := range ticks {
		labels[i] = axisLabel(t)
		if i > 0 {
			gaps = append(gaps, plot*math.Log(t/ticks[i-1])/span)
		}
	}
	// Centred on the axis' end, the last label would stick out of a chart
	// without a right axis if wider than the margin (and the room past it).
	inside := math.Log(p.xMax/ticks[len(ticks)-1]) / span * plot
	p.lastInward = (len(f.yMax) < 2 || f.panels) && textWidth(labels[len(labels)-1])/2 > gridRight+inside-2
	p.rotate = rotation(labels, gaps, p.lastInward)
	// How far the labels reach below the axis, rotated.
	reach := float64(textHeight)
	for _, l := range labels {
		w := textWidth(l)
		switch p.rotate {
		case 45:
			reach = max(reach, (w+textHeight)/math.Sqrt2)
		case 90:
			reach = max(reach, w)
		}
	}
	p.xNameGap = math.Ceil(labelMargin + reach + 6)
	p.gridBottom = gridBottom
	// The y names sit above the plot, the left one from its axis rightward,
	// the right one leftward: one above the other when they would meet.
	p.yNameGaps = make([]float64, len(f.yNames))
	band := float64(nameBand)
	for i := range f.yNames {
		p.yNameGaps[i] = 12
	}
	if len(f.yNames) == 2 && !f.panels && textWidth(f.yNames[0])+textWidth(f.yNames[1])+12 > plot {
		p.yNameGaps[1] += textHeight + 4
		band += textHeight + 4
	}
	p.gridTop = math.Ceil(top + band)
	if f.panels {
		p.stackPanels(reach)
	}
	return p
}

// yLabelWidth estimates the widest label ECharts writes on a value axis whose
// largest value is m: the axis ends on a round number above m, with at most
// two more decimals than m's magnitude.
func yLabelWidth(m float64) float64 {
	if m <= 0 {
		return textWidth("0")
	}
	mag := math.Pow(10, math.Floor(math.Log10(m)))
	top := math.Ceil(m/mag) * mag
	s := axisLabel(top)
	if mag < 1 {
		s = strconv.FormatFloat(top, 'f', int(-math.Log10(mag))+2, 64)
	}
	return textWidth(s)
}

// media turns the frame's layout at every band of widths into ECharts media
// queries, merging neighbouring bands laid out alike. Each rule sets every
// part that any rule sets: ECharts merges a newly matched rule over the
// option in place, so a part one rule set would otherwise outlive it.
func (f frame) media() (base placement, rules []map[string]any) {
	type band struct {
		lo, hi float64 // hi 0: no upper bound
		p      placement
	}
	var bands []band
	for i, lo := range widthBands {
		w := lo
		if i == 0 {
			w = narrowest
		}
		p := f.at(w)
		hi := 0.0
		if i+1 < len(widthBands) {
			hi = widthBands[i+1] - 1
		}
		if n := len(bands); n > 0 && equal(bands[n-1].p, p) {
			bands[n-1].hi = hi
			continue
		}
		bands = append(bands, band{lo, hi, p})
	}
	for _, b := range bands {
		query := map[string]any{}
		if b.lo > 0 {
			query["minWidth"] = b.lo
		}
		if b.hi > 0 {
			query["maxWidth"] = b.hi
		}
		rules = append(rules, map[string]any{"query": query, "option": b.p.option()})
	}
	return bands[0].p, rules
}

func equal(a, b placement) bool {
	return a.xMin == b.xMin && a.xMax == b.xMax && slices.Equal(a.ticks, b.ticks) &&
		slices.Equal(a.legendTops, b.legendTops) && slices.Equal(a.yNameGaps, b.yNameGaps) &&
		a.gridTop == b.gridTop && a.gridBottom == b.gridBottom && a.rotate == b.rotate && a.xNameGap == b.xNameGap &&
		a.lastInward == b.lastInward && a.stack == b.stack
}

// option is the part of an ECharts option that p sets.
func (p placement) option() map[string]any {
	var legends, ys []any
	for _, t := range p.legendTops {
		legends = append(legends, map[string]any{"top": t})
	}
	for _, g := range p.yNameGaps {
		ys = append(ys, map[string]any{"nameGap": g})
	}
	o := map[string]any{
		"grid":   map[string]any{"top": p.gridTop, "bottom": p.gridBottom},
		"legend": legends,
		"xAxis":  []any{p.xAxis()},
		"yAxis":  ys,
	}
	if p.stack != (stack{}) {
		o["grid"], o["xAxis"] = p.stack.grids(p.gridTop), []any{p.xAxis(), p.xAxis()}
	}
	return o
}

// xAxis is the part of the x axis' options that p sets.
func (p placement) xAxis() map[string]any {
	x := map[string]any{"min": p.xMin, "max": p.xMax, "nameGap": p.xNameGap, "axisLabel": p.xLabels()}
	if p.ticks != nil {
		x["axisTick"] = map[string]any{"customValues": p.ticks}
	}
	return x
}

// xLabels is the x axis' label options: rotated, or level with the last
// label centred or aligned inward, as rotation assumed. (Rotated labels end
// at their tick, "right" in their own frame, whatever the alignment asked.)
func (p placement) xLabels() map[string]any {
	last := "center"
	if p.rotate != 0 || p.lastInward {
		last = "right"
	}
	// hideOverlap only backs up the estimate: a label hidden is better than
	// two on top of each other.
	l := map[string]any{"rotate": p.rotate, "alignMaxLabel": last, "hideOverlap": true}
	if p.ticks != nil {
		l["customValues"] = p.ticks
	}
	return l
}

// niceLatencyExtent is the extent of a latency axis that holds every value
// in vs: the nearest 1, 3, 10, 30… beyond them, so that the ends sit near the
// data and their labels keep clear of the powers of ten between.
func niceLatencyExtent(vs ...float64) (lo, hi float64) {
	lo, hi, ok := positiveExtent(vs)
	if !ok {
		return 1, 10
	}
	return round13(lo, false), round13(hi, true)
}

// positiveExtent is the smallest and largest of the values above zero, the
// only ones a log axis can show.
func positiveExtent(vs []float64) (lo, hi float64, ok bool) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range vs {
		if v > 0 {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi, !math.IsInf(lo, 0)
}

// round13 rounds v (> 0) down, or up, to the nearest 1·10ⁿ or 3·10ⁿ.
func round13(v float64, up bool) float64 {
	n := math.Floor(math.Log10(v)) // may be one off either way at a power of ten
	p := func(k float64) float64 { return math.Pow(10, n+k) }
	cands := []float64{p(1), 3 * p(0), p(0), 3 * p(-1), p(-1)} // descending
	if up {
		slices.Reverse(cands)
	}
	for _, c := range cands {
		c = sig12(c)
		if (!up && c <= v) || (up && c >= v) {
			return c
		}
	}
	return v
}

// sig12 drops the float noise of a power of ten: 3e-1 is 0.30000000000000004.
func sig12(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	return f
}

// log2Extent is the extent of a log-2 axis holding vs: whole powers of two.
func log2Extent(vs ...float64) (lo, hi float64) {
	lo, hi, ok := positiveExtent(vs)
	if !ok {
		return 1, 2
	}
	lo, hi = math.Exp2(math.Floor(math.Log2(lo))), math.Exp2(math.Ceil(math.Log2(hi)))
	if hi == lo {
		hi *= 2
	}
	return lo, hi
}
