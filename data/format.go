package data

import (
	"math"
	"strconv"
	"strings"
)

// NoFigure is what the formatters write for a value that is not a finite
// number (NaN, an infinity): a dash, as a table's empty cell reads. No input
// the pages or the command line accept yields one; the formatters are where
// every figure a person reads passes, so a bug upstream stops there, short
// of "NaN" or "+Inf" in a sentence.
const NoFigure = "–"

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// FormatEnergy writes an energy in the unit that reads best (Wh to GWh), with
// four significant digits. Below 1 Wh it stays in Wh, with the decimals
// four significant digits need ("0.01521 Wh"), so that it compares with the
// per-prompt figures published in Wh: a milliwatt-hour, "mWh", is too easily
// read as a megawatt-hour. Below a ten-thousandth of a Wh (0.36 J, a token or
// two) those decimals would run to a string of zeros, so it is written in
// joules, as FormatJoules writes it ("54.77 mJ"): a unit a reader knows,
// never a power of ten.
func FormatEnergy(wh float64) string {
	switch r := math.Abs(sig4(wh)); {
	case r != 0 && r < 1e-4:
		return FormatJoules(wh * 3600)
	case r != 0 && r < 1:
		return strconv.FormatFloat(sig4(wh), 'f', -1, 64) + " Wh"
	}
	return FormatIn(wh, WattHours...)
}

// InJoules is an energy of wh Wh in joules, to say beside FormatEnergy's
// figure ("15.21 Wh (54.77 kJ)"); "" where FormatEnergy writes joules
// already, so that nothing reads "54.77 mJ (54.77 mJ)".
func InJoules(wh float64) string {
	if j := FormatJoules(wh * 3600); j != FormatEnergy(wh) {
		return j
	}
	return ""
}

// FormatJoules writes an energy in mJ, J, kJ, MJ, GJ, TJ or PJ; below a
// ten-thousandth of a mJ, "less than 0.0001 mJ", as FormatNumber does.
func FormatJoules(j float64) string { return FormatIn(j, Joules...) }

type prefix struct {
	scale float64
	name  string
}

// scaled writes v in the largest of prefixes (largest first) that it reaches
// once rounded to four significant digits, each prefix's name the whole unit
// (kWh, mg CO2e). Below the smallest it keeps the smallest, with decimals
// or "less than 0.0001" (FormatNumber): every figure carries its unit.
func scaled(v float64, prefixes []prefix) string {
	p := prefixes[len(prefixes)-1]
	for _, q := range prefixes {
		// Compare after rounding so that 999.96 Wh reads 1 kWh, not 1000 Wh.
		if math.Abs(sig4(v/q.scale)) >= 1 {
			p = q
			break
		}
	}
	// Beyond the largest prefix, whole numbers: 31,088 GWh rather than 31,090 GWh.
	if x := v / p.scale; math.Abs(x) >= 1000 {
		return FormatNumber(x) + " " + p.name
	}
	return FormatNumber(sig4(v/p.scale)) + " " + p.name
}

// sig4 rounds v to four significant digits.
func sig4(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return f
}

// FormatNumber writes v with thousands separators and at most four significant
// digits after the point for small numbers: 1600, 0.04823 → "1,600", "0.04823".
// It never writes a power of ten, which few readers read at a glance: below
// 0.0001 it says "less than 0.0001" (1.389e-7 GPU-hours is "less than 0.0001
// GPU-hours"), as the everyday comparisons do, where a figure that small
// means nothing more to a reader than that it is tiny; above 1,000 it writes
// every digit of the whole number, grouped ("12,481,141,000").
func FormatNumber(v float64) string {
	if !finite(v) {
		return NoFigure
	}
	switch r := sig4(v); {
	case r > 0 && r < 1e-4:
		return "less than 0.0001"
	case r < 0 && r > -1e-4:
		return "more than -0.0001"
	}
	if math.Abs(v) < 1000 {
		return strconv.FormatFloat(sig4(v), 'f', -1, 64)
	}
	// The shortest digits that read back as the number: 1e30 is 1 and 30
	// zeros, not the float's 1,000,000,000,000,000,019,884,624,838,656.
	return groupThousands(strconv.FormatFloat(math.Round(v), 'f', -1, 64))
}

// ReadableVolume writes a volume of tokens, images or videos for text: its
// digits as FormatTokens writes them, which are the volume as typed, with
// thousands separators, "1,861", "2.5B", "25,000T".
func ReadableVolume(v float64) string {
	s := FormatTokens(v)
	if strings.ContainsAny(s, "eE") {
		return FormatNumber(v) // below a millionth: no volume is
	}
	n := strings.TrimRight(s, "kMBT")
	return groupThousands(n) + s[len(n):]
}

// FormatInt writes a whole count with thousands separators: "12,481,141,000".
func FormatInt(n int) string { return groupThousands(strconv.Itoa(n)) }

// FormatMS writes a deadline or a latency in milliseconds exactly, with
// thousands separators and the unit: 40 → "40 ms", 12.5 → "12.5 ms",
// 1500 → "1,500 ms". Unlike FormatNumber it does not round: a deadline is
// shown as it was typed.
func FormatMS(ms float64) string {
	if !finite(ms) {
		return NoFigure
	}
	return groupThousands(strconv.FormatFloat(ms, 'f', -1, 64)) + " ms"
}

// FormatITL writes a measured latency as the dataset shows it, to 0.1 ms,
// with FormatNumber (20.047 → "20"), unless that puts it on the other side
// of the deadline it is compared with: then with the fewest decimals that
// keep it where it is (20.047 against 20 ms → "20.05"), so that no figure
// reads as meeting a deadline it misses, nor the reverse.
func FormatITL(ms, deadlineMS float64) string {
	if !finite(ms) {
		return NoFigure
	}
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
// percent, with thousands separators: "+104.3%", "-12.0%", "+24,792.6%".
func FormatChange(a, b float64) string { return FormatGrowth(a/b - 1) }

// FormatGrowth writes a share more (or less) as FormatChange does: 1.043 is
// "+104.3%".
func FormatGrowth(share float64) string {
	x := share * 100
	if !finite(x) {
		return NoFigure
	}
	s := strconv.FormatFloat(x, 'f', 1, 64)
	if s[0] != '-' {
		s = "+" + s
	}
	return groupThousands(s) + "%"
}

// FormatRatio writes how many times one figure is another as people say
// it: "72", "3.4".
func FormatRatio(x float64) string {
	if !finite(x) {
		return NoFigure
	}
	if x >= 9.95 { // 9.96 reads "10", not "10.0"
		return strconv.FormatFloat(math.Round(x), 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}

// FormatParams writes a parameter count given in billions: 14 → "14B", 3.6 → "3.6B".
func FormatParams(billions float64) string { return FormatNumber(billions) + "B" }

// Hardware names the GPUs of a configuration: "H100 × 2".
func (c *Config) Hardware() string { return c.GPU + " × " + strconv.Itoa(c.NumGPUs) }

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
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		sign, digits = s[:1], s[1:]
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
