package e2e

// The card embeds as a static host serves them, shown by the card's own
// wasm (wasm/card) rather than the calculator: the right card for the
// link's question, for a sample of questions in every workload, the same
// figure as the calculator's, and neither the calculator's wasm nor its
// service worker downloaded; offline, from the card's own worker.

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/charts/headline"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// cardSample is a few questions of each workload: its default model on any
// GPU at the workload's defaults, and its last model at the 95th percentile,
// a tenth of the default deadline (often met by none) and a larger volume.
func cardSample(set *data.Set) []data.Query {
	var qs []data.Query
	for _, w := range set.Index.Workloads {
		k := data.TaskKind(w.ID)
		def := state.Normalize(set, data.Query{Task: w.ID, GPU: data.AnyGPU, DeadlineMS: k.DefaultDeadlineMS, Percentile: data.P50, Tokens: k.DefaultVolume})
		last := def
		last.Model, last.Percentile, last.DeadlineMS, last.Tokens = w.Models[len(w.Models)-1].Slug, data.P95, k.DefaultDeadlineMS/10, k.DefaultVolume*1000
		qs = append(qs, def, state.Normalize(set, last))
	}
	return qs
}

func TestCardWasm(t *testing.T) {
	set, bctx := browserTest(t)
	static, _ := staticHost(t) // holds any request for app.wasm: the card must not make one
	full := cspSite(t, "").URL
	for _, q := range cardSample(set) {
		t.Run(q.Task+"/"+q.Model+"/"+string(q.Percentile), func(t *testing.T) {
			t.Parallel()
			r, err := set.Select(q)
			if err != nil {
				t.Fatal(err)
			}
			want := export.CardOf(r, footprint.Factors{})
			tb := newTab(t, bctx, static.origin, chromedp.EmulateViewport(720, 900))
			tb.noApp = true
			tb.do(chromedp.Navigate(static.origin + "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard})))
			tb.waitFor(`document.querySelector("main")?.dataset.card === "shown"`, "the card shown by its wasm")
			expectCard(tb.view(), r, footprint.Factors{})
			got := await[map[string]any](tb, `(async () => ({
				wasm: performance.getEntriesByType("resource").filter(e => /\/app\.wasm/.test(e.name)).map(e => e.name),
				worker: [(await navigator.serviceWorker.getRegistration())].flatMap((r) => r ? [r.installing, r.waiting, r.active] : []).some((w) => w && !w.scriptURL.endsWith("?card")),
				pending: document.documentElement.classList.contains("tj-pending") || !!document.querySelector("#pending, #app-wasm-loader")}))()`)
			if fmt.Sprint(got["wasm"]) != "[]" || got["worker"] != false || got["pending"] != false {
				t.Errorf("the card asked for the calculator's wasm %v, registered the calculator's service worker: %v, left the loader or the pending question: %v",
					got["wasm"], got["worker"], got["pending"])
			}
			// The calculator says the same.
			calc := newTab(t, bctx, full, chromedp.EmulateViewport(1280, 900))
			calc.open(state.String(q))
			sel := "#energy"
			if want.Figure == "" {
				sel = "#infeasible"
			}
			calcText := calc.text(sel)
			if card := tb.text(sel); card != calcText && !(sel == "#infeasible" && card == want.Missed) {
				t.Errorf("the card says %s %q, the calculator %q", sel, card, calcText)
			}
		})
	}
	// The plan's card, with a footprint: the same, from data/plan.
	t.Run("plan", func(t *testing.T) {
		t.Parallel()
		q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50}
		p := makePlan(t, set, q, planTraffic)
		fp := footprintOf(t, cardFootprint)
		tb := newTab(t, bctx, static.origin, chromedp.EmulateViewport(720, 900))
		tb.noApp = true
		tb.do(chromedp.Navigate(static.origin + "/embed/plan?" + state.PlanEmbedString(q, planTraffic, state.Embed{Layout: state.LayoutCard}) + "&" + cardFootprint))
		tb.waitFor(`document.querySelector("main")?.dataset.card === "shown"`, "the plan's card shown by its wasm")
		expectPlanCard(tb.view(), p, fp.Factors)
	})
	// The compare card's answer at once, from the card's wasm, with the
	// calculator's wasm held back; then the calculator draws its bars.
	t.Run("compare", func(t *testing.T) {
		t.Parallel()
		other, g := staticHost(t)
		q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
		rk, err := set.Compare(q)
		if err != nil {
			t.Fatal(err)
		}
		tb := newTab(t, bctx, other.origin, chromedp.EmulateViewport(720, 900))
		tb.do(chromedp.Navigate(other.origin + "/embed/compare?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard})))
		tb.waitText("#answer", export.CompareCardOf(rk, &set.Index).Answer)
		if tb.has("#pending") || eval[bool](tb, `document.documentElement.classList.contains("tj-pending")`) {
			t.Error("the compare card's answer is shown behind the link's pending question")
		}
		g.release()
		tb.waitFor(`!!document.querySelector("main[data-mounted]")`, "the calculator, for the bars")
		expectCompareCard(tb.view(), set, q, rk)
	})
	// The chart layout's headline, context and caption at once, from the
	// card's wasm, with the calculator's wasm held back; then its chart.
	t.Run("chart", func(t *testing.T) {
		t.Parallel()
		other, g := staticHost(t)
		q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		tb := newTab(t, bctx, other.origin, chromedp.EmulateViewport(720, 900))
		tb.do(chromedp.Navigate(other.origin + "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutChart, Chart: "batch"})))
		tb.waitText("#chart-caption", headline.BriefEnergyConcurrency)
		if got, want := tb.text("#question"), headline.EnergyConcurrency(r)+"."; got != want {
			t.Errorf("#question = %q before the calculator runs, want %q", got, want)
		}
		g.release()
		tb.waitFor(`!!document.querySelector("main[data-mounted]")`, "the calculator, for the chart")
		expectChartLayout(tb.view(), r, 1)
	})
	// The plan's chart layout: the same, its headline from the plan, for
	// each of its charts.
	for i, chart := range state.PlanCharts {
		t.Run("plan-chart/"+chart, func(t *testing.T) {
			t.Parallel()
			other, g := staticHost(t)
			q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50}
			p := makePlan(t, set, q, planTraffic)
			c := export.PlanCardOf(p, footprint.Factors{})
			tb := newTab(t, bctx, other.origin, chromedp.EmulateViewport(720, 900))
			tb.do(chromedp.Navigate(other.origin + "/embed/plan?" + state.PlanEmbedString(q, planTraffic, state.Embed{Layout: state.LayoutChart, Chart: chart})))
			tb.waitText("#chart-caption", headline.PlanBriefs[i])
			for sel, want := range map[string]string{"#question": headline.PlanOf[i](p) + ".", "#figure-context": c.Context, "#floor": c.Caveat} {
				if got := tb.text(sel); got != want {
					t.Errorf("%s = %q before the calculator runs, want %q", sel, got, want)
				}
			}
			if tb.has("#pending") || eval[bool](tb, `document.documentElement.classList.contains("tj-pending")`) {
				t.Error("the plan chart's words are shown behind the link's pending question")
			}
			g.release()
			tb.waitFor(`!!document.querySelector("main[data-mounted]")`, "the calculator, for the chart")
			expectPlanChart(tb.view(), p, i)
		})
	}
	// The compare card in plan mode: its answer at once, from the planned
	// ranking; then the calculator draws its bars of the energy a day.
	t.Run("compare-plan", func(t *testing.T) {
		t.Parallel()
		other, g := staticHost(t)
		q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
		prk, err := plan.Compare(set, q, planTraffic)
		if err != nil {
			t.Fatal(err)
		}
		want := export.PlanCompareCardOf(prk, &set.Index)
		tb := newTab(t, bctx, other.origin, chromedp.EmulateViewport(720, 900))
		tb.do(chromedp.Navigate(other.origin + "/embed/compare?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard}) + "&" + state.TrafficString(planTraffic)))
		tb.waitText("#answer", want.Answer)
		if got := tb.text("#question"); got != want.Title {
			t.Errorf("#question = %q before the calculator runs, want %q", got, want.Title)
		}
		full := other.origin + "/compare?" + state.String(q) + "&" + state.TrafficString(planTraffic)
		if got := tb.href("#open-full").String(); got != full {
			t.Errorf("the card's link is %s, want %s", got, full)
		}
		g.release()
		tb.waitFor(`!!document.querySelector("main[data-mounted]")`, "the calculator, for the bars")
		if got := tb.text("#answer"); got != want.Answer {
			t.Errorf("#answer = %q once the calculator runs, want %q", got, want.Answer)
		}
		if n := eval[int](tb, `document.querySelectorAll(".echart").length`); n != 1 {
			t.Errorf("%d charts once the calculator runs, want the bars", n)
		}
	})
	// Offline: a card seen once shows again without the network, for any
	// question, from a worker that holds the card's files and not the
	// calculator's (its wasm is held back: the worker must not need it);
	// in French, with the French words and no other language's.
	for _, tag := range []lang.Tag{lang.EN, lang.FR} {
		t.Run("offline/"+string(tag), func(t *testing.T) {
			t.Parallel()
			look := state.Embed{Layout: state.LayoutCard}
			if tag != lang.EN {
				look.Lang = tag
			}
			h, _ := staticHost(t)
			q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
			tb := newTab(t, bctx, h.origin, chromedp.EmulateViewport(720, 900))
			tb.noApp = true
			tb.do(chromedp.Navigate(h.origin + "/embed?" + state.EmbedString(q, look)))
			tb.waitFor(`document.querySelector("main")?.dataset.card === "shown"`, "the card shown by its wasm")
			tb.poll(swActivated, 30*time.Second)
			cached := await[[]string](tb, `(async () => (await Promise.all((await caches.keys()).map(async (k) =>
				(await (await caches.open(k)).keys()).map((r) => new URL(r.url).pathname)))).flat())()`)
			if !slices.Contains(cached, "/web/card.wasm") || slices.Contains(cached, "/web/app.wasm") || slices.Contains(cached, "/web/echarts.min.js") {
				t.Errorf("a card's offline copy holds %v, want the card's wasm and not the calculator's wasm or ECharts", cached)
			}
			// Nor the installed app's icon, which no card page loads: its
			// precache is part of the card's first view's bytes.
			if slices.Contains(cached, "/web/icon-512.png") {
				t.Errorf("a card's offline copy holds %v, with the installed app's icon, which a card does not need", cached)
			}
			// The words of the reader's languages alone (the browser's is
			// English).
			for _, other := range lang.Tags()[1:] {
				if held := slices.Contains(cached, "/web/"+lang.FileName(other)); held != (other == tag) {
					t.Errorf("a %s card's offline copy holds %s: %v", tag, lang.FileName(other), held)
				}
			}
			h.stop()
			tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, network.ClearBrowserCache, cdp.Empty{})
				return err
			}))
			tb.allow("ERR_CONNECTION_REFUSED") // what the worker does not cache, as the favicon
			other := with(q, func(q *data.Query) { q.GPU = "H100" })
			r, err := set.Select(other)
			if err != nil {
				t.Fatal(err)
			}
			tb.do(chromedp.Navigate(h.origin + "/embed?" + state.EmbedString(other, look)))
			tb.waitFor(`document.querySelector("main")?.dataset.card === "shown"`, "the card shown offline by its wasm")
			if tag == lang.EN {
				expectCard(tb.view(), r, footprint.Factors{})
			} else {
				expectSpoken(t, tb, tag, data.PrinterOf(tag).Energy(r.Estimate.EnergyWh), "main")
			}
		})
	}
	// The calculator opened after a card in the same browser takes over
	// from the card's worker without announcing a new version: nothing was
	// deployed in between.
	t.Run("then-calculator", func(t *testing.T) {
		t.Parallel()
		h, g := staticHost(t)
		q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
		tb := newTab(t, bctx, h.origin, chromedp.EmulateViewport(720, 900))
		tb.do(chromedp.Navigate(h.origin + "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard})))
		tb.waitFor(`document.querySelector("main")?.dataset.card === "shown"`, "the card shown by its wasm")
		tb.poll(swActivated, 30*time.Second)
		g.release()
		tb.do(chromedp.Navigate(h.origin + "/"))
		tb.waitFor(`!!document.querySelector("main[data-mounted]")`, "the calculator to mount")
		tb.poll(`navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === "activated" && !r.active.scriptURL.endsWith("?card")))`, 60*time.Second)
		time.Sleep(time.Second) // the notice, were it coming, is one render away
		if await[bool](tb, `Promise.resolve(!!document.querySelector("#update-reload"))`) {
			t.Error(`the calculator opened after a card announces a new version ("#update-reload"), though nothing was deployed`)
		}
	})
	// Under a sub-path, the card's links keep it.
	t.Run("subpath", func(t *testing.T) {
		t.Parallel()
		sub := cspSite(t, "/repo/")
		q := cardSample(set)[0]
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		tb := newTab(t, bctx, sub.URL, chromedp.EmulateViewport(720, 900))
		tb.do(chromedp.Navigate(sub.URL + "/repo/embed.html?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard})))
		tb.waitFor(`document.querySelector("main")?.dataset.card === "shown"`, "the card shown by its wasm")
		if got, want := tb.text("#energy"), data.FormatEnergy(r.Estimate.EnergyWh); got != want {
			t.Errorf("#energy = %q, want %q", got, want)
		}
		if got, want := tb.href("#open-full").String(), sub.URL+"/repo/?"+state.String(q); got != want {
			t.Errorf("Explore in tokenjoule → %s, want %s", got, want)
		}
	})
	// A link the pages would refuse part of is the calculator's, which
	// says what it refused (on a host of its own: its service worker would
	// control the other subtests' pages).
	t.Run("refused", func(t *testing.T) {
		t.Parallel()
		other, g := staticHost(t)
		g.release()
		tb := newTab(t, bctx, other.origin, chromedp.EmulateViewport(720, 900))
		tb.openURL(other.origin + "/embed?task=gpqa&model=nonesuch&layout=card")
		tb.waitFor(`!!document.querySelector("#notices")`, "the calculator's notice")
		if tb.has(`main[data-card]`) {
			t.Error("the card's wasm showed a card for a link with a refused value")
		}
	})
}
