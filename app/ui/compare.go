package ui

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
)

// Compare is the compare page, /compare: every model of a workload ranked at
// one deadline, percentile, GPU choice and volume (data.Set.Compare), as
// bars, a sortable table and a scatter of energy per token against active
// parameters, with the models that miss the deadline apart, each with the
// deadline it would meet. It reads the calculator's query string (the model
// parameter is the model it highlights), and each model's name opens the
// calculator with that model and the same state. At /embed/compare it is the
// compact version for iframes (embedded), which also reads hide.
type Compare struct {
	app.Compo
	prerender // what the prerendered page answers (see prestart.go)
	embedded  bool

	set     *data.Set
	loadErr error
	q       data.Query // Model is the highlighted model
	rk      *data.Ranking
	err     error // Compare refused q; never expected, shown rather than hidden
	notices []state.Notice
	look    state.Embed // the embed's layout, theme and hidden controls

	tokensText, tokensErr     string
	deadlineText, deadlineErr string
	foot                      fpInputs // the footprint's inputs (footprint.go); it ranks no budget
	planMode                           // with a rate in the URL, every model planned (compare_plan.go)

	sortKey string // a column's key; "" is the ranking's order
	desc    bool

	bars, scatter string // chart options
	mounted       bool
	stopHeight    func()
}

// The compare page's chart ids, and their titles.
const (
	chartRanking = "chart-ranking"
	chartParams  = "chart-params"

	titleRanking = "Energy for the volume, by model"
)

// OnInit answers the page's URL in the browser, the default when
// prerendering (see calc.OnInit).
func (c *Compare) OnInit() {
	c.set, c.loadErr = dataset()
	if c.loadErr != nil {
		return
	}
	if u := c.urlAtInit(); u != nil {
		c.fromURL(u)
		startTurn()
		return
	}
	c.load(state.ParseCompare(c.set, url.Values{}))
}

// OnNav reads the state from the URL, also when prerendering, unless
// OnInit read this very URL; a page a link opened opens at its top
// (arrived).
func (c *Compare) OnNav(ctx app.Context) {
	arrived(ctx.Page().URL())
	if c.loadErr != nil {
		return
	}
	if u := ctx.Page().URL(); !c.readAtInit(u) {
		c.fromURL(u)
	} else {
		ctx.PreventUpdate()
	}
	forgetRefused(ctx, c.pageQuery(), c.notices)
}

// fromURL reads the state from the URL u.
func (c *Compare) fromURL(u *url.URL) {
	c.rendered = u.RawQuery
	v, malformed := state.ParseQuery(u.RawQuery)
	q, notices := state.ParseCompare(c.set, v)
	notices = append(malformed, notices...)
	notices = append(notices, c.foot.load(v, c.embedded)...)
	var tn []state.Notice
	c.traffic, c.planning, tn = state.ParseTraffic(v)
	if w, _ := c.set.Workload(q.Task); c.planning && w.Kind().Diffusion() { // ParseCompare gives a workload of the set
		// No traffic of tokens to plan for images or videos: their ranking.
		c.planning = false
		tn = append(tn, state.Notice{Param: state.ParamRate, Value: v.Get(state.ParamRate),
			Message: "The URL's rate plans a traffic of output tokens, which " + w.Name + " does not generate; the ranking by volume is shown instead."})
	}
	c.tin.load(c.traffic)
	notices = append(notices, tn...)
	if c.embedded {
		var en []state.Notice
		c.look, en = state.ParseEmbed(v, compareLayouts)
		notices = append(notices, en...)
	}
	c.load(q, notices)
}

func (c *Compare) load(q data.Query, notices []state.Notice) {
	c.q, c.notices = q, notices
	c.resetText()
	c.compute()
}

// resetText has the deadline's and the volume's boxes show the query's.
func (c *Compare) resetText() {
	k := c.kind()
	c.tokensText, c.tokensErr = k.FormatVolume(c.q.Tokens), ""
	c.deadlineText, c.deadlineErr = k.DeadlineText(c.q.DeadlineMS), ""
}

