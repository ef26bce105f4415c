package e2e

// Browser tests of the compare page (/compare and /embed/compare) and of the
// downloads and summary of both pages, under the site's CSP. Downloads are
// captured where the browser saves them (Browser.setDownloadBehavior), so
// what is checked is the file a reader gets.

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tokenjoule/app/cli"
	"tokenjoule/app/dist"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
)

// download is a file the browser saved.
type download struct {
	name string // the name the page gave it
	body []byte
	err  string // why the browser did not save it
}

// downloads captures every file the browser saves, from any tab or frame.
type downloads struct {
	t    *testing.T
	dir  string
	ch   chan download
	mu   sync.Mutex
	name map[string]string // by the download's guid
}

// captureDownloads makes the browser save downloads into a temporary
// directory, each under its guid, and report them.
func captureDownloads(t *testing.T, bctx context.Context) *downloads {
	t.Helper()
	d := &downloads{t: t, dir: t.TempDir(), ch: make(chan download, 16), name: map[string]string{}}
	err := chromedp.ListenBrowser(bctx, func(ev any) {
		switch ev := ev.(type) {
		case *cdpbrowser.EventDownloadWillBegin:
			d.mu.Lock()
			d.name[ev.GUID] = ev.SuggestedFilename
			d.mu.Unlock()
		case *cdpbrowser.EventDownloadProgress:
			if ev.State == cdpbrowser.DownloadProgressStateInProgress {
				return
			}
			d.mu.Lock()
			name := d.name[ev.GUID]
			d.mu.Unlock()
			dl := download{name: name}
			if ev.State == cdpbrowser.DownloadProgressStateCompleted {
				dl.body, _ = os.ReadFile(filepath.Join(d.dir, ev.GUID))
			} else {
				dl.err = string(ev.State)
			}
			select {
			case d.ch <- dl:
			default:
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = chromedp.Run(bctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := cdp.Call(ctx, chromedp.FromContext(ctx).Browser, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: d.dir, EventsEnabled: new(true)})
		return err
	}))
	if err != nil {
		t.Fatalf("setting the download behaviour: %v", err)
	}
	return d
}

// expect waits for the next saved file and checks its name.
func (d *downloads) expect(t *testing.T, name string) []byte {
	t.Helper()
	select {
	case dl := <-d.ch:
		if dl.err != "" {
			t.Fatalf("the download of %s ended %s", dl.name, dl.err)
		}
		if dl.name != name {
			t.Errorf("downloaded %q, want %q", dl.name, name)
		}
		return dl.body
	case <-time.After(15 * time.Second):
		t.Fatalf("no download of %s", name)
	}
	return nil
}

// none checks that no file was saved within a while.
func (d *downloads) none(t *testing.T, why string) {
	t.Helper()
	select {
	case dl := <-d.ch:
		if dl.err == "" {
			t.Errorf("%s, yet %s was saved", why, dl.name)
		}
	case <-time.After(2 * time.Second):
	}
}

// row is a ranking table's row as the page shows it, by column key.
type row map[string]string

// rows reads the ranking table's rows, in the page's order, with the
// data-model of each under "slug".
func rows(v view) []row {
	v.t.Helper()
	return evalIn[[]row](v, `[...document.querySelectorAll("#ranking-table tbody tr")].map(tr => {
		const r = {slug: tr.dataset.model, current: tr.getAttribute("aria-current") || ""};
		for (const td of tr.querySelectorAll("td")) r[td.dataset.col] = td.textContent.trim();
		return r })`)
}

// expectRanking checks the page's table, missed list and charts against the
// core's ranking for q.
func expectRanking(v view, set *data.Set, q data.Query) *data.Ranking {
	t := v.t
	t.Helper()
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatalf("Compare(%+v): %v", q, err)
	}
	var want []*data.Ranked
	var missed, unmeasured []string
	for i := range rk.Models {
		r := &rk.Models[i]
		switch r.Status() {
		case data.Meets:
			want = append(want, r)
		case data.MissesDeadline:
			missed = append(missed, r.Entry.Slug)
		default:
			unmeasured = append(unmeasured, r.Entry.Name)
		}
	}
	// The page follows the state: wait for the first row, or for no rows.
	first := ""
	if len(want) > 0 {
		first = want[0].Entry.Slug
	}
	v.waitFor(fmt.Sprintf(`(document.querySelector("#ranking-table tbody tr")?.dataset.model ?? "") === %q && document.querySelectorAll("#ranking-table tbody tr").length === %d`,
		first, len(want)), "the ranking's first row "+first)
	got := rows(v)
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i, r := range want {
		s, e := r.Result.Selected, r.Result.Estimate
		wantRow := row{"slug": r.Entry.Slug, "rank": strconv.Itoa(i + 1), "model": r.Entry.Name,
			"energy": data.FormatEnergy(e.EnergyWh), "request": data.FormatJoules(e.EnergyPerRequest),
			"jpt": data.FormatNumber(float64(s.JoulesPerToken)), "config": fmt.Sprintf("%s, max_num_seqs %d", s.Hardware(), s.MaxNumSeqs),
			"params": data.FormatParams(float64(r.Entry.Params)), "active": data.FormatParams(float64(r.Entry.ActiveParams))}
		for k, w := range wantRow {
			if got[i][k] != w {
				t.Errorf("row %d %s = %q, want %q", i+1, k, got[i][k], w)
			}
		}
		if cur := got[i]["current"] == "true"; cur != (r.Entry.Slug == q.Model) {
			t.Errorf("row %d (%s) marked current = %v, highlighted model %s", i+1, r.Entry.Slug, cur, q.Model)
		}
	}
	gotMissed := evalIn[[]string](v, `[...document.querySelectorAll("#missed-list li")].map(li => li.dataset.model)`)
	if !slices.Equal(gotMissed, missed) {
		t.Errorf("missed models %v, want %v", gotMissed, missed)
	}
	for _, slug := range missed {
		r := rk.Models[slices.IndexFunc(rk.Models, func(r data.Ranked) bool { return r.Entry.Slug == slug })]
		if got, want := v.text("#min-deadline-"+slug), "Set the deadline to "+ms(r.Result.MinDeadlineMS())+" ms"; got != want {
			t.Errorf("%s's button reads %q, want %q", slug, got, want)
		}
	}
	if len(unmeasured) > 0 {
		txt := v.text("#unmeasured")
		for _, n := range unmeasured {
			if !strings.Contains(txt, n) {
				t.Errorf("#unmeasured = %q lacks %s", txt, n)
			}
		}
	} else if v.has("#unmeasured") {
		t.Errorf("#unmeasured shown, but every model was measured on %s", q.GPU)
	}
	// The bars: one per model that meets the deadline, in rank order.
	v.waitFor(`!!(window.echarts && echarts.getInstanceByDom(document.getElementById("chart-ranking")))`, "the bar chart")
	bars := evalIn[[]string](v, `echarts.getInstanceByDom(document.getElementById("chart-ranking")).getOption().yAxis[0].data`)
	for i, r := range want {
		if i >= len(bars) || bars[i] != r.Entry.Name {
			t.Errorf("bars %q, want the ranking's order", bars)
			break
		}
	}
	if len(bars) != len(want) {
		t.Errorf("%d bars, want %d", len(bars), len(want))
	}
	return rk
}

