package ui

import (
	"net/url"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// calc is the state and the input handlers the two pages share: the query,
// the text of the two free-form boxes (which may be invalid while the query
// keeps the last good value) and what data.Set.Select answered. Calculator
// (the full page) and Embed (the compact one for iframes) embed it and differ
// only in what they render.
type calc struct {
	set     *data.Set
	loadErr error
	q       data.Query
	res     *data.Result
	err     error // Select refused q; never expected, shown rather than hidden
	notices []state.Notice
	look    state.Embed // the embed's layout, theme and hidden controls; the zero value on the full page
	bare    bool        // an embed: its footprint is only what its URL sets (state.ParseBareFootprint)

	tokensText, tokensErr     string
	deadlineText, deadlineErr string
	foot                      fpInputs // the footprint's inputs (footprint.go)

	labels  [3]string  // the charts' descriptions, in the order of chartSpecs
	labeled data.Query // the charted query they describe
	mounted bool

	page          app.Context // the page's (the component's) context, from OnMount
	sliderPos     float64     // the deadline slider's latest position
	sliderWait    bool        // a position was applied, and its frame not yet drawn
	sliderPending bool        // sliderPos waits for that frame (see onDeadlineSlider)

	prerender // what the prerendered page answers (see prestart.go)
}

// Calculator is the full page: the inputs, the answer, the three charts and
// the Embed dialog.
type Calculator struct {
	app.Compo
	calc
}

// OnInit answers the page's URL in the browser, the default query when
// prerendering (OnNav then reads the request's): go-app renders the
// component before it navigates to it.
func (c *calc) OnInit() { c.init(c.fromURL) }

// init is OnInit, the state read from a URL by fromURL.
func (c *calc) init(fromURL func(*url.URL)) {
	c.set, c.loadErr = dataset()
	if c.loadErr != nil {
		return
	}
	if u := c.urlAtInit(); u != nil {
		fromURL(u)
		startTurn() // the answer's markup in a turn of its own
		return
	}
	c.load(data.DefaultQuery(), nil)
}

// OnNav reads the state from the URL, also when prerendering (where the
// server's request URL is used), with a notice for any part of the query
// that is not understood; unless OnInit read this very URL.
func (c *calc) OnNav(ctx app.Context) { c.nav(ctx, c.fromURL) }

// nav is OnNav, the state read from a URL by fromURL.
func (c *calc) nav(ctx app.Context, fromURL func(*url.URL)) {
	if c.loadErr != nil {
		return
	}
	if u := ctx.Page().URL(); !c.readAtInit(u) {
		fromURL(u)
	} else {
		ctx.PreventUpdate()
	}
}

// fromURL reads the state from the URL u.
func (c *calc) fromURL(u *url.URL) {
	c.rendered = u.RawQuery
	v, malformed := state.ParseQuery(u.RawQuery)
	q, notices := state.Parse(c.set, v)
	notices = append(notices, c.foot.load(v, c.bare)...)
	c.load(q, append(malformed, notices...))
}

// OnNav reads the URL as calc.OnNav does, then takes the refused values
// out of it; a page a link opened opens at its top (arrived).
func (c *Calculator) OnNav(ctx app.Context) {
	arrived(ctx.Page().URL())
	c.calc.OnNav(ctx)
	forgetRefused(ctx, state.String(c.q), c.notices)
}

// load replaces the whole state, as opening a URL does.
func (c *calc) load(q data.Query, notices []state.Notice) {
	c.q, c.notices = q, notices
	c.resetText()
	c.compute()
}

// resetText has the deadline's and the volume's boxes show the query's.
func (c *calc) resetText() {
	k := c.kind()
	c.tokensText, c.deadlineText = k.FormatVolume(c.q.Tokens), k.DeadlineText(c.q.DeadlineMS)
	c.tokensErr, c.deadlineErr = "", ""
}

// kind is what the query's workload generates.
func (c *calc) kind() *data.Kind { return data.TaskKind(c.q.Task) }

// OnMount runs in the browser only: once the page is whole (see unfold), it
// marks it as live for people (the slim loader goes) and for tests, which
// wait for data-mounted.
func (c *calc) OnMount(ctx app.Context) {
	c.page = ctx
	unfold(ctx, func() {
		c.mounted = true
		markMounted()
	})
}

// compute answers c.q, and describes the charts in words. The charts' options
// are built by the charts themselves, when drawn (see Chart).
func (c *calc) compute() {
	c.res, c.err = c.set.Select(c.q)
	if c.err != nil {
		c.res = nil
		return
	}
	// The charts do not depend on the token volume: typing one describes none.
	if charted(c.q) == c.labeled && c.labels[0] != "" {
		return
	}
	for i, spec := range chartSpecs {
		c.labels[i] = spec.describe(c.res)
	}
	c.labeled = charted(c.q)
}

// apply takes a new query from an input, answers it and, a moment later,
// writes it to the URL without a history entry (replaceQuery), so that typing
// does not flood the back button. The embed keeps its hidden controls in its
// URL, so that a reload keeps them.
func (c *calc) apply(q data.Query) {
	c.q = state.Normalize(c.set, q)
	c.compute()
	replaceQuery(c.foot.fp.AppendTo(state.EmbedString(c.q, c.look)))
}

func value(ctx app.Context) string { return ctx.JSSrc().Get("value").String() }

// onTask changes the workload; one that generates something else (images
// rather than tokens) comes with its own deadline and volume, which its
// boxes then show.
func (c *calc) onTask(ctx app.Context, e app.Event) {
	task := value(ctx)
	if _, err := c.set.Workload(task); err != nil {
		return // not one of the options: someone edited the DOM
	}
	other := data.TaskKind(task) != c.kind()
	c.apply(c.q.WithTask(task))
	if other {
		c.sliderPending = false // a position of the other kind's slider
		c.resetText()
	}
}

func (c *calc) onModel(ctx app.Context, e app.Event) {
	q := c.q
	q.Model = value(ctx)
	c.apply(q)
}

func (c *calc) onGPU(ctx app.Context, e app.Event) {
	q := c.q
	q.GPU = value(ctx)
	c.apply(q)
}

func (c *calc) onPercentile(ctx app.Context, e app.Event) {
	p, err := data.ParsePercentile(value(ctx))
	if err != nil {
		return
	}
	q := c.q
	q.Percentile = p
	c.apply(q)
}

func roundSig(v float64, digits int) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
	return f
}

