package charts

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"unicode/utf8"

	"tokenjoule/data"
)

var patchers = []struct {
	name  string
	build func(*data.Result) ([]byte, error)
	patch func(from, to *data.Result) ([]byte, error)
}{
	{"EnergyLatency", EnergyLatency, EnergyLatencyPatch},
	{"EnergyConcurrency", EnergyConcurrency, EnergyConcurrencyPatch},
	{"PowerThroughput", PowerThroughput, PowerThroughputPatch},
}

// A patch applied to the chart of one deadline gives, to the last value, the
// chart of the next: the test applies it as ECharts' setOption does in merge
// mode (mergeOption below) and compares with the whole option built anew,
// for every model and GPU choice along a sweep of deadlines that crosses the
// points, leaves them on both sides (moving the latency axis' ends and so
// the layout) and makes the selection come and go.
func TestPatch(t *testing.T) {
	set := load(t)
	deadlines := []float64{40, 25, 70, 3, 10, 150, 400, 1000, 5000, 0.5, 1, 30}
	var pairs, layouts, refused int
	// Each chart's option for the pair's first result, as the pair before
	// built it (for its second): each option is built and decoded once.
	type built struct {
		r *data.Result
		o map[string]any
	}
	last := map[string]built{}
	for wi, w := range set.Index.Workloads {
		for mi, m := range w.Models {
			p := data.Percentiles[(wi+mi)%len(data.Percentiles)]
			if (wi+mi)%sampleEvery != 0 {
				continue
			}
			for _, g := range append([]string{data.AnyGPU}, m.GPUs...) {
				var from *data.Result
				for _, d := range deadlines {
					to, err := set.Select(data.Query{Task: w.ID, Model: m.Slug, GPU: g, Percentile: p, DeadlineMS: d, Tokens: 1e6})
					if err != nil {
						t.Fatal(err)
					}
					if from != nil && !Patchable(from, to) {
						refused++
						if (from.Selected == nil) == (to.Selected == nil) {
							t.Errorf("%+v to %+v: not patchable, though only the deadline changed", from.Query, to.Query)
						}
					} else if from != nil {
						pairs++
						for _, c := range patchers {
							var fromOption map[string]any
							if b := last[c.name]; b.r == from {
								fromOption = b.o
							}
							toOption, changed := checkPatch(t, c.name, c.build, c.patch, from, to, fromOption)
							if changed {
								layouts++
							}
							last[c.name] = built{to, toOption}
						}
					}
					from = to
				}
			}
		}
	}
	// The sweep must exercise every path.
	if pairs < 200/sampleEvery || layouts < 50/sampleEvery || refused < 20/sampleEvery {
		t.Errorf("%d pairs patched, %d with a new layout, %d refused: the sweep misses a case", pairs, layouts, refused)
	}
	t.Logf("%d pairs patched, %d with a new layout, %d refused", pairs, layouts, refused)

	// Anything else than the deadline and the volume is not patchable.
	def, _ := set.Select(data.DefaultQuery())
	for _, q := range []data.Query{
		with(data.DefaultQuery(), func(q *data.Query) { q.GPU = "H100" }),
		with(data.DefaultQuery(), func(q *data.Query) { q.Percentile = data.P99 }),
		with(data.DefaultQuery(), func(q *data.Query) { q.Model = "gemma-3-12b" }),
		with(data.DefaultQuery(), func(q *data.Query) { q.Task = "gpqa"; q.Model = "gpt-oss-20b" }),
	} {
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		if Patchable(def, r) {
			t.Errorf("default to %+v: patchable", q)
		}
	}
	if !Patchable(def, def) || Patchable(nil, def) || Patchable(def, nil) {
		t.Error("Patchable of the same result, or of none")
	}
}

// checkPatch checks the patch from from to to of one chart, and tells
// whether it changed the layout. fromOption, if not nil, is from's option as
// checkPatch returned it for to before (which this merges the patch into);
// it returns to's.
func checkPatch(t *testing.T, name string, build func(*data.Result) ([]byte, error), patch func(from, to *data.Result) ([]byte, error), from, to *data.Result, fromOption map[string]any) (toOption map[string]any, layout bool) {
	t.Helper()
	where := fmt.Sprintf("%s from %+v to deadline %v", name, from.Query, to.Query.DeadlineMS)
	decode := func(b []byte, err error) map[string]any {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		var o map[string]any
		if err := json.Unmarshal(b, &o); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		return o
	}
	got := fromOption
	if got == nil {
		got = decode(build(from))
	}
	p := decode(patch(from, to))
	_, layout = p["media"]
	mergeOption(got, p)
	want := decode(build(to))
	normalize(got)
	normalize(want)
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("%s: the patched option differs from the one built anew:\n%s", where, firstDiff(string(g), string(w)))
	}
	return want, layout
}

