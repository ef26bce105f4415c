package e2e

// Browser tests of the three charts at a phone's width, light and dark: what
// ECharts drew, read back from its live instances (legends, axis labels and
// names, the x axis' extent, the labels of the selected markers, the colours
// of every text on the canvas), the tooltips, and the charts' accessible
// names as the browser's accessibility tree gives them. Expected values come
// from package data; only the descriptions' wording comes from package
// charts, and their figures are checked against data as well.
//
// What is read from the instance goes through ECharts internals
// (getModel, getViewOfComponentModel, the zrender display list): the
// runtime is pinned (web/echarts.sha256), and these are what show a label
// hidden or two texts overlapping.

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// chartIDs are the page's charts and what describes each.
var chartIDs = []struct {
	id       string
	title    string
	describe func(*data.Result) string
}{
	{"chart-latency", charts.TitleEnergyLatency, charts.DescribeEnergyLatency},
	{"chart-concurrency", charts.TitleEnergyConcurrency, charts.DescribeEnergyConcurrency},
	{"chart-power", charts.TitlePowerThroughput, charts.DescribePowerThroughput},
}

type chartCase struct {
	name string
	q    data.Query
}

// chartCases are the queries the chart tests open: the one issue 9 names
// (video chat at a 500 ms deadline, beyond every point), the default, the
// most crowded legend (four GPU curves, p99 latencies up to seconds), and a
// deadline nothing meets.
func chartCases(t *testing.T, set *data.Set) []chartCase {
	t.Helper()
	def := data.DefaultQuery()
	video := state.Normalize(set, with(def, func(q *data.Query) { q.Task = "video-chat" }))
	r, err := set.Select(video)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Model.Configurations {
		if float64(c.MedianITL) >= video.DeadlineMS {
			t.Fatalf("the video-chat case needs a deadline beyond every point, but %s has %v ms", c.RowID, c.MedianITL)
		}
	}
	crowded := data.Query{Task: "video-chat", Model: "qwen-3-vl-235b-a22b-instruct-fp8", GPU: data.AnyGPU, DeadlineMS: 500, Percentile: data.P99, Tokens: 1e6}
	if r, err := set.Select(crowded); err != nil || len(r.Model.Curves(crowded.GPU, crowded.Percentile, crowded.DeadlineMS)) < 4 {
		t.Fatalf("the crowded case needs four curves: %v", err)
	}
	return []chartCase{
		{"video-chat-500ms", video},
		{"default", def},
		{"four-curves-p99", crowded},
		{"infeasible", with(def, func(q *data.Query) { q.GPU = "H100"; q.DeadlineMS = 1; q.Percentile = data.P90 })},
	}
}

