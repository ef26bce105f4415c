package e2e

// Browser tests of /embed (the compact calculator for iframes) and of the
// full page's Embed dialog, all served under a strict Content-Security-Policy:
// a violation is a console error, which fails the test like any other.

import (
	"context"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// embedTest is what TestEmbed's subtests share: the dataset, the browser,
// the site under its CSP, and a question with every parameter away from its
// default.
type embedTest struct {
	set    *data.Set
	bctx   context.Context
	origin string
	q      data.Query
}

func TestEmbed(t *testing.T) {
	set, bctx := browserTest(t)
	srv := cspSite(t, "")
	origin := srv.URL
	// Every parameter away from its default, with a second GPU to compare.
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	if r, err := set.Select(q); err != nil || r.Selected == nil || r.Other == nil || q == data.DefaultQuery() {
		t.Fatalf("the test needs a feasible query with another GPU: %+v, %v", q, err)
	}
	et := &embedTest{set: set, bctx: bctx, origin: origin, q: q}

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) { embedScreenshots(t, bctx, origin, dir, set, q) })
	}

	t.Run("Figures", et.figures)
	t.Run("Hide", et.hide)
	t.Run("Hostile", et.hostile)
	t.Run("CrossOriginIframe", et.crossOriginIframe)
	t.Run("ResizeOnlyEmbeds", et.resizeOnlyEmbeds)
	t.Run("SandboxedIframe", et.sandboxedIframe)
	t.Run("SubPath", et.subPath)
}

// figures: the embed at 360 and 720 px, under the site's CSP, answers as
// the core does, with the caveat and the citation in a line at the
// snippet's width, and nothing scrolls sideways at a phone's width.
func (et *embedTest) figures(t *testing.T) {
	t.Parallel()
	set, bctx, origin, q := et.set, et.bctx, et.origin, et.q
	// The server's header is the policy under test.
	res, err := http.Get(origin + "/embed")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("Content-Security-Policy"); got != dist.CSP {
		t.Fatalf("CSP header %q", got)
	}
	tb := newTab(t, bctx, origin)
	for _, path := range []string{"/embed", "/embed/"} {
		tb.openURL(origin + path + "?" + state.String(q))
		v := tb.view()
		expectEmbed(v, set, q, 0)
		if v.has("#notices") {
			t.Errorf("%s: notices for a valid URL: %s", path, v.text("#notices"))
		}
	}
	// The caveat and citation take one line at the snippet's width.
	tb.do(chromedp.EmulateViewport(720, 480))
	lines := eval[float64](tb, `(() => { const p = document.querySelector("#embed-about");
			return p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight) })()`)
	if lines > 1.5 {
		t.Errorf("at 720 px the caveat and citation take %.1f lines, want 1", lines)
	}
	// At a phone's width, the longest names and row ids do not make the
	// embed scroll sideways.
	long := data.Query{Task: "lm-arena-chat", Model: "llama-4-maverick-17b-128e-instruct-fp8", GPU: "H100",
		DeadlineMS: 500, Percentile: data.P99, Tokens: 1e12}
	tb.do(chromedp.EmulateViewport(360, 640))
	tb.openURL(origin + "/embed?" + state.String(long))
	expectEmbed(tb.view(), set, long, 0)
	if w := eval[float64](tb, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("at 360 px the embed is %v px wide", w)
	}
	// Prerendered, before any script, the embed already holds the answer.
	res, err = http.Get(origin + "/embed?" + state.String(q))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	r, _ := set.Select(q)
	for _, want := range []string{data.FormatEnergy(r.Estimate.EnergyWh), `href="/?` + html.EscapeString(state.String(q)) + `"`} {
		if !strings.Contains(string(body), want) {
			t.Errorf("prerendered embed lacks %q", want)
		}
	}
	if !strings.Contains(markupText(string(body)), r.Selected.RowID) {
		t.Errorf("prerendered embed lacks the row %s", r.Selected.RowID)
	}
}

