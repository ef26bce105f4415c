package lang

import "strings"

// Unfill reads s as template with its placeholders filled, the reverse of
// Fill: the value of each placeholder, as name and value pairs, and whether
// s is template filled at all. Each value runs to the first place where the
// literal after its placeholder follows; a value is never empty, and two
// placeholders side by side do not match.
func Unfill(template, s string) ([]string, bool) {
	var vars []string
	for {
		i := strings.IndexByte(template, '{')
		j := strings.IndexByte(template[max(i, 0):], '}')
		if i < 0 || j < 0 {
			return vars, template == s
		}
		if !strings.HasPrefix(s, template[:i]) {
			return nil, false
		}
		name := template[i+1 : i+j]
		s, template = s[i:], template[i+j+1:]
		next := template
		if k := strings.IndexByte(next, '{'); k >= 0 {
			next = next[:k]
		}
		var v string
		switch k := strings.Index(s, next); {
		case next == "" && template != "":
			return nil, false
		case next == "":
			v, s = s, ""
		case k < 0:
			return nil, false
		default:
			v, s = s[:k], s[k:]
		}
		if v == "" {
			return nil, false
		}
		vars = append(vars, name, v)
	}
}
