package importer

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// goodRow is a valid leaderboard row; energy per request is energy per token
// times the output length, and power is energy per token times throughput.
func goodRow(model, nickname, gpu string, seqs int) map[string]any {
	return map[string]any{
		"model_id": model, "nickname": nickname, "architecture": "Dense Transformer",
		"total_params_billions": 8.0, "activated_params_billions": 8.0, "weight_precision": "bfloat16",
		"gpu_model": gpu, "num_gpus": 1, "tensor_parallel": 1, "data_parallel": 1, "expert_parallel": 1,
		"max_num_seqs": seqs, "avg_batch_size": float64(seqs) - 0.5, "avg_output_len": 500.0,
		"avg_power_watts": 400.0, "energy_per_request_joules": 100.0, "energy_per_token_joules": 0.2,
		"output_throughput_tokens_per_sec": 2000.0,
		"median_itl_ms":                    10.0, "p90_itl_ms": 20.0, "p95_itl_ms": 30.0, "p99_itl_ms": 40.0,
	}
}

// setEnergy sets a row's energy per token, and the figures the leaderboard
// derives from it: energy per request and power.
func setEnergy(row map[string]any, j float64) {
	row["energy_per_token_joules"] = j
	row["energy_per_request_joules"] = j * row["avg_output_len"].(float64)
	row["avg_power_watts"] = j * row["output_throughput_tokens_per_sec"].(float64)
}

// fixture writes a small leaderboard with two rows per workload, after letting
// edit change the rows of lm-arena-chat.
func fixture(t *testing.T, edit func(rows []map[string]any) []map[string]any) string {
	return fixtureFor(t, "lm-arena-chat", edit)
}

// fixtureFor is fixture, with edit changing the rows of task.
func fixtureFor(t *testing.T, task string, edit func(rows []map[string]any) []map[string]any) string {
	t.Helper()
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "tasks"), 0o755)
	var tasks, diffusion []string
	for _, w := range workloads {
		tasks = append(tasks, w.ID)
		rows := []map[string]any{goodRow("org/M-8B", "M 8B", "H100", 64), goodRow("org/M-8B", "M 8B", "B200", 128)}
		if w.kind.Diffusion() {
			diffusion = append(diffusion, w.ID)
			rows = []map[string]any{goodDiffusionRow(w.kind, "H100", 2, 4, 2, 1), goodDiffusionRow(w.kind, "B200", 1, 8, 1, 1)}
		}
		if w.ID == task && edit != nil {
			rows = edit(rows)
		}
		writeJSON(t, filepath.Join(dir, "tasks", w.ID+".json"), map[string]any{"task": w.ID, "configurations": rows})
	}
	writeJSON(t, filepath.Join(dir, "index.json"), map[string]any{"last_updated": "2026-02-16", "tasks": tasks,
		"architectures": map[string]any{"diffusion": diffusion}, "models": map[string]any{}})
	return dir
}

func writeJSON(t *testing.T, path string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFixtureImports(t *testing.T) {
	files, err := Render(fixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Configurations []struct {
			RowID string  `json:"row_id"`
			Wh    float64 `json:"wh_per_million_output_tokens"`
		}
		Best map[string]struct {
			RowID string `json:"row_id"`
		}
	}
	if err := json.Unmarshal(files["lm-arena-chat/m-8b.json"], &m); err != nil {
		t.Fatal(err)
	}
	// 0.2 J per token is 0.2e6/3600 = 55.555… Wh per million tokens.
	if len(m.Configurations) != 2 || m.Configurations[0].RowID != "m-8b/B200/1/128" || m.Configurations[0].Wh != 55.56 {
		t.Errorf("configurations = %+v, want B200 first with 55.56 Wh per million tokens", m.Configurations)
	}
	if m.Best["H100"].RowID != "m-8b/H100/1/64" {
		t.Errorf("best = %+v", m.Best)
	}
}

func TestRepeatedRunsAreNumbered(t *testing.T) {
	files, err := Render(fixture(t, func(rows []map[string]any) []map[string]any {
		again := goodRow("org/M-8B", "M 8B", "H100", 64)
		setEnergy(again, 0.1)
		return append(rows, again)
	}))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Configurations []struct {
			RowID  string  `json:"row_id"`
			Repeat int     `json:"repeat"`
			J      float64 `json:"joules_per_output_token"`
		}
	}
	json.Unmarshal(files["lm-arena-chat/m-8b.json"], &m)
	want := []string{"m-8b/B200/1/128", "m-8b/H100/1/64", "m-8b/H100/1/64/r2"}
	for i, c := range m.Configurations {
		if i >= len(want) || c.RowID != want[i] || c.Repeat != []int{1, 1, 2}[i] {
			t.Fatalf("configurations = %+v, want row ids %v with repeats 1, 1, 2", m.Configurations, want)
		}
	}
	if m.Configurations[2].J != 0.1 {
		t.Errorf("the second run keeps its own figures: got %v J per token, want 0.1", m.Configurations[2].J)
	}
}