// hide: every hide= value hides its inputs, each visible box shows the
// link's value, the visible inputs still drive the answer, and the URL keeps
// hide.
func (et *embedTest) hide(t *testing.T) {
	t.Parallel()
	set, bctx, origin, q := et.set, et.bctx, et.origin, et.q
	tb := newTab(t, bctx, origin)
	v := tb.view()
	// Each visible box shows the link's value, whatever go-app patches
	// when it hides the others (a patch that turns the deadline's range
	// input into the volume's text box leaves the volume clamped to "50").
	// The order it sets attributes in varies from load to load.
	for _, raw := range []string{"task,model", "task,gpu"} {
		h := hidden(t, raw)
		for range 2 {
			tb.openURL(origin + "/embed?" + state.EmbedString(q, state.Embed{Hidden: h}))
			for sel, want := range map[string]string{"#tokens": data.FormatTokens(q.Tokens), "#deadline": ms(q.DeadlineMS)} {
				if got := eval[string](tb, fmt.Sprintf(`document.querySelector(%q)?.value ?? "<missing>"`, sel)); got != want {
					t.Fatalf("hide=%s: %s shows %q, want %q", raw, sel, got, want)
				}
			}
		}
		tb.shot("embed-hide-" + strings.ReplaceAll(raw, ",", "-"))
	}
	h := hidden(t, "task,gpu,p")
	tb.openURL(origin + "/embed?" + state.EmbedString(q, state.Embed{Hidden: h}))
	expectEmbed(v, set, q, h)
	// The visible inputs still drive the result, and the URL keeps hide.
	tb.change("#tokens", "5M", "input")
	q2 := with(q, func(q *data.Query) { q.Tokens = 5e6 })
	expectEmbed(v, set, q2, h)
	// The URL follows a change a moment later (app/ui replaceQuery).
	if want := "?" + state.EmbedString(q2, state.Embed{Hidden: h}); v.poll(fmt.Sprintf(`location.search === %q`, want)) != nil {
		t.Errorf("location.search = %q, want %q", eval[string](tb, `location.search`), want)
	}
	tb.openURL(origin + "/embed?" + state.EmbedString(q, state.Embed{Hidden: state.AllHidden()}))
	expectEmbed(v, set, q, state.AllHidden())
	if n := eval[int](tb, `document.querySelectorAll("main select, main input").length`); n != 0 {
		t.Errorf("hide=all leaves %d inputs", n)
	}
	// An infeasible deadline the author fixed stays fixed.
	q3 := with(q, func(q *data.Query) { q.DeadlineMS = 1 })
	tb.openURL(origin + "/embed?" + state.EmbedString(q3, state.Embed{Hidden: hidden(t, "deadline")}))
	expectEmbed(v, set, q3, hidden(t, "deadline"))
	// A name hide does not know: the page's usual notice, naming it.
	raw := state.String(q) + "&hide=task,colour,,P"
	tb.openURL(origin + "/embed?" + raw)
	vals, _ := url.ParseQuery(raw)
	h, notices := state.ParseHidden(vals)
	expectEmbed(v, set, q, h)
	got := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.dataset.param + "|" + n.textContent.trim())`)
	if len(got) != 1 || len(notices) != 1 || got[0] != "hide|"+notices[0].Message || !strings.Contains(got[0], `"colour"`) {
		t.Errorf("notices %q, want the one for hide's %q: %+v", got, "colour", notices)
	}
}

// hostile: URL parameters are text, never markup, in the running page and
// the prerendered one.
func (et *embedTest) hostile(t *testing.T) {
	t.Parallel()
	set, bctx, origin := et.set, et.bctx, et.origin
	// URL parameters are text, never markup.
	tb := newTab(t, bctx, origin)
	// A quote too: go-app prerenders attribute values with strconv.Quote,
	// which does not stop a '"' from ending the attribute, so no raw
	// parameter may ever reach an attribute.
	raw := "model=%3Cscript%3Ealert(1)%3C%2Fscript%3E&hide=%3Cimg%20src%3Dx%20onerror%3Dalert(2)%3E,task&tokens=%3Cb%3E1M%3C%2Fb%3E" +
		"&p=%22%3E%3Cimg%20src%3Dy%3E&deadline=%27%22%3E%3Cb%3E"
	tb.openURL(origin + "/embed?" + raw)
	vals, _ := url.ParseQuery(raw)
	want, _ := state.Parse(set, vals)
	h, _ := state.ParseHidden(vals)
	expectEmbed(tb.view(), set, want, h)
	if n := eval[int](tb, `document.querySelectorAll("main img, main script, main b").length`); n != 0 {
		t.Errorf("%d elements made from URL parameters", n)
	}
	if got := tb.text("#notices"); !strings.Contains(got, `<img src=x onerror=alert(2)>`) || !strings.Contains(got, "<script>") {
		t.Errorf("the notices do not quote the values as text: %q", got)
	}
	// Nor in the prerendered page, which the browser parses as HTML.
	res, err := http.Get(origin + "/embed?" + raw)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	// (go-app's own loader has an <img src=…>, in any attribute order.)
	for _, bad := range []string{"<img src=x", "<img src=y", "<script>alert", "<b>"} {
		if strings.Contains(string(body), bad) {
			t.Errorf("the prerendered embed holds %q", bad)
		}
	}
}

// crossOriginIframe: in a frame of another origin, with the README's
// script, the embed computes, reports its height as the frame narrows, and
// its inputs work.
func (et *embedTest) crossOriginIframe(t *testing.T) {
	t.Parallel()
	set, bctx, origin, q := et.set, et.bctx, et.origin, et.q
	host, page := hostSite(t, readmeScript(t, origin))
	if host.URL == origin {
		t.Fatal("the host page needs another origin")
	}
	src := origin + "/embed?" + state.String(q)
	u := page(fmt.Sprintf(`src="%s" width="720" height="300" title="tokenjoule"`, html.EscapeString(src)))
	tb := newTab(t, bctx, host.URL)
	tb.noApp = true
	tb.allow("request to another origin: " + origin + "/") // the embed's own requests
	tb.do(chromedp.Navigate(u))
	frame := tb.iframe("calc")
	expectEmbed(frame, set, q, 0)
	h1 := expectResized(tb, frame, origin)
	// A narrower frame makes the content taller: the embed says so, the
	// script follows.
	eval[bool](tb, `document.getElementById("calc").width = "360", true`)
	tb.waitFor(fmt.Sprintf(`messages.length > 0 && messages[messages.length-1].data.height > %v`, h1), "a new height for a narrower frame")
	expectResized(tb, frame, origin)
	// The inputs work in the frame.
	frame.waitFor(`(() => { const el = document.querySelector("#tokens"); el.value = "1T"; el.dispatchEvent(new Event("input", {bubbles: true})); return true })()`, "typing in the frame")
	expectEmbed(frame, set, with(q, func(q *data.Query) { q.Tokens = 1e12 }), 0)
	if frame.has(`link[rel="manifest"]`) {
		t.Error("the framed embed links a manifest")
	}
	expectLoadedOnce(tb)
}

// resizeOnlyEmbeds: the script resizes the site's embeds, from their own
// documents, and to a bounded height: an advertisement's frame on the same
// page cannot make itself 10⁹ px tall, nor the embed.
func (et *embedTest) resizeOnlyEmbeds(t *testing.T) {
	t.Parallel()
	set, bctx, origin, q := et.set, et.bctx, et.origin, et.q
	host, page := hostSite(t, readmeScript(t, origin))
	src := origin + "/embed?" + state.String(q)
	u := page(fmt.Sprintf(`src="%s" width="720" height="300" title="tokenjoule"`, html.EscapeString(src)))
	tb := newTab(t, bctx, host.URL)
	tb.noApp = true
	tb.allow("request to another origin: " + origin + "/")
	tb.do(chromedp.Navigate(u))
	frame := tb.iframe("calc")
	expectEmbed(frame, set, q, 0)
	expectResized(tb, frame, origin)
	// Listeners run in order: this one sees what the README's did.
	eval[bool](tb, `addEventListener("message", (e) => { if (e.data?.height === 1e9)
			(window.after ??= []).push({calc: document.getElementById("calc").style.height, ad: document.getElementById("ad")?.clientHeight}) }), true`)
	eval[bool](tb, `(() => { const ad = document.createElement("iframe"); ad.id = "ad";
			ad.srcdoc = '<script>parent.postMessage({type: "tokenjoule:height", height: 1e9}, "*")<\/script>';
			document.body.append(ad); return true })()`)
	tb.waitFor(`window.after?.length === 1`, "the advertisement's message")
	evalIn[bool](frame, `parent.postMessage({type: "tokenjoule:height", height: 1e9}, "*"), true`)
	tb.waitFor(`window.after?.length === 2`, "the embed's own huge message")
	got := eval[[]map[string]any](tb, `window.after`)
	if ad := got[0]["ad"].(float64); ad > 1000 {
		t.Errorf("an advertisement's frame resized itself to %v px", ad)
	}
	if calc := got[1]["calc"]; calc != "10000px" {
		t.Errorf("the embed asked for 10⁹ px and got %v, want the 10,000 px bound", calc)
	}
}

// sandboxedIframe: in a frame sandboxed without allow-same-origin the wasm
// runs (a non-default query is answered), from the opaque origin "null".
func (et *embedTest) sandboxedIframe(t *testing.T) {
	t.Parallel()
	set, bctx, origin, q := et.set, et.bctx, et.origin, et.q
	host, page := hostSite(t, readmeScript(t, origin))
	src := origin + "/embed?" + state.String(q)
	u := page(fmt.Sprintf(`sandbox="allow-scripts" src="%s" width="720" height="300" title="tokenjoule"`, html.EscapeString(src)))
	tb := newTab(t, bctx, host.URL)
	tb.noApp = true
	tb.allow("request to another origin: " + origin + "/")
	tb.do(chromedp.Navigate(u))
	frame := tb.isolatedIframe(src)
	// A non-default query answered: the wasm ran, not just the prerender.
	expectEmbed(frame, set, q, 0)
	if got := evalIn[string](frame, `self.origin`); got != "null" {
		t.Fatalf("the sandboxed frame's origin is %q, want the opaque \"null\"", got)
	}
	// Opaque origin: the messages come from "null".
	expectResized(tb, frame, "null")
	frame.waitFor(`(() => { const el = document.querySelector("#tokens"); el.value = "3M"; el.dispatchEvent(new Event("input", {bubbles: true})); return true })()`, "typing in the frame")
	expectEmbed(frame, set, with(q, func(q *data.Query) { q.Tokens = 3e6 }), 0)
	// A frame links no manifest, which an opaque origin could not read.
	if evalIn[bool](frame, `!!document.querySelector('link[rel="manifest"]')`) {
		t.Error("the sandboxed embed links a manifest")
	}
	expectLoadedOnce(tb)
}

// subPath: under /repo/, the embed's links, the snippet and the preview
// keep the sub-path, prerendered and once the wasm runs.
func (et *embedTest) subPath(t *testing.T) {
	t.Parallel()
	set, bctx, q := et.set, et.bctx, et.q
	// Under /repo/, links keep the sub-path after the wasm mounts (go-app
	// would drop it from Href("/x")).
	sub := cspSite(t, "/repo/")
	tb := newTab(t, bctx, sub.URL)
	// Prerendered, go-app's resolver adds the sub-path.
	res, err := http.Get(sub.URL + "/repo/embed?" + state.String(q))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if want := `href="/repo/?` + html.EscapeString(state.String(q)) + `"`; !strings.Contains(string(body), want) {
		t.Errorf("the prerendered embed under /repo/ lacks %s", want)
	}
	tb.openURL(sub.URL + "/repo/embed/?" + state.String(q))
	expectEmbedLink := func(want string) {
		t.Helper()
		if got := eval[string](tb, `document.querySelector("#open-full").href`); got != want {
			t.Errorf("#open-full = %q, want %q", got, want)
		}
	}
	expectEmbedLink(sub.URL + "/repo/?" + state.String(q))
	tb.change("#tokens", "2M", "input")
	q2 := with(q, func(q *data.Query) { q.Tokens = 2e6 })
	tb.waitText("#energy", func() string { r, _ := set.Select(q2); return data.FormatEnergy(r.Estimate.EnergyWh) }())
	expectEmbedLink(sub.URL + "/repo/?" + state.String(q2))

	tb.openURL(sub.URL + "/repo/?" + state.String(q))
	tb.do(chromedp.Click(chromedp.ID("embed-open")))
	tb.waitFor(`!!document.querySelector("#embed-snippet")`, "the Embed dialog")
	want := sub.URL + "/repo/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard})
	if got := eval[string](tb, `document.querySelector("#embed-snippet").value`); !strings.Contains(got, `src="`+html.EscapeString(want+"&made=")) {
		t.Errorf("snippet %q, want src %q", got, want)
	}
	if got := eval[string](tb, `document.querySelector("#embed-preview").href`); got != want {
		t.Errorf("#embed-preview = %q, want %q", got, want)
	}
}