// kind is what the ranked workload generates.
func (c *Compare) kind() *data.Kind { return data.TaskKind(c.q.Task) }

func (c *Compare) OnMount(ctx app.Context) {
	unfold(ctx, func() {
		c.mounted = true
		markMounted()
	})
	if c.embedded {
		c.stopHeight = watchHeight()
	}
}

func (c *Compare) OnDismount() {
	if c.stopHeight != nil {
		c.stopHeight()
	}
}

// compute ranks the models for c.q and builds the two charts.
func (c *Compare) compute() {
	if c.planning {
		c.rk, c.err = c.computePlans()
	} else {
		c.rk, c.err = c.set.Compare(c.q)
	}
	if c.err != nil {
		c.rk = nil
		return
	}
	bars := charts.Ranking
	if c.planning {
		bars = func(*data.Ranking, string) ([]byte, error) { return charts.PlanRanking(c.prk, c.q.Model) }
	}
	for _, ch := range []struct {
		dst   *string
		build func(*data.Ranking, string) ([]byte, error)
	}{{&c.bars, bars}, {&c.scatter, charts.EnergyParams}} {
		b, err := ch.build(c.rk, c.q.Model)
		if err != nil {
			c.err = err
			return
		}
		*ch.dst = string(b)
	}
}

// set applies a new value of one query parameter, read as the URL's would
// be, and writes the state to the URL without a history entry. A workload
// that generates something else comes with its own deadline and volume
// (data.Query.WithTask), which the boxes then show.
func (c *Compare) setParam(ctx app.Context, param, value string) {
	q, other := c.q, false
	if param == state.ParamTask {
		other = data.TaskKind(value) != c.kind()
		q = q.WithTask(value)
	}
	v := state.Encode(q)
	v.Set(param, value)
	c.q, _ = state.ParseCompare(c.set, v) // the controls offer valid values only
	if other {
		c.resetText()
	}
	c.compute()
	replaceQuery(c.pageQuery())
}

func (c *Compare) onParam(param string) app.EventHandler {
	return func(ctx app.Context, e app.Event) { c.setParam(ctx, param, value(ctx)) }
}

func (c *Compare) onDeadlineSlider(ctx app.Context, e app.Event) {
	if pos, ok := sliderInput(ctx, c.kind()); ok {
		c.setDeadline(ctx, c.kind().SliderDeadline(pos))
	}
}

func (c *Compare) onDeadlineKey(ctx app.Context, e app.Event) {
	if ms, ok := sliderKey(e, c.kind(), c.q.DeadlineMS); ok {
		c.setDeadline(ctx, ms)
	}
}

func (c *Compare) setDeadline(ctx app.Context, ms float64) {
	c.deadlineText, c.deadlineErr = c.kind().DeadlineText(ms), ""
	c.setParam(ctx, state.ParamDeadline, c.deadlineText)
}

func (c *Compare) onDeadlineText(ctx app.Context, e app.Event) {
	c.deadlineText = value(ctx)
	if _, err := c.kind().ParseDeadline(c.deadlineText); err != nil {
		c.deadlineErr = deadlineError(c.kind(), c.deadlineText, err)
		return // keep the last good ranking
	}
	c.deadlineErr = ""
	c.setParam(ctx, state.ParamDeadline, c.deadlineText)
}

func (c *Compare) onTokens(ctx app.Context, e app.Event) {
	c.tokensText = value(ctx)
	k := c.kind()
	if _, err := k.ParseVolume(c.tokensText); err != nil {
		c.tokensErr = err.Error()
		return
	}
	c.tokensErr = ""
	c.setParam(ctx, k.Param, c.tokensText)
}

// onPreset sets the i-th preset volume of the query's kind.
func (c *Compare) onPreset(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		k := c.kind()
		c.tokensText, c.tokensErr = k.FormatVolume(k.Presets[i]), ""
		c.setParam(ctx, k.Param, c.tokensText)
	}
}

