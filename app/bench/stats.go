package main

import (
	"math"
	"sort"
)

// summary is a sample's spread: the benchmark reports medians with their
// range, never a single run.
type summary struct {
	N      int     `json:"n"`
	Median float64 `json:"median"`
	P95    float64 `json:"p95"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// summarize ignores negative values (not measured).
func summarize(xs []float64) summary {
	var v []float64
	for _, x := range xs {
		if x >= 0 && !math.IsNaN(x) {
			v = append(v, x)
		}
	}
	if len(v) == 0 {
		return summary{Median: -1, P95: -1, Min: -1, Max: -1}
	}
	sort.Float64s(v)
	return summary{N: len(v), Median: quantile(v, 0.5), P95: quantile(v, 0.95), Min: v[0], Max: v[len(v)-1]}
}

// quantile interpolates linearly between the closest ranks of sorted v.
func quantile(v []float64, q float64) float64 {
	pos := q * float64(len(v)-1)
	i := int(pos)
	if i+1 >= len(v) {
		return v[len(v)-1]
	}
	return v[i] + (pos-float64(i))*(v[i+1]-v[i])
}

// kv is one entry of a map of times or sizes by name.
type kv struct {
	k string
	v float64
}

// byValue lists m's entries, the largest first.
func byValue(m map[string]float64) []kv {
	l := make([]kv, 0, len(m))
	for k, v := range m {
		l = append(l, kv{k, v})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].v > l[j].v })
	return l
}
