package e2e

import (
	"os"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// TestLanguagePages opens the compare page (by a volume and planned) and
// the plan page in French, German and Spanish: the html element's lang, a
// figure of the answer in the language's format, and no English sentence
// of the catalogue anywhere in the page's text nor its charts, whose axes'
// ticks read as the language writes figures; German at a phone's width
// does not make the page scroll sideways.
func TestLanguagePages(t *testing.T) {
	set, bctx := browserTest(t)
	full := cspSite(t, "").URL
	d := defaultAnswers(t, set)
	q, r, tr, p, first, planFirst, planBest := d.q, d.r, d.tr, d.p, d.first, d.planFirst, d.planBest
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		pr := data.PrinterOf(tag)
		pages := []struct {
			name, path, sel, want string
			shared                string   // the calculator's parts, left to it
			charts                []string // the charts' ids
		}{
			// The least energy, as the answer names it: "Qwen 3, 1,234 kWh".
			{"compare", "/compare?" + state.String(q), "#least", first.Entry.Name + ", " + pr.Energy(first.Result.Estimate.EnergyWh), "",
				[]string{"chart-ranking", "chart-params"}},
			{"compare-planned", "/compare?" + state.String(q) + "&" + state.TrafficString(tr), "#least",
				tag.T("compare.plan.model", "model", planFirst.Entry.Name, "energy", pr.Energy(planBest.Best().WhPerDay),
					"gpus", gpuWords(tag, planBest.Best().GPUs)), "", []string{"chart-ranking", "chart-params"}},
			{"plan", "/plan?" + state.PlanString(q, tr), "#energy", pr.Energy(p.Best().WhPerDay), "",
				[]string{"chart-plan-energy", "chart-plan-gpus"}},
			// A footprint set: the plan's ladder and totals, the ranking's columns.
			{"plan-fp", "/plan?" + state.PlanString(q, tr) + "&" + fpParams, "", "", "",
				[]string{"chart-plan-energy", "chart-plan-gpus"}},
			{"compare-fp", "/compare?" + state.String(q) + "&" + fpParams, "", "", "", []string{"chart-ranking"}},
			// Images, and values refused with a notice.
			{"compare-images", "/compare?task=text-to-image&" + fpParams, "", "", "", []string{"chart-ranking", "chart-params"}},
			{"plan-notices", "/plan?" + state.PlanString(q, tr) + "&peak=zzz&pue=9&grid=mars", "", "", "", nil},
			{"compare-notices", "/compare?" + state.String(q) + "&tokens=lots&wue=ocean", "", "", "", nil},
			// The calculator's charts, the rest of its page left to its own test.
			{"calculator-charts", "/?" + state.String(q), "#energy", pr.Energy(r.Estimate.EnergyWh), "body > :not(main), main > :not(.charts)",
				[]string{"chart-latency", "chart-concurrency", "chart-power"}},
		}
		for _, pg := range pages {
			t.Run(pg.name+"/"+string(tag), func(t *testing.T) {
				t.Parallel()
				tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
				tb.openURL(full + pg.path + "&lang=" + string(tag))
				if pg.sel != "" {
					tb.waitText(pg.sel, pg.want)
				} else {
					tb.poll(`document.documentElement.lang === "`+string(tag)+`" && !!document.querySelector("main[data-mounted]")`, 10*time.Second)
				}
				// Parts kept as prerendered, in English, until the page is idle.
				tb.poll(`!document.querySelector("[data-kept]")`, 10*time.Second)
				expectPageSpoken(t, tb, tag, pg.shared)
				// The table's headers say their units in the language.
				if pg.name == "compare" {
					if head := tb.text("#ranking-table thead"); !strings.Contains(head, "("+strings.ReplaceAll(tag.T("col.billions"), " ", "\u00a0")+")") {
						t.Errorf("the table's headers in %s: %q", tag, head)
					}
				}
				// The charts' words: axes, legends, labels and the
				// tooltips' figures.
				for _, id := range pg.charts {
					expectAxesSpoken(t, tb, tag, id)
					var words []string
					for _, d := range tb.texts(id) {
						words = append(words, d.Text)
					}
					// What it shows in words, for a screen reader.
					words = append(words, eval[string](tb, `document.getElementById("`+id+`").getAttribute("aria-label")`))
					words = append(words, eval[[]string](tb, `(() => { const o = echarts.getInstanceByDom(document.getElementById("`+id+`")).getOption();
						return o.series.flatMap(s => [s.name, ...(s.data || []).map(d => d.tooltip?.formatter ?? (typeof d.name === "string" ? d.name : ""))]) })()`)...)
					all := strings.Join(words, "\n")
					if left := englishIn(all, tag); len(left) > 0 {
						t.Errorf("%s in %s still says in English %q:\n%s", id, tag, left, all)
					}
					want := map[string]string{
						"chart-ranking": pr.Energy(first.Result.Estimate.EnergyWh), // a bar's label
						// The selected configuration's tooltip.
						"chart-latency": tag.T("chart.tip.joules", "joules", pr.Number(r.Selected.Joules())+"\u00a0J/"+tag.T("chart.per.token"),
							"wh", pr.Number(r.Selected.WhPerMillion())),
					}[id]
					if want != "" && (pg.name == "compare" || id != "chart-ranking") && !strings.Contains(all, want) {
						t.Errorf("%s in %s does not say %q:\n%s", id, tag, want, all)
					}
				}
			})
		}
	}
	// The Embed dialog of each page, its footprint set: its preview, alt
	// text and pinned card, in each layout, in the page's language.
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		for _, pg := range []struct{ name, path string }{
			{"plan", "/plan?" + state.PlanString(q, tr)},
			{"calculator", "/?" + state.String(fpQuery)},
			{"compare", "/compare?" + state.String(q)},
			{"compare-planned", "/compare?" + state.String(q) + "&" + state.TrafficString(tr)},
		} {
			t.Run("builder-fp-"+pg.name+"/"+string(tag), func(t *testing.T) {
				t.Parallel()
				// The preview follows the reader's language, as the embed
				// will: a French author's browser prefers French.
				tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900), acceptLanguage(string(tag)))
				tb.openURL(full + pg.path + "&" + fpEmbed + "&lang=" + string(tag))
				tb.poll(`document.documentElement.lang === "`+string(tag)+`" && !!document.querySelector("main[data-mounted]")`, 10*time.Second)
				layouts := []string{"card", "chart"}
				if strings.HasPrefix(pg.name, "compare") {
					layouts = []string{"card"}
				}
				words := builderWords(tb, layouts...)
				if left := englishIn(words, tag); len(left) > 0 {
					t.Errorf("the Embed dialog of %s in %s still says in English %q:\n%s", pg.name, tag, left, words)
				}
			})
		}
	}
	// Copy summary on the compare page, by a volume and planned, its
	// footprint set: the paragraph in the page's language, its link
	// keeping lang=.
	for _, tag := range []lang.Tag{lang.FR, lang.DE} {
		for name, path := range map[string]string{"compare": "/compare?" + state.String(q),
			"compare-planned": "/compare?" + state.String(q) + "&" + state.TrafficString(tr)} {
			// One at a time: the browser has one clipboard.
			t.Run("copy-summary-"+name+"/"+string(tag), func(t *testing.T) {
				tb := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
				tb.openURL(full + path + "&" + fpParams + "&lang=" + string(tag))
				tb.poll(`document.documentElement.lang === "`+string(tag)+`" && !!document.querySelector("main[data-mounted]")`, 10*time.Second)
				setClipboard(t, tb, full, cdpbrowser.PermissionSettingGranted)
				tb.do(chromedp.Click(chromedp.ID("copy-summary")))
				tb.waitText("#share-status", tag.T("share.copied"))
				clip, err := clipboardText(tb)
				if err != nil {
					t.Fatal(err)
				}
				if left := englishIn(clip, tag); len(left) > 0 || !strings.Contains(clip, d.first.Entry.Name) || !strings.Contains(clip, "lang="+string(tag)) {
					t.Errorf("the %s summary in %s (English %q):\n%s", name, tag, left, clip)
				}
			})
		}
	}
	// Screenshots of the calculator, compare and plan pages, and the cards,
	// in French and German: the charts' axes in the language.
	t.Run("Screenshots", func(t *testing.T) {
		dir := os.Getenv("TOKENJOULE_SCREENSHOTS")
		if dir == "" {
			t.Skip("TOKENJOULE_SCREENSHOTS is not set")
		}
		shoot := shooter(t, bctx, full, dir)
		card := state.Embed{Layout: state.LayoutCard}
		for _, tag := range []string{"fr", "de"} {
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				for _, scheme := range []string{"light", "dark"} {
					shoot("lang-"+tag+"-compare", size[0], size[1], scheme, "/compare?"+state.String(q)+"&lang="+tag)
					shoot("lang-"+tag+"-plan", size[0], size[1], scheme, "/plan?"+state.PlanString(q, tr)+"&lang="+tag)
					shoot("lang-"+tag+"-calculator", size[0], size[1], scheme, "/?"+state.String(q)+"&lang="+tag)
				}
			}
			shoot("lang-"+tag+"-compare-card", 360, 800, "light", "/embed/compare?"+state.EmbedString(q, card)+"&lang="+tag)
			shoot("lang-"+tag+"-plan-card", 360, 800, "light", "/embed/plan?"+state.PlanEmbedString(q, tr, card)+"&lang="+tag)
			shoot("lang-"+tag+"-compare-embed", 360, 800, "light", "/embed/compare?"+state.String(q)+"&lang="+tag)
			shoot("lang-"+tag+"-plan-embed", 360, 800, "light", "/embed/plan?"+state.PlanString(q, tr)+"&lang="+tag)
		}
	})
	// German's long words at a phone's width: the compare page's table
	// scrolls in its own box, but no page scrolls sideways.
	t.Run("phone-de", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, full, chromedp.EmulateViewport(360, 800))
		for _, path := range []string{"/compare?" + state.String(q), "/compare?" + state.String(q) + "&" + state.TrafficString(tr),
			"/plan?" + state.PlanString(q, tr)} {
			tb.openURL(full + path + "&lang=de")
			tb.poll(`document.documentElement.lang === "de"`, 5*time.Second)
			tb.view().expectNoSidewaysScroll(path + " in German at 360 px")
			tb.view().expectOptionsFit("#gpu")
		}
		// The compare page's GPU choice whole in every language's select.
		for _, tag := range []string{"fr", "es"} {
			tb.openURL(full + "/compare?" + state.String(q) + "&lang=" + tag)
			tb.poll(`document.documentElement.lang === "`+tag+`"`, 5*time.Second)
			tb.view().expectOptionsFit("#gpu")
		}
	})
}

