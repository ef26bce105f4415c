package export

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// notForReaders finds what no reader should meet in a figure: an exponent
// ("1e+17"), a power of ten ("× 10⁻⁵"), a superscript other than m³'s, a
// non-finite number, and a whole number of five digits or more without its
// thousands separators (not the digits after a point, nor a row id's or a
// link's).
var notForReaders = regexp.MustCompile(`\d\.?\d*[eE][+-]\d|×\s?10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]|[⁰¹²⁴⁵⁶⁷⁸⁹⁻]|[^m]³|\b(NaN|Inf)\b|(^|[^0-9A-Za-z.,/_=-])[0-9]{5,}`)

func expectReadable(t *testing.T, what, s string) {
	t.Helper()
	if m := notForReaders.FindString(s); m != "" {
		t.Errorf("%s: %q in %q", what, m, s)
	}
}

// TestFormattersRead sweeps every formatter of figures from 1e-30 to 1e30,
// past anything a volume up to the 1e18 tokens accepted gives (1e18 tokens
// at the most J/token measured, × the widest boundary, in carbon at the
// highest grid intensity, is below 1e21 g): each figure reads without a
// power of ten or an exponent, keeps its separators, and ends in its unit.
func TestFormattersRead(t *testing.T) {
	units := func(names ...string) *regexp.Regexp {
		return regexp.MustCompile(`^(less than |more than )?-?[0-9][0-9,]*(\.[0-9]+)? (` + strings.Join(names, "|") + `)$`)
	}
	energy := units("mJ", "J", "kJ", "MJ", "GJ", "TJ", "PJ", "Wh", "kWh", "MWh", "GWh")
	formatters := []struct {
		name   string
		format func(float64) string
		unit   *regexp.Regexp
	}{
		{"FormatEnergy", data.FormatEnergy, energy},
		{"FormatJoules", data.FormatJoules, energy},
		{"FormatCarbon", footprint.FormatCarbon, units("mg CO2e", "g CO2e", "kg CO2e", "t CO2e")},
		{"FormatWater", footprint.FormatWater, units("mL", "L", "m³")},
		{"FormatMoney", func(v float64) string { return footprint.FormatMoney(v, "USD") }, units("USD")},
		{"FormatPower", plan.FormatPower, units("W", "kW", "MW")},
		{"FormatRatePerSecond", plan.FormatRatePerSecond, units("tokens/s")},
		{"FormatNumber", func(v float64) string { return data.FormatNumber(v) + " GPU-hours" }, units("GPU-hours")},
		{"FormatPercent", plan.FormatPercent, regexp.MustCompile(`^[0-9][0-9,]*(\.[0-9])?%$`)},
		{"FormatChange", func(v float64) string { return data.FormatChange(v, 1) }, regexp.MustCompile(`^[+-][0-9][0-9,]*\.[0-9]%$`)},
	}
	for e := -30; e <= 30; e++ {
		for _, m := range []float64{1, 2.5, 9.9996} {
			v := m * math.Pow(10, float64(e))
			for _, f := range formatters {
				s := f.format(v)
				expectReadable(t, f.name, s)
				if !f.unit.MatchString(s) {
					t.Errorf("%s(%v) = %q: not a number and its unit", f.name, v, s)
				}
			}
		}
	}
	// A value that is not a finite number comes only from a bug upstream;
	// the formatters, which every figure a person reads goes through, write
	// it as no figure, never as NaN or Inf.
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, f := range formatters {
			if s := f.format(v); !strings.Contains(s, data.NoFigure) || strings.Contains(s, "NaN") || strings.Contains(s, "Inf") {
				t.Errorf("%s(%v) = %q, want %q", f.name, v, s, data.NoFigure)
			}
		}
		for _, s := range []string{data.FormatMS(v), data.FormatITL(v, 50), data.FormatRatio(v), data.FormatChange(1, v), data.FormatChange(v, 1),
			data.ReadableVolume(v), data.FormatTokens(v), plan.FormatCount(v), data.FormatParams(v)} {
			if strings.Contains(s, "NaN") || strings.Contains(s, "Inf") {
				t.Errorf("a formatter of %v wrote %q", v, s)
			}
		}
	}
	// Counts: volumes, GPUs, tokens a day. A volume as the input box and the
	// link write it (FormatTokens) has no separators, and no exponent either.
	for _, v := range []float64{1, 1.5, 7, 1861, 12345, 1e6, 2.5e9, 1e12, 1e15, 2.5e16, 1e17, 123456789012345678, 1e18} {
		for _, s := range []string{data.ReadableVolume(v), data.Tokens.VolumeWords(v), data.Images.VolumeWords(v), plan.FormatCount(v)} {
			expectReadable(t, "a volume", s)
		}
		for _, s := range []string{data.FormatTokens(v), data.FormatRate(data.Rate{Tokens: v, Per: data.Day})} {
			if strings.ContainsAny(s, "eE") {
				t.Errorf("%v is written %q", v, s)
			}
		}
		if v == math.Trunc(v) {
			expectReadable(t, "FormatInt", data.FormatInt(int(v)))
		}
	}
}

// TestTextsRead: the summaries, the cards (and so their pictures) of the
// calculator, the compare page and the plan, for volumes from one token to
// the largest accepted and traffic from a token a day to 1e15, with a
// footprint: no figure written as a power of ten or with an exponent, every
// large count with its separators.
func TestTextsRead(t *testing.T) {
	s := load(t)
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid, _ = footprint.Grid.Parse("world")
	f.WUE, _ = footprint.WUE.Parse("industry")
	f.Price, f.Currency = footprint.Number(0.1), "USD"
	for task, model := range map[string]string{"lm-arena-chat": "qwen-3-14b", "text-to-video": "wan-2-1-14b"} {
		for _, v := range []float64{1, 1.5, 1861, 12345, 1e6, 2.5e9, 1e15, 2.5e16, 1e17, 1e18} {
			q := data.DefaultQuery()
			q.Task, q.Model, q.Tokens, q.DeadlineMS = task, model, v, data.TaskKind(task).DefaultDeadlineMS
			r := selectQ(t, s, q)
			expectReadable(t, "Summary", Summary(r, f, ""))
			expectReadable(t, "Card", CardOf(r, f).Alt())
			rk, err := s.Compare(q)
			if err != nil {
				t.Fatal(err)
			}
			expectReadable(t, "CompareSummary", CompareSummary(rk, &s.Index, f, ""))
			expectReadable(t, "CompareCard", CompareCardOf(rk, &s.Index).Alt())
		}
	}
	for _, rate := range []float64{1, 12345, 1e9, 1e15} {
		for _, peak := range []float64{1, 1000} {
			tr := plan.Traffic{Rate: data.Rate{Tokens: rate, Per: data.Day}, Peak: peak}
			for _, model := range []string{"qwen-3-14b", "llama-3-1-405b-instruct"} {
				q := data.DefaultQuery()
				q.Model = model
				p, err := plan.Make(s, q, tr)
				if err != nil {
					t.Fatal(err)
				}
				expectReadable(t, "PlanCard", PlanCardOf(p, f).Alt())
				expectReadable(t, "Words", tr.Words())
			}
			rk, err := plan.Compare(s, data.DefaultQuery(), tr)
			if err != nil {
				t.Fatal(err)
			}
			expectReadable(t, "PlanCompareSummary", PlanCompareSummary(rk, &s.Index, f, ""))
			expectReadable(t, "PlanCompareCard", PlanCompareCardOf(rk, &s.Index).Alt())
		}
	}
}
