package data

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The dataset packed: the same index and model files in a compact binary
// form that is read without reflection. The browser build embeds this
// instead of the JSON files (see Pack), which it parsed with encoding/json
// as it started: a fifth of the bytes, and the start does without
// encoding/json's reflection and the compilation of its code.
//
// A pack is a header (packMagic, the schema version), a table of every
// string it holds, each once (a model file repeats the dataset's long
// source texts), the index, the models, each a record of its own that is
// decoded when first asked for, and each workload's measured values (its
// measured.bin: the columns' and rows' names, and the values' bytes as the
// file holds them, so bit for bit, and as compact once compressed). Numbers are varints; a float that a short
// decimal writes exactly (most of the dataset's, rounded as the leaderboard
// publishes them) is that decimal's digits and exponent, any other its eight
// bytes. Every type's fields are written and read in the same order by its
// pack and unpack methods below: a field added to a type must be added to
// both (TestPackEveryField fails until it is).

const packMagic = "tokenjoule dataset pack 2\n"

// Pack packs the whole of set: its index and every model of it.
func Pack(set *Set) ([]byte, error) {
	var w packer
	w.strs = map[string]int{}
	var body packer
	body.strs = w.strs
	set.Index.pack(&body)
	type rec struct {
		task, slug string
		b          []byte
	}
	var models, tables []rec
	for _, wl := range set.Index.Workloads {
		t, err := set.measuredTable(wl.ID)
		if err != nil {
			return nil, err
		}
		if t != nil {
			var tw packer
			tw.strs = w.strs
			tw.list(t.Columns)
			tw.list(t.Rows)
			planes := t.planes()
			tw.uint(uint64(len(planes)))
			tw.b = append(tw.b, planes...)
			tables = append(tables, rec{task: wl.ID, b: tw.b})
		}
		for _, e := range wl.Models {
			m, err := set.Model(wl.ID, e.Slug)
			if err != nil {
				return nil, err
			}
			var mw packer
			mw.strs = w.strs
			m.pack(&mw)
			models = append(models, rec{wl.ID, e.Slug, mw.b})
		}
	}
	// The string table comes first, so that the reader has it before any
	// reference to it; the records follow it.
	table := make([]string, len(w.strs))
	for s, i := range w.strs {
		table[i] = s
	}
	w.b = append(w.b, packMagic...)
	w.raw(SchemaVersion)
	w.uint(uint64(len(table)))
	for _, s := range table {
		w.raw(s)
	}
	w.uint(uint64(len(body.b)))
	w.b = append(w.b, body.b...)
	w.uint(uint64(len(models)))
	for _, m := range models {
		w.raw(m.task)
		w.raw(m.slug)
		w.uint(uint64(len(m.b)))
		w.b = append(w.b, m.b...)
	}
	w.uint(uint64(len(tables)))
	for _, t := range tables {
		w.raw(t.task)
		w.uint(uint64(len(t.b)))
		w.b = append(w.b, t.b...)
	}
	return w.b, nil
}

// packed is a loaded pack: its strings, and where each model's record is.
type packed struct {
	b      []byte
	strs   []string
	models map[string][2]int // by task + "/" + slug: the record's start and end in b
	tables map[string][2]int // the measured values' records, by task
}

// LoadPacked reads a dataset from a pack (see Pack). Its models are decoded
// when first asked for.
func LoadPacked(b []byte) (*Set, error) {
	r := unpacker{b: b}
	if !strings.HasPrefix(string(b), packMagic) {
		return nil, errors.New("dataset pack: not a pack (no header)")
	}
	r.i = len(packMagic)
	if v := r.raw(); r.err == nil && v != SchemaVersion {
		return nil, fmt.Errorf("dataset pack: schema version %q, want %q", v, SchemaVersion)
	}
	n := r.count()
	p := &packed{b: b, strs: make([]string, 0, n), models: map[string][2]int{}, tables: map[string][2]int{}}
	for i := 0; i < n && r.err == nil; i++ {
		p.strs = append(p.strs, r.raw())
	}
	r.strs = p.strs
	s := &Set{pack: p, models: map[string]*Model{}, measured: map[string]map[string]*Measured{}}
	end := r.record()
	s.Index.unpack(&r)
	r.end(end)
	n = r.count()
	for i := 0; i < n && r.err == nil; i++ {
		key := r.raw() + "/" + r.raw()
		end := r.record()
		p.models[key] = [2]int{r.i, end}
		r.i = end
	}
	n = r.count()
	for i := 0; i < n && r.err == nil; i++ {
		task := r.raw()
		end := r.record()
		p.tables[task] = [2]int{r.i, end}
		r.i = end
	}
	if r.err == nil && r.i != len(b) {
		r.fail("%d bytes after the last model", len(b)-r.i)
	}
	if r.err != nil {
		return nil, r.err
	}
	return s, nil
}

// model decodes the model key (task/slug) from the pack.
func (p *packed) model(key string) (*Model, error) {
	at, ok := p.models[key]
	if !ok {
		return nil, fmt.Errorf("dataset pack: no model %s", key)
	}
	r := unpacker{b: p.b[:at[1]], i: at[0], strs: p.strs}
	m := new(Model)
	m.unpack(&r)
	r.end(at[1])
	if r.err != nil {
		return nil, fmt.Errorf("%s: %w", key, r.err)
	}
	return m, nil
}