// answers are the default question's answers the language tests check
// figures of: the calculator's, the ranking's and its first model, the
// plan's, and the planned ranking's first model and its plan.
type answers struct {
	q                data.Query
	r                *data.Result
	tr               plan.Traffic
	p                *plan.Plan
	first, planFirst *data.Ranked
	planBest         *plan.Plan
}

func defaultAnswers(t *testing.T, set *data.Set) answers {
	t.Helper()
	d := answers{q: data.DefaultQuery(), tr: plan.DefaultTraffic()}
	rk, err := set.Compare(d.q)
	if err == nil {
		d.r, err = set.Select(d.q)
	}
	var prk *plan.Ranking
	if err == nil {
		prk, err = plan.Compare(set, d.q, d.tr)
	}
	if err == nil {
		d.p, err = plan.Make(set, d.q, d.tr)
	}
	if err != nil {
		t.Fatal(err)
	}
	least := func(models []data.Ranked) *data.Ranked {
		for i := range models {
			if models[i].Status() == data.Meets {
				return &models[i]
			}
		}
		t.Fatal("no model meets the default deadline")
		return nil
	}
	d.first, d.planFirst = least(rk.Models), least(prk.Data().Models)
	for _, m := range prk.Models {
		if m.Entry.Slug == d.planFirst.Entry.Slug {
			d.planBest = m.Plan
		}
	}
	return d
}

