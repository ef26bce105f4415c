package footprint

import (
	"errors"
	"math"
	"strings"
	"testing"

	"tokenjoule/data"
)

func TestParseBudget(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Budget
		measure Measure
		base    float64 // in Wh, g, L or the currency, worked out by hand
	}{
		{"3600 J", Budget{3600, "J"}, Energy, 1},
		{"36 kJ", Budget{36, "kJ"}, Energy, 10},
		{"3.6 MJ", Budget{3.6, "MJ"}, Energy, 1000},
		{"1 GJ", Budget{1, "GJ"}, Energy, 277777.77777777775}, // 1e9 / 3600
		{"5 Wh", Budget{5, "Wh"}, Energy, 5},
		{"500 kWh", Budget{500, "kWh"}, Energy, 500000},
		{"2 MWh", Budget{2, "MWh"}, Energy, 2e6},
		{"1.5 GWh", Budget{1.5, "GWh"}, Energy, 1.5e9},
		// Issue 15, item 12: "1 TWh" was read as a currency.
		{"1 TWh", Budget{1, "TWh"}, Energy, 1e12},
		{"2 twh", Budget{2, "TWh"}, Energy, 2e12},
		{"3.6 TJ", Budget{3.6, "TJ"}, Energy, 1e9},
		{"1 KWH", Budget{1, "kWh"}, Energy, 1000},
		{"1,000 kWh", Budget{1000, "kWh"}, Energy, 1e6},
		{"2e3kWh", Budget{2000, "kWh"}, Energy, 2e6},
		{"5 mj", Budget{}, 0, 0}, // millijoules: refused below, not read as MJ
		{"5 g", Budget{5, "g"}, Carbon, 5},
		{"250 kg CO2", Budget{250, "kg"}, Carbon, 250000},
		{"1 t CO2e", Budget{1, "t"}, Carbon, 1e6},
		{"1tCO2e", Budget{1, "t"}, Carbon, 1e6},
		{"0.5 T co₂e", Budget{0.5, "t"}, Carbon, 500000},
		{"500 mL", Budget{500, "mL"}, Water, 0.5},
		{"3 L", Budget{3, "L"}, Water, 3},
		{"3 l", Budget{3, "L"}, Water, 3},
		{"2 m3", Budget{2, "m3"}, Water, 2000},
		{"2 m³", Budget{2, "m3"}, Water, 2000},
		{"10 USD", Budget{10, "USD"}, Money, 10},
		{" 10 usd ", Budget{10, "USD"}, Money, 10},
		{"2.5EUR", Budget{2.5, "EUR"}, Money, 2.5},
	} {
		if tc.want.IsZero() {
			continue
		}
		got, err := ParseBudget(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseBudget(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			continue
		}
		if got.Measure() != tc.measure || !near(got.Base(), tc.base) {
			t.Errorf("ParseBudget(%q): measure %v, base %v; want %v, %v", tc.in, got.Measure(), got.Base(), tc.measure, tc.base)
		}
		if back, err := ParseBudget(got.String()); err != nil || back != got {
			t.Errorf("ParseBudget(%q).String() = %q reads back as %+v, %v", tc.in, got.String(), back, err)
		}
	}
}

func TestParseBudgetRefused(t *testing.T) {
	for _, tc := range []struct{ in, reason string }{
		{"", "no value given"},
		{"100", "say what it is in"},
		{"kWh", "use a positive number"},
		{"0 kWh", "must be greater than 0"},
		{"-5 kWh", "must be greater than 0"},
		{"1 mWh", "kWh, MWh"},   // milliwatt-hours: not offered, not guessed as MWh
		{"5 ML", "mL, L or m3"}, // megalitres: not guessed as mL
		{"5 mj", "use a positive"},
		{"1 kWh CO2e", "CO2e goes with g, kg or t"},
		{"1 USD CO2e", "use a positive"},
		{"1 t CO2e extra", "use a positive"},
		{"10 US", "use a positive"},
		{"10 DOLLARS", "use a positive"},
		{"NaN kWh", "use a positive"},
		{"1e999 kWh", "use a positive"},
		{"1e308 TWh", "too large"},
		{"1 TWh CO2e", "CO2e goes with g, kg or t"},
		{"1..2 kWh", "use a positive"},
		{"$10", "use a positive"},
	} {
		_, err := ParseBudget(tc.in)
		var bad *data.InputError
		if !errors.As(err, &bad) || bad.Param != "budget" || !strings.Contains(err.Error(), data.Quote(tc.in)) || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("ParseBudget(%q) error = %v; want an InputError naming the value and saying %q", tc.in, err, tc.reason)
		}
	}
}

