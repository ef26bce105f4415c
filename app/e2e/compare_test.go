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
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tokenjoule/app/charts"
	"tokenjoule/app/cli"
	"tokenjoule/app/dist"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// compareTest is what TestCompare's subtests share: the dataset, the
// browser, the site, a question and a tighter one, and the downloads.
type compareTest struct {
	set      *data.Set
	bctx     context.Context
	origin   string
	q, tight data.Query
	dl       *downloads
	pageCSV  []byte // the compare page's CSV, for the command line's test
}

func TestCompare(t *testing.T) {
	set, bctx := browserTest(t)
	srv := cspSite(t, "")
	origin := srv.URL
	// The README's question, with a highlighted model; and a tighter deadline
	// that some models miss, on a GPU two models were never measured on.
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	tight := with(q, func(q *data.Query) { q.DeadlineMS = 15; q.Model = "qwen-3-14b" })
	ct := &compareTest{set: set, bctx: bctx, origin: origin, q: q, tight: tight}

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) { compareScreenshots(t, bctx, origin, dir, q, tight) })
	}
	t.Run("Ranking", ct.ranking)
	t.Run("OpenCalculator", ct.openCalculator)
	t.Run("LinkBeforeTheURLFollows", ct.linkBeforeTheURLFollows)
	t.Run("MinDeadline", ct.minDeadline)
	t.Run("Controls", ct.controls)
	t.Run("KeyboardSort", ct.keyboardSort)
	ct.dl = captureDownloads(t, bctx)
	t.Run("Downloads", ct.downloads)
	t.Run("CLI", ct.cli)
	t.Run("Scenario", ct.scenario)
	t.Run("CopySummary", ct.copySummary)
	t.Run("Prerendered", ct.prerendered)
	t.Run("Narrow", ct.narrow)
	t.Run("Embed", ct.embed)
	t.Run("Offline", ct.offline)
}

// ranking: the page's table, missed list and charts for the question and
// the tighter one are the core's ranking, with no notice; the table is
// logged.
func (ct *compareTest) ranking(t *testing.T) {
	set, bctx, origin, q, tight := ct.set, ct.bctx, ct.origin, ct.q, ct.tight
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
}

// openCalculator: the way back to the calculator names the highlighted
// model and the state, a model's name opens the calculator with it, and the
// calculator's link comes back to the same comparison.
func (ct *compareTest) openCalculator(t *testing.T) {
	set, bctx, origin, tight := ct.set, ct.bctx, ct.origin, ct.tight
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
}

// A change writes the URL a moment later (app/ui replaceQuery): a link
// followed before then keeps its own URL, which the page then shows.
func (ct *compareTest) linkBeforeTheURLFollows(t *testing.T) {
	set, bctx, origin, q := ct.set, ct.bctx, ct.origin, ct.q
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + comparePath(q))
	expectRanking(tb.view(), set, q)
	href := eval[string](tb, `(() => {
			const d = document.querySelector("#deadline");
			d.value = "60ms";
			d.dispatchEvent(new Event("input", {bubbles: true}));
			const a = document.querySelector("#open-mode"), href = a.href;
			a.click(); // the page changes it at once, to the way back
			return href })()`)
	if !strings.Contains(href, "deadline=60ms") {
		t.Fatalf("#open-mode = %s, without the deadline just typed", href)
	}
	tb.waitFor(`!!document.querySelector("#meets-count")`, "plan mode")
	time.Sleep(1500 * time.Millisecond) // urlDelay and the idle time it waits for (1 s at most)
	if got := eval[string](tb, `location.href`); got != href {
		t.Errorf("location.href = %s after following %s", got, href)
	}
}

// minDeadline: the button of a model that misses the deadline sets the
// deadline it shows, at another percentile too, and the model then meets it.
func (ct *compareTest) minDeadline(t *testing.T) {
	set, bctx, origin, tight := ct.set, ct.bctx, ct.origin, ct.tight
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + comparePath(tight))
	expectRanking(tb.view(), set, tight)
	// Another percentile puts other models and deadlines in the same
	// buttons: a button must set the deadline it shows.
	tb.change("#percentile", "p50", "change")
	tight = with(tight, func(q *data.Query) { q.Percentile = data.P50 })
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
}

// controls: each input (GPU, volume, percentile, deadline, task) ranks
// again, a bad deadline is refused without changing the URL, and the URL
// is replaced, not pushed.
func (ct *compareTest) controls(t *testing.T) {
	set, bctx, origin, q := ct.set, ct.bctx, ct.origin, ct.q
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
}

