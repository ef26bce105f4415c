package data

import (
	"math"
	"strconv"
	"testing"
)

// The selection on the image and video tasks, against what the rule gives
// when applied by hand to the leaderboard's rows (tasks/text-to-image.json
// and tasks/text-to-video.json): among the model's configurations on the
// GPU whose batch_latency_s is within the deadline, the least
// energy_per_image_joules (or _video_), the published figures, which the
// selection compares and multiplies as they are (the rows show them rounded
// to 0.01 J and 0.001 s).
func TestSelectDiffusion(t *testing.T) {
	s := mustLoad(t)
	cases := []struct {
		task, model, gpu string
		deadlineS        float64
		volume           float64
		row              string  // the selected row; "" when none meets the deadline
		joules           float64 // its published energy per item
		other            string  // the best on the other GPU, "" for none
		fastest          string  // when none meets: the fastest row…
		minS             float64 // …its published batch latency…
		minDeadline      string  // …and the smallest deadline offered, that rounded up to 0.1 s
	}{
		// 17 H100 configurations of FLUX.1 Dev take at most 10 s a batch; the least energy
		// is 2 GPUs split by Ulysses attention, one image a batch: 8.177 s, 8699.108499884605 J
		// (2 GPUs split by ring attention, 8810.28 J, come second).
		{"text-to-image", "flux-1-dev", "H100", 10, 10e3, "flux-1-dev/H100/2/b1/u2r1", 8699.108499884605, "B200", "", 0, ""},
		// None of FLUX.1 Dev on H100 is under 2 s: the fastest is 4 GPUs in Ulysses
		// attention, one image, 4.647245824337006 s (on B200, 4.722378671169281 s).
		{"text-to-image", "flux-1-dev", "H100", 2, 10e3, "", 0, "", "flux-1-dev/H100/4/b1/u4r1", 4.647245824337006, "4.7s"},
		// Every SANA 1.5 1.6B configuration takes under 30 s; the least energy of all, on
		// either GPU, is one B200 with 4 images a batch: 1.831 s, 337.9434374962002 J.
		{"text-to-image", "sana-1-5-1-6b", AnyGPU, 30, 1e6, "sana-1-5-1-6b/B200/1/b4/u1r1", 337.9434374962002, "H100", "", 0, ""},
		// Stable Diffusion 3.5 Large within 5 s on B200: one GPU, one image, 4.765 s, 3644.171250000596 J.
		{"text-to-image", "stable-diffusion-3-5-large", "B200", 5, 1, "stable-diffusion-3-5-large/B200/1/b1/u1r1", 3644.171250000596, "H100", "", 0, ""},
		// Wan 2.1 14B within the default 300 s, either GPU: 2 B200 in ring attention,
		// 185.238 s, 342623.05899995565 J per video (2 B200 in Ulysses, 343405.58 J, second).
		{"text-to-video", "wan-2-1-14b", AnyGPU, 300, 100, "wan-2-1-14b/B200/2/b1/u1r2", 342623.05899995565, "H100", "", 0, ""},
		// CogVideoX 2B within 60 s on H100: one GPU, 43.024 s, 28614.49749994278 J.
		{"text-to-video", "cogvideox-2b", "H100", 60, 1000, "cogvideox-2b/H100/1/b1/u1r1", 28614.49749994278, "B200", "", 0, ""},
		// HunyuanVideo within 10 min on B200: 4 GPUs in Ulysses attention, 379.195 s, 1303587.039499998 J.
		{"text-to-video", "hunyuanvideo", "B200", 600, 10, "hunyuanvideo/B200/4/b1/u4r1", 1303587.039499998, "H100", "", 0, ""},
		// No video of Wan 2.1 14B on H100 takes under 30 s: the fastest, 8 GPUs in Ulysses
		// attention, takes 71.76369178295135 s (on B200, 53.69962000846863 s).
		{"text-to-video", "wan-2-1-14b", "H100", 30, 100, "", 0, "", "wan-2-1-14b/H100/8/b1/u8r1", 71.76369178295135, "71.8s"},
		// Nor of HunyuanVideo on either GPU under 100 s: 8 B200 in Ulysses attention, 204.66773104667664 s.
		{"text-to-video", "hunyuanvideo", AnyGPU, 100, 100, "", 0, "", "hunyuanvideo/B200/8/b1/u8r1", 204.66773104667664, "204.7s"},
	}
	for _, tc := range cases {
		q := Query{Task: tc.task, Model: tc.model, GPU: tc.gpu, DeadlineMS: tc.deadlineS * 1000, Percentile: P50, Tokens: tc.volume}
		r, err := s.Select(q)
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		if r.Kind != TaskKind(tc.task) || !r.Kind.Diffusion() {
			t.Errorf("%s: kind %+v", tc.task, r.Kind)
		}
		if tc.row == "" {
			if r.Selected != nil {
				t.Errorf("%s on %s within %v s: selected %s, want none", tc.model, tc.gpu, tc.deadlineS, r.Selected.RowID)
				continue
			}
			min, _ := r.Kind.ParseDeadline(tc.minDeadline)
			if r.Fastest.RowID != tc.fastest || r.MinDeadlineMS() != min {
				t.Errorf("%s on %s within %v s: fastest %s at %v ms, want %s at %s", tc.model, tc.gpu, tc.deadlineS, r.Fastest.RowID, r.MinDeadlineMS(), tc.fastest, tc.minDeadline)
			}
			q.DeadlineMS = r.MinDeadlineMS()
			if again, _ := s.Select(q); again.Selected == nil || again.Selected.RowID != tc.fastest {
				t.Errorf("%s on %s: the smallest deadline, %v ms, does not select the fastest", tc.model, tc.gpu, q.DeadlineMS)
			}
			// To the microsecond: the published latency rounded up meets it,
			// a microsecond less does not.
			us := math.Ceil(tc.minS * 1e6)
			for _, d := range []struct {
				us    float64
				meets bool
			}{{us, true}, {us - 1, false}} {
				q.DeadlineMS, _ = r.Kind.ParseDeadline(strconv.FormatFloat(d.us, 'f', -1, 64) + "e-6s")
				if again, _ := s.Select(q); (again.Selected != nil) != d.meets {
					t.Errorf("%s on %s within %v µs: selected %v, want a selection: %v", tc.model, tc.gpu, d.us, again.Selected, d.meets)
				}
			}
		} else {
			if r.Selected == nil || r.Selected.RowID != tc.row {
				t.Errorf("%s on %s within %v s: selected %v, want %s", tc.model, tc.gpu, tc.deadlineS, r.Selected, tc.row)
				continue
			}
			// The energy for the volume, from the published energy per item.
			if want := tc.joules * tc.volume / 3600; r.Estimate.EnergyWh != want {
				t.Errorf("%s: %v Wh for %v, want %v", tc.row, r.Estimate.EnergyWh, tc.volume, want)
			}
			if r.Estimate.EnergyPerRequest != tc.joules || r.Estimate.Requests != tc.volume {
				t.Errorf("%s: %v J per request, %v requests; want %v J for each of %v", tc.row, r.Estimate.EnergyPerRequest, r.Estimate.Requests, tc.joules, tc.volume)
			}
			// GPU time: the volume at the measured rate (the leaderboard's
			// throughput, which measured.bin holds bit for bit), on every
			// GPU of the configuration.
			c := r.Selected
			if want := tc.volume / c.Measured.Throughput * float64(c.NumGPUs) / 3600; !near(r.Estimate.GPUHours, want, 1e-12) {
				t.Errorf("%s: %v GPU-hours, want %v", tc.row, r.Estimate.GPUHours, want)
			}
		}
		if got := ""; r.Other != nil || tc.other != "" {
			if r.Other != nil {
				got = r.Other.GPU
			}
			if got != tc.other {
				t.Errorf("%s %s on %s: best on the other GPU is on %q, want %q", tc.task, tc.model, tc.gpu, got, tc.other)
			}
		}
	}
}

// A deadline typed in seconds meets the configuration whose latency it is,
// to the digit: 1.831 s is 1831 ms whatever the float arithmetic, and the
// measured latency, to the microsecond, as the page writes it, reads back as
// itself.
func TestDiffusionLatencyIsExact(t *testing.T) {
	s := mustLoad(t)
	m, err := s.Model("text-to-image", "sana-1-5-1-6b")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range m.Configurations {
		ms, err := Images.ParseDeadline(Images.DeadlineText(c.Latency(P50)) + "s")
		if err != nil || ms != c.Latency(P50) {
			t.Fatalf("%s: %v s reads back as %v ms (%v), want %v", c.RowID, c.BatchLatencyS, ms, err, c.Latency(P50))
		}
		typed, _ := Images.ParseDeadline(strconv.FormatFloat(float64(c.BatchLatencyS), 'f', -1, 64))
		if typed != c.ShownLatency(P50) {
			t.Errorf("%s: %v s typed is %v ms, its row's latency %v ms", c.RowID, c.BatchLatencyS, typed, c.ShownLatency(P50))
		}
	}
}
