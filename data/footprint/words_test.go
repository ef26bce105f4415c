package footprint

import (
	"strconv"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The English catalogue holds the words of the tables here, which the
// other languages translate: they must not drift apart.
func TestEnglishCatalogueMatches(t *testing.T) {
	want := map[string]string{}
	for _, p := range Params {
		for _, pr := range p.Presets {
			want["preset."+p.Name+"."+pr.ID] = pr.Label
			want["basis."+p.Name+"."+pr.ID] = pr.Basis
		}
	}
	for _, b := range Boundaries {
		want["boundary."+b.ID], want["boundary."+b.ID+".about"] = b.Label, b.About
	}
	for i, pp := range PromptPoints {
		want["prompt."+strconv.Itoa(i)], want["prompt."+strconv.Itoa(i)+".counts"] = pp.What, pp.Counts
	}
	for _, c := range Comparisons {
		want["cmp.figure."+c.ID] = c.Figure
	}
	for _, r := range (Factors{}).Rungs(1) {
		want["rung."+r.Name] = r.Label
	}
	for key, en := range want {
		if got := lang.EN.T(key); got != en {
			t.Errorf("the English catalogue's %s = %q, the table says %q", key, got, en)
		}
	}
}

// The words in another language, hand-checked; English stays the command
// line's.
func TestWordsIn(t *testing.T) {
	fr, de := data.PrinterOf(lang.FR), data.PrinterOf(lang.DE)
	cloud := Factors{}.WithBoundary("cloud")
	if got, want := cloud.BoundaryNameIn(fr), "Centre de données cloud (Google, 2025)"; got != want {
		t.Errorf("BoundaryNameIn(fr) = %q, want %q", got, want)
	}
	own := Factors{Host: Number(0.3), PUE: Number(1.2)}
	if got, want := own.BoundaryNameIn(de), "GPU + Host 30\u00a0%, × PUE 1,2"; got != want {
		t.Errorf("BoundaryNameIn(de) = %q, want %q", got, want)
	}
	if got, want := own.BoundaryNameIn(data.Printer{}), own.BoundaryName(); got != want {
		t.Errorf("BoundaryNameIn(en) = %q, want %q", got, want)
	}
	x, _ := Grid.Parse("world")
	if got, want := Grid.SourcedIn(fr, x), "480\u00a0g CO2e/kWh (Monde, 2023, cycle de vie)"; got != want {
		t.Errorf("Grid.SourcedIn(fr) = %q, want %q", got, want)
	}
	if got, want := Host.SourcedIn(fr, Number(0.43)), "+43\u202f% de l’énergie GPU"; got != want {
		t.Errorf("Host.SourcedIn(fr) = %q, want %q", got, want)
	}
	home := Comparisons[0]
	if n, w := home.FormatIn(fr, 10715e3/365/24*24*2); n != "2" || w != "jours d’électricité d’un foyer américain moyen" {
		t.Errorf("home.FormatIn(fr) = %q %q", n, w)
	}
	if n, w := Comparisons[4].FormatIn(de, 1); n != "2" || w != "Halbliterflaschen Wasser" {
		t.Errorf("bottle.FormatIn(de) = %q %q", n, w)
	}
	if got, want := Figure(fr, FormatCarbon(26020)), "26,02\u00a0kg CO2e"; got != want {
		t.Errorf("Figure(fr) = %q, want %q", got, want)
	}
	if got, want := Figure(de, "less than 0.0001 g CO2e"), "weniger als 0,0001\u00a0g CO2e"; got != want {
		t.Errorf("Figure(de) = %q, want %q", got, want)
	}
	s := cloud.Spread(1, 700)
	if got := s.BesideIn(data.Printer{}, Energy, 31090, ""); got != s.Beside(Energy, 31090, "") {
		t.Errorf("BesideIn(en) = %q, not Beside's %q", got, s.Beside(Energy, 31090, ""))
	}
	if got, want := s.BesideIn(fr, Energy, 31090, ""), "de 41 à 78\u00a0kWh selon la fourchette publiée pour l’hôte, la capacité inactive et le refroidissement"; got != want {
		t.Errorf("BesideIn(fr) = %q, want %q", got, want)
	}
}
