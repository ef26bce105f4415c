package footprint

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"tokenjoule/data"
)

func TestParamParse(t *testing.T) {
	for _, tc := range []struct {
		p    *Param
		in   string
		want Factor
	}{
		{Grid, "world", Factor{480, "world", true}},
		{Grid, " WORLD ", Factor{480, "world", true}},
		{Grid, "In", Factor{713, "in", true}},
		{Grid, "480", Number(480)}, // a number stays a number, even a preset's
		{Grid, "0", Number(0)},
		{Grid, "2000", Number(2000)},
		{Grid, "1e3", Number(1000)},
		{Grid, "1,000", Number(1000)},
		{Grid, "12.5", Number(12.5)},
		{Host, "0.43", Number(0.43)},
		{Host, "cloud", Factor{0.43, "cloud", true}},
		{Host, "5", Number(5)},
		{Idle, "0", Number(0)},
		{PUE, "1", Number(1)},
		{PUE, "3", Number(3)},
		{PUE, "aws", Factor{1.15, "aws", true}},
		{PUE, "1.09", Number(1.09)},
		{WUE, "dry", Factor{0, "dry", true}},
		{WUE, "20", Number(20)},
		{WUE, "0.25", Number(0.25)},
		{Price, "0.12", Number(0.12)},
		{Price, "1000", Number(1000)},
		{Price, "0", Number(0)},
	} {
		got, err := tc.p.Parse(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("%s.Parse(%q) = %+v, %v; want %+v", tc.p.Name, tc.in, got, err, tc.want)
		}
	}
}

func TestParamRefused(t *testing.T) {
	for _, tc := range []struct {
		p      *Param
		in     string
		reason string // in the message
	}{
		{Grid, "2001", "must be from 0 to 2,000"},
		{Grid, "-5", "must not be negative"},
		{Grid, "mars", "world, us, fr"},
		{Grid, "", "no value given"},
		{Grid, "NaN", "use a number"},
		{Grid, "Inf", "use a number"},
		{Grid, "0x10", "use a number"},
		{Grid, "1_000", "use a number"},
		{Grid, "1e999", "use a number"},
		{Grid, "10,00", "use a number"},
		{Grid, ".5", "use a number"},
		{Grid, "5.", "use a number"},
		{Grid, "480 g", "use a number"},
		{Host, "5.01", "must be from 0 to 5"},
		{Host, "43%", "0.43 is +43%"},
		{Idle, "6", "must be from 0 to 5"},
		{PUE, "0.9", "must be from 1 to 3"},
		{PUE, "3.01", "must be from 1 to 3"},
		{PUE, "0", "must be from 1 to 3"},
		{WUE, "21", "must be from 0 to 20"},
		{WUE, "wet", "industry, microsoft, aws, dry"},
		{Price, "1001", "must be from 0 to 1,000"},
		{Price, "0.12 USD", "use a number"},
		{Price, "1" + strings.Repeat("0", 45), "use a number"},
	} {
		_, err := tc.p.Parse(tc.in)
		var bad *data.InputError
		if !errors.As(err, &bad) {
			t.Errorf("%s.Parse(%q) error = %v, want an *InputError", tc.p.Name, tc.in, err)
			continue
		}
		if msg := err.Error(); bad.Param != tc.p.Name || !strings.Contains(msg, data.Quote(tc.in)) || !strings.Contains(msg, tc.reason) {
			t.Errorf("%s.Parse(%q) = %q (param %q); want it to name the value and say %q", tc.p.Name, tc.in, msg, bad.Param, tc.reason)
		}
	}
}

func TestParamFormatRoundTrip(t *testing.T) {
	for _, p := range Params {
		xs := []Factor{Number(p.Min), Number(p.Max), Number(p.Min + 0.1 + 0.2)} // 0.30000000000000004 above Min
		for _, pr := range p.Presets {
			xs = append(xs, pr.Factor())
		}
		for _, x := range xs {
			s := p.Format(x)
			if got, err := p.Parse(s); err != nil || got != x {
				t.Errorf("%s.Parse(Format(%+v) = %q) = %+v, %v", p.Name, x, s, got, err)
			}
		}
		if p.Format(Factor{}) != "" {
			t.Errorf("%s.Format(unset) = %q, want \"\"", p.Name, p.Format(Factor{}))
		}
	}
	if s := Grid.Format(Number(1e-7)); s != "1e-07" {
		t.Errorf("Format(1e-7) = %q", s)
	}
}

