package state

import (
	"math/rand/v2"
	"net/url"
	"testing"
)

// TestQueryEscape holds queryEscape and queryUnescape to net/url's
// QueryEscape and QueryUnescape, which the pages read and wrote links with
// before: every byte, the escapes a link can hold (well-formed, cut short,
// not hex), and random strings of the bytes that matter.
func TestQueryEscape(t *testing.T) {
	cases := []string{"", "gpt-oss-120b", "a b+c", "%", "%2", "%zz", "%2F", "%2f", "%e2%80%89", "50%", "a%2", "+%20+",
		"1.5B", "~_-.", "ü", "a&b=c;d", "\x00\xff", "%%41", "%4"}
	for c := range 256 {
		cases = append(cases, string(rune(c)), string([]byte{byte(c)}), "%4"+string([]byte{byte(c)}))
	}
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "%+ aZ09-_.~&=;/?#F\xc3\xbc"
	for range 5000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := queryEscape(s), url.QueryEscape(s); got != want {
			t.Errorf("queryEscape(%q) = %q, want url.QueryEscape's %q", s, got, want)
		}
		got, err := queryUnescape(s)
		want, werr := url.QueryUnescape(s)
		if got != want || (err == nil) != (werr == nil) {
			t.Errorf("queryUnescape(%q) = %q, %v; want url.QueryUnescape's %q, %v", s, got, err, want, werr)
		}
	}
}

// TestValuesAreURLValues: a query the pages read with ParseQuery is the
// url.Values that url.ParseQuery reads from it, and Encode's values encode
// as url.Values do, so that the pages' links do not change.
func TestValuesAreURLValues(t *testing.T) {
	for _, raw := range []string{"task=gpqa&model=gpt-oss-120b&gpu=B200&deadline=30ms&tokens=10B",
		"task=gpqa&tokens=1e9&tokens=2&x=a+b%2Fc&empty=&novalue", "rate=1.5B%2Fday&theme=dark&lang=fr-CA"} {
		v, notices := ParseQuery(raw)
		want, err := url.ParseQuery(raw)
		if err != nil || len(notices) > 0 {
			t.Fatalf("%q: %v %v", raw, err, notices)
		}
		if got := url.Values(v).Encode(); got != want.Encode() {
			t.Errorf("ParseQuery(%q) encodes as %q, want url.ParseQuery's %q", raw, got, want.Encode())
		}
	}
}
