package importer

// The diffusion tasks, text-to-image and text-to-video: their rows, checked
// and turned into configurations of the dataset's diffusion schema (see
// data.Config).

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"tokenjoule/data"
)

// The plausible range of a diffusion row's fields besides those a token row
// shares (GPUs, parameters, power per GPU), as for those: far beyond any
// measurement published, close enough to refuse a typo or a unit mistake.
const (
	maxBatchSize      = 1 << 16 // images or videos in a batch (up to 32 measured)
	maxPixels         = 1 << 16 // pixels on a side (up to 1,360 measured)
	maxFrames         = 1 << 20 // frames of a video (up to 129 measured)
	maxFPS            = 1000    // frames per second (up to 15 measured)
	maxSteps          = 10000   // denoising steps (up to 50 measured)
	maxBatchLatencyS  = 86400   // s to generate a batch: a day, the longest deadline accepted (up to 6,288 s measured)
	maxJPerItem       = 1e9     // J per image or video (up to 1.5 million measured, a video)
	maxItemsPerSecond = 1e4     // images or videos per second (up to 5.2 measured)
)

// diffusionRow is one configuration of a diffusion task as the leaderboard
// publishes it, its keys named for a generic item: the image task's
// image_width, energy_per_image_joules and throughput_images_per_sec are
// width, energy_per_item_joules and throughput_items_per_sec here (see
// itemKey); the video task's likewise, with num_frames and fps besides.
type diffusionRow struct {
	ModelID      string  `json:"model_id"`
	Nickname     string  `json:"nickname"`
	TotalParams  float64 `json:"total_params_billions"`
	ActiveParams float64 `json:"activated_params_billions"`
	Precision    string  `json:"weight_precision"`
	GPU          string  `json:"gpu_model"`
	NumGPUs      int     `json:"num_gpus"`
	BatchSize    int     `json:"batch_size"`
	Ulysses      int     `json:"ulysses_degree"`
	Ring         int     `json:"ring_degree"`
	Width        int     `json:"item_width"`
	Height       int     `json:"item_height"`
	Frames       int     `json:"num_frames"` // videos only
	FPS          int     `json:"fps"`        // videos only
	Steps        int     `json:"inference_steps"`
	BatchLatency float64 `json:"batch_latency_s"`
	Energy       float64 `json:"energy_per_item_joules"`
	Throughput   float64 `json:"throughput_items_per_sec"`
	Power        float64 `json:"avg_power_watts"`
}

// videoOnly are the keys of diffusionRow that only a video row has.
var videoOnly = []string{"num_frames", "fps"}

// itemKey is the leaderboard's name, for kind k, of a key of diffusionRow:
// item_width is image_width for images, throughput_items_per_sec
// throughput_videos_per_sec for videos.
func itemKey(key string, k *data.Kind) string {
	key = strings.Replace(key, "item_", k.Item+"_", 1)
	key = strings.Replace(key, "_item_", "_"+k.Item+"_", 1)
	return strings.Replace(key, "_items_", "_"+k.Items+"_", 1)
}

// diffusionKeys are the keys a row of kind k must have, as the leaderboard
// names them, by diffusionRow's name.
func diffusionKeys(k *data.Kind) map[string]string {
	keys := map[string]string{}
	for _, key := range jsonKeys(diffusionRow{}) {
		if k != data.Videos && slices.Contains(videoOnly, key) {
			continue
		}
		keys[key] = itemKey(key, k)
	}
	return keys
}