func comparePath(q data.Query) string { return "/compare?" + state.String(q) }

func TestCompare(t *testing.T) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	bctx := browser(t)
	srv := cspSite(t, "")
	origin := srv.URL
	// The question, with a highlighted model; and a tighter deadline
	// that some models miss, on a GPU two models were never measured on.
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	tight := with(q, func(q *data.Query) { q.DeadlineMS = 15; q.Model = "qwen-3-14b" })

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) { compareScreenshots(t, bctx, origin, dir, q, tight) })
	}

	t.Run("Ranking", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		for _, q := range []data.Query{q, tight} {
			tb.openURL(origin + comparePath(q))
			rk := expectRanking(tb.view(), set, q)
			if tb.has("#notices") {
				t.Errorf("notices for a valid URL: %s", tb.text("#notices"))
			}
			var lines []string
			for i, r := range rows(tb.view()) {
				lines = append(lines, fmt.Sprintf("%2d  %-30s %12s %10s %8s  %s", i+1, r["model"], r["energy"], r["request"], r["jpt"], r["config"]))
			}
			t.Logf("the page's ranking for %s (%d models):\n%s", state.String(q), len(rk.Models), strings.Join(lines, "\n"))
		}
	})

	t.Run("OpenCalculator", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		tb.openURL(origin + comparePath(tight))
		rk := expectRanking(tb.view(), set, tight)
		// The page's way back names the highlighted model and the state.
		back := state.Normalize(set, tight)
		if got, want := eval[string](tb, `document.querySelector("#open-calc").href`), origin+"/?"+state.String(back); got != want {
			t.Errorf("#open-calc = %q, want %q", got, want)
		}
		// A click on the third model's name opens the calculator with it.
		pick := rk.Models[2].Entry.Slug
		tb.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#ranking-table tr[data-model=%q] td[data-col=model] a`, pick))))
		tb.waitFor(fmt.Sprintf(`location.pathname === "/" && document.querySelector("#model")?.value === %q`, pick), "the calculator with "+pick)
		want := state.Normalize(set, with(tight, func(q *data.Query) { q.Model = pick }))
		tb.expect(set, want)
		tb.expectURL(set, want)
		// And the calculator's link comes back to the same comparison.
		if got, want := eval[string](tb, `document.querySelector("#open-compare").href`), origin+comparePath(want); got != want {
			t.Errorf("#open-compare = %q, want %q", got, want)
		}
		tb.do(chromedp.Click(chromedp.ID("open-compare")))
		tb.waitFor(`location.pathname === "/compare"`, "the compare page")
		expectRanking(tb.view(), set, want)
	})

	t.Run("MinDeadline", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		tb.openURL(origin + comparePath(tight))
		rk := expectRanking(tb.view(), set, tight)
		i := slices.IndexFunc(rk.Models, func(r data.Ranked) bool { return r.Status() == data.MissesDeadline })
		if i < 0 {
			t.Fatal("the test needs a model that misses the deadline")
		}
		r := rk.Models[i]
		min := r.Result.MinDeadlineMS()
		tb.do(chromedp.Click(chromedp.ID("min-deadline-" + r.Entry.Slug)))
		q2 := with(tight, func(q *data.Query) { q.DeadlineMS = min })
		rk2 := expectRanking(tb.view(), set, q2)
		if !slices.ContainsFunc(rk2.Models, func(x data.Ranked) bool { return x.Entry.Slug == r.Entry.Slug && x.Status() == data.Meets }) {
			t.Errorf("at %v ms %s still misses the deadline", min, r.Entry.Slug)
		}
		if !slices.ContainsFunc(rows(tb.view()), func(x row) bool { return x["slug"] == r.Entry.Slug }) {
			t.Errorf("after its button, %s is not in the table", r.Entry.Slug)
		}
		expectCompareURL(tb, set, q2)
		if got := eval[string](tb, `document.querySelector("#deadline").value`); got != ms(min) {
			t.Errorf("deadline box = %q, want %q", got, ms(min))
		}
	})

	t.Run("Controls", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		tb.openURL(origin + comparePath(q))
		expectRanking(tb.view(), set, q)
		// Any GPU ranks each model on its best; the two B200-only models join.
		tb.change("#gpu", data.AnyGPU, "change")
		q2 := with(q, func(q *data.Query) { q.GPU = data.AnyGPU })
		expectRanking(tb.view(), set, q2)
		tb.change("#tokens", "7M", "input")
		q2.Tokens = 7e6
		expectRanking(tb.view(), set, q2)
		tb.change("#percentile", "p99", "change")
		q2.Percentile = data.P99
		expectRanking(tb.view(), set, q2)
		tb.change("#deadline", "-3", "input")
		_, perr := data.ParseDeadline("-3")
		tb.waitText("#deadline-error", perr.Error())
		expectCompareURL(tb, set, q2)
		tb.change("#task", "video-chat", "change")
		q3, _ := state.ParseCompare(set, mustValues(t, state.String(with(q2, func(q *data.Query) { q.Task = "video-chat" }))))
		expectRanking(tb.view(), set, q3)
		expectCompareURL(tb, set, q3)
		if h := eval[int](tb, `history.length`); h > 2 {
			t.Errorf("history.length = %d: URL updates must replace, not push", h)
		}
	})

	t.Run("KeyboardSort", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		tb.openURL(origin + comparePath(q))
		rk := expectRanking(tb.view(), set, q)
		var meets []data.Ranked
		for _, r := range rk.Models {
			if r.Status() == data.Meets {
				meets = append(meets, r)
			}
		}
		order := func(less func(a, b data.Ranked) int) []string {
			m := slices.Clone(meets)
			slices.SortStableFunc(m, less)
			var s []string
			for _, r := range m {
				s = append(s, r.Entry.Slug)
			}
			return s
		}
		slugs := func() []string {
			var s []string
			for _, r := range rows(tb.view()) {
				s = append(s, r["slug"])
			}
			return s
		}
		sorted := func(col, dir string, want []string) {
			t.Helper()
			tb.waitFor(fmt.Sprintf(`document.querySelector("th[data-col=%s]").getAttribute("aria-sort") === %q`, col, dir), col+" sorted "+dir)
			if n := eval[int](tb, `document.querySelectorAll("th[aria-sort]").length`); n != 1 {
				t.Errorf("%d headers carry aria-sort, want 1", n)
			}
			if got := slugs(); !slices.Equal(got, want) {
				t.Errorf("sorted by %s %s: %v, want %v", col, dir, got, want)
			}
			if got := eval[string](tb, `document.activeElement.id`); got != "sort-"+col {
				t.Errorf("focus is on %q after sorting, want sort-%s", got, col)
			}
		}
		if got := eval[string](tb, `document.querySelector("th[data-col=rank]").getAttribute("aria-sort")`); got != "ascending" {
			t.Errorf("the rank column's aria-sort is %q at first, want ascending", got)
		}
		byRequest := order(func(a, b data.Ranked) int {
			return cmpFloat(a.Result.Estimate.EnergyPerRequest, b.Result.Estimate.EnergyPerRequest)
		})
		tb.do(chromedp.Focus(chromedp.ID("sort-request")), chromedp.KeyEvent(kb.Enter))
		sorted("request", "ascending", byRequest)
		tb.do(chromedp.KeyEvent(" "))
		sorted("request", "descending", reversed(byRequest))
		// Tab leads from header to header: the next is J/token.
		tb.do(chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter))
		sorted("jpt", "ascending", order(func(a, b data.Ranked) int {
			return cmpFloat(float64(a.Result.Selected.JoulesPerToken), float64(b.Result.Selected.JoulesPerToken))
		}))
		tb.do(chromedp.Focus(chromedp.ID("sort-model")), chromedp.KeyEvent(kb.Enter))
		sorted("model", "ascending", order(func(a, b data.Ranked) int {
			if data.NaturalLess(a.Entry.Name, b.Entry.Name) {
				return -1
			}
			return 1
		}))
		tb.do(chromedp.Focus(chromedp.ID("sort-active")), chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.Enter))
		sorted("active", "descending", reversed(order(func(a, b data.Ranked) int {
			return cmpFloat(float64(a.Entry.ActiveParams), float64(b.Entry.ActiveParams))
		})))
	})
}