// measured decodes a workload's measured values from the pack; nil where it
// has none.
func (p *packed) measured(task string) (*MeasuredTable, error) {
	at, ok := p.tables[task]
	if !ok {
		return nil, nil
	}
	r := unpacker{b: p.b[:at[1]], i: at[0], strs: p.strs}
	columns, rows := r.list(), r.list()
	n := r.count()
	var planes []byte
	if r.err == nil {
		planes = r.b[r.i : r.i+n]
		r.i += n
	}
	r.end(at[1])
	t := new(MeasuredTable)
	if r.err == nil {
		r.err = t.fromPlanes(columns, rows, planes)
	}
	if r.err != nil {
		return nil, fmt.Errorf("%s/%s: %w", task, MeasuredFile, r.err)
	}
	return t, nil
}

// packer writes a pack's records; the packers of one pack share strs, the
// string table by number.
type packer struct {
	b    []byte
	strs map[string]int
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

// unpacker reads a pack. Its first error stops it: every later read
// returns zero values, and err says what was wrong and where.
type unpacker struct {
	b    []byte
	i    int
	strs []string
	err  error
}

func (r *unpacker) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("dataset pack: at byte %d: %s", r.i, fmt.Sprintf(format, args...))
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
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.b[r.i:])
	if n <= 0 || v != int64(int(v)) {
		r.fail("bad number")
		return 0
	}
	r.i += n
	return int(v)
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
		r.fail("a count of %d with %d bytes left", n, len(r.b)-r.i)
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
		r.fail("a record read to byte %d, not to its end at %d", r.i, at)
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
		r.fail("string %d of %d", i, len(r.strs))
	}
	if r.err != nil {
		return ""
	}
	return r.strs[i]
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
	m, n := binary.Varint(r.b[r.i:])
	if n <= 0 {
		r.fail("bad number")
		return 0
	}
	r.i += n
	return fromDecimal(m, int(k)-maxPow10-1)
}

// The types' fields, in order.

func (x *Index) pack(w *packer) {
	w.str(x.Version)
	w.str(x.DataVersion)
	w.str(x.Unit)
	w.int(x.DeadlineMS)
	x.Source.pack(w)
	w.str(x.Caveat)
	w.str(x.Boundary)
	w.uint(uint64(len(x.Workloads)))
	for i := range x.Workloads {
		x.Workloads[i].pack(w)
	}
}

func (x *Index) unpack(r *unpacker) {
	x.Version = r.str()
	x.DataVersion = r.str()
	x.Unit = r.str()
	x.DeadlineMS = r.int()
	x.Source.unpack(r)
	x.Caveat = r.str()
	x.Boundary = r.str()
	if n := r.count(); n > 0 {
		x.Workloads = make([]Workload, n)
		for i := range x.Workloads {
			x.Workloads[i].unpack(r)
		}
	}
}

func (x *Workload) pack(w *packer) {
	w.str(x.ID)
	w.str(x.Name)
	w.str(x.Unit)
	w.uint(uint64(len(x.Models)))
	for i := range x.Models {
		x.Models[i].pack(w)
	}
}

func (x *Workload) unpack(r *unpacker) {
	x.ID = r.str()
	x.Name = r.str()
	x.Unit = r.str()
	if n := r.count(); n > 0 {
		x.Models = make([]ModelEntry, n)
		for i := range x.Models {
			x.Models[i].unpack(r)
		}
	}
}

func (x *ModelEntry) pack(w *packer) {
	w.str(x.Slug)
	w.str(x.Name)
	w.str(x.ModelID)
	w.float(float64(x.Params))
	w.float(float64(x.ActiveParams))
	w.str(x.Architecture)
	w.str(x.Precision)
	w.list(x.GPUs)
	packBest(w, x.Best)
}

func (x *ModelEntry) unpack(r *unpacker) {
	x.Slug = r.str()
	x.Name = r.str()
	x.ModelID = r.str()
	x.Params = Float(r.float())
	x.ActiveParams = Float(r.float())
	x.Architecture = r.str()
	x.Precision = r.str()
	x.GPUs = r.list()
	x.Best = unpackBest(r)
}

func (x *Model) pack(w *packer) {
	w.str(x.Version)
	w.str(x.Updated)
	w.str(x.DataVersion)
	w.str(x.Unit)
	w.int(x.DeadlineMS)
	w.int(x.DeadlineS)
	x.Source.pack(w)
	w.str(x.Caveat)
	w.str(x.Boundary)
	w.str(x.Slug)
	w.str(x.Name)
	w.str(x.ModelID)
	w.float(float64(x.Params))
	w.float(float64(x.ActiveParams))
	w.str(x.Architecture)
	w.list(x.GPUs)
	w.uint(uint64(len(x.Configurations)))
	for i := range x.Configurations {
		x.Configurations[i].pack(w)
	}
	packBest(w, x.Best)
}