// decodeDiffusion decodes and checks one row of a diffusion task of kind k,
// and returns its model, its configuration, whose row id does not yet say
// which run it is, and the row itself, for its measured values
// (diffusionTable).
func decodeDiffusion(file string, i int, raw json.RawMessage, k *data.Kind) (modelInfo, data.Config, *diffusionRow, error) {
	var info modelInfo
	fields, model, err := rowFields(file, i, raw)
	if err != nil {
		return info, data.Config{}, nil, err
	}
	keys := diffusionKeys(k)
	published := make([]string, 0, len(keys))
	generic := map[string]json.RawMessage{}
	for key, name := range keys {
		published = append(published, name)
		generic[key] = fields[name]
	}
	if err := checkKeys(file, i, model, fields, published); err != nil {
		return info, data.Config{}, nil, err
	}
	b, _ := json.Marshal(generic) // raw JSON values: cannot fail
	var r diffusionRow
	if err := json.Unmarshal(b, &r); err != nil {
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			return info, data.Config{}, nil, rowError(file, i, model, keys[te.Field], string(generic[te.Field]), "want a JSON "+te.Type.Kind().String())
		}
		return info, data.Config{}, nil, inputErrorf("%s: row %d (model %s): %v", file, i, data.Excerpt(model), err)
	}
	fail := func(key string, v any, why string) (modelInfo, data.Config, *diffusionRow, error) {
		return info, data.Config{}, nil, rowError(file, i, model, keys[key], v, why)
	}
	info = modelInfo{ModelID: r.ModelID, Nickname: r.Nickname, Architecture: diffusionArchitecture,
		TotalParams: r.TotalParams, ActiveParams: r.ActiveParams}
	if err := info.check(file, i, model); err != nil {
		return info, data.Config{}, nil, err
	}
	if !slices.Contains(data.GPUs, r.GPU) {
		return fail("gpu_model", strconv.Quote(r.GPU), "unknown GPU; known: "+strings.Join(data.GPUs, ", "))
	}
	if _, ok := precisions[r.Precision]; !ok {
		return fail("weight_precision", strconv.Quote(r.Precision), "unknown precision; known: bfloat16, fp8, mxfp4")
	}
	counts := []struct {
		key    string
		v, max int
		bound  string
	}{{"num_gpus", r.NumGPUs, maxGPUs, "GPUs in one configuration"}, {"batch_size", r.BatchSize, maxBatchSize, k.Items + " in a batch"},
		{"ulysses_degree", r.Ulysses, r.NumGPUs, "num_gpus"}, {"ring_degree", r.Ring, r.NumGPUs, "num_gpus"},
		{"item_width", r.Width, maxPixels, "pixels"}, {"item_height", r.Height, maxPixels, "pixels"},
		{"inference_steps", r.Steps, maxSteps, "steps"}}
	if k == data.Videos {
		counts = append(counts, []struct {
			key    string
			v, max int
			bound  string
		}{{"num_frames", r.Frames, maxFrames, "frames"}, {"fps", r.FPS, maxFPS, "frames per second"}}...)
	}
	for _, f := range counts {
		if f.v < 1 || f.v > f.max {
			return fail(f.key, f.v, fmt.Sprintf("must be a whole number from 1 to %d (%s)", f.max, f.bound))
		}
	}
	if r.Ulysses*r.Ring != r.NumGPUs {
		return fail("ring_degree", r.Ring, fmt.Sprintf("ulysses_degree × ring_degree = %d × %d must be num_gpus, %d: the work is split over every GPU",
			r.Ulysses, r.Ring, r.NumGPUs))
	}
	for _, f := range []struct {
		key    string
		v, max float64
		bound  string
	}{{"batch_latency_s", r.BatchLatency, maxBatchLatencyS, "s, a day"},
		{"energy_per_item_joules", r.Energy, maxJPerItem, "J"},
		{"throughput_items_per_sec", r.Throughput, maxItemsPerSecond, k.Items + " per second"},
		{"avg_power_watts", r.Power, maxWattsPerGPU * float64(r.NumGPUs), fmt.Sprintf("W: %s per GPU, num_gpus = %d", data.FormatNumber(maxWattsPerGPU), r.NumGPUs)}} {
		if !(f.v > 0 && f.v <= f.max) {
			return fail(f.key, f.v, fmt.Sprintf("must be greater than 0 and at most %s (%s)", data.FormatNumber(f.max), f.bound))
		}
	}
	// The leaderboard derives both from the batch's latency: a row that
	// disagrees with itself is not a measurement to select from.
	if want := r.Power * r.BatchLatency / float64(r.BatchSize); math.Abs(r.Energy-want) > relTolerance*want {
		return fail("energy_per_item_joules", r.Energy,
			fmt.Sprintf("differs from avg_power_watts × batch_latency_s / batch_size = %v by more than 1e-6 (relative)", want))
	}
	if want := float64(r.BatchSize) / r.BatchLatency; math.Abs(r.Throughput-want) > relTolerance*want {
		return fail("throughput_items_per_sec", r.Throughput,
			fmt.Sprintf("differs from batch_size / batch_latency_s = %v by more than 1e-6 (relative)", want))
	}

	w := written{file: file, row: i, model: model, name: func(key string) string { return keys[key] }}
	c := data.Config{
		GPU: r.GPU, NumGPUs: r.NumGPUs, UlyssesDegree: r.Ulysses, RingDegree: r.Ring,
		Precision: precisions[r.Precision],
		BatchSize: r.BatchSize, Width: r.Width, Height: r.Height, Frames: r.Frames, FPS: r.FPS, Steps: r.Steps,
		JoulesPerItem:  w.rounded("energy_per_item_joules", r.Energy, 2, "J per "+k.Item),
		BatchLatencyS:  w.rounded("batch_latency_s", r.BatchLatency, 3, "s"),
		ItemsPerSecond: w.rounded("throughput_items_per_sec", r.Throughput, 7, k.Items+"/s"),
		PowerWatts:     w.whole("avg_power_watts", r.Power, "W"),
	}
	if w.err != nil {
		return info, data.Config{}, nil, w.err
	}
	c.RowID = fmt.Sprintf("%s/%s/%d/b%d/u%dr%d", data.Slug(r.Nickname), c.GPU, c.NumGPUs, c.BatchSize, c.UlyssesDegree, c.RingDegree)
	return info, c, &r, nil
}

// diffusionTable returns the measured values of a diffusion task of kind k
// (see data.DiffusionColumns): the batch latency in whole microseconds,
// rounded up as data.MicrosUp rounds, and the energy per item and the
// throughput as published.
func diffusionTable(k *data.Kind) func(rows map[string]*diffusionRow) *data.MeasuredTable {
	return func(rows map[string]*diffusionRow) *data.MeasuredTable {
		t := &data.MeasuredTable{Columns: data.DiffusionColumns(k), Rows: slices.Sorted(maps.Keys(rows))}
		for _, id := range t.Rows {
			r := rows[id]
			t.Values = append(t.Values, []float64{microsUpSeconds(r.BatchLatency), r.Energy, r.Throughput})
		}
		return t
	}
}

// microsUpSeconds is a batch latency of s seconds in whole microseconds,
// rounded up: the smallest k such that k/1e6, a deadline of k µs in seconds
// as the leaderboard compares it, is not below s. It is data.MicrosUp of s
// in ms, corrected where s×1000 is off by an ulp.
func microsUpSeconds(s float64) float64 {
	k := data.MicrosUp(s * 1000)
	for k/1e6 < s {
		k++
	}
	for k > 1 && (k-1)/1e6 >= s {
		k--
	}
	return k
}

// diffusionArchitecture is what the dataset calls a diffusion model's
// architecture: the leaderboard's index files the two tasks under it.
const diffusionArchitecture = "Diffusion"
