package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tokenjoule/data"
)

// goodDiffusionRow is a valid row of a diffusion task of kind k: a batch of
// batch items in latency s at 1000 W on n GPUs split u × n/u, so that its
// energy per item is 1000 × latency / batch and its throughput batch /
// latency, as the leaderboard's rows are.
func goodDiffusionRow(k *data.Kind, gpu string, n, batch, u int, latency float64) map[string]any {
	r := map[string]any{
		"model_id": "org/Gen-2B", "nickname": "Gen 2B", "total_params_billions": 2.0, "activated_params_billions": 2.0,
		"weight_precision": "bfloat16", "gpu_model": gpu, "num_gpus": n, "batch_size": batch,
		"ulysses_degree": u, "ring_degree": n / u, "inference_steps": 28,
		"batch_latency_s": latency, "avg_power_watts": 1000.0,
		"energy_per_" + k.Item + "_joules":   1000 * latency / float64(batch),
		"throughput_" + k.Items + "_per_sec": float64(batch) / latency,
		k.Item + "_width":                    1024,
		k.Item + "_height":                   768,
	}
	if k == data.Videos {
		r["num_frames"], r["fps"] = 81, 16
	}
	return r
}

func TestDiffusionFixtureImports(t *testing.T) {
	files, err := Render(fixtureFor(t, "text-to-video", func(rows []map[string]any) []map[string]any {
		return append(rows, goodDiffusionRow(data.Videos, "H100", 2, 4, 2, 2)) // a second run of the first
	}))
	if err != nil {
		t.Fatal(err)
	}
	var m data.Model
	if err := json.Unmarshal(files["text-to-video/gen-2b.json"], &m); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range m.Configurations {
		ids = append(ids, c.RowID)
	}
	// Sorted by GPU, GPUs, batch; the repeated run numbered.
	if want := []string{"gen-2b/B200/1/b8/u1r1", "gen-2b/H100/2/b4/u2r1", "gen-2b/H100/2/b4/u2r1/r2"}; !slices.Equal(ids, want) {
		t.Fatalf("row ids %v, want %v", ids, want)
	}
	c := m.Configurations[2]
	// 1000 W for 2 s over 4 videos is 500 J each; 4 videos in 2 s are 2 a second.
	if c.Repeat != 2 || c.JoulesPerItem != 500 || c.BatchLatencyS != 2 || c.ItemsPerSecond != 2 || c.PowerWatts != 1000 ||
		c.Frames != 81 || c.FPS != 16 || c.Width != 1024 || c.Height != 768 || c.Steps != 28 || c.UlyssesDegree != 2 || c.RingDegree != 1 {
		t.Errorf("the second run = %+v", c)
	}
	if m.Unit != "J per video" || m.DeadlineS != 300 || m.DeadlineMS != 0 || m.Architecture != "Diffusion" || m.Best["H100"].RowID != "gen-2b/H100/2/b4/u2r1" {
		t.Errorf("model = %s, %d s, %d ms, %s, best %+v", m.Unit, m.DeadlineS, m.DeadlineMS, m.Architecture, m.Best)
	}
	// What a diffusion file leaves out: the token fields.
	for _, key := range []string{"max_num_seqs", "median_itl_ms", "under_itl_deadline", "joules_per_output_token", "itl_deadline_ms"} {
		if strings.Contains(string(files["text-to-video/gen-2b.json"]), `"`+key+`"`) {
			t.Errorf("the diffusion file holds %s", key)
		}
	}
	var img data.Model
	json.Unmarshal(files["text-to-image/gen-2b.json"], &img)
	if img.Unit != "J per image" || img.DeadlineS != 30 || img.Configurations[0].Frames != 0 {
		t.Errorf("image model = %s, %d s, %+v", img.Unit, img.DeadlineS, img.Configurations[0])
	}
}