func (x *Model) unpack(r *unpacker) {
	x.Version = r.str()
	x.Updated = r.str()
	x.DataVersion = r.str()
	x.Unit = r.str()
	x.DeadlineMS = r.int()
	x.DeadlineS = r.int()
	x.Source.unpack(r)
	x.Caveat = r.str()
	x.Boundary = r.str()
	x.Slug = r.str()
	x.Name = r.str()
	x.ModelID = r.str()
	x.Params = Float(r.float())
	x.ActiveParams = Float(r.float())
	x.Architecture = r.str()
	x.GPUs = r.list()
	if n := r.count(); n > 0 {
		x.Configurations = make([]Config, n)
		for i := range x.Configurations {
			x.Configurations[i].unpack(r)
		}
	}
	x.Best = unpackBest(r)
}

// packBest writes a map of configurations by GPU, in the order of its keys.
func packBest(w *packer, m map[string]Config) {
	if m == nil {
		w.uint(0)
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	w.uint(uint64(len(keys)) + 1) // 0 is nil, 1 an empty map
	for _, k := range keys {
		c := m[k]
		w.str(k)
		c.pack(w)
	}
}

func unpackBest(r *unpacker) map[string]Config {
	n := r.count()
	if n == 0 || r.err != nil {
		return nil
	}
	m := make(map[string]Config, n-1)
	for i := 1; i < n && r.err == nil; i++ {
		k := r.str()
		var c Config
		c.unpack(r)
		m[k] = c
	}
	return m
}

func (x *Source) pack(w *packer) {
	for _, s := range []string{x.Name, x.Publisher, x.URL, x.DataURL, x.Version, x.Released, x.Compiled, x.CompiledEvidence,
		x.Retrieved, x.Licence} {
		w.str(s)
	}
	w.list(x.LicenceEvidence)
	for _, s := range []string{x.Workload, x.Method, x.Selection, x.Cite, x.CiteURL, x.UsedFor, x.Configurations} {
		w.str(s)
	}
}

func (x *Source) unpack(r *unpacker) {
	for _, p := range []*string{&x.Name, &x.Publisher, &x.URL, &x.DataURL, &x.Version, &x.Released, &x.Compiled, &x.CompiledEvidence,
		&x.Retrieved, &x.Licence} {
		*p = r.str()
	}
	x.LicenceEvidence = r.list()
	for _, p := range []*string{&x.Workload, &x.Method, &x.Selection, &x.Cite, &x.CiteURL, &x.UsedFor, &x.Configurations} {
		*p = r.str()
	}
}

func (x *Config) pack(w *packer) {
	w.str(x.GPU)
	w.int(x.NumGPUs)
	w.int(x.TensorParallel)
	w.int(x.DataParallel)
	w.int(x.ExpertParallel)
	w.int(x.UlyssesDegree)
	w.int(x.RingDegree)
	w.str(x.Precision)
	w.int(x.MaxNumSeqs)
	for _, v := range []int{x.BatchSize, x.Width, x.Height, x.Frames, x.FPS, x.Steps} {
		w.int(v)
	}
	w.float(float64(x.JoulesPerItem))
	w.float(float64(x.BatchLatencyS))
	w.float(float64(x.ItemsPerSecond))
	w.float(float64(x.AvgRequestsInFlight))
	w.float(float64(x.WhPerMillionTokens))
	w.float(float64(x.JoulesPerToken))
	w.float(float64(x.MedianITL))
	w.float(float64(x.P90ITL))
	w.float(float64(x.P99ITL))
	w.float(float64(x.TokensPerSecond))
	w.int(x.PowerWatts)
	w.int(x.AvgOutputTokens)
	w.optBool(x.UnderDeadline)
	w.float(float64(x.AvgRunningBatch))
	w.float(float64(x.P95ITL))
	w.str(x.RowID)
	w.int(x.Repeat)
}

func (x *Config) unpack(r *unpacker) {
	x.GPU = r.str()
	x.NumGPUs = r.int()
	x.TensorParallel = r.int()
	x.DataParallel = r.int()
	x.ExpertParallel = r.int()
	x.UlyssesDegree = r.int()
	x.RingDegree = r.int()
	x.Precision = r.str()
	x.MaxNumSeqs = r.int()
	for _, p := range []*int{&x.BatchSize, &x.Width, &x.Height, &x.Frames, &x.FPS, &x.Steps} {
		*p = r.int()
	}
	x.JoulesPerItem = Float(r.float())
	x.BatchLatencyS = Float(r.float())
	x.ItemsPerSecond = Float(r.float())
	x.AvgRequestsInFlight = Float(r.float())
	x.WhPerMillionTokens = Float(r.float())
	x.JoulesPerToken = Float(r.float())
	x.MedianITL = Float(r.float())
	x.P90ITL = Float(r.float())
	x.P99ITL = Float(r.float())
	x.TokensPerSecond = Float(r.float())
	x.PowerWatts = r.int()
	x.AvgOutputTokens = r.int()
	x.UnderDeadline = r.optBool()
	x.AvgRunningBatch = Float(r.float())
	x.P95ITL = Float(r.float())
	x.RowID = r.str()
	x.Repeat = r.int()
}
