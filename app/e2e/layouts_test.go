package e2e

// Browser tests of the embed's layouts (the card, the chart, the
// interactive embed's folded serving details, the compare card) and of the
// builder in the Embed dialog, under the site's CSP. Expected figures come
// from the core (data.Set.Select and Compare) and from package export's
// cards, never from the page.

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// chartFigures are what chartSpecs' i-th chart's title must say of r: the
// model, the GPUs and the selected configuration's figures the chart marks.
func chartFigures(r *data.Result, i int) []string {
	s := r.Selected
	head := r.Model.Name + " on " + r.Query.GPU + ": "
	return [][]string{
		{head, data.FormatMS(r.Query.DeadlineMS), data.FormatNumber(s.Joules()) + " J", s.Hardware()},
		{head, fmt.Sprint(s.MaxNumSeqs), data.FormatNumber(s.Joules()) + " J"},
		{head, fmt.Sprint(s.MaxNumSeqs), data.FormatNumber(float64(s.PowerWatts)) + " W", data.FormatNumber(s.Throughput()) + " tokens"},
	}[i]
}

// expectCard checks a card layout against the core's answer r at the
// footprint f: the title, the figure (the energy at the boundary), the
// comparison, a line for each total that is set, the caveat, and the
// footer; and that it holds no input and no serving detail.
func expectCard(v view, r *data.Result, f footprint.Factors) {
	t := v.t
	t.Helper()
	c := export.CardOf(r, f)
	v.waitText("#question", c.Title)
	want := map[string]string{"#figure-context": c.Context, "#floor": c.Caveat}
	if r.Selected != nil {
		l := f.Ladder(r.Estimate.EnergyWh)
		want["#energy"] = data.FormatEnergy(l.FacilityWh) // what Select gives, at the boundary
		want["#energy-label"], want["#comparison"] = c.Label, c.Comparison
		cmp, _ := footprint.Readable(footprint.Energy, l.FacilityWh)
		if _, u := cmp.In(l.FacilityWh); !strings.Contains(c.Comparison, u.Many) && !strings.Contains(c.Comparison, u.One) {
			t.Errorf("the comparison %q is not the readable one, %s", c.Comparison, u.Many)
		}
	} else {
		want["#infeasible"] = c.Missed
		if d := r.Kind.Deadline(r.MinDeadlineMS()); !strings.Contains(c.Missed, d) {
			t.Errorf("the card's %q lacks the smallest deadline %s", c.Missed, d)
		}
	}
	for sel, w := range want {
		if got := v.text(sel); got != w {
			t.Errorf("%s = %q, want %q", sel, got, w)
		}
	}
	totals := evalIn[[]string](v, `[...document.querySelectorAll("#figure-totals li")].map(li => li.textContent.trim())`)
	if strings.Join(totals, "|") != strings.Join(c.Totals, "|") {
		t.Errorf("totals %q, want %q", totals, c.Totals)
	}
	if l := f.Ladder(r.Estimate.EnergyWh); r.Selected != nil {
		if g, ok := f.Carbon(l); ok && !strings.Contains(strings.Join(totals, " "), footprint.FormatCarbon(g)) {
			t.Errorf("totals %q lack the carbon %s", totals, footprint.FormatCarbon(g))
		}
	}
	if n := evalIn[int](v, `document.querySelectorAll("main :is(input, select, textarea, details, #cfg, .echart)").length`); n != 0 {
		t.Errorf("the card holds %d inputs, folds or charts", n)
	}
	v.expectOneLine("#floor", "#figure-totals li")
	expectFigureFooter(v, r.Model.Source, "/?"+stateOf(r.Query, f))
}

// stateOf is a calculation's query string with its footprint, an embed's,
// as the links to the full pages carry it.
func stateOf(q data.Query, f footprint.Factors) string {
	return state.Footprint{Factors: f, Bare: true}.Page().AppendTo(state.String(q))
}

