package state

import (
	"errors"
	"strings"
)

// Values are a query string's parameters, each key's values in order: the
// type of url.Values, whose values it takes and which take it, without
// importing net/url. The card's wasm (wasm/card) reads links with this
// package, and net/url would link net/netip and its unique handles there,
// none of which a query needs.
type Values = map[string][]string

// queryEscape escapes s as url.QueryEscape does: every byte but letters,
// digits and -_.~ as %XX in upper case, a space as +.
func queryEscape(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == '~':
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

// errEscape is queryUnescape's error: a % that starts no escape.
var errEscape = errors.New("a % must start an escape such as %20")

// queryUnescape undoes queryEscape as url.QueryUnescape does: %XX (in
// either case) is the byte XX, + a space, and a % not followed by two hex
// digits an error.
func queryUnescape(s string) (string, error) {
	if !strings.ContainsAny(s, "%+") {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '%':
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", errEscape
			}
			b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
			i += 2
		case '+':
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