// onMinDeadline sets the smallest deadline the i-th model that misses the
// deadline meets. The model is looked up when clicked: go-app keeps the first
// handler of a node made by the same function, so a handler holds no figure.
func (c *Compare) onMinDeadline(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if _, missed, _ := c.groups(); i < len(missed) {
			c.setDeadline(ctx, missed[i].Result.MinDeadlineMS())
		}
	}
}

func (c *Compare) onSort(key string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if c.sortKey == key || c.sortKey == "" && key == colRank {
			c.desc = !c.desc
		} else {
			c.desc = false
		}
		c.sortKey = key
	}
}

// calcURL is the calculator with the model and this page's state; a GPU the
// model was not measured on becomes the best of its own.
func (c *Compare) calcURL(slug string) string {
	if c.planning {
		return c.planURL(slug)
	}
	q := c.q
	q.Model = slug
	return appURL("/", c.foot.fp.Page().AppendTo(state.String(state.Normalize(c.set, q))))
}

// gpuWords is the GPU choice as the page says it: "H100", or "B200 or H100,
// whichever spends less for each model".
func (c *Compare) gpuWords() string {
	if c.q.GPU != data.AnyGPU {
		return c.q.GPU
	}
	return data.GPUChoice(c.rk.Workload.GPUs(), data.AnyGPU) + ", whichever spends less for each model"
}

func (c *Compare) Render() app.UI {
	class := "calc compare"
	if c.embedded {
		class = embedClass(c.look) + " compare"
	}
	root := c.mainElement(class, c.mounted)
	if c.loadErr != nil {
		return loadFailed(root, c.loadErr)
	}
	if c.err != nil || c.rk == nil {
		return failed(root, fmt.Sprintf("The comparison failed: %v", c.err))
	}
	titleParams := charts.TitleParams(c.kind())
	share := &Share{Query: c.q, Ranking: c.rk, Compact: c.embedded, Footprint: c.foot.fp, Charts: []ShareChart{
		{ID: chartRanking, Title: titleRanking, Option: c.bars},
		{ID: chartParams, Title: titleParams, Option: c.scatter},
	}}
	if c.planning {
		share.Planned = c.prk
		share.Charts[0].Title = titlePlanRanking
	}
	if c.embedded && c.look.Layout == state.LayoutCard {
		return root.Body(c.renderNoJS(), &Notices{List: c.notices}, c.renderCard(),
			figureFooter(c.set.Index.Source, c.set.Index.DataVersion, c.fullURL()))
	}
	if c.embedded {
		return root.Body(
			app.H1().Class("sr-only").Text("tokenjoule: GPU energy of every model of a workload"),
			c.renderNoJS(),
			&Notices{List: c.notices},
			c.renderAnswer(),
			c.renderTable(),
			c.renderMissed(),
			c.renderControls(),
			share,
			c.renderEmbedAbout(),
		)
	}
	return root.Body(
		skipLink("Skip to the comparison's controls"),
		app.Header().Class("top").Body(
			app.Div().Class("top-row").Body(
				app.H1().Text("tokenjoule"),
				app.Div().Class("top-links").Body(
					app.A().ID("open-calc").Class(answerPart).Href(c.modelCalcURL()).Text("← The calculator"),
					// The planner plans output tokens: no plan mode for images or videos.
					slot(!c.kind().Diffusion(), func() app.UI {
						return app.A().ID("open-mode").Class(answerPart).Href(c.modeURL()).Text(c.modeWords())
					}),
					c.builder(),
				),
			),
			app.P().Class("lede").Text(c.lede()),
		),
		&UpdateBanner{},
		c.renderNoJS(),
		&Notices{List: c.notices},
		app.Div().Class("layout").Body(
			c.renderAnswer(),
			c.renderControls(),
		),
		share,
		c.renderTable(),
		c.renderMissed(),
		app.Figure().Class("chart card scatter "+answerPart).Body(
			app.H2().Text(titleParams),
			&Chart{ID: chartParams, Option: c.scatter, Label: charts.DescribeEnergyParams(c.rk, c.q.Model)},
			renderChartNoJS(),
			app.FigCaption().Text(c.scatterCaption()),
		),
		// The calculator's footer: with no result, it names the dataset's
		// source and caveat, which every model shares.
		(&calc{set: c.set}).renderFooter(),
	)
}

