package e2e

// Browser tests of the image and video tasks: the calculator, the compare
// page and the embed, prerendered and once the app runs, and the switch
// between a token task and a diffusion task.

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/charts/headline"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// diffusionTest is what TestDiffusion's subtests share: the dataset, the
// browser, the site, and a question about images.
type diffusionTest struct {
	set    *data.Set
	bctx   context.Context
	origin string
	q      data.Query // 10,000 images of FLUX.1 [dev] on H100 within 10 s
}

func TestDiffusion(t *testing.T) {
	set, bctx := browserTest(t)
	srv := site(t)
	origin := srv.URL

	images := data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: "H100", DeadlineMS: 10e3, Percentile: data.P50, Tokens: 10e3}

	dt := &diffusionTest{set: set, bctx: bctx, origin: origin, q: images}

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) {
			shoot := shooter(t, bctx, origin, dir)
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				for _, scheme := range []string{"light", "dark"} {
					shoot("images", size[0], size[1], scheme, "task=text-to-image&model=flux-1-dev&gpu=H100&deadline=10s&images=10k")
					shoot("compare-images", size[0], size[1], scheme, "/compare?task=text-to-image&gpu=H100&deadline=10s&images=10k")
				}
				shoot("videos-infeasible", size[0], size[1], "light", "task=text-to-video&model=wan-2-1-14b&gpu=H100&deadline=30s&videos=100")
				shoot("compare-videos", size[0], size[1], "light", "/compare?task=text-to-video&gpu=H100&deadline=2min&videos=100")
				shoot("images-footprint", size[0], size[1], "dark", "task=text-to-image&model=sana-1-5-1-6b&deadline=30s&images=1M&boundary=cloud&grid=fr&budget=1+kg+CO2e")
				shoot("embed-images", size[0], size[1], "light", "/embed?task=text-to-image&model=flux-1-dev&gpu=H100&deadline=10s&images=10k")
			}
		})
	}

	t.Run("Images", dt.images)
	t.Run("VideosInfeasible", dt.videosInfeasible)
	t.Run("SwitchKind", dt.switchKind)
	t.Run("WrongKindNotice", dt.wrongKindNotice)
	t.Run("Footprint", dt.footprint)
	t.Run("EmbedLayouts", dt.embedLayouts)
	t.Run("Compare", dt.compare)
	t.Run("Embed", dt.embed)
}