// gpuWords is a number of GPUs as the pages say it in tag: "12 GPUs".
func gpuWords(tag lang.Tag, n int) string {
	key := "gpus.many"
	if n == 1 {
		key = "gpus.one"
	}
	return tag.T(key, "n", data.PrinterOf(tag).Int(n))
}

// expectPageSpoken checks that the whole page, its disclosures open, but
// the elements shared selects ("" for none) speaks tag: its html element
// says so and its text holds no English sentence of the catalogue.
func expectPageSpoken(t *testing.T, tb *tab, tag lang.Tag, shared string) {
	t.Helper()
	if got := eval[string](tb, `document.documentElement.lang`); got != string(tag) {
		t.Errorf("html lang=%q, want %q", got, tag)
	}
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach((d) => { d.open = true })`))
	tb.poll(`new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))`, 5*time.Second)
	text := eval[string](tb, `(() => {
		const shared = `+"`"+shared+"`"+`;
		// What the page marks as English on purpose (a publication's title).
		const hidden = [...document.querySelectorAll(shared ? shared + ", body [lang=en]" : "body [lang=en]")];
		const was = hidden.map(e => e.style.display);
		hidden.forEach(e => e.style.display = "none");
		const text = document.body.innerText;
		hidden.forEach((e, i) => e.style.display = was[i]);
		// The words a pointer's tooltip or a screen reader gives.
		const said = [...document.querySelectorAll("body [title], body [aria-label]")]
			.filter(e => !e.closest(shared ? shared + ", [lang=en]" : "[lang=en]"))
			.map(e => (e.getAttribute("title") ?? "") + "\n" + (e.getAttribute("aria-label") ?? ""));
		return text + "\n" + said.join("\n") })()`)
	if left := englishIn(text, tag); len(left) > 0 {
		t.Errorf("the page in %s still says in English %q:\n%s", tag, left, text)
	}
	if strings.TrimSpace(text) == "" {
		t.Error("the page has no text")
	}
}

// TestLanguageEmbeds opens the compare and plan embeds in French, German
// and Spanish, in each layout, from the server and (the cards) from a
// static host, where the card's own wasm writes them: a figure in the
// language's format, no English sentence of the catalogue in the page, and
// its charts' axes' ticks in the language's format.
func TestLanguageEmbeds(t *testing.T) {
	set, bctx := browserTest(t)
	// The card's wasm, and the app where the card needs it (the compare
	// card's bars, the plan's chart).
	static, g := staticHost(t)
	g.release()
	full := cspSite(t, "").URL
	d := defaultAnswers(t, set)
	q, tr, p := d.q, d.tr, d.p
	least, leastDay := d.first.Result.Estimate.EnergyWh, d.planBest.Best().WhPerDay
	card, chart := state.Embed{Layout: state.LayoutCard}, state.Embed{Layout: state.LayoutChart, Chart: state.PlanCharts[0]}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		pr := data.PrinterOf(tag)
		day := pr.Energy(p.Best().WhPerDay)
		for _, e := range []struct {
			name, path, sel, want string
			static                bool // from the static host, the card by its wasm
		}{
			{"compare-card", "/embed/compare?" + state.EmbedString(q, card), "#answer", pr.Energy(least), false},
			{"compare-card-static", "/embed/compare?" + state.EmbedString(q, card), "#answer", pr.Energy(least), true},
			{"compare-planned-card", "/embed/compare?" + state.EmbedString(q, card) + "&" + state.TrafficString(tr), "#answer", pr.Energy(leastDay), false},
			{"compare", "/embed/compare?" + state.String(q), "#least", pr.Energy(least), false},
			{"plan-card", "/embed/plan?" + state.PlanEmbedString(q, tr, card), "#energy", day, false},
			{"plan-card-static", "/embed/plan?" + state.PlanEmbedString(q, tr, card), "#energy", day, true},
			{"plan-chart", "/embed/plan?" + state.PlanEmbedString(q, tr, chart), "#question", day, false},
			{"plan-chart-static", "/embed/plan?" + state.PlanEmbedString(q, tr, chart), "#question", day, true},
			{"plan", "/embed/plan?" + state.PlanString(q, tr), "#energy", day, false},
			{"calculator", "/embed?" + state.String(q), "#energy", pr.Energy(d.r.Estimate.EnergyWh), false},
			// A footprint set in the link: the cards' lines past the GPU.
			{"card-fp", "/embed?" + state.EmbedString(fpQuery, card) + "&" + fpEmbed, "#energy", "", false},
			{"card-fp-static", "/embed?" + state.EmbedString(fpQuery, card) + "&" + fpEmbed, "#energy", "", true},
			{"chart-fp", "/embed?" + state.EmbedString(fpQuery, state.Embed{Layout: state.LayoutChart}) + "&" + fpEmbed, "#question", "", false},
			{"plan-card-fp", "/embed/plan?" + state.PlanEmbedString(q, tr, card) + "&" + fpEmbed, "#energy", "", false},
			{"plan-card-fp-static", "/embed/plan?" + state.PlanEmbedString(q, tr, card) + "&" + fpEmbed, "#energy", "", true},
			{"plan-chart-fp", "/embed/plan?" + state.PlanEmbedString(q, tr, chart) + "&" + fpEmbed, "#question", "", false},
			{"plan-fp", "/embed/plan?" + state.PlanString(q, tr) + "&" + fpEmbed, "#energy", "", false},
			{"compare-fp", "/embed/compare?" + state.String(q) + "&" + fpEmbed, "#least", "", false},
			// A card whose data changed since it was embedded: its note.
			{"card-updated", "/embed?" + state.EmbedString(q, card) + "&made=2020-01-01&made_wh=1", "#figure-updated", "", false},
			{"card-updated-static", "/embed?" + state.EmbedString(q, card) + "&made=2020-01-01&made_wh=1", "#figure-updated", "", true},
			// Images and videos, and values refused with a notice.
			{"card-images", "/embed?task=text-to-image&layout=card&" + fpEmbed, "#energy", "", false},
			{"card-videos-static", "/embed?task=text-to-video&layout=card&" + fpEmbed, "#energy", "", true},
			{"chart-images", "/embed?task=text-to-image&layout=chart&chart=power&" + fpEmbed, "#question", "", false},
			{"calculator-videos", "/embed?task=text-to-video&" + fpEmbed, "#energy", "", false},
			{"compare-card-images", "/embed/compare?task=text-to-image&layout=card", "#answer", "", false},
			{"compare-videos", "/embed/compare?task=text-to-video&" + fpEmbed, "#least", "", false},
			{"calculator-notices", "/embed?" + state.String(q) + "&pue=9&tokens=lots&hide=task,model", "#energy", "", false},
			{"card-notices", "/embed?" + state.EmbedString(q, card) + "&grid=mars&theme=purple", "#energy", "", false},
			{"plan-notices", "/embed/plan?" + state.PlanString(q, tr) + "&peak=zzz&pue=9", "#energy", "", false},
		} {
			t.Run(e.name+"/"+string(tag), func(t *testing.T) {
				t.Parallel()
				origin := full
				if e.static {
					origin = static.origin
				}
				tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
				tb.noApp = e.name == "plan-card-static" || strings.HasSuffix(e.name, "-fp-static") || e.name == "card-videos-static" || e.name == "card-updated-static" // the card's wasm alone
				tb.do(chromedp.Navigate(origin + e.path + "&lang=" + string(tag)))
				tb.waitFor(`(() => { const m = document.querySelector("main"); return !!m && (m.dataset.mounted === "true" || m.dataset.card === "shown") })()`, "the embed live")
				tb.poll(`(document.querySelector(`+"`"+e.sel+"`"+`)?.textContent ?? "").includes(`+"`"+e.want+"`"+`)`, 10*time.Second)
				tb.poll(`!document.querySelector("[data-kept]")`, 10*time.Second)
				expectPageSpoken(t, tb, tag, "")
				// The charts' ticks; the static host's cards draw none.
				for _, id := range pageCharts(tb) {
					expectAxesSpoken(t, tb, tag, id)
				}
				if e.name == "calculator" {
					// Words the catalogue's sentences do not show whole.
					lead, _, _ := strings.Cut(tag.T("footer.caveat"), ",")
					if got, want := tb.text("#caveat"), tag.T("embed.floor", "lead", lead); got != want {
						t.Errorf("the embed's caveat reads %q, want %q", got, want)
					}
					if got := tb.text("h1.sr-only"); got != tag.T("embed.heading") {
						t.Errorf("the embed's heading reads %q", got)
					}
				}
				if e.static && e.name != "compare-card-static" {
					if href := tb.href("#open-full"); href.Query().Get("lang") != string(tag) {
						t.Errorf("the card's link %s lost lang=%s", href, tag)
					}
				}
				tb.view().expectNoSidewaysScroll(e.name + " at 360 px")
				if e.name == "calculator" || e.name == "plan" {
					// The inputs' choices whole in their selects at a
					// phone's width.
					for _, sel := range []string{"#task", "#percentile", "#gpu"} {
						if tb.has(sel) {
							tb.view().expectOptionsFit(sel)
						}
					}
				}
			})
		}
	}
}
