package state

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// ParamLang is the language the pages speak: en, fr, de or es. Without it
// they speak the browser's preferred language when it is one of these
// (lang.Preferred), else English.
const ParamLang = "lang"

// ParseLang reads the language a link asks for: "" when it names none, or
// names one the site does not speak, which a Notice then refuses, in the
// language the page falls back to, browser's preferred (lang.Preferred).
func ParseLang(v Values, browser []string) (lang.Tag, []Notice) {
	s, ok := first(v, ParamLang)
	if !ok {
		return "", nil
	}
	if t, ok := lang.Parse(s); ok {
		return t, nil
	}
	fallback := lang.Preferred(browser)
	tags := lang.Tags()
	names := make([]string, len(tags))
	for i, t := range tags {
		names[i] = string(t)
	}
	msg := fallback.T("notice.lang", "value", data.Quote(s),
		"accepted", strings.Join(names, ", "), "fallback", fallback.T("language"))
	return "", []Notice{{Param: ParamLang, Value: data.Excerpt(s), Message: msg}}
}

// Language is the language a page speaks: the one its link asks for, else
// the browser's preferred one it speaks, else English.
func Language(asked lang.Tag, browser []string) lang.Tag {
	if asked != "" {
		return asked
	}
	return lang.Preferred(browser)
}

// WithLang is query with the language a link asked for, so that a link or
// a snippet made on a page in French opens in French; query as it is for
// none.
func WithLang(query string, t lang.Tag) string {
	if t == "" {
		return query
	}
	if query == "" {
		return ParamLang + "=" + queryEscape(string(t))
	}
	return query + "&" + ParamLang + "=" + queryEscape(string(t))
}
