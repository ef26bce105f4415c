package e2e

// The charts as ECharts drew them: the boxes of their texts, labels and
// points, and their colours.

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// box is a rectangle in a chart's canvas, and the transform that places it:
// rotated labels are checked as rotated boxes.
type box struct {
	X, Y, W, H float64
	M          []float64 // zrender's [a, b, c, d, e, f]; none: identity
}

type point struct{ x, y float64 }

func (b box) corners() [4]point {
	m := b.M
	if len(m) != 6 {
		m = []float64{1, 0, 0, 1, 0, 0}
	}
	at := func(x, y float64) point { return point{m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]} }
	return [4]point{at(b.X, b.Y), at(b.X+b.W, b.Y), at(b.X+b.W, b.Y+b.H), at(b.X, b.Y+b.H)}
}

// bounds is the upright rectangle around b.
func (b box) bounds() (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range b.corners() {
		x0, y0, x1, y1 = min(x0, p.x), min(y0, p.y), max(x1, p.x), max(y1, p.y)
	}
	return
}

// overlaps tells whether two boxes, rotated or not, share any area (beyond
// a pixel's rounding), by the separating axis test.
func overlaps(a, b box) bool {
	ca, cb := a.corners(), b.corners()
	for _, poly := range [][4]point{ca, cb} {
		for i := range 2 {
			ax := point{poly[i+1].x - poly[i].x, poly[i+1].y - poly[i].y}
			n := math.Hypot(ax.x, ax.y)
			if n == 0 {
				continue
			}
			ax = point{-ax.y / n, ax.x / n}
			proj := func(ps [4]point) (lo, hi float64) {
				lo, hi = math.Inf(1), math.Inf(-1)
				for _, p := range ps {
					v := p.x*ax.x + p.y*ax.y
					lo, hi = min(lo, v), max(hi, v)
				}
				return
			}
			alo, ahi := proj(ca)
			blo, bhi := proj(cb)
			if ahi <= blo+1 || bhi <= alo+1 {
				return false
			}
		}
	}
	return true
}

type drawnText struct {
	Text    string  `json:"text"`
	Hidden  bool    `json:"hidden"`
	Box     box     `json:"box"`
	Fill    string  `json:"fill"`
	Opacity float64 `json:"opacity"`
	Back    string  `json:"back"` // the label's own background, if any
	BackOp  float64 `json:"backOpacity"`
}

// drawn is what ECharts drew for one chart.
type drawn struct {
	Width, Height float64
	Legends       []struct {
		Type  string   `json:"type"`
		Items int      `json:"items"` // entries drawn
		Names []string `json:"names"` // entries asked for
		Box   box      `json:"box"`
	}
	XExtent []float64
	XLabels []drawnText
	XName   *drawnText
	YNames  []*drawnText
	YTops   []float64   // the top of the plot of each y axis
	Texts   []drawnText // every text on the canvas that is shown
	Series  []struct {
		Name   string      `json:"name"`
		Values [][]float64 `json:"values"`
		MarkX  []float64   `json:"markX"`
	}
	Background string // the page behind the canvas
}

// boxJS defines box, an element's bounding rectangle and its transform, as
// type box reads them.
const boxJS = `
	const box = e => { const r = e.getBoundingRect(); const m = e.getComputedTransform(); return {X: r.x, Y: r.y, W: r.width, H: r.height, M: m ? Array.from(m) : []} };
`

