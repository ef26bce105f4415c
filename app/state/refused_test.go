package state

import (
	"testing"

	"tokenjoule/data"
)

func TestKeepOthers(t *testing.T) {
	set := load(t)
	for _, tc := range []struct{ raw, want string }{
		// The refused values go; the page's state is written whole; the
		// footprint's parameters, and a host's, stay as they were.
		{"task=gpqa&tokens=lots&boundary=cloud&utm_source=blog&grid=world",
			"task=gpqa&model=qwen-3-14b&gpu=any&deadline=500ms&p=p50&tokens=1M&boundary=cloud&utm_source=blog&grid=world"},
		// A footprint value a notice refused goes too, and so do malformed parts.
		{"pue=9&boundary=cloud;x=1&%zz=1&model=gpt-5&wue=aws",
			"task=lm-arena-chat&model=qwen-3-14b&gpu=any&deadline=500ms&p=p50&tokens=1M&wue=aws"},
		// hide is written back from what was understood of it.
		{"hide=task,colour&deadline=-1", "task=lm-arena-chat&model=qwen-3-14b&gpu=any&deadline=500ms&p=p50&tokens=1M&hide=task"},
		// So are the layout, chart and theme, in their place.
		{"theme=dark&x=1&layout=chart&chart=pie&tokens=lots",
			"task=lm-arena-chat&model=qwen-3-14b&gpu=any&deadline=500ms&p=p50&tokens=1M&layout=chart&chart=latency&theme=dark&x=1"},
	} {
		v, notices := ParseQuery(tc.raw)
		q, n := Parse(set, v)
		notices = append(notices, n...)
		e, n := ParseEmbed(v, []string{LayoutInteractive, LayoutCard, LayoutChart})
		notices = append(notices, n...)
		_, n = ParseFootprint(v)
		notices = append(notices, n...)
		if len(notices) == 0 {
			t.Fatalf("%q: the test needs refused values", tc.raw)
		}
		got := KeepOthers(EmbedString(q, e), tc.raw, notices)
		if got != tc.want {
			t.Errorf("KeepOthers(%q) =\n%s\nwant\n%s", tc.raw, got, tc.want)
		}
		// Read again, the URL holds the same state and nothing refused.
		v2, notices2 := ParseQuery(got)
		q2, n2 := Parse(set, v2)
		_, n3 := ParseFootprint(v2)
		if q2 != q || len(notices2)+len(n2)+len(n3) != 0 {
			t.Errorf("%q read again: %+v, notices %v %v %v", got, q2, notices2, n2, n3)
		}
	}
	// A page that writes more than the calculator's state (the plan's
	// traffic, a footprint) is not given its parameters twice.
	raw := "rate=12k/s&peak=0.5&grid=world&x=1"
	v, _ := ParseQuery(raw)
	q, tr, notices := ParsePlan(set, v)
	query := PlanString(q, tr) + "&grid=world"
	if got, want := KeepOthers(query, raw, notices), query+"&x=1"; got != want {
		t.Errorf("KeepOthers(%q, %q) = %q, want %q", query, raw, got, want)
	}
	if got := KeepOthers(String(data.DefaultQuery()), "", nil); got != String(data.DefaultQuery()) {
		t.Errorf("KeepOthers with nothing else = %q", got)
	}
}
