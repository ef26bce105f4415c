package e2e

import (
	"context"
	"html"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// TestLanguages opens the calculator and the card in each language, by
// lang= and by the browser's preferred language: the figure in the
// language's format, the html element's lang, and no English sentence of
// the catalogue in the card, nor in the calculator's answer.
func TestLanguages(t *testing.T) {
	set, bctx := browserTest(t)
	static, _ := staticHost(t)
	full := cspSite(t, "").URL
	q := data.DefaultQuery()
	r, err := set.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range lang.Tags()[1:] {
		want := export.CardIn(data.PrinterOf(tag), r, footprint.Factors{})
		// The card from a static host, shown by its own wasm.
		t.Run("card/"+string(tag), func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, static.origin, chromedp.EmulateViewport(360, 800))
			tb.noApp = true
			tb.do(chromedp.Navigate(static.origin + "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard, Lang: tag})))
			tb.waitFor(`document.querySelector("main")?.dataset.card === "shown"`, "the card shown by its wasm")
			expectSpoken(t, tb, tag, want.Figure, "main")
			// Before the wasm ran the prerendered English page said which
			// language was coming; once it runs, it no longer does.
			note := eval[map[string]any](tb, `({attr: document.documentElement.dataset.langComing ?? "",
				shown: getComputedStyle(document.documentElement, "::after").content})`)
			if note["attr"] != tag.T("coming") || note["shown"] != "none" {
				t.Errorf("the note of the coming language: %v, want %q, hidden once the card is shown", note, tag.T("coming"))
			}
			if got := tb.text("#question"); got != want.Title {
				t.Errorf("the card's question reads %q, want %q", got, want.Title)
			}
			if got := tb.text("#open-full"); got != tag.T("footer.open") {
				t.Errorf("the card's link reads %q", got)
			}
			if href := tb.href("#open-full"); href.Query().Get("lang") != string(tag) {
				t.Errorf("the card's link %s lost lang=%s", href, tag)
			}
		})
		// The card from the server, which prerenders it in English.
		t.Run("card-served/"+string(tag), func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(360, 800))
			tb.noApp = true
			tb.do(chromedp.Navigate(full + "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard, Lang: tag})))
			tb.waitFor(`document.querySelector("main")?.dataset.mounted === "true"`, "the card live")
			expectSpoken(t, tb, tag, want.Figure, "main")
		})
		// The calculator from a static host, prerendered in English.
		t.Run("calculator-static/"+string(tag), func(t *testing.T) {
			t.Parallel()
			// Before the app runs (its wasm held back), the English page
			// says which language is coming; once it runs, the page speaks it.
			host, g := staticHost(t)
			tb := newTab(t, bctx, host.origin, chromedp.EmulateViewport(360, 800))
			tb.do(chromedp.Navigate(host.origin + "/?" + state.String(q) + "&lang=" + string(tag)))
			note := eval[string](tb, `getComputedStyle(document.documentElement, "::after").content`)
			if note != `"`+tag.T("coming")+`"` {
				t.Errorf("before the app runs the page shows %s, want %q", note, tag.T("coming"))
			}
			g.release()
			tb.do(chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
			expectSpoken(t, tb, tag, want.Figure, "#question, .energy, #other-percentile, #floor, #lever, .figures dt")
		})
		// The calculator, by lang=.
		t.Run("calculator/"+string(tag), func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			tb.open(state.String(q) + "&lang=" + string(tag))
			p := data.PrinterOf(tag)
			for sel, want := range map[string]string{"#wh-per-mtok": p.Number(r.Selected.WhPerMillion()),
				"#energy-per-request": p.Joules(r.Estimate.EnergyPerRequest), "#joules": p.Joules(r.Estimate.EnergyWh * 3600)} {
				if got := tb.text(sel); got != want {
					t.Errorf("%s reads %q, want %q", sel, got, want)
				}
			}
			expectSpoken(t, tb, tag, want.Figure, "#question, .energy, #other-percentile, #floor, #edit-question, label[for=task], label[for=model], label[for=deadline], label[for=percentile], #percentile, .figures dt, #lever, #embed-open, #skip")
		})
	}
	// German's long words hold at a phone's width: nothing wider than the
	// page, on the card and the calculator.
	t.Run("phone-de", func(t *testing.T) {
		t.Parallel()
		for _, path := range []string{"/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard, Lang: lang.DE}),
			"/?" + state.String(q) + "&lang=de",
			// A footprint set: its lines, the longest words of the card.
			"/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard, Lang: lang.DE}) + "&" + fpEmbed} {
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(360, 800))
			tb.noApp = strings.HasPrefix(path, "/embed")
			tb.do(chromedp.Navigate(full + path))
			tb.waitFor(`document.querySelector("main")?.dataset.mounted === "true"`, "the page live")
			if !strings.Contains(path, fpEmbed) {
				tb.waitText("#energy", data.PrinterOf(lang.DE).Energy(r.Estimate.EnergyWh))
			}
			wide := eval[[]string](tb, `[document.documentElement, ...document.querySelectorAll("#result *, footer *")]
				.filter(e => e.getBoundingClientRect().right > innerWidth + 0.5 || e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === "visible" && e.clientWidth > 0)
				.map(e => (e.id || e.tagName) + ": " + e.getBoundingClientRect().right)`)
			if len(wide) > 0 {
				t.Errorf("%s at 360 px: wider than the page: %v", path, wide)
			}
			if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
				// The first screen, as a phone shows it.
				png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				name := "lang-de-first-screen-card-360.png"
				if strings.Contains(path, fpEmbed) {
					name = "lang-de-first-screen-card-fp-360.png"
				}
				if !tb.noApp {
					name = "lang-de-first-screen-calculator-360.png"
				}
				if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
	// Screenshots of the calculator and the card in French and German.
	t.Run("Screenshots", func(t *testing.T) {
		dir := os.Getenv("TOKENJOULE_SCREENSHOTS")
		if dir == "" {
			t.Skip("TOKENJOULE_SCREENSHOTS is not set")
		}
		shoot := shooter(t, bctx, full, dir)
		for _, tag := range []string{"fr", "de"} {
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				for _, scheme := range []string{"light", "dark"} {
					shoot("lang-"+tag+"-calculator", size[0], size[1], scheme, state.String(q)+"&lang="+tag)
					shoot("lang-"+tag+"-card", size[0], size[1], scheme, "/embed?"+state.EmbedString(q, state.Embed{Layout: state.LayoutCard})+"&lang="+tag)
					shoot("lang-"+tag+"-card-fp", size[0], size[1], scheme, "/embed?"+state.EmbedString(q, state.Embed{Layout: state.LayoutCard})+"&"+fpEmbed+"&lang="+tag)
					// The whole calculator, its footprint's section open.
					shoot("lang-"+tag+"-calculator-whole", size[0], size[1], scheme, state.String(fpQuery)+"&"+fpParams+"&lang="+tag)
				}
			}
		}
	})
	// A refused lang= gets a notice in the browser's language, naming the
	// value and the languages accepted, and leaves the address bar; the
	// page then speaks the browser's language.
	t.Run("refused", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900),
			acceptLanguage("fr-FR,fr"))
		tb.open(state.String(q) + "&lang=klingon&pue=9")
		notices := tb.text("#notices")
		for _, part := range []string{`lang="klingon"`, "en, fr, de, es", "affichage en français", tb.text("#dismiss-notices")} {
			if !strings.Contains(notices, part) {
				t.Errorf("the notices lack %q:\n%s", part, notices)
			}
		}
		if got := tb.text("#dismiss-notices"); got != lang.FR.T("notice.dismiss.all") {
			t.Errorf("the dismiss button reads %q", got)
		}
		tb.poll(`!location.search.includes("lang=")`, 5*time.Second)
		expectSpoken(t, tb, lang.FR, data.PrinterOf(lang.FR).Energy(r.Estimate.EnergyWh), "#question, .energy")
	})
	// The builder of an English page makes a German pinned card: the page
	// downloads the German words when they are chosen, and only then.
	t.Run("builder-language", func(t *testing.T) {
		t.Parallel()
		tb := openEmbedDialog(t, bctx, full, "/?"+state.String(q))
		expectCatalogues(t, tb, lang.EN)
		tb.change("#embed-lang", "de", "change")
		figure := data.PrinterOf(lang.DE).Energy(r.Estimate.EnergyWh)
		tb.waitFor(`(document.querySelector("#embed-pinned")?.value ?? "").includes("lang=&quot;de&quot;")`, "a German pinned card")
		// The pinned card's document, out of the snippet's frame.
		snippet := eval[string](tb, `document.querySelector("#embed-pinned").value`)
		_, doc, _ := strings.Cut(snippet, `srcdoc="`)
		doc, _, _ = strings.Cut(doc, `"`)
		doc = html.UnescapeString(doc)
		if !strings.Contains(doc, `<html lang="de"`) || !strings.Contains(doc, ">"+figure+"<") {
			t.Errorf("the pinned card chosen in German is not German, or lacks %q:\n%s", figure, doc)
		}
		if got := eval[[]string](tb, `performance.getEntriesByType("resource").map(e => new URL(e.name).pathname).filter(p => p.includes("/web/lang-"))`); len(got) != 1 || !strings.HasSuffix(got[0], "/web/"+lang.FileName(lang.DE)) {
			t.Errorf("choosing German downloaded %q, want %s alone", got, lang.FileName(lang.DE))
		}
		if got := eval[string](tb, `document.querySelector("#embed-snippet").value`); !strings.Contains(got, "lang=de") {
			t.Errorf("the live snippet lost lang=de: %s", got)
		}
	})
	// In English the page downloads no catalogue: the wasm holds English.
	t.Run("english", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900), acceptLanguage("it-IT,en-GB,fr"))
		tb.open(state.String(q))
		tb.waitText("#energy", data.PrinterOf(lang.EN).Energy(r.Estimate.EnergyWh))
		expectCatalogues(t, tb, lang.EN)
	})
	// Without lang=, the browser's preferred language when the site speaks it.
	t.Run("browser-language", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900),
			acceptLanguage("it-IT,de-DE,de"))
		tb.open(state.String(q))
		if got := eval[string](tb, `navigator.languages.join()`); !strings.Contains(got, "de") {
			t.Fatalf("navigator.languages = %q: the override did not reach the page", got)
		}
		want := data.PrinterOf(lang.DE).Energy(r.Estimate.EnergyWh)
		expectSpoken(t, tb, lang.DE, want, "#question, .energy, #other-percentile, #floor")
	})
}

