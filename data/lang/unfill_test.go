package lang

import (
	"strings"
	"testing"
)

func TestUnfill(t *testing.T) {
	for _, c := range []struct {
		template, s string
		want        []string
		ok          bool
	}{
		{"must be from {min} to {max}", "must be from 1 to 3", []string{"min", "1", "max", "3"}, true},
		{"one of {list}", "one of gpu, cloud", []string{"list", "gpu, cloud"}, true},
		{"did you mean {names}?", "did you mean Qwen 3 14B?", []string{"names", "Qwen 3 14B"}, true},
		{"must be from {min} to {max}", "must be at least 1", nil, false},
		{"no value given", "no value given", nil, true},
		{"{a}{b}", "xy", nil, false},
		{"one of {list}", "one of ", nil, false},
	} {
		got, ok := Unfill(c.template, c.s)
		if ok != c.ok || strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("Unfill(%q, %q) = %q, %v; want %q, %v", c.template, c.s, got, ok, c.want, c.ok)
		}
	}
}
