package data

import (
	"fmt"
	"testing"
)

// TestFiguresAreRoundedOnce goes over every configuration the leaderboard
// published and checks that the energy per token (or image, or video), the
// Wh per million tokens and the throughput a configuration is shown with are
// the published values rounded once, as FormatNumber writes them: not the
// dataset row's rounded value rounded again, which reads 0.2064 J/token for
// a measured 0.20634999 and 1,399 tokens/s for a measured 1398.47.
func TestFiguresAreRoundedOnce(t *testing.T) {
	s := mustLoad(t)
	rows, mismatches := 0, map[string]int{}
	for task, configurations := range leaderboardFiles(t) {
		k := TaskKind(task)
		runs := map[string]int{}
		for _, raw := range configurations {
			num := func(key string) float64 { v, _ := raw[key].(float64); return v }
			nickname, _ := raw["nickname"].(string)
			gpu, _ := raw["gpu_model"].(string)
			id := fmt.Sprintf("%s/%s/%v/%v", Slug(nickname), gpu, num("num_gpus"), num("max_num_seqs"))
			energy, throughput := num("energy_per_token_joules"), num("output_throughput_tokens_per_sec")
			if k.Diffusion() {
				id = fmt.Sprintf("%s/%s/%v/b%v/u%vr%v", Slug(nickname), gpu, num("num_gpus"), num("batch_size"), num("ulysses_degree"), num("ring_degree"))
				energy, throughput = num("energy_per_"+k.Item+"_joules"), num("throughput_"+k.Items+"_per_sec")
			}
			if runs[id]++; runs[id] > 1 {
				id += fmt.Sprintf("/r%d", runs[id])
			}
			c := configuration(t, s, task, nickname, id)
			if c == nil {
				continue
			}
			rows++
			shown := []struct{ what, got, want string }{
				{"J per " + k.Item, FormatNumber(c.Joules()), FormatNumber(energy)},
				{k.Items + " per second", FormatNumber(c.Throughput()), FormatNumber(throughput)},
			}
			if !k.Diffusion() {
				shown = append(shown, struct{ what, got, want string }{"Wh per million tokens", FormatNumber(c.WhPerMillion()), FormatNumber(energy * 1e6 / 3600)})
			}
			for _, f := range shown {
				if f.got != f.want {
					mismatches[f.what]++
					t.Errorf("%s %s: %s shown as %s, want %s (the published value rounded once)", task, id, f.what, f.got, f.want)
				}
			}
		}
	}
	t.Logf("%d configurations checked; figures shown otherwise than the published value rounded once: %v", rows, mismatches)
	if rows < 1800 {
		t.Errorf("%d configurations checked, want every one the leaderboard published (1,858)", rows)
	}
}

// configuration is the dataset row of the model's configuration id on task.
func configuration(t *testing.T, s *Set, task, model, id string) *Config {
	m, err := s.Model(task, model)
	if err != nil {
		t.Errorf("%s %s: %v", task, model, err)
		return nil
	}
	for i := range m.Configurations {
		if c := &m.Configurations[i]; c.RowID == id {
			return c
		}
	}
	t.Errorf("%s: no configuration %s in the dataset", task, id)
	return nil
}
