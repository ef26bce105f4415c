package e2e

// Browser tests of the compare page and its embed before the app runs, as
// TestPrestart does for the calculator: a ranking on screen answers the
// link's question or says what it is.

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// compareFigures are the elements of the compare page that show its answer:
// the question, the least energy, and the first row's energy.
var compareFigures = []string{"#question", "#least", "#ranking-table tbody td[data-col=energy]"}

func TestPrestartCompare(t *testing.T) {
	set, bctx := browserTest(t)
	prepareSites(t, "")
	def, _ := state.ParseCompare(set, url.Values{})
	// A link to a ranking some models miss: their buttons, which set the
	// deadline each meets, must wait for the app too.
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9}
	defRk, err := set.Compare(def)
	if err != nil {
		t.Fatal(err)
	}
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	// What the default ranking shows and the link's does not: each model's
	// energy for the volume, and the name of the least.
	var defFigures []string
	for _, r := range defRk.Models {
		if r.Status() == data.Meets {
			defFigures = append(defFigures, data.FormatEnergy(r.Result.Estimate.EnergyWh))
		}
	}
	least := func(rk *data.Ranking) string {
		for _, r := range rk.Models {
			if r.Status() == data.Meets {
				return r.Entry.Name + ", " + data.FormatEnergy(r.Result.Estimate.EnergyWh)
			}
		}
		t.Fatalf("no model meets %+v: the test needs a ranking", rk.Query)
		return ""
	}
	defLeast, linkLeast := least(defRk), least(rk)
	if defLeast == linkLeast || defRk.Workload.Name == rk.Workload.Name {
		t.Fatal("the test needs two rankings that differ")
	}
	for _, r := range rk.Models {
		if r.Status() == data.Meets && strings.Contains(strings.Join(defFigures, "|"), data.FormatEnergy(r.Result.Estimate.EnergyWh)) {
			t.Fatalf("the default ranking shows %s too: the test could not tell them apart", data.FormatEnergy(r.Result.Estimate.EnergyWh))
		}
	}
	pages := []struct {
		name, path string
		charts     int // charts the page has
	}{
		{"page", "/compare", 2},
		{"embed", "/embed/compare", 1},
	}

	for _, p := range pages {
		link := p.path + "?" + state.String(q)

		t.Run("StaticHost/AnotherQuery/"+p.name, func(t *testing.T) {
			t.Parallel()
			h, g := staticHost(t)
			tb := newTab(t, bctx, h.origin, recordShown(compareFigures...))
			tb.do(chromedp.Navigate(h.origin+link), chromedp.WaitReady(chromedp.ID("caveat")))
			tb.poll(`document.getElementById("pending-question")?.textContent !== ""`, 5*time.Second)
			tb.shot("prestart-static-another-query-compare-" + p.name)
			// No figure of the default ranking; the link's question and a
			// calculating state instead.
			text := tb.visible()
			for _, bad := range append([]string{defLeast, defRk.Workload.Name, "Default example"}, defFigures...) {
				if strings.Contains(text, bad) {
					t.Errorf("before the app runs, the page shows %q, which answers the default question, not the link's", bad)
				}
			}
			if !tb.isVisible("#pending") {
				t.Error("before the app runs, the page does not say that it is calculating")
			}
			// In the page's words: names, not slugs or ids.
			w, _ := set.Workload(q.Task)
			m, _ := set.Entry(q.Task, q.Model)
			for _, want := range []string{"Calculating", "every model of " + w.Name, "highlighted model " + m.Name, "H100", "15ms", "p95", "2.5B"} {
				if !strings.Contains(tb.text("#pending"), want) {
					t.Errorf("before the app runs, the page does not show %q: %q", want, tb.text("#pending"))
				}
			}
			if strings.Contains(tb.text("#pending"), q.Model) || strings.Contains(tb.text("#pending"), "gpqa") {
				t.Errorf("before the app runs, the page names the model by its slug %s, or the workload by its id: %q", q.Model, tb.text("#pending"))
			}
			tb.expectLive()
			tb.expectNoStaleLinks()
			tb.expectUnnamed(append([]string{defLeast, defRk.Workload.Name}, defFigures...)...)
			// Then the app answers the link, and no other ranking was ever shown.
			g.release()
			tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
			expectRanking(tb.view(), set, q)
			// The question is the link's, and the only one ever shown.
			question := tb.text("#question")
			if !strings.Contains(question, rk.Workload.Name) || !strings.Contains(question, "2.5B") || !strings.Contains(question, "15 ms") {
				t.Errorf("#question = %q once the app runs, want the link's", question)
			}
			tb.expectShownOnly(map[string]string{
				"#question":       question,
				"#least":          linkLeast,
				compareFigures[2]: firstEnergyCell(rk),
			})
		})

		t.Run("StaticHost/DefaultQuery/"+p.name, func(t *testing.T) {
			t.Parallel()
			h, g := staticHost(t)
			tb := newTab(t, bctx, h.origin, recordShown(compareFigures...))
			tb.do(chromedp.Navigate(h.origin+p.path), chromedp.WaitVisible(chromedp.ID("least")))
			tb.shot("prestart-static-default-compare-" + p.name)
			// The prerendered ranking is the default link's: it shows,
			// painted before the app runs.
			if got := tb.text("#least"); got != defLeast {
				t.Errorf("#least = %q before the app runs, want %q", got, defLeast)
			}
			if !tb.isVisible("#ranking-table") {
				t.Error("the default link, which the prerendered page answers, does not show its ranking table")
			}
			if tb.isVisible("#pending") || strings.Contains(tb.visible(), "Calculating") {
				t.Error("the default link, which the prerendered page answers, shows a calculating state")
			}
			tb.poll(`performance.getEntriesByName("first-contentful-paint").length > 0`, 10*time.Second)
			tb.expectLive()
			g.release()
			tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
			expectRanking(tb.view(), set, def)
			tb.expectShownOnly(map[string]string{"#least": defLeast})
		})
	}

	// Without JavaScript, and where the wasm cannot load, both pages show
	// the default example and say so; the charts say they need JavaScript.
	t.Run("StaticHost/JavaScriptOff", func(t *testing.T) {
		t.Parallel()
		h, _ := staticHost(t)
		tb := newTab(t, bctx, h.origin, scripts(false))
		tb.noApp = true
		for _, p := range pages {
			tb.do(chromedp.Navigate(h.origin+p.path+"?"+state.String(q)), chromedp.WaitReady(chromedp.ID("least")))
			tb.shot("nojs-static-compare-" + p.name)
			if got := tb.text("#least"); got != defLeast {
				t.Fatalf("%s: #least = %q, want the prerendered default %q", p.name, got, defLeast)
			}
			tb.expectDefaultExample(p.name)
			if !tb.isVisible("#ranking .example") {
				t.Errorf("%s: the ranking table, the default's, is not labelled as the default example", p.name)
			}
			tb.expectStatic(p.charts)
		}
	})

	t.Run("StaticHost/WasmFails", func(t *testing.T) {
		t.Parallel()
		tb := wasmFailingTab(t, bctx)
		for _, p := range pages {
			tb.openFailing(p.path + "?" + state.String(q))
			tb.shot("wasm-fails-static-compare-" + p.name)
			tb.expectDefaultExample(p.name)
			tb.expectStatic(p.charts)
		}
	})

	t.Run("Serve/Query", func(t *testing.T) {
		t.Parallel()
		// tokenjoule serve prerenders the link's own ranking: it shows
		// before the app runs, and says so with JavaScript off. (The
		// embed is prerendered by the same code.)
		link := comparePath(q)
		h, g := serveHost(t)
		tb := newTab(t, bctx, h.origin, recordShown(compareFigures...))
		tb.do(chromedp.Navigate(h.origin+link), chromedp.WaitVisible(chromedp.ID("least")))
		if got := tb.text("#least"); got != linkLeast {
			t.Errorf("#least = %q before the app runs, want the link's %q", got, linkLeast)
		}
		if tb.isVisible("#pending") {
			t.Error("the page prerendered for the link shows a calculating state")
		}
		if !tb.has("#missed-list button") {
			t.Fatal("the test needs a ranking with a model that misses the deadline, and its button")
		}
		tb.expectLive()
		g.release()
		tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
		expectRanking(tb.view(), set, q)
		tb.expectShownOnly(map[string]string{"#least": linkLeast})

		// Another origin, which no service worker answers from its cache:
		// a reader without JavaScript never has one.
		h2 := startHost(t, cspHandler(t, ""))
		off := newTab(t, bctx, h2.origin, scripts(false))
		off.noApp = true
		off.do(chromedp.Navigate(h2.origin+link), chromedp.WaitReady(chromedp.ID("least")))
		if got := off.text("#least"); got != linkLeast {
			t.Errorf("#least = %q with JavaScript off, want the link's %q", got, linkLeast)
		}
		if !off.isVisible("#nojs") || !strings.Contains(off.text("#nojs"), "answer this link") {
			t.Errorf("the notice says %q, want that the figures answer the link", off.text("#nojs"))
		}
		if off.isVisible(".example") {
			t.Error("the link's ranking is labelled as the default example")
		}
		off.expectStatic(2)
	})
}

// firstEnergyCell is what the ranking's first energy cell reads: the least
// energy in the column's unit.
func firstEnergyCell(rk *data.Ranking) string {
	wh := energies(rk)
	n, _, _ := strings.Cut(inUnit(wh[0], wh, data.Energy...), " ")
	return n
}
