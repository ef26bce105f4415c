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
	return EnergyLatencyPatchIn(data.Printer{}, from, to)
}

// EnergyLatencyPatchIn is EnergyLatencyPatch for charts in pr's language.
func EnergyLatencyPatchIn(pr data.Printer, from, to *data.Result) ([]byte, error) {
	p := latencyParts(pr, to)
	var s patchSeries
	for i := range p.curves {
		s.data(p.meets[i])
		s.data(p.misses[i])
	}
	s.data(p.front)
	if err := s.add(map[string]any{"name": p.deadline, "markLine": map[string]any{
		"data": []any{map[string]any{"name": p.deadline, "xAxis": to.Kind.InUnit(to.Query.DeadlineMS)}}}}); err != nil {
		return nil, err
	}
	if p.selected != nil {
		s.data([]item{*p.selected})
	}
	q := from.Query
	return s.json(latencyFrame(pr, from, from.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)), p.frame)
}

// EnergyConcurrencyPatch is EnergyLatencyPatch's counterpart for
// EnergyConcurrency.
func EnergyConcurrencyPatch(from, to *data.Result) ([]byte, error) {
	return EnergyConcurrencyPatchIn(data.Printer{}, from, to)
}

// EnergyConcurrencyPatchIn is EnergyConcurrencyPatch in pr's language.
func EnergyConcurrencyPatchIn(pr data.Printer, from, to *data.Result) ([]byte, error) {
	p := concurrencyParts(pr, to)
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
	return PowerThroughputPatchIn(data.Printer{}, from, to)
}

// PowerThroughputPatchIn is PowerThroughputPatch in pr's language.
func PowerThroughputPatchIn(pr data.Printer, from, to *data.Result) ([]byte, error) {
	p := powerParts(pr, to)
	var s patchSeries
	for i := range p.curves {
		s.dimmed(p.power[i])
		s.dimmed(p.tps[i])
	}
	for i, it := range p.selected {
		if err := s.add(map[string]any{"data": []item{*it}, "label": map[string]any{"formatter": p.labels[i], "position": p.side}}); err != nil {
			return nil, err
		}
	}
	return s.json(p.frame, p.frame)
}

// patchSeries writes a patch's series, each named by the id finish gives
// it. The points, most of a patch, are written here rather than by
// encoding/json, whose reflection costs the browser more than the rest.
type patchSeries struct {
	b []byte // the series so far, comma-separated
	n int    // the position of the next series
}

// add writes the next series' id and the fields of object, which must
// encode as a JSON object with at least one field.
func (s *patchSeries) add(object any) error {
	o, err := json.Marshal(object)
	if err != nil {
		return err
	}
	s.begin()
	s.b = append(s.b, ',')
	s.b = append(s.b, o[1:]...)
	return nil
}

func (s *patchSeries) begin() {
	if s.b == nil {
		s.b = make([]byte, 0, 16<<10) // a chart's points, with their tooltips
	} else {
		s.b = append(s.b, ',')
	}
	s.b = append(s.b, `{"id":`...)
	s.b = appendString(s.b, seriesID(s.n))
	s.n++
}

// data gives the next series its points; none is an empty list, not
// nothing, which would leave the old ones.
func (s *patchSeries) data(its []item) {
	s.begin()
	s.b = append(s.b, `,"data":[`...)
	for i, it := range its {
		if i > 0 {
			s.b = append(s.b, ',')
		}
		s.b = append(s.b, `{"name":`...)
		s.b = appendString(s.b, it.Name)
		s.b = append(s.b, `,"value":[`...)
		for j, v := range it.Value {
			if j > 0 {
				s.b = append(s.b, ',')
			}
			s.b = strconv.AppendFloat(s.b, v, 'g', -1, 64)
		}
		s.b = append(s.b, "]}"...)
	}
	s.b = append(s.b, "]}"...)
}

func (s *patchSeries) dimmed(d dimmed) {
	s.data(d.meets)
	s.data(d.all)
}

// json is the patch: the series and, where the frame changed from the one
// drawn, the legends' entries, the x axis' extent and the layout, as finish
// writes them.
func (s *patchSeries) json(from, to frame) ([]byte, error) {
	out := append([]byte(`{"baseOption":{"series":[`), s.b...)
	out = append(out, ']')
	if reflect.DeepEqual(from, to) {
		return append(out, "}}"...), nil
	}
	b, media := to.media()
	lo := b.option()
	for i, l := range lo["legend"].([]any) {
		l.(map[string]any)["data"] = legendData(to.legends[i])
	}
	x := lo["xAxis"].([]any)[0].(map[string]any)
	// null is ECharts' default: show the first label unless it overlaps.
	x["axisLabel"].(map[string]any)["showMinLabel"] = showMinLabel(to)
	layout, err := json.Marshal(lo)
	if err != nil {
		return nil, err
	}
	m, err := json.Marshal(media)
	if err != nil {
		return nil, err
	}
	out = append(out, ',')
	out = append(out, layout[1:]...) // the layout's fields, and the base option's closing brace
	out = append(out, `,"media":`...)
	out = append(out, m...)
	return append(out, '}'), nil
}

// appendString appends s as a JSON string.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
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
