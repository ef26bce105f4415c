package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// Share is what a page lets people take away, under its answer: on the
// calculator the way to the compare page and the scenario as JSON; on the
// compare page the comparison as CSV and JSON; on both each chart as a PNG or
// SVG picture that carries the caveat and the citation, and "Copy summary",
// one paragraph with the figures and the permalink. Every file is made in the
// browser from the same functions as the command line's output (package
// export), so it works offline and its bytes are the command's.
type Share struct {
	app.Compo

	Query   data.Query    // the page's state; on the compare page Model is the highlighted model
	Result  *data.Result  // the calculator's answer, or nil
	Ranking *data.Ranking // the compare page's, or nil
	Planned *plan.Ranking // the compare page's in plan mode (Ranking is then its models), or nil
	Charts  []ShareChart  // the page's charts, in page order
	Compact bool          // the embed's: fewer words
	// The footprint's factors and budget, which the files, the summary and
	// the links carry.
	Footprint state.Footprint
	// Kept: rendered without its contents while the page adopts the
	// prerendered one (later), which then holds them.
	Kept bool
	// Lang is the language it speaks, Asked the one the page's URL asked
	// for, which its links keep.
	Lang, Asked lang.Tag

	status  string // what the last action did
	failed  bool   // the status is a failure
	framed  bool   // the last download was made in a frame, which may forbid it
	copyBox string // the summary, shown selected where the clipboard refused it
}

// ShareChart is a chart of the page, for its picture.
type ShareChart struct {
	ID, Title string
	Option    string // as the page draws it; for the calculator's, built from Result when asked
}

// share is the calculator's Share, one line of its full page and of its
// interactive embed (compact).
func (c *Calculator) share(compact bool) app.UI {
	if c.res == nil {
		return app.Div().Hidden(true)
	}
	s := &Share{Query: c.res.Query, Result: c.res, Compact: compact, Footprint: c.foot.fp, Kept: keeping, Lang: c.lang, Asked: c.asked}
	for i, spec := range chartSpecs {
		s.Charts = append(s.Charts, ShareChart{ID: spec.id, Title: chartTitle(c.lang, i, c.res.Kind)})
	}
	return s
}

// Size of the pictures, in CSS pixels; their height follows from the text.
const imageWidth = 960

// OnInit hands the browser a turn if the page's first render has run long.
func (s *Share) OnInit() { startTurn() }

// tr is the sentence of key in the share's language.
func (s *Share) tr(key string, vars ...string) string { return s.Lang.T(key, vars...) }

