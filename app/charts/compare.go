package charts

// The compare page's two charts, from a data.Ranking: every model that meets
// the deadline as a bar of its energy for the volume, and as a point of its
// energy per token against its active parameters. The model the page
// highlights (a slug) is drawn in the selected colour.

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// Names of the compare charts' series. The highlighted model's says why it
// is: the page highlights only a model its link names.
// The pages give them in their language; these are the English.
var (
	SeriesEnergy      = lang.EN.T("chart.series.energy")
	SeriesModels      = lang.EN.T("chart.series.models")
	SeriesHighlighted = lang.EN.T("chart.series.named")
)

// Ranking is the ranking as horizontal bars, least energy at the top: the
// energy for the volume of every model that meets the deadline, in the unit
// that reads best for the largest, each bar labelled with its energy as the
// table writes it. Models that miss the deadline have no bar.
// Its words and figures are in p's language.
func Ranking(p data.Printer, rk *data.Ranking, highlight string) ([]byte, error) {
	var bs []bar
	for _, r := range meeting(rk) {
		wh := r.Result.Estimate.EnergyWh
		bs = append(bs, bar{r.Entry.Name, wh, p.Energy(wh), r.Entry.Slug == highlight})
	}
	return bars(p, bs, p.T("col.energy", "volume", volumeWords(p, rk.Workload.Kind(), rk.Query.Tokens)))
}

// volumeWords is a volume as a chart's axis says it, without "output":
// "1M tokens", "1 M tokens", "100 images".
func volumeWords(p data.Printer, k *data.Kind, v float64) string {
	if k.Diffusion() {
		return p.VolumeWords(k, v)
	}
	if v == 1 {
		return "1 " + p.T("chart.token")
	}
	return p.Volume(v) + " " + p.T("chart.tokens")
}

// bar is one model's bar: its name, its energy in Wh, its label, and
// whether it is the highlighted model.
type bar struct {
	name      string
	wh        float64
	label     string
	highlight bool
}

// bars draws bs as horizontal bars, the first at the top, on an axis named
// axis and the unit that reads best for the largest; each bar's tooltip
// gives its value in that unit, in p's language.
func bars(p data.Printer, bs []bar, axis string) ([]byte, error) {
	highlightName := p.T("chart.series.named")
	var (
		names  []string
		values []opts.BarData
		most   float64
	)
	for _, b := range bs {
		most = max(most, b.wh)
	}
	unit, scale := energyUnit(most)
	// The highlighted model's bar is drawn again over its own, alone in a
	// series whose legend entry says why it is highlighted.
	var picked []opts.BarData
	for _, b := range bs {
		d := opts.BarData{Name: b.name, Value: sig4(b.wh / scale),
			Label: &opts.Label{Show: opts.Bool(true), Position: "right", Formatter: b.label}}
		p := opts.BarData{Name: b.name, Value: "-"}
		if b.highlight {
			d.ItemStyle = &opts.ItemStyle{Color: selectedColor}
			p.Value = d.Value
			p.ItemStyle = d.ItemStyle
			picked = append(picked, p)
		} else {
			picked = append(picked, p)
		}
		names = append(names, b.name)
		values = append(values, d)
	}
	highlighted := slices.ContainsFunc(picked, func(d opts.BarData) bool { return d.Value != "-" })
	top := "8"
	if highlighted {
		top = "32" // the legend's row
	}
	c := charts.NewBar()
	c.SetGlobalOptions(
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: fmt.Sprintf("%s (%s)", axis, unit),
			NameLocation: "middle", NameGap: 28}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true)}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(highlighted), Top: "0", Data: []string{highlightName}}),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: strconv.Itoa(labelRoom(bs, most)), Top: top, Bottom: "36", ContainLabel: opts.Bool(true)}),
		charts.WithAnimation(false),
	)
	c.SetXAxis(names).XYReversal()
	c.AddSeries(p.T("chart.series.energy"), values, charts.WithItemStyleOpts(opts.ItemStyle{Color: palette[0]}))
	if highlighted {
		c.AddSeries(highlightName, picked, charts.WithItemStyleOpts(opts.ItemStyle{Color: selectedColor}),
			charts.WithBarChartOpts(opts.BarChart{BarGap: "-100%"}))
	}
	b, err := finishPlain(c, p)
	if err != nil {
		return nil, err
	}
	// Bars as thick as a line of text, however few the models; on a phone,
	// names wrap in a narrower column, so that the bars keep some length
	// (ECharts' media queries, on the chart's own width).
	return edit(b, func(o map[string]any) {
		for _, s := range list(o["series"]) {
			s["barMaxWidth"] = 22
			// The figure as the language writes it: ECharts' {c} would
			// write it the English way.
			for _, d := range list(s["data"]) {
				if v, ok := d["value"].(float64); ok {
					d["tooltip"] = map[string]any{"formatter": fmt.Sprint(d["name"]) + ": " + p.Number(v) + " " + unit}
				}
			}
		}
		for _, l := range list(o["legend"]) {
			l["selectedMode"] = false // a key: nothing to switch
		}
		// The energy axis has fewer ticks on a phone, whose plot the names
		// leave narrow: "100150200" ran together.
		sized := func(font, width int, overflow string, ticks int) map[string]any {
			return map[string]any{
				"xAxis":  map[string]any{"splitNumber": ticks},
				"yAxis":  map[string]any{"axisLabel": map[string]any{"width": width, "overflow": overflow, "fontSize": font, "lineHeight": font + 2}},
				"series": []any{map[string]any{"label": map[string]any{"fontSize": font}}},
			}
		}
		base := maps.Clone(o)
		clear(o)
		o["baseOption"] = base
		// The rule without a query applies when the other does not: ECharts
		// would otherwise keep the narrow one after the chart widens.
		o["media"] = []any{
			map[string]any{"query": map[string]any{"maxWidth": 520}, "option": sized(narrowFont, narrowNameWidth(names), "break", 3)},
			map[string]any{"option": sized(12, 240, "none", 5)},
		}
	})
}

