package state

import (
	"net/url"
	"strings"
	"testing"

	"tokenjoule/data/lang"
)

func TestParseLang(t *testing.T) {
	for raw, want := range map[string]lang.Tag{"": "", "lang=fr": lang.FR, "lang=DE": lang.DE, "lang=es-MX": lang.ES, "lang=en": lang.EN} {
		v, _ := url.ParseQuery(raw)
		got, notices := ParseLang(v, []string{"de"})
		if got != want || len(notices) != 0 {
			t.Errorf("ParseLang(%q) = %q, %v; want %q and no notice", raw, got, notices, want)
		}
	}
	v, _ := url.ParseQuery("lang=klingon")
	got, notices := ParseLang(v, []string{"fr-FR", "en"})
	if got != "" || len(notices) != 1 || notices[0].Param != ParamLang {
		t.Fatalf("ParseLang(klingon) = %q, %v; want \"\" and one notice", got, notices)
	}
	// Said in the language the page falls back to, naming the value and
	// what is accepted.
	for _, part := range []string{`lang="klingon"`, "en, fr, de, es", "affichage en français"} {
		if !strings.Contains(notices[0].Message, part) {
			t.Errorf("notice %q lacks %q", notices[0].Message, part)
		}
	}
	if got := Language("", []string{"it", "es-AR"}); got != lang.ES {
		t.Errorf("Language from the browser = %q, want es", got)
	}
	if got := Language(lang.DE, []string{"fr"}); got != lang.DE {
		t.Errorf("Language = %q, want the link's de", got)
	}
	if got := Language("", nil); got != lang.EN {
		t.Errorf("Language = %q, want en", got)
	}
}

// A link keeps the language it was made in, and the refusal drops the
// refused value from the page's URL as other refusals do.
func TestLangInLinks(t *testing.T) {
	if got := WithLang("task=x", lang.FR); got != "task=x&lang=fr" {
		t.Errorf("WithLang = %q", got)
	}
	if got := WithLang("task=x", ""); got != "task=x" {
		t.Errorf("WithLang without a language = %q", got)
	}
	if got := KeepOthers("task=x", "task=y&lang=de", nil); got != "task=x&lang=de" {
		t.Errorf("KeepOthers = %q, want lang kept", got)
	}
	v, _ := url.ParseQuery("lang=xx")
	_, notices := ParseLang(v, nil)
	if got := KeepOthers("task=x", "lang=xx", notices); got != "task=x" {
		t.Errorf("KeepOthers = %q, want the refused lang dropped", got)
	}
}

func TestEmbedKeepsLang(t *testing.T) {
	e := Embed{Layout: LayoutCard, Lang: lang.DE}
	if got := e.String(); got != "layout=card&lang=de" {
		t.Errorf("Embed.String = %q, want layout=card&lang=de", got)
	}
}
