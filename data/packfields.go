package data

import "sort"

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
