package footprint

import (
	"errors"
	"math"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// FuzzBoxes: what a footprint box reads in any language (data.Printer.Read)
// is a finite value within its bounds or a refusal quoting the text as typed,
// and what a box shows of a value (data.Printer.Box of its canonical text)
// reads back to that value, in every language.
func FuzzBoxes(f *testing.F) {
	for _, s := range []string{"0,43", "1.000", "1 000,5", "0.43", "1,5 t CO2e", "1.000 kWh", "2,5e3 L", "10 USD", "world", "-0,5", "1,000,000 g"} {
		f.Add(s, 1.25)
	}
	f.Fuzz(func(t *testing.T, s string, v float64) {
		for _, tag := range lang.Tags() {
			p := data.PrinterOf(tag)
			for _, param := range Params {
				x, err := data.ParseIn(s, p.Read, param.Parse)
				var bad *data.InputError
				switch {
				case err != nil && (!errors.As(err, &bad) || bad.Value != s):
					t.Fatalf("%s %s %q: %v does not quote the text", tag, param.Name, s, err)
				case err == nil && (math.IsNaN(x.Value) || x.Value < param.Min || x.Value > param.Max):
					t.Fatalf("%s %s %q reads as %v", tag, param.Name, s, x.Value)
				}
				if math.IsNaN(v) || v < param.Min || v > param.Max {
					continue
				}
				box := p.Box(param.Format(Number(v)))
				if y, err := data.ParseIn(box, p.Read, param.Parse); err != nil || y.Value != v {
					t.Fatalf("%s %s: %v shows %q, which reads %v, %v", tag, param.Name, v, box, y.Value, err)
				}
			}
			if b, err := data.ParseIn(s, p.Read, ParseBudget); err == nil && (!(b.Amount > 0) || math.IsInf(b.Base(), 0)) {
				t.Fatalf("%s budget %q reads as %+v", tag, s, b)
			}
			if !(v > 0) || math.IsInf(v, 0) {
				continue
			}
			for _, unit := range []string{"kWh", "t", "L", "USD"} {
				b := Budget{Amount: v, Unit: unit}
				if math.IsInf(b.Base(), 0) {
					continue
				}
				box := p.Box(b.String())
				if got, err := data.ParseIn(box, p.Read, ParseBudget); err != nil || got != b {
					t.Fatalf("%s: %+v shows %q, which reads %+v, %v", tag, b, box, got, err)
				}
			}
		}
	})
}