// builder is the Embed button and its dialog, for the ranking by a volume
// or, in plan mode, planned.
func (c *Compare) builder() app.UI {
	b := &Builder{Query: c.q, Ranking: c.rk, Bars: c.bars, Footprint: c.foot.fp}
	if c.planning {
		b.Planned = c.prk
	}
	return b
}

// renderControls is the inputs: the calculator's, less the model, which
// this page ranks, and with the workload's GPUs.
func (c *Compare) renderControls() app.UI {
	if c.look.Hidden.All() {
		return nil
	}
	q := c.q
	var only *data.Kind
	if c.planning {
		only = data.Tokens // the planner plans tokens
	}
	tasks, gpus := taskOptions(c.set, q.Task, only), []app.UI(nil)
	wgpus := c.rk.Workload.GPUs()
	gpus = append(gpus, option(data.AnyGPU, gpuOption(wgpus)+" for each", q.GPU == data.AnyGPU))
	for _, g := range wgpus {
		gpus = append(gpus, option(g, g, q.GPU == g))
	}
	show := func(param string, f func() app.UI) app.UI { return app.If(!c.look.Hidden.Has(param), f) }
	var back app.UI
	if !c.embedded {
		back = backButton()
	}
	return inputsCard(
		back,
		show(state.ParamTask, func() app.UI {
			return field("task", "Task (workload)", app.Select().ID("task").OnChange(c.onParam(state.ParamTask)).Body(tasks...))
		}),
		show(state.ParamGPU, func() app.UI {
			return app.Div().Class("field").Body(
				app.Div().Class("label-row").Body(app.Label().For("gpu").Text("GPU"), explain(termGPUs)),
				app.Select().ID("gpu").OnChange(c.onParam(state.ParamGPU)).Body(gpus...),
			)
		}),
		show(state.ParamDeadline, func() app.UI {
			return deadlineField(c.kind(), q.DeadlineMS, c.deadlineText, c.deadlineErr, c.embedded, c.onDeadlineSlider, c.onDeadlineKey, c.onDeadlineText)
		}),
		// An image or video workload has one latency per batch: no percentile.
		app.If(!c.look.Hidden.Has(state.ParamPercentile) && !c.kind().Diffusion(), func() app.UI {
			return percentileField(q.Percentile, c.embedded, c.onParam(state.ParamPercentile))
		}),
		show(state.ParamTokens, func() app.UI {
			if c.planning {
				return c.tin.render(c.onTraffic, c.onRatePreset)
			}
			return tokensField(c.kind(), c.tokensText, c.tokensErr, c.onTokens, c.onPreset)
		}),
		c.renderFootprintInputs(),
	)
}

// ranked are the models that meet the deadline, in rank order; missed are
// those that miss it, unmeasured those never measured on the GPU.
func (c *Compare) groups() (ranked, missed, unmeasured []*data.Ranked) {
	for i := range c.rk.Models {
		r := &c.rk.Models[i]
		switch r.Status() {
		case data.Meets:
			ranked = append(ranked, r)
		case data.MissesDeadline:
			missed = append(missed, r)
		default:
			unmeasured = append(unmeasured, r)
		}
	}
	return ranked, missed, unmeasured
}