func TestBadDiffusionRowsFailTheImport(t *testing.T) {
	set := func(field string, v any) func([]map[string]any) []map[string]any {
		return func(rows []map[string]any) []map[string]any { rows[1][field] = v; return rows }
	}
	del := func(field string) func([]map[string]any) []map[string]any {
		return func(rows []map[string]any) []map[string]any { delete(rows[1], field); return rows }
	}
	cases := []struct {
		name, task string
		edit       func([]map[string]any) []map[string]any
		want       string // what the message must say, besides file, row and model
	}{
		{"missing frames", "text-to-video", del("num_frames"), "field num_frames = (missing)"},
		{"missing width", "text-to-image", del("image_width"), "field image_width = (missing)"},
		{"twice by case", "text-to-image", set("Batch_Size", 4), `field "Batch_Size"`},
		{"wrong type", "text-to-image", set("batch_size", "8"), "field batch_size = \"8\": want a JSON int"},
		{"zero batch", "text-to-image", set("batch_size", 0), "field batch_size = 0: must be a whole number from 1 to 65536 (images in a batch)"},
		{"a million frames", "text-to-video", set("num_frames", 1<<21), "field num_frames = 2097152: must be a whole number from 1 to 1048576 (frames)"},
		{"a degree beyond the GPUs", "text-to-video", set("ulysses_degree", 2), "field ulysses_degree = 2: must be a whole number from 1 to 1 (num_gpus)"},
		{"a batch over a day", "text-to-image", set("batch_latency_s", 1e6), "field batch_latency_s = 1e+06: must be greater than 0 and at most 86,400 (s, a day)"},
		{"10 kW on one GPU", "text-to-image", set("avg_power_watts", 10000.0), "field avg_power_watts = 10000: must be greater than 0 and at most 5,000 (W: 5,000 per GPU, num_gpus = 1)"},
		{"a 200-character nickname", "text-to-image", set("nickname", strings.Repeat("x", 200)), "field nickname = \"xxxxxxxx"},
		{"split over fewer GPUs", "text-to-video", func(rows []map[string]any) []map[string]any {
			rows[1]["num_gpus"], rows[1]["ulysses_degree"], rows[1]["ring_degree"] = 4, 2, 1
			return rows
		}, "field ring_degree = 1: ulysses_degree × ring_degree = 2 × 1 must be num_gpus, 4"},
		{"negative latency", "text-to-image", set("batch_latency_s", -1.0), "field batch_latency_s = -1: must be greater than 0 and at most 86,400 (s, a day)"},
		{"energy not power × latency", "text-to-image", set("energy_per_image_joules", 1.0), "field energy_per_image_joules = 1: differs from avg_power_watts × batch_latency_s / batch_size = 125"},
		{"throughput not batch / latency", "text-to-video", set("throughput_videos_per_sec", 1.0), "field throughput_videos_per_sec = 1: differs from batch_size / batch_latency_s = 8"},
		{"unknown GPU", "text-to-image", set("gpu_model", "A100"), `field gpu_model = "A100": unknown GPU`},
		{"no nickname", "text-to-image", set("nickname", " "), `field nickname = " ": must not be empty`},
		// 0.0004 s rounds to 0.000 s as written.
		{"rounds to zero", "text-to-image", func(rows []map[string]any) []map[string]any {
			rows[1] = goodDiffusionRow(data.Images, "B200", 1, 1, 1, 0.0004)
			return rows
		}, "field batch_latency_s = 0.0004: would be written as 0 s"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Render(fixtureFor(t, tc.task, tc.edit))
			var bad *InputError
			if !errors.As(err, &bad) {
				t.Fatalf("Render = %v, want an *InputError", err)
			}
			file := filepath.Join("tasks", tc.task+".json")
			if msg := err.Error(); !strings.Contains(msg, file+": row 1 (model org/Gen-2B): "+tc.want) {
				t.Errorf("error %q does not say %q of row 1 of %s", msg, tc.want, file)
			}
		})
	}
}

