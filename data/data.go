package data

import (
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// DefaultDeadlineMS is the leaderboard's default inter-token latency ceiling.
const DefaultDeadlineMS = 500

// GPUs are the GPU models the leaderboard measured, in the dataset's order.
var GPUs = []string{"B200", "H100"}

// AnyGPU asks for the best configuration across all of a model's GPUs.
const AnyGPU = "any"

// Set is a loaded dataset. Model files are parsed on first use, so that a page
// that shows one model does not pay for fifty.
type Set struct {
	Index Index

	// src reads the models and their measured values: a folder's files
	// (files), or the same dataset packed (packed, see Pack). An interface,
	// so that a program that loads only a pack links no encoding/json.
	src      source
	mu       sync.Mutex
	models   map[string]*Model               // by task + "/" + slug
	measured map[string]map[string]*Measured // by task, then row id; nil for a task without measured values
}

// PointerFile is the name of the file, in a dataset folder, that names its
// current generation.
const PointerFile = "current"

// Current returns the name of the current generation of a dataset folder as
// the importer writes it: the folder holds generations (gen-<hash>/, each a
// whole dataset as LoadFS reads it) and the file current, one line naming
// one of them.
func Current(dir fs.FS) (string, error) { return current(dir, "") }

// current is Current for the dataset folder dir ("" or a path with a final
// slash) of fsys. (Paths are joined by hand, not through fs.Sub, which
// costs the wasm 6 KB.)
func current(fsys fs.FS, dir string) (string, error) {
	b, err := fs.ReadFile(fsys, dir+PointerFile)
	if err != nil {
		return "", err
	}
	name, ok := strings.CutSuffix(string(b), "\n")
	if !ok || !ValidGeneration(name) {
		return "", errors.New(PointerFile + ": " + quoteAtMost(string(b), 80) + " does not name a generation of the dataset (gen- and lower-case letters, digits or dashes)")
	}
	return name, nil
}

// ValidGeneration tells whether name can be a generation's folder: gen-
// followed by up to 64 lower-case letters, digits and dashes, so that the
// pointer cannot lead out of the dataset folder.
func ValidGeneration(name string) bool {
	rest, ok := strings.CutPrefix(name, "gen-")
	return ok && rest != "" && len(rest) <= 64 && strings.Trim(rest, "abcdefghijklmnopqrstuvwxyz0123456789-") == ""
}

// LoadCurrent reads the current generation of a dataset folder (see Current).
func LoadCurrent(dir fs.FS) (*Set, error) { return loadCurrent(dir, "") }

func loadCurrent(fsys fs.FS, dir string) (*Set, error) {
	name, err := current(fsys, dir)
	if err != nil {
		return nil, err
	}
	return load(fsys, dir+name+"/")
}

// LoadFS reads one generation of a dataset, laid out as the importer writes
// it: index.json, and per workload its model files (<task>/<slug>.json) and
// their measured values (<task>/measured.bin).
func LoadFS(fsys fs.FS) (*Set, error) { return load(fsys, "") }

func load(fsys fs.FS, root string) (*Set, error) {
	b, err := fs.ReadFile(fsys, root+"index.json")
	if err != nil {
		return nil, err
	}
	s := &Set{src: folder{fsys, root}, models: map[string]*Model{}, measured: map[string]map[string]*Measured{}}
	if err := json.Unmarshal(b, &s.Index); err != nil {
		return nil, wrap("index.json", err)
	}
	if s.Index.Version != SchemaVersion {
		return nil, errors.New("index.json: schema version " + strconv.Quote(s.Index.Version) + ", want " + strconv.Quote(SchemaVersion))
	}
	return s, nil
}

// Workload returns the workload with the given id.
func (s *Set) Workload(id string) (*Workload, error) {
	for i := range s.Index.Workloads {
		if w := &s.Index.Workloads[i]; w.ID == id {
			return w, nil
		}
	}
	ids := make([]string, len(s.Index.Workloads))
	for i, w := range s.Index.Workloads {
		ids[i] = w.ID
	}
	return nil, &InputError{Param: "task", Value: id, Accepted: "one of " + strings.Join(ids, ", ")}
}

// DefaultModel is the model a workload shows before anyone picks one: the
// default query's model (Qwen 3 14B) where the workload has it; elsewhere the
// model nearest to its size, 14B total parameters, by ratio (so 8B is nearer
// than 30B), the first in the index on a tie. It is nil for a workload without
// models.
func (w *Workload) DefaultModel() *ModelEntry {
	var best *ModelEntry
	dist := math.Inf(1)
	for i := range w.Models {
		m := &w.Models[i]
		if m.Slug == DefaultQuery().Model {
			return m
		}
		if d := math.Abs(math.Log(float64(m.Params) / defaultModelParamsB)); d < dist {
			best, dist = m, d
		}
	}
	if best == nil && len(w.Models) > 0 {
		best = &w.Models[0] // no usable size at all
	}
	return best
}

// defaultModelParamsB is the default model's size in billions of parameters.
const defaultModelParamsB = 14

// GPUs lists the GPUs any of the workload's models was measured on, in the
// order of the package's GPUs.
func (w *Workload) GPUs() []string {
	var gpus []string
	for _, g := range GPUs {
		for _, m := range w.Models {
			if slices.Contains(m.GPUs, g) {
				gpus = append(gpus, g)
				break
			}
		}
	}
	return gpus
}

// Model returns the full measurements of a model on a workload; name is as for Entry.
func (s *Set) Model(task, name string) (*Model, error) {
	e, err := s.Entry(task, name)
	if err != nil {
		return nil, err
	}
	key := task + "/" + e.Slug
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.models[key]; m != nil {
		return m, nil
	}
	m, err := s.src.model(key)
	if err != nil {
		return nil, err
	}
	measured, err := s.measuredValues(task)
	if err != nil {
		return nil, err
	}
	// A dataset without measured values (one written by hand) is answered
	// on its rounded rows.
	for i := range m.Configurations {
		c := &m.Configurations[i]
		if c.Measured = measured[c.RowID]; c.Measured == nil && measured != nil {
			return nil, errors.New(task + "/" + MeasuredFile + ": no measured values for row " + c.RowID)
		}
	}
	s.models[key] = m
	return m, nil
}

// measuredValues reads a workload's measured values once; nil where the
// workload has none. The caller holds s.mu.
func (s *Set) measuredValues(task string) (map[string]*Measured, error) {
	if m, ok := s.measured[task]; ok {
		return m, nil
	}
	t, err := s.src.measured(task)
	if err != nil {
		return nil, err
	}
	if t == nil {
		s.measured[task] = nil
		return nil, nil
	}
	m, err := t.Measurements(TaskKind(task))
	if err != nil {
		return nil, wrap(task+"/"+MeasuredFile, err)
	}
	s.measured[task] = m
	return m, nil
}

// A source reads a dataset's models, by key (task/slug), and a workload's
// measured values: nil where it has none.
type source interface {
	model(key string) (*Model, error)
	measured(task string) (*MeasuredTable, error)
}

// folder is a dataset's files: the generation's folder root in fsys, with a
// final slash ("" for its root).
type folder struct {
	fsys fs.FS
	root string
}

// model reads the model file key (task/slug).
func (f folder) model(key string) (*Model, error) {
	b, err := fs.ReadFile(f.fsys, f.root+key+".json")
	if err != nil {
		return nil, err
	}
	m := new(Model)
	if err := json.Unmarshal(b, m); err != nil {
		return nil, wrap(key+".json", err)
	}
	return m, nil
}

// measured reads a workload's measured.bin; nil where it has none.
func (f folder) measured(task string) (*MeasuredTable, error) {
	b, err := fs.ReadFile(f.fsys, f.root+task+"/"+MeasuredFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	t := new(MeasuredTable)
	if err := t.UnmarshalBinary(b); err != nil {
		return nil, wrap(task+"/"+MeasuredFile, err)
	}
	return t, nil
}

// Files lists the dataset's model files (task/slug.json), sorted.
func (s *Set) Files() []string {
	var names []string
	for _, w := range s.Index.Workloads {
		for _, m := range w.Models {
			names = append(names, w.ID+"/"+m.Slug+".json")
		}
	}
	sort.Strings(names)
	return names
}

// Kind is what the workload's models generate (see TaskKind).
func (w *Workload) Kind() *Kind { return TaskKind(w.ID) }