// narrowFont is the size of the names and labels of bars on a phone.
const narrowFont = 10

// narrowNameWidth is the width of the names' column on a phone: 96 px, or
// as much more (up to 160) as keeps every name to two lines, which the
// charts' heights give each bar room for; a third ran into the next name.
func narrowNameWidth(names []string) int {
	w := 96
	for ; w < 160; w += 8 {
		if !slices.ContainsFunc(names, func(n string) bool { return wrappedLines(n, float64(w), narrowFont) > 2 }) {
			break
		}
	}
	return w
}

// wrappedLines is how many lines name takes broken at its spaces, as
// ECharts' "break" does, into lines width px wide at fontSize px.
func wrappedLines(name string, width, fontSize float64) int {
	lines, line := 1, ""
	for _, word := range strings.Fields(name) {
		next := word
		if line != "" {
			next = line + " " + word
		}
		if w, _ := LabelSize(next, fontSize, 0, 0, 0); line != "" && w > width {
			lines++
			next = word
		}
		line = next
	}
	return lines
}

// labelRoom is the room on the right of the bars for their labels, in px:
// a label past its bar's end reaches beyond the plot by its width less the
// plot's room after the bar, on a plot as narrow as a phone's.
func labelRoom(bs []bar, most float64) int {
	const plot, gap = 160.0, 5.0
	room := 72.0
	for _, b := range bs {
		room = max(room, gap+textWidth(b.label)-(1-b.wh/most)*plot)
	}
	return int(math.Ceil(room))
}

