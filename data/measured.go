package data

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Measured is one configuration's figures as the leaderboard measured them:
// what a deadline is compared with, what a volume is multiplied by, and the
// energy per token and throughput the page writes, rounded once as it writes
// them. The rest of a Config is the dataset row, rounded (0.1 ms, 7 decimals
// of a joule), which the charts plot.
type Measured struct {
	// ITL is the latency at each of Percentiles (p50, p90, p95, p99) in ms,
	// to the microsecond, rounded up (see MicrosUp): a deadline given to the
	// microsecond, as every deadline people type is, is met exactly when
	// the leaderboard's own value meets it.
	ITL              [4]float64
	JoulesPerToken   float64 // the leaderboard's energy_per_token_joules, bit for bit
	JoulesPerRequest float64 // its energy_per_request_joules, bit for bit

	// Throughput is the leaderboard's output throughput, bit for bit:
	// output_throughput_tokens_per_sec, or for a diffusion configuration
	// its images or videos a second.
	Throughput float64

	// A diffusion configuration's instead (see DiffusionColumns): the time
	// to generate a batch in ms, to the microsecond, rounded up as ITL is,
	// and the energy per image or video, bit for bit.
	BatchLatency  float64
	JoulesPerItem float64
}

// TokenColumns are the columns of a token workload's measured values. The
// latencies are whole microseconds, rounded up; the energy per token, the
// average output length and the throughput are the leaderboard's values,
// bit for bit, and the product of the first two is its energy per request,
// bit for bit. Where that product is not (a row of the leaderboard's that
// the importer finds so), the sixth column is energy_per_request_joules
// instead.
var TokenColumns = []string{"median_itl_us", "p90_itl_us", "p95_itl_us", "p99_itl_us",
	"energy_per_token_joules", "avg_output_len", "output_throughput_tokens_per_sec"}

// DiffusionColumns are the columns of an image or video workload's measured
// values, named for kind k: the time to generate a batch in whole
// microseconds, rounded up (MicrosUp), and the energy per image or video
// and the images or videos a second as the leaderboard has them, bit for
// bit (energy_per_image_joules, throughput_images_per_sec).
func DiffusionColumns(k *Kind) []string {
	return []string{"batch_latency_us", "energy_per_" + k.Item + "_joules", "throughput_" + k.Items + "_per_sec"}
}

// MicrosUp is the whole number of microseconds that a latency of ms
// milliseconds is stored as: the smallest k such that a deadline of k
// microseconds, read as ParseDeadline reads it, is not below ms. So for a
// deadline to the microsecond, k/1000 ≤ deadline exactly when ms ≤ deadline.
func MicrosUp(ms float64) float64 {
	k := math.Floor(ms*1000) - 1
	for k/1000 < ms {
		k++
	}
	return k
}

// MeasuredFile is the name of a workload's measured values, in its folder
// beside the model files (a slug has no dot, so no model file can take it).
const MeasuredFile = "measured.bin"

// A MeasuredTable is the content of a workload's measured.bin: per dataset
// row id, one float64 per column. A column is named after the leaderboard's
// field, so that workloads of another kind (an image's batch latency and
// energy) fit the same table.
//
// The file is binary because decimals are not compact: the shortest decimal
// that reads back as a float64 has 15 to 17 digits, and the leaderboard's
// 838 token rows took 41 KB more of the brotli-compressed wasm as JSON. It
// is
//
//	tokenjoule measured values 1\n
//	{"columns":[…],"rows":[…]}\n
//	the values: 8 × columns × rows bytes
//
// The values are IEEE 754 float64s, big-endian, column after column (all
// rows of the first column, then the second…), stored by byte planes: the
// first byte of every value, then the second byte of every value, and so
// on. Sign, exponent and leading digits, alike along a column, and the
// zeros that end a whole number, then sit together, where compression
// finds them.
type MeasuredTable struct {
	Columns []string    // the leaderboard's field names, such as energy_per_token_joules
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
	for _, v := range t.Values {
		if len(v) != len(t.Columns) {
			return nil, errors.New("measured values: a row's values do not match the columns")
		}
	}
	h, err := json.Marshal(measuredHeader{t.Columns, t.Rows})
	if err != nil || len(t.Values) != len(t.Rows) {
		return nil, errors.New("measured values: " + strconv.Itoa(len(t.Values)) + " rows of values for " + strconv.Itoa(len(t.Rows)) + " row ids (" + errorText(err) + ")")
	}
	b := append([]byte(measuredMagic), h...)
	b = append(b, '\n')
	b = append(b, t.planes()...)
	var back MeasuredTable
	if err := back.UnmarshalBinary(b); err != nil {
		return nil, err
	}
	return b, nil
}

