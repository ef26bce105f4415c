package data

import (
	"errors"
	"strings"
	"testing"
)

// TestEntryFindsWhatPeopleType: a model's slug, display name and model id,
// in any case and with any punctuation, and the short forms people type,
// each find the one model they name.
func TestEntryFindsWhatPeopleType(t *testing.T) {
	s := mustLoad(t)
	for _, c := range []struct{ task, typed, want string }{
		{"lm-arena-chat", "llama-3-1-70b-instruct", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "Llama 3.1 70B Instruct", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "meta-llama/Llama-3.1-70B-Instruct", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "Llama-3.1-70B-Instruct", "llama-3-1-70b-instruct"}, // the id without its organisation
		{"lm-arena-chat", "LLAMA 3.1 70B INSTRUCT", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "  llama_3.1_70b_instruct ", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "llama3.1-70b-instruct", "llama-3-1-70b-instruct"},
		// Short forms: the name less its last words, or words of it in a row.
		{"lm-arena-chat", "Llama 3.1 70B", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "llama-3.1-70b", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "llama-3-1-70b", "llama-3-1-70b-instruct"},
		{"lm-arena-chat", "Llama 3.3 70B", "llama-3-3-70b-instruct"},
		{"lm-arena-chat", "Maverick", "llama-4-maverick-17b-128e-instruct-fp8"},
		{"lm-arena-chat", "Nemotron Nano 9B", "nvidia-nemotron-nano-9b-v2"},
		{"lm-arena-chat", "Nemotron 9B", "nvidia-nemotron-nano-9b-v2"},
		{"lm-arena-chat", "Llama 3.1 405B FP8", "llama-3-1-405b-instruct-fp8"},
		{"lm-arena-chat", "Qwen 3 235B Instruct", ""}, // leaves out A22B
		{"lm-arena-chat", "Llama 1 70B", ""},          // leaves out the 3 of 3.1
		{"lm-arena-chat", "Qwen 14B", ""},             // leaves out the 3 (of Qwen3, in the model id)
		{"lm-arena-chat", "3 8B", "qwen-3-8b"},
		{"lm-arena-chat", "Qwen3 14B", "qwen-3-14b"},
		{"lm-arena-chat", "Qwen/Qwen3-14B", "qwen-3-14b"},
		{"lm-arena-chat", "Qwen 3 30B", "qwen-3-30b-a3b-instruct"},
		{"gpqa", "Qwen 3 30B", "qwen-3-30b-a3b-thinking"},
		{"gpqa", "gpt-oss-120b", "gpt-oss-120b"},
		{"gpqa", "GPT OSS 120B", "gpt-oss-120b"},
		{"gpqa", "openai/gpt-oss-20b", "gpt-oss-20b"},
		// A name that another only extends (with FP8) is that name's model.
		{"lm-arena-chat", "Llama 3.1 405B", "llama-3-1-405b-instruct"},
		{"lm-arena-chat", "Llama 3.1 405B Instruct", "llama-3-1-405b-instruct"},
		{"lm-arena-chat", "Llama 3.1 405B Instruct FP8", "llama-3-1-405b-instruct-fp8"},
		{"lm-arena-chat", "meta-llama/Llama-3.1-405B-Instruct-FP8", "llama-3-1-405b-instruct-fp8"},
		{"image-chat", "Qwen 3 VL 235B", "qwen-3-vl-235b-a22b-instruct"},
		{"sourcegraph-fim", "Qwen 3 Coder 480B", "qwen-3-coder-480b-a35b"},
		{"text-to-image", "FLUX.1 Dev", "flux-1-dev"},
		{"text-to-image", "flux.1-dev", "flux-1-dev"},
		{"text-to-image", "PixArt-Σ", "pixart"},
		{"text-to-image", "pixart", "pixart"},
		{"text-to-image", "Hunyuan DiT 1.2", "hunyuan-dit-1-2"},
		{"text-to-image", "SD 3.5 Large", ""}, // an abbreviation is not guessed
		{"text-to-video", "HunyuanVideo", "hunyuanvideo"},
	} {
		e, err := s.Entry(c.task, c.typed)
		switch {
		case c.want == "" && err == nil:
			t.Errorf("%s: %q found %s, want an error", c.task, c.typed, e.Slug)
		case c.want != "" && err != nil:
			t.Errorf("%s: %q: %v, want %s", c.task, c.typed, err, c.want)
		case c.want != "" && e.Slug != c.want:
			t.Errorf("%s: %q found %s, want %s", c.task, c.typed, e.Slug, c.want)
		}
	}
}

