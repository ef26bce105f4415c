package e2e

import (
	"fmt"
	"html"
	"regexp"
	"testing"

	"tokenjoule/app/charts"
	"tokenjoule/data/lang"
)

// axisTick is a tick label ECharts lays out on a value or log axis: the
// axis, the tick's value, its text, and whether the canvas shows that text.
type axisTick struct {
	Axis  string  `json:"axis"`
	Value float64 `json:"value"`
	Text  string  `json:"text"`
	Drawn bool    `json:"drawn"`
}

// axisTicksJS reads the ticks of every value and log axis of the chart
// whose element is the argument. The runtime is pinned (web/echarts.sha256):
// getViewLabels is what the axis draws its labels from.
const axisTicksJS = `(id => {
	const inst = echarts.getInstanceByDom(document.getElementById(id));
	if (!inst) return null;
	const shown = new Set();
	inst.getZr().storage.getDisplayList().forEach(e => { if (e.type === "tspan" && e.style.text) shown.add(e.style.text) });
	const out = [];
	for (const type of ["xAxis", "yAxis"]) inst.getModel().eachComponent(type, (a, i) => {
		if (a.axis.type !== "value" && a.axis.type !== "log") return;
		a.axis.getViewLabels().forEach(l => out.push({axis: type + i, value: l.tickValue, text: l.formattedLabel, drawn: shown.has(l.formattedLabel)}));
	});
	return out })(%q)`

// expectAxesSpoken checks that the ticks of the chart id's value and log
// axes read as tag writes figures, as the page's text does ("1 000",
// "0,5" in French), not as ECharts writes them ("1,000", "0.5"). It
// returns how many ticks of a thousand or more it read, which the
// language groups.
func expectAxesSpoken(t *testing.T, tb *tab, tag lang.Tag, id string) (thousands int) {
	t.Helper()
	tb.chartReady(id)
	ticks := eval[[]axisTick](tb, fmt.Sprintf(axisTicksJS, id))
	drawn := 0
	for _, k := range ticks {
		if want := charts.AxisLabelIn(tag, k.Value); k.Text != want {
			t.Errorf("%s in %s: the %s tick at %v reads %q, want %q", id, tag, k.Axis, k.Value, k.Text, want)
		}
		if k.Drawn {
			drawn++
		}
		if k.Value >= 1000 {
			thousands++
		}
	}
	if drawn == 0 {
		t.Errorf("%s in %s: no value axis' tick drawn: %+v", id, tag, ticks)
	}
	return thousands
}

// pageCharts are the ids of the charts in the tab's page.
func pageCharts(tb *tab) []string {
	tb.t.Helper()
	return eval[[]string](tb, `[...document.querySelectorAll(".echart[id]")].map(e => e.id)`)
}

// Whole texts of an SVG picture that are figures: as ECharts writes them
// ("1,000", "0.5"), or in a language that writes "1 000" or "0,5".
var (
	svgText       = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)
	englishFigure = regexp.MustCompile(`^[0-9]{1,3}(,[0-9]{3})+$|^[0-9]+\.[0-9]+$`)
	localFigure   = regexp.MustCompile(`^[0-9]{1,3}([\x{202f}.][0-9]{3})+$|^[0-9]+,[0-9]+$`)
)

// expectPictureTicks checks that an SVG picture of a chart writes its
// ticks in tag's format, none the English way: tag must be one that
// writes a decimal comma.
func expectPictureTicks(t *testing.T, svg []byte, tag lang.Tag) {
	t.Helper()
	var english, local []string
	for _, m := range svgText.FindAllSubmatch(svg, -1) {
		s := html.UnescapeString(string(m[1]))
		switch {
		case englishFigure.MatchString(s):
			english = append(english, s)
		case localFigure.MatchString(s):
			local = append(local, s)
		}
	}
	if len(english) > 0 || len(local) == 0 {
		t.Errorf("the picture in %s writes ticks %q the English way, %q its own", tag, english, local)
	}
}
