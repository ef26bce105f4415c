package data

import (
	"errors"
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
// pack and unpack methods (packfields.go).

const packMagic = "tokenjoule dataset pack 2\n"

// Pack packs the whole of set: its index and every model of it.
func Pack(set *Set) ([]byte, error) { return packSet(set, false) }

// CardPack packs set as the card embeds' wasm needs it (LoadCard): without
// what only the charts and the downloads read, the rows' rounded figures
// where the measured values stand for them and the index's and models'
// Best, which leaves a sixth of the pack's compressed size (TestCardPack
// holds every figure read from it to the whole pack's).
func CardPack(set *Set) ([]byte, error) { return packSet(set, true) }

func packSet(set *Set, lean bool) ([]byte, error) {
	var w packer
	w.strs = map[string]int{}
	body := packer{strs: w.strs, lean: lean}
	set.Index.pack(&body)
	type rec struct {
		task, slug string
		b          []byte
	}
	var models, tables []rec
	for _, wl := range set.Index.Workloads {
		t, err := set.src.measured(wl.ID)
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
			mw := packer{strs: w.strs, lean: lean}
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
		return nil, errors.New("dataset pack: schema version " + strconv.Quote(v) + ", want " + strconv.Quote(SchemaVersion))
	}
	n := r.count()
	p := &packed{b: b, strs: make([]string, 0, n), models: map[string][2]int{}, tables: map[string][2]int{}}
	for i := 0; i < n && r.err == nil; i++ {
		p.strs = append(p.strs, r.raw())
	}
	r.strs = p.strs
	s := &Set{src: p, models: map[string]*Model{}, measured: map[string]map[string]*Measured{}}
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
		r.fail(strconv.Itoa(len(b)-r.i) + " bytes after the last model")
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
		return nil, errors.New("dataset pack: no model " + key)
	}
	r := unpacker{b: p.b[:at[1]], i: at[0], strs: p.strs}
	m := new(Model)
	m.unpack(&r)
	r.end(at[1])
	if r.err != nil {
		return nil, wrap(key, r.err)
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
		return nil, wrap(task+"/"+MeasuredFile, r.err)
	}
	return t, nil
}
