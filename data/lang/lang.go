// Package lang holds the words a reader sees in each language the site
// speaks, and each language's way of writing numbers and dates. It is plain
// Go without fmt, so that the card's small wasm, the pages, the pictures and
// the exports share it.
//
// A page speaks the language its link's lang= names (en, fr, de, es), else
// the browser's preferred one among them, else English (app/state). The
// prerendered page is English and says which language is coming until the
// app runs (web/start.js, with the name its "coming" key gives). Every page
// speaks it: the calculator (its glossary, Copy summary and the scenario's
// JSON labels included), compare and plan, every embed layout (from the pages and from the card's own
// wasm), the builder, the pinned card and its picture and alt text, every
// chart's words (titles, axes, legends, tooltips, captions, descriptions)
// and figures, its axes' ticks included, which ECharts would write the
// English way (app/charts.NumbersKey), and the notices. A publication's
// title, the dataset's licence and any caveat the catalogue does not hold
// are shown in their own English, marked lang="en"; so are the reasons a
// parser gives that the catalogue does not hold (none that a page's box
// gives). The boxes show numbers as the page writes them ("0,43", "2,5 Md")
// and read them typed so, and in the canonical form ("0.43", "2.5B") where
// it reads one way only; the URL and the links keep the canonical form
// (data.Printer.Read says the rule).
//
// The browser's wasm holds English alone: a page in another language
// downloads that language's catalogue beside the wasm (web/lang-<tag>.txt,
// which go generate ./data/lang writes from the files here; see Load and
// app/catalogue), about 15 KB compressed.
//
// To add a language: write one file here holding its Language (copy fr.go:
// its tag, its number and date formats, and every key of en.go translated
// with the same {placeholders}), add one line to spoken below, its tag and
// its name in itself, and run go generate ./data/lang (make wasm runs it);
// go test ./data/lang fails until every key is there and the browser's
// file is current. The browser tests TestLanguages and TestLanguagePages
// open every language.
package lang

//go:generate go run ./internal/textgen -out ../../web

import (
	"maps"
	"strings"
	"sync/atomic"
)

// A Tag names a language by its ISO 639-1 code, as the URL's lang= says it.
type Tag string

// The languages the site speaks; English is the default and the catalogue
// every other is checked against.
const (
	EN Tag = "en"
	FR Tag = "fr"
	DE Tag = "de"
	ES Tag = "es"
)

// spoken lists the languages the site speaks, English first, each by its
// tag and its name in itself: one line per language.
var spoken = []struct {
	tag  Tag
	name string
}{
	{EN, "English"},
	{FR, "Français"},
	{DE, "Deutsch"},
	{ES, "Español"},
}

// A Language is one catalogue: its tag, how it writes numbers and dates,
// and its words by key.
type Language struct {
	Tag     Tag
	Numbers Numbers
	Months  [12]string
	// Date writes a day, the month's name and the year, as {day}, {month}
	// and {year}: "{day} {month} {year}".
	Date  string
	Words map[string]string
}

// catalogues are the languages at hand by tag besides English: each
// other language's file adds it, but for the browser, whose wasm
// holds English alone and loads the language a page speaks (Load). A
// catalogue is added by replacing the whole map, so that a sentence, which
// every render asks for by the thousand, costs one atomic load and no lock.
// English is not in the map: it is every lookup's fallback.
var catalogues atomic.Pointer[map[Tag]*Language]

// add makes l its tag's catalogue.
func add(l *Language) {
	for {
		old := catalogues.Load()
		m := map[Tag]*Language{}
		if old != nil {
			m = maps.Clone(*old)
		}
		m[l.Tag] = l
		if catalogues.CompareAndSwap(old, &m) {
			return
		}
	}
}

// loaded is the catalogue of t added, or nil.
func loaded(t Tag) *Language {
	if m := catalogues.Load(); m != nil {
		return (*m)[t]
	}
	return nil
}

// Tags lists the tags of every language, English first.
func Tags() []Tag {
	t := make([]Tag, len(spoken))
	for i, l := range spoken {
		t[i] = l.tag
	}
	return t
}

// Parse reads a language as the URL's lang= writes it, in any case and
// with a region or not ("fr", "FR", "fr-CA"); ok is false for a language the
// site does not speak.
func Parse(s string) (Tag, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(s, "-_"); i > 0 {
		s = s[:i]
	}
	for _, l := range spoken {
		if string(l.tag) == s {
			return l.tag, true
		}
	}
	return EN, false
}

// Preferred is the first of a browser's preferred languages
// (navigator.languages) that the site speaks, else English.
func Preferred(langs []string) Tag {
	for _, s := range langs {
		if t, ok := Parse(s); ok {
			return t
		}
	}
	return EN
}

// Of is t's language; English for a tag the site does not speak, or whose
// catalogue the browser has not loaded.
func (t Tag) Of() *Language {
	if l := loaded(t); l != nil {
		return l
	}
	return &english
}

// Loaded tells whether t's catalogue is at hand: always, but in the
// browser before Load.
func (t Tag) Loaded() bool {
	return t == EN || loaded(t) != nil
}

// Name is t's name in itself: "Deutsch"; "" for a tag the site does not
// speak.
func (t Tag) Name() string {
	for _, l := range spoken {
		if l.tag == t {
			return l.name
		}
	}
	return ""
}

// T is the sentence of key in t, its named placeholders ({model}) replaced
// by vars, given as name and value pairs: T("card.title", "model", "Qwen 3").
// A key t lacks is said in English, and a key no language has is returned as
// it is, so that a gap shows rather than breaks (the tests catch both).
func (t Tag) T(key string, vars ...string) string {
	s, ok := t.Of().Words[key]
	if !ok {
		if s, ok = english.Words[key]; !ok {
			return key
		}
	}
	return Fill(s, vars...)
}

// Fill replaces each {name} of s by its value in vars (name and value
// pairs); a placeholder without a value is left as it is.
func Fill(s string, vars ...string) string {
	if !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			break
		}
		name, val, found := s[i+1:i+j], "", false
		for k := 0; k+1 < len(vars); k += 2 {
			if vars[k] == name {
				val, found = vars[k+1], true
				break
			}
		}
		b.WriteString(s[:i])
		if found {
			b.WriteString(val)
		} else {
			b.WriteString(s[i : i+j+1])
		}
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

// Placeholders lists the {names} of s, in order.
func Placeholders(s string) []string {
	var names []string
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			return names
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return names
		}
		names = append(names, s[i+1:i+j])
		s = s[i+j+1:]
	}
}