func (s *Share) Render() app.UI {
	sec := app.Section().ID("share").Class("share card").Aria("label", s.tr("share.label"))
	if s.Kept {
		return sec.DataSet("kept", true)
	}
	var body []app.UI
	if s.Result != nil && !s.Compact {
		body = append(body, app.P().Class("share-compare "+answerPart).Body(
			app.A().ID("open-compare").Class("button").Href(appURL("/compare", state.WithLang(s.Footprint.Page().AppendTo(state.String(s.Query)), s.Asked))).
				Text(s.tr("share.compare")+" →"),
			// The planner plans output tokens: not images or videos.
			slot(!s.Result.Kind.Diffusion(), func() app.UI {
				t := state.TokensAsRate(s.Query, plan.DefaultTraffic())
				volume := data.PrinterOf(s.Lang).VolumeWords(data.Tokens, t.Rate.TokensPerDay())
				words := s.tr("share.plan", "volume", volume)
				if t.Rate.TokensPerDay() < s.Query.Tokens {
					words = s.tr("share.plan.most", "volume", volume)
				}
				return app.A().ID("open-plan").Class("button").Href(appURL("/plan", state.WithLang(s.Footprint.Page().AppendTo(state.PlanString(s.Query, t)), s.Asked))).
					Text(words + " →")
			}),
		))
	}
	if s.Result != nil {
		body = append(body, s.row(s.tr("share.scenario"), s.button("download-scenario", "JSON", s.tr("share.scenario.title"), s.onScenario)))
	}
	if s.Ranking != nil {
		what := "share.comparison.title"
		if s.Planned != nil {
			what = "share.plans.title"
		}
		body = append(body, s.row(s.tr("share.comparison"),
			s.button("download-csv", "CSV", s.tr(what, "format", "CSV"), s.onComparison("csv")),
			s.button("download-json", "JSON", s.tr(what, "format", "JSON"), s.onComparison("json"))))
	}
	for i, c := range s.Charts {
		if s.Compact && i > 0 {
			break // the embed's first chart only
		}
		body = append(body, s.row(c.Title,
			s.button("png-"+c.ID, "PNG", s.tr("share.png", "title", c.Title), s.onImage(i, false)),
			s.button("svg-"+c.ID, "SVG", s.tr("share.svg", "title", c.Title), s.onImage(i, true))))
	}
	body = append(body,
		app.Div().Class("share-row").Body(s.button("copy-summary", s.tr("share.copy"), s.tr("share.copy.title"), s.onCopy)),
		app.P().ID("share-status").Class(statusClass(s.failed)).Role("status").Body(
			app.Text(s.status),
			app.If(s.framed, func() app.UI {
				return app.Span().Body(append([]app.UI{app.Text(" ")}, sentence(s.Lang, "share.framed", map[string]app.UI{
					"link": app.A().ID("share-full").Href(s.permalink()).Target("_blank").Rel("noopener").Text(s.tr("share.framed.link")),
				})...)...)
			}),
		),
		app.Textarea().ID("summary-text").Class("summary-text").ReadOnly(true).Rows(5).Spellcheck(false).
			Aria("label", s.tr("share.summary")).Hidden(s.copyBox == "").Text(s.copyBox),
	)
	return sec.Body(body...)
}

func statusClass(failed bool) string {
	if failed {
		return "small error"
	}
	return "small"
}

// row is a label and its buttons, kept together when the row wraps.
func (s *Share) row(label string, buttons ...app.UI) app.UI {
	return app.Div().Class("share-row").Body(
		app.Span().Class("share-label").Text(label),
		app.Span().Class("share-buttons").Body(buttons...),
	)
}

func (s *Share) button(id, label, title string, h app.EventHandler) app.UI {
	return disabledUntilStart(app.Button().Type("button").ID(id).Class("small-button").Title(title).Aria("label", title).Text(label).OnClick(h))
}

// page is the path of the full page the share is about, and its query.
func (s *Share) page() (path string, q data.Query) {
	if s.Ranking != nil {
		return "/compare", s.Query
	}
	return "/", s.Result.Query
}

// permalink is the absolute URL of the full page with this state, under the
// site's sub-path; the embed's share names the full page too.
func (s *Share) permalink() string {
	path, q := s.page()
	query := state.String(q)
	if s.Planned != nil {
		query += "&" + state.TrafficString(s.Planned.Traffic)
	}
	return pageOrigin() + rootPrefix() + path + "?" + state.WithLang(s.Footprint.Page().AppendTo(query), s.Asked)
}

// save offers a file and says what happened.
func (s *Share) save(name, mime string, b []byte, err error) {
	if err == nil {
		err = saveFile(name, mime, b)
	}
	s.framed = false
	if err != nil {
		s.status, s.failed = s.tr("share.failed", "name", name, "error", err.Error()), true
		return
	}
	s.status, s.failed = s.tr("share.saved", "name", name), false
	s.framed = inFrame()
}

// filename names a file after the page's question: the comparison's has no
// model, the planned comparison's has a traffic.
func (s *Share) filename(ext string) string {
	switch {
	case s.Planned != nil:
		return export.PlanCompareFilename(s.Planned, ext)
	case s.Ranking != nil:
		return export.Filename(s.Ranking.Query, ext)
	}
	return export.Filename(s.Result.Query, ext)
}