// renderAnswer is the question, the answer in words, and the bars.
func (c *Compare) renderAnswer() app.UI {
	if c.planning {
		return c.renderPlanAnswer()
	}
	q, k := c.q, c.kind()
	ranked, _, _ := c.groups()
	measured, models := c.rk.Measured()
	question := fmt.Sprintf("Energy for %s of each model of %s on %s, with %s",
		k.VolumeWords(q.Tokens), c.rk.Workload.Name, c.gpuWords(), data.DeadlineWords(k, q.Percentile, q.DeadlineMS))
	var answer []app.UI
	if len(ranked) == 0 {
		answer = append(answer, app.Text(fmt.Sprintf("None of the %d %s meets the deadline: each one's smallest deadline is listed below.", measured, models)))
	} else {
		first, last := ranked[0], ranked[len(ranked)-1]
		e0 := first.Result.Estimate.EnergyWh
		// Text after an element begins with a word or a dash: prerendered,
		// go-app puts a line break between them, read as a space.
		answer = append(answer,
			app.Strong().ID("meets-count").Text(fmt.Sprintf("%d of %d", len(ranked), measured)),
			app.Text(" "+models+" meet the deadline. The least energy: "),
			app.Strong().ID("least").Text(first.Entry.Name+", "+data.FormatEnergy(e0)),
		)
		if len(ranked) > 1 {
			answer = append(answer, app.Text(fmt.Sprintf(" – the most: %s, %s (%s times as much).", last.Entry.Name,
				data.FormatEnergy(last.Result.Estimate.EnergyWh), data.FormatRatio(last.Result.Estimate.EnergyWh/e0))))
		}
	}
	rows := barRows(len(ranked))
	// Only the answer in words is announced when it changes, not the chart.
	body := append(c.renderPending(c.set),
		app.P().ID("question").Class("question").Text(question),
		app.P().ID("answer").Class("answer").Role("status").Body(answer...),
		app.P().ID("floor").Class("floor").Text(c.floorWords("GPU energy only, a floor: host, network, cooling and idle time are not counted.")),
		app.If(!c.embedded && !c.look.Hidden.All(), func() app.UI { return editButton("task") }),
		app.Figure().Class("chart bars "+rows).Body(
			app.H2().Text(titleRanking),
			&Chart{ID: chartRanking, Option: c.bars, Label: charts.DescribeRanking(c.rk)},
			renderChartNoJS(),
			app.FigCaption().Text(c.barsCaption("Each model that meets the deadline, with its most energy-efficient measured configuration that does; least energy at the top.")),
		),
	)
	return app.Section().ID("result").Class("result card").TabIndex(-1).Aria("labelledby", "question").Body(body...)
}

// barRows is the class that sizes the bars' chart for n bars.
func barRows(n int) string {
	switch {
	case n <= 6:
		return "rows-s"
	case n <= 12:
		return "rows-m"
	}
	return "rows-l"
}

// The keys of the table's columns the page treats apart: the rank, its
// order by default, and the model, whose name is a link.
const (
	colRank  = "rank"
	colModel = "model"
)

// table is the ranking as the page draws it and downloads it: by a volume,
// or planned.
func (c *Compare) table() *export.Table {
	if c.planning {
		return export.PlanCompareTable(c.prk, c.foot.fp.Factors)
	}
	return export.CompareTable(c.rk, c.foot.fp.Factors)
}

// configWords says what the table's configuration is.
func (c *Compare) configWords() string {
	if k := c.kind(); k.Diffusion() {
		return fmt.Sprintf("The configuration is the GPUs generating the %s, the batch size (how many are generated together) and how the work is split over the GPUs.", k.Items)
	}
	return "The configuration is the GPUs serving the model and its batch size limit (max_num_seqs), the most requests they handle at once."
}

// lede says what the page does, for the kind of workload it ranks.
func (c *Compare) lede() string {
	if k := c.kind(); k.Diffusion() {
		return fmt.Sprintf("Which AI model uses the least electricity to make the same %s as fast? ", k.Items) +
			"Every model of a task, ranked, each run in the most frugal way the ML.ENERGY Leaderboard measured that still meets your deadline."
	}
	return "Which AI language model uses the least electricity to write the same text as fast? " +
		"Every model of a task, ranked, each served in the most frugal way the ML.ENERGY Leaderboard measured that still meets your deadline."
}

