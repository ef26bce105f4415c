package data

import "sort"

// The types' fields, in the order the pack holds them: each type's pack
// method writes them and its unpack method reads them back, so that a field
// added to a type must be added to both (TestPackEveryField fails until it
// is). The two are kept apart, not made one generic walk of the fields, so
// that the browser's build holds the reader alone, in direct calls.

func (x *Index) pack(w *packer) {
	w.strFields(x.Version, x.DataVersion, x.Unit)
	w.int(x.DeadlineMS)
	x.Source.pack(w)
	w.strFields(x.Caveat, x.Boundary)
	packRecords(w, x.Workloads)
}

func (x *Index) unpack(r *unpacker) {
	r.strFields(&x.Version, &x.DataVersion, &x.Unit)
	x.DeadlineMS = r.int()
	x.Source.unpack(r)
	r.strFields(&x.Caveat, &x.Boundary)
	x.Workloads = unpackRecords[Workload](r)
}

func (x *Workload) pack(w *packer) {
	w.strFields(x.ID, x.Name, x.Unit)
	packRecords(w, x.Models)
}

func (x *Workload) unpack(r *unpacker) {
	r.strFields(&x.ID, &x.Name, &x.Unit)
	x.Models = unpackRecords[ModelEntry](r)
}

func (x *ModelEntry) pack(w *packer) {
	w.strFields(x.Slug, x.Name, x.ModelID)
	w.floatFields(x.Params, x.ActiveParams)
	w.strFields(x.Architecture, x.Precision)
	w.list(x.GPUs)
	packBest(w, x.Best)
}

func (x *ModelEntry) unpack(r *unpacker) {
	r.strFields(&x.Slug, &x.Name, &x.ModelID)
	r.floatFields(&x.Params, &x.ActiveParams)
	r.strFields(&x.Architecture, &x.Precision)
	x.GPUs = r.list()
	x.Best = unpackBest(r)
}

func (x *Model) pack(w *packer) {
	w.strFields(x.Version, x.Updated, x.DataVersion, x.Unit)
	w.intFields(x.DeadlineMS, x.DeadlineS)
	x.Source.pack(w)
	w.strFields(x.Caveat, x.Boundary, x.Slug, x.Name, x.ModelID)
	w.floatFields(x.Params, x.ActiveParams)
	w.str(x.Architecture)
	w.list(x.GPUs)
	packRecords(w, x.Configurations)
	packBest(w, x.Best)
}

func (x *Model) unpack(r *unpacker) {
	r.strFields(&x.Version, &x.Updated, &x.DataVersion, &x.Unit)
	r.intFields(&x.DeadlineMS, &x.DeadlineS)
	x.Source.unpack(r)
	r.strFields(&x.Caveat, &x.Boundary, &x.Slug, &x.Name, &x.ModelID)
	r.floatFields(&x.Params, &x.ActiveParams)
	x.Architecture = r.str()
	x.GPUs = r.list()
	x.Configurations = unpackRecords[Config](r)
	x.Best = unpackBest(r)
}

// packRecords writes a slice of records: its length, then each;
// unpackRecords reads one back (nil for none).
func packRecords[T any, P interface {
	*T
	pack(*packer)
}](w *packer, s []T) {
	w.uint(uint64(len(s)))
	for i := range s {
		P(&s[i]).pack(w)
	}
}

func unpackRecords[T any, P interface {
	*T
	unpack(*unpacker)
}](r *unpacker) []T {
	n := r.count()
	if n == 0 {
		return nil
	}
	s := make([]T, n)
	for i := range s {
		P(&s[i]).unpack(r)
	}
	return s
}

// packBest writes a map of configurations by GPU, in the order of its keys:
// its length plus one (0 is nil, 1 an empty map), then each GPU and its
// configuration; a lean packer writes nil.
func packBest(w *packer, m map[string]Config) {
	if m == nil || w.lean {
		w.uint(0)
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	w.uint(uint64(len(keys)) + 1)
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
	w.strFields(x.Name, x.Publisher, x.URL, x.DataURL, x.Version, x.Released, x.Compiled, x.CompiledEvidence, x.Retrieved, x.Licence)
	w.list(x.LicenceEvidence)
	w.strFields(x.Workload, x.Method, x.Selection, x.Cite, x.CiteURL, x.UsedFor, x.Configurations)
}

func (x *Source) unpack(r *unpacker) {
	r.strFields(&x.Name, &x.Publisher, &x.URL, &x.DataURL, &x.Version, &x.Released, &x.Compiled, &x.CompiledEvidence,
		&x.Retrieved, &x.Licence)
	x.LicenceEvidence = r.list()
	r.strFields(&x.Workload, &x.Method, &x.Selection, &x.Cite, &x.CiteURL, &x.UsedFor, &x.Configurations)
}

func (x *Config) pack(w *packer) {
	if w.lean {
		x = x.lean()
	}
	w.str(x.GPU)
	w.intFields(x.NumGPUs, x.TensorParallel, x.DataParallel, x.ExpertParallel, x.UlyssesDegree, x.RingDegree)
	w.str(x.Precision)
	w.intFields(x.MaxNumSeqs, x.BatchSize, x.Width, x.Height, x.Frames, x.FPS, x.Steps)
	w.floatFields(x.JoulesPerItem, x.BatchLatencyS, x.ItemsPerSecond, x.AvgRequestsInFlight, x.WhPerMillionTokens,
		x.JoulesPerToken, x.MedianITL, x.P90ITL, x.P99ITL, x.TokensPerSecond)
	w.intFields(x.PowerWatts, x.AvgOutputTokens)
	w.optBool(x.UnderDeadline)
	w.floatFields(x.AvgRunningBatch, x.P95ITL)
	w.str(x.RowID)
	w.int(x.Repeat)
}

func (x *Config) unpack(r *unpacker) {
	x.GPU = r.str()
	r.intFields(&x.NumGPUs, &x.TensorParallel, &x.DataParallel, &x.ExpertParallel, &x.UlyssesDegree, &x.RingDegree)
	x.Precision = r.str()
	r.intFields(&x.MaxNumSeqs, &x.BatchSize, &x.Width, &x.Height, &x.Frames, &x.FPS, &x.Steps)
	r.floatFields(&x.JoulesPerItem, &x.BatchLatencyS, &x.ItemsPerSecond, &x.AvgRequestsInFlight, &x.WhPerMillionTokens,
		&x.JoulesPerToken, &x.MedianITL, &x.P90ITL, &x.P99ITL, &x.TokensPerSecond)
	r.intFields(&x.PowerWatts, &x.AvgOutputTokens)
	x.UnderDeadline = r.optBool()
	r.floatFields(&x.AvgRunningBatch, &x.P95ITL)
	x.RowID = r.str()
	x.Repeat = r.int()
}

// lean is x without the rounded figures that its measured values stand for
// wherever they are read (Joules, Latency, Throughput, EnergyPerToken…):
// the rows' figures that only the charts (ShownJoules, ShownLatency,
// ShownThroughput) and the downloads write.
func (x *Config) lean() *Config {
	if x.Measured == nil {
		return x
	}
	c := *x
	c.JoulesPerItem, c.BatchLatencyS, c.AvgRequestsInFlight, c.WhPerMillionTokens = 0, 0, 0, 0
	c.JoulesPerToken, c.MedianITL, c.P90ITL, c.P95ITL, c.P99ITL, c.AvgRunningBatch = 0, 0, 0, 0, 0, 0
	if x.Measured.Throughput > 0 {
		c.ItemsPerSecond, c.TokensPerSecond = 0, 0
	}
	return &c
}