// TestDiffusionMeasuredValuesAreTheLeaderboards: each diffusion workload's
// measured.bin holds every row of the leaderboard's task file, read here on
// its own: the batch latency as the smallest deadline typed to the
// microsecond, in seconds, that it meets, and the energy per image or video
// and the throughput bit for bit.
func TestDiffusionMeasuredValuesAreTheLeaderboards(t *testing.T) {
	src, files := rendered(t)
	micros := func(s float64) float64 {
		for k := int(s*1e6) - 2; ; k++ {
			if d, _ := strconv.ParseFloat(fmt.Sprintf("%d.%06d", k/1e6, k%1e6), 64); d >= s {
				return float64(k)
			}
		}
	}
	for _, k := range []*data.Kind{data.Images, data.Videos} {
		task := "text-to-" + k.Item
		var rows struct{ Configurations []map[string]float64 }
		b, err := os.ReadFile(filepath.Join(src, "tasks", task+".json"))
		if err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(b, &rows) // the strings stay zero
		want := map[[3]float64]int{}
		for _, r := range rows.Configurations {
			want[[3]float64{micros(r["batch_latency_s"]), r["energy_per_"+k.Item+"_joules"], r["throughput_"+k.Items+"_per_sec"]}]++
		}
		var mt data.MeasuredTable
		if err := mt.UnmarshalBinary(files[task+"/"+data.MeasuredFile]); err != nil {
			t.Fatal(err)
		}
		cols := []string{"batch_latency_us", "energy_per_" + k.Item + "_joules", "throughput_" + k.Items + "_per_sec"}
		if !slices.Equal(mt.Columns, cols) || len(mt.Rows) != len(rows.Configurations) {
			t.Errorf("%s: %d rows of %v, want %d of %v", task, len(mt.Rows), mt.Columns, len(rows.Configurations), cols)
		}
		for i, id := range mt.Rows {
			v := [3]float64(mt.Values[i])
			if want[v] == 0 {
				t.Errorf("%s %s: %v is no row of the leaderboard's", task, id, v)
			}
			want[v]--
		}
	}
}

// The task's listing in the leaderboard's index under diffusion is what says
// its rows have the diffusion schema; a diffusion task filed elsewhere is
// refused rather than read with the wrong schema.
func TestDiffusionTaskMustBeListedAsDiffusion(t *testing.T) {
	dir := fixture(t, nil)
	var idx map[string]any
	readJSON(filepath.Join(dir, "index.json"), &idx)
	idx["architectures"] = map[string]any{"diffusion": []string{"text-to-image"}}
	writeJSON(t, filepath.Join(dir, "index.json"), idx)
	if _, err := Render(dir); err == nil || !strings.Contains(err.Error(), `task "text-to-video" is not listed in its architectures.diffusion`) {
		t.Errorf("Render = %v", err)
	}
}

