package cli

import (
	"regexp"
	"strings"
	"testing"

	"tokenjoule/data"
)

// hostileValues are values a flag may be given by mistake or on purpose:
// empty, huge, tiny, negative, not numbers, markup, control characters, and
// the edges of what each flag takes.
var hostileValues = []string{
	"", " ", "0", "-0", "-1", "1e-300", "1e300", "1e18", "1e19", "9e15", "1e15", "1e17", "NaN", "Inf", "-Inf", "+Inf",
	"0x10", "1_000", "١٢٣", "1,,000", "2.5.5", "∞", "1e", "e5", "1k/s", "0/day", "1e15/day", "2e15/day", "1/s",
	`Q8" autofocus onfocus=alert(1) x="`, "<script>alert(1)</script>", "\x00", "\n", "%00", "../../etc/passwd",
	"p99", "99", "P50", "p100", "any", "H100", "B200", "A100", "cloud", "gpu", "industry", "world", "none",
	"text-to-image", "text-to-video", "gpqa", "1000", "3", "1 t", "1 kWh", "10 USD", "USD", "usd", "US$",
}

// The flags of calc, compare and plan, each given every hostile value, alone
// and beside the volumes and rates that reach the planner's and the
// formatters' edges: every run exits 0, 2 or 3, says why on stderr when it
// exits 2, and no figure reads Inf, NaN or a power of ten written with e+.
func TestHostileFlagValues(t *testing.T) {
	if testing.Short() {
		t.Skip("thousands of runs")
	}
	flags := map[string][]string{
		"calc": {"-task", "-model", "-gpu", "-deadline", "-percentile", "-tokens", "-images", "-videos",
			"-boundary", "-host", "-idle", "-pue", "-grid", "-wue", "-price", "-currency", "-budget"},
		"compare": {"-task", "-gpu", "-deadline", "-percentile", "-tokens", "-rate", "-peak", "-idle-watts", "-pue", "-grid", "-price"},
		"plan":    {"-task", "-model", "-gpu", "-deadline", "-percentile", "-rate", "-peak", "-idle-watts", "-host", "-pue", "-wue"},
	}
	edges := map[string][][]string{
		"calc":    {nil, {"-tokens", "1e18", "-grid", "world", "-wue", "industry", "-price", "0.12", "-currency", "USD"}, {"-tokens", "1"}, {"-task", "text-to-video", "-videos", "1e18"}},
		"compare": {nil, {"-rate", "1e15/day", "-peak", "1000"}, {"-tokens", "1"}, {"-task", "text-to-image", "-images", "1e18"}},
		"plan":    {nil, {"-rate", "1e15/day", "-peak", "1000", "-model", "llama-3-1-405b-instruct"}, {"-rate", "1/day", "-idle-watts", "0"}},
	}
	// One dataset for the thousands of runs, loaded once.
	set, err := loadSet()
	if err != nil {
		t.Fatal(err)
	}
	defer func(load func() (*data.Set, error)) { loadSet = load }(loadSet)
	loadSet = func() (*data.Set, error) { return set, nil }
	bad := regexp.MustCompile(`(^|[^\pL\pN_.])[-+]?(Inf|NaN)([^\pL\pN_]|$)|\de\+\d`)
	runs := map[int]int{}
	for cmd, names := range flags {
		for _, edge := range edges[cmd] {
			for _, name := range names {
				for _, v := range hostileValues {
					for _, output := range []string{"", "-json", "-csv"} {
						if output == "-csv" && cmd == "calc" {
							continue
						}
						args := append(append([]string{cmd}, edge...), name, v)
						if output != "" {
							args = append(args, output)
						}
						code, out, errs := runArgs(args...)
						runs[code]++
						switch {
						case code != exitOK && code != exitBadInput && code != exitInfeasible:
							t.Errorf("%q: exit %d: %s", args, code, errs)
						case code == exitBadInput && (out != "" || !strings.Contains(errs, "not accepted") && !strings.Contains(errs, "flag")):
							t.Errorf("%q: exit 2 with %d bytes on stdout and stderr %q", args, len(out), errs)
						case bad.MatchString(out):
							t.Errorf("%q: the output holds %q", args, bad.FindString(out))
						}
					}
				}
			}
		}
	}
	t.Logf("%d runs: %d answered, %d refused (exit 2), %d infeasible (exit 3)",
		runs[exitOK]+runs[exitBadInput]+runs[exitInfeasible], runs[exitOK], runs[exitBadInput], runs[exitInfeasible])
}
