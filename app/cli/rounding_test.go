package cli

import (
	"strings"
	"testing"
)

// TestFiguresRoundedOnce: the energy per token and the throughput are
// written from the leaderboard's measured values, rounded once. GPT OSS
// 120B on B200 within 10 ms measured 0.20634999 J/token (the row's 0.20635
// would read 0.2064), Nemotron Nano 9B V2 on one H100 at a batch size limit
// of 16 1398.47 tokens/s (the row's 1398.5 would read 1,399).
func TestFiguresRoundedOnce(t *testing.T) {
	for _, c := range []struct {
		args      []string
		want, not string
	}{
		{[]string{"calc", "-task", "gpqa", "-model", "gpt-oss-120b", "-gpu", "B200", "-deadline", "10ms"}, "0.2063 J per token", "0.2064"},
		{[]string{"compare", "-task", "gpqa", "-gpu", "B200", "-deadline", "10ms"}, "  0.2063  ", "0.2064"},
		{[]string{"calc", "-task", "lm-arena-chat", "-model", "nvidia-nemotron-nano-9b-v2", "-gpu", "H100", "-deadline", "10ms"}, "; 1,398 tokens/s;", "1,399"},
	} {
		code, out, errs := runArgs(c.args...)
		if code != exitOK || !strings.Contains(out, c.want) || strings.Contains(out, c.not) {
			t.Errorf("%s: exit %d, want %q and no %q:\n%s%s", strings.Join(c.args, " "), code, c.want, c.not, out, errs)
		}
	}
}