// expectLoadedOnce checks that the host page's iframe loaded one document:
// nothing in the app navigates its frame, to its own URL or any other.
func expectLoadedOnce(tb *tab) {
	tb.t.Helper()
	if n := eval[int](tb, `frameLoads`); n != 1 {
		tb.t.Errorf("the iframe loaded %d documents, want 1: something navigated it", n)
	}
}

// embedScreenshots writes, into dir, for people to look at: each layout of
// the embed (embedCases) in an iframe of a host page 360 and 720 px wide,
// light and dark, fitted to its content by the README's script; the
// interactive embed's first screen in a 380×640 frame; and the Embed
// dialog, the builder, on a desktop and a phone.
func embedScreenshots(t *testing.T, bctx context.Context, origin, dir string, set *data.Set, q data.Query) {
	host, page := hostSite(t, readmeScript(t, origin))
	tb := newTab(t, bctx, host.URL)
	tb.noApp = true
	tb.allow("request to another origin: " + origin + "/")
	write := func(name string, png []byte) {
		t.Helper()
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", file)
	}
	for _, c := range embedCases(t, set, q) {
		for _, width := range []int64{360, 720} {
			for _, s := range []string{"light", "dark"} {
				u := page(fmt.Sprintf(`src="%s%s?%s" width="%d" height="200" title="tokenjoule" style="border:0"`,
					origin, c.path, html.EscapeString(c.query), width))
				tb.do(chromedp.EmulateViewport(width, 400), emulateScheme(s), chromedp.Navigate(u))
				frame := tb.iframe("calc")
				expectResized(tb, frame, origin)
				frame.drawCharts()
				png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				write(fmt.Sprintf("embed-%s-%d-%s.png", c.name, width, s), png)
			}
		}
	}
	// The interactive embed's first screen, as a 380×640 frame shows it.
	for _, s := range []string{"light", "dark"} {
		u := page(fmt.Sprintf(`src="%s/embed?%s" width="380" height="640" title="tokenjoule" style="border:0"`, origin, html.EscapeString(state.String(q))))
		tb.do(chromedp.EmulateViewport(380, 640), emulateScheme(s), chromedp.Navigate(u))
		tb.iframe("calc")
		time.Sleep(700 * time.Millisecond) // let ECharts finish drawing
		png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		write("embed-first-screen-380x640-"+s+".png", png)
	}
	// The builder, on a desktop and on a phone, with the card and the chart;
	// and the pictures it downloads.
	dl := captureDownloads(t, bctx)
	full := newTab(t, bctx, origin)
	for _, size := range [][2]int64{{1280, 900}, {360, 800}} {
		for _, s := range []string{"light", "dark"} {
			full.do(chromedp.EmulateViewport(size[0], size[1]), emulateScheme(s))
			full.open(state.String(q))
			full.do(chromedp.Click(chromedp.ID("embed-open")))
			b := builder{tb: full, origin: origin, path: "/embed", q: q}
			title := func() string { r, _ := set.Select(q); return export.CardOf(r, footprint.Factors{}).Title }()
			b.expect(state.Embed{Layout: state.LayoutCard}, 720, title)
			png, err := chromedp.Run(full.ctx, chromedp.CaptureScreenshot())
			if err != nil {
				t.Fatal(err)
			}
			write(fmt.Sprintf("builder-card-%dx%d-%s.png", size[0], size[1], s), png)
			if size[0] == 1280 && s == "light" {
				full.do(chromedp.Click(chromedp.ID("embed-picture")))
				write("builder-picture-card.png", dl.expect(t, export.Filename(q, "card.png")))
			}
			full.change("#embed-layout", "chart", "change")
			full.change("#embed-width", "360", "change")
			b.expect(state.Embed{Layout: state.LayoutChart, Chart: "latency"}, 360, title)
			full.loadedFrame("embed-frame", "?"+state.EmbedString(q, state.Embed{Layout: state.LayoutChart, Chart: "latency"})).chartReady("chart-latency")
			evalIn[bool](full.view(), `document.querySelector("#embed-preview-box").scrollIntoView(), true`)
			if png, err = chromedp.Run(full.ctx, chromedp.CaptureScreenshot()); err != nil {
				t.Fatal(err)
			}
			write(fmt.Sprintf("builder-chart-360-%dx%d-%s.png", size[0], size[1], s), png)
			if size[0] == 1280 && s == "light" {
				full.do(chromedp.Click(chromedp.ID("embed-picture")))
				write("builder-picture-latency.png", dl.expect(t, export.Filename(q, "latency.png")))
			}
		}
	}
	// The plan page's builder, with its card, and the card's picture.
	p, err := plan.Make(set, q, planTraffic)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		size   [2]int64
		scheme string
	}{{[2]int64{1280, 900}, "light"}, {[2]int64{360, 800}, "dark"}} {
		full.do(chromedp.EmulateViewport(c.size[0], c.size[1]), emulateScheme(c.scheme))
		full.openURL(origin + "/plan?" + state.PlanString(q, planTraffic))
		full.do(chromedp.Click(chromedp.ID("embed-open")))
		b := builder{tb: full, origin: origin, path: "/embed/plan", q: q,
			embedQuery: func(e state.Embed) string { return state.PlanEmbedString(q, planTraffic, e) }}
		b.expect(state.Embed{Layout: state.LayoutCard}, 720, export.PlanCardOf(p, footprint.Factors{}).Title)
		png, err := chromedp.Run(full.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		write(fmt.Sprintf("builder-plan-card-%dx%d-%s.png", c.size[0], c.size[1], c.scheme), png)
		if c.scheme == "light" {
			full.do(chromedp.Click(chromedp.ID("embed-picture")))
			write("builder-picture-plan-card.png", dl.expect(t, export.PlanFilename(p, "card.png")))
		}
	}
}