// images: ten thousand images, prerendered and then answered by the app,
// count images in the boxes and labels, and the energy–latency chart draws
// in seconds, with the deadline's line and the selected point.
func (dt *diffusionTest) images(t *testing.T) {
	t.Parallel()
	set, bctx, origin, images := dt.set, dt.bctx, dt.origin, dt.q
	// The link, prerendered and then answered by the app.
	path := "/?task=text-to-image&model=flux-1-dev&gpu=H100&deadline=10s&images=10k"
	r, _ := set.Select(images)
	html := prerendered(t, origin, path)
	for _, want := range []string{
		"Energy for 10k images of FLUX.1 Dev (Text to Image) on H100, with each image ready within 10 s",
		data.FormatEnergy(r.Estimate.EnergyWh), r.Selected.RowID, "Longest wait for an image (generation-time deadline, s)",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the prerendered page does not say %q", want)
		}
	}
	tb := newTab(t, bctx, origin)
	tb.open(strings.TrimPrefix(path, "/?"))
	tb.expectDiffusion(set, images, false)
	if got := eval[string](tb, `document.querySelector("#tokens").value + " " + document.querySelector("#deadline").value`); got != "10k 10" {
		t.Errorf("the volume's and the deadline's boxes read %q", got)
	}
	if got := tb.text(`label[for=tokens]`); got != "Images" {
		t.Errorf("the volume's label is %q", got)
	}
	// The energy–latency chart: seconds, the deadline's line, the selected point.
	series, _, _ := tb.chart("chart-latency")
	deadline, picked := false, false
	for _, s := range series {
		deadline = deadline || s.Name == "Deadline 10 s"
		if s.Name == "Selected" {
			// At the measured latency (8.17671674489975 s, to the
			// microsecond rounded up) and the row's energy (8,699.11 J).
			picked = len(s.Data) == 1 && s.Data[0][0] == 8.176717 && s.Data[0][1] == 8699.11
		}
	}
	if !deadline || !picked {
		t.Errorf("the latency chart's series %+v lack the deadline at 10 s or the selected point", series)
	}
	for _, id := range []string{"chart-concurrency", "chart-power"} {
		tb.chartReady(id)
	}
	// Clean text: no stray space or echo.
	tb.view().expectCleanText("the image task")
	// No serious or critical accessibility violation, with every explanation open.
	tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelectorAll("details").forEach(d => d.open = true)`))
	tb.view().expectAccessible(axeScript(t), "the image task")
	// The planner plans output tokens: no link to it.
	if tb.view().has("#open-plan") {
		t.Error("an image task links to the planner")
	}
	// A deadline typed in minutes, then one refused.
	tb.change("#deadline", "0.5min", "input")
	q := images
	q.DeadlineMS = 30e3
	tb.expectDiffusion(set, q, false)
	tb.expectURL(set, q)
	tb.change("#deadline", "2d", "input")
	tb.waitText("#deadline-error", `Letters other than the units s, min and ms are not a number: generation-time deadline "2d" is not accepted: use a positive number of seconds up to 86400 (a day), optionally with s, min or ms (10, 10s, 1.5min, 500ms)`)
	// A preset.
	tb.do(chromedp.Click("#preset-1M"))
	q.Tokens = 1e6
	tb.expectDiffusion(set, q, false)
	tb.expectURL(set, q)
}

// videosInfeasible: a video deadline nothing meets says so, prerendered
// too, and the smallest deadline it offers selects the fastest row.
func (dt *diffusionTest) videosInfeasible(t *testing.T) {
	t.Parallel()
	set, bctx, origin := dt.set, dt.bctx, dt.origin
	q := data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: "H100", DeadlineMS: 30e3, Percentile: data.P50, Tokens: 100}
	r, _ := set.Select(q)
	want := "Set the deadline to 71.8 s" // the fastest's measured 71.76369178295135 s, rounded up
	if html := prerendered(t, origin, "/?"+state.String(q)); !strings.Contains(html, want) || !strings.Contains(html, "each video ready within 30 s") {
		t.Errorf("the prerendered page does not say %q", want)
	}
	tb := newTab(t, bctx, origin)
	tb.open(state.String(q))
	tb.waitText("#set-min-deadline", want)
	tb.do(chromedp.Click("#set-min-deadline"))
	q.DeadlineMS = r.MinDeadlineMS()
	got := tb.expectDiffusion(set, q, false)
	if got.Selected.RowID != r.Fastest.RowID {
		t.Errorf("the smallest deadline selects %s, want the fastest %s", got.Selected.RowID, r.Fastest.RowID)
	}
	tb.expectURL(set, q)
}

// From a token task to an image task and back: the units, the deadline's
// unit and the volume's box follow, with each kind's defaults.
func (dt *diffusionTest) switchKind(t *testing.T) {
	t.Parallel()
	set, bctx, origin := dt.set, dt.bctx, dt.origin
	tb := newTab(t, bctx, origin)
	tb.open("")
	tb.view().waitFor(`!!document.querySelector("#percentile")`, "the percentile")
	tb.change("#task", "text-to-image", "change")
	img := data.DefaultQuery().WithTask("text-to-image")
	img.Model = "flux-1-dev" // the workload's default model: the nearest to 14B
	tb.expectDiffusion(set, img, false)
	tb.expectURL(set, img)
	if loc := eval[string](tb, `location.search`); !strings.Contains(loc, "deadline=30s&images=10k") || strings.Contains(loc, "p=") || strings.Contains(loc, "tokens=") {
		t.Errorf("URL %s", loc)
	}
	for sel, want := range map[string]string{
		`label[for=deadline]`: "Longest wait for an image (generation-time deadline, s)",
		`label[for=tokens]`:   "Images",
	} {
		if got := tb.text(sel); got != want {
			t.Errorf("%s = %q, want %q", sel, got, want)
		}
	}
	// The slider spans the kind's range: 30 s is 0.5–200 s's position.
	if got := eval[string](tb, `document.querySelector("#deadline-range").getAttribute("aria-label")`); !strings.Contains(got, "from 0.5 to 200 s") {
		t.Errorf("the slider says %q", got)
	}
	tb.change("#task", "text-to-video", "change")
	vid := img.WithTask("text-to-video")
	vid.Model = "wan-2-1-14b"
	tb.expectDiffusion(set, vid, false)
	tb.expectURL(set, vid)
	if got := tb.text(`label[for=tokens]`); got != "Videos" {
		t.Errorf("the volume's label is %q", got)
	}
	tb.change("#task", "gpqa", "change")
	back := vid.WithTask("gpqa")
	back.Model = "qwen-3-14b"
	tb.expect(set, back)
	tb.expectURL(set, back)
	tb.view().waitFor(`!!document.querySelector("#percentile")`, "the percentile again")
	for sel, want := range map[string]string{
		`label[for=deadline]`: "Longest wait between tokens (ITL deadline, ms)",
		`label[for=tokens]`:   "Output tokens",
	} {
		if got := tb.text(sel); got != want {
			t.Errorf("%s = %q, want %q", sel, got, want)
		}
	}
	if got := eval[string](tb, `document.querySelector("#deadline").value + " " + document.querySelector("#tokens").value`); got != "500 1M" {
		t.Errorf("the boxes read %q, want the token defaults", got)
	}
}

// A token parameter on an image task is ignored with a notice.
func (dt *diffusionTest) wrongKindNotice(t *testing.T) {
	t.Parallel()
	set, bctx, origin := dt.set, dt.bctx, dt.origin
	tb := newTab(t, bctx, origin)
	tb.open("task=text-to-image&model=sana-1-5-1-6b&tokens=5M&p=p90")
	tb.view().waitFor(`document.querySelectorAll(".notice[data-param]").length === 2`, "two notices")
	for _, p := range []string{"tokens", "p"} {
		if got := tb.text(".notice[data-param=" + p + "]"); !strings.Contains(got, "it is ignored") {
			t.Errorf("notice about %s: %q", p, got)
		}
	}
	q := data.Query{Task: "text-to-image", Model: "sana-1-5-1-6b", GPU: data.AnyGPU, DeadlineMS: 30e3, Percentile: data.P50, Tokens: 10e3}
	tb.expectDiffusion(set, q, false)
	// The refused values leave the URL.
	tb.view().waitFor(`!location.search.includes("tokens=") && !location.search.includes("p=")`, "the URL without tokens and p")
}

// The footprint's budget counts images: "1 kg CO2e pays for N images".
func (dt *diffusionTest) footprint(t *testing.T) {
	t.Parallel()
	set, bctx, origin, images := dt.set, dt.bctx, dt.origin, dt.q
	tb := newTab(t, bctx, origin)
	tb.open(state.String(images) + "&boundary=cloud&grid=fr&budget=" + url.QueryEscape("1 kg CO2e"))
	r, _ := set.Select(images)
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid, _ = footprint.Grid.Parse("fr")
	b, _ := footprint.ParseBudget("1 kg CO2e")
	fit, err := f.Fit(b, r.Selected)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("1 kg CO2e pays for %s images, at this boundary.", data.ReadableVolume(sigRound(fit.Tokens, 4)))
	tb.waitText("#fp-budget-result", want)
	if got := tb.text("#fp-per-request"); !strings.HasPrefix(got, "This calculation: "+data.FormatNumber(r.Selected.Joules()/3600)+" Wh of GPU energy per image") {
		t.Errorf("#fp-per-request = %q", got)
	}
	if tb.view().has("#fp-points") {
		t.Error("the published per-prompt figures, for text, are set beside an image")
	}
}

// The embed's figure layouts: the card and a chart, each saying images.
func (dt *diffusionTest) embedLayouts(t *testing.T) {
	t.Parallel()
	set, bctx, origin, images := dt.set, dt.bctx, dt.origin, dt.q
	q := images
	r, _ := set.Select(q)
	tb := newTab(t, bctx, origin)
	for _, tc := range []struct{ layout, title string }{
		{"layout=card", "How much energy do 10k images of FLUX.1 Dev take on H100?"},
		{"layout=chart&chart=batch", fmt.Sprintf("FLUX.1 Dev on H100: a batch size of %d, split %s spends the least energy per image within 10 s, %s J.",
			r.Selected.BatchSize, r.Selected.Split(), data.FormatNumber(r.Selected.Joules()))},
	} {
		path := "/embed?" + state.String(q) + "&" + tc.layout
		if html := prerendered(t, origin, path); !strings.Contains(html, tc.title) {
			t.Errorf("the prerendered %s does not say %q", tc.layout, tc.title)
		}
		tb.openURL(origin + path)
		tb.waitText("#question", tc.title)
		if got := tb.text("#figure-context"); !strings.Contains(got, "each image ready within 10 s") {
			t.Errorf("%s: the context reads %q", tc.layout, got)
		}
	}
	tb.chartReady("chart-concurrency")
	if got := tb.text("#chart-caption"); got != headline.BriefEnergyConcurrency {
		t.Errorf("the chart's caption reads %q", got)
	}
}

// compare: the compare page for images and videos ranks as the core does,
// with headers and configurations in their units, no percentile nor plan
// mode, and the deadline a missing model needs rounded up.
func (dt *diffusionTest) compare(t *testing.T) {
	t.Parallel()
	set, bctx, origin := dt.set, dt.bctx, dt.origin
	q := data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: "H100", DeadlineMS: 120e3, Percentile: data.P50, Tokens: 100}
	rk, _ := set.Compare(q)
	html := prerendered(t, origin, comparePath(q))
	for _, want := range []string{"Energy for 100 videos of each model of Text to Video on H100, with each video ready within 120 s", "J/video",
		"Set the deadline to 269.6 s", "Which AI model uses the least electricity to make the same videos as fast?"} {
		if !strings.Contains(html, want) {
			t.Errorf("the prerendered compare page does not say %q", want)
		}
	}
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + comparePath(q))
	v := tb.view()
	expectRanking(v, set, q)
	heads := evalIn[[]string](v, `[...document.querySelectorAll("#ranking-table th")].map(th => th.firstChild.firstChild.textContent.trim())`)
	if h := strings.Join(heads, "|"); !strings.HasPrefix(h, "#|Model|Energy for 100 videos (kWh)|J/video|") || strings.Contains(h, "Per request") {
		t.Errorf("the table's headers are %q", heads)
	}
	first := rk.Models[0].Result.Selected
	if got := v.text(`#ranking-table tbody tr:first-child td[data-col=config]`); got != fmt.Sprintf("%s × %d, batch size %d (%s)", first.GPU, first.NumGPUs, first.BatchSize, first.Split()) {
		t.Errorf("the first configuration reads %q", got)
	}
	if v.has("#percentile") || v.has("#open-mode") {
		t.Error("the compare page offers a percentile, or the plan mode, for videos")
	}
	// The leaderboard's fastest HunyuanVideo on H100, 269.5456430912018 s, rounded up.
	tb.do(chromedp.Click("#min-deadline-hunyuanvideo"))
	q.DeadlineMS = 269600
	expectRanking(v, set, q)
	expectCompareURL(tb, set, q)
	if got := eval[string](tb, `document.querySelector("#deadline").value`); got != "269.6" {
		t.Errorf("the deadline box reads %q", got)
	}
	tb.chartReady("chart-params")
	// To a token task: its defaults, and the percentile again.
	tb.change("#task", "lm-arena-chat", "change")
	back := q.WithTask("lm-arena-chat")
	back.Model = "" // the page highlights only a model its link names
	v.waitFor(`!!document.querySelector("#percentile")`, "the percentile")
	expectRanking(v, set, back)
	expectCompareURL(tb, set, back)
}