// expectFigureFooter checks a figure layout's footer: the source and the
// citation, linked, and "Explore in tokenjoule →" to the full page (path
// and query), every link in a new tab.
func expectFigureFooter(v view, src data.Source, page string) {
	t := v.t
	t.Helper()
	got := evalIn[map[string]string](v, `({dataset: document.querySelector("#dataset")?.href ?? "", datasetText: document.querySelector("#dataset")?.textContent ?? "",
		cite: document.querySelector("#cite")?.href ?? "", full: document.querySelector("#open-full")?.href ?? "",
		fullText: document.querySelector("#open-full")?.textContent.trim() ?? "",
		sameTab: [...document.querySelectorAll("main a")].filter(a => a.target !== "_blank").map(a => a.id || a.href).join(" ")})`)
	loc := evalIn[string](v, `location.origin`)
	for k, want := range map[string]string{"dataset": src.URL, "datasetText": "ML.ENERGY Leaderboard v3", "cite": src.CiteURL,
		"full": loc + page, "fullText": "Explore in tokenjoule →", "sameTab": ""} {
		if got[k] != want {
			t.Errorf("footer %s = %q, want %q", k, got[k], want)
		}
	}
}

// expectChartLayout checks the chart layout of chartSpecs' i-th chart: its
// headline from the core's figures, the chart drawn with the selected
// configuration marked, a caption in a line, the caveat and the footer.
func expectChartLayout(v view, r *data.Result, i int) {
	t := v.t
	t.Helper()
	v.waitFor(`!!document.querySelector(".echart")`, "the chart layout")
	if got := v.text("#question"); !strings.HasSuffix(got, ".") || !containsAll(got, chartFigures(r, i)) {
		t.Errorf("the chart's title %q does not say %q", got, chartFigures(r, i))
	}
	id := []string{"chart-latency", "chart-concurrency", "chart-power"}[i]
	if n := evalIn[int](v, `document.querySelectorAll(".echart").length`); n != 1 {
		t.Errorf("%d charts, want 1", n)
	}
	v.chartReady(id)
	got := evalIn[[][]float64](v, fmt.Sprintf(`echarts.getInstanceByDom(document.getElementById(%q)).getOption().series
		.filter(s => s.name === "Selected").flatMap(s => s.data.map(d => d.value))`, id))
	s, q := r.Selected, r.Query
	want := [][][]float64{
		{{q.Percentile.ITL(s), float64(s.JoulesPerToken)}},
		{{float64(s.MaxNumSeqs), float64(s.JoulesPerToken)}},
		{{float64(s.MaxNumSeqs), float64(s.PowerWatts)}, {float64(s.MaxNumSeqs), float64(s.TokensPerSecond)}},
	}[i]
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("%s marks %v, want the selected configuration %v", id, got, want)
	}
	if got := v.text("#floor"); got != export.CardOf(r, footprint.Factors{}).Caveat {
		t.Errorf("#floor = %q", got)
	}
	v.expectOneLine("#chart-caption", "#floor")
	if n := evalIn[int](v, `document.querySelectorAll("main :is(input, select, textarea, #cfg)").length`); n != 0 {
		t.Errorf("the chart layout holds %d inputs", n)
	}
	expectFigureFooter(v, r.Model.Source, "/?"+state.String(q))
}

// expectCompareCard checks the compare card against data.Set.Compare: the
// answer, a bar for each model that meets the deadline, least first, and
// the footer to the full compare page.
func expectCompareCard(v view, set *data.Set, q data.Query, rk *data.Ranking) {
	t := v.t
	t.Helper()
	c := export.CompareCardOf(rk, &set.Index)
	v.waitText("#question", c.Title)
	var meets []data.Ranked
	for _, m := range rk.Models {
		if m.Status() == data.Meets {
			meets = append(meets, m)
		}
	}
	least, most := meets[0].Result.Estimate.EnergyWh, meets[len(meets)-1].Result.Estimate.EnergyWh
	want := fmt.Sprintf("%s uses the least: %s; the most uses %s× as much.", meets[0].Entry.Name, data.FormatEnergy(least), data.FormatRatio(most/least))
	if got := v.text("#answer"); got != want || got != c.Answer {
		t.Errorf("#answer = %q, want %q", got, want)
	}
	v.chartReady("chart-ranking")
	bars := evalIn[int](v, `echarts.getInstanceByDom(document.getElementById("chart-ranking")).getOption().series[0].data.length`)
	if bars != len(meets) {
		t.Errorf("%d bars, want the %d models that meet the deadline", bars, len(meets))
	}
	if n := evalIn[int](v, `document.querySelectorAll("main :is(input, select, table)").length`); n != 0 {
		t.Errorf("the compare card holds %d inputs or tables", n)
	}
	expectFigureFooter(v, set.Index.Source, "/compare?"+state.String(q))
}

