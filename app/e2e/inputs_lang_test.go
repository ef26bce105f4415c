package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// TestInputsLanguage: a French and a German page's boxes show their values
// as the page writes figures ("0,12", "1 Md", "2,5 Mrd."), take what a
// reader of the language types ("0,5", "1.000", "2,5 Md") and answer it as
// the canonical value, which the URL keeps; a refusal is said in the
// language. The calculator, its footprint, and the plan's traffic.
func TestInputsLanguage(t *testing.T) {
	set, bctx := browserTest(t)
	full := cspSite(t, "").URL
	boxValue := func(tb *tab, sel string) string {
		tb.t.Helper()
		return eval[string](tb, fmt.Sprintf(`document.querySelector(%q)?.value ?? "<missing>"`, sel))
	}
	param := func(tb *tab, name, want string) {
		tb.t.Helper()
		js := fmt.Sprintf(`new URLSearchParams(location.search).get(%q) === %q`, name, want)
		tb.poll(js, 10*time.Second)
	}
	refusal := func(tb *tab, tag lang.Tag, box, text string) {
		tb.t.Helper()
		tb.change(box, text, "input")
		tb.poll(fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "") !== ""`, box+"-error"), 10*time.Second)
		msg := tb.text(box + "-error")
		// The language's "{value} is not accepted:", the value as typed.
		want := strings.TrimSpace(tag.T("input.refused", "value", strconv.Quote(text), "why", ""))
		if !strings.HasPrefix(msg, want) {
			t.Errorf("%s %s %q: the refusal %q is not the language's (%q)", tag, box, text, msg, want)
		}
		if left := lang.English(msg, tag); len(left) > 0 {
			t.Errorf("%s %s %q: the refusal %q says in English %q", tag, box, text, msg, left)
		}
	}
	for _, c := range []struct {
		tag                   lang.Tag
		tokens                float64
		shows                 string // the volume box of tokens
		typed                 string // typed in the volume box
		typedTokens           float64
		typedURL              string // the URL's tokens= after it
		price, priceTyped     string // the price box, as shown and as typed
		priceURL              string
		deadline, deadlineURL string // typed in an image page's deadline box, and its URL
	}{
		{lang.FR, 1e9, "1\u00a0Md", "0,5 Md", 5e8, "500M", "0,12", "0,5", "0.5", "12,5", "12.5s"},
		{lang.DE, 2.5e9, "2,5\u00a0Mrd.", "1.000", 1000, "1k", "0,12", "0,5", "0.5", "0,5", "0.5s"},
	} {
		t.Run("calculator/"+string(c.tag), func(t *testing.T) {
			t.Parallel()
			p := data.PrinterOf(c.tag)
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			q := fpQuery
			q.Tokens = c.tokens
			tb.open(state.String(q) + "&price=0.12&cur=USD&lang=" + string(c.tag))
			if got := boxValue(tb, "#tokens"); got != c.shows {
				t.Errorf("the volume box shows %q, want %q", got, c.shows)
			}
			if got := boxValue(tb, "#fp-price"); got != c.price {
				t.Errorf("the price box shows %q, want %q", got, c.price)
			}
			// A volume typed the language's way: the answer for it, the
			// URL canonical.
			tb.change("#tokens", c.typed, "input")
			param(tb, "tokens", c.typedURL)
			q.Tokens = c.typedTokens
			r, err := set.Select(q)
			if err != nil {
				t.Fatal(err)
			}
			tb.waitText("#energy", p.Energy(r.Estimate.EnergyWh))
			if got := boxValue(tb, "#tokens"); got != c.typed {
				t.Errorf("the volume box holds %q, typed %q", got, c.typed)
			}
			tb.change("#fp-price", c.priceTyped, "input")
			param(tb, "price", c.priceURL)
			if msg := eval[string](tb, `document.querySelector("#fp-price-error")?.textContent ?? ""`); msg != "" {
				t.Errorf("the price %q is refused: %q", c.priceTyped, msg)
			}
			// A preset shows as the page writes it.
			tb.do(chromedp.Click(chromedp.ID("preset-1B")))
			param(tb, "tokens", "1B")
			if got, want := boxValue(tb, "#tokens"), p.VolumeBox("1B"); got != want {
				t.Errorf("after the 1B preset the box shows %q, want %q", got, want)
			}
			refusal(tb, c.tag, "#tokens", "lots")
			refusal(tb, c.tag, "#fp-price", "0,5,5")
		})
		t.Run("images/"+string(c.tag), func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			tb.open("task=text-to-image&deadline=2.5s&lang=" + string(c.tag))
			if got := boxValue(tb, "#deadline"); got != "2,5" {
				t.Errorf("the deadline box shows %q, want 2,5", got)
			}
			tb.change("#deadline", c.deadline, "input")
			param(tb, "deadline", c.deadlineURL)
			if msg := eval[string](tb, `document.querySelector("#deadline-error")?.textContent ?? ""`); msg != "" {
				t.Errorf("the deadline %q is refused: %q", c.deadline, msg)
			}
		})
		t.Run("footprint/"+string(c.tag), func(t *testing.T) {
			t.Parallel()
			p := data.PrinterOf(c.tag)
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			tb.open(state.String(fpQuery) + "&" + fpParams + "&lang=" + string(c.tag))
			e := fpFactors(t).Effective()
			for box, v := range map[string]float64{"#fp-host": e.Host.Value, "#fp-pue-value": e.PUE.Value} {
				if got, want := boxValue(tb, box), p.Box(strconv.FormatFloat(v, 'f', -1, 64)); got != want || !strings.Contains(want, ",") {
					t.Errorf("%s shows %q, want %q", box, got, want)
				}
			}
			// PUE 1,5 typed: the total as a page opened at pue=1.5 shows it.
			tb.change("#fp-pue-value", "1,5", "input")
			param(tb, "pue", "1.5")
			other := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			other.open(strings.TrimPrefix(eval[string](tb, `location.search`), "?"))
			other.waitFor(`!!document.querySelector("#fp-total-wh")`, "the footprint's total")
			tb.waitText("#fp-total-wh", other.text("#fp-total-wh"))
			if !strings.Contains(tb.text("#fp-total-wh"), ",") {
				t.Errorf("the total %q is not in the language's format", tb.text("#fp-total-wh"))
			}
			tb.change("#fp-budget", "1,5 t CO2e", "input")
			param(tb, "budget", "1.5 t")
			refusal(tb, c.tag, "#fp-pue-value", "0,5")
		})
		t.Run("compare/"+string(c.tag), func(t *testing.T) {
			t.Parallel()
			p := data.PrinterOf(c.tag)
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			q := fpQuery
			q.Tokens = c.tokens
			tb.openURL(full + "/compare?" + state.String(q) + "&lang=" + string(c.tag))
			if got := boxValue(tb, "#tokens"); got != c.shows {
				t.Errorf("the volume box shows %q, want %q", got, c.shows)
			}
			tb.change("#tokens", c.typed, "input")
			param(tb, "tokens", c.typedURL)
			// Its plan mode: the traffic's boxes too.
			tb.openURL(full + "/compare?" + state.String(q) + "&rate=12k/s&peak=1.5&lang=" + string(c.tag))
			if got, want := boxValue(tb, "#rate"), p.RateBox("12k/s"); got != want {
				t.Errorf("the rate box shows %q, want %q", got, want)
			}
			tb.change("#peak", "2,5", "input")
			param(tb, "peak", "2.5")
			refusal(tb, c.tag, "#rate", "5")
		})
		t.Run("plan/"+string(c.tag), func(t *testing.T) {
			t.Parallel()
			p := data.PrinterOf(c.tag)
			tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			tb.openURL(full + "/plan?task=lm-arena-chat&model=qwen-3-14b&gpu=H100&deadline=50ms&rate=1B/day&peak=1.5&lang=" + string(c.tag))
			if got, want := boxValue(tb, "#rate"), p.RateBox("1B/day"); got != want || want == "1B/day" {
				t.Errorf("the rate box shows %q, want %q", got, want)
			}
			if got := boxValue(tb, "#peak"); got != "1,5" {
				t.Errorf("the peak box shows %q, want 1,5", got)
			}
			typed := p.RateBox("2.5B/day")
			tb.change("#rate", typed, "input")
			tb.change("#peak", "2,5", "input")
			param(tb, "rate", "2.5B/day")
			param(tb, "peak", "2.5")
			other := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			other.openURL(full + "/plan" + eval[string](tb, `location.search`))
			tb.waitText("#energy", other.text("#energy"))
			refusal(tb, c.tag, "#rate", "5")
			refusal(tb, c.tag, "#peak", "0,5")
		})
	}
}