// mergeOption applies patch to o as ECharts' setOption does in merge mode,
// for what a patch holds: the base option's components, each a list, merged
// one by one (series by id, the others by position), objects within them
// merged and lists replaced; and the media rules, replaced if given.
func mergeOption(o, patch map[string]any) {
	if m, ok := patch["media"]; ok {
		o["media"] = m
	}
	base := o["baseOption"].(map[string]any)
	for key, v := range patch["baseOption"].(map[string]any) {
		news, ok := v.([]any)
		if !ok { // one component, given as an object
			news = []any{v}
		}
		olds, ok := base[key].([]any)
		if !ok {
			olds = []any{base[key]}
		}
		for i, n := range news {
			n := n.(map[string]any)
			at := i
			if key == "series" {
				at = -1
				for j, s := range olds {
					if s.(map[string]any)["id"] == n["id"] {
						at = j
					}
				}
				if at < 0 {
					panic(fmt.Sprintf("no series %v", n["id"]))
				}
			}
			mergeObject(olds[at].(map[string]any), n)
		}
		if _, list := base[key].([]any); list {
			base[key] = olds
		} else {
			base[key] = olds[0]
		}
	}
}

// mergeObject merges src into dst as zrender's merge does: objects into
// objects, anything else (lists too) replacing.
func mergeObject(dst, src map[string]any) {
	for k, v := range src {
		if sv, ok := v.(map[string]any); ok {
			if dv, ok := dst[k].(map[string]any); ok {
				mergeObject(dv, sv)
				continue
			}
		}
		dst[k] = v
	}
}

// normalize drops what ECharts reads as absent: null, and empty lists.
func normalize(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if l, ok := x.([]any); x == nil || ok && len(l) == 0 {
				delete(v, k)
				continue
			}
			normalize(x)
		}
	case []any:
		for _, x := range v {
			normalize(x)
		}
	}
}

// firstDiff shows where two texts part, with some lines of context.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-300)
	return fmt.Sprintf("got  …%s\nwant …%s", a[from:min(len(a), i+200)], b[from:min(len(b), i+200)])
}

// appendString writes what encoding/json reads back.
func FuzzAppendString(f *testing.F) {
	for _, s := range []string{"", "a\nb", `"quoted" \ back/`, "× ≤ \u2028 é", "\x00\x1f\t\r"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("JSON holds text")
		}
		b := appendString(nil, s)
		var got string
		if err := json.Unmarshal(b, &got); err != nil || got != s {
			t.Errorf("appendString(%q) = %s, which reads back as %q (%v)", s, b, got, err)
		}
	})
}

// BenchmarkPatch is what a step of the slider costs the charts: a patch of
// each, along a sweep of the default query's deadlines (each step a new
// deadline, as a drag gives: the tooltips are written anew for the first
// chart and reused by the other two).
func BenchmarkPatch(b *testing.B) {
	set := load(b)
	var rs []*data.Result
	for ms := 8.0; ms < 1000; ms *= 1.25 {
		r, err := set.Select(with(data.DefaultQuery(), func(q *data.Query) { q.DeadlineMS = ms }))
		if err != nil {
			b.Fatal(err)
		}
		if r.Selected != nil {
			rs = append(rs, r)
		}
	}
	// Up the sweep and down again, round and round.
	var steps [][2]*data.Result
	for i := 1; i < len(rs); i++ {
		if !Patchable(rs[i-1], rs[i]) {
			b.Fatalf("the sweep needs results a patch joins: %+v, %+v", rs[i-1].Query, rs[i].Query)
		}
		steps = append(steps, [2]*data.Result{rs[i-1], rs[i]})
	}
	for i := len(rs) - 1; i > 0; i-- {
		steps = append(steps, [2]*data.Result{rs[i], rs[i-1]})
	}
	i := 0
	for b.Loop() {
		step := steps[i%len(steps)]
		i++
		for _, c := range patchers {
			if _, err := c.patch(step[0], step[1]); err != nil {
				b.Fatal(err)
			}
		}
	}
}
