package state

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

func TestFootprintDefault(t *testing.T) {
	fp, notices := ParseFootprint(url.Values{})
	// Carbon and water show by default: the world's grid, the industry's
	// water use, on the dataset's GPU-only boundary.
	want := Footprint{Factors: footprint.Factors{Grid: footprint.Factor{Value: 480, Preset: "world", Set: true},
		WUE: footprint.Factor{Value: 1.8, Preset: "industry", Set: true}}}
	if fp != want || fp != DefaultFootprint() || len(notices) != 0 {
		t.Fatalf("ParseFootprint(empty) = %+v, %v; want %+v and no notice", fp, notices, want)
	}
	if _, ok := fp.Factors.Carbon(fp.Factors.Ladder(1)); !ok || !fp.Factors.IsGPUOnly() {
		t.Errorf("the default footprint gives no carbon figure, or not on the GPU-only boundary")
	}
	// A link with the default footprint is the one String has always written.
	q := data.DefaultQuery()
	link := "task=lm-arena-chat&model=qwen-3-14b&gpu=any&deadline=500ms&p=p50&tokens=1M"
	if got := fp.AppendTo(String(q)); got != link || String(q) != link || fp.String() != "" {
		t.Errorf("default link = %q (String %q, footprint %q), want %q", got, String(q), fp.String(), link)
	}
	// Stating the defaults changes nothing, and is not written back.
	for _, raw := range []string{"boundary=gpu", "grid=world", "wue=INDUSTRY", "grid=world&wue=industry&boundary=gpu"} {
		v, _ := url.ParseQuery(raw)
		fp, n := ParseFootprint(v)
		if len(n) != 0 || fp.String() != "" {
			t.Errorf("%s reads as %+v, %v, written back as %q", raw, fp, n, fp.String())
		}
	}
	// A link that asks for none gets none, and keeps asking.
	v, _ := url.ParseQuery("grid=none&wue=None")
	fp, n := ParseFootprint(v)
	if fp.Factors.Grid.Set || fp.Factors.WUE.Set || len(n) != 0 || fp.String() != "grid=none&wue=none" {
		t.Errorf("grid=none&wue=None reads as %+v, %v, written back as %q", fp, n, fp.String())
	}
	// A link that sets its own wins.
	v, _ = url.ParseQuery("grid=fr&wue=0.3")
	if fp, _ := ParseFootprint(v); fp.Factors.Grid.Value != 56 || fp.Factors.WUE != footprint.Number(0.3) {
		t.Errorf("grid=fr&wue=0.3 reads as %+v", fp)
	}
}

func TestFootprintRoundTrip(t *testing.T) {
	for _, raw := range []string{
		"boundary=cloud&wue=microsoft&price=0.12&cur=USD&budget=1+t",
		"grid=none&wue=microsoft",
		"boundary=cloud&pue=industry&grid=fr",
		"host=0.5&idle=0&pue=1.3&grid=250&wue=0&price=0&cur=EUR&budget=10+EUR",
		"wue=dry&budget=2+m3",
		"cur=GBP",
		"budget=3.6+MJ",
		"price=0.12", // kept, though no cost shows without a currency
		"grid=0.30000000000000004",
	} {
		v, _ := url.ParseQuery(raw)
		fp, notices := ParseFootprint(v)
		if len(notices) != 0 {
			t.Errorf("ParseFootprint(%q): unexpected notices %v", raw, notices)
		}
		if got := fp.String(); got != raw {
			t.Errorf("String(ParseFootprint(%q)) = %q", raw, got)
		}
	}
}

func TestFootprintSpellings(t *testing.T) {
	v, _ := url.ParseQuery("boundary=CLOUD&grid=World&pue=%201.2%20&cur=usd&budget=1%20t%20CO2e&wue=1,000e-3")
	fp, notices := ParseFootprint(v)
	want := Footprint{
		Factors: footprint.Factors{Boundary: "cloud", PUE: footprint.Number(1.2), Grid: footprint.Factor{Value: 480, Preset: "world", Set: true},
			WUE: footprint.Number(1), Currency: "USD"},
		Budget: footprint.Budget{Amount: 1, Unit: "t"},
	}
	if fp != want || len(notices) != 0 {
		t.Fatalf("ParseFootprint = %+v, %v; want %+v", fp, notices, want)
	}
	if got := fp.String(); got != "boundary=cloud&pue=1.2&wue=1&cur=USD&budget=1+t" {
		t.Errorf("String = %q", got)
	}
	// Parameters that are not the footprint's are not its business.
	if fp, n := ParseFootprint(url.Values{"task": {"gpqa"}, "hide": {"all"}}); fp != DefaultFootprint() || len(n) != 0 {
		t.Errorf("other parameters read as %+v, %v", fp, n)
	}
}

