package state

import (
	"net/url"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// A refused footprint value is noticed in the page's language, what is
// shown instead in its words and figures; in English, the Message.
func TestNoticeIn(t *testing.T) {
	v, _ := url.ParseQuery("boundary=cloud&pue=9&cur=euro")
	_, notices := ParseFootprint(v)
	if len(notices) != 2 {
		t.Fatalf("notices: %v", notices)
	}
	pue := notices[0]
	if got := pue.In(lang.EN); got != pue.Message {
		t.Errorf("In(en) = %q, want the Message %q", got, pue.Message)
	}
	fr := pue.In(lang.FR)
	for _, want := range []string{`pue="9"`, "1,09, la valeur du périmètre «\u00a0Centre de données cloud (Google, 2025)\u00a0»", "n’a pas été compris",
		"doit être compris entre 1 et 3\u00a0; utilisez un nombre de 1 à 3 ou un préréglage\u00a0: gpu, cloud"} {
		if !strings.Contains(fr, want) {
			t.Errorf("In(fr) = %q lacks %q", fr, want)
		}
	}
	if got := notices[1].In(lang.DE); !strings.Contains(got, "keine Währung und damit keine Kosten") {
		t.Errorf("the currency's notice in German: %q", got)
	}
}

// A refused task falls back to a workload named in the page's language; a
// GPU the model was not measured on is refused in its words.
func TestParseNoticeIn(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	v, _ := url.ParseQuery("task=chess&gpu=A100")
	_, notices := Parse(set, v)
	var said []string
	for _, n := range notices {
		said = append(said, n.In(lang.FR))
	}
	all := strings.Join(said, "\n")
	for _, want := range []string{"affichage de Conversation textuelle à la place", `gpu="A100"`, "l’un de\u00a0: "} {
		if !strings.Contains(all, want) {
			t.Errorf("the notices in French lack %q:\n%s", want, all)
		}
	}
	if left := lang.English(all, lang.FR); len(left) > 0 {
		t.Errorf("the notices in French still say in English %q:\n%s", left, all)
	}
}

// The embed's own parameters refused (layout, chart, theme, the card's
// record, controls to hide) are noticed in the page's language too.
func TestEmbedNoticeIn(t *testing.T) {
	v, _ := url.ParseQuery("layout=chart&chart=pie&theme=purple&made=yesterday&made_wh=-1&hide=nav,colour,task")
	_, notices := ParseEmbed(v, CalcLayouts)
	pv, _ := url.ParseQuery("layout=poster&hide=menu")
	_, pn := ParsePlanEmbed(pv)
	notices = append(notices, pn...)
	if len(notices) != 7 {
		t.Fatalf("notices: %v", notices)
	}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		var said []string
		for _, n := range notices {
			said = append(said, n.In(tag))
		}
		all := strings.Join(said, "\n")
		left := lang.English(all, tag)
		for _, en := range []string{"The URL's", "was not understood", "showing", "instead", "such as", "separated by commas", "ignored", "not a control"} {
			if strings.Contains(all, en) {
				left = append(left, en)
			}
		}
		if len(left) > 0 {
			t.Errorf("the embed's notices in %s still say in English %q:\n%s", tag, left, all)
		}
		if !strings.Contains(all, "traffic") || !strings.Contains(all, `"nav"`) {
			t.Errorf("the notices in %s lose the plan's traffic or the names refused:\n%s", tag, all)
		}
	}
}