// keyboardSort: the headers sort the table from the keyboard (Enter and
// Space, Tab from header to header), one header at a time carries
// aria-sort, and the focus stays on it.
func (ct *compareTest) keyboardSort(t *testing.T) {
	set, bctx, origin, q := ct.set, ct.bctx, ct.origin, ct.q
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
}

// downloads: the CSV and JSON are export's documents and hold the page's
// figures; the pictures are a PNG at twice the pixels and an SVG with the
// caveat and the citation.
func (ct *compareTest) downloads(t *testing.T) {
	set, bctx, origin, q, dl := ct.set, ct.bctx, ct.origin, ct.q, ct.dl
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + comparePath(q))
	rk := expectRanking(tb.view(), set, q)
	page := rows(tb.view())

	tb.do(chromedp.Click(chromedp.ID("download-csv")))
	name := export.Filename(rk.Query, "csv")
	got := dl.expect(t, name)
	if want := export.CompareCSV(rk, pageFactors); !bytes.Equal(got, want) {
		t.Errorf("the CSV download differs from export.CompareCSV:\n%s\nwant\n%s", got, want)
	}
	tb.waitText("#share-status", "Saved "+name+".")
	ct.pageCSV = got
	// It parses, and its figures are the page's.
	records, err := csv.NewReader(bytes.NewReader(got)).ReadAll()
	if err != nil || len(records) != len(rk.Models)+1 {
		t.Fatalf("the CSV has %d records (%v), want a header and %d models", len(records), err, len(rk.Models))
	}
	col := map[string]int{}
	for i, k := range records[0] {
		col[k] = i
	}
	num := func(rec []string, key string) float64 {
		v, err := strconv.ParseFloat(rec[col[key]], 64)
		if err != nil {
			t.Fatalf("%s = %q: %v", key, rec[col[key]], err)
		}
		return v
	}
	var wh, j []float64
	for _, rec := range records[1 : len(page)+1] {
		wh, j = append(wh, num(rec, "energy_wh")), append(j, num(rec, "energy_per_request_j"))
	}
	for i, p := range page {
		rec := records[i+1]
		for k, want := range map[string]string{
			"rank": p["rank"], "model": p["slug"], "display_name": p["model"],
			"energy_wh":            inUnit(num(rec, "energy_wh"), wh, data.Energy...),
			"energy_per_request_j": inUnit(num(rec, "energy_per_request_j"), j, data.Joules...),
			"joules_per_token":     data.FormatNumber(num(rec, "joules_per_token")),
			"params_b":             strings.TrimSuffix(p["params"], " billions"),
			"active_params_b":      strings.TrimSuffix(p["active"], " billions"),
		} {
			got := rec[col[k]]
			switch k {
			case "energy_wh":
				got = p["energy"]
			case "energy_per_request_j":
				got = p["request"]
			case "joules_per_token":
				got = p["jpt"]
			case "params_b", "active_params_b":
				got = data.FormatNumber(num(rec, k))
			}
			if got != want {
				t.Errorf("CSV row %d %s: page %q, file %q", i+1, k, got, want)
			}
		}
		if cfg := fmt.Sprintf("%s × %s, batch size limit %s", rec[col["gpu"]], rec[col["num_gpus"]], rec[col["max_num_seqs"]]); cfg != p["config"] {
			t.Errorf("CSV row %d configuration %q, page %q", i+1, cfg, p["config"])
		}
	}

	tb.do(chromedp.Click(chromedp.ID("download-json")))
	got = dl.expect(t, export.Filename(rk.Query, "json"))
	want, err := export.CompareJSON(rk, pageFactors)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("the JSON download differs from export.CompareJSON (%v):\n%s\nwant\n%s", err, got, want)
	}
	var doc []struct {
		Model    string   `json:"model"`
		Name     string   `json:"display_name"`
		EnergyWh *float64 `json:"energy_wh"`
		PerReq   *float64 `json:"energy_per_request_j"`
		JPT      *float64 `json:"joules_per_token"`
	}
	if err := json.Unmarshal(got, &doc); err != nil || len(doc) != len(rk.Models) {
		t.Fatalf("the JSON download does not parse to %d models: %v", len(rk.Models), err)
	}
	for i, p := range page {
		d := doc[i]
		if d.Model != p["slug"] || d.Name != p["model"] || d.EnergyWh == nil || inUnit(*d.EnergyWh, wh, data.Energy...) != p["energy"] ||
			inUnit(*d.PerReq, j, data.Joules...) != p["request"] || data.FormatNumber(*d.JPT) != p["jpt"] {
			t.Errorf("JSON model %d = %+v, page %v", i+1, d, p)
		}
	}

	// The pictures: a PNG at twice the pixels, an SVG whose text holds
	// the caveat and the citation.
	tb.do(chromedp.Click(chromedp.ID("png-chart-ranking")))
	got = dl.expect(t, export.Filename(rk.Query, "ranking.png"))
	if !bytes.HasPrefix(got, []byte("\x89PNG\r\n\x1a\n")) {
		t.Fatalf("the PNG download starts %q", got[:min(len(got), 16)])
	}
	if cfg, err := png.DecodeConfig(bytes.NewReader(got)); err != nil || cfg.Width != 2*960 || cfg.Height < 2*500 {
		t.Errorf("the PNG is %dx%d (%v), want 1920 wide and tall enough for its text", cfg.Width, cfg.Height, err)
	}
	tb.do(chromedp.Click(chromedp.ID("svg-chart-params")))
	got = dl.expect(t, export.Filename(rk.Query, "params.svg"))
	expectPicture(t, got, "Energy per token against active parameters", "GPT OSS 20B")
}

