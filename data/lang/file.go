package lang

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// The browser's wasm holds English alone: a page in another language loads
// that language's catalogue, the file Text writes (web/lang-<tag>.txt, made
// by go generate ./data/lang), so that a reader downloads the words of one
// language, not of all four.
//
// The file is a line a field: its name, a tab and its value, in which a
// backslash, a tab and a newline are written \\, \t and \n. The fields
// whose names start with "@" come first (the tag, the number and date
// formats), then the words in their keys' order.

// FileName is the name of the file that holds t's catalogue in web/.
func FileName(t Tag) string { return "lang-" + string(t) + ".txt" }

// Text is l written as the file Load reads.
func (l *Language) Text() []byte {
	var b strings.Builder
	field := func(name, value string) {
		b.WriteString(name)
		b.WriteByte('\t')
		b.WriteString(escape(value))
		b.WriteByte('\n')
	}
	n := l.Numbers
	field("@tag", string(l.Tag))
	field("@decimal", n.Decimal)
	field("@group", n.Group)
	field("@groupfour", strconv.FormatBool(n.GroupFour))
	field("@unitspace", n.UnitSpace)
	field("@percentspace", n.PercentSpace)
	field("@months", strings.Join(l.Months[:], "|"))
	field("@date", l.Date)
	keys := make([]string, 0, len(l.Words))
	for k := range l.Words {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		field(k, l.Words[k])
	}
	return []byte(b.String())
}

// escape writes a backslash, a tab and a newline of s as \\, \t and \n;
// unescape reads them back. Not a strings.Replacer, which would link every
// kind of replacer into the card's wasm.
func escape(s string) string {
	if !strings.ContainsAny(s, "\\\t\n") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			b.WriteString(`\\`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 't':
				b.WriteByte('\t')
				continue
			case 'n':
				b.WriteByte('\n')
				continue
			case '\\':
				b.WriteByte('\\')
				continue
			}
			i--
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Load reads a catalogue that Text wrote and makes it its language's, in
// place of the one at hand. It refuses a file of a language the site does
// not speak, or that lacks a field, names one twice or holds no words; the
// error names the line.
func Load(text []byte) (*Language, error) {
	l := &Language{Words: map[string]string{}}
	seen := map[string]bool{}
	groupFour := ""
	for i, line := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		bad := func(why string) error {
			return errors.New("lang: line " + strconv.Itoa(i+1) + " of the catalogue: " + why)
		}
		name, value, ok := strings.Cut(line, "\t")
		if !ok || name == "" {
			return nil, bad("want a name, a tab and a value, got " + strconv.Quote(excerpt(line)))
		}
		if seen[name] {
			return nil, bad(strconv.Quote(excerpt(name)) + " is named twice")
		}
		seen[name] = true
		value = unescape(value)
		switch name {
		case "@tag":
			t, ok := Parse(value)
			if !ok || string(t) != value {
				return nil, bad("the tag " + strconv.Quote(excerpt(value)) + " is not one of " + strings.Join(tagNames(), ", "))
			}
			l.Tag = t
		case "@decimal":
			l.Numbers.Decimal = value
		case "@group":
			l.Numbers.Group = value
		case "@groupfour":
			groupFour = value
		case "@unitspace":
			l.Numbers.UnitSpace = value
		case "@percentspace":
			l.Numbers.PercentSpace = value
		case "@months":
			m := strings.Split(value, "|")
			if len(m) != 12 {
				return nil, bad("want the 12 months' names between |, got " + strconv.Itoa(len(m)))
			}
			copy(l.Months[:], m)
		case "@date":
			l.Date = value
		default:
			if strings.HasPrefix(name, "@") {
				return nil, bad("no field is named " + strconv.Quote(excerpt(name)))
			}
			l.Words[name] = value
		}
	}
	for _, f := range []string{"@tag", "@decimal", "@group", "@groupfour", "@unitspace", "@percentspace", "@months", "@date"} {
		if !seen[f] {
			return nil, errors.New("lang: the catalogue lacks its " + f + " line")
		}
	}
	switch groupFour {
	case "true":
		l.Numbers.GroupFour = true
	case "false":
	default:
		return nil, errors.New("lang: the catalogue's @groupfour is " + strconv.Quote(excerpt(groupFour)) + ", want true or false")
	}
	if len(l.Words) == 0 {
		return nil, errors.New("lang: the catalogue of " + string(l.Tag) + " holds no words")
	}
	add(l)
	return l, nil
}

// tagNames are the tags of the languages the site speaks, as text.
func tagNames() []string {
	var names []string
	for _, t := range Tags() {
		names = append(names, string(t))
	}
	return names
}

// excerpt is s cut to 40 bytes at most, at a rune's start, for an error.
func excerpt(s string) string {
	if len(s) <= 40 {
		return s
	}
	i := 40
	for i > 0 && s[i]&0xC0 == 0x80 {
		i--
	}
	return s[:i] + "…"
}
