package data

import (
	"testing"

	"tokenjoule/data/lang"
)

// Expected strings written by hand from each language's rules.
func TestPrinter(t *testing.T) {
	fr, de, es := PrinterOf(lang.FR), PrinterOf(lang.DE), PrinterOf(lang.ES)
	cases := []struct{ got, want string }{
		{fr.Energy(15.21), "15,21\u00a0Wh"},
		{de.Energy(15.21), "15,21\u00a0Wh"},
		{es.Energy(15.21), "15,21\u00a0Wh"},
		{Printer{}.Energy(15.21), "15.21 Wh"},
		{fr.Number(1234567), "1\u202f234\u202f567"},
		{de.Number(1234567), "1.234.567"},
		{es.Number(1234567), "1.234.567"},
		{es.Number(1234), "1234"},
		{de.Energy(0.01521), "0,01521\u00a0Wh"},
		{fr.Energy(3.1e13), "31\u202f000\u00a0GWh"},
		{es.MS(1500), "1500\u00a0ms"},
		{de.Change(2.043, 1), "+104,3\u00a0%"},
		{fr.Ratio(3.4), "3,4"},
		{fr.Number(1e-7), "moins de 0,0001"},
		{de.VolumeWords(Tokens, 2.5e9), "2,5\u00a0Mrd. Ausgabe-Tokens"},
		{fr.VolumeWords(Tokens, 1e6), "1\u00a0M tokens de sortie"},
		{es.VolumeWords(Tokens, 1), "1 token de salida"},
		{fr.DeadlineWords(Tokens, P90, 1500), "9 tokens sur 10 en moins de 1\u202f500\u00a0ms après le précédent"},
		{de.GPUChoice([]string{"B200", "H100"}, AnyGPU), "B200 oder H100"},
		{es.GPUChoice([]string{"B200", "H100"}, "H100"), "H100"},
	}
	for i, c := range cases {
		if c.got != c.want {
			t.Errorf("%d: got %q, want %q", i, c.got, c.want)
		}
	}
}

func TestOtherEndSentenceIn(t *testing.T) {
	o := &OtherEnd{Result: &Result{Query: Query{Percentile: P99, DeadlineMS: 50}, Selected: &Config{}}, Ratio: 4.365}
	got := o.SentenceIn(PrinterOf(lang.FR), func(float64) string { return "580,8\u00a0kWh" })
	if want := "Si 99 tokens sur 100 doivent arriver en moins de 50\u00a0ms\u00a0: 580,8\u00a0kWh, soit 4,4\u00a0fois plus."; got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