// UnmarshalBinary reads measured.bin. It refuses anything MarshalBinary
// would not write: another version, a header written otherwise, unsorted
// or repeated rows, repeated columns, a length that does not match, a value
// that is not a number greater than 0 and at most 1e12.
func (t *MeasuredTable) UnmarshalBinary(b []byte) error {
	rest, ok := bytes.CutPrefix(b, []byte(measuredMagic))
	line, payload, ok2 := bytes.Cut(rest, []byte("\n"))
	var h measuredHeader
	json.Unmarshal(line, &h)
	// Only the header MarshalBinary writes (encoding/json also takes keys
	// in any case, repeated keys and missing ones), and as many values as
	// it announces, checked by division (a product could overflow) before
	// anything is allocated.
	again, _ := json.Marshal(h)
	nc, nr, n := len(h.Columns), len(h.Rows), len(payload)/8
	if !ok || !ok2 || !bytes.Equal(again, line) || nc == 0 || len(payload)%8 != 0 || n%nc != 0 || n/nc != nr {
		return errors.New("measured values: not a measured.bin of version 1 (header " + quoteAtMost(string(line), 80) + ", " + strconv.Itoa(len(payload)) + " bytes of values)")
	}
	return t.fromPlanes(h.Columns, h.Rows, payload)
}

// planes is the table's values as measured.bin stores them: by byte
// planes, column after column (see MeasuredTable).
func (t *MeasuredTable) planes() []byte {
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
	return planes
}

// fromPlanes sets t to the table of columns and rows whose values planes
// holds as planes writes them, checked as UnmarshalBinary checks them.
// Measured.bin and the browser build's pack (see Pack) both read it.
func (t *MeasuredTable) fromPlanes(columns, rows []string, planes []byte) error {
	nc, nr, n := len(columns), len(rows), len(planes)/8
	if nc == 0 || len(planes)%8 != 0 || n%nc != 0 || n/nc != nr {
		return errors.New("measured values: " + strconv.Itoa(len(planes)) + " bytes of values for " + strconv.Itoa(nc) + " columns and " + strconv.Itoa(nr) + " rows")
	}
	values := make([][]float64, nr)
	flat := make([]float64, n)
	for i, id := range rows {
		values[i] = flat[i*nc : (i+1)*nc : (i+1)*nc]
		for j := range values[i] {
			var bits uint64
			for p := range 8 {
				bits = bits<<8 | uint64(planes[p*n+j*nr+i])
			}
			v := math.Float64frombits(bits)
			if c := columns[j]; c == "" || slices.Contains(columns[:j], c) || id == "" || i > 0 && rows[i-1] >= id || !(v > 0 && v <= maxMeasured) {
				return errors.New("measured values: row " + quoteAtMost(id, 80) + ", column " + quoteAtMost(c, 80) + ": an empty, repeated or unsorted name, or " + formatG(v) + ", not a number greater than 0 and at most " + formatG(maxMeasured))
			}
			values[i][j] = v
		}
	}
	*t = MeasuredTable{columns, rows, values}
	return nil
}

// Measurements maps each row id of the table of a workload of kind k to its
// Measured values (TokenMeasurements, DiffusionMeasurements).
func (t *MeasuredTable) Measurements(k *Kind) (map[string]*Measured, error) {
	if k.Diffusion() {
		return t.DiffusionMeasurements(k)
	}
	return t.TokenMeasurements()
}

// DiffusionMeasurements maps each row id of an image or video workload's
// table (see DiffusionColumns) to its Measured values.
func (t *MeasuredTable) DiffusionMeasurements(k *Kind) (map[string]*Measured, error) {
	names := DiffusionColumns(k)
	lat, energy, tput := slices.Index(t.Columns, names[0]), slices.Index(t.Columns, names[1]), slices.Index(t.Columns, names[2])
	if lat < 0 || energy < 0 || tput < 0 {
		return nil, errors.New("measured values: columns [" + strings.Join(t.Columns, " ") + "], want [" + strings.Join(names, " ") + "]")
	}
	ms := make([]Measured, len(t.Rows))
	byRow := make(map[string]*Measured, len(t.Rows))
	for i, v := range t.Values {
		ms[i] = Measured{BatchLatency: v[lat] / 1000, JoulesPerItem: v[energy], Throughput: v[tput]}
		byRow[t.Rows[i]] = &ms[i]
	}
	return byRow, nil
}

// TokenMeasurements maps each row id of a token workload's table to its
// Measured values.
func (t *MeasuredTable) TokenMeasurements() (map[string]*Measured, error) {
	col := make([]int, len(TokenColumns))
	for k, name := range TokenColumns {
		col[k] = slices.Index(t.Columns, name)
		if k == 5 && col[k] < 0 {
			col[k] = slices.Index(t.Columns, "energy_per_request_joules")
		}
		if col[k] < 0 {
			return nil, errors.New("measured values: no column " + name)
		}
	}
	perRequest := t.Columns[col[5]] != "avg_output_len"
	ms := make([]Measured, len(t.Rows))
	byRow := make(map[string]*Measured, len(t.Rows))
	for i, v := range t.Values {
		m := &ms[i]
		for p := range m.ITL {
			m.ITL[p] = v[col[p]] / 1000
		}
		m.JoulesPerToken, m.JoulesPerRequest, m.Throughput = v[col[4]], v[col[5]], v[col[6]]
		if !perRequest {
			m.JoulesPerRequest *= m.JoulesPerToken
		}
		byRow[t.Rows[i]] = m
	}
	return byRow, nil
}
