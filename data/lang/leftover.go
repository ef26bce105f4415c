package lang

import "strings"

// English lists the English sentences of the catalogue, or their parts
// between placeholders, that text holds though it is written in t: words a
// translation missed. Only parts of two words or more are looked for, and
// only those t writes otherwise, so that a name both share ("tokenjoule")
// is not one.
func English(text string, t Tag) []string {
	var found []string
	for key, en := range english.Words {
		if t.Of().Words[key] == en {
			continue
		}
		for _, part := range literals(en) {
			if strings.Contains(strings.TrimSpace(part), " ") && len(strings.TrimSpace(part)) >= 8 &&
				strings.Contains(text, strings.TrimSpace(part)) {
				found = append(found, strings.TrimSpace(part))
			}
		}
	}
	return found
}

// literals are the parts of s between its placeholders.
func literals(s string) []string {
	var parts []string
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s, '}')
		if i < 0 || j < i {
			return append(parts, s)
		}
		parts = append(parts, s[:i])
		s = s[j+1:]
	}
}
