package charts

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"tokenjoule/data"
)

// The image and video charts: seconds on the latency axis, energy per image,
// batch sizes, and one point per batch size on the lines.
func TestDiffusionCharts(t *testing.T) {
	set := load(t)
	r, err := set.Select(data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: "H100", DeadlineMS: 10e3, Percentile: data.P50, Tokens: 10e3})
	if err != nil {
		t.Fatal(err)
	}
	// Selected: flux-1-dev/H100/2/b1/u2r1, measured at 8.17671674489975 s
	// (8.176717 s to the microsecond, rounded up) and 8699.11 J (rounded).

	b, _ := EnergyLatency(r)
	o := parse(t, "EnergyLatency", b).BaseOption
	if o.XAxis[0].Name != "Time to generate a batch (s)" || o.YAxis[0].Name != "Energy per image (J)" {
		t.Errorf("axes %q, %q", o.XAxis[0].Name, o.YAxis[0].Name)
	}
	points := 0
	for _, se := range o.Series {
		switch {
		case se.Name == SeriesSelected:
			if !slices.Equal(se.Data[0].Value, []float64{8.176717, 8699.11}) {
				t.Errorf("selected at %v, want 8.176717 s and 8699.11 J", se.Data[0].Value)
			}
		case se.MarkLine != nil:
			if se.Name != "Deadline 10 s" || se.MarkLine.Data[0].XAxis != 10 {
				t.Errorf("deadline series %q at %v", se.Name, se.MarkLine.Data)
			}
		case strings.HasPrefix(se.Name, "H100 × "):
			points += len(se.Data)
		}
	}
	// Every H100 configuration is a point.
	n := 0
	for _, c := range r.Model.Configurations {
		if c.GPU == "H100" {
			n++
		}
	}
	if points != n {
		t.Errorf("%d points, want the %d H100 configurations", points, n)
	}

	// The lines: at each batch size of a GPU count, the split with the least
	// energy of those that meet the deadline.
	b, _ = EnergyConcurrency(r)
	o = parse(t, "EnergyConcurrency", b).BaseOption
	if o.XAxis[0].Name != "Batch size (images generated together)" {
		t.Errorf("x axis %q", o.XAxis[0].Name)
	}
	for _, se := range o.Series {
		if !strings.HasPrefix(se.Name, "H100 × ") {
			continue
		}
		var xs []float64
		for _, d := range se.Data {
			if slices.Contains(xs, d.Value[0]) {
				t.Errorf("%s: two points at batch size %v", se.Name, d.Value[0])
			}
			xs = append(xs, d.Value[0])
			// The least measured energy, shown as its row has it.
			var best *data.Config
			for i := range r.Model.Configurations {
				c := &r.Model.Configurations[i]
				if c.GPU == "H100" && "H100 × "+strconv.Itoa(c.NumGPUs) == se.Name && float64(c.BatchSize) == d.Value[0] &&
					c.Measured.BatchLatency <= 10e3 && (best == nil || c.Measured.JoulesPerItem < best.Measured.JoulesPerItem) {
					best = c
				}
			}
			if best != nil && d.Value[1] != float64(best.JoulesPerItem) {
				t.Errorf("%s at batch size %v: %v J, want the best split's %v J", se.Name, d.Value[0], d.Value[1], best.JoulesPerItem)
			}
		}
	}
	b, _ = PowerThroughput(r)
	o = parse(t, "PowerThroughput", b).BaseOption
	if o.YAxis[1].Name != "Throughput (images/s)" || o.XAxis[1].Name != "Batch size (images generated together)" {
		t.Errorf("axes %q, %q", o.XAxis[1].Name, o.YAxis[1].Name)
	}

	if got := Titles(r.Kind); got != [3]string{"Energy per image against generation time", "Energy per image against batch size", "GPU power and throughput against batch size"} {
		t.Errorf("titles %q", got)
	}
	for _, d := range []string{DescribeEnergyLatency(r), DescribeEnergyConcurrency(r), DescribePowerThroughput(r)} {
		if !strings.Contains(d, "energy per image") && !strings.Contains(d, "images per second") || !strings.Contains(d, "H100 × 2 at a batch size of 1, split Ulysses 2 × ring 1") && !strings.Contains(d, "H100 × 2 with a batch size of 1, split Ulysses 2 × ring 1, at 8.177 s") {
			t.Errorf("description: %s", d)
		}
		if !strings.Contains(d, "10 s deadline on the time to generate a batch") {
			t.Errorf("description does not state the deadline: %s", d)
		}
	}

	// A patch moves the deadline's line in seconds.
	r2, _ := set.Select(data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: "H100", DeadlineMS: 20e3, Percentile: data.P50, Tokens: 10e3})
	if !Patchable(r, r2) {
		t.Fatal("a change of deadline is not patchable")
	}
	p, _ := EnergyLatencyPatch(r, r2)
	if !strings.Contains(string(p), `"xAxis":20}`) || !strings.Contains(string(p), "Deadline 20 s") {
		t.Errorf("patch: %.300s", p)
	}
}

func TestDiffusionCompareCharts(t *testing.T) {
	set := load(t)
	rk, err := set.Compare(data.Query{Task: "text-to-video", GPU: data.AnyGPU, DeadlineMS: 300e3, Percentile: data.P50, Tokens: 100})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Ranking(data.Printer{}, rk, "wan-2-1-14b")
	if !strings.Contains(string(b), "Energy for 100 videos (") {
		t.Errorf("ranking axis: %.400s", b)
	}
	b, _ = EnergyParams(data.Printer{}, rk, "")
	if !strings.Contains(string(b), `"J / video"`) || !strings.Contains(string(b), "J/video") {
		t.Errorf("params chart: %.600s", b)
	}
	if d := DescribeEnergyParams(data.Printer{}, rk, ""); !strings.HasPrefix(d, "Energy per video against active parameters") || !strings.Contains(d, " J per video") {
		t.Errorf("description: %s", d)
	}
	if d := DescribeRanking(data.Printer{}, rk); !strings.HasPrefix(d, "Energy for 100 videos, by model") {
		t.Errorf("description: %s", d)
	}
}