func TestDescribe(t *testing.T) {
	for _, tc := range []struct {
		p    *Param
		x    Factor
		want string
	}{
		{Grid, Factor{480, "world", true}, "480 g CO2e/kWh (World, 2023, lifecycle)"},
		{Grid, Number(250), "250 g CO2e/kWh (your figure)"},
		{Host, Factor{0.43, "cloud", true}, "+43% of GPU energy (Large cloud provider, 2025, "},
		{PUE, Number(1.3), "1.3 (your figure)"},
		{Price, Number(0.12), "0.12 per kWh (your figure)"},
	} {
		if got := tc.p.Describe(tc.x); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s.Describe(%+v) = %q, want it to begin %q", tc.p.Name, tc.x, got, tc.want)
		}
	}
}

func TestParseCurrency(t *testing.T) {
	for in, want := range map[string]string{"USD": "USD", "usd": "USD", " eur ": "EUR", "Chf": "CHF"} {
		if got, err := ParseCurrency(in); err != nil || got != want {
			t.Errorf("ParseCurrency(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "US", "USDX", "U$D", "€", "E1R", "ＵＳＤ"} {
		_, err := ParseCurrency(in)
		var bad *data.InputError
		if !errors.As(err, &bad) || bad.Param != "cur" || !strings.Contains(err.Error(), fmt.Sprintf("%q", in)) || !strings.Contains(err.Error(), "three-letter") {
			t.Errorf("ParseCurrency(%q) error = %v", in, err)
		}
	}
}

func TestParseBoundary(t *testing.T) {
	for in, want := range map[string]string{"cloud": "cloud", " CLOUD": "cloud", "gpu": "", "GPU": ""} {
		if got, err := ParseBoundary(in); err != nil || got != want {
			t.Errorf("ParseBoundary(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	_, err := ParseBoundary("aws")
	if err == nil || !strings.Contains(err.Error(), `"aws"`) || !strings.Contains(err.Error(), "cloud") {
		t.Errorf("ParseBoundary(aws) error = %v", err)
	}
}

// FuzzParam checks every factor's parser, the currency's and the boundary's:
// no input panics; what is accepted is within bounds and reads back the same
// from Format; what is refused is an InputError that quotes the input.
func FuzzParam(f *testing.F) {
	for _, s := range []string{"world", "480", "0.43", "1,000", "1e3", "-1", "NaN", "0x1p3", "1e-400", "usd", "cloud", " 1 ", strings.Repeat("9", 50)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		refused := func(name string, err error) {
			var bad *data.InputError
			if !errors.As(err, &bad) || bad.Param != name || !strings.Contains(err.Error(), data.Quote(s)) {
				t.Fatalf("%s %q: error %v does not name the value", name, s, err)
			}
		}
		for _, p := range Params {
			x, err := p.Parse(s)
			if err != nil {
				refused(p.Name, err)
				continue
			}
			if !x.Set || math.IsNaN(x.Value) || x.Value < p.Min || x.Value > p.Max {
				t.Fatalf("%s.Parse(%q) = %+v: out of bounds", p.Name, s, x)
			}
			if y, err := p.Parse(p.Format(x)); err != nil || y != x {
				t.Fatalf("%s: %q reads as %+v, written %q, which reads as %+v, %v", p.Name, s, x, p.Format(x), y, err)
			}
		}
		if c, err := ParseCurrency(s); err != nil {
			refused("cur", err)
		} else if len(c) != 3 || strings.ToUpper(c) != c {
			t.Fatalf("ParseCurrency(%q) = %q", s, c)
		}
		if _, err := ParseBoundary(s); err != nil {
			refused("boundary", err)
		}
	})
}