func (s *Share) onScenario(ctx app.Context, e app.Event) {
	b, err := export.ScenarioJSONIn(data.PrinterOf(s.Lang), s.Footprint.Factors, s.Result, footprintFields(s.Result, s.Footprint)...)
	s.save(export.Filename(s.Result.Query, "json"), "application/json", b, err)
}

// onComparison saves the comparison, with the footprint's columns, as the
// command line's compare prints them with the same flags: the table the
// page draws (export.CompareTable, export.PlanCompareTable).
func (s *Share) onComparison(ext string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		name := s.filename(ext)
		if p := s.Planned; p != nil {
			if ext == "csv" {
				s.save(name, "text/csv", export.PlanCompareCSV(p, s.Footprint.Factors), nil)
				return
			}
			b, err := export.PlanCompareJSON(p, s.Footprint.Factors)
			s.save(name, "application/json", b, err)
			return
		}
		if ext == "csv" {
			s.save(name, "text/csv", export.CompareCSV(s.Ranking, s.Footprint.Factors), nil)
			return
		}
		b, err := export.CompareJSON(s.Ranking, s.Footprint.Factors)
		s.save(name, "application/json", b, err)
	}
}

// onImage saves the i-th chart as a picture with its title, the question,
// the caveat, the source and citation, and the permalink in it. The chart is
// looked up when clicked: go-app keeps the first handler of a node made by
// the same function, so a handler must not hold what changes.
func (s *Share) onImage(i int, svg bool) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		whenECharts(echartsSrc(ctx), func(error) {
			ctx.Dispatch(func(ctx app.Context) { s.saveImage(i, svg) })
		})
	}
}

// saveImage saves the i-th chart's picture, once ECharts has loaded (if it
// could not, renderChart says so).
func (s *Share) saveImage(i int, svg bool) {
	c := s.Charts[i]
	ext, mime := "png", "image/png"
	if svg {
		ext, mime = "svg", "image/svg+xml"
	}
	name := s.filename(strings.TrimPrefix(c.ID, "chart-") + "." + ext)
	option, err := []byte(c.Option), error(nil)
	if c.Option == "" && s.Result != nil {
		option, err = chartSpecs[chartSpec(c.ID)].build(data.PrinterOf(s.Lang), s.Result)
	}
	height := 0
	if err == nil {
		option, height, err = charts.ForImage(option, s.image(c))
	}
	var b []byte
	if err == nil {
		b, err = renderChart(string(option), imageWidth, height, svg)
	}
	s.save(name, mime, b, err)
}

// image is what goes around a chart in its picture.
func (s *Share) image(c ShareChart) charts.Image {
	idx := &s.source().Index
	src, caveat := idx.Source, idx.Caveat
	switch {
	case s.Result != nil:
		src, caveat = s.Result.Model.Source, s.Result.Model.Caveat
	case s.Planned != nil:
		caveat = plan.Caveat
	}
	subtitle, footer := s.question(), []string{
		"Boundary: " + export.Boundary(idx.Boundary) + ". " + caveat,
		fmt.Sprintf("Data: %s %s (%s). Cite: %s.", src.Name, src.Version, src.URL, src.Cite),
	}
	if s.Lang != lang.EN && s.Lang != "" {
		// The picture in the page's language, but for the chart's own title.
		subtitle = s.questionIn(data.PrinterOf(s.Lang))
		boundary := export.Boundary(idx.Boundary)
		if idx.Boundary == "gpu_only" {
			boundary = s.tr("summary.gpu-only")
		}
		switch caveat {
		case lang.EN.T("footer.caveat"):
			caveat = s.tr("footer.caveat")
		case plan.Caveat:
			caveat = s.tr("plan.caveat")
		}
		v, _, _ := strings.Cut(src.Version, " ")
		footer = []string{s.tr("picture.boundary", "boundary", boundary, "caveat", caveat),
			s.tr("picture.data", "data", src.Name+" "+v, "url", src.URL, "cite", src.Cite)}
	}
	return charts.Image{
		Title:    "tokenjoule: " + c.Title,
		Subtitle: subtitle,
		Footer:   footer,
		Link:     s.permalink(),
		Width:    imageWidth,
	}
}