func TestBudgetDescribe(t *testing.T) {
	for in, want := range map[string]string{"1 t": "1 t CO2e", "2 m3": "2 m³", "10 usd": "10 USD", "1500 kWh": "1,500 kWh", "500 mL": "500 mL"} {
		b, _ := ParseBudget(in)
		if got := b.Describe(); got != want {
			t.Errorf("Describe(%q) = %q, want %q", in, got, want)
		}
	}
	if (Budget{}).String() != "" || (Budget{}).Describe() != "" || !(Budget{}).IsZero() {
		t.Error("the zero Budget is not empty")
	}
}

func TestFit(t *testing.T) {
	// 0.36 J per token is 1e-4 Wh; the cloud boundary multiplies it by 1.744
	// (facility) or 1.6 (fleet, for water).
	c := &data.Config{JoulesPerToken: 0.36, AvgOutputTokens: 500, Measured: &data.Measured{JoulesPerToken: 0.36, JoulesPerRequest: 180}}
	f := Factors{Boundary: "cloud", Grid: Factor{480, "world", true}, WUE: Factor{1.8, "industry", true}, Price: Number(0.12), Currency: "USD"}
	for _, tc := range []struct {
		budget           string
		tokens, requests float64
	}{
		// 1000 Wh / (1e-4 × 1.744 Wh)
		{"1 kWh", 5733944.9541284405, 11467.88990825688},
		{"3.6 MJ", 5733944.9541284405, 11467.88990825688},
		// 1e6 g / (1e-4 × 1.744 / 1000 kWh × 480 g/kWh)
		{"1 t", 11945718654.434252, 23891437.308868505},
		// 2000 L / (1e-4 × 1.6 / 1000 kWh × 1.8 L/kWh)
		{"2 m3", 6944444444.444445, 13888888.88888889},
		// 10 USD / (1e-4 × 1.744 / 1000 kWh × 0.12 USD/kWh)
		{"10 USD", 477828746.1773701, 955657.4923547402},
	} {
		b, err := ParseBudget(tc.budget)
		if err != nil {
			t.Fatal(err)
		}
		got, err := f.Fit(b, c)
		if err != nil || !near(got.Tokens, tc.tokens) || !near(got.Requests, tc.requests) {
			t.Errorf("Fit(%s) = %+v, %v; want %v tokens, %v requests", tc.budget, got, err, tc.tokens, tc.requests)
		}
	}
	// GPU only, 1 kWh buys 1000 / 1e-4 = 1e7 tokens, 20,000 requests.
	if got, err := (Factors{}).Fit(Budget{1, "kWh"}, c); err != nil || !near(got.Tokens, 1e7) || !near(got.Requests, 20000) {
		t.Errorf("GPU-only Fit(1 kWh) = %+v, %v; want 1e7 tokens, 20000 requests", got, err)
	}

	for _, tc := range []struct {
		f      Factors
		budget Budget
		reason string
	}{
		{Factors{}, Budget{1, "t"}, "needs a grid carbon intensity (grid)"},
		{Factors{}, Budget{1, "L"}, "needs a water usage effectiveness (wue)"},
		{Factors{}, Budget{10, "USD"}, "needs an electricity price per kWh and its currency, USD"},
		{Factors{Price: Number(0.1)}, Budget{10, "USD"}, "needs an electricity price per kWh and its currency"},
		{f, Budget{10, "EUR"}, "the price is in USD, and nothing is converted"},
		{Factors{Grid: Number(0)}, Budget{1, "t"}, "any volume fits"},
		{Factors{}, Budget{}, "no budget given"},
		{Factors{Grid: Number(1e-300)}, Budget{1e300, "t"}, "1e18"},
		// Issue 15, item 12: 1e30 t paid for 1.6e41 tokens, past the
		// largest volume; what pays for less than a token is no answer either.
		{f, Budget{1e30, "t"}, "more than 1e18 output tokens"},
		{Factors{}, Budget{1e12, "TWh"}, "more than 1e18 output tokens"},
		{f, Budget{1e-9, "USD"}, "less than one output token"},
		{Factors{}, Budget{0.01, "J"}, "less than one output token"},
	} {
		fit, err := tc.f.Fit(tc.budget, c)
		var bad *data.InputError
		if !errors.As(err, &bad) || bad.Param != "budget" || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("Fit(%+v) with %+v: %+v, error %v, want one saying %q", tc.budget, tc.f, fit, err, tc.reason)
		}
	}
	// An image or video model's budget counts what it makes (below one
	// image is no volume either).
	image := data.Config{BatchSize: 4, JoulesPerItem: 1000, Measured: &data.Measured{JoulesPerItem: 1000}}
	video := image
	video.Frames = 81
	for _, tc := range []struct {
		c      *data.Config
		budget Budget
		reason string
	}{
		{&image, Budget{1e30, "TWh"}, "more than 1e18 images"},
		{&image, Budget{1e-6, "J"}, "less than one image"},
		{&video, Budget{1e-6, "J"}, "less than one video"},
	} {
		if _, err := (Factors{}).Fit(tc.budget, tc.c); err == nil || !strings.Contains(err.Error(), tc.reason) {
			t.Errorf("Fit(%+v) for a diffusion model: %v, want an error saying %q", tc.budget, err, tc.reason)
		}
	}
	// The limits themselves are answers: one token, and 1e18.
	for _, b := range []Budget{{0.36, "J"}, {0.999e14, "Wh"}} {
		if fit, err := (Factors{}).Fit(b, c); err != nil || fit.Tokens < 1 || fit.Tokens > 1e18 {
			t.Errorf("Fit(%+v) = %+v, %v; want an answer", b, fit, err)
		}
	}
}

