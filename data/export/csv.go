package export

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"

	"tokenjoule/data"
)

// csvTable is a CSV document: the header, then n lines, cell(i, j) the
// j-th value of the i-th line, written by csvValue.
func csvTable(head []string, n int, cell func(i, j int) any) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	line := make([]string, len(head))
	for j, h := range head {
		line[j] = csvText(h)
	}
	w.Write(line)
	for i := range n {
		for j := range line {
			line[j] = csvValue(cell(i, j))
		}
		w.Write(line)
	}
	w.Flush() // a bytes.Buffer does not fail
	return b.Bytes()
}

// csvValue writes a figure in full: the shortest decimal that reads back as
// the same float64, never an exponent; and a text as csvText does.
func csvValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case float64:
		return csvFloat(v)
	case data.Float:
		return csvFloat(float64(v))
	case int:
		return strconv.Itoa(v)
	}
	return csvText(fmt.Sprint(v))
}

// csvFloat writes a figure in full; one that is not a finite number, which
// only a bug upstream makes, as one that is missing: an empty cell, never
// "NaN" or "+Inf".
func csvFloat(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// csvText keeps a text from being run as a formula by the spreadsheet that
// opens the CSV: a cell that begins with =, +, -, @, a tab or a carriage
// return gets a ' before it, as OWASP advises (CSV injection). A model's
// name comes from the leaderboard's files, not from this program.
func csvText(s string) string {
	if s != "" && strings.IndexByte("=+-@\t\r", s[0]) >= 0 {
		return "'" + s
	}
	return s
}