// onDeadlineSlider applies the slider's position at once, unless one was
// applied since the last frame was drawn: then the latest waits for the
// next frame. A slider dragged fires more input events than the screen
// shows frames; the page answers at most one a frame.
func (c *calc) onDeadlineSlider(ctx app.Context, e app.Event) {
	pos, ok := sliderInput(ctx, c.kind())
	if !ok {
		return
	}
	c.sliderPos = pos
	if c.sliderWait {
		c.sliderPending = true
		ctx.PreventUpdate() // nothing changes until the frame
		return
	}
	c.applySlider(ctx)
}

// applySlider applies the slider's latest position, and then any that came
// before the frame after the one that shows it.
func (c *calc) applySlider(ctx app.Context) {
	k := c.kind()
	ms := k.SliderDeadline(c.sliderPos)
	c.setDeadline(ctx, ms, k.DeadlineText(ms))
	c.sliderWait = true
	afterPaint(func() {
		c.page.Dispatch(func(ctx app.Context) {
			c.sliderWait = false
			if !c.sliderPending {
				ctx.PreventUpdate()
				return
			}
			c.sliderPending = false
			c.applySlider(ctx)
		})
	})
}

// onDeadlineKey steps the slider's deadline with the arrow keys and Page
// Up and Page Down, from stop to stop (sliderKey).
func (c *calc) onDeadlineKey(ctx app.Context, e app.Event) {
	k := c.kind()
	if ms, ok := sliderKey(e, k, c.q.DeadlineMS); ok {
		c.sliderPending = false // as onDeadlineText
		c.setDeadline(ctx, ms, k.DeadlineText(ms))
	}
}

func (c *calc) onDeadlineText(ctx app.Context, e app.Event) {
	c.sliderPending = false // what is typed is newer than a slider position waiting for its frame
	c.deadlineText = value(ctx)
	ms, err := c.kind().ParseDeadline(c.deadlineText)
	if err != nil {
		c.deadlineErr = deadlineError(c.kind(), c.deadlineText, err)
		return // keep the last good result
	}
	c.setDeadline(ctx, ms, c.deadlineText)
}

func (c *calc) onMinDeadline(ctx app.Context, e app.Event) {
	c.sliderPending = false // as onDeadlineText
	if c.res != nil && c.res.Selected == nil {
		ms := c.res.MinDeadlineMS()
		c.setDeadline(ctx, ms, c.kind().DeadlineText(ms))
	}
}

