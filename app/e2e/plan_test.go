package e2e

// Browser tests of the planner: the plan page, its embed and the command
// line give the same figures for the same URL, prerendered and once the app
// runs, online and offline; its inputs, refusals and links; the compare
// page's plan mode. Expected figures come from `tokenjoule plan -json`,
// run in the test, and from package data's formatters.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/cli"
	"tokenjoule/app/dist"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// planDoc is what the tests read of plan -json.
type planDoc struct {
	Status      string   `json:"status"`
	Replicas    int      `json:"replicas"`
	GPUs        int      `json:"gpus"`
	Utilisation float64  `json:"utilisation"`
	PeakUtil    float64  `json:"peak_utilisation"`
	KWhDay      float64  `json:"energy_kwh_per_day"`
	KWhYear     float64  `json:"energy_kwh_per_year"`
	BusyKWhDay  float64  `json:"busy_kwh_per_day"`
	MinDeadline *float64 `json:"min_deadline_ms"`
	Selected    *struct {
		RowID      string `json:"row_id"`
		GPU        string `json:"gpu"`
		NumGPUs    int    `json:"num_gpus"`
		MaxNumSeqs int    `json:"max_num_seqs"`
	} `json:"selected"`
	Footprint *struct {
		FacilityWh float64  `json:"facility_wh"`
		CarbonG    *float64 `json:"carbon_g"`
	} `json:"footprint"`
}

// headWh is the plan's headline energy a day: the total at the footprint's
// boundary, or the GPUs' energy without one.
func (doc planDoc) headWh() float64 {
	if doc.Footprint != nil {
		return doc.Footprint.FacilityWh
	}
	return doc.KWhDay * 1000
}

// cliArgs are the plan command's flags for a plan page's query string.
func cliArgs(t *testing.T, query string) []string {
	t.Helper()
	v, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	flags := map[string]string{"p": "percentile", "idle_w": "idle-watts", "cur": "currency"}
	args := []string{"plan", "-json"}
	for k, vs := range v {
		name := k
		if f, ok := flags[k]; ok {
			name = f
		}
		args = append(args, "-"+name, vs[0])
	}
	return args
}

// cliPlan runs tokenjoule plan -json for the page's query string.
func cliPlan(t *testing.T, query string) planDoc {
	t.Helper()
	var out, errs bytes.Buffer
	if code := cli.Run(cliArgs(t, query), &out, &errs); code != 0 && code != 3 {
		t.Fatalf("plan for %q: exit %d: %s", query, code, errs.String())
	}
	var doc planDoc
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("plan -json for %q: %v", query, err)
	}
	return doc
}

// expectPlan checks that the view shows the command line's plan: the
// energy a day and a year, the GPUs, replicas and utilisation, the price of
// the headroom, the chosen row, and the carbon a day when set; or, when
// nothing meets the deadline, the smallest deadline that one meets.
func expectPlan(v view, doc planDoc, embedded bool) {
	v.t.Helper()
	if doc.Selected == nil {
		v.waitText("#set-min-deadline", fmt.Sprintf("Set the deadline to %s ms", ms(*doc.MinDeadline)))
		return
	}
	v.waitText("#energy", data.FormatEnergy(doc.headWh()))
	// The serving details are folded: a page that starts fills them in a
	// moment after the rest (ui.Start).
	v.waitFor(`!!document.querySelector("#cfg-row")`, "the serving details")
	want := map[string]string{
		"#energy-year":    data.FormatEnergy(doc.headWh()*365) + " a year",
		"#gpus":           fmt.Sprintf("%d GPU", doc.GPUs),
		"#replicas":       fmt.Sprintf("%d replica", doc.Replicas),
		"#utilisation":    plan.FormatPercent(doc.Utilisation) + " busy on average, " + plan.FormatPercent(doc.PeakUtil) + " at the peak",
		"#headroom-share": data.FormatChange(doc.KWhDay, doc.BusyKWhDay),
		"#busy":           data.FormatEnergy(doc.BusyKWhDay * 1000),
		"#cfg-row":        doc.Selected.RowID,
	}
	for sel, w := range want {
		if got := strings.Join(strings.Fields(v.text(sel)), " "); sel == "#cfg-row" && strings.ReplaceAll(got, " ", "") != w || !strings.HasPrefix(got, w) && sel != "#cfg-row" {
			v.t.Errorf("%s = %q, want %q (plan -json)", sel, got, w)
		}
	}
	if hw := fmt.Sprintf("%s × %d, batch size limit %d", doc.Selected.GPU, doc.Selected.NumGPUs, doc.Selected.MaxNumSeqs); !strings.Contains(v.text("#replicas"), hw) {
		v.t.Errorf("#replicas = %q, want %q", v.text("#replicas"), hw)
	}
	if doc.Footprint != nil && doc.Footprint.CarbonG != nil {
		g := *doc.Footprint.CarbonG
		if got, w := v.text("#fp-carbon"), footprint.FormatCarbon(g); !strings.HasPrefix(got, w+" a day") {
			v.t.Errorf("#fp-carbon = %q, want %q a day", got, w)
		}
	}
}