const drawnJS = `(id => {` + boxJS + `
	const el = document.getElementById(id);
	const inst = echarts.getInstanceByDom(el);
	if (!inst) return null;
	const model = inst.getModel();
	const all = type => { const out = []; model.eachComponent(type, c => out.push(c)); return out };
	const texts = g => { const out = []; g.traverse(e => { if (e.type === "text") out.push(e) }); return out };
	const text = e => ({text: e.style.text, hidden: !!(e.ignore || e.invisible), box: box(e), fill: String(e.style.fill || ""), opacity: 1, back: "", backOpacity: 1});
	// The named x axis: of panels, the lower one's.
	const x = all("xAxis").find(a => a.get("name")) || model.getComponent("xAxis", 0);
	const xTexts = texts(inst.getViewOfComponentModel(x).group);
	const labels = x.axis.getViewLabels().map(l => l.formattedLabel);
	const opt = inst.getOption();
	let back = "", a = el;
	while (a && (!back || back === "rgba(0, 0, 0, 0)")) { back = getComputedStyle(a).backgroundColor; a = a.parentElement }
	const shown = [];
	inst.getZr().storage.getDisplayList().forEach(e => {
		if (e.type !== "tspan" || !e.style.text) return;
		// A label's background is drawn by its text element, with its opacity.
		const host = e.parent && e.parent.style ? e.parent : null;
		shown.push({text: e.style.text, hidden: false, box: box(e), fill: String(e.style.fill || ""), opacity: e.style.opacity ?? 1,
			back: String(host && host.style.backgroundColor || ""), backOpacity: host ? host.style.opacity ?? 1 : 1});
	});
	return {
		Width: inst.getWidth(), Height: inst.getHeight(),
		Legends: all("legend").map(l => { const v = inst.getViewOfComponentModel(l);
			return {type: l.subType, items: v.getContentGroup().children().length, names: l.getData().map(d => d.get("name")), box: box(v.group)} }),
		XExtent: x.axis.scale.getExtent(),
		XLabels: xTexts.filter(e => labels.includes(e.style.text)).map(text),
		XName: (t => t ? text(t) : null)(xTexts.find(e => e.style.text === x.get("name"))),
		YNames: all("yAxis").map(y => (t => t ? text(t) : null)(texts(inst.getViewOfComponentModel(y).group).find(e => e.style.text === y.get("name")))),
		YTops: all("yAxis").map(y => y.getCoordSysModel().coordinateSystem.getRect().y),
		Texts: shown,
		Series: opt.series.map(s => ({name: s.name, values: (s.data || []).map(d => d.value),
			markX: ((s.markLine || {}).data || []).map(d => d.xAxis)})),
		Background: back,
	};
})`

func (tb *tab) drawn(id string) drawn {
	tb.t.Helper()
	tb.chartReady(id)
	return eval[drawn](tb, fmt.Sprintf("%s(%q)", drawnJS, id))
}

// texts reads every text the chart id draws, each the box of its lines at
// its line height (a tspan's own box is a sliver).
func (tb *tab) texts(id string) []drawnText {
	tb.t.Helper()
	tb.chartReady(id)
	return eval[[]drawnText](tb, fmt.Sprintf(`(id => {`+boxJS+`
	const labels = new Set();
	echarts.getInstanceByDom(document.getElementById(id)).getZr().storage.getDisplayList().forEach(e => {
		if (e.type === "tspan" && e.style.text && e.parent && e.parent.type === "text") labels.add(e.parent);
	});
	return Array.from(labels, e => ({text: e.style.text, box: box(e)}));
})(%q)`, id))
}

// labelDrawn is a label a series draws (see seriesJS), and where.
type labelDrawn struct {
	Series             string
	SeriesIndex, Index int
	Text               string
	Box                box
}

