package data

import "testing"

// The dataset's repeated runs, from the leaderboard's rows (J per token):
// gpqa gpt-oss-20b H100 × 1 at 96, 0.08762510145959024 and
// 0.09217403713356308; lm-arena-chat Qwen 3 30B A3B on H100 × 2 at 256,
// 0.13347257800378423 and 0.14702179429298418, and at 512,
// 0.09877369834406177 and 0.11750807799201222. Each is worked out by hand:
// 1M tokens × J / 3600 Wh; apart, high / low − 1.
func TestRunSpread(t *testing.T) {
	s := mustLoad(t)
	for _, tc := range []struct {
		q    Query
		want string
	}{
		// 0.092174 / 0.087625 = 1.0519; 24.34 and 25.6 Wh.
		{Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 15, Percentile: P50, Tokens: 1e6},
			"Measured twice with these settings: 0.08763 to 0.09217 J per token, 5.2% apart; 24.34 to 25.6 Wh of GPU energy for this volume."},
		// 0.147022 / 0.133473 = 1.1015; 37.08 and 40.84 Wh.
		{Query{Task: "lm-arena-chat", Model: "qwen-3-30b-a3b-instruct", GPU: "H100", DeadlineMS: 35, Percentile: P50, Tokens: 1e6},
			"Measured twice with these settings: 0.1335 to 0.147 J per token, 10.2% apart; 37.08 to 40.84 Wh of GPU energy for this volume."},
		// 0.117508 / 0.098774 = 1.1897; 1B tokens: 27.44 and 32.64 kWh.
		{Query{Task: "lm-arena-chat", Model: "qwen-3-30b-a3b-instruct", GPU: "H100", DeadlineMS: 48, Percentile: P50, Tokens: 1e9},
			"Measured twice with these settings: 0.09877 to 0.1175 J per token, 19.0% apart; 27.44 to 32.64 kWh of GPU energy for this volume."},
	} {
		r, err := s.Select(tc.q)
		if err != nil {
			t.Fatal(err)
		}
		rs, ok := r.RunSpread()
		if !ok || rs.Sentence() != tc.want {
			t.Errorf("%s at %v ms (%s): %q, want %q", tc.q.Model, tc.q.DeadlineMS, r.Selected.RowID, rs.Sentence(), tc.want)
		}
	}
	// Measured once: no spread.
	r, err := s.Select(Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 20, Percentile: P50, Tokens: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	if rs, ok := r.RunSpread(); ok || rs.Sentence() != "" {
		t.Errorf("%s, measured once: %q", r.Selected.RowID, rs.Sentence())
	}
}
