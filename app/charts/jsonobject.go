package charts

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// decodeObject reads a JSON object as encoding/json's Unmarshal into a
// map[string]any does: objects as maps, arrays as []any, numbers as
// float64. The charts edit go-echarts' options this way; without
// encoding/json's decoder, which nothing else in the browser build calls,
// app.wasm is about 2% smaller (brotli).
func decodeObject(b []byte) (map[string]any, error) {
	d := decoder{b: b}
	d.space()
	if d.i >= len(b) || b[d.i] != '{' {
		return nil, d.fail("an object")
	}
	v, err := d.value(0)
	if err != nil {
		return nil, err
	}
	if d.space(); d.i < len(b) {
		return nil, d.fail("the end")
	}
	return v.(map[string]any), nil
}

// maxDepth is encoding/json's limit on nesting.
const maxDepth = 10000

type decoder struct {
	b []byte
	i int
}

func (d *decoder) fail(want string) error {
	if d.i >= len(d.b) {
		return errors.New("chart option: JSON ends where " + want + " should be")
	}
	return errors.New("chart option: JSON has " + strconv.QuoteRune(rune(d.b[d.i])) + " at byte " + strconv.Itoa(d.i) + " where " + want + " should be")
}

func (d *decoder) space() {
	for d.i < len(d.b) && (d.b[d.i] == ' ' || d.b[d.i] == '\t' || d.b[d.i] == '\n' || d.b[d.i] == '\r') {
		d.i++
	}
}

// value reads the value at d.i, whitespace before it skipped.
func (d *decoder) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("chart option: JSON nested too deeply")
	}
	d.space()
	if d.i >= len(d.b) {
		return nil, d.fail("a value")
	}
	switch c := d.b[d.i]; {
	case c == '{':
		return d.object(depth)
	case c == '[':
		return d.array(depth)
	case c == '"':
		return d.string()
	case c == 't':
		return true, d.literal("true")
	case c == 'f':
		return false, d.literal("false")
	case c == 'n':
		return nil, d.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		return d.number()
	}
	return nil, d.fail("a value")
}

func (d *decoder) object(depth int) (any, error) {
	o := map[string]any{}
	d.i++ // {
	if d.space(); d.i < len(d.b) && d.b[d.i] == '}' {
		d.i++
		return o, nil
	}
	for {
		if d.space(); d.i >= len(d.b) || d.b[d.i] != '"' {
			return nil, d.fail("a key")
		}
		k, err := d.string()
		if err != nil {
			return nil, err
		}
		if d.space(); d.i >= len(d.b) || d.b[d.i] != ':' {
			return nil, d.fail("a colon")
		}
		d.i++
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		o[k] = v
		if d.space(); d.i < len(d.b) && d.b[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.b) && d.b[d.i] == '}' {
			d.i++
			return o, nil
		}
		return nil, d.fail("a comma or '}'")
	}
}

func (d *decoder) array(depth int) (any, error) {
	a := []any{}
	d.i++ // [
	if d.space(); d.i < len(d.b) && d.b[d.i] == ']' {
		d.i++
		return a, nil
	}
	for {
		v, err := d.value(depth + 1)
		if err != nil {
			return nil, err
		}
		a = append(a, v)
		if d.space(); d.i < len(d.b) && d.b[d.i] == ',' {
			d.i++
			continue
		}
		if d.i < len(d.b) && d.b[d.i] == ']' {
			d.i++
			return a, nil
		}
		return nil, d.fail("a comma or ']'")
	}
}

func (d *decoder) literal(word string) error {
	if len(d.b)-d.i < len(word) || string(d.b[d.i:d.i+len(word)]) != word {
		return d.fail(strconv.Quote(word))
	}
	d.i += len(word)
	return nil
}

// number reads JSON's grammar for a number, then strconv's float64 of it.
func (d *decoder) number() (any, error) {
	start := d.i
	digits := func() int {
		n := 0
		for d.i < len(d.b) && '0' <= d.b[d.i] && d.b[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.b[d.i] == '-' {
		d.i++
	}
	switch {
	case d.i < len(d.b) && d.b[d.i] == '0':
		d.i++
	case digits() == 0:
		return nil, d.fail("a digit")
	}
	if d.i < len(d.b) && d.b[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return nil, d.fail("a digit")
		}
	}
	if d.i < len(d.b) && (d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		d.i++
		if d.i < len(d.b) && (d.b[d.i] == '+' || d.b[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return nil, d.fail("a digit")
		}
	}
	f, err := strconv.ParseFloat(string(d.b[start:d.i]), 64)
	if err != nil {
		return nil, errors.New("chart option: JSON number " + string(d.b[start:d.i]) + " is out of a float64's range")
	}
	return f, nil
}

// string reads a JSON string as encoding/json unquotes it: a byte that is
// not UTF-8, and a \u escape of half a surrogate pair alone, become U+FFFD.
func (d *decoder) string() (string, error) {
	d.i++ // "
	start := d.i
	for d.i < len(d.b) && d.b[d.i] != '"' && d.b[d.i] != '\\' && d.b[d.i] >= 0x20 && d.b[d.i] < utf8.RuneSelf {
		d.i++
	}
	if d.i < len(d.b) && d.b[d.i] == '"' {
		d.i++
		return string(d.b[start : d.i-1]), nil
	}
	s := append([]byte(nil), d.b[start:d.i]...)
	for {
		if d.i >= len(d.b) {
			return "", d.fail("a closing quote")
		}
		switch c := d.b[d.i]; {
		case c == '"':
			d.i++
			return string(s), nil
		case c < 0x20:
			return "", d.fail("a character of a string")
		case c == '\\':
			r, err := d.escape()
			if err != nil {
				return "", err
			}
			s = utf8.AppendRune(s, r)
		case c < utf8.RuneSelf:
			s = append(s, c)
			d.i++
		default:
			r, size := utf8.DecodeRune(d.b[d.i:])
			s = utf8.AppendRune(s, r) // U+FFFD where the byte is not UTF-8
			d.i += size
		}
	}
}

// escape reads the escape at d.i, a backslash.
func (d *decoder) escape() (rune, error) {
	d.i++
	if d.i >= len(d.b) {
		return 0, d.fail("an escape")
	}
	c := d.b[d.i]
	d.i++
	switch c {
	case '"', '\\', '/':
		return rune(c), nil
	case 'b':
		return '\b', nil
	case 'f':
		return '\f', nil
	case 'n':
		return '\n', nil
	case 'r':
		return '\r', nil
	case 't':
		return '\t', nil
	case 'u':
		r := d.hex4()
		if r < 0 {
			return 0, d.fail("four hexadecimal digits")
		}
		if !utf16.IsSurrogate(r) {
			return r, nil
		}
		// A pair's second half must follow at once; otherwise U+FFFD, and
		// what follows is read on its own.
		if d.i+1 < len(d.b) && d.b[d.i] == '\\' && d.b[d.i+1] == 'u' {
			save := d.i
			d.i += 2
			if r2 := d.hex4(); r2 >= 0 {
				if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
					return pair, nil
				}
			}
			d.i = save
		}
		return utf8.RuneError, nil
	}
	d.i--
	return 0, d.fail("an escape")
}

// hex4 reads four hexadecimal digits, or returns -1.
func (d *decoder) hex4() rune {
	if len(d.b)-d.i < 4 {
		return -1
	}
	var r rune
	for _, c := range d.b[d.i : d.i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return -1
		}
		r = r*16 + rune(c)
	}
	d.i += 4
	return r
}
