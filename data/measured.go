package data

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Measured is one configuration's figures as the leaderboard published them,
// unrounded: what a deadline is compared with and what a volume is multiplied
// by. The rest of a Config is the dataset row, rounded for people to read
// (0.1 ms, 7 decimals of a joule), and the page shows those.
type Measured struct {
	ITL              [4]float64 // ms, at each of Percentiles (p50, p90, p95, p99)
	JoulesPerToken   float64
	JoulesPerRequest float64 // the leaderboard's energy_per_request_joules
}

// TokenColumns are the columns of a token workload's measured values, named
// as the leaderboard names its fields, in the order of Measured's.
var TokenColumns = []string{"median_itl_ms", "p90_itl_ms", "p95_itl_ms", "p99_itl_ms",
	"energy_per_token_joules", "energy_per_request_joules"}

// MeasuredFile is the name of a workload's measured values, in its folder
// beside the model files (a slug has no dot, so no model file can take it).
const MeasuredFile = "measured.bin"

// A MeasuredTable is the content of a workload's measured.bin: per dataset
// row id, one float64 per column, bit for bit as the leaderboard published
// it. A column is named after the leaderboard's field, so that workloads of
// another kind (an image's batch latency and energy) fit the same table.
//
// The file is binary because decimals are not compact: the shortest decimal
// that reads back as a float64 has 15 to 17 digits, and the 838 token rows'
// six values took 41 KB more in the brotli-compressed wasm as JSON, 26 KB in
// this form. It is
//
//	tokenjoule measured values 1\n
//	{"columns":[…],"rows":[…]}\n
//	the values: 8 × columns × rows bytes
//
// The values are IEEE 754 float64s, big-endian, column after column (all
// rows of the first column, then the second…), and stored by byte planes:
// the first byte of every value, then the second byte of every value, and so
// on. Sign, exponent and leading digits, alike across a column, then sit
// together, where compression finds them.
type MeasuredTable struct {
	Columns []string    // the leaderboard's field names, such as median_itl_ms
	Rows    []string    // dataset row ids, sorted
	Values  [][]float64 // Values[i][j] is the value of column j for Rows[i]
}

const measuredMagic = "tokenjoule measured values 1\n"

// maxMeasured bounds every measured value: far above any measurement, as the
// importer's bounds are, and low enough that no figure derived from it for up
// to 1e18 tokens overflows.
const maxMeasured = 1e12

type measuredHeader struct {
	Columns []string `json:"columns"`
	Rows    []string `json:"rows"`
}

// MarshalBinary writes t as measured.bin holds it, after checking it as
// UnmarshalBinary would, so that what is written always reads back.
func (t *MeasuredTable) MarshalBinary() ([]byte, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(measuredMagic)
	h, err := json.Marshal(measuredHeader{t.Columns, t.Rows})
	if err != nil {
		return nil, err
	}
	b.Write(h)
	b.WriteByte('\n')
	n := len(t.Columns) * len(t.Rows)
	planes := make([]byte, 8*n)
	var v [8]byte
	for j := range t.Columns {
		for i := range t.Rows {
			binary.BigEndian.PutUint64(v[:], math.Float64bits(t.Values[i][j]))
			for p := range v {
				planes[p*n+j*len(t.Rows)+i] = v[p]
			}
		}
	}
	b.Write(planes)
	return b.Bytes(), nil
}

