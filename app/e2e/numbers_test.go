package e2e

// Figures a reader can read at both ends of the volumes a link may ask, and
// columns in a unit that reads: one token (not "2.225 × 10⁻⁵ Wh", nor a
// water figure with no unit), 1e17 tokens (not "1e+17 output tokens", nor a
// plan link to 1B/day) and its compare table (not "Water (m³) 0.0351"). How
// the tests read a column of the ranking (inUnit) is in
// harness_expect_test.go.

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// unreadable finds, in a page's text, an exponent ("1e+17"), a power of
// ten ("× 10⁻⁵"), a superscript other than m³'s, a non-finite number, and a
// whole number of five digits or more without its separators.
var unreadable = regexp.MustCompile(`\d\.?\d*[eE][+-]\d|×\s?10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]|[⁰¹²⁴⁵⁶⁷⁸⁹⁻]|[^m]³|\b(NaN|Inf)\b|(^|[^0-9A-Za-z.,/_=-])[0-9]{5,}`)

// noScriptTab opens a tab that shows pages as the server prerenders them:
// without JavaScript, and past the service worker other tabs install.
func noScriptTab(t *testing.T, bctx context.Context, origin string) *tab {
	tb := newTab(t, bctx, origin, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	tb.noApp = true
	return tb
}

func TestNumbers(t *testing.T) {
	_, bctx := browserTest(t)
	origin := site(t).URL

	for _, c := range []struct {
		name, query string
		volume      string // the question's words for it
		energy      string // the headline's unit
		rate, plan  string // the plan link's traffic, and its words
	}{
		{"OneToken", "tokens=1", "1 output token", "mJ", "1/day", "Plan a deployment for 1 output token a day →"},
		{"1e17Tokens", "tokens=1e17", "100,000T output tokens", "GWh", "1000T/day",
			"Plan a deployment for 1,000T output tokens a day, the most a plan takes →"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			check := func(tb *tab, where string) {
				t.Helper()
				v := tb.view()
				text := evalIn[string](v, `(() => { document.querySelectorAll("details").forEach(d => d.open = true); return document.body.innerText })()`)
				for _, m := range unreadable.FindAllStringIndex(text, -1) {
					lo, hi := max(0, m[0]-40), min(len(text), m[1]+40)
					t.Errorf("%s: %q in %q", where, text[m[0]:m[1]], text[lo:hi])
				}
				if q := tb.text("#question"); !strings.Contains(q, "Energy for "+c.volume+" of ") {
					t.Errorf("%s: #question = %q, want %q", where, q, c.volume)
				}
				if e := tb.text("#energy"); !regexp.MustCompile(`^[0-9][0-9,.]* ` + c.energy + `$`).MatchString(e) {
					t.Errorf("%s: #energy = %q, want a figure in %s", where, e, c.energy)
				}
				if w := tb.text("#fp-water"); !regexp.MustCompile(`^(less than )?[0-9][0-9,.]* (mL|L|m³)$`).MatchString(w) {
					t.Errorf("%s: #fp-water = %q, want a figure and its unit", where, w)
				}
				if got := tb.text("#open-plan"); got != c.plan {
					t.Errorf("%s: #open-plan reads %q, want %q", where, got, c.plan)
				}
				if u := tb.href("#open-plan"); u.Query().Get("rate") != c.rate {
					t.Errorf("%s: #open-plan links to %s, want rate=%s, the traffic it names", where, u, c.rate)
				}
			}
			pre := noScriptTab(t, bctx, origin)
			pre.do(chromedp.Navigate(origin+"/?"+c.query), chromedp.WaitReady(chromedp.ID("about")))
			check(pre, "prerendered")
			pre.shot("numbers-" + c.name + "-prerendered")

			tb := newTab(t, bctx, origin)
			tb.open(c.query)
			check(tb, "running")
			tb.shot("numbers-" + c.name)
			// The plan the link opens plans the traffic it named.
			tb.do(chromedp.Click(chromedp.ID("open-plan")), chromedp.WaitReady(chromedp.CSS("main[data-mounted] #gpus")))
			words := strings.TrimSuffix(strings.TrimPrefix(c.plan, "Plan a deployment for "), " →")
			words = strings.TrimSuffix(words, ", the most a plan takes")
			tb.waitFor(fmt.Sprintf(`document.querySelector("#question")?.textContent.includes(%q)`, words), "the plan of "+words)
		})
	}

	// The pages of both ends, their charts drawn, for people to look at.
	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) {
			t.Parallel()
			shoot := shooter(t, bctx, origin, dir)
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				for name, query := range map[string]string{"numbers-one-token": "tokens=1", "numbers-1e17": "tokens=1e17",
					"numbers-compare-1e17": "/compare?tokens=1e17", "numbers-plan-1e15": "/plan?rate=1000T/day&peak=1000&model=llama-3-1-405b-instruct"} {
					shoot(name, size[0], size[1], "light", query)
				}
			}
		})
	}

	// A column of figures in the unit its middle figure reads in, though its
	// largest passes the next: hand-picked from the ranking's figures (on
	// H100 at 1B tokens, gpqa's energies run from tens of kWh to over a MWh,
	// its water to over a m³; image-chat's energies per request from tens of
	// J to over a kJ).
	t.Run("CompareUnits", func(t *testing.T) {
		t.Parallel()
		for _, c := range []struct {
			query string
			units map[string]string // by column
		}{
			{"task=gpqa&gpu=H100&tokens=1B", map[string]string{"energy": "kWh", "water": "L"}},
			{"task=image-chat&gpu=H100&tokens=1B", map[string]string{"request": "J", "water": "L"}},
		} {
			pre := noScriptTab(t, bctx, origin)
			pre.do(chromedp.Navigate(origin+"/compare?"+c.query), chromedp.WaitReady(chromedp.ID("ranking-table")))
			tb := newTab(t, bctx, origin)
			tb.openURL(origin + "/compare?" + c.query)
			for where, tb := range map[string]*tab{"prerendered": pre, "running": tb} {
				for col, unit := range c.units {
					th := "#ranking-table th[data-col=" + col + "]"
					head := strings.ReplaceAll(tb.text(th), "\u00a0", " ")
					if !strings.HasSuffix(strings.TrimRight(head, " ▲▼"), "("+unit+")") {
						t.Errorf("%s /compare?%s: the %s column's header reads %q, want its unit %s", where, c.query, col, head, unit)
					}
				}
			}
			tb.shot("numbers-compare-" + strings.NewReplacer("=", "-", "&", "-").Replace(c.query))
		}
	})
}
