package lang

import "strings"

// Numbers is how a language writes a number: its decimal mark, the
// separator of groups of three digits, whether a four-digit whole number is
// grouped (Spanish writes 1234 but 12 345), and the spaces before a unit and
// before the percent sign.
type Numbers struct {
	Decimal      string
	Group        string
	GroupFour    bool
	UnitSpace    string
	PercentSpace string
}

// Number writes a number that package data formatted the English way
// ("-1,234,567.25", "+104.3", "less than 0.0001") in t's way: the decimal
// mark, the groups, and the words of the bounds below a ten-thousandth.
// Only a figure goes through it, never a sentence, so that the digits of a
// name ("Llama 3.1 70B") are never touched.
func (t Tag) Number(s string) string {
	if t == EN || t == "" {
		return s
	}
	for _, bound := range []string{"less than ", "more than "} {
		if rest, ok := strings.CutPrefix(s, bound); ok {
			return t.T("number."+strings.TrimSpace(bound), "n", t.Number(rest))
		}
	}
	n := t.Of().Numbers
	sign, digits := "", strings.ReplaceAll(s, ",", "")
	if strings.HasPrefix(digits, "-") || strings.HasPrefix(digits, "+") {
		sign, digits = digits[:1], digits[1:]
	}
	whole, frac, hasFrac := strings.Cut(digits, ".")
	for _, c := range whole + frac {
		if c < '0' || c > '9' {
			return s // not a figure: a dash for no figure, or words
		}
	}
	var b strings.Builder
	b.WriteString(sign)
	if len(whole) > 4 || (len(whole) == 4 && n.GroupFour) {
		for i := range len(whole) {
			if i > 0 && (len(whole)-i)%3 == 0 {
				b.WriteString(n.Group)
			}
			b.WriteByte(whole[i])
		}
	} else {
		b.WriteString(whole)
	}
	if hasFrac {
		b.WriteString(n.Decimal + frac)
	}
	return b.String()
}

// Figure writes a figure with its unit that package data formatted the
// English way ("1,234.5 kWh", "15.21 Wh", "less than 0.0001 mJ") in t's
// way: the number as Number writes it and, between it and the unit, t's
// space (a no-break one, so that the unit never starts a line alone).
func (t Tag) Figure(s string) string {
	if t == EN || t == "" {
		return s
	}
	i := strings.LastIndexByte(s, ' ')
	if i < 0 {
		return t.Number(s)
	}
	num, unit := s[:i], s[i+1:]
	if strings.HasSuffix(num, "0.0001") || (num != "" && (num[len(num)-1] >= '0' && num[len(num)-1] <= '9')) {
		return t.Number(num) + t.Of().Numbers.UnitSpace + unit
	}
	return s
}

// Percent writes a signed or plain percentage that package data wrote the
// English way ("+104.3%", "12.5%") in t's way: "+104,3 %".
func (t Tag) Percent(s string) string {
	if t == EN || t == "" {
		return s
	}
	num, ok := strings.CutSuffix(s, "%")
	if !ok {
		return s
	}
	return t.Number(num) + t.Of().Numbers.PercentSpace + "%"
}

// Date writes an ISO date ("2026-12-05") in t's words: "5 December 2026",
// "5 décembre 2026", "5. Dezember 2026", "5 de diciembre de 2026". A string
// that is not an ISO date is returned as it is.
func (t Tag) Date(iso string) string {
	if len(iso) != 10 || iso[4] != '-' || iso[7] != '-' {
		return iso
	}
	m := atoi(iso[5:7])
	d := atoi(iso[8:10])
	if atoi(iso[:4]) < 0 || m < 1 || m > 12 || d < 1 || d > 31 {
		return iso
	}
	l := t.Of()
	return Fill(l.Date, "day", itoa(d), "month", l.Months[m-1], "year", iso[:4])
}

// atoi reads a few decimal digits; -1 for anything else.
func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