// EnergyParams is energy per token against active parameters, both on log
// axes, one point per model that meets the deadline, labelled with its rank;
// the highlighted model is a series of its own (go-echarts' scatter items
// carry no style), labelled with its name too.
// Its words and figures are in p's language.
func EnergyParams(p data.Printer, rk *data.Ranking, highlight string) ([]byte, error) {
	var points, picked []opts.ScatterData
	k := rk.Workload.Kind()
	models, highlightName, per := p.T("chart.series.models"), p.T("chart.series.named"), p.T("chart.per."+k.Item)
	for i, r := range meeting(rk) {
		j := sig4(r.Result.Selected.Joules())
		d := opts.ScatterData{Name: r.Entry.Name,
			Value: []any{float64(r.Entry.ActiveParams), j, r.Entry.SizeIn(p), i + 1, p.Number(j)}}
		if r.Entry.Slug == highlight {
			picked = append(picked, d)
		} else {
			points = append(points, d)
		}
	}
	// The y axis' name sits above the plot, below the legend's row, from
	// the axis rightward: centred on the axis, it ran into the legend.
	top := legendHeight(items(models, highlightName), narrowest) - legendPad + nameBand
	c := charts.NewScatter()
	c.SetGlobalOptions(
		charts.WithXAxisOpts(opts.XAxis{Type: "log", Name: p.T("chart.params.x"), NameLocation: "middle", NameGap: 28}),
		charts.WithYAxisOpts(opts.YAxis{Type: "log", Name: "J / " + per, NameGap: 12}),
		// {@[n]} is the item's n-th value: the size in words, the rank, J/token
		// in the language's format.
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item", Formatter: types.FuncStr("{@[3]}. {b}\n{@[4]} J/" + per + " · {@[2]}")}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "0"}),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "24", Top: strconv.Itoa(int(top)), Bottom: "36", ContainLabel: opts.Bool(true)}),
		charts.WithAnimation(false),
	)
	c.AddSeries(models, points,
		charts.WithItemStyleOpts(opts.ItemStyle{Color: palette[0], Opacity: opts.Float(1)}),
		// Points are numbered with their rank, the table's #: names would
		// run into each other. The page places each label clear of the
		// others and of the points (Place), or hides it.
		charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{@[3]}", FontSize: 11}))
	if len(picked) > 0 {
		c.AddSeries(highlightName, picked,
			charts.WithScatterChartOpts(opts.ScatterChart{Symbol: "diamond", SymbolSize: 18}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: selectedColor, BorderColor: "#fff", BorderWidth: 2, Opacity: opts.Float(1)}),
			charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "right", Formatter: "{@[3]}. {b}", FontWeight: "bold"}))
	}
	b, err := finishPlain(c, p)
	if err != nil {
		return nil, err
	}
	// Each label's text in its item, as the page's placement reads it; the
	// highlighted model's name gives way to its rank alone where it would
	// sit as near another point as its own (see Place).
	return edit(b, func(o map[string]any) {
		for _, y := range list(o["yAxis"]) {
			y["nameTextStyle"] = map[string]any{"align": "left"}
		}
		for _, s := range list(o["series"]) {
			for _, d := range list(s["data"]) {
				v, _ := d["value"].([]any)
				if len(v) < 4 {
					continue
				}
				rank := fmt.Sprint(v[3])
				l := map[string]any{"formatter": rank}
				if s["name"] == highlightName {
					l["formatter"], l["short"] = rank+". "+fmt.Sprint(d["name"]), rank
				}
				d["label"] = l
			}
		}
	})
}

// edit applies f to an option's JSON, for what go-echarts cannot express.
func edit(option []byte, f func(o map[string]any)) ([]byte, error) {
	o, err := decodeObject(option)
	if err != nil {
		return nil, err
	}
	f(o)
	return json.Marshal(o)
}

// list is a JSON array of objects, or an object alone, as an option may
// give a component; anything else is skipped.
func list(v any) []map[string]any {
	if m, ok := v.(map[string]any); ok {
		return []map[string]any{m}
	}
	var out []map[string]any
	a, _ := v.([]any)
	for _, e := range a {
		if m, ok := e.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// meeting is the models of a ranking that meet its deadline, in rank order.
func meeting(rk *data.Ranking) []*data.Ranked {
	var out []*data.Ranked
	for i := range rk.Models {
		if r := &rk.Models[i]; r.Status() == data.Meets {
			out = append(out, r)
		}
	}
	return out
}

// energyUnit is the unit data.FormatEnergy writes wh in, and its size in Wh.
func energyUnit(wh float64) (string, float64) {
	f := strings.Fields(data.FormatEnergy(wh))
	scale := map[string]float64{"mWh": 1e-3, "Wh": 1, "kWh": 1e3, "MWh": 1e6, "GWh": 1e9}
	if len(f) == 2 {
		if s, ok := scale[f[1]]; ok {
			return f[1], s
		}
	}
	return "Wh", 1
}

// sig4 rounds v to four significant digits, as the page writes figures: the
// chart's tooltips then show what the table shows.
func sig4(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return f
}

// finishPlain is commonOption's JSON, its axes' figures in pr's language,
// with x labels that give way rather than overlap. (The calculator's charts
// are laid out per width by finish; these need no frame.)
func finishPlain(c chart, pr data.Printer) ([]byte, error) {
	o, err := commonOption(c, pr)
	if err != nil {
		return nil, err
	}
	if xs, ok := o["xAxis"].([]any); ok && len(xs) > 0 {
		if x, ok := xs[0].(map[string]any); ok {
			x["axisLabel"] = map[string]any{"hideOverlap": true}
		}
	}
	return json.Marshal(o)
}