// renderTable is the models that meet the deadline as a table, in the order
// the reader chose; every header is a button that sorts by its column, and
// says so in aria-sort. Wider than a phone, it scrolls in its own box.
func (c *Compare) renderTable() app.UI {
	t := c.table()
	ranked, cols := t.Meets(), t.Columns(export.Page)
	key := c.sortKey
	if key == "" {
		key = colRank
	}
	i := slices.IndexFunc(cols, func(col export.Column) bool { return col.ID() == key })
	if i < 0 {
		i, key = 0, colRank
	}
	rows := slices.Clone(ranked)
	slices.SortStableFunc(rows, func(a, b export.Ranked) int {
		switch {
		case cols[i].Less(a, b):
			return -1
		case cols[i].Less(b, a):
			return 1
		}
		return 0
	})
	if c.desc {
		slices.Reverse(rows)
	}
	// Each column of figures in one unit, said in its header.
	labels := make([]string, len(cols))
	units := make([]data.Unit, len(cols))
	for j, col := range cols {
		labels[j] = col.Label(export.Page)
		if u, ok := col.Unit(ranked); ok {
			units[j] = u
			// The unit whole on a line: "g CO2e" never breaks.
			labels[j] += " (" + strings.ReplaceAll(u.Name, " ", "\u00a0") + ")"
		}
	}
	heads := make([]app.UI, len(cols))
	for j, col := range cols {
		th := app.Th().Scope("col").DataSet("col", col.ID())
		mark := ""
		if col.ID() == key {
			dir := "ascending"
			mark = " ▲"
			if c.desc {
				dir, mark = "descending", " ▼"
			}
			th = th.Aria("sort", dir)
		}
		if units[j].Name != "" {
			th = th.DataSet("unit", units[j].Name)
		}
		heads[j] = th.Body(disabledUntilStart(app.Button().Type("button").ID("sort-"+col.ID()).Class("sort").
			Title("Sort by "+col.Label(export.Page)).OnClick(c.onSort(col.ID()))).Body(
			app.Text(labels[j]), app.Span().Class("sort-mark").Aria("hidden", "true").Text(mark)))
	}
	body := make([]app.UI, len(rows))
	for j, r := range rows {
		cells := make([]app.UI, len(cols))
		for k, col := range cols {
			// data-label: a phone lays a row out as lines, each named.
			td := app.Td().DataSet("col", col.ID()).DataSet("label", labels[k])
			if col.ID() == colModel {
				a := app.A().Href(c.calcURL(r.Entry.Slug)).Text(r.Entry.Name).Title(c.openWords() + r.Entry.Name)
				if c.embedded {
					a = a.Target("_blank").Rel("noopener")
				}
				cells[k] = td.Body(a)
				continue
			}
			cells[k] = td.Text(col.Page(r, units[k]))
		}
		tr := app.Tr().DataSet("model", r.Entry.Slug).Body(cells...)
		if r.Entry.Slug == c.q.Model {
			tr = tr.Class("current").Aria("current", "true")
		}
		body[j] = tr
	}
	class := "ranking card " + answerPart
	if c.planning {
		class += " planned" // a row a block of lines on a phone (web/style.css)
	}
	return app.Section().ID("ranking").Class(class).Aria("labelledby", "ranking-title").Body(
		app.H2().ID("ranking-title").Text("Ranking"),
		c.renderExample("ranking-example"),
		app.P().ID("ranking-note").Class("small").Text("The models that meet the deadline. A header sorts by its column; a model's name opens "+c.openWhere()+" with this state. "+
			c.configWords()),
		app.Div().Class("table-scroll").TabIndex(0).Role("region").Aria("label", "Ranking table, scrolls sideways").Body(
			app.Table().ID("ranking-table").Aria("describedby", "ranking-note").Body(
				app.THead().Body(app.Tr().Body(heads...)),
				app.TBody().Body(body...),
			),
		),
	)
}