// FuzzParseBudget checks that no input panics ParseBudget, that what it
// accepts is a positive, finite amount that String writes back exactly, and
// that what it refuses it names.
func FuzzParseBudget(f *testing.F) {
	for _, s := range []string{"1 t CO2e", "500 kWh", "2 m³", "10 usd", "1e3J", "-1 kg", "1 mWh", "5 ML", "0x1p3 kWh", "1,000.5 GWh", "1 co₂e", "9e999 L", "1e-400 kWh", "1 TWh", "1e308 TWh", "5 tj"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseBudget(s)
		if err != nil {
			var bad *data.InputError
			if !errors.As(err, &bad) || bad.Param != "budget" || !strings.Contains(err.Error(), data.Quote(s)) {
				t.Fatalf("ParseBudget(%q) error %v does not name the value", s, err)
			}
			return
		}
		if !(b.Amount > 0) || math.IsInf(b.Amount, 0) || b.Measure() == 0 || !(b.Base() > 0) || math.IsInf(b.Base(), 0) ||
			b.Measure() == Money && b.Unit == "TWH" {
			t.Fatalf("ParseBudget(%q) = %+v (base %v)", s, b, b.Base())
		}
		if back, err := ParseBudget(b.String()); err != nil || back != b {
			t.Fatalf("ParseBudget(%q) = %+v, written %q, reads back as %+v, %v", s, b, b.String(), back, err)
		}
	})
}