// embed: the embed for images, prerendered and running, keeps its hidden
// controls, named as the task counts its volume.
func (dt *diffusionTest) embed(t *testing.T) {
	t.Parallel()
	set, bctx, origin := dt.set, dt.bctx, dt.origin
	q := data.Query{Task: "text-to-image", Model: "sana-1-5-1-6b", GPU: data.AnyGPU, DeadlineMS: 30e3, Percentile: data.P50, Tokens: 1e6}
	path := "/embed?" + state.String(q) + "&hide=task,images"
	r, _ := set.Select(q)
	if html := prerendered(t, origin, path); !strings.Contains(html, data.FormatEnergy(r.Estimate.EnergyWh)) || !strings.Contains(html, r.Selected.RowID) {
		t.Errorf("the prerendered embed lacks the energy or the row: %.300s", html)
	}
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + path)
	tb.expectDiffusion(set, q, true)
	if tb.view().has("#tokens") || tb.view().has("#task") || !tb.view().has("#deadline") {
		t.Error("hide=task,images leaves the volume or the task, or hides the deadline")
	}
	tb.chartReady("chart-latency")
	// The embed keeps its hidden controls, named as the task counts its volume.
	tb.change("#deadline", "5", "input")
	tb.view().waitFor(`location.search.includes("deadline=5s") && location.search.endsWith("&hide=task,images")`, "the embed's URL")
	u, _ := url.Parse(eval[string](tb, `location.href`))
	if got, _ := state.Parse(set, u.Query()); got.DeadlineMS != 5e3 || got.Tokens != 1e6 {
		t.Errorf("the embed's URL reads %+v", got)
	}
}