// renderMissed lists the models that miss the deadline, each with the
// smallest deadline it meets and a button that sets it, and names those not
// measured on the GPU.
func (c *Compare) renderMissed() app.UI {
	_, missed, unmeasured := c.groups()
	q, k := c.q, c.kind()
	items := make([]app.UI, len(missed))
	for i, r := range missed {
		min, f := r.Result.MinDeadlineMS(), r.Result.Fastest
		a := app.A().Href(c.calcURL(r.Entry.Slug)).Text(r.Entry.Name)
		if c.embedded {
			a = a.Target("_blank").Rel("noopener")
		}
		items[i] = app.Li().ID("missed-"+r.Entry.Slug).DataSet("model", r.Entry.Slug).Body(
			a,
			app.Span().Class("small").Text(fmt.Sprintf(" (%s) gets %s at best, on %s. ",
				r.Entry.Size(), data.DeadlineWords(k, q.Percentile, min), f.BatchWords(true))),
			app.If(!c.look.Hidden.Has(state.ParamDeadline), func() app.UI {
				return disabledUntilStart(app.Button().Type("button").ID("min-deadline-" + r.Entry.Slug).Class("small-button").
					Text(setDeadlineWords(k, min)).OnClick(c.onMinDeadline(i)))
			}),
		)
	}
	var names []string
	for _, r := range unmeasured {
		names = append(names, fmt.Sprintf("%s (measured on %s)", r.Entry.Name, data.GPUChoice(r.Entry.GPUs, data.AnyGPU)))
	}
	return app.Section().ID("missed").Class("missed card "+answerPart).Aria("label", "Models that miss the deadline").
		Hidden(len(missed) == 0 && len(unmeasured) == 0).Body(
		app.If(len(missed) > 0, func() app.UI {
			return app.Div().Body(
				app.H2().Text(fmt.Sprintf("Missing the %s deadline", k.Deadline(q.DeadlineMS))),
				app.Ul().ID("missed-list").Body(items...),
			)
		}),
		app.If(len(unmeasured) > 0, func() app.UI {
			return app.P().ID("unmeasured").Text(fmt.Sprintf("Not measured on %s: %s.", q.GPU, strings.Join(names, ", ")))
		}),
	)
}

func (c *Compare) scatterCaption() string {
	s := "Each model that meets the deadline, at its selected configuration, numbered by rank as in the table; both axes are logarithmic."
	e, err := c.set.Entry(c.q.Task, c.q.Model)
	if err != nil {
		return s
	}
	for _, r := range c.rk.Models {
		if r.Entry.Slug == e.Slug && r.Status() == data.Meets {
			return s + " The diamond is " + e.Name + ", the model the link names."
		}
	}
	return s + " " + e.Name + ", the model the link names, misses the deadline and is not drawn."
}

// fullURL is the full compare page with this state.
func (c *Compare) fullURL() string {
	full := state.String(c.q)
	if c.planning {
		full += "&" + state.TrafficString(c.traffic)
	}
	return appURL("/compare", c.foot.fp.Page().AppendTo(full))
}

// renderEmbedAbout is the embed's caveat, source and citation in one line,
// and the way to the full compare page.
func (c *Compare) renderEmbedAbout() app.UI {
	return embedAbout(c.set.Index.Source, c.set.Index.Caveat, c.set.Index.DataVersion, c.fullURL(),
		"The full comparison, in a new tab", "Full comparison ↗")
}

// renderCard is the compare embed's card layout: export.CompareCard's title
// and answer, the bars of the models that meet the deadline, the caveat; in
// plan mode, export.PlanCompareCard's, and the bars of the energy a day.
func (c *Compare) renderCard() app.UI {
	card := export.CompareCardOf(c.rk, &c.set.Index)
	label := charts.DescribeRanking(c.rk)
	if c.planning {
		card, label = export.PlanCompareCardOf(c.prk, &c.set.Index), charts.DescribePlanRanking(c.prk)
	}
	ranked, _, _ := c.groups()
	body := append(c.renderPending(c.set),
		app.H1().ID("question").Class("figure-title").Text(card.Title),
		app.P().ID("figure-context").Class("figure-context").Text(card.Context),
		app.P().ID("answer").Class("figure-answer").Text(card.Answer),
		app.Figure().Class("chart bars "+barRows(len(ranked))).Body(
			&Chart{ID: chartRanking, Option: c.bars, Label: label},
			renderChartNoJS(),
		),
		app.P().ID("floor").Class("figure-caveat").Text(card.Caveat),
	)
	return app.Section().ID("result").Class("result figure").Aria("labelledby", "question").Body(body...)
}