// cli: the command line's compare -csv is the page's CSV, byte for byte.
func (ct *compareTest) cli(t *testing.T) {
	q, pageCSV := ct.q, ct.pageCSV
	if pageCSV == nil {
		t.Fatal("the test needs the page's CSV (Downloads)")
	}
	var out, errs bytes.Buffer
	// With the carbon and water the page shows by default, which the
	// command line shows only when asked.
	args := []string{"compare", "-task", q.Task, "-gpu", q.GPU, "-deadline", "40ms", "-percentile", "p95", "-tokens", "2.5B", "-csv",
		"-grid", state.DefaultGrid, "-wue", state.DefaultWUE}
	if code := cli.Run(args, &out, &errs); code != 0 {
		t.Fatalf("tokenjoule %s: exit %d, %s", strings.Join(args, " "), code, errs.String())
	}
	if !bytes.Equal(out.Bytes(), pageCSV) {
		t.Errorf("tokenjoule %s differs from the page's CSV:\n%s\npage:\n%s", strings.Join(args, " "), out.Bytes(), pageCSV)
	}
}

// scenario: the calculator's scenario download is calc -json's document
// with the page's default footprint, and its charts save as PNG and SVG.
func (ct *compareTest) scenario(t *testing.T) {
	set, bctx, origin, q, dl := ct.set, ct.bctx, ct.origin, ct.q, ct.dl
	tb := newTab(t, bctx, origin)
	tb.open(state.String(q))
	tb.expect(set, q)
	r, _ := set.Select(q)
	tb.do(chromedp.Click(chromedp.ID("download-scenario")))
	got := dl.expect(t, export.Filename(r.Query, "json"))
	// As calc -json prints it with the page's default footprint: the
	// default boundary, carbon and water.
	if want, err := export.ScenarioJSON(r, export.Footprint(r, state.DefaultFootprint().Factors, footprint.Budget{}, nil)...); err != nil || !bytes.Equal(got, want) {
		t.Errorf("the scenario download differs from calc -json's document (%v):\n%s\nwant\n%s", err, got, want)
	}
	var doc map[string]any
	if err := json.Unmarshal(got, &doc); err != nil || doc["model"] != q.Model || doc["energy_wh"] != r.Estimate.EnergyWh {
		t.Errorf("the scenario download parses to %v (%v)", doc, err)
	}
	tb.do(chromedp.Click(chromedp.ID("png-chart-latency")))
	if got := dl.expect(t, export.Filename(r.Query, "latency.png")); !bytes.HasPrefix(got, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("the latency chart's PNG starts %q", got[:min(len(got), 16)])
	}
	tb.do(chromedp.Click(chromedp.ID("svg-chart-power")))
	expectPicture(t, dl.expect(t, export.Filename(r.Query, "power.svg")), charts.TitlePowerThroughput, r.Model.Name)
}

