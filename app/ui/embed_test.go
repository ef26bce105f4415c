package ui

import (
	"strings"
	"testing"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

func TestEmbedSnippet(t *testing.T) {
	q := data.DefaultQuery()
	src := embedSrc("https://example.org", "/tokenjoule", state.EmbedString(q, state.AllHidden()))
	if want := "https://example.org/tokenjoule/embed?" + state.String(q) + "&hide=all"; src != want {
		t.Fatalf("embedSrc = %q, want %q", src, want)
	}
	got := embedSnippet(src, `Qwen "3" <14B> & co`)
	want := `<iframe src="https://example.org/tokenjoule/embed?` + strings.ReplaceAll(state.String(q), "&", "&amp;") + `&amp;hide=all"` +
		` width="720" height="480" title="Qwen &quot;3&quot; &lt;14B&gt; &amp; co" style="max-width:100%;border:0"></iframe>`
	if got != want {
		t.Errorf("embedSnippet =\n%s\nwant\n%s", got, want)
	}
}

func TestShortCite(t *testing.T) {
	for in, want := range map[string]string{
		"Chung et al., The ML.ENERGY Benchmark: Toward Automated Inference Energy Measurement and Optimization, NeurIPS 2025 Datasets and Benchmarks, arXiv 2505.06371": "Chung et al., arXiv 2505.06371",
		"Someone, 2024": "Someone, 2024",
		"":              "",
	} {
		if got := shortCite(in); got != want {
			t.Errorf("shortCite(%q) = %q, want %q", in, got, want)
		}
	}
}

// Natively (as when prerendering) appURL leaves the sub-path to go-app's
// resolver; the browser tests check the other branch under /repo/.
func TestAppURLServer(t *testing.T) {
	if got := appURL("/", "task=gpqa"); got != "/?task=gpqa" {
		t.Errorf(`appURL("/", "task=gpqa") = %q`, got)
	}
	if got := appURL("/embed", ""); got != "/embed" {
		t.Errorf(`appURL("/embed", "") = %q`, got)
	}
}
