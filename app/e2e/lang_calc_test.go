package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// TestCalculatorLanguage opens the whole calculator in French, German and
// Spanish, with a footprint past the GPU, a budget, a refused value in the
// URL and two in the boxes:
// every disclosure open, the Embed dialog too, the page's text holds no
// English sentence of the catalogue, and the footprint's total is in the
// language's format.
func TestCalculatorLanguage(t *testing.T) {
	set, bctx := browserTest(t)
	full := cspSite(t, "").URL
	r, err := set.Select(fpQuery)
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		t.Run("whole/"+string(tag), func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			tb.open(state.String(fpQuery) + "&" + fpParams + "&pue=9&lang=" + string(tag))
			p := data.PrinterOf(tag)
			f := fpFactors(t)
			tb.waitFor(`!!document.querySelector("#fp-total-wh")`, "the footprint's total")
			if got, want := tb.text("#fp-total-wh"), p.Energy(f.Ladder(r.Estimate.EnergyWh).FacilityWh); got != want {
				t.Errorf("the footprint's total reads %q, want %q", got, want)
			}
			// Refused text in a box: its message in the language too.
			tb.change("#tokens", "lots", "input")
			tb.change("#fp-budget", "9 parsecs", "input")
			tb.waitFor(`document.querySelector("#tokens-error")?.textContent !== "" && document.querySelector("#fp-budget-error")?.textContent !== ""`, "the boxes' messages")
			text := wholeText(tb)
			if dir := os.Getenv("TOKENJOULE_LANGTEXT"); dir != "" {
				if err := os.WriteFile(filepath.Join(dir, "calculator-"+string(tag)+".txt"), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if left := englishIn(text, tag); len(left) > 0 {
				t.Errorf("the calculator in %s still says in English %q", tag, left)
			}
		})
	}
	// An image model's page, which says images where the other says tokens.
	t.Run("whole-images/fr", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
		tb.open("task=text-to-image&" + fpParams + "&p=p90&lang=fr")
		tb.waitFor(`!!document.querySelector("#fp-total-wh")`, "the footprint's total")
		text := wholeText(tb)
		if dir := os.Getenv("TOKENJOULE_LANGTEXT"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "calculator-images-fr.txt"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if left := englishIn(text, lang.FR); len(left) > 0 {
			t.Errorf("the image calculator in fr still says in English %q", left)
		}
	})
	// A video model's page in German, its footprint set.
	t.Run("whole-videos/de", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
		tb.open("task=text-to-video&" + fpParams + "&lang=de")
		tb.waitFor(`!!document.querySelector("#fp-total-wh")`, "the footprint's total")
		text := wholeText(tb)
		if dir := os.Getenv("TOKENJOULE_LANGTEXT"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "calculator-videos-de.txt"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if left := englishIn(text, lang.DE); len(left) > 0 {
			t.Errorf("the video calculator in de still says in English %q", left)
		}
	})
	// German's long words hold at a phone's width on the whole page, the
	// footprint and every disclosure open: nothing wider than the page, nor
	// than its own box.
	t.Run("phone-de", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(360, 800))
		tb.open(state.String(fpQuery) + "&" + fpParams + "&pue=9&lang=de")
		tb.waitFor(`!!document.querySelector("#fp-total-wh")`, "the footprint's total")
		eval[bool](tb, `document.querySelectorAll("main details").forEach(d => d.open = true), true`)
		tb.waitFor(`!!document.querySelector("#cfg-row")`, "the configuration's figures")
		wide := eval[[]string](tb, `[document.documentElement, ...document.querySelectorAll("main *")]
			.filter(e => !e.closest(".sr-only, .chart, [hidden]") && (e.getBoundingClientRect().right > innerWidth + 0.5 ||
				e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === "visible" && e.clientWidth > 0))
			.map(e => (e.id || e.tagName + "." + e.className) + " " + JSON.stringify(e.textContent.slice(0, 60)) + ": " + e.scrollWidth + "/" + e.clientWidth)`)
		if len(wide) > 0 {
			t.Errorf("the German calculator at 360 px: wider than the page: %v", wide)
		}
	})
	// The charts' ticks stay German when a change of deadline patches
	// them, a patch that moves the latency axis' end, and when a phone's
	// width applies their media rules.
	t.Run("axes-changed/de", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
		tb.open(state.String(fpQuery) + "&lang=de")
		ids := []string{"chart-latency", "chart-concurrency", "chart-power"}
		for _, id := range ids {
			expectAxesSpoken(t, tb, lang.DE, id)
		}
		label := eval[string](tb, `document.getElementById("chart-latency").getAttribute("aria-label")`)
		tb.change("#deadline", "3000", "input")
		tb.waitFor(`document.getElementById("chart-latency").getAttribute("aria-label") !== `+strconv.Quote(label), "the latency chart renamed")
		ticks := 0
		for _, id := range ids {
			ticks += expectAxesSpoken(t, tb, lang.DE, id)
		}
		tb.do(chromedp.EmulateViewport(360, 800))
		for _, id := range ids {
			expectAxesSpoken(t, tb, lang.DE, id)
		}
		if ticks == 0 {
			t.Error("no tick over a thousand to check")
		}
	})
	// The scenario's JSON from a page in French: its words in French, its
	// keys and figures the command line's; a chart's picture with its
	// ticks in French.
	t.Run("scenario/fr", func(t *testing.T) {
		t.Parallel() // the only subtest of this browser that downloads
		dl := captureDownloads(t, bctx)
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
		tb.open(state.String(fpQuery) + "&" + fpParams + "&lang=fr")
		tb.waitFor(`!!document.querySelector("#fp-total-wh")`, "the footprint's total")
		tb.do(chromedp.Click(chromedp.ID("download-scenario")))
		got := dl.expect(t, export.Filename(fpQuery, "json"))
		fp, _ := state.ParseFootprint(mustValues(t, fpParams))
		var fit *footprint.Fit
		if x, err := fp.Factors.Fit(fp.Budget, r.Selected); err == nil {
			fit = &x
		}
		want, err := export.ScenarioJSONIn(data.PrinterOf(lang.FR), fp.Factors, r, export.Footprint(r, fp.Factors, fp.Budget, fit)...)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("the French scenario download (%v):\n%s\nwant\n%s", err, got, want)
		}
		if left := lang.English(string(got), lang.FR); len(left) > 0 || !bytes.Contains(got, []byte("Centre de données cloud")) {
			t.Errorf("the French scenario still says in English %q", left)
		}
		// A chart's picture, drawn off the page: its axes' ticks in French.
		tb.do(chromedp.Click(chromedp.ID("svg-chart-latency")))
		expectPictureTicks(t, dl.expect(t, export.Filename(fpQuery, "latency.svg")), lang.FR)
	})
	// Copy summary in German: the paragraph in German, its link keeping
	// lang=de.
	t.Run("copy-summary/de", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
		query := state.String(fpQuery) + "&" + fpParams
		tb.open(query + "&lang=de")
		tb.waitFor(`!!document.querySelector("#fp-total-wh")`, "the footprint's total")
		setClipboard(t, tb, full, cdpbrowser.PermissionSettingGranted)
		tb.do(chromedp.Click(chromedp.ID("copy-summary")))
		tb.waitText("#share-status", lang.DE.T("share.copied"))
		clip, err := clipboardText(tb)
		fp, _ := state.ParseFootprint(mustValues(t, fpParams))
		want := export.SummaryIn(data.PrinterOf(lang.DE), r, fpFactors(t), full+"/?"+fp.AppendTo(state.String(fpQuery))+"&lang=de")
		if err != nil || clip != want {
			t.Errorf("clipboard %q (%v), want\n%q", clip, err, want)
		}
		if left := lang.English(clip, lang.DE); len(left) > 0 {
			t.Errorf("the German summary still says in English %q", left)
		}
	})
}