// copySummary: Copy summary puts export's summary on the clipboard, and
// where the browser refuses, shows it selected with what to do.
func (ct *compareTest) copySummary(t *testing.T) {
	set, bctx, origin, q := ct.set, ct.bctx, ct.origin, ct.q
	tb := newTab(t, bctx, origin)
	rk, _ := set.Compare(q)
	r, _ := set.Select(q)
	for _, c := range []struct{ path, want string }{
		{comparePath(q), export.CompareSummary(rk, &set.Index, state.DefaultFootprint().Factors, origin+comparePath(q))},
		{"/?" + state.String(q), export.Summary(r, state.DefaultFootprint().Factors, origin+"/?"+state.String(q))},
	} {
		tb.openURL(origin + c.path)
		setClipboard(t, tb, origin, cdpbrowser.PermissionSettingGranted)
		tb.do(chromedp.Click(chromedp.ID("copy-summary")))
		tb.waitText("#share-status", "Summary copied to the clipboard.")
		clip, err := clipboardText(tb)
		if err != nil || clip != c.want {
			t.Errorf("%s: clipboard %q (%v), want\n%q", c.path, clip, err, c.want)
		}
		// Refused: the summary is shown, selected, with what to do.
		setClipboard(t, tb, origin, cdpbrowser.PermissionSettingDenied)
		tb.do(chromedp.Click(chromedp.ID("copy-summary")))
		tb.waitFor(`document.querySelector("#share-status").textContent.startsWith("The browser did not copy")`, "the copy fallback")
		tb.waitFor(`(() => { const ta = document.querySelector("#summary-text");
				return !ta.hidden && document.activeElement === ta && ta.selectionStart === 0 && ta.selectionEnd === ta.value.length })()`, "the summary, selected")
		if got := eval[string](tb, `document.querySelector("#summary-text").value`); got != c.want {
			t.Errorf("%s: the summary box holds %q, want %q", c.path, got, c.want)
		}
	}
}

// prerendered: the compare page as served holds the core's ranking in
// order, and with JavaScript off shows it, not covered by the loader.
func (ct *compareTest) prerendered(t *testing.T) {
	set, bctx, origin, q := ct.set, ct.bctx, ct.origin, ct.q
	res, err := http.Get(origin + comparePath(q))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	page := string(body)
	rk, _ := set.Compare(q)
	last := -1
	wh := energies(rk)
	for _, r := range rk.Models {
		if r.Status() != data.Meets {
			continue
		}
		i := strings.Index(page, fmt.Sprintf(`data-model="%s"`, r.Entry.Slug))
		if i < last {
			t.Errorf("the prerendered table has %s out of rank order (or not at all)", r.Entry.Slug)
		}
		last = i
		if n, _, _ := strings.Cut(inUnit(r.Result.Estimate.EnergyWh, wh, data.Energy...), " "); !strings.Contains(page[i:], ">"+n+"</td>") {
			t.Errorf("the prerendered page lacks %s's energy", r.Entry.Slug)
		}
	}
	if strings.Contains(page, `selected="false"`) {
		t.Error(`the prerendered page has selected="false", which HTML reads as selected`)
	}
	// With JavaScript off the table is there, in order, uncovered.
	// The service worker other tabs installed would answer with the
	// page it cached, prerendered for no query: a reader without
	// JavaScript never has one.
	tb := newTab(t, bctx, origin, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	tb.do(chromedp.Navigate(origin+comparePath(q)), chromedp.WaitVisible(chromedp.ID("ranking-table")))
	got := rows(tb.view())
	i := 0
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			if i >= len(got) || got[i]["slug"] != r.Entry.Slug || got[i]["energy"] != inUnit(r.Result.Estimate.EnergyWh, wh, data.Energy...) {
				t.Errorf("without JavaScript, row %d is %v, want %s", i+1, got[min(i, len(got)-1)], r.Entry.Slug)
			}
			i++
		}
	}
	top := eval[string](tb, `(() => { const td = document.querySelector("#ranking-table tbody td[data-col=energy]"); td.scrollIntoView({block: "center"}); const r = td.getBoundingClientRect();
			const el = document.elementFromPoint(r.x + r.width/2, r.y + r.height/2); return el ? el.dataset.col || el.id : "" })()`)
	if top != "energy" {
		t.Errorf("the element on top of the first energy cell is %q: the loader hides the prerendered table", top)
	}
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: false})
		return err
	}), chromedp.Navigate(origin+comparePath(q)), chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
}