func TestCharts(t *testing.T) {
	set, bctx := browserTest(t)
	origin := site(t).URL
	cases := chartCases(t, set)

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) { chartScreenshots(t, bctx, origin, dir, cases) })
	}

	for _, scheme := range []string{"light", "dark"} {
		t.Run("Phone/"+scheme, func(t *testing.T) {
			tb := newTab(t, bctx, origin)
			tb.do(emulate(360, 800, scheme)...)
			for _, c := range cases {
				tb.open(state.String(c.q))
				r, err := set.Select(c.q)
				if err != nil {
					t.Fatal(err)
				}
				for _, spec := range chartIDs {
					tb.checkChart(c.name, spec.id, r)
					tb.checkAccessibleName(c.name, spec.id, spec.title, spec.describe(r), r)
				}
			}
			tb.checkTooltip(set)

			// A change of input redraws the charts and renames them.
			q := with(data.DefaultQuery(), func(q *data.Query) { q.DeadlineMS = 25 })
			tb.change("#deadline", "25", "input")
			r, _ := set.Select(q)
			for _, spec := range chartIDs {
				want := spec.describe(r)
				ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
				_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById(%q).getAttribute("aria-label") === %q`, spec.id, want)))
				cancel()
				if err != nil {
					t.Errorf("after the deadline changed to 25 ms, %s is named %q", spec.id, eval[string](tb, fmt.Sprintf(`document.getElementById(%q).getAttribute("aria-label")`, spec.id)))
					continue
				}
				tb.checkAccessibleName("deadline typed", spec.id, spec.title, want, r)
				tb.checkChart("deadline typed", spec.id, r)
			}
		})
	}

	// Narrowed after drawing, a chart lays itself out again: ECharts
	// re-applies its media rules on resize.
	t.Run("Narrowed", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		tb.do(emulate(1440, 900, "light")...)
		c := cases[2] // the crowded legend
		tb.open(state.String(c.q))
		r, _ := set.Select(c.q)
		tb.chartReady("chart-power")
		wide := eval[float64](tb, `echarts.getInstanceByDom(document.getElementById("chart-power")).getWidth()`)
		tb.do(chromedp.EmulateViewport(360, 800))
		ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
		defer cancel()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`echarts.getInstanceByDom(document.getElementById("chart-power")).getWidth() < 340`)); err != nil {
			t.Fatalf("the power chart (%v px wide) did not narrow with the window", wide)
		}
		for _, spec := range chartIDs {
			tb.checkChart(c.name+", narrowed", spec.id, r)
		}
	})
}

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

// checkChart checks what ECharts drew for the chart id of r.
func (tb *tab) checkChart(name, id string, r *data.Result) {
	t := tb.t
	t.Helper()
	d := tb.drawn(id)
	where := fmt.Sprintf("%s, %s (%v px wide)", name, id, d.Width)
	inCanvas := func(what string, b box) {
		x0, y0, x1, y1 := b.bounds()
		if x0 < -0.5 || y0 < -0.5 || x1 > d.Width+0.5 || y1 > d.Height+0.5 {
			t.Errorf("%s: %s (%.0f,%.0f–%.0f,%.0f) leaves the %v×%v canvas", where, what, x0, y0, x1, y1, d.Width, d.Height)
		}
	}

	// Legends: plain, whole, inside the canvas and above the axis names.
	legendBottom := 0.0
	if len(d.Legends) == 0 {
		t.Errorf("%s: no legend", where)
	}
	for i, l := range d.Legends {
		if l.Type != "plain" {
			t.Errorf("%s: legend %d is %q, want plain: a scroll legend pages (\"1/2\") on a phone", where, i, l.Type)
		}
		if l.Items != len(l.Names) {
			t.Errorf("%s: legend %d draws %d of its %d entries %q", where, i, l.Items, len(l.Names), l.Names)
		}
		inCanvas(fmt.Sprintf("legend %d", i), l.Box)
		_, _, _, y1 := l.Box.bounds()
		legendBottom = max(legendBottom, y1)
	}
	curves := r.Model.Curves(r.Query.GPU, r.Query.Percentile, r.Query.DeadlineMS)
	for _, cv := range curves {
		if n := fmt.Sprintf("%s × %d", cv.GPU, cv.NumGPUs); !slices.Contains(d.Legends[0].Names, n) {
			t.Errorf("%s: legend %q lacks %q", where, d.Legends[0].Names, n)
		}
	}

	// Axis names: above their plot and below the legends, apart, inside.
	for i, n := range d.YNames {
		if n == nil || n.Hidden {
			t.Errorf("%s: y axis %d's name is not shown", where, i)
			continue
		}
		_, y0, _, y1 := n.Box.bounds()
		if top := d.YTops[i]; y0 < legendBottom-1 || y1 > top+1 {
			t.Errorf("%s: y axis name %q (%.0f–%.0f) is not between the legends (bottom %.0f) and its plot (top %.0f)", where, n.Text, y0, y1, legendBottom, top)
		}
		inCanvas("y axis name "+n.Text, n.Box)
		for _, o := range d.YNames[:i] {
			if o != nil && overlaps(n.Box, o.Box) {
				t.Errorf("%s: y axis names %q and %q overlap", where, n.Text, o.Text)
			}
		}
	}

	// x labels: all shown, none touching another, inside; the name below them.
	if len(d.XLabels) < 2 {
		t.Errorf("%s: x axis labels %+v, want at least two", where, d.XLabels)
	}
	labelsBottom := 0.0
	for i, l := range d.XLabels {
		if l.Hidden {
			t.Errorf("%s: x label %q is hidden (it overlapped another)", where, l.Text)
		}
		inCanvas("x label "+l.Text, l.Box)
		for _, o := range d.XLabels[:i] {
			if overlaps(l.Box, o.Box) {
				t.Errorf("%s: x labels %q and %q overlap", where, o.Text, l.Text)
			}
		}
		_, _, _, y1 := l.Box.bounds()
		labelsBottom = max(labelsBottom, y1)
	}
	if d.XName == nil {
		t.Errorf("%s: the x axis has no name", where)
	} else {
		_, y0, _, _ := d.XName.Box.bounds()
		if y0 < labelsBottom-1 {
			t.Errorf("%s: the x axis name %q (top %.0f) overlaps its labels (bottom %.0f)", where, d.XName.Text, y0, labelsBottom)
		}
		inCanvas("x axis name", d.XName.Box)
	}

	// The x axis holds every point and, on the latency chart, the deadline.
	if len(d.XExtent) != 2 {
		t.Fatalf("%s: x extent %v", where, d.XExtent)
	}
	lo, hi := d.XExtent[0], d.XExtent[1]
	for _, s := range d.Series {
		for _, v := range s.Values {
			if len(v) == 2 && (v[0] < lo*(1-1e-9) || v[0] > hi*(1+1e-9)) {
				t.Errorf("%s: point %v of %q lies outside the x axis %v–%v", where, v, s.Name, lo, hi)
			}
		}
	}
	if id == "chart-latency" {
		dl := r.Query.DeadlineMS
		// Inside, not on an end, where its line would hide in the axis.
		if !(lo < dl && dl < hi) {
			t.Errorf("%s: the x axis runs %v–%v ms, without the %v ms deadline inside", where, lo, hi, dl)
		}
		deadline := ""
		for _, s := range d.Series {
			if slices.Equal(s.MarkX, []float64{dl}) {
				deadline = s.Name
			}
		}
		if deadline == "" || !slices.Contains(d.Legends[0].Names, deadline) || !strings.Contains(deadline, ms(dl)+" ms") {
			t.Errorf("%s: the deadline's line is in series %q, which the legend %q should name with %s ms", where, deadline, d.Legends[0].Names, ms(dl))
		}
	}

	// The power chart's two selected markers carry their figures.
	if s := r.Selected; id == "chart-power" && s != nil {
		for _, want := range []string{data.FormatNumber(float64(s.PowerWatts)) + " W", data.FormatNumber(s.Throughput()) + " tokens/s"} {
			i := slices.IndexFunc(d.Texts, func(x drawnText) bool { return x.Text == want })
			if i < 0 {
				t.Errorf("%s: no label %q on the selected markers", where, want)
				continue
			}
			inCanvas("label "+want, d.Texts[i].Box)
		}
	}

	// Every text is legible on what it is drawn on (WCAG AA, 4.5:1), as
	// drawn: a translucent label lets the page through.
	for _, x := range d.Texts {
		back, err := rgb(d.Background)
		if err == nil && x.Back != "" {
			var own [3]float64
			if own, err = rgb(x.Back); err == nil {
				back = blend(own, back, x.BackOp)
			}
		}
		fill, err2 := rgb(x.Fill)
		if err != nil || err2 != nil {
			t.Errorf("%s: text %q: %v %v", where, x.Text, err, err2)
			continue
		}
		if c := ratio(blend(fill, back, x.Opacity), back); c < 4.5 {
			t.Errorf("%s: text %q is %s (opacity %v) on %s/%s (opacity %v), contrast %.2f:1, want 4.5:1",
				where, x.Text, x.Fill, x.Opacity, x.Back, d.Background, x.BackOp, c)
		}
	}
}

// checkAccessibleName checks that the accessibility tree gives the chart the
// role of an image and a name that says what it shows.
func (tb *tab) checkAccessibleName(name, id, title, want string, r *data.Result) {
	t := tb.t
	t.Helper()
	var node *accessibility.Node
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		doc, err := cdp.Call(ctx, tg, dom.GetDocument, dom.GetDocumentParams{})
		if err != nil {
			return err
		}
		el, err := cdp.Call(ctx, tg, dom.QuerySelector, dom.QuerySelectorParams{NodeID: doc.Root.NodeID, Selector: "#" + id})
		if err != nil {
			return err
		}
		no := false
		ax, err := cdp.Call(ctx, tg, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{NodeID: el.NodeID, FetchRelatives: &no})
		if err != nil {
			return err
		}
		if len(ax.Nodes) > 0 {
			node = ax.Nodes[0]
		}
		return nil
	}))
	str := func(v *accessibility.Value) string {
		if v == nil {
			return ""
		}
		var s string
		json.Unmarshal(v.Value, &s)
		return s
	}
	where := name + ", " + id
	if node == nil || node.Ignored {
		t.Fatalf("%s: the chart is not in the accessibility tree", where)
	}
	if role := str(node.Role); role != "image" && role != "img" {
		t.Errorf("%s: role %q, want image", where, role)
	}
	got := str(node.Name)
	if got != want {
		t.Errorf("%s: accessible name\n%q\nwant\n%q", where, got, want)
	}
	// What it must say, from the data rather than from the describer.
	q := r.Query
	musts := []string{title, r.Model.Name, strconv.FormatFloat(q.DeadlineMS, 'f', -1, 64) + " ms deadline"}
	if s := r.Selected; s != nil {
		musts = append(musts, fmt.Sprintf("Selected: %s × %d", s.GPU, s.NumGPUs), fmt.Sprintf("batch size limit of %d", s.MaxNumSeqs))
	} else {
		musts = append(musts, "No configuration meets", data.FormatITL(q.Percentile.ITL(r.Fastest), q.DeadlineMS)+" ms")
	}
	for _, m := range musts {
		if !strings.Contains(got, m) {
			t.Errorf("%s: accessible name %q does not say %q", where, got, m)
		}
	}
}

// checkTooltip opens the tooltip of the selected point of each chart of the
// default query and checks that it names the configuration, its figures and
// its row, legibly and within the screen.
func (tb *tab) checkTooltip(set *data.Set) {
	t := tb.t
	t.Helper()
	q := data.DefaultQuery()
	tb.open("")
	r, _ := set.Select(q)
	s := r.Selected
	for _, spec := range chartIDs {
		tb.chartReady(spec.id)
		got := eval[struct {
			Text, Color, Back  string
			Left, Right, Width float64
		}](tb, fmt.Sprintf(`(() => { const el = document.getElementById(%q); const inst = echarts.getInstanceByDom(el);
			const i = inst.getOption().series.findIndex(s => s.name === %q);
			inst.dispatchAction({type: "showTip", seriesIndex: i, dataIndex: 0});
			const tip = [...el.querySelectorAll("div")].find(d => d.children.length === 0 && d.textContent.includes("Dataset row")) ||
				[...el.querySelectorAll("div")].reverse().find(d => d.textContent.includes("Dataset row"));
			if (!tip) return {Text: ""};
			const cs = getComputedStyle(tip); const r = tip.getBoundingClientRect();
			let back = cs.backgroundColor, a = tip;
			while (a && back === "rgba(0, 0, 0, 0)") { a = a.parentElement; back = getComputedStyle(a).backgroundColor }
			return {Text: tip.innerText, Color: cs.color, Back: back, Left: r.left, Right: r.right, Width: innerWidth} })()`, spec.id, charts.SeriesSelected))
		where := "tooltip of " + spec.id
		if got.Text == "" {
			t.Errorf("%s: no tooltip shown", where)
			continue
		}
		for _, want := range []string{s.RowID, fmt.Sprintf("%s × %d", s.GPU, s.NumGPUs), data.FormatNumber(s.Joules()) + " J/token",
			data.FormatNumber(float64(s.MedianITL)) + " ms", data.FormatNumber(float64(s.PowerWatts)) + " W", data.FormatNumber(s.Throughput()) + " tokens/s"} {
			if !strings.Contains(got.Text, want) {
				t.Errorf("%s: %q lacks %q", where, got.Text, want)
			}
		}
		if c, err := contrast(got.Color, got.Back); err != nil || c < 4.5 {
			t.Errorf("%s: text %s on %s, contrast %.2f:1 (%v), want 4.5:1", where, got.Color, got.Back, c, err)
		}
		if got.Left < 0 || got.Right > got.Width {
			t.Errorf("%s: runs %v–%v, off the %v px screen", where, got.Left, got.Right, got.Width)
		}
	}
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

// chartScreenshots writes each chart of each case, at a phone's and a wide
// screen's size, light and dark, and the latency chart's tooltip open, into
// dir, for people to look at.
func chartScreenshots(t *testing.T, bctx context.Context, origin, dir string, cases []chartCase) {
	tb := newTab(t, bctx, origin)
	for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
		for _, scheme := range []string{"light", "dark"} {
			tb.do(emulate(size[0], size[1], scheme)...)
			for _, c := range cases {
				tb.open(state.String(c.q))
				time.Sleep(300 * time.Millisecond) // let ECharts finish drawing
				shoot := func(id, name string) {
					tb.chartReady(id)
					png, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.ID(id)))
					if err != nil {
						t.Fatal(err)
					}
					file := filepath.Join(dir, fmt.Sprintf("chart-%s-%s-%dx%d-%s.png", c.name, name, size[0], size[1], scheme))
					if err := os.WriteFile(file, png, 0o644); err != nil {
						t.Fatal(err)
					}
					t.Logf("wrote %s", file)
				}
				for _, spec := range chartIDs {
					shoot(spec.id, strings.TrimPrefix(spec.id, "chart-"))
				}
				if c.name == "default" {
					eval[bool](tb, `(() => { const inst = echarts.getInstanceByDom(document.getElementById("chart-latency"));
						inst.dispatchAction({type: "showTip", seriesIndex: inst.getOption().series.findIndex(s => s.name === "Selected"), dataIndex: 0}); return true })()`)
					time.Sleep(200 * time.Millisecond)
					shoot("chart-latency", "latency-tooltip")
				}
			}
		}
	}
}