func TestPlan(t *testing.T) {
	set, bctx := browserTest(t)
	prepareSites(t, "")
	// A planner's question: a traffic a second, a peak, an idle power of
	// one's own, a footprint; the default; a deadline nothing meets.
	full := "task=gpqa&model=gpt-oss-20b&gpu=any&deadline=40ms&p=p95&rate=12k/s&peak=3&idle_w=70&boundary=cloud&grid=world"
	queries := []string{full, "", "deadline=2ms&rate=50M/h"}
	docs := map[string]planDoc{}
	for _, q := range queries {
		docs[q] = cliPlan(t, q)
	}
	if d := docs[full]; d.Selected == nil || d.Replicas < 2 || d.Footprint == nil || d.Footprint.CarbonG == nil {
		t.Fatalf("the test needs a plan of several replicas with a carbon figure: %+v", d)
	}
	if docs[queries[2]].Selected != nil {
		t.Fatal("the test needs a deadline nothing meets")
	}

	for _, path := range []string{"/plan", "/embed/plan"} {
		for _, q := range queries {
			t.Run("Serve"+path+"?"+q, func(t *testing.T) {
				t.Parallel()
				// tokenjoule serve prerenders the link's own plan: the same
				// figures before the app runs (the wasm held back) as after.
				h, g := serveHost(t)
				tb := newTab(t, bctx, h.origin)
				link := path
				if q != "" {
					link += "?" + q
				}
				tb.do(chromedp.Navigate(h.origin+link), chromedp.WaitReady(chromedp.ID("question")))
				if docs[q].Selected != nil {
					tb.do(chromedp.WaitReady(chromedp.ID("energy")))
				}
				if tb.has("main[data-mounted]") {
					t.Fatal("the app runs: the gate did not hold it back")
				}
				expectPlan(tb.view(), docs[q], path != "/plan")
				tb.expectLive()
				g.release()
				tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
				expectPlan(tb.view(), docs[q], path != "/plan")
				if path == "/plan" && q == full {
					tb.shot("plan")
				}
			})
		}
	}

	t.Run("StaticHost/AnotherQuery", func(t *testing.T) {
		t.Parallel()
		// A static host's page is prerendered for no query: before the app
		// runs, a link that asks another plan shows its own question and
		// that it is calculating, never the default plan's figures.
		h, g := staticHost(t)
		tb := newTab(t, bctx, h.origin, recordShown("#energy"))
		tb.do(chromedp.Navigate(h.origin+"/plan?"+full), chromedp.WaitReady(chromedp.ID("question")))
		tb.poll(`document.getElementById("pending-question")?.textContent !== ""`, 5*time.Second)
		def := data.FormatEnergy(docs[""].KWhDay * 1000)
		if text := tb.visible(); strings.Contains(text, def) || strings.Contains(text, docs[""].Selected.RowID) {
			t.Errorf("before the app runs, the page shows the default plan (%s)", def)
		}
		for _, want := range []string{"Calculating", "average traffic 12k/s", "peak over average 3", "idle power of a GPU (W) 70", "GPT OSS 20B"} {
			if !strings.Contains(tb.text("#pending"), want) {
				t.Errorf("before the app runs, the page does not show %q: %q", want, tb.text("#pending"))
			}
		}
		tb.expectLive()
		g.release()
		tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
		expectPlan(tb.view(), docs[full], false)
		tb.expectShownOnly(map[string]string{"#energy": data.FormatEnergy(docs[full].headWh())})
	})

	t.Run("StaticSite/Offline", func(t *testing.T) {
		t.Parallel()
		// A static host serves one page prerendered for no query: once the
		// app runs, the default plan's; a link's plan; and both offline,
		// from the service worker. (The page before the app runs is the
		// gated subtests'. Read before the app mounts, the serving details
		// could be the prerendered ones the mount then folds: a race.)
		out, _ := builtDist(t, "", false)
		h := startHost(t, dist.FileServer(out, ""))
		tb := newTab(t, bctx, h.origin)
		tb.visit("/plan")
		expectPlan(tb.view(), docs[""], false)
		tb.visit("/plan?" + full)
		expectPlan(tb.view(), docs[full], false)
		tb.poll(swActivated, 30*time.Second)
		tb.visit("/plan?" + full)
		tb.poll(`navigator.serviceWorker.controller !== null`, 30*time.Second)

		h.stop()
		tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, network.ClearBrowserCache, cdp.Empty{})
			return err
		}))
		for _, p := range []struct{ path, query string }{
			{"/plan?", full}, {"/plan/?", full}, {"/embed/plan?", full}, {"/plan", ""}, {"/plan?", queries[2]},
		} {
			tb.visit(p.path + p.query)
			expectPlan(tb.view(), docs[p.query], strings.HasPrefix(p.path, "/embed"))
		}
	})

	t.Run("Inputs", func(t *testing.T) {
		t.Parallel()
		srv := cspSite(t, "")
		tb := newTab(t, bctx, srv.URL)
		tb.openURL(srv.URL + "/plan?" + full)
		expectPlan(tb.view(), docs[full], false)
		// A rate typed: the page answers what the command line answers for
		// the URL it then holds.
		tb.change("#rate", "1B/day", "input")
		want := cliPlan(t, strings.Replace(full, "rate=12k/s", "rate=1B/day", 1))
		expectPlan(tb.view(), want, false)
		tb.poll(`new URLSearchParams(location.search).get("rate") === "1B/day"`, 5*time.Second)
		expectPlan(tb.view(), cliPlan(t, tb.pageQuery()), false)
		// The peak and the idle power, then each GPU's again.
		tb.change("#peak", "1.5", "input")
		tb.change("#idle-w", "", "input")
		tb.poll(`new URLSearchParams(location.search).get("peak") === "1.5" && !new URLSearchParams(location.search).has("idle_w")`, 5*time.Second)
		expectPlan(tb.view(), cliPlan(t, tb.pageQuery()), false)
		if !strings.Contains(tb.text("#idle-words"), "W per") || !strings.Contains(tb.text("#idle-words"), "2026") {
			t.Errorf("#idle-words = %q, want the published idle power and its year", tb.text("#idle-words"))
		}
		// Refused values: said under their box; the plan stays.
		before := tb.text("#energy")
		for box, value := range map[string]string{"#rate": "0/day", "#peak": "0.5", "#idle-w": "2000"} {
			tb.change(box, value, "input")
			tb.poll(fmt.Sprintf(`!!document.querySelector(%q)`, box+"-error"), 5*time.Second)
			if msg := tb.text(box + "-error"); !strings.Contains(msg, strconv.Quote(value)) {
				t.Errorf("%s %q: the message %q does not quote the value", box, value, msg)
			}
			if got := tb.text("#energy"); got != before {
				t.Errorf("%s %q changed the plan: %s, was %s", box, value, got, before)
			}
		}
		// The deadline's button, where nothing meets it.
		tb.openURL(srv.URL + "/plan?" + queries[2])
		expectPlan(tb.view(), docs[queries[2]], false)
		tb.do(chromedp.Click(chromedp.ID("set-min-deadline")))
		tb.poll(fmt.Sprintf(`new URLSearchParams(location.search).get("deadline") === %q`, data.FormatDeadline(*docs[queries[2]].MinDeadline)), 5*time.Second)
		met := cliPlan(t, tb.pageQuery())
		if met.Selected == nil {
			t.Fatalf("the smallest deadline %v ms plans nothing", *docs[queries[2]].MinDeadline)
		}
		expectPlan(tb.view(), met, false)
	})

	t.Run("RefusedURL", func(t *testing.T) {
		t.Parallel()
		srv := cspSite(t, "")
		tb := newTab(t, bctx, srv.URL)
		tb.openURL(srv.URL + "/plan?rate=0/day&peak=0.5&idle_w=-3&idle=0.17")
		text := tb.text("#notices")
		for _, want := range []string{`rate="0/day"`, `peak="0.5"`, `idle_w="-3"`, "counts idle capacity itself"} {
			if !strings.Contains(text, want) {
				t.Errorf("the notices do not say %q: %q", want, text)
			}
		}
		expectPlan(tb.view(), docs[""], false)
		// The refused values leave the address bar.
		ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
		defer cancel()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!/rate=0|peak=0.5|idle_w=-3|idle=0.17/.test(location.search)`)); err != nil {
			t.Errorf("the refused values stay in the URL: %s", tb.pageQuery())
		}
	})

	t.Run("Links", func(t *testing.T) {
		t.Parallel()
		srv := cspSite(t, "")
		tb := newTab(t, bctx, srv.URL)
		tb.openURL(srv.URL + "/plan?" + full)
		// To the calculator: the same question, a day's tokens as its volume.
		calc := tb.href("#open-calc")
		// (The world's grid is the page's default: the link need not say it.)
		if fp, _ := state.ParseFootprint(calc.Query()); calc.Path != "/" || calc.Query().Get("tokens") != "1.0368B" || fp.Factors.Grid.Preset != "world" || calc.Query().Get("model") != "gpt-oss-20b" {
			t.Errorf("#open-calc = %s", calc)
		}
		// To every model planned for this traffic.
		cmp := tb.href("#open-compare")
		if cmp.Path != "/compare" || cmp.Query().Get("rate") != "12k/s" || cmp.Query().Get("idle_w") != "70" || cmp.Query().Get("p") != "p95" {
			t.Errorf("#open-compare = %s", cmp)
		}
		tb.openURL(srv.URL + cmp.RequestURI())
		q, tr, _ := state.ParsePlan(set, cmp.Query())
		rk, err := plan.Compare(set, q, tr)
		if err != nil {
			t.Fatal(err)
		}
		b := rk.Models[0].Plan.Best()
		tb.waitText("#least", fmt.Sprintf("%s, %s on %d GPU%s", rk.Models[0].Entry.Name, data.FormatEnergy(b.WhPerDay), b.GPUs, map[bool]string{true: "s"}[b.GPUs > 1]))
		if got := tb.text(`#ranking-table tbody td[data-col=gpus]`); got != strconv.Itoa(b.GPUs) {
			t.Errorf("the first row's GPUs = %q, want %d", got, b.GPUs)
		}
		tb.shot("compare-plan")
		// A model's name opens its plan; the calculator opens the plan for
		// its volume a day.
		if u := tb.href(`#ranking-table tbody td[data-col=model] a`); u.Path != "/plan" || u.Query().Get("rate") != "12k/s" {
			t.Errorf("a model's link = %s, want its plan", u)
		}
		tb.openURL(srv.URL + "/?task=gpqa&model=gpt-oss-20b&tokens=2.5B")
		if u := tb.href("#open-plan"); u.Path != "/plan" || u.Query().Get("rate") != "2.5B/day" || u.Query().Get("model") != "gpt-oss-20b" {
			t.Errorf("#open-plan = %s", u)
		}
	})
}

// pageQuery is the query string of the page's URL.
func (tb *tab) pageQuery() string {
	tb.t.Helper()
	return strings.TrimPrefix(eval[string](tb, `location.search`), "?")
}