// narrow: the bars' names wrap in a narrow chart only, also after the
// window narrowed and widened again, and the compare pages rank at 360 px.
func (ct *compareTest) narrow(t *testing.T) {
	set, bctx, origin, q, tight := ct.set, ct.bctx, ct.origin, ct.q, ct.tight
	tb := newTab(t, bctx, origin)
	// The bars' names wrap in a narrow chart only, also after the
	// window narrowed and widened again.
	overflow := func(want string) {
		t.Helper()
		tb.waitFor(fmt.Sprintf(`(echarts.getInstanceByDom(document.getElementById("chart-ranking"))?.getOption().yAxis[0].axisLabel.overflow ?? "") === %q`, want),
			"the bar names' overflow "+want)
	}
	tb.openURL(origin + comparePath(q))
	tb.chartReady("chart-ranking")
	overflow("none")
	tb.do(chromedp.EmulateViewport(360, 800))
	overflow("break")
	tb.do(chromedp.EmulateViewport(1280, 900))
	overflow("none")
	tb.do(chromedp.EmulateViewport(360, 800))
	for _, path := range []string{comparePath(q), comparePath(tight), "/embed" + comparePath(q)} {
		tb.openURL(origin + path)
		expectRanking(tb.view(), set, func() data.Query {
			if strings.Contains(path, "deadline=15ms") {
				return tight
			}
			return q
		}())
		if w := eval[float64](tb, `document.documentElement.scrollWidth`); w > 360 {
			t.Errorf("%s at 360 px: the page is %v px wide", path, w)
		}
		// Each row a block of lines: nothing scrolls sideways, not even
		// in the table's box.
		box := eval[map[string]float64](tb, `(() => { const b = document.querySelector(".table-scroll"); return {client: b.clientWidth, scroll: b.scrollWidth} })()`)
		if box["client"] > 360 || box["scroll"] > box["client"]+1 {
			t.Errorf("%s at 360 px: the table's box is %v px wide and scrolls to %v: want it whole", path, box["client"], box["scroll"])
		}
	}
}

// embed: the compare embed ranks as the page does, saves its downloads,
// and in a frame that refuses downloads says what to do.
func (ct *compareTest) embed(t *testing.T) {
	set, bctx, origin, q, dl := ct.set, ct.bctx, ct.origin, ct.q, ct.dl
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + "/embed" + comparePath(q))
	expectRanking(tb.view(), set, q)
	for sel, want := range map[string]string{"#open-full": origin + comparePath(q), "#cite": set.Index.Source.CiteURL} {
		if got := eval[string](tb, fmt.Sprintf(`document.querySelector(%q).href`, sel)); got != want {
			t.Errorf("%s = %q, want %q", sel, got, want)
		}
	}
	if n := eval[int](tb, `[...document.querySelectorAll("main a")].filter(a => a.target !== "_blank").length`); n != 0 {
		t.Errorf("%d links of the embed open in its frame", n)
	}
	if got := tb.text("#caveat"); !strings.HasPrefix(got, "A floor: GPU energy only") {
		t.Errorf("#caveat = %q", got)
	}
	// The calculator's embed saves its scenario too.
	tb.openURL(origin + "/embed?" + state.String(q))
	tb.waitText("#cfg-row", func() string { r, _ := set.Select(q); return r.Selected.RowID }())
	tb.do(chromedp.Click(chromedp.ID("download-scenario")))
	r, _ := set.Select(q)
	// An embed shows only the footprint its URL sets: none here, as calc.
	if want, _ := export.ScenarioJSON(r, export.Footprint(r, footprint.Factors{}, footprint.Budget{}, nil)...); !bytes.Equal(dl.expect(t, export.Filename(r.Query, "json")), want) {
		t.Error("the embed's scenario download differs from calc -json's document")
	}
	rk, _ := set.Compare(q)
	csvName, want := export.Filename(rk.Query, "csv"), export.CompareCSV(rk, footprint.Factors{})
	host, page := hostSite(t, readmeScript(t, origin))
	for _, c := range []struct {
		name, attrs string
		saves       bool
	}{
		{"cross-origin", "", true},
		{"sandboxed", `sandbox="allow-scripts"`, false},
		{"sandboxed with allow-downloads", `sandbox="allow-scripts allow-downloads"`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := origin + "/embed" + comparePath(q)
			tb := newTab(t, bctx, host.URL)
			tb.noApp = true
			tb.allow("request to another origin: " + origin + "/")
			// Chromium reports a download the sandbox refuses on the console.
			tb.allow("Download is disallowed")
			tb.do(chromedp.Navigate(page(fmt.Sprintf(`%s src="%s" width="720" height="400" title="tokenjoule"`, c.attrs, html.EscapeString(src)))))
			var frame view
			if c.attrs == "" {
				frame = tb.iframe("calc")
			} else {
				frame = tb.isolatedIframe(src)
			}
			expectRanking(frame, set, q)
			evalIn[bool](frame, `document.querySelector("#download-csv").click(), true`)
			if c.saves {
				if got := dl.expect(t, csvName); !bytes.Equal(got, want) {
					t.Errorf("the CSV saved from the frame differs from export.CompareCSV")
				}
			} else {
				dl.none(t, "the frame forbids downloads")
			}
			// In a frame the page says what to do if nothing was saved.
			frame.waitText("#share-status", "Saved "+csvName+". Nothing saved? The page around this frame may not allow downloads: open the full page ↗ and save it there.")
			if got := evalIn[string](frame, `document.querySelector("#share-full").href`); got != origin+comparePath(q) {
				t.Errorf("#share-full = %q, want the full page %q", got, origin+comparePath(q))
			}
		})
	}
}