// wholeText is the page's text with every disclosure open and the Embed
// dialog shown, less the citations the page marks as English (lang="en"):
// the publications' own titles; and less the charts' titles and captions.
func wholeText(tb *tab) string {
	tb.t.Helper()
	eval[bool](tb, `document.querySelectorAll("main details").forEach(d => d.open = true), true`)
	tb.do(chromedp.Click(chromedp.ID("embed-open")))
	tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
	eval[bool](tb, `document.querySelectorAll("details").forEach(d => d.open = true), true`)
	eval[bool](tb, `document.querySelectorAll("body [lang=en]").forEach(e => e.style.display = "none"), true`)
	// The charts' titles and captions (and the download rows named after
	// them) are translated with the charts' other words, elsewhere; the
	// glossary's explanations in their captions are this page's.
	eval[bool](tb, `document.querySelectorAll(".charts figure > h2, .share-row:has([id^=png-]) .share-label").forEach(e => e.style.display = "none"),
		document.querySelectorAll(".charts figcaption").forEach(f => f.childNodes.forEach(n => n.nodeType === 3 && (n.textContent = ""))), true`)
	// And the words a pointer's tooltip or a screen reader gives.
	return eval[string](tb, `document.body.innerText + "\n" + document.querySelector("#embed-dialog").innerText + "\n" +
		[...document.querySelectorAll("body [title], body [aria-label]")].filter(e => !e.closest("[lang=en], .charts figure > h2"))
			.map(e => (e.getAttribute("title") ?? "") + "\n" + (e.getAttribute("aria-label") ?? "")).join("\n")`)
}