func TestFootprintNotices(t *testing.T) {
	for _, tc := range []struct {
		raw, param, value string
		fallback          string // in the message
		check             func(Footprint) bool
	}{
		{"boundary=aws", "boundary", "aws", "GPU only", func(fp Footprint) bool { return fp == DefaultFootprint() }},
		{"host=9", "host", "9", "showing 0, the value of the boundary", func(fp Footprint) bool { return !fp.Factors.Host.Set }},
		{"boundary=cloud&pue=0.5", "pue", "0.5", "showing 1.09, the value of the boundary", func(fp Footprint) bool {
			return fp.Factors.Boundary == "cloud" && !fp.Factors.PUE.Set && fp.Factors.Ladder(1).FacilityWh > 1.7
		}},
		{"idle=-1&grid=us", "idle", "-1", "must not be negative", func(fp Footprint) bool { return fp.Factors.Grid.Value == 367 }},
		{"grid=mars&wue=aws", "grid", "mars", "showing 480 g CO2e/kWh (World", func(fp Footprint) bool {
			return fp.Factors.Grid.Preset == DefaultGrid && fp.Factors.WUE.Preset == "aws"
		}},
		{"grid=2500", "grid", "2500", "from 0 to 2,000", func(fp Footprint) bool { return fp.Factors.Grid.Preset == DefaultGrid }},
		{"wue=lots", "wue", "lots", "showing 1.8 L/kWh (US industry average", func(fp Footprint) bool { return fp.Factors.WUE.Preset == DefaultWUE }},
		{"price=NaN&cur=USD", "price", "NaN", "showing no cost", func(fp Footprint) bool { return !fp.Factors.Price.Set && fp.Factors.Currency == "USD" }},
		{"price=0.1&cur=dollars", "cur", "dollars", "three-letter", func(fp Footprint) bool { return fp.Factors.Price.Set && fp.Factors.Currency == "" }},
		{"budget=lots", "budget", "lots", "showing no budget", func(fp Footprint) bool { return fp.Budget.IsZero() }},
		{"budget=", "budget", "", "no value given", func(fp Footprint) bool { return fp.Budget.IsZero() }},
		{"budget=5%20mWh", "budget", "5 mWh", "did you mean MWh", func(fp Footprint) bool { return fp.Budget.IsZero() }},
	} {
		v, _ := url.ParseQuery(tc.raw)
		fp, notices := ParseFootprint(v)
		if len(notices) != 1 || notices[0].Param != tc.param || notices[0].Value != tc.value {
			t.Errorf("ParseFootprint(%q) notices = %+v; want one for %s=%q", tc.raw, notices, tc.param, tc.value)
			continue
		}
		if m := notices[0].Message; !strings.Contains(m, tc.param+"=") || !strings.Contains(m, fmt.Sprintf("%q", tc.value)) || !strings.Contains(m, tc.fallback) {
			t.Errorf("ParseFootprint(%q) notice %q does not name the parameter, the value and %q", tc.raw, m, tc.fallback)
		}
		if !tc.check(fp) {
			t.Errorf("ParseFootprint(%q) = %+v: wrong fallback", tc.raw, fp)
		}
	}
	// A budget whose factor is missing is kept: the page says what it needs.
	fp, notices := ParseFootprint(url.Values{ParamBudget: {"1 t"}})
	if fp.Budget != (footprint.Budget{Amount: 1, Unit: "t"}) || len(notices) != 0 {
		t.Errorf("budget=1 t without grid = %+v, %v; want it kept without notice", fp, notices)
	}
}

// FuzzParseFootprint checks that no query string panics ParseFootprint, that
// each notice names its parameter and value, and that what it reads is
// written back to the same footprint, also after the calculator's own
// parameters.
func FuzzParseFootprint(f *testing.F) {
	set := load(f)
	for _, s := range []string{
		"", "boundary=cloud&grid=world&wue=microsoft&price=0.12&cur=USD&budget=1+t",
		"host=&idle=&pue=&grid=&wue=&price=&cur=&budget=&boundary=", "grid=1e999&pue=NaN&budget=1e-400+kWh",
		"boundary=gpu&boundary=cloud&grid=fr&grid=us", "budget=2%20m%C2%B3&cur=%E2%82%AC", "tokens=5M&budget=10+usd&price=1,000",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, _ := url.ParseQuery(raw)
		fp, notices := ParseFootprint(v)
		for _, n := range notices {
			if n.Param == "" || !strings.Contains(n.Message, n.Param+"=") || !strings.Contains(n.Message, fmt.Sprintf("%q", n.Value)) {
				t.Fatalf("ParseFootprint(%q): notice %+v does not name its parameter and value", raw, n)
			}
		}
		v2, _ := url.ParseQuery(fp.String())
		if fp2, n2 := ParseFootprint(v2); fp2 != fp || len(n2) != 0 {
			t.Fatalf("String(%+v) = %q reads back as %+v, %v", fp, fp.String(), fp2, n2)
		}
		q, _ := Parse(set, v)
		v3, _ := url.ParseQuery(fp.AppendTo(String(q)))
		if q3, n3 := Parse(set, v3); q3 != q || len(n3) != 0 {
			t.Fatalf("AppendTo(String(%+v)) reads back as %+v, %v", q, q3, n3)
		}
		if fp3, n3 := ParseFootprint(v3); fp3 != fp || len(n3) != 0 {
			t.Fatalf("AppendTo(String(q)) reads back as footprint %+v, %v", fp3, n3)
		}
	})
}

// TestBareFootprint: an embed shows only the footprint its URL sets, and
// writes back only that; a page's link read by an embed loses the page's
// defaults and keeps the rest.
func TestBareFootprint(t *testing.T) {
	fp, n := ParseBareFootprint(url.Values{})
	if fp != (Footprint{Bare: true}) || !fp.IsBase() || fp.String() != "" || len(n) != 0 {
		t.Errorf("ParseBareFootprint(empty) = %+v (%q), %v", fp, fp.String(), n)
	}
	v, _ := url.ParseQuery("grid=fr&wue=none")
	fp, _ = ParseBareFootprint(v)
	if fp.Factors.Grid.Preset != "fr" || fp.Factors.WUE.Set || fp.String() != "grid=fr" {
		t.Errorf("bare grid=fr&wue=none = %+v, written %q", fp, fp.String())
	}
	page, _ := ParseFootprint(mustParse(t, "boundary=cloud&wue=aws"))
	if e := page.Embedded(); e.Factors.Grid.Set || e.Factors.WUE.Preset != "aws" || e.Factors.Boundary != "cloud" || !e.Bare {
		t.Errorf("%+v embedded = %+v", page, e)
	}
}