// question is the page's question in one line, for a picture's subtitle.
func (s *Share) question() string {
	set := s.source()
	q := s.Query
	wl, _ := set.Workload(q.Task)
	name := q.Task
	if wl != nil {
		name = wl.Name
	}
	k := data.TaskKind(q.Task)
	deadline := fmt.Sprintf("%s ITL ≤ %s", q.Percentile, data.FormatMS(q.DeadlineMS))
	if k.Diffusion() {
		deadline = "each ready within " + k.Deadline(q.DeadlineMS)
	}
	if r := s.Result; r != nil {
		return fmt.Sprintf("%s on %s: %s, %s, %s", r.Model.Name, name, k.VolumeWords(q.Tokens),
			data.GPUChoice(r.Model.GPUs, q.GPU), deadline)
	}
	gpus := []string(nil)
	if wl != nil {
		gpus = wl.GPUs()
	}
	volume := k.VolumeWords(q.Tokens)
	if s.Planned != nil {
		t := s.Planned.Traffic
		volume = fmt.Sprintf("planned for %s output tokens a day, a peak of %s×", plan.FormatCount(t.Rate.TokensPerDay()), data.FormatNumber(t.Peak))
	}
	return fmt.Sprintf("Every model of %s: %s, %s, %s", name, volume, data.GPUChoice(gpus, q.GPU), deadline)
}

// questionIn is question in p's language.
func (s *Share) questionIn(p data.Printer) string {
	q, k := s.Query, data.TaskKind(s.Query.Task)
	if r := s.Result; r != nil {
		return p.T("picture.question", "model", r.Model.Name, "workload", p.T("workload."+q.Task),
			"volume", p.VolumeWords(r.Kind, q.Tokens), "gpus", p.GPUChoice(r.Model.GPUs, q.GPU),
			"deadline", p.DeadlineWords(r.Kind, q.Percentile, q.DeadlineMS))
	}
	var gpus []string
	if wl, _ := s.source().Workload(q.Task); wl != nil {
		gpus = wl.GPUs()
	}
	volume := p.VolumeWords(k, q.Tokens)
	if s.Planned != nil {
		t := s.Planned.Traffic
		volume = p.T("picture.planned", "tokens", plan.CountWordsIn(p, t.Rate.TokensPerDay()), "peak", p.Number(t.Peak))
	}
	return p.T("picture.compare", "workload", p.T("workload."+q.Task), "volume", volume, "gpus", p.GPUChoice(gpus, q.GPU),
		"deadline", p.DeadlineWords(k, q.Percentile, q.DeadlineMS))
}

// source is the dataset, loaded by the page before it rendered this.
func (s *Share) source() *data.Set {
	set, _ := dataset()
	return set
}

// onCopy copies the summary; where the browser refuses, the summary is shown
// selected for the reader to copy.
func (s *Share) onCopy(ctx app.Context, e app.Event) {
	var text string
	switch {
	case s.Result != nil:
		text = export.SummaryIn(data.PrinterOf(s.Lang), s.Result, s.Footprint.Factors, s.permalink())
	case s.Planned != nil:
		text = export.PlanCompareSummaryIn(data.PrinterOf(s.Lang), s.Planned, &s.source().Index, s.Footprint.Factors, s.permalink())
	default:
		text = export.CompareSummaryIn(data.PrinterOf(s.Lang), s.Ranking, &s.source().Index, s.Footprint.Factors, s.permalink())
	}
	s.status, s.failed, s.framed, s.copyBox = "", false, false, ""
	copyText(text, func(reason string) {
		ctx.Dispatch(func(app.Context) {
			if reason == "" {
				s.status = s.tr("share.copied")
				return
			}
			s.copyBox, s.failed = text, true
			s.status = s.tr("share.refused", "reason", reason)
			ctx.Defer(func(app.Context) { selectText("summary-text") })
		})
	})
}
