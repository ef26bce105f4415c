package ui

import (
	"math"
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
	hidden  state.Hidden // the embed's hidden controls; none on the full page

	tokensText, tokensErr     string
	deadlineText, deadlineErr string
	foot                      fpInputs // the footprint's inputs (footprint.go)

	options [3]string  // chart options, in the order of chartSpecs
	charted data.Query // the query options were built for, without its tokens
	mounted bool

	prerender // what the prerendered page answers (see prestart.go)
}

// Calculator is the full page: the inputs, the answer, the three charts and
// the Embed dialog.
type Calculator struct {
	app.Compo
	calc
	embed embedDialog
}

// OnInit answers the default query: go-app renders the component before it
// navigates to it.
func (c *calc) OnInit() {
	c.set, c.loadErr = dataset()
	if c.loadErr != nil {
		return
	}
	c.load(data.DefaultQuery(), nil)
}

// OnNav reads the state from the URL, also when prerendering (where the
// server's request URL is used), with a notice for any part of the query
// that is not understood.
func (c *calc) OnNav(ctx app.Context) {
	if c.loadErr != nil {
		return
	}
	u := ctx.Page().URL()
	c.rendered = u.RawQuery
	v, malformed := state.ParseQuery(u.RawQuery)
	q, notices := state.Parse(c.set, v)
	notices = append(notices, c.foot.load(v)...)
	c.load(q, append(malformed, notices...))
}

// OnNav reads the URL as calc.OnNav does, then takes the refused values
// out of it.
func (c *Calculator) OnNav(ctx app.Context) {
	c.calc.OnNav(ctx)
	forgetRefused(ctx, state.String(c.q), c.notices)
}

// load replaces the whole state, as opening a URL does.
func (c *calc) load(q data.Query, notices []state.Notice) {
	c.q, c.notices = q, notices
	c.tokensText = data.FormatTokens(c.q.Tokens)
	c.deadlineText = formatMS(c.q.DeadlineMS)
	c.tokensErr, c.deadlineErr = "", ""
	c.compute()
}

// OnMount runs in the browser only: it marks the page as live for people
// (the slim loader goes) and for tests, which wait for data-mounted.
func (c *calc) OnMount(ctx app.Context) {
	c.mounted = true
	markMounted()
}

// compute answers c.q and builds the chart options.
func (c *calc) compute() {
	c.res, c.err = c.set.Select(c.q)
	if c.err != nil {
		c.res = nil
		return
	}
	// The charts do not depend on the token volume: typing one rebuilds none.
	charted := c.q
	charted.Tokens = 0
	if charted == c.charted && c.options[0] != "" {
		return
	}
	for i, spec := range chartSpecs {
		b, err := spec.build(c.res)
		if err != nil {
			c.err = err
			return
		}
		c.options[i] = string(b)
	}
	c.charted = charted
}

// apply takes a new query from an input, answers it and writes it to the URL
// without a history entry, so that typing does not flood the back button.
// The embed keeps its hidden controls in its URL, so that a reload keeps them.
func (c *calc) apply(ctx app.Context, q data.Query) {
	c.q = state.Normalize(c.set, q)
	c.compute()
	replaceQuery(ctx, c.foot.fp.AppendTo(state.EmbedString(c.q, c.hidden)))
}

func value(ctx app.Context) string { return ctx.JSSrc().Get("value").String() }

func (c *calc) onTask(ctx app.Context, e app.Event) {
	q := c.q
	q.Task = value(ctx)
	if _, err := c.set.Workload(q.Task); err != nil {
		return // not one of the options: someone edited the DOM
	}
	c.apply(ctx, q)
}

func (c *calc) onModel(ctx app.Context, e app.Event) {
	q := c.q
	q.Model = value(ctx)
	c.apply(ctx, q)
}

func (c *calc) onGPU(ctx app.Context, e app.Event) {
	q := c.q
	q.GPU = value(ctx)
	c.apply(ctx, q)
}

func (c *calc) onPercentile(ctx app.Context, e app.Event) {
	p, err := data.ParsePercentile(value(ctx))
	if err != nil {
		return
	}
	q := c.q
	q.Percentile = p
	c.apply(ctx, q)
}

