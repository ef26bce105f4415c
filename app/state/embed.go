package state

import (
	"slices"
	"strconv"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The embed's parameters besides the calculation's: how it is laid out,
// which chart the chart layout shows, its colours, and (ParamHide) the
// controls it hides. The full pages ignore them.
const (
	ParamLayout = "layout"
	ParamChart  = "chart"
	ParamTheme  = "theme"
	// ParamMade and ParamMadeWh record, in a card's snippet, the version of
	// the data it was made with (data.Index.DataVersion, an ISO date) and
	// the energy its figure read then, in Wh: the card says when the data
	// have changed its figure since (export.Updated).
	ParamMade   = "made"
	ParamMadeWh = "made_wh"
)

// EmbedParams lists the embed's parameters in the order EmbedString writes
// them, after the calculation's.
var EmbedParams = []string{ParamLayout, ParamChart, ParamTheme, ParamHide, ParamMade, ParamMadeWh}

// The embed's layouts: the values of ParamLayout.
const (
	// LayoutInteractive, the default, is the compact calculator; a URL
	// says it by leaving ParamLayout out, or as "interactive".
	LayoutInteractive = ""
	LayoutCard        = "card"  // a figure for an article: the answer, a comparison, the source
	LayoutChart       = "chart" // one of the calculator's charts (ParamChart)
)

// The layouts the calculator's embed (and the plan's) and the compare
// embed offer, the default first.
var (
	CalcLayouts    = []string{LayoutInteractive, LayoutCard, LayoutChart}
	CompareLayouts = []string{LayoutInteractive, LayoutCard}
)

// Charts are the values of ParamChart, the charts of the calculator in page
// order; the first is the chart layout's default.
var Charts = []string{"latency", "batch", "power"}

// PlanCharts are the values of ParamChart in the plan's embed (/embed/plan),
// its two charts in page order: energy a day and GPUs against the deadline.
var PlanCharts = []string{"energy", "gpus"}

// Themes are the values of ParamTheme besides "", the reader's setting.
var Themes = []string{"light", "dark"}

// Embed is how an embed shows its calculation. The zero value is the
// default: the interactive layout, in the reader's colours, every control
// shown.
type Embed struct {
	Layout string // LayoutInteractive, LayoutCard or LayoutChart
	Chart  string // with LayoutChart, one of the page's charts (Charts, PlanCharts); "" otherwise
	Theme  string // "", or one of Themes
	Hidden Hidden
	Made   string  // the data version the card was made with, or ""
	MadeWh float64 // the energy its figure read then, in Wh; 0 with Made ""
	// Lang is the language the embed was asked in (ParseLang), kept in its
	// snippet; "" for the reader's.
	Lang lang.Tag
}

// layoutName is a layout as the URL writes it, and as notices name it.
func layoutName(l string) string {
	if l == LayoutInteractive {
		return "interactive"
	}
	return l
}

// ParseEmbed reads the embed's parameters for a page that offers layouts
// (the compare embed has no chart layout) and, with the chart layout, the
// calculator's Charts. A refused value falls back to the default, with a
// Notice naming it and what is accepted; ParamChart counts only with the
// chart layout, whose default chart is Charts[0].
func ParseEmbed(v Values, layouts []string) (Embed, []Notice) {
	e, notices := parseLook(v, layouts, Charts)
	var hn []Notice
	e.Hidden, hn = ParseHidden(v)
	return e, append(notices, hn...)
}

// ParsePlanEmbed reads the plan embed's parameters as ParseEmbed reads the
// calculator's: every layout, its PlanCharts, and its controls to hide
// (ParsePlanHidden).
func ParsePlanEmbed(v Values) (Embed, []Notice) {
	e, notices := parseLook(v, []string{LayoutInteractive, LayoutCard, LayoutChart}, PlanCharts)
	var hn []Notice
	e.Hidden, hn = ParsePlanHidden(v)
	return e, append(notices, hn...)
}

// parseLook reads the layout, the chart (one of charts) and the theme.
func parseLook(v Values, layouts, charts []string) (Embed, []Notice) {
	var (
		e       Embed
		notices []Notice
	)
	// accepted are the values, or with a key (why.made), a form and an
	// example; fallback is said by its key fallback[0] and its variables.
	refuse := func(param, value string, accepted []string, key string, fallback ...string) {
		why := func(t lang.Tag) string { return t.T("why.use", "list", orList(t, accepted)) }
		if len(accepted) == 1 {
			form, example, _ := strings.Cut(accepted[0], "=")
			accepted[0] = lang.EN.T(form, "example", example)
			why = func(t lang.Tag) string { return t.T("why.use", "list", t.T(form, "example", example)) }
		}
		notices = append(notices, Notice{Param: param, Value: data.Excerpt(value),
			Message: misread(param, value, "use "+data.OrList(accepted), lang.EN.T(key, fallback...)),
			Say: func(t lang.Tag) string {
				return t.T("notice.refused", "param", param, "value", data.Quote(value), "why", why(t), "fallback", t.T(key, fallback...))
			}})
	}
	match := func(s string, among []string) (string, bool) {
		i := slices.IndexFunc(among, func(x string) bool { return strings.EqualFold(x, strings.TrimSpace(s)) })
		if i < 0 {
			return "", false
		}
		return among[i], true
	}
	if s, ok := first(v, ParamLayout); ok {
		names := make([]string, len(layouts))
		for i, l := range layouts {
			names[i] = layoutName(l)
		}
		if n, ok := match(s, names); ok {
			e.Layout = layouts[slices.Index(names, n)]
		} else {
			refuse(ParamLayout, s, names, "notice.fallback.interactive")
		}
	}
	if s, ok := first(v, ParamChart); ok {
		c, ok := match(s, charts)
		if !ok {
			refuse(ParamChart, s, charts, "notice.fallback.chart", "chart", charts[0])
		}
		if e.Layout == LayoutChart {
			e.Chart = c
		}
	}
	if e.Layout == LayoutChart && e.Chart == "" {
		e.Chart = charts[0]
	}
	if s, ok := first(v, ParamTheme); ok {
		if t, ok := match(s, Themes); ok {
			e.Theme = t
		} else {
			refuse(ParamTheme, s, Themes, "notice.fallback.theme")
		}
	}
	// The record of the card as embedded counts only whole: a date and an
	// energy; a refused one drops both, and the card says nothing of it.
	made, okMade := first(v, ParamMade)
	wh, okWh := first(v, ParamMadeWh)
	whv, err := strconv.ParseFloat(strings.TrimSpace(wh), 64)
	goodWh := err == nil && whv > 0 && whv < 1e18
	if okMade && !isoDate(made) {
		refuse(ParamMade, made, []string{"why.made=2026-09-27"}, "notice.fallback.record")
	}
	if okWh && !goodWh {
		refuse(ParamMadeWh, wh, []string{"why.made-wh=222500"}, "notice.fallback.record")
	}
	if isoDate(made) && goodWh {
		e.Made, e.MadeWh = made, whv
	}
	return e, notices
}

// orList joins values as "a, b or c" in t's words.
func orList(t lang.Tag, values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return t.T("gpus.or", "list", strings.Join(values[:len(values)-1], ", "), "last", values[len(values)-1])
}

// isoDate tells whether s is a date written YYYY-MM-DD.
func isoDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, c := range s {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// Record is the query string of e's record of the card as embedded
// (ParamMade, ParamMadeWh), or "" for none.
func (e Embed) Record() string {
	if e.Made == "" {
		return ""
	}
	return ParamMade + "=" + queryEscape(e.Made) + "&" + ParamMadeWh + "=" + strconv.FormatFloat(e.MadeWh, 'f', -1, 64)
}

// MadeWith records in e the data version a card is made with and its
// figure's energy, rounded to the four digits a card shows.
func (e Embed) MadeWith(version string, wh float64) Embed {
	if wh > 0 {
		r, _ := strconv.ParseFloat(strconv.FormatFloat(wh, 'g', 4, 64), 64)
		e.Made, e.MadeWh = version, r
	}
	return e
}

// String is the query string of e's parameters that differ from the
// default, in EmbedParams' order, as ParseEmbed reads them back to e; "" for
// the default.
func (e Embed) String() string { return e.string(e.Hidden.String()) }

// string is String with hide, the value of ParamHide as the page names
// its controls.
func (e Embed) string(hide string) string {
	var parts []string
	if e.Layout != LayoutInteractive {
		parts = append(parts, ParamLayout+"="+queryEscape(e.Layout))
	}
	if e.Layout == LayoutChart && e.Chart != "" {
		parts = append(parts, ParamChart+"="+queryEscape(e.Chart))
	}
	if e.Theme != "" {
		parts = append(parts, ParamTheme+"="+queryEscape(e.Theme))
	}
	if hide != "" {
		// Names and commas only: nothing to escape, and "task,model" reads
		// better in a snippet than "task%2Cmodel".
		parts = append(parts, ParamHide+"="+hide)
	}
	if r := e.Record(); r != "" {
		parts = append(parts, r)
	}
	return WithLang(strings.Join(parts, "&"), e.Lang)
}

// EmbedString is the embed's query string: String(q), then e's parameters,
// hide naming the volume's control as q's workload counts it.
func EmbedString(q data.Query, e Embed) string {
	s := String(q)
	if es := e.string(e.Hidden.names(data.TaskKind(q.Task).Param)); es != "" {
		s += "&" + es
	}
	return s
}
