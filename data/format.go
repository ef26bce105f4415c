package data

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// FormatEnergy writes an energy in the unit that reads best (Wh to GWh), with
// four significant digits. Below 1 Wh it stays in Wh, with the decimals
// four significant digits need ("0.01521 Wh"): a milliwatt-hour, "mWh", is
// too easily read as a megawatt-hour. Below a ten-thousandth of a Wh (a
// token or two) it writes Wh times a power of ten ("1.521 × 10⁻⁵ Wh"),
// rather than a run of zeros.
func FormatEnergy(wh float64) string {
	if r := sig4(wh); r != 0 && math.Abs(r) < 1 && math.Abs(r) >= 1e-4 {
		return strconv.FormatFloat(r, 'f', -1, 64) + " Wh"
	}
	return scaled(wh, "Wh", []prefix{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}})
}

// FormatJoules writes an energy in mJ, J, kJ, MJ, GJ, TJ or PJ, and below a
// thousandth of a mJ in J times a power of ten, as FormatEnergy does.
func FormatJoules(j float64) string {
	return scaled(j, "J", []prefix{{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}, {1e-3, "m"}})
}

type prefix struct {
	scale float64
	name  string
}

func scaled(v float64, unit string, prefixes []prefix) string {
	p := prefixes[len(prefixes)-1]
	if v != 0 && math.Abs(v) < p.scale/1000 {
		// Below 0.001 of the smallest prefix: no prefix helps a reader
		// there, a power of ten does.
		return scientific(v) + " " + unit
	}
	for _, q := range prefixes {
		// Compare after rounding so that 999.96 Wh reads 1 kWh, not 1000 Wh.
		if math.Abs(sig4(v/q.scale)) >= 1 {
			p = q
			break
		}
	}
	// Beyond the largest prefix, whole numbers: 31,088 GWh rather than 31,090 GWh.
	if x := v / p.scale; math.Abs(x) >= 1000 {
		return FormatNumber(x) + " " + p.name + unit
	}
	return FormatNumber(sig4(v/p.scale)) + " " + p.name + unit
}

// sig4 rounds v to four significant digits.
func sig4(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return f
}

// FormatNumber writes v with thousands separators and at most four significant
// digits after the point for small numbers: 1600, 0.04823 → "1,600", "0.04823".
// Below 0.0001 it writes four significant digits times a power of ten:
// 1.389e-7 → "1.389 × 10⁻⁷".
func FormatNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	if v != 0 && math.Abs(sig4(v)) < 1e-4 {
		return scientific(v)
	}
	if math.Abs(v) < 1000 {
		return strconv.FormatFloat(sig4(v), 'f', -1, 64)
	}
	return groupThousands(strconv.FormatFloat(math.Round(v), 'f', 0, 64))
}

// FormatMS writes a deadline or a latency in milliseconds exactly, with
// thousands separators and the unit: 40 → "40 ms", 12.5 → "12.5 ms",
// 1500 → "1,500 ms". Unlike FormatNumber it does not round: a deadline is
// shown as it was typed.
func FormatMS(ms float64) string {
	if math.IsNaN(ms) || math.IsInf(ms, 0) {
		return strconv.FormatFloat(ms, 'g', -1, 64) + " ms"
	}
	return groupThousands(strconv.FormatFloat(ms, 'f', -1, 64)) + " ms"
}

// FormatITL writes a measured latency as the dataset shows it, to 0.1 ms,
// with FormatNumber (20.047 → "20"), unless that puts it on the other side
// of the deadline it is compared with: then with the fewest decimals that
// keep it where it is (20.047 against 20 ms → "20.05"), so that no figure
// reads as meeting a deadline it misses, nor the reverse.
func FormatITL(ms, deadlineMS float64) string {
	meets := ms <= deadlineMS
	sameSide := func(s string) bool {
		v, _ := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
		return (v <= deadlineMS) == meets
	}
	shown, _ := strconv.ParseFloat(strconv.FormatFloat(ms, 'f', 1, 64), 64)
	if s := FormatNumber(shown); sameSide(s) {
		return s
	}
	for n := 1; n <= 17; n++ {
		if s := strconv.FormatFloat(ms, 'f', n, 64); sameSide(s) {
			return groupThousands(strings.TrimRight(s, "0"))
		}
	}
	return groupThousands(strconv.FormatFloat(ms, 'f', -1, 64))
}

// FormatChange is how much more (or less) a is than b, signed, to a tenth of a
// percent: "+104.3%", "-12.0%".
func FormatChange(a, b float64) string { return fmt.Sprintf("%+.1f%%", (a/b-1)*100) }

// FormatRatio writes how many times one figure is another as people say
// it: "72", "3.4".
func FormatRatio(x float64) string {
	if x >= 9.95 { // 9.96 reads "10", not "10.0"
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// FormatParams writes a parameter count given in billions: 14 → "14B", 3.6 → "3.6B".
func FormatParams(billions float64) string { return FormatNumber(billions) + "B" }

// Hardware names the GPUs of a configuration: "H100 × 2".
func (c *Config) Hardware() string { return fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs) }

// GPUChoice names the GPUs a query covers, in words that follow "on": gpu
// itself when it is one GPU; for AnyGPU, the GPUs the model (or workload) was
// measured on, "B200 or H100", or just "B200" when it was measured on one.
// So "No configuration of DeepSeek R1 on B200 meets…" never claims a choice
// that was not there.
func GPUChoice(gpus []string, gpu string) string {
	if gpu != AnyGPU || len(gpus) == 0 {
		return gpu
	}
	if len(gpus) == 1 {
		return gpus[0]
	}
	return strings.Join(gpus[:len(gpus)-1], ", ") + " or " + gpus[len(gpus)-1]
}

// groupThousands puts a comma between each group of three digits of the
// integer part of a decimal: "-1234567.25" → "-1,234,567.25".
func groupThousands(s string) string {
	sign, digits := "", s
	if strings.HasPrefix(s, "-") {
		sign, digits = "-", s[1:]
	}
	frac := ""
	if i := strings.IndexByte(digits, '.'); i >= 0 {
		digits, frac = digits[:i], digits[i:]
	}
	var b strings.Builder
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(digits[i])
	}
	return sign + b.String() + frac
}

// scientific writes v with four significant digits times a power of ten, the
// way people write it: "1.521 × 10⁻³²".
func scientific(v float64) string {
	s := strconv.FormatFloat(v, 'e', 3, 64) // "1.521e-32"
	mant, exp, _ := strings.Cut(s, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
	}
	e, _ := strconv.Atoi(exp) // "-07" → -7
	var b strings.Builder
	b.WriteString(mant + " × 10")
	for _, r := range strconv.Itoa(e) {
		b.WriteString(superscript[r])
	}
	return b.String()
}

var superscript = map[rune]string{'-': "⁻", '0': "⁰", '1': "¹", '2': "²", '3': "³", '4': "⁴", '5': "⁵", '6': "⁶", '7': "⁷", '8': "⁸", '9': "⁹"}
