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
	"os"
	"path/filepath"
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

type chartCase struct {
	name string
	q    data.Query
}

// chartCases are the queries the chart tests open: video chat at a 500 ms
// deadline, beyond every point; the default; the most crowded legend (four
// GPU curves, p99 latencies up to seconds); and a deadline nothing meets.
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
