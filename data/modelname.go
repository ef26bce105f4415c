package data

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Entry finds a model of a workload by what people type (Workload.Find).
func (s *Set) Entry(task, name string) (*ModelEntry, error) {
	w, err := s.Workload(task)
	if err != nil {
		return nil, err
	}
	return w.Find(name)
}

// Find is the model of w that name names: its slug, its name or its model
// id, with or without the organisation ("llama-3-1-70b-instruct", "Llama
// 3.1 70B Instruct", "meta-llama/Llama-3.1-70B-Instruct"), ignoring case,
// spaces and punctuation; or a short form of one that fits one model only:
// some of its words, in their order, leaving out between them only words
// without digits ("Llama 3.1 70B", "llama-3.1-70b", "Maverick", "Llama 3.1
// 405B FP8"; "Llama 1 70B" leaves out the 3 of 3.1, and is no short form).
// Where several names fit and one of them is the others with words added
// ("Llama 3.1 405B Instruct" and "… Instruct FP8"), it is that one, the
// others being its variants. Anything else is an InputError that lists the
// models the words fit, or suggests the closest names ("did you mean Llama
// 3.1 70B Instruct?"), or else lists every model: never another model in
// its place.
func (w *Workload) Find(name string) (*ModelEntry, error) {
	for i := range w.Models {
		if w.Models[i].Slug == name {
			return &w.Models[i], nil
		}
	}
	typed := nameWords(name)
	key := strings.Join(typed, "")
	// The models one of whose names fits.
	match := func(fits func(form []string) bool) (found []*ModelEntry) {
		w.each(func(m *ModelEntry, forms [][]string) {
			for _, f := range forms {
				if fits(f) {
					found = append(found, m)
					return
				}
			}
		})
		return found
	}
	var found []*ModelEntry
	if key != "" {
		if found = match(func(f []string) bool { return strings.Join(f, "") == key }); len(found) == 0 {
			found = match(func(f []string) bool { return shortens(typed, f) })
		}
	}
	if b := extended(found); b != nil {
		return b, nil
	}
	bad := &InputError{Param: "model", Value: name}
	of := w.Name
	if of == "" {
		of = w.ID
	}
	switch {
	case len(found) > 1:
		bad.Reason = "it matches " + strconv.Itoa(len(found)) + " models of " + of + ": " + listNames(found, maxListed)
	case key != "":
		if near := w.closest(key); len(near) > 0 {
			bad.Reason = "not a model of " + of + "; did you mean " + listNames(near, len(near)) + "?"
			break
		}
		fallthrough
	default:
		all := make([]*ModelEntry, len(w.Models))
		for i := range w.Models {
			all[i] = &w.Models[i]
		}
		bad.Reason = "not a model of " + of
		if strings.TrimSpace(name) == "" {
			bad.Reason = reasonEmptyInput
		}
		bad.Accepted = "one of its models, by name, slug or model id: " + listNames(all, len(all))
	}
	return nil, bad
}

// maxListed is how many of the models a short form matches a message names.
const maxListed = 5

// listNames names the models, "A, B or C", or the first n of them and how
// many more: "A, B, C and 7 more".
func listNames(ms []*ModelEntry, n int) string {
	var names []string
	for _, m := range ms[:min(n, len(ms))] {
		names = append(names, m.Name)
	}
	if len(ms) > n {
		return strings.Join(names, ", ") + " and " + strconv.Itoa(len(ms)-n) + " more"
	}
	return OrList(names)
}

// OrList joins values as "a, b or c".
func OrList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

// each calls f with each model of w and the words of the names people
// know it by: its name, its slug and its model id, with and without the
// organisation before the "/".
func (w *Workload) each(f func(m *ModelEntry, forms [][]string)) {
	for i := range w.Models {
		m := &w.Models[i]
		forms := [][]string{nameWords(m.Name), nameWords(m.Slug), nameWords(m.ModelID)}
		if _, id, ok := strings.Cut(m.ModelID, "/"); ok {
			forms = append(forms, nameWords(id))
		}
		f(m, forms)
	}
}

// nameWords are the runs of letters and digits of s, lowercased: what is
// left of a name once its case, spaces and punctuation are ignored.
func nameWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// shortens tells whether typed is a short form of words: some of them, in
// their order, leaving out between them only words without digits. The
// digits tell a name's models apart (version, size, precision): "Llama 1
// 70B" is not "Llama 3.1 70B", nor "Qwen 14B" "Qwen3 14B".
func shortens(typed, words []string) bool {
	for i := range words {
		k := 0
		for _, w := range words[i:] {
			if w == typed[k] {
				if k++; k == len(typed) {
					return true
				}
			} else if k == 0 || hasDigit(w) {
				break
			}
		}
	}
	return false
}

// hasDigit tells whether w holds a digit.
func hasDigit(w string) bool { return strings.IndexFunc(w, unicode.IsDigit) >= 0 }

// extended is the one of ms whose name every other's name extends with
// more words, or nil.
func extended(ms []*ModelEntry) *ModelEntry {
outer:
	for _, b := range ms {
		base := nameWords(b.Name)
		for _, m := range ms {
			if w := nameWords(m.Name); m != b && (len(w) <= len(base) || !slices.Equal(w[:len(base)], base)) {
				continue outer
			}
		}
		return b
	}
	return nil
}

// maxSuggested is how many names a suggestion offers at most.
const maxSuggested = 3

// closest are the models whose names, or the beginnings of them, are
// nearest key in edit distance (a letter added, dropped or changed), if
// that is within a quarter of key's letters (at least one): a typo or a
// name cut short, not another name. Ties go to the name nearer whole, then
// in w's order.
func (w *Workload) closest(key string) []*ModelEntry {
	type near struct {
		m            *ModelEntry
		start, whole int
	}
	typed := []rune(key)
	limit := max(1, len(typed)/4)
	var ns []near
	w.each(func(m *ModelEntry, forms [][]string) {
		n := near{m, limit + 1, 0}
		for _, f := range forms {
			name := []rune(strings.Join(f, ""))
			if len(typed)-len(name) > limit {
				continue // too long to be within the limit of any beginning of it
			}
			start, whole := editDistance(typed, name)
			if start < n.start || start == n.start && whole < n.whole {
				n.start, n.whole = start, whole
			}
		}
		if n.start <= limit {
			ns = append(ns, n)
		}
	})
	sort.SliceStable(ns, func(i, j int) bool {
		a, b := ns[i], ns[j]
		return a.start < b.start || a.start == b.start && a.whole < b.whole
	})
	var out []*ModelEntry
	for _, n := range ns {
		if n.start == ns[0].start && len(out) < maxSuggested {
			out = append(out, n.m)
		}
	}
	return out
}

// editDistance is the Levenshtein distance from a to b's nearest beginning
// (start) and to the whole of b.
func editDistance(a, b []rune) (start, whole int) {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	start = prev[0]
	for _, d := range prev {
		start = min(start, d)
	}
	return start, prev[len(b)]
}