// expectSpoken checks that the page speaks tag: its html element says so,
// #energy reads figure, and the text of the elements sel selects holds no
// English sentence of the catalogue.
func expectSpoken(t *testing.T, tb *tab, tag lang.Tag, figure, sel string) {
	t.Helper()
	tb.waitText("#energy", figure)
	if got := eval[string](tb, `document.documentElement.lang`); got != string(tag) {
		t.Errorf("html lang=%q, want %q", got, tag)
	}
	if got := eval[string](tb, `document.title`); got != tag.T("page.title") {
		t.Errorf("the page's title reads %q, want %q", got, tag.T("page.title"))
	}
	text := eval[string](tb, `[...document.querySelectorAll(`+"`"+sel+"`"+`)].map(e => e.innerText).join("\n")`)
	if left := englishIn(text, tag); len(left) > 0 {
		t.Errorf("the page in %s still says in English %q:\n%s", tag, left, text)
	}
	if strings.TrimSpace(text) == "" {
		t.Errorf("nothing to read in %s", sel)
	}
	expectCatalogues(t, tb, tag)
}

// expectCatalogues checks that the page downloaded the words of tag's
// language alone, none for English (the wasm holds English), and began to
// with the page (web/start.js), not once the wasm asked for them.
func expectCatalogues(t *testing.T, tb *tab, tag lang.Tag) {
	t.Helper()
	got := eval[[]string](tb, `performance.getEntriesByType("resource").map(e => new URL(e.name).pathname)
		.filter(p => /\/web\/lang-[a-z]+\.txt/.test(p)).map(p => p.replace(/^.*\/web\//, "").replace(/\.gz$/, ""))`)
	var want []string
	if tag != lang.EN {
		want = []string{lang.FileName(tag)}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("the page in %s downloaded the catalogues %q, want %q", tag, got, want)
	}
	if first := eval[string](tb, `window.tokenjouleCatalogue?.first?.tag ?? "en"`); first != string(tag) {
		t.Errorf("web/start.js began to download the catalogue of %q with the page, want %q", first, tag)
	}
}

// acceptLanguage makes the tab's browser prefer langs (navigator.languages
// and the Accept-Language header), as a reader's settings do.
func acceptLanguage(langs string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156 Safari/537.36", AcceptLanguage: langs})
		return err
	})
}