// Every configuration of the reference copy is in the dataset: the rows of
// each diffusion model, counted from the leaderboard's files independently,
// and a few rows field by field, as the leaderboard publishes them.
func TestDiffusionDataset(t *testing.T) {
	src, files := rendered(t)
	counts := map[string]int{}
	total := map[string]int{}
	for _, task := range []string{"text-to-image", "text-to-video"} {
		var published struct {
			Configurations []map[string]any `json:"configurations"`
		}
		if err := readJSON(filepath.Join(src, "tasks", task+".json"), &published); err != nil {
			t.Fatal(err)
		}
		for _, r := range published.Configurations {
			counts[task+"/"+data.Slug(r["nickname"].(string))]++
		}
		total[task] = len(published.Configurations)
	}
	if total["text-to-image"] != 638 || total["text-to-video"] != 382 {
		t.Errorf("the reference copy has %v configurations, the leaderboard counts 638 and 382", total)
	}
	// The counts per model, as the leaderboard's model files list them.
	want := map[string]int{
		"text-to-image/flux-1-dev": 104, "text-to-image/hunyuan-dit-1-2": 104, "text-to-image/pixart": 105,
		"text-to-image/sana-1-5-1-6b": 77, "text-to-image/sana-1-5-4-8b": 72,
		"text-to-image/stable-diffusion-3-5-large": 72, "text-to-image/stable-diffusion-3-5-medium": 104,
		"text-to-video/cogvideox-1-5-5b": 86, "text-to-video/cogvideox-2b": 32, "text-to-video/hunyuanvideo": 68,
		"text-to-video/wan-2-1-1-3b": 102, "text-to-video/wan-2-1-14b": 94,
	}
	if len(counts) != len(want) {
		t.Errorf("%d diffusion models published, want %d", len(counts), len(want))
	}
	for key, n := range want {
		var m data.Model
		if err := json.Unmarshal(files[key+".json"], &m); err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		if len(m.Configurations) != n || counts[key] != n {
			t.Errorf("%s: %d configurations in the dataset, %d published, want %d", key, len(m.Configurations), counts[key], n)
		}
	}

	// Rows as the leaderboard publishes them (tasks/*.json), rounded as the
	// dataset writes them: J to 0.01, s to 0.001, items/s to 1e-7, W whole.
	rows := []struct {
		file string
		want data.Config
	}{
		// SANA 1.5 1.6B on one B200, 4 images a batch: 738.3156619159863 W, 1.8308886289596558 s,
		// 337.9434374962002 J per image, 2.184731466857639 images/s.
		{"text-to-image/sana-1-5-1-6b", data.Config{GPU: "B200", NumGPUs: 1, UlyssesDegree: 1, RingDegree: 1, Precision: "BF16",
			BatchSize: 4, Width: 1024, Height: 1024, Steps: 20, JoulesPerItem: 337.94, BatchLatencyS: 1.831, ItemsPerSecond: 2.1847315,
			PowerWatts: 738, RowID: "sana-1-5-1-6b/B200/1/b4/u1r1", Repeat: 1}},
		// FLUX.1 Dev on 8 H100, all in Ulysses attention, 16 a batch: 4683.2085910080905 W,
		// 30.646263659000397 s, 8970.177828133106 J per image, 0.5220864826469969 images/s.
		{"text-to-image/flux-1-dev", data.Config{GPU: "H100", NumGPUs: 8, UlyssesDegree: 8, RingDegree: 1, Precision: "BF16",
			BatchSize: 16, Width: 1024, Height: 1024, Steps: 50, JoulesPerItem: 8970.18, BatchLatencyS: 30.646,
			ItemsPerSecond: 0.5220865, PowerWatts: 4683, RowID: "flux-1-dev/H100/8/b16/u8r1", Repeat: 1}},
		// Wan 2.1 14B on one B200, one video of 81 frames at 15 fps, 832×480: 918.3815407808848 W,
		// 334.1587759256363 s, 306885.2515000403 J, 0.002992589367823576 videos/s.
		{"text-to-video/wan-2-1-14b", data.Config{GPU: "B200", NumGPUs: 1, UlyssesDegree: 1, RingDegree: 1, Precision: "BF16",
			BatchSize: 1, Width: 832, Height: 480, Frames: 81, FPS: 15, Steps: 50, JoulesPerItem: 306885.25, BatchLatencyS: 334.159,
			ItemsPerSecond: 0.0029926, PowerWatts: 918, RowID: "wan-2-1-14b/B200/1/b1/u1r1", Repeat: 1}},
	}
	for _, r := range rows {
		var m data.Model
		json.Unmarshal(files[r.file+".json"], &m)
		i := slices.IndexFunc(m.Configurations, func(c data.Config) bool { return c.RowID == r.want.RowID })
		if i < 0 {
			t.Errorf("%s: no row %s", r.file, r.want.RowID)
			continue
		}
		if got := fmt.Sprintf("%+v", m.Configurations[i]); got != fmt.Sprintf("%+v", r.want) {
			t.Errorf("%s:\n got  %s\n want %+v", r.file, got, r.want)
		}
	}
}
