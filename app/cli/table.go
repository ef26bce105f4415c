package cli

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// table writes rows as columns two spaces apart, each aligned as align says
// ('l' left, 'r' right; one letter per column), without trailing spaces.
// Widths count runes, so that "×" takes one column as a terminal shows it.
func table(w io.Writer, align string, rows [][]string) {
	width := make([]int, len(align))
	for _, row := range rows {
		for i, cell := range row {
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	for _, row := range rows {
		var b strings.Builder
		for i, cell := range row {
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(cell))
			if i > 0 {
				b.WriteString("  ")
			}
			if align[i] == 'r' {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}