func TestBadRowsFailTheImport(t *testing.T) {
	set := func(field string, v any) func([]map[string]any) []map[string]any {
		return func(rows []map[string]any) []map[string]any { rows[1][field] = v; return rows }
	}
	del := func(field string) func([]map[string]any) []map[string]any {
		return func(rows []map[string]any) []map[string]any { delete(rows[1], field); return rows }
	}
	cases := []struct {
		name  string
		edit  func([]map[string]any) []map[string]any
		field string // what the message must name, besides file, row and model
		value string
	}{
		{"missing field", del("p95_itl_ms"), "p95_itl_ms", "(missing)"},
		{"mistyped field", set("num_gpus", "two"), "num_gpus", `"two"`},
		{"fractional count", set("max_num_seqs", 1.5), "max_num_seqs", "1.5"},
		{"zero energy", set("energy_per_token_joules", 0.0), "energy_per_token_joules", "0"},
		{"negative throughput", set("output_throughput_tokens_per_sec", -5.0), "output_throughput_tokens_per_sec", "-5"},
		{"zero power", set("avg_power_watts", 0.0), "avg_power_watts", "0"},
		{"p99 below p95", set("p99_itl_ms", 29.0), "p99_itl_ms", "29"},
		{"p90 below median", set("p90_itl_ms", 5.0), "p90_itl_ms", "5"},
		{"unknown GPU", set("gpu_model", "A100"), "gpu_model", `"A100"`},
		{"unknown precision", set("weight_precision", "int4"), "weight_precision", `"int4"`},
		{"energy per request mismatch", set("energy_per_request_joules", 100.001), "energy_per_request_joules", "100.001"},
		{"duplicate slug", set("model_id", "other/M_8B"), "nickname", `"M 8B"`},
		// A name is written into pages, some of it into attributes: the
		// characters that make markup are refused, and said.
		{"markup in a nickname", set("nickname", `Q8" autofocus tabindex=0 onfocus=alert(document.domain) x="`), "nickname", `'"', a character no model name needs`},
		{"markup in a model id", set("model_id", "org/M<b>"), "model_id", `'<'`},
		{"brackets in a nickname", set("nickname", "M (8B)"), "nickname", `'('`},
		{"ampersand in a nickname", set("nickname", "M&amp;8B"), "nickname", `'&'`},
		// Valid as read, but not as written: rounding or int conversion.
		{"throughput rounds to 0", func(rows []map[string]any) []map[string]any {
			rows[1]["output_throughput_tokens_per_sec"] = 0.04
			setEnergy(rows[1], 0.2)
			return rows
		}, "output_throughput_tokens_per_sec", "0.04"},
		{"power rounds to 0", func(rows []map[string]any) []map[string]any {
			setEnergy(rows[1], 0.4/2000)
			return rows
		}, "avg_power_watts", "0.4"},
		{"power rounds to 0, tie to even", func(rows []map[string]any) []map[string]any {
			setEnergy(rows[1], 0.5/2000)
			return rows
		}, "avg_power_watts", "0.5"},
		{"batch rounds to 0", set("avg_batch_size", 0.04), "avg_batch_size", "0.04"},
		{"energy rounds to 0", func(rows []map[string]any) []map[string]any {
			setEnergy(rows[1], 4e-8)
			return rows
		}, "energy_per_token_joules", "4e-08"},
		{"power beyond any GPU", set("avg_power_watts", 1e300), "avg_power_watts", "1e+300"},
		{"power not energy × throughput", set("avg_power_watts", 400.001), "avg_power_watts", "400.001"},
		{"output length overflows", func(rows []map[string]any) []map[string]any {
			rows[1]["avg_output_len"], rows[1]["energy_per_request_joules"] = 1e19, 2e18
			return rows
		}, "avg_output_len", "1e+19"},
		{"energy beyond any measurement", func(rows []map[string]any) []map[string]any {
			setEnergy(rows[1], 1e300)
			return rows
		}, "energy_per_token_joules", "1e+300"},
		// Each field within a plausible range.
		{"params beyond any model", set("total_params_billions", 1e300), "total_params_billions", "1e+300"},
		{"active params above the total", set("activated_params_billions", 9.0), "activated_params_billions", "9"},
		{"2^40 GPUs", set("num_gpus", 1<<40), "num_gpus", "1099511627776"},
		{"more tensor parallelism than GPUs", set("tensor_parallel", 2), "tensor_parallel", "2"},
		{"more expert parallelism than GPUs", set("expert_parallel", 2), "expert_parallel", "2"},
		{"batch limit beyond any", set("max_num_seqs", 1<<30), "max_num_seqs", "1073741824"},
		{"batch above its limit", set("avg_batch_size", 128.5), "avg_batch_size", "128.5"},
		{"output beyond any answer", func(rows []map[string]any) []map[string]any {
			rows[1]["avg_output_len"] = 1e9
			setEnergy(rows[1], 0.2)
			return rows
		}, "avg_output_len", "1e+09"},
		{"throughput beyond any", set("output_throughput_tokens_per_sec", 1e8), "output_throughput_tokens_per_sec", "1e+08"},
		{"latency beyond 10 minutes", set("p99_itl_ms", 1e9), "p99_itl_ms", "1e+09"},
		{"power beyond 5 kW a GPU", func(rows []map[string]any) []map[string]any {
			rows[1]["output_throughput_tokens_per_sec"] = 30000.0
			setEnergy(rows[1], 0.2)
			return rows
		}, "avg_power_watts", "6000"},
		{"empty nickname", set("nickname", " "), "nickname", `" "`},
		{"nickname with a newline", set("nickname", "M\n8B"), "nickname", `"M\n8B"`},
		{"nickname with a bidi override", set("nickname", "M \u202e8B"), "nickname", `U+202E`},
		{"architecture beyond 100 characters", set("architecture", strings.Repeat("a", 101)), "architecture", "101 characters"},
		// One model, one nickname; one spelling of each field.
		{"model id under two nicknames", set("nickname", "M Eight B"), "nickname", `"M Eight B"`},
		{"key differing by case", set("NUM_GPUS", 8), `"NUM_GPUS"`, "8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := fixture(t, c.edit)
			out := t.TempDir()
			marker := filepath.Join(out, "lm-arena-chat", "keep.json")
			os.MkdirAll(filepath.Dir(marker), 0o755)
			os.WriteFile(marker, []byte(`{"old":true}`), 0o644)

			err := Import(src, out)
			if err == nil {
				t.Fatal("import succeeded, want an error")
			}
			msg := err.Error()
			for _, want := range []string{"lm-arena-chat.json", "row 1", c.field, c.value} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q does not name %q", msg, want)
				}
			}
			if !strings.Contains(msg, "org/M") && !strings.Contains(msg, "other/M") {
				t.Errorf("message %q does not name the model", msg)
			}
			if b, err := os.ReadFile(marker); err != nil || string(b) != `{"old":true}` {
				t.Errorf("the output directory changed: %q, %v", b, err)
			}
			entries, _ := os.ReadDir(out)
			if len(entries) != 1 {
				t.Errorf("the output directory holds %d entries, want the 1 it had", len(entries))
			}
		})
	}
}

