package data

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
)

// packer writes a pack's records; the packers of one pack share strs, the
// string table by number. A lean packer writes a CardPack.
type packer struct {
	b    []byte
	strs map[string]int
	lean bool
}

func (w *packer) uint(v uint64) { w.b = binary.AppendUvarint(w.b, v) }

func (w *packer) int(v int) { w.b = binary.AppendVarint(w.b, int64(v)) }

// optBool writes a bool that may be absent: 0 for nil, 1 false, 2 true.
func (w *packer) optBool(v *bool) {
	switch {
	case v == nil:
		w.b = append(w.b, 0)
	case *v:
		w.b = append(w.b, 2)
	default:
		w.b = append(w.b, 1)
	}
}

// raw writes s itself: its length and its bytes.
func (w *packer) raw(s string) {
	w.uint(uint64(len(s)))
	w.b = append(w.b, s...)
}

// str writes s as its number in the string table.
func (w *packer) str(s string) {
	i, ok := w.strs[s]
	if !ok {
		i = len(w.strs)
		w.strs[s] = i
	}
	w.uint(uint64(i))
}

// strFields, intFields and floatFields write fields in a row.
func (w *packer) strFields(v ...string) {
	for _, s := range v {
		w.str(s)
	}
}

func (w *packer) intFields(v ...int) {
	for _, n := range v {
		w.int(n)
	}
}

func (w *packer) floatFields(v ...Float) {
	for _, f := range v {
		w.float(float64(f))
	}
}

func (w *packer) list(v []string) {
	w.uint(uint64(len(v)))
	for _, s := range v {
		w.str(s)
	}
}

// float writes v as a decimal, its exponent (biased by maxPow10+1, so that
// 0 says eight bytes follow) and its digits, where that reads back exactly:
// digits below 2^53 and a power of ten that a float64 holds exactly make
// one correctly rounded multiplication or division. Otherwise its bits.
func (w *packer) float(v float64) {
	if m, e, ok := decimal(v); ok {
		w.uint(uint64(e + maxPow10 + 1))
		w.b = binary.AppendVarint(w.b, m)
		return
	}
	w.uint(0)
	w.b = binary.LittleEndian.AppendUint64(w.b, math.Float64bits(v))
}

// maxPow10 is the largest power of ten a float64 holds exactly.
const maxPow10 = 22

var pow10 = func() (p [maxPow10 + 1]float64) {
	p[0] = 1
	for i := 1; i <= maxPow10; i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// decimal is v as m×10^e, if that reads back as v with fromDecimal.
func decimal(v float64) (m int64, e int, ok bool) {
	if math.IsInf(v, 0) || math.IsNaN(v) || v == 0 && math.Signbit(v) {
		return 0, 0, false
	}
	s := strconv.FormatFloat(v, 'e', -1, 64) // d.ddde±x, the shortest that reads back
	mant, exp, _ := strings.Cut(s, "e")
	x, err := strconv.Atoi(exp)
	if err != nil {
		return 0, 0, false
	}
	digits := strings.Replace(mant, ".", "", 1)
	if i := strings.IndexByte(mant, '.'); i >= 0 {
		x -= len(mant) - i - 1
	}
	m, err = strconv.ParseInt(digits, 10, 64)
	if err != nil || m >= 1<<53 || m <= -(1<<53) || x < -maxPow10 || x > maxPow10 {
		return 0, 0, false
	}
	return m, x, fromDecimal(m, x) == v
}

func fromDecimal(m int64, e int) float64 {
	if e < 0 {
		return float64(m) / pow10[-e]
	}
	return float64(m) * pow10[e]
}
