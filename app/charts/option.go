package charts

// What every chart's option shares, and the calculator's charts' frame laid
// into it: the options go-echarts cannot express.

import (
	"encoding/json"
	"fmt"
	"maps"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// NumbersKey names, in the base of a chart's option, the language in which
// the figures ECharts writes itself (the ticks of its value and log axes)
// are to be written. ECharts writes them the English way ("1,000", "0.5"),
// and an option's JSON cannot carry the function that would write them
// otherwise: the page gives those axes a formatter calling AxisLabelIn. An
// English option names none, and is drawn as ECharts writes it.
const NumbersKey = "tokenjouleNumbers"

// AxisLabelIn writes v as ECharts writes a value or log axis' tick label,
// in t's way: "1 000" and "0,5" in French, "1000" but "10.000" in Spanish.
func AxisLabelIn(t lang.Tag, v float64) string { return t.Number(axisLabel(v)) }

// commonOption validates c and returns its option as a map, with what every chart
// of the site shares and go-echarts cannot express: a transparent background
// so the page's light or dark colour shows through, the site's font, item
// tooltips that break lines at "\n", in a box legible on either background,
// and the language of its axes' figures (NumbersKey) unless it is English.
func commonOption(c chart, pr data.Printer) (map[string]any, error) {
	c.Validate()
	b, err := json.Marshal(c.JSON())
	if err != nil {
		return nil, fmt.Errorf("chart option: %w", err)
	}
	o, err := decodeObject(b)
	if err != nil {
		return nil, err
	}
	o["backgroundColor"] = "transparent"
	o["textStyle"] = map[string]any{"fontFamily": fontFamily}
	if pr.Lang != "" && pr.Lang != lang.EN {
		o[NumbersKey] = string(pr.Lang)
	}
	t, _ := o["tooltip"].(map[string]any)
	if t == nil {
		t = map[string]any{"show": true, "trigger": "item"}
		o["tooltip"] = t
	}
	t["confine"] = true
	t["backgroundColor"], t["borderColor"] = "#fff", "#999"
	t["textStyle"] = map[string]any{"color": "#1d1f1e", "fontSize": 13}
	t["extraCssText"] = "white-space: pre-line; max-width: 320px;"
	return o, nil
}

// chart is what the three go-echarts charts have in common.
type chart interface {
	Validate()
	JSON() map[string]any
}

// finish validates c and returns its option JSON, its axes' figures in pr's
// language, with what go-echarts cannot express: the layout of f (legends,
// grid, the x axis' extent, log base and labels, the y axes' names) as a
// base option and media queries; a transparent background so the page's
// light or dark colour shows through; and tooltips that break lines at
// "\n", legible on either background.
func finish(c chart, pr data.Printer, f frame) ([]byte, error) {
	o, err := commonOption(c, pr)
	if err != nil {
		return nil, err
	}
	base, media := f.media()
	o["tooltip"].(map[string]any)["formatter"] = "{b}"
	var legends []any
	for i, items := range f.legends {
		l := map[string]any{"type": "plain", "show": true, "left": "center", "top": base.legendTops[i],
			"itemWidth": legendIcon, "itemGap": legendGap, "data": legendData(items)}
		if i > 0 {
			l["selectedMode"] = false // a key: nothing to switch
		}
		legends = append(legends, l)
	}
	o["legend"] = legends
	o["grid"] = map[string]any{"left": gridLeft, "right": gridRight, "top": base.gridTop, "bottom": base.gridBottom, "containLabel": true}
	if f.panels {
		o["grid"] = base.stack.grids(base.gridTop)
	}

	for i, s := range o["series"].([]any) {
		s := s.(map[string]any)
		// Patches name the series they change by id.
		s["id"] = seriesID(i)
		if s["name"] == SeriesSelected || f.selected != "" && s["name"] == f.selected {
			// Over the lines (z 3), which would cross its label: scatter
			// series are drawn under them (z 2).
			s["z"] = 5
		}
		// go-echarts writes a label's padding as a string, which ECharts
		// takes for no label at all.
		if l, ok := s["label"].(map[string]any); ok && l["backgroundColor"] != nil {
			l["padding"] = []int{2, 4}
		}
	}
	for _, x := range o["xAxis"].([]any) {
		x := x.(map[string]any)
		if f.x.base != 10 {
			x["logBase"] = f.x.base
		}
		maps.Copy(x, base.xAxis())
		if f.hideMinLabel {
			x["axisLabel"].(map[string]any)["showMinLabel"] = false
		}
	}
	for i, y := range o["yAxis"].([]any) {
		y := y.(map[string]any)
		y["name"] = f.yNames[i]
		y["nameGap"] = base.yNameGaps[i]
		// Left axis' name from the axis rightward, right axis' leftward: both
		// stay within the chart. A panel's axis is on its left.
		align := []string{"left", "right"}[i]
		if f.panels {
			align = "left"
		}
		y["nameTextStyle"] = map[string]any{"align": align}
		if i < len(f.yMin) {
			gap := fmt.Sprintf("%g%%", 100*yRoom)
			y["boundaryGap"] = []string{gap, gap}
			if lo := f.yMin[i]; lo-yRoom*(f.yMax[i]-lo) < 0 {
				y["min"] = 0
			}
		}
	}
	return json.Marshal(map[string]any{"baseOption": o, "media": media})
}

// yRoom is the share of the data's span the y axes of a frame with yMin
// leave beyond it at either end.
const yRoom = 0.1

// legendData is a legend's entries as ECharts takes them.
func legendData(items []legendItem) []any {
	var data []any
	for _, it := range items {
		d := map[string]any{"name": it.name}
		if it.icon != "" {
			d["icon"] = it.icon
		}
		data = append(data, d)
	}
	return data
}
