package server

import (
	"bytes"
	"html"
	"strconv"
)

// EscapeAttributes rewrites the attribute values of a page that go-app
// wrote in HTML's quoting: go-app quotes them as Go strings (strconv.Quote),
// so that a `"` in a value ends it for the browser, and a model's name such
// as `Q8" onfocus=alert(1) x="` in a title would become an attribute of its
// own. Each value is unquoted as Go and written back with &, ", ' and < >
// as character references; an aria-* attribute go-app wrote bare, for
// "true", gets its value back. Text and the contents of script and style
// elements are left as they are: go-app escapes text itself.
func EscapeAttributes(page []byte) []byte {
	var out bytes.Buffer
	out.Grow(len(page) + len(page)/32)
	for len(page) > 0 {
		i := bytes.IndexByte(page, '<')
		if i < 0 || i+1 >= len(page) {
			out.Write(page)
			break
		}
		out.Write(page[:i])
		page = page[i:]
		if !isLetter(page[1]) {
			// A comment, a doctype, an end tag or a stray "<": as it is.
			end := len(page)
			if bytes.HasPrefix(page, []byte("<!--")) {
				if n := bytes.Index(page, []byte("-->")); n >= 0 {
					end = n + len("-->")
				}
			} else if n := bytes.IndexByte(page, '>'); n >= 0 {
				end = n + 1
			}
			out.Write(page[:end])
			page = page[end:]
			continue
		}
		var name []byte
		name, page = startTag(&out, page)
		// The contents of script and style are not markup.
		for _, raw := range []string{"script", "style"} {
			if string(bytes.ToLower(name)) == raw {
				end := bytes.Index(bytes.ToLower(page), []byte("</"+raw))
				if end < 0 {
					end = len(page)
				}
				out.Write(page[:end])
				page = page[end:]
			}
		}
	}
	return out.Bytes()
}

// startTag writes the start tag at the head of page, its attribute values
// in HTML's quoting, and returns the tag's name and the rest of page.
func startTag(out *bytes.Buffer, page []byte) (name, rest []byte) {
	i := 1
	for i < len(page) && !isSpace(page[i]) && page[i] != '>' && page[i] != '/' {
		i++
	}
	name = page[1:i]
	out.Write(page[:i])
	for i < len(page) {
		switch c := page[i]; {
		case c == '>':
			out.WriteByte(c)
			return name, page[i+1:]
		case c == '=' && i+1 < len(page) && page[i+1] == '"':
			lit, err := strconv.QuotedPrefix(string(page[i+1:]))
			v, uerr := strconv.Unquote(lit)
			if err != nil || uerr != nil {
				// Not Go's quoting: up to the next quote, as HTML reads it.
				n := bytes.IndexByte(page[i+2:], '"')
				if n < 0 {
					out.Write(page[i:])
					return name, nil
				}
				out.Write(page[i : i+2+n+1])
				i += 2 + n + 1
				continue
			}
			out.WriteString(`="`)
			out.WriteString(html.EscapeString(v))
			out.WriteByte('"')
			i += 1 + len(lit)
		case isLetter(c) && isSpace(page[i-1]):
			// An attribute's name. go-app writes a value of "true" as the
			// name alone, which for an aria-* attribute means "" (aria-current
			// then says no row is current): it is written back whole.
			n := i
			for n < len(page) && !isSpace(page[n]) && page[n] != '=' && page[n] != '>' && page[n] != '/' {
				n++
			}
			out.Write(page[i:n])
			if bytes.HasPrefix(page[i:n], []byte("aria-")) && (n == len(page) || page[n] != '=') {
				out.WriteString(`="true"`)
			}
			i = n
		default:
			out.WriteByte(c)
			i++
		}
	}
	return name, nil
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