// TestLongNicknameIsCutShort: a 5,000-character nickname is a bad input,
// said in a short message (not a 5 KB one, nor an I/O error when the slug
// makes a file name too long).
func TestLongNicknameIsCutShort(t *testing.T) {
	long := strings.Repeat("x", 5000)
	src := fixture(t, func(rows []map[string]any) []map[string]any {
		rows[0]["nickname"], rows[1]["nickname"] = long, long
		return rows
	})
	err := Import(src, t.TempDir())
	var bad *InputError
	if !errors.As(err, &bad) {
		t.Fatalf("err = %v, want an input error", err)
	}
	if msg := err.Error(); len(msg) > 400 || !strings.Contains(msg, "nickname") || !strings.Contains(msg, "5000 characters") {
		t.Errorf("a %d-byte message: %.600s", len(msg), msg)
	}
}

// TestRepeatedKeysAreRefused: a key given twice in an object, anywhere in
// the leaderboard's files, is refused: encoding/json would keep the last
// without a word.
func TestRepeatedKeysAreRefused(t *testing.T) {
	for _, c := range []struct {
		file, old, new string
		says           []string
	}{
		{"tasks/lm-arena-chat.json", `"nickname":"M 8B","num_gpus":1,"output_throughput_tokens_per_sec":2000,"p90_itl_ms":20,"p95_itl_ms":30,"p99_itl_ms":40,"tensor_parallel":1,"total_params_billions":8,"weight_precision":"bfloat16"}]`,
			`"nickname":"M 8B","num_gpus":1,"output_throughput_tokens_per_sec":2000,"p90_itl_ms":20,"p95_itl_ms":30,"p99_itl_ms":40,"tensor_parallel":1,"total_params_billions":8,"weight_precision":"bfloat16","num_gpus":8}]`,
			[]string{"lm-arena-chat.json", "row 1", "org/M-8B", "num_gpus", "(1, then 8)"}},
		{"tasks/gpqa.json", `{"configurations"`, `{"task":"lm-arena-chat","configurations"`, []string{"gpqa.json", "top level", `"task"`, `"lm-arena-chat", then "gpqa"`}},
		{"index.json", `"last_updated":"2026-02-16"`, `"last_updated":"2026-02-16","last_updated":"2026-02-17"`, []string{"index.json", `"last_updated"`}},
	} {
		src := fixture(t, nil)
		path := filepath.Join(src, c.file)
		b, _ := os.ReadFile(path)
		edited := strings.Replace(string(b), c.old, c.new, 1)
		if edited == string(b) {
			t.Fatalf("%s: the test's edit does not apply to %s", c.file, b)
		}
		os.WriteFile(path, []byte(edited), 0o644)
		_, err := Render(src)
		var bad *InputError
		if !errors.As(err, &bad) {
			t.Errorf("%s: err = %v, want an input error", c.file, err)
			continue
		}
		for _, want := range c.says {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: message %q does not say %q", c.file, err, want)
			}
		}
	}
}

