package e2e

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// TestCalculatorLanguage opens the whole calculator in French, German and
// Spanish, with a footprint past the GPU, a budget and a refused value:
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
			text := wholeText(tb)
			if dir := os.Getenv("TOKENJOULE_LANGTEXT"); dir != "" {
				if err := os.WriteFile(filepath.Join(dir, "calculator-"+string(tag)+".txt"), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if left := lang.English(text, tag); len(left) > 0 {
				t.Errorf("the calculator in %s still says in English %q", tag, left)
			}
		})
	}
}

// wholeText is the page's text with every disclosure open and the Embed
// dialog shown, less the citations the page marks as English (lang="en"):
// the publications' own titles.
func wholeText(tb *tab) string {
	tb.t.Helper()
	eval[bool](tb, `document.querySelectorAll("main details").forEach(d => d.open = true), true`)
	tb.do(chromedp.Click(chromedp.ID("embed-open")))
	tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
	eval[bool](tb, `document.querySelectorAll("details").forEach(d => d.open = true), true`)
	eval[bool](tb, `document.querySelectorAll("body [lang=en]").forEach(e => e.style.display = "none"), true`)
	return eval[string](tb, `document.body.innerText + "\n" + document.querySelector("#embed-dialog").innerText`)
}
