package data

import (
	"strconv"
	"unicode/utf8"
)

// The package's messages are written without fmt, which the card embeds'
// wasm would link for them (a sixth of its size); these do what fmt's
// verbs did in them.

// wrapped is an error that says where another happened: fmt.Errorf's
// "msg: %w".
type wrapped struct {
	msg string
	err error
}

func (e *wrapped) Error() string { return e.msg + ": " + e.err.Error() }
func (e *wrapped) Unwrap() error { return e.err }

// wrap is err, said to have happened at msg.
func wrap(msg string, err error) error { return &wrapped{msg, err} }

// quoteAtMost quotes the first n characters of s, as %.80q does for 80.
func quoteAtMost(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		for i := range s {
			if n == 0 {
				s = s[:i]
				break
			}
			n--
		}
	}
	return strconv.Quote(s)
}

// formatG writes x as %v and %g do: the shortest decimal that reads back.
func formatG(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// errorText is err's text as %v writes it, "<nil>" for none.
func errorText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}