// offline: the static site's compare pages and embeds rank offline after
// one visit.
func (ct *compareTest) offline(t *testing.T) {
	set, bctx, q, tight, dl := ct.set, ct.bctx, ct.q, ct.tight, ct.dl
	out, _ := builtDist(t, "", false)
	for _, f := range []string{"compare.html", "compare/index.html", "embed/compare.html", "embed/compare/index.html"} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil || !bytes.Contains(b, []byte(`id="ranking-table"`)) {
			t.Errorf("the static site's %s is not the prerendered compare page (%v)", f, err)
		}
	}
	h := startHost(t, dist.FileServer(out, ""))
	tb := newTab(t, bctx, h.origin)
	tb.visit(comparePath(q))
	expectRanking(tb.view(), set, q)
	// The worker controls the next visit, not the first.
	tb.poll(swActivated, 30*time.Second)
	tb.visit(comparePath(q))
	tb.poll(`navigator.serviceWorker.controller !== null`, 30*time.Second)
	h.stop()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.ClearBrowserCache, cdp.Empty{})
		return err
	}))
	tb.allow("ERR_CONNECTION_REFUSED") // what the worker does not cache, as the favicon
	for _, path := range []string{comparePath(tight), "/compare/?" + state.String(q), "/embed" + comparePath(tight)} {
		tb.visit(path)
		want := tight
		if strings.HasPrefix(path, "/compare/") {
			want = q
		}
		expectRanking(tb.view(), set, want)
	}
	// The figures writers embed, offline too: the card, a chart and the
	// ranking card.
	cq := with(data.DefaultQuery(), func(q *data.Query) { q.GPU = "H100" })
	r, err := set.Select(cq)
	if err != nil {
		t.Fatal(err)
	}
	tb.visit("/embed?" + state.String(cq) + "&layout=card")
	expectCard(tb.view(), r, footprint.Factors{})
	tb.visit("/embed?" + state.String(cq) + "&layout=chart&chart=batch")
	expectChartLayout(tb.view(), r, 1)
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	tb.visit("/embed/compare?" + state.String(q) + "&layout=card")
	expectCompareCard(tb.view(), set, q, rk)
	// Downloads need no server.
	tb.visit(comparePath(q))
	expectRanking(tb.view(), set, q)
	tb.do(chromedp.Click(chromedp.ID("download-csv")))
	if got := dl.expect(t, export.Filename(rk.Query, "csv")); !bytes.Equal(got, export.CompareCSV(rk, pageFactors)) {
		t.Error("the CSV saved offline differs from export.CompareCSV")
	}
}

// pageFactors are the footprint the compare page starts with, whose carbon
// and water its downloads add to the ranking's columns.
var pageFactors = state.DefaultFootprint().Factors

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
				tb.view().drawCharts()
				png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				write(fmt.Sprintf("%s-%dx%d-%s.png", name, size[0], size[1], s), png)
			}
		}
	}
	host, page := hostSite(t, readmeScript(t, origin))
	frame := newTab(t, bctx, host.URL)
	frame.noApp = true
	frame.allow("request to another origin: " + origin + "/")
	for _, width := range []int64{360, 720} {
		for _, s := range []string{"light", "dark"} {
			u := page(fmt.Sprintf(`src="%s/embed/compare?%s" width="%d" height="300" title="tokenjoule" style="border:0"`,
				origin, html.EscapeString(state.String(q)), width))
			frame.do(chromedp.EmulateViewport(width, 500), scheme(s), chromedp.Navigate(u))
			v := frame.iframe("calc")
			expectResized(frame, v, origin)
			v.drawCharts()
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
	tb.view().drawCharts()
	png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	write("page-share-1440x900-light.png", png)
}

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
