package state

import (
	"net/url"
	"strings"
	"testing"

	"tokenjoule/data"
)

func TestParseEmbed(t *testing.T) {
	all := []string{LayoutInteractive, LayoutCard, LayoutChart}
	for _, tc := range []struct {
		raw     string
		layouts []string
		want    Embed
		str     string   // Embed.String
		refused []string // parameters with a notice
	}{
		{"", all, Embed{}, "", nil},
		{"layout=interactive", all, Embed{}, "", nil},
		{"layout=card", all, Embed{Layout: LayoutCard}, "layout=card", nil},
		{"layout=%20Card%20&theme=DARK", all, Embed{Layout: LayoutCard, Theme: "dark"}, "layout=card&theme=dark", nil},
		{"layout=chart", all, Embed{Layout: LayoutChart, Chart: "latency"}, "layout=chart&chart=latency", nil},
		{"layout=chart&chart=power&hide=all", all, Embed{Layout: LayoutChart, Chart: "power", Hidden: AllHidden()},
			"layout=chart&chart=power&hide=all", nil},
		// A chart counts with the chart layout only; a bad one is refused all the same.
		{"chart=batch", all, Embed{}, "", nil},
		{"layout=card&chart=pie", all, Embed{Layout: LayoutCard}, "layout=card", []string{ParamChart}},
		{"layout=chart&chart=pie", all, Embed{Layout: LayoutChart, Chart: "latency"}, "layout=chart&chart=latency", []string{ParamChart}},
		{"layout=grid&theme=sepia&hide=colour", all, Embed{}, "", []string{ParamLayout, ParamTheme, ParamHide}},
		// The compare embed has no chart layout.
		{"layout=chart&chart=batch", []string{LayoutInteractive, LayoutCard}, Embed{}, "", []string{ParamLayout}},
		{"theme=light&layout=card", []string{LayoutInteractive, LayoutCard}, Embed{Layout: LayoutCard, Theme: "light"}, "layout=card&theme=light", nil},
	} {
		v, _ := url.ParseQuery(tc.raw)
		e, notices := ParseEmbed(v, tc.layouts)
		if e != tc.want || e.String() != tc.str {
			t.Errorf("ParseEmbed(%q) = %+v (%q), want %+v (%q)", tc.raw, e, e.String(), tc.want, tc.str)
		}
		var refused []string
		for _, n := range notices {
			refused = append(refused, n.Param)
			if n.Param != ParamHide && (!strings.Contains(n.Message, "The URL's "+n.Param+"=") || !strings.Contains(n.Message, "instead")) {
				t.Errorf("ParseEmbed(%q): notice %q does not say which value it refuses and what is shown", tc.raw, n.Message)
			}
		}
		if strings.Join(refused, ",") != strings.Join(tc.refused, ",") {
			t.Errorf("ParseEmbed(%q) refuses %q, want %q", tc.raw, refused, tc.refused)
		}
	}
	// A refused layout names the ones accepted.
	v, _ := url.ParseQuery("layout=%3Cb%3Egrid")
	_, n := ParseEmbed(v, all)
	if len(n) != 1 || n[0].Message != `The URL's layout="<b>grid" was not understood (use interactive, card or chart); showing the interactive embed instead.` {
		t.Errorf("notice %+v", n)
	}
}

func TestEmbedString(t *testing.T) {
	q := data.DefaultQuery()
	if got, want := EmbedString(q, Embed{}), String(q); got != want {
		t.Errorf("EmbedString(q, Embed{}) = %q, want %q", got, want)
	}
	h, _ := ParseHidden(url.Values{ParamHide: {"gpu,task"}})
	if got, want := EmbedString(q, Embed{Hidden: h}), String(q)+"&hide=task,gpu"; got != want {
		t.Errorf("EmbedString = %q, want %q", got, want)
	}
	e := Embed{Layout: LayoutChart, Chart: "batch", Theme: "dark", Hidden: h}
	if got, want := EmbedString(q, e), String(q)+"&layout=chart&chart=batch&theme=dark&hide=task,gpu"; got != want {
		t.Errorf("EmbedString = %q, want %q", got, want)
	}
}

// A card's record of the data and the figure it was made with reads back
// as written; a refused half drops the record, with a notice naming it.
func TestEmbedRecord(t *testing.T) {
	e := Embed{Layout: LayoutCard}.MadeWith("2026-09-27", 222504.4)
	if got, want := e.Record(), "made=2026-09-27&made_wh=222500"; got != want {
		t.Errorf("Record() = %q, want %q", got, want)
	}
	v, _ := ParseQuery("layout=card&" + e.Record())
	back, notices := ParseEmbed(v, []string{LayoutInteractive, LayoutCard})
	if back != e || len(notices) != 0 {
		t.Errorf("read back %+v with %v, want %+v", back, notices, e)
	}
	for _, raw := range []string{"made=2026-9-27&made_wh=222500", "made=2026-09-27&made_wh=NaN", "made=2026-09-27&made_wh=-1", "made=2026-09-27&made_wh=1e400"} {
		v, _ := ParseQuery("layout=card&" + raw)
		got, notices := ParseEmbed(v, []string{LayoutInteractive, LayoutCard})
		if got.Made != "" || got.MadeWh != 0 || len(notices) != 1 {
			t.Errorf("%s: %+v with notices %v, want no record and one notice", raw, got, notices)
		}
	}
	if e := (Embed{}).MadeWith("2026-09-27", 0); e.Record() != "" {
		t.Errorf("a card without a figure records %q", e.Record())
	}
}
