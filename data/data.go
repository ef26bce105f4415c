// Package data holds the embedded ML.ENERGY dataset and answers the calculator's
// question: which measured serving configuration of a model spends the least
// energy per token while meeting an inter-token latency deadline, and how much
// energy a volume of tokens then takes.
package data

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"sort"
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

	fsys   fs.FS   // the JSON files, or
	pack   *packed // the same packed (see Pack)
	mu     sync.Mutex
	models map[string]*Model // by task + "/" + slug
}

// LoadFS reads a dataset laid out as the importer writes it.
func LoadFS(fsys fs.FS) (*Set, error) {
	b, err := fs.ReadFile(fsys, "index.json")
	if err != nil {
		return nil, err
	}
	s := &Set{fsys: fsys, models: map[string]*Model{}}
	if err := json.Unmarshal(b, &s.Index); err != nil {
		return nil, fmt.Errorf("index.json: %w", err)
	}
	if s.Index.Version != SchemaVersion {
		return nil, fmt.Errorf("index.json: schema version %q, want %q", s.Index.Version, SchemaVersion)
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

// Entry finds a model of a workload by slug, name or model id, ignoring case.
func (s *Set) Entry(task, name string) (*ModelEntry, error) {
	w, err := s.Workload(task)
	if err != nil {
		return nil, err
	}
	for i := range w.Models {
		m := &w.Models[i]
		if strings.EqualFold(name, m.Slug) || strings.EqualFold(name, m.Name) || strings.EqualFold(name, m.ModelID) {
			return m, nil
		}
	}
	slugs := make([]string, len(w.Models))
	for i, m := range w.Models {
		slugs[i] = m.Slug
	}
	return nil, &InputError{Param: "model", Value: name,
		Accepted: fmt.Sprintf("a model of %s (slug, name or model id): %s", task, strings.Join(slugs, ", "))}
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
	if s.pack != nil {
		m, err := s.pack.model(key)
		if err != nil {
			return nil, err
		}
		s.models[key] = m
		return m, nil
	}
	b, err := fs.ReadFile(s.fsys, key+".json")
	if err != nil {
		return nil, err
	}
	m := new(Model)
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("%s.json: %w", key, err)
	}
	s.models[key] = m
	return m, nil
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