// TestEntryAmbiguous: words that more than one model share find none, and
// the message lists those it could be.
func TestEntryAmbiguous(t *testing.T) {
	s := mustLoad(t)
	for _, c := range []struct {
		task, typed string
		names       []string
	}{
		{"lm-arena-chat", "Llama 3.1", []string{"Llama 3.1 8B Instruct", "Llama 3.1 70B Instruct", "Llama 3.1 405B Instruct", "Llama 3.1 405B Instruct FP8"}},
		{"lm-arena-chat", "70B", []string{"Llama 3.1 70B Instruct", "Llama 3.3 70B Instruct"}},
		{"gpqa", "deepseek", []string{"DeepSeek R1", "DeepSeek V3.1"}},
		{"gpqa", "GPT OSS", []string{"GPT OSS 20B", "GPT OSS 120B"}},
	} {
		_, err := s.Entry(c.task, c.typed)
		var bad *InputError
		if !errors.As(err, &bad) || bad.Param != "model" || bad.Value != c.typed {
			t.Errorf("%s: %q: %v, want an InputError for the model", c.task, c.typed, err)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, "matches") {
			t.Errorf("%s: %q: %q does not say it matches several models", c.task, c.typed, msg)
		}
		for _, n := range c.names {
			if !strings.Contains(msg, n) {
				t.Errorf("%s: %q: %q does not name %s", c.task, c.typed, msg, n)
			}
		}
	}
}

// TestEntryUnknownSuggests: a name that finds no model gets the closest
// names, and none where nothing is close.
func TestEntryUnknownSuggests(t *testing.T) {
	s := mustLoad(t)
	for _, c := range []struct{ task, typed, suggest string }{
		{"lm-arena-chat", "Llama 3.1 70", "did you mean Llama 3.1 70B Instruct?"},
		{"lm-arena-chat", "Lama 3.1 70B", "did you mean Llama 3.1 70B Instruct?"},
		{"lm-arena-chat", "llama-3-1-70b-instrcut", "did you mean Llama 3.1 70B Instruct?"},
		{"lm-arena-chat", "Qwen 3 15B", "did you mean Qwen 3 14B?"},
		{"lm-arena-chat", "Qwen 14B", "did you mean Qwen 3 14B?"},
		{"lm-arena-chat", "Qwen 3 235B Instruct", "did you mean Qwen 3 235B A22B Instruct or Qwen 3 235B A22B Instruct FP8?"},
		{"lm-arena-chat", "Llama 70B", "did you mean Llama 3.1 70B Instruct or Llama 3.3 70B Instruct?"},
		{"gpqa", "gpt-oss-12b", "did you mean GPT OSS 120B"},
		{"video-chat", "qwen-3-14b", ""},
		{"lm-arena-chat", "gpt-5", ""},
	} {
		_, err := s.Entry(c.task, c.typed)
		var bad *InputError
		if !errors.As(err, &bad) || bad.Param != "model" {
			t.Errorf("%s: %q: %v, want an InputError for the model", c.task, c.typed, err)
			continue
		}
		w, _ := s.Workload(c.task)
		msg := err.Error()
		if !strings.Contains(bad.Reason, "not a model of "+w.Name) {
			t.Errorf("%s: %q: reason %q does not say it is not a model of %s", c.task, c.typed, bad.Reason, w.Name)
		}
		if c.suggest != "" && !strings.Contains(bad.Reason, c.suggest) {
			t.Errorf("%s: %q: reason %q lacks %q", c.task, c.typed, bad.Reason, c.suggest)
		}
		if c.suggest == "" {
			if strings.Contains(msg, "did you mean") {
				t.Errorf("%s: %q: %q suggests a name though none is close", c.task, c.typed, msg)
			}
			// Without a suggestion, the message lists the workload's models.
			for _, m := range w.Models {
				if !strings.Contains(msg, m.Name) {
					t.Errorf("%s: %q: %q does not list %s", c.task, c.typed, msg, m.Name)
				}
			}
		}
	}
}

// FuzzEntry: whatever is typed, Entry finds a model of the workload or says
// why not in an InputError quoting at most MaxQuoted characters of it; a
// model found is found again by its slug, name and model id.
func FuzzEntry(f *testing.F) {
	s, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{"", "Llama 3.1 70B", "llama-3.1-70b", "Llama 3.1", "lama", "Σ", "-", "meta-llama/", "\xff", strings.Repeat("a ", 100)} {
		f.Add("lm-arena-chat", seed)
	}
	f.Add("text-to-image", "PixArt-Σ")
	f.Add("nope", "qwen-3-14b")
	f.Fuzz(func(t *testing.T, task, name string) {
		e, err := s.Entry(task, name)
		if err != nil {
			var bad *InputError
			if !errors.As(err, &bad) {
				t.Fatalf("error %v is not an InputError", err)
			}
			// The message quotes the value cut short: its length does not grow with it.
			if msg := err.Error(); bad.Param == "model" && (bad.Value != name || !strings.Contains(msg, Quote(name)) || len(msg) > 2000) {
				t.Fatalf("message %q for %q", msg, name)
			}
			return
		}
		w, _ := s.Workload(task)
		if !containsEntry(w, e) {
			t.Fatalf("%q found %s, not a model of %s", name, e.Slug, task)
		}
		for _, again := range []string{e.Slug, e.Name, e.ModelID} {
			if f, err := s.Entry(task, again); err != nil || f != e {
				t.Fatalf("%q found %s, but %q finds %v (%v)", name, e.Slug, again, f, err)
			}
		}
	})
}

func containsEntry(w *Workload, e *ModelEntry) bool {
	for i := range w.Models {
		if &w.Models[i] == e {
			return true
		}
	}
	return false
}