func TestMissingInputIsReported(t *testing.T) {
	err := Import(filepath.Join(t.TempDir(), "nowhere"), t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "nowhere") {
		t.Errorf("err = %v, want one naming the missing directory", err)
	}
}

func BenchmarkRender(b *testing.B) {
	src := leaderboard(b)
	for b.Loop() {
		if _, err := Render(src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestWrittenValuesArePositive: the smallest values that survive rounding
// are imported, and every number written is above 0.
func TestWrittenValuesArePositive(t *testing.T) {
	files, err := Render(fixture(t, func(rows []map[string]any) []map[string]any {
		// The smallest values that survive rounding.
		rows[0]["output_throughput_tokens_per_sec"], rows[0]["avg_batch_size"] = 0.05, 0.05
		setEnergy(rows[0], 0.51/0.05)
		return rows
	}))
	if err != nil {
		t.Fatal(err)
	}
	var m struct{ Configurations []map[string]any }
	json.Unmarshal(files["lm-arena-chat/m-8b.json"], &m)
	for _, c := range m.Configurations {
		for k, v := range c {
			if f, ok := v.(float64); ok && !(f > 0) {
				t.Errorf("%s: %s = %v", c["row_id"], k, f)
			}
		}
	}
}

// TestImportIsDeterministic: nicknames equal in natural order ("Model 1",
// "Model 01") still give one index.json, whatever order the map yields them.
func TestImportIsDeterministic(t *testing.T) {
	src := fixture(t, func(rows []map[string]any) []map[string]any {
		return append(rows, goodRow("org/model-1", "Model 1", "H100", 8), goodRow("org/model-01", "Model 01", "H100", 8),
			goodRow("org/model-001", "Model 001", "H100", 8))
	})
	first, err := Render(src)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		again, err := Render(src)
		if err != nil {
			t.Fatal(err)
		}
		if string(again["index.json"]) != string(first["index.json"]) {
			t.Fatal("two imports of the same input wrote different index.json")
		}
	}
}

func TestBadDatesAreRefused(t *testing.T) {
	for _, date := range []string{"2026-13-45", "2026-02-30", "2026-00-10", "26-02-16", "2026-2-16", "2026-02-16T00:00"} {
		src := fixture(t, nil)
		writeJSON(t, filepath.Join(src, "index.json"), map[string]any{"last_updated": date, "tasks": []string{"lm-arena-chat", "gpqa", "sourcegraph-fim", "image-chat", "video-chat"}})
		_, err := Render(src)
		var bad *InputError
		if !errors.As(err, &bad) || !strings.Contains(err.Error(), date) {
			t.Errorf("last_updated %q: err = %v, want an input error naming it", date, err)
		}
	}
}

// TestErrorKinds: a problem with the input is an *InputError (the command
// exits 2); a failure to read or write is not (it exits 1).
func TestErrorKinds(t *testing.T) {
	var bad *InputError
	if err := Import(filepath.Join(t.TempDir(), "nowhere"), t.TempDir()); !errors.As(err, &bad) {
		t.Errorf("missing source: %v is not an input error", err)
	}
	src := fixture(t, nil)
	os.WriteFile(filepath.Join(src, "tasks", "gpqa.json"), []byte("{not json"), 0o644)
	if err := Import(src, t.TempDir()); !errors.As(err, &bad) {
		t.Errorf("malformed JSON: %v is not an input error", err)
	}
	// A directory where a task's file should be is the input's problem
	// (TestUnreadableFilesAreInputErrors); an output that cannot be written
	// is not.
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	if err := Import(fixture(t, nil), filepath.Join(file, "out")); err == nil || errors.As(err, &bad) {
		t.Errorf("unwritable output: err = %v, want an I/O error", err)
	}
}

// FuzzDecodeRow: no row makes the importer panic, and a row it accepts is
// within every bound; the search for repeated keys handles any valid JSON.
func FuzzDecodeRow(f *testing.F) {
	good, _ := json.Marshal(goodRow("org/M-8B", "M 8B", "H100", 64))
	f.Add(good)
	f.Add([]byte(strings.Replace(string(good), `"num_gpus":1`, `"num_gpus":1,"num_gpus":8`, 1)))
	f.Add([]byte(`{"a":[{"b":1,"b":{"c":[]}}],"d":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if json.Valid(b) {
			if _, err := findDuplicate(b); err != nil {
				t.Errorf("findDuplicate(%q): %v", b, err)
			}
		}
		r, err := decodeRow("f.json", 0, b)
		if err != nil {
			var bad *InputError
			if !errors.As(err, &bad) || len(err.Error()) > 600 {
				t.Errorf("not a short input error: %v", err)
			}
			return
		}
		if r.NumGPUs < 1 || r.NumGPUs > maxGPUs || r.TensorParallel > r.NumGPUs || r.MaxNumSeqs > maxNumSeqs ||
			!(r.TotalParams <= maxParamsB && r.ActiveParams <= r.TotalParams && r.AvgBatch <= float64(r.MaxNumSeqs)) ||
			!(r.P50 > 0 && r.P50 <= r.P90 && r.P90 <= r.P95 && r.P95 <= r.P99 && r.P99 <= maxITL) ||
			!(r.EnergyToken > 0 && r.EnergyToken <= maxJPerToken && r.Power <= maxWattsPerGPU*float64(r.NumGPUs)) ||
			badText(r.Nickname, maxText) != "" || badText(r.ModelID, maxModelID) != "" || badName(r.Nickname) != "" || badName(r.ModelID) != "" {
			t.Errorf("accepted a row out of bounds: %+v", r)
		}
	})
}

// A file of the layout that is a directory, a device or too large is an
// input error naming it, not a failure to read (or to find memory for) it.
func TestUnreadableFilesAreInputErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		make func(path string) error
		says string
	}{
		{"directory", func(p string) error { os.Remove(p); return os.Mkdir(p, 0o755) }, "is a directory"},
		{"endless device", func(p string) error { os.Remove(p); return os.Symlink("/dev/zero", p) }, "not a regular file"},
		{"too large", func(p string) error {
			return os.WriteFile(p, append([]byte(`{"task": "`), make([]byte, maxFileSize)...), 0o644)
		}, "larger than 64 MiB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := fixtureFor(t, "text-to-image", nil)
			file := filepath.Join(src, "tasks", "text-to-image.json")
			if err := tc.make(file); err != nil {
				t.Skip(err)
			}
			err := Import(src, t.TempDir())
			var bad *InputError
			if !errors.As(err, &bad) || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("import: %v; want an input error naming %s and saying %q", err, file, tc.says)
			}
		})
	}
}