// setDeadline applies a good deadline; text is what its box shows, kept as
// typed when typed.
func (c *calc) setDeadline(ctx app.Context, ms float64, text string) {
	c.deadlineText, c.deadlineErr = text, ""
	q := c.q
	q.DeadlineMS = ms
	c.apply(q)
}

func (c *calc) onTokens(ctx app.Context, e app.Event) {
	c.tokensText = value(ctx)
	v, err := c.kind().ParseVolume(c.tokensText)
	if err != nil {
		c.tokensErr = err.Error()
		return // keep the last good result
	}
	c.setTokens(ctx, v, c.tokensText)
}

// onPreset sets the i-th preset volume of the query's kind.
func (c *calc) onPreset(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		k := c.kind()
		c.setTokens(ctx, k.Presets[i], k.FormatVolume(k.Presets[i]))
	}
}

// setTokens applies a good token volume; text is what its box shows.
func (c *calc) setTokens(ctx app.Context, v float64, text string) {
	c.tokensText, c.tokensErr = text, ""
	q := c.q
	q.Tokens = v
	c.apply(q)
}

// chartSpecs are the three charts, in page order, which is also the order
// of state.Charts, the embed's names for them; their titles are
// charts.Titles, and their brief captions charts.Briefs, by kind. caption
// says how to read a chart, for a token workload and for an image or video
// one; term is the glossary term it explains after it, likewise; headline
// states what it shows for a result, as the title of the embed's chart
// layout.
var chartSpecs = []struct {
	id                 string
	caption, term      [2]string
	build              func(*data.Result) ([]byte, error)
	patch              func(from, to *data.Result) ([]byte, error)
	describe, headline func(*data.Result) string
}{
	{"chart-latency", [2]string{
		"One colour per GPU and GPU count; hollow points miss the deadline (the red vertical line); the dashed line is the Pareto frontier, the configurations no other beats on both energy and wait; the diamond is the selected configuration.",
		"One colour per GPU and GPU count; hollow points miss the deadline (the red vertical line); the dashed line is the Pareto frontier, the configurations no other beats on both energy and time; the diamond is the selected configuration."},
		[2]string{termPareto, termPareto}, charts.EnergyLatency, charts.EnergyLatencyPatch, charts.DescribeEnergyLatency, charts.HeadlineEnergyLatency},
	{"chart-concurrency", [2]string{
		"Batch size limit (max_num_seqs): how many requests the server handles at once, on a doubling scale; the thin part of a line, with hollow points, misses the deadline.",
		"Batch size: how many are generated together, on a doubling scale, each with the split of the work over the GPUs that costs least; the thin part of a line, with hollow points, misses the deadline."},
		[2]string{termBatchLimit, termBatchSize}, charts.EnergyConcurrency, charts.EnergyConcurrencyPatch, charts.DescribeEnergyConcurrency, charts.HeadlineEnergyConcurrency},
	{"chart-power", [2]string{
		"Two panels against the same batch size limits: GPU power above, output tokens per second below, one colour per GPU and GPU count; thin parts, with hollow points, miss the deadline; the diamonds are the selected configuration, labelled with its figures.",
		"Two panels against the same batch sizes: GPU power above, the number generated per second below, one colour per GPU and GPU count; thin parts, with hollow points, miss the deadline; the diamonds are the selected configuration, labelled with its figures."},
		[2]string{}, charts.PowerThroughput, charts.PowerThroughputPatch, charts.DescribePowerThroughput, charts.HeadlinePowerThroughput},
}

// chartTitle is the i-th chart's title for a workload of kind k.
func chartTitle(i int, k *data.Kind) string { return charts.Titles(k)[i] }

// chartBrief is the i-th chart's caption in a line for a workload of kind k.
func chartBrief(i int, k *data.Kind) string { return charts.Briefs(k)[i] }

// byKind is which of a pair of words is a kind's: the first a token
// workload's, the second an image or video one's.
func byKind(k *data.Kind) int {
	if k.Diffusion() {
		return 1
	}
	return 0
}

// chartSpec is the index in chartSpecs of the chart with the id, or -1.
func chartSpec(id string) int {
	for i, s := range chartSpecs {
		if s.id == id {
			return i
		}
	}
	return -1
}