// The deadline slider is logarithmic: position 0..sliderSteps maps to
// sliderMinMS..sliderMaxMS, so that 5–50 ms gets as much travel as 100–1000.
// sliderSteps is a range input's default max on purpose: go-app sets the
// attributes of a new element in no fixed order, and a value set before a
// larger max would be clamped to the default.
const (
	sliderMinMS = 5
	sliderMaxMS = 1000
	sliderSteps = 100
)

func sliderToMS(pos float64) float64 {
	ms := sliderMinMS * math.Pow(sliderMaxMS/sliderMinMS, pos/sliderSteps)
	// Three significant digits: a slider cannot be placed more finely anyway.
	return roundSig(ms, 3)
}

func msToSlider(ms float64) string {
	pos := math.Log(ms/sliderMinMS) / math.Log(sliderMaxMS/sliderMinMS) * sliderSteps
	return strconv.FormatFloat(math.Max(0, math.Min(sliderSteps, pos)), 'f', 1, 64)
}

func roundSig(v float64, digits int) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
	return f
}

// formatMS is a deadline as the number box shows it: milliseconds, no unit.
func formatMS(ms float64) string { return strconv.FormatFloat(ms, 'f', -1, 64) }

func (c *calc) onDeadlineSlider(ctx app.Context, e app.Event) {
	pos, err := strconv.ParseFloat(value(ctx), 64)
	if err != nil {
		return
	}
	ms := sliderToMS(pos)
	c.setDeadline(ctx, ms, formatMS(ms))
}

func (c *calc) onDeadlineText(ctx app.Context, e app.Event) {
	c.deadlineText = value(ctx)
	ms, err := data.ParseDeadline(c.deadlineText)
	if err != nil {
		c.deadlineErr = deadlineError(c.deadlineText, err)
		return // keep the last good result
	}
	c.setDeadline(ctx, ms, c.deadlineText)
}

func (c *calc) onMinDeadline(ctx app.Context, e app.Event) {
	if c.res != nil && c.res.Selected == nil {
		ms := c.res.MinDeadlineMS()
		c.setDeadline(ctx, ms, formatMS(ms))
	}
}

// setDeadline applies a good deadline; text is what its box shows, kept as
// typed when typed.
func (c *calc) setDeadline(ctx app.Context, ms float64, text string) {
	c.deadlineText, c.deadlineErr = text, ""
	q := c.q
	q.DeadlineMS = ms
	c.apply(ctx, q)
}

func (c *calc) onTokens(ctx app.Context, e app.Event) {
	c.tokensText = value(ctx)
	v, err := data.ParseTokens(c.tokensText)
	if err != nil {
		c.tokensErr = err.Error()
		return // keep the last good result
	}
	c.setTokens(ctx, v, c.tokensText)
}

func (c *calc) onPreset(v float64) app.EventHandler {
	return func(ctx app.Context, e app.Event) { c.setTokens(ctx, v, data.FormatTokens(v)) }
}

// setTokens applies a good token volume; text is what its box shows.
func (c *calc) setTokens(ctx app.Context, v float64, text string) {
	c.tokensText, c.tokensErr = text, ""
	q := c.q
	q.Tokens = v
	c.apply(ctx, q)
}

// chartSpecs are the three charts, in page order.
// caption says how to read a chart; term is the glossary term it explains
// after it.
var chartSpecs = []struct {
	id, title, caption, term string
	build                    func(*data.Result) ([]byte, error)
	describe                 func(*data.Result) string
}{
	{"chart-latency", charts.TitleEnergyLatency,
		"One colour per GPU and GPU count; dimmed points miss the deadline (the red vertical line); the dashed line is the Pareto frontier, the configurations no other beats on both energy and wait; the diamond is the selected configuration.",
		termPareto, charts.EnergyLatency, charts.DescribeEnergyLatency},
	{"chart-concurrency", charts.TitleEnergyConcurrency,
		"Batch size limit (max_num_seqs): how many requests the server handles at once, on a doubling scale; the dimmed part of a line misses the deadline.",
		termBatchLimit, charts.EnergyConcurrency, charts.DescribeEnergyConcurrency},
	{"chart-power", charts.TitlePowerThroughput,
		"Solid lines: GPU power (left axis); dashed lines: output tokens per second (right axis); the diamonds are the selected configuration, labelled with its figures.",
		"", charts.PowerThroughput, charts.DescribePowerThroughput},
}