// UnmarshalBinary reads measured.bin. It refuses anything MarshalBinary
// would not write: another version, unsorted or repeated rows, repeated
// columns, a length that does not match, a value that is not a number
// greater than 0 and at most 1e12.
func (t *MeasuredTable) UnmarshalBinary(b []byte) error {
	rest, ok := bytes.CutPrefix(b, []byte(measuredMagic))
	if !ok {
		return errors.New("measured values: not a measured.bin of version 1")
	}
	line, payload, ok := bytes.Cut(rest, []byte("\n"))
	if !ok {
		return errors.New("measured values: the header line is not terminated")
	}
	var h measuredHeader
	if err := json.Unmarshal(line, &h); err != nil {
		return fmt.Errorf("measured values: header: %w", err)
	}
	// Only the header MarshalBinary writes: encoding/json also takes keys
	// in any case, repeated keys and missing ones.
	if again, _ := json.Marshal(h); !bytes.Equal(again, line) {
		return fmt.Errorf("measured values: header %.80q is not as written (%.80q)", line, again)
	}
	// Checked before anything is allocated, by division (a product could
	// overflow): a header cannot ask for more memory than the file's length.
	n := len(payload) / 8
	if len(h.Columns) == 0 || len(payload)%8 != 0 || n%len(h.Columns) != 0 || n/len(h.Columns) != len(h.Rows) {
		return fmt.Errorf("measured values: %d bytes of values, want 8 × %d columns × %d rows", len(payload), len(h.Columns), len(h.Rows))
	}
	values := make([][]float64, len(h.Rows))
	flat := make([]float64, n)
	for i := range values {
		values[i] = flat[i*len(h.Columns) : (i+1)*len(h.Columns) : (i+1)*len(h.Columns)]
	}
	for j := range h.Columns {
		for i := range h.Rows {
			var bits uint64
			for p := range 8 {
				bits = bits<<8 | uint64(payload[p*n+j*len(h.Rows)+i])
			}
			values[i][j] = math.Float64frombits(bits)
		}
	}
	got := MeasuredTable{h.Columns, h.Rows, values}
	if err := got.check(); err != nil {
		return err
	}
	*t = got
	return nil
}

func (t *MeasuredTable) check() error {
	if len(t.Columns) == 0 {
		return errors.New("measured values: no columns")
	}
	for j, c := range t.Columns {
		if c == "" || slices.Contains(t.Columns[:j], c) {
			return fmt.Errorf("measured values: column %q is empty or repeated", c)
		}
	}
	if len(t.Values) != len(t.Rows) {
		return fmt.Errorf("measured values: %d rows of values for %d row ids", len(t.Values), len(t.Rows))
	}
	for i, id := range t.Rows {
		if id == "" || i > 0 && t.Rows[i-1] >= id {
			return fmt.Errorf("measured values: row %q is empty, repeated or out of order", id)
		}
		if len(t.Values[i]) != len(t.Columns) {
			return fmt.Errorf("measured values: row %s has %d values for %d columns", id, len(t.Values[i]), len(t.Columns))
		}
		for j, v := range t.Values[i] {
			if !(v > 0 && v <= maxMeasured) {
				return fmt.Errorf("measured values: row %s: %s = %v, want a number greater than 0 and at most %g", id, t.Columns[j], v, maxMeasured)
			}
		}
	}
	return nil
}

// tokenMeasurements maps each row id of a token workload's table to its
// Measured values.
func (t *MeasuredTable) tokenMeasurements() (map[string]*Measured, error) {
	col := make([]int, len(TokenColumns))
	for k, name := range TokenColumns {
		if col[k] = slices.Index(t.Columns, name); col[k] < 0 {
			return nil, fmt.Errorf("measured values: no column %s (columns: %v)", name, t.Columns)
		}
	}
	ms := make([]Measured, len(t.Rows))
	byRow := make(map[string]*Measured, len(t.Rows))
	for i, id := range t.Rows {
		v := t.Values[i]
		m := &ms[i]
		for p := range m.ITL {
			m.ITL[p] = v[col[p]]
		}
		m.JoulesPerToken, m.JoulesPerRequest = v[col[4]], v[col[5]]
		if !(m.ITL[0] <= m.ITL[1] && m.ITL[1] <= m.ITL[2] && m.ITL[2] <= m.ITL[3]) {
			return nil, fmt.Errorf("measured values: row %s: latencies %v are not in the order p50 ≤ p90 ≤ p95 ≤ p99", id, m.ITL)
		}
		byRow[id] = m
	}
	return byRow, nil
}