// expectOneLine checks, in a view at least 700 px wide (an article's
// column), that each element the selectors match takes one line.
func (v view) expectOneLine(sels ...string) {
	v.t.Helper()
	if evalIn[float64](v, `innerWidth`) < 700 {
		return
	}
	for _, sel := range sels {
		lines := evalIn[[]float64](v, fmt.Sprintf(`[...document.querySelectorAll(%q)].map(e =>
			e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight))`, sel))
		for i, n := range lines {
			if n > 1.5 {
				v.t.Errorf("%s (%d) takes %.1f lines at %v px, want one", sel, i, n, evalIn[float64](v, `innerWidth`))
			}
		}
	}
}

func containsAll(s string, parts []string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// luminanceJS is the relative luminance of a computed CSS colour, "rgb(r, g, b)".
const luminanceJS = `(c => { const [r, g, b] = c.match(/[\d.]+/g).map(Number); return (0.2126*r + 0.7152*g + 0.0722*b) / 255 })`

// expectTheme checks that the view's page is dark or light: its background
// and, if it has one, its chart.
func expectTheme(v view, dark bool) {
	v.t.Helper()
	bg := evalIn[float64](v, luminanceJS+`(getComputedStyle(document.body).backgroundColor)`)
	fg := evalIn[float64](v, luminanceJS+`(getComputedStyle(document.querySelector("main")).color)`)
	if (bg < 0.5) != dark || (fg < 0.5) == dark {
		v.t.Errorf("background luminance %.2f, text %.2f: want dark %v", bg, fg, dark)
	}
	if id := evalIn[string](v, `document.querySelector(".echart")?.id ?? ""`); id != "" {
		v.chartReady(id)
		if got := evalIn[bool](v, fmt.Sprintf(`echarts.getInstanceByDom(document.getElementById(%q)).getOption().darkMode === true`, id)); got != dark {
			v.t.Errorf("chart %s in the dark theme: %v, want %v", id, got, dark)
		}
	}
}

func TestEmbedLayouts(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	cases := embedCases(t, set, q)

	t.Run("Prerendered", func(t *testing.T) {
		t.Parallel()
		for _, c := range cases {
			res, err := http.Get(origin + c.path + "?" + c.query)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			text := html.UnescapeString(markupText(string(body)))
			for _, want := range c.prerendered {
				if !strings.Contains(text, want) {
					t.Errorf("%s: the prerendered page lacks %q", c.name, want)
				}
			}
		}
	})

	// Each layout in a frame sandboxed without allow-same-origin, on a page
	// of another origin with the README's script: at an article's width in
	// the reader's light scheme, and at a phone's in the dark theme the URL
	// asks for (over a light scheme); the README's script fits the frame.
	host, page := hostSite(t, readmeScript(t, origin))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, host.URL, chromedp.EmulateViewport(1000, 900), emulateScheme("light"))
			tb.noApp = true
			tb.allow("request to another origin: " + origin + "/")
			for _, w := range []struct {
				width int
				theme string
			}{{720, ""}, {360, "dark"}} {
				src := origin + c.path + "?" + c.query
				if w.theme != "" {
					src += "&theme=" + w.theme
				}
				tb.do(chromedp.Navigate(page(fmt.Sprintf(`sandbox="allow-scripts" src="%s" width="%d" height="200" title="tokenjoule"`,
					html.EscapeString(src), w.width))))
				frame := tb.isolatedIframe(src)
				c.expect(frame)
				expectTheme(frame, w.theme == "dark")
				frame.expectNoSidewaysScroll(fmt.Sprintf("%s at %d px", c.name, w.width))
				h := expectResized(tb, frame, "null")
				if limit := map[bool]float64{false: 320, true: 345}[strings.HasSuffix(c.name, "-footprint")]; strings.HasPrefix(c.name, "card") && w.width == 720 && h > limit {
					t.Errorf("%s at 720 px is %v px tall, want at most %v (README.md: a footprint's range takes a line)", c.name, h, limit)
				}
				t.Logf("%s at %d px: %v px tall", c.name, w.width, h)
				tb.messagesReset()
			}
		})
	}

	// The reader's dark scheme, and a URL's light theme over it.
	t.Run("Schemes", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, emulateScheme("dark"))
		for _, c := range []struct {
			query string
			dark  bool
		}{
			{state.EmbedString(q, state.Embed{Layout: state.LayoutChart, Chart: "latency"}), true},
			{state.EmbedString(q, state.Embed{Layout: state.LayoutChart, Chart: "latency", Theme: "light"}), false},
			{state.EmbedString(q, state.Embed{Theme: "light"}), false},
		} {
			tb.openURL(origin + "/embed?" + c.query)
			expectTheme(tb.view(), c.dark)
		}
	})

	// Refused values of layout, chart and theme: the notice every refused
	// value gets, and the default in their place.
	t.Run("Refused", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		for _, c := range []struct {
			path, raw string
			layouts   []string
		}{
			{"/embed", state.String(q) + "&layout=poster&theme=sepia", []string{"", "card", "chart"}},
			{"/embed", state.String(q) + "&layout=chart&chart=pie", []string{"", "card", "chart"}},
			{"/embed/compare", state.String(q) + "&layout=chart", []string{"", "card"}},
		} {
			tb.openURL(origin + c.path + "?" + c.raw)
			v, _ := state.ParseQuery(c.raw)
			look, notices := state.ParseEmbed(v, c.layouts)
			got := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.dataset.param + "|" + n.textContent.trim())`)
			var want []string
			for _, n := range notices {
				want = append(want, n.Param+"|"+n.Message)
			}
			if len(want) == 0 || strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s?%s: notices %q, want %q", c.path, c.raw, got, want)
			}
			// The refused values leave the URL; what was understood stays.
			vq, _ := state.ParseQuery(c.raw)
			pq, _ := state.Parse(set, vq)
			if c.path == "/embed/compare" {
				pq, _ = state.ParseCompare(set, vq)
			}
			if want := "?" + state.EmbedString(pq, look); tb.view().poll(fmt.Sprintf(`location.search === %q`, want)) != nil {
				t.Errorf("location.search = %q, want %q", eval[string](tb, `location.search`), want)
			}
		}
	})

	// At 380×640 the interactive embed's first screen holds the answer and
	// the inputs; the serving details are folded away until opened.
	t.Run("Folded", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(380, 640))
		r, _ := set.Select(q)
		s := r.Selected
		secret := []string{"TP ", "DP ", "EP ", "max_num_seqs", s.Precision, s.RowID}
		tb.openURL(origin + "/embed?" + state.String(q))
		v := tb.view()
		v.expectOnFirstScreen(640, "#question", "#energy", "#floor", "#task", "#model", "#gpu", "#deadline", "#percentile", "#tokens")
		screen := v.shownText(true)
		for _, x := range secret {
			if strings.Contains(screen, x) {
				t.Errorf("the first screen shows %q:\n%s", x, screen)
			}
		}
		if sum := v.text("#cfg-summary"); sum != fmt.Sprintf("How it is served: %s, batch limit %d", s.Hardware(), s.MaxNumSeqs) {
			t.Errorf("the fold's line reads %q", sum)
		}
		if eval[bool](tb, `document.querySelector("#cfg-details").open`) {
			t.Error("the fold is open on load")
		}
		tb.do(chromedp.Click(chromedp.ID("cfg-summary")))
		tb.waitFor(`document.querySelector("#cfg-row").checkVisibility()`, "the fold to open")
		all := v.shownText(false)
		for _, x := range secret {
			if !strings.Contains(all, x) {
				t.Errorf("the open fold does not show %q", x)
			}
		}
		v.expectRowWhole("#cfg-row", s.RowID)
		v.expectNoSidewaysScroll("the open fold at 380 px")
	})
}

// shownText is the text the view shows: every text node whose element is
// visible and that takes room, within the window's height if firstScreen.
// (A select shows its chosen option in its own box, which holds no text
// node; none of the texts the tests look for is an option.)
func (v view) shownText(firstScreen bool) string {
	v.t.Helper()
	evalIn[bool](v, `scrollTo(0, 0), true`)
	return evalIn[string](v, fmt.Sprintf(`(() => { const out = [], r = document.createRange(), first = %v;
		const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
		for (let n; (n = walk.nextNode()); ) {
			const el = n.parentElement;
			if (!el || el.closest("select, .sr-only") || !el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
			r.selectNodeContents(n);
			if ([...r.getClientRects()].some(b => b.width > 1 && b.height > 1 && (!first || (b.top < innerHeight && b.bottom > 0)))) out.push(n.textContent);
		}
		return out.join("") })()`, firstScreen))
}

func TestEmbedBuilder(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	r, _ := set.Select(q)
	dl := captureDownloads(t, bctx)

	// Every choice, and the snippets pasted into pages of another origin.
	t.Run("Calculator", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1280, 900))
		tb.open(state.String(q))
		if tb.has("#embed-dialog") {
			t.Fatal("the dialog is open before the button is pressed")
		}
		tb.do(chromedp.Click(chromedp.ID("embed-open")))
		tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the modal Embed dialog")
		b := builder{tb: tb, origin: origin, path: "/embed", q: q}
		// A card by default, in an article's column.
		if got := eval[string](tb, `document.querySelector("#embed-layout").value`); got != "card" {
			t.Errorf("#embed-layout = %q, want card", got)
		}
		title := export.CardOf(r, footprint.Factors{}).Title
		card := b.expect(state.Embed{Layout: state.LayoutCard}, 720, title)
		// The alt text is the card's.
		if got := eval[string](tb, `document.querySelector("#embed-alt").value`); got != export.CardOf(r, footprint.Factors{}).Alt() {
			t.Errorf("alt text %q", got)
		}
		// Every choice: the preview and the snippet follow.
		tb.change("#embed-layout", "chart", "change")
		b.expect(state.Embed{Layout: state.LayoutChart, Chart: "latency"}, 720, title)
		tb.change("#embed-chart", "power", "change")
		b.expect(state.Embed{Layout: state.LayoutChart, Chart: "power"}, 720, title)
		tb.change("#embed-theme", "dark", "change")
		b.expect(state.Embed{Layout: state.LayoutChart, Chart: "power", Theme: "dark"}, 720, title)
		if !evalIn[bool](tb.loadedFrame("embed-frame", "?"+state.EmbedString(q, state.Embed{Layout: state.LayoutChart, Chart: "power", Theme: "dark"})),
			`document.documentElement.dataset.theme === "dark"`) {
			t.Error("the preview is not dark")
		}
		tb.change("#embed-layout", "interactive", "change")
		for _, p := range []string{"task", "model", "gpu", "deadline", "p", "tokens"} {
			if !tb.has("#embed-hide-" + p) {
				t.Errorf("no box to hide %s", p)
			}
		}
		tb.do(chromedp.Click(chromedp.ID("embed-hide-task")), chromedp.Click(chromedp.ID("embed-hide-gpu")))
		b.expect(state.Embed{Theme: "dark", Hidden: hidden(t, "task,gpu")}, 720, title)
		for _, p := range []string{"model", "deadline", "p", "tokens"} {
			tb.do(chromedp.Click(chromedp.ID("embed-hide-" + p)))
		}
		b.expect(state.Embed{Theme: "dark", Hidden: state.AllHidden()}, 720, title)
		tb.change("#embed-theme", "", "change")
		tb.change("#embed-layout", "card", "change")
		tb.change("#embed-width", "360", "change")
		phone := b.expect(state.Embed{Layout: state.LayoutCard}, 360, title)
		if phone.height <= card.height {
			t.Errorf("the card is %d px tall at 360 px and %d at 720: want taller on a phone", phone.height, card.height)
		}

		// The snippets, pasted into a page on another origin, show their
		// layout at the height they give.
		for _, s := range []snippetShot{card, phone} {
			expectPasted(t, bctx, origin, s, func(v view) { expectCard(v, r, footprint.Factors{}) })
		}
	})

	// What the dialog lets an author take away: the pictures, the code and
	// the link. (Not parallel: the downloads are the browser's, and the
	// compare page's are below.)
	t.Run("Takeaway", func(t *testing.T) {
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1280, 900))
		tb.open(state.String(q))
		tb.do(chromedp.Click(chromedp.ID("embed-open")))
		b := builder{tb: tb, origin: origin, path: "/embed", q: q}
		title := export.CardOf(r, footprint.Factors{}).Title
		b.expect(state.Embed{Layout: state.LayoutCard}, 720, title)
		// The picture: the card at twice the pixels.
		tb.do(chromedp.Click(chromedp.ID("embed-picture")))
		expectPNG(t, dl.expect(t, export.Filename(q, "card.png")), 1440, 400, 1400)
		tb.waitFor(`document.querySelector("#embed-status").textContent.startsWith("Saved tokenjoule-")`, "the picture saved")
		tb.change("#embed-layout", "chart", "change")
		tb.change("#embed-chart", "power", "change")
		b.expect(state.Embed{Layout: state.LayoutChart, Chart: "power"}, 720, title)
		tb.do(chromedp.Click(chromedp.ID("embed-picture")))
		expectPNG(t, dl.expect(t, export.Filename(q, "power.png")), 1920, 900, 2400)

		// Copy the code and the link, with the clipboard granted; refused,
		// the box is selected and the status says what to do.
		setClipboard(t, tb, origin, cdpbrowser.PermissionSettingGranted)
		for _, c := range []struct{ button, box, what string }{{"embed-copy", "embed-snippet", "The snippet"}, {"embed-copy-link", "embed-link", "The link"}} {
			tb.do(chromedp.Click(chromedp.ID(c.button)))
			tb.waitText("#embed-status", c.what+" copied to the clipboard.")
			clip, err := clipboardText(tb)
			if err != nil {
				t.Fatalf("reading the clipboard: %v", err)
			}
			if want := eval[string](tb, fmt.Sprintf(`document.querySelector("#%s").value`, c.box)); clip != want {
				t.Errorf("clipboard %q, want %q", clip, want)
			}
		}
		if got := eval[string](tb, `document.querySelector("#embed-link").value`); got != origin+"/?"+state.String(q) {
			t.Errorf("the link is %q, want the full page's", got)
		}
		setClipboard(t, tb, origin, cdpbrowser.PermissionSettingDenied)
		tb.do(chromedp.Click(chromedp.ID("embed-copy")))
		tb.waitFor(`document.querySelector("#embed-status").textContent.startsWith("The browser did not copy")`, "the copy fallback")
		sel := eval[map[string]any](tb, `(() => { const ta = document.querySelector("#embed-snippet");
			return {focused: document.activeElement === ta, all: ta.selectionStart === 0 && ta.selectionEnd === ta.value.length} })()`)
		if sel["focused"] != true || sel["all"] != true {
			t.Errorf("after a refused copy the snippet box is %v, want focused and all selected", sel)
		}
		tb.do(chromedp.Click(chromedp.ID("embed-close")))
		tb.waitFor(`!document.querySelector("#embed-dialog")`, "the dialog to close")
	})

	// On a phone the dialog fits the screen; the preview at an article's
	// width scrolls in its own box.
	t.Run("Phone", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
		tb.open(state.String(q))
		tb.do(chromedp.Click(chromedp.ID("embed-open")))
		b := builder{tb: tb, origin: origin, path: "/embed", q: q}
		b.expect(state.Embed{Layout: state.LayoutCard}, 720, export.CardOf(r, footprint.Factors{}).Title)
		tb.view().expectNoSidewaysScroll("the page with the Embed dialog open at 360 px")
		box := eval[map[string]float64](tb, `(() => { const d = document.querySelector("#embed-dialog"), p = document.querySelector("#embed-preview-box");
			return {dialog: d.getBoundingClientRect().right, dialogScroll: d.scrollWidth - d.clientWidth, preview: p.scrollWidth - p.clientWidth} })()`)
		if box["dialog"] > 360 || box["dialogScroll"] > 0 || box["preview"] <= 0 {
			t.Errorf("at 360 px: the dialog ends at %v px and scrolls %v px sideways; the preview box scrolls %v px (want > 0)",
				box["dialog"], box["dialogScroll"], box["preview"])
		}
	})

	t.Run("Compare", func(t *testing.T) {
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1280, 900))
		tb.openURL(origin + "/compare?" + state.String(q))
		tb.do(chromedp.Click(chromedp.ID("embed-open")))
		tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the modal Embed dialog")
		if got := eval[[]string](tb, `[...document.querySelectorAll("#embed-layout option")].map(o => o.value)`); strings.Join(got, ",") != "card,interactive" {
			t.Errorf("the compare page's layouts are %q, want card and interactive", got)
		}
		rk, _ := set.Compare(q)
		b := builder{tb: tb, origin: origin, path: "/embed/compare", q: q}
		card := b.expect(state.Embed{Layout: state.LayoutCard}, 720, export.CompareCardOf(rk, &set.Index).Title)
		expectPasted(t, bctx, origin, card, func(v view) { expectCompareCard(v, set, q, rk) })
		tb.change("#embed-layout", "interactive", "change")
		tb.waitFor(`!!document.querySelector("#embed-hide")`, "the boxes to hide controls")
		if tb.has("#embed-hide-model") {
			t.Error("the compare embed offers to hide a model selector it does not have")
		}
		tb.do(chromedp.Click(chromedp.ID("embed-picture")))
		expectPNG(t, dl.expect(t, export.Filename(rk.Query, "ranking.png")), 1920, 900, 3000)
	})
}