// compareScreenshots writes the compare page at a phone's and a wide
// screen's size, light and dark, and its embed in an iframe, into dir.
func compareScreenshots(t *testing.T, bctx context.Context, origin, dir string, q, tight data.Query) {
	tb := newTab(t, bctx, origin)
	scheme := func(s string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s}}})
			return err
		})
	}
	write := func(name string, png []byte) {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", file)
	}
	for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
		for _, s := range []string{"light", "dark"} {
			for name, q := range map[string]data.Query{"compare": q, "compare-tight": tight} {
				if name == "compare-tight" && s == "dark" {
					continue
				}
				tb.do(chromedp.EmulateViewport(size[0], size[1]), scheme(s))
				tb.openURL(origin + comparePath(q))
				time.Sleep(600 * time.Millisecond) // let ECharts finish drawing
				png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				write(fmt.Sprintf("%s-%dx%d-%s.png", name, size[0], size[1], s), png)
			}
		}
	}
	host, page := hostSite(t, readmeScript(t))
	frame := newTab(t, bctx, host.URL)
	frame.framed = true
	frame.allow("request to another origin: " + origin + "/")
	for _, width := range []int64{360, 720} {
		for _, s := range []string{"light", "dark"} {
			u := page(fmt.Sprintf(`src="%s/embed/compare?%s" width="%d" height="300" title="tokenjoule" style="border:0"`,
				origin, html.EscapeString(state.String(q)), width))
			frame.do(chromedp.EmulateViewport(width, 500), scheme(s), chromedp.Navigate(u))
			v := frame.iframe("calc")
			expectResized(frame, v, origin)
			png, err := chromedp.Run(frame.ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			write(fmt.Sprintf("embed-compare-fitted-%d-%s.png", width, s), png)
		}
	}
	// The calculator's share row.
	tb.do(chromedp.EmulateViewport(1440, 900), scheme("light"))
	tb.openURL(origin + "/?" + state.String(q))
	time.Sleep(500 * time.Millisecond)
	png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	write("page-share-1440x900-light.png", png)
}

var (
	_ = bytes.Equal
	_ = csv.NewReader
	_ = json.Unmarshal
	_ = io.ReadAll
	_ = http.Get
	_ = network.ClearBrowserCache
	_ = kb.Enter
	_ = cli.Run
	_ = dist.CSP
	_ = export.Filename
)

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func reversed(s []string) []string {
	r := slices.Clone(s)
	slices.Reverse(r)
	return r
}

func mustValues(t *testing.T, raw string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// expectCompareURL checks that the compare page's URL holds q.
func expectCompareURL(tb *tab, set *data.Set, q data.Query) {
	tb.t.Helper()
	u, err := url.Parse(eval[string](tb, `location.href`))
	if err != nil {
		tb.t.Fatal(err)
	}
	got, notices := state.ParseCompare(set, u.Query())
	if got != q || len(notices) != 0 {
		tb.t.Errorf("URL state = %+v %v, want %+v", got, notices, q)
	}
}