// seriesJS reads, from a chart's instance, the boxes of the labels and of
// the points each series draws, and the colours each draws with. The
// runtime is pinned (web/echarts.sha256): these internals (getModel,
// getItemGraphicEl, the labels as their elements' text content) are what
// show where a label landed.
const seriesJS = `(id => {
	const el = document.getElementById(id);
	const inst = echarts.getInstanceByDom(el);
	if (!inst) return null;
	const box = e => { const r = e.getBoundingRect().clone(); const m = e.getComputedTransform(); if (m) r.applyTransform(m); return {X: r.x, Y: r.y, W: r.width, H: r.height} };
	let back = "", a = el;
	while (a && (!back || back === "rgba(0, 0, 0, 0)")) { back = getComputedStyle(a).backgroundColor; a = a.parentElement }
	const out = {Width: inst.getWidth(), Height: inst.getHeight(), Background: back, Labels: [], Points: [], Inks: []};
	inst.getModel().eachSeries(sm => {
		const data = sm.getData(), name = sm.name, si = sm.seriesIndex;
		const ink = e => { if (!e.style || e.type === "text" || e.type === "tspan" || e.invisible || e.ignore) return;
			const s = e.style; out.Inks.push({Series: name, Type: e.type, Fill: String(s.fill ?? ""), Stroke: String(s.stroke ?? ""),
				LineWidth: s.lineWidth ?? 0, Opacity: s.opacity ?? 1}) };
		inst.getViewOfSeriesModel(sm).group.traverse(ink);
		data.each(i => {
			const g = data.getItemGraphicEl(i);
			if (!g || g.ignore || g.invisible) return;
			let sym = g;
			g.traverse && g.traverse(c => { if (c !== g && c.type !== "text" && c.type !== "tspan" && c.getTextContent) sym = c });
			if (sm.subType !== "bar") out.Points.push({Series: name, SeriesIndex: si, Index: i, Box: box(sym)});
			const label = (sym.getTextContent && sym.getTextContent()) || (g.getTextContent && g.getTextContent());
			if (label && !label.ignore && !label.invisible && label.style.text) {
				out.Labels.push({Series: name, SeriesIndex: si, Index: i, Text: label.style.text, Box: box(label)});
			}
		});
	});
	return out;
})`

type seriesDrawn struct {
	Width, Height float64
	Background    string
	Labels        []labelDrawn
	Points        []pointDrawn
	Inks          []struct {
		Series, Type, Fill, Stroke string
		LineWidth, Opacity         float64
	}
}

// pointDrawn is a point a series draws, and where.
type pointDrawn struct {
	Series             string
	SeriesIndex, Index int
	Box                box
}

func (tb *tab) series(id string) seriesDrawn {
	tb.t.Helper()
	tb.chartReady(id)
	return eval[seriesDrawn](tb, fmt.Sprintf("%s(%q)", seriesJS, id))
}

// contrast is the WCAG contrast ratio of two opaque CSS colours.
func contrast(a, b string) (float64, error) {
	ca, err := rgb(a)
	if err != nil {
		return 0, err
	}
	cb, err := rgb(b)
	if err != nil {
		return 0, err
	}
	return ratio(ca, cb), nil
}

// ratio is the WCAG contrast ratio of two colours.
func ratio(a, b [3]float64) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// blend is colour c drawn with opacity op over under.
func blend(c, under [3]float64, op float64) [3]float64 {
	var out [3]float64
	for i := range out {
		out[i] = op*c[i] + (1-op)*under[i]
	}
	return out
}

// rgb reads a CSS colour written as #rgb, #rrggbb, rgb() or rgba(), its
// alpha ignored.
func rgb(c string) ([3]float64, error) {
	var rgb [3]float64
	c = strings.TrimSpace(strings.ToLower(c))
	switch {
	case strings.HasPrefix(c, "#") && (len(c) == 4 || len(c) == 7):
		h := c[1:]
		if len(h) == 3 {
			h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
		}
		for i := range 3 {
			v, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
			if err != nil {
				return rgb, fmt.Errorf("colour %q: %v", c, err)
			}
			rgb[i] = float64(v)
		}
	case strings.HasPrefix(c, "rgb"):
		inner := c[strings.Index(c, "(")+1 : strings.LastIndex(c, ")")]
		parts := strings.FieldsFunc(inner, func(r rune) bool { return r == ',' || r == ' ' || r == '/' })
		if len(parts) < 3 {
			return rgb, fmt.Errorf("colour %q", c)
		}
		for i := range 3 {
			v, err := strconv.ParseFloat(parts[i], 64)
			if err != nil {
				return rgb, fmt.Errorf("colour %q: %v", c, err)
			}
			rgb[i] = v
		}
	default:
		return rgb, fmt.Errorf("colour %q: not #rgb, #rrggbb or rgb()", c)
	}
	return rgb, nil
}

// luminance is a colour's relative luminance (WCAG 2).
func luminance(rgb [3]float64) float64 {
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(rgb[0]) + 0.7152*lin(rgb[1]) + 0.0722*lin(rgb[2])
}
