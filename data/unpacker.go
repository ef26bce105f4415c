package data

import (
	"encoding/binary"
	"errors"
	"math"
	"strconv"
)

// unpacker reads a pack. Its first error stops it: every later read
// returns zero values, and err says what was wrong and where.
type unpacker struct {
	b    []byte
	i    int
	strs []string
	err  error
}

func (r *unpacker) fail(msg string) {
	if r.err == nil {
		r.err = errors.New("dataset pack: at byte " + strconv.Itoa(r.i) + ": " + msg)
	}
}

func (r *unpacker) uint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.i:])
	if n <= 0 {
		r.fail("bad number")
		return 0
	}
	r.i += n
	return v
}

func (r *unpacker) int() int {
	v := unzigzag(r.uint())
	if v != int64(int(v)) {
		r.fail("bad number")
		return 0
	}
	return int(v)
}

// unzigzag undoes the zig-zag encoding binary.AppendVarint writes a signed
// number in.
func unzigzag(u uint64) int64 {
	if u&1 != 0 {
		return ^int64(u >> 1)
	}
	return int64(u >> 1)
}

func (r *unpacker) optBool() *bool {
	if r.err != nil {
		return nil
	}
	if r.i >= len(r.b) || r.b[r.i] > 2 {
		r.fail("bad boolean")
		return nil
	}
	r.i++
	if r.b[r.i-1] == 0 {
		return nil
	}
	v := r.b[r.i-1] == 2
	return &v
}

// count reads a number of things to come, each of which takes a byte at
// least: more than the bytes left is an error.
func (r *unpacker) count() int {
	n := r.uint()
	if n > uint64(len(r.b)-r.i) {
		r.fail("a count of " + strconv.FormatUint(n, 10) + " with " + strconv.Itoa(len(r.b)-r.i) + " bytes left")
		return 0
	}
	return int(n)
}

// record reads a record's length and returns where it ends.
func (r *unpacker) record() int {
	n := r.count()
	return r.i + n
}

// end checks that a record was read to its end.
func (r *unpacker) end(at int) {
	if r.err == nil && r.i != at {
		r.fail("a record read to byte " + strconv.Itoa(r.i) + ", not to its end at " + strconv.Itoa(at))
	}
}

func (r *unpacker) raw() string {
	n := r.count()
	if r.err != nil {
		return ""
	}
	s := string(r.b[r.i : r.i+n])
	r.i += n
	return s
}

func (r *unpacker) str() string {
	i := r.uint()
	if r.err == nil && i >= uint64(len(r.strs)) {
		r.fail("string " + strconv.FormatUint(i, 10) + " of " + strconv.Itoa(len(r.strs)))
	}
	if r.err != nil {
		return ""
	}
	return r.strs[i]
}

// strFields, intFields and floatFields read fields in a row, each into its
// pointer.
func (r *unpacker) strFields(p ...*string) {
	for _, s := range p {
		*s = r.str()
	}
}

func (r *unpacker) intFields(p ...*int) {
	for _, v := range p {
		*v = r.int()
	}
}

func (r *unpacker) floatFields(p ...*Float) {
	for _, v := range p {
		*v = Float(r.float())
	}
}

func (r *unpacker) list() []string {
	n := r.count()
	if n == 0 {
		return nil
	}
	v := make([]string, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		v = append(v, r.str())
	}
	return v
}

func (r *unpacker) float() float64 {
	k := r.uint()
	switch {
	case r.err != nil:
		return 0
	case k == 0:
		if len(r.b)-r.i < 8 {
			r.fail("a float cut short")
			return 0
		}
		v := math.Float64frombits(binary.LittleEndian.Uint64(r.b[r.i:]))
		r.i += 8
		return v
	case k > 2*maxPow10+1:
		r.fail("bad exponent")
		return 0
	}
	return fromDecimal(unzigzag(r.uint()), int(k)-maxPow10-1)
}
