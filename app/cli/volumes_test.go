package cli

import (
	"regexp"
	"strings"
	"testing"
)

// unreadable finds what no reader should meet in a figure: an exponent
// ("1e+17", "1.5e-05"), a power of ten ("× 10⁻⁵"), a superscript other than
// m³'s, a non-finite number, and a whole number of five digits or more
// without its thousands separators ("12481141000"; not the digits after a
// point, in a row id or a link).
var unreadable = []*regexp.Regexp{
	regexp.MustCompile(`\d\.?\d*[eE][+-]\d`),
	regexp.MustCompile(`×\s?10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]`),
	regexp.MustCompile(`[⁰¹²⁴⁵⁶⁷⁸⁹⁻]|[^m]³`),
	regexp.MustCompile(`\b(NaN|Inf)\b`),
	regexp.MustCompile(`(^|[^0-9A-Za-z.,/_-])[0-9]{5,}`),
}

// figureUnits are the lines, by how they begin once trimmed, whose figures
// must carry their units, each with the units they may be in: "Water:
// 4.004 × 10⁻⁸   on site" carried none.
var figureUnits = map[string]*regexp.Regexp{
	"Energy:":     regexp.MustCompile(`^Energy:\s+[0-9][0-9,.]* (mJ|J|kJ|MJ|GJ|TJ|PJ|Wh|kWh|MWh|GWh)\b`),
	"Carbon:":     regexp.MustCompile(`^Carbon:\s+(less than )?[0-9][0-9,.]* (mg|g|kg|t) CO2e\b`),
	"Water:":      regexp.MustCompile(`^Water:\s+(less than )?[0-9][0-9,.]* (mL|L|m³) `),
	"Cost:":       regexp.MustCompile(`^Cost:\s+(less than )?[0-9][0-9,.]* USD\b`),
	"GPUs:":       regexp.MustCompile(`^GPUs:\s+[0-9][0-9,]* \([0-9][0-9,]* replicas? of `),
	"ITL median":  regexp.MustCompile(`; [0-9][0-9,.]* tokens/s; [0-9][0-9,]* W$`),
	"a batch in ": regexp.MustCompile(`^a batch in [0-9][0-9,.]* s; [0-9][0-9,.]* (images|videos)/s; [0-9][0-9,]* W$`),
	"Total at":    regexp.MustCompile(`^Total at this boundary\s+[0-9][0-9,.]* (mJ|J|kJ|MJ|GJ|TJ|PJ|Wh|kWh|MWh|GWh) `),
}

// TestEveryVolumeReads sweeps the volumes the command line accepts, from one
// token (image, video) to the largest, 1e18, and the traffic a plan takes,
// from a token a day to 1e15 at a peak of 1,000 times, through every text
// command, with a footprint: no figure is written as a power of ten or with
// an exponent, every large count keeps its separators, and every figure its
// unit.
func TestEveryVolumeReads(t *testing.T) {
	footprint := []string{"-boundary", "cloud", "-grid", "world", "-wue", "industry", "-price", "0.1", "-currency", "USD"}
	extremes := []string{"-host", "5", "-idle", "5", "-pue", "3", "-grid", "2000", "-wue", "20", "-price", "1000", "-currency", "USD"}
	var runs [][]string
	for _, v := range []string{"1", "1.5", "7", "1861", "12345", "1M", "2.5B", "1T", "1e15", "2.5e16", "1e17", "1e18"} {
		runs = append(runs,
			[]string{"calc", "-tokens", v},
			append([]string{"calc", "-tokens", v, "-budget", "1 t CO2e"}, footprint...),
			append([]string{"calc", "-task", "gpqa", "-model", "deepseek-r1", "-tokens", v}, extremes...),
			append([]string{"compare", "-tokens", v}, footprint...),
			[]string{"calc", "-task", "text-to-image", "-images", v, "-wue", "aws"},
			[]string{"compare", "-task", "text-to-video", "-videos", v, "-grid", "fr"},
		)
	}
	for _, rate := range []string{"1/day", "1/s", "12345/day", "1B/day", "1e15/day"} {
		for _, peak := range []string{"1", "1000"} {
			runs = append(runs,
				append([]string{"plan", "-rate", rate, "-peak", peak}, footprint...),
				[]string{"plan", "-rate", rate, "-peak", peak, "-model", "llama-3-1-405b-instruct"},
				[]string{"compare", "-rate", rate, "-peak", peak, "-grid", "world"},
			)
		}
	}
	for _, args := range runs {
		code, out, errs := runArgs(args...)
		what := strings.Join(args, " ")
		if code != exitOK {
			t.Errorf("%s: exit %d: %s", what, code, errs)
			continue
		}
		for line := range strings.Lines(out) {
			line = strings.TrimRight(line, "\n")
			for _, re := range unreadable {
				if m := re.FindString(line); m != "" {
					t.Errorf("%s: %q in %q", what, m, line)
				}
			}
			for head, re := range figureUnits {
				if l := strings.TrimSpace(line); strings.HasPrefix(l, head) && !re.MatchString(l) {
					t.Errorf("%s: a figure without its unit: %q", what, line)
				}
			}
		}
	}
	t.Logf("%d outputs read", len(runs))
}

// TestVolumesInWords: a volume reads with its separators and in the
// singular for one: "1,861 tokens" was "1861", one token "1 output tokens",
// 1e15 "1000T" and 1e17 "1e+17".
func TestVolumesInWords(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"calc -tokens 1861", "1,861 output tokens of Qwen 3 14B"},
		{"calc -tokens 1", "1 output token of Qwen 3 14B"},
		{"calc -tokens 1e15", "1,000T output tokens of"},
		{"calc -tokens 2.5e16", "25,000T output tokens of"},
		{"calc -tokens 1e17", "100,000T output tokens of"},
		{"calc -tokens 1e18", "1,000,000T output tokens of"},
		{"compare -tokens 1861", "1,861 output tokens on"},
		{"calc -task text-to-image -images 12345", "12,345 images of"},
		{"plan -rate 1/day", "Plan: 1 output token a day"},
		{"plan -rate 1e15/day -peak 1000 -model llama-3-1-405b-instruct", "1,000T output tokens a day"},
	} {
		_, out, errs := runArgs(strings.Fields(c.args)...)
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: want %q in\n%s%s", c.args, c.want, out, errs)
		}
	}
}
