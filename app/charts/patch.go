package charts

import (
	"encoding/json"
	"reflect"
	"strconv"

	"tokenjoule/data"
)

// A change of deadline moves the deadline's line, changes which points are
// dimmed, which one is selected and what every tooltip says (each tells
// whether its configuration meets the deadline), and, on the energy–latency
// chart, may move the x axis' ends and so the layout: nothing else. The Patch
// functions write just that, as an option for ECharts' setOption in merge
// mode, which keeps the chart's instance, its components and its styles:
// much less to build, send, parse and set up than the whole option, which
// the page would otherwise rebuild three times for every step of the slider.
//
// ECharts matches a patch's series to the chart's by id (finish gives every
// series one: its position), replaces what a patch gives of an array (a
// series' data, a legend's entries) and merges what it gives of an object.
// A patch that changes the layout also gives the media rules, which replace
// the chart's; ECharts applies the rule of the chart's width again after
// every setOption.

// Patchable tells whether a chart drawn for from can be brought to what it
// draws for to by a patch: the same workload, model, GPU choice and
// percentile (so the same curves), and a configuration selected in both or
// in neither (so the same series). The deadline and the token volume, which
// no chart shows, may differ.
func Patchable(from, to *data.Result) bool {
	if from == nil || to == nil {
		return false
	}
	a, b := from.Query, to.Query
	return a.Task == b.Task && from.Model.Slug == to.Model.Slug && a.GPU == b.GPU && a.Percentile == b.Percentile &&
		(from.Selected == nil) == (to.Selected == nil)
}

// EnergyLatencyPatch turns the chart EnergyLatency(from) draws into the one
// EnergyLatency(to) draws, for results that are Patchable.
func EnergyLatencyPatch(from, to *data.Result) ([]byte, error) {
	p := latencyParts(to)
	var s patchSeries
	for i := range p.curves {
		s.data(p.meets[i])
		s.data(p.misses[i])
	}
	s.data(p.front)
	s.add(map[string]any{"name": p.deadline, "markLine": map[string]any{
		"data": []any{map[string]any{"name": p.deadline, "xAxis": to.Query.DeadlineMS}}}})
	if p.selected != nil {
		s.data([]item{*p.selected})
	}
	q := from.Query
	return s.json(latencyFrame(from, from.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)), p.frame)
}

// EnergyConcurrencyPatch is EnergyLatencyPatch's counterpart for
// EnergyConcurrency.
func EnergyConcurrencyPatch(from, to *data.Result) ([]byte, error) {
	p := concurrencyParts(to)
	var s patchSeries
	for _, l := range p.lines {
		s.dimmed(l)
	}
	if p.selected != nil {
		s.data([]item{*p.selected})
	}
	// The frame does not depend on the deadline.
	return s.json(p.frame, p.frame)
}

// PowerThroughputPatch is EnergyLatencyPatch's counterpart for
// PowerThroughput.
func PowerThroughputPatch(from, to *data.Result) ([]byte, error) {
	p := powerParts(to)
	var s patchSeries
	for i := range p.curves {
		s.dimmed(p.power[i])
		s.dimmed(p.tps[i])
	}
	s.skip(2) // the key's two series
	for i, it := range p.selected {
		s.add(map[string]any{"data": []item{*it}, "label": map[string]any{"formatter": p.labels[i], "position": p.side}})
	}
	return s.json(p.frame, p.frame)
}

// patchSeries is a patch's series, each named by the id finish gives it.
type patchSeries struct {
	series []any
	n      int // the position of the next series
}

func (s *patchSeries) add(series map[string]any) {
	series["id"] = seriesID(s.n)
	s.series = append(s.series, series)
	s.n++
}

// data gives the next series its points; none is an empty list, not
// nothing, which would leave the old ones.
func (s *patchSeries) data(its []item) {
	if its == nil {
		its = []item{}
	}
	s.add(map[string]any{"data": its})
}

func (s *patchSeries) dimmed(d dimmed) {
	s.data(d.meets)
	s.data(d.all)
}

// skip passes over n series that do not change.
func (s *patchSeries) skip(n int) { s.n += n }

// json is the patch: the series and, where the frame changed from the one
// drawn, the legends' entries, the x axis' extent and the layout, as finish
// writes them.
func (s *patchSeries) json(from, to frame) ([]byte, error) {
	base := map[string]any{"series": s.series}
	o := map[string]any{"baseOption": base}
	if !reflect.DeepEqual(from, to) {
		b, media := to.media()
		lo := b.option()
		for i, l := range lo["legend"].([]any) {
			l.(map[string]any)["data"] = legendData(to.legends[i])
		}
		x := lo["xAxis"].([]any)[0].(map[string]any)
		x["min"], x["max"] = to.x.min, to.x.max
		// null is ECharts' default: show the first label unless it overlaps.
		x["axisLabel"].(map[string]any)["showMinLabel"] = showMinLabel(to)
		for k, v := range lo {
			base[k] = v
		}
		o["media"] = media
	}
	return json.Marshal(o)
}

// showMinLabel is the x axis' axisLabel.showMinLabel: false where it is
// hidden, ECharts' default (null: shown unless it overlaps) otherwise.
func showMinLabel(f frame) any {
	if f.hideMinLabel {
		return false
	}
	return nil
}

// seriesID is the id of the i-th series of a chart.
func seriesID(i int) string { return "s" + strconv.Itoa(i) }
