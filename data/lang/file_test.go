//go:build !js

// The catalogues but English are native only (fr.go, de.go, es.go).

package lang

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestFileRoundTrip: every language, written as the browser's file and
// read back, is the catalogue it was written from.
func TestFileRoundTrip(t *testing.T) {
	for _, tag := range Tags() {
		want := *tag.Of()
		got, err := Load(want.Text())
		if err != nil {
			t.Fatalf("%s: %v", tag, err)
		}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("%s read back differs from its catalogue", tag)
		}
		add(&want) // as it was: the catalogue Load replaced
	}
	// A value with the characters the file escapes.
	l := Language{Tag: FR, Months: french.Months, Words: map[string]string{"a": "tab\there\nline \\n \\"}}
	got, err := Load(l.Text())
	add(&french)
	if err != nil || got.Words["a"] != l.Words["a"] {
		t.Errorf("Load(Text()) of %q = %v, %v", l.Words["a"], got, err)
	}
}

// TestFilesAreCurrent holds web/'s catalogues to data/lang's.
func TestFilesAreCurrent(t *testing.T) {
	for _, tag := range Tags()[1:] {
		name := filepath.Join("..", "..", "web", FileName(tag))
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v: run go generate ./data/lang", err)
		}
		if !bytes.Equal(b, tag.Of().Text()) {
			t.Errorf("%s is not %s's catalogue as data/lang has it: run go generate ./data/lang", name, tag)
		}
	}
}

func TestLoadRefuses(t *testing.T) {
	good := string(german.Text())
	defer add(&german)
	cases := []struct{ text, want string }{
		{"", "line 1 of the catalogue: want a name, a tab and a value"},
		{strings.Replace(good, "@tag\tde", "@tag\txx", 1), `the tag "xx" is not one of en, fr, de, es`},
		{strings.Replace(good, "@tag\tde", "@tag\tDE", 1), `the tag "DE"`},
		{strings.Replace(good, "@months\t", "@months\tx|", 1), "want the 12 months' names between |, got 13"},
		{strings.Replace(good, "@groupfour\ttrue", "@groupfour\tyes", 1), `@groupfour is "yes", want true or false`},
		{strings.Replace(good, "@date\t", "@dates\t", 1), `no field is named "@dates"`},
		{good + "card.title\tx\n", `"card.title" is named twice`},
		{strings.Join(strings.SplitAfter(good, "\n")[:8], ""), "holds no words"},
		{strings.Replace(good, "@unitspace\t\u00a0\n", "", 1), "lacks its @unitspace line"},
	}
	for _, c := range cases {
		_, err := Load([]byte(c.text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%.40q…) = %v, want an error with %q", c.text, err, c.want)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(spanish.Text())
	f.Add([]byte("@tag\tfr\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		defer add(&spanish)
		defer add(&french)
		defer add(&german)
		l, err := Load(text)
		if err != nil {
			return
		}
		again, err := Load(l.Text())
		if err != nil || !reflect.DeepEqual(again, l) {
			t.Errorf("a catalogue Load read, written and read again: %v", err)
		}
	})
}
