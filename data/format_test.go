package data

import (
	"strings"
	"testing"
)

func TestFormatEnergy(t *testing.T) {
	for wh, want := range map[float64]string{
		31.08803:  "31.09 Wh",
		999.96:    "1 kWh",
		31088.03:  "31.09 kWh",
		3.1088e7:  "31.09 MWh",
		3.1088e10: "31.09 GWh",
		3.1088e13: "31,088 GWh",
		1234.6:    "1.235 kWh",
		// Below 1 Wh, Wh with decimals: never mWh, read as MWh.
		0.5:        "0.5 Wh",
		0.99996:    "1 Wh",
		0.015209:   "0.01521 Wh",
		0.00031088: "0.0003109 Wh",
		1e-4:       "0.0001 Wh",
		-0.25:      "-0.25 Wh",
		// Below 0.0001 Wh, a token or two: joules (1.521e-5 × 3,600 =
		// 0.054756 J), never a power of ten nor a run of zeros.
		1.521e-5:  "54.76 mJ",
		9.99e-7:   "3.596 mJ",
		-4e-9:     "-0.0144 mJ",
		1.521e-32: "less than 0.0001 mJ",
		0:         "0 Wh",
	} {
		if got := FormatEnergy(wh); got != want {
			t.Errorf("FormatEnergy(%v) = %q, want %q", wh, got, want)
		}
	}
}

func TestFormatJoules(t *testing.T) {
	for j, want := range map[float64]string{111916.9: "111.9 kJ", 69.948: "69.95 J", 3.6e9: "3.6 GJ", 5.477e-29: "less than 0.0001 mJ", 0.0123: "12.3 mJ"} {
		if got := FormatJoules(j); got != want {
			t.Errorf("FormatJoules(%v) = %q, want %q", j, got, want)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	for v, want := range map[float64]string{1600: "1,600", 0.048223: "0.04822", 1234567.8: "1,234,568", -2500: "-2,500", 5760.3: "5,760",
		0.00012346: "0.0001235", 1.389e-7: "less than 0.0001", 1e-30: "less than 0.0001", 0.000099996: "0.0001", -3e-9: "more than -0.0001",
		1.2481141e10: "12,481,141,000", 1e30: "1,000,000,000,000,000,000,000,000,000,000"} {
		if got := FormatNumber(v); got != want {
			t.Errorf("FormatNumber(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestFormatMS(t *testing.T) {
	for ms, want := range map[float64]string{40: "40 ms", 12.5: "12.5 ms", 1500: "1,500 ms", 60000: "60,000 ms", 0.25: "0.25 ms", 1234.5678: "1,234.5678 ms"} {
		if got := FormatMS(ms); got != want {
			t.Errorf("FormatMS(%v) = %q, want %q", ms, got, want)
		}
	}
}

func TestFormatChange(t *testing.T) {
	for _, c := range []struct {
		a, b float64
		want string
	}{{31.09, 15.21, "+104.4%"}, {90, 100, "-10.0%"}, {100, 100, "+0.0%"}, {248.926, 1, "+24,792.6%"}, {2.5, 1, "+150.0%"}} {
		if got := FormatChange(c.a, c.b); got != c.want {
			t.Errorf("FormatChange(%v, %v) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}

func TestFormatParams(t *testing.T) {
	for v, want := range map[float64]string{14: "14B", 3.6: "3.6B", 671: "671B", 1200: "1,200B"} {
		if got := FormatParams(v); got != want {
			t.Errorf("FormatParams(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestGPUChoice(t *testing.T) {
	cases := []struct {
		gpus []string
		gpu  string
		want string
	}{
		{[]string{"B200", "H100"}, AnyGPU, "B200 or H100"},
		{[]string{"B200"}, AnyGPU, "B200"}, // not "best of B200"
		{[]string{"B200", "H100"}, "H100", "H100"},
		{[]string{"A", "B", "C"}, AnyGPU, "A, B or C"},
		{nil, AnyGPU, AnyGPU},
	}
	for _, c := range cases {
		if got := GPUChoice(c.gpus, c.gpu); got != c.want {
			t.Errorf("GPUChoice(%v, %q) = %q, want %q", c.gpus, c.gpu, got, c.want)
		}
	}
	if got := (&Config{GPU: "H100", NumGPUs: 8}).Hardware(); got != "H100 × 8" {
		t.Errorf("Hardware = %q", got)
	}
}

// TestFormatTinyVolumes: whatever volume ParseTokens accepts, the figures
// for it (energy, GPU-hours, requests) read in a few characters, with no long
// run of zeros.
func TestFormatTinyVolumes(t *testing.T) {
	for _, tokens := range []float64{1e-30, 5e-324, 1e-12, 1e-3, 1, 1e18} {
		j := 0.0547711 * tokens
		for _, s := range []string{FormatEnergy(j / 3600), FormatJoules(j), FormatNumber(tokens / 2000 / 3600), FormatNumber(tokens / 613)} {
			if len([]rune(s)) > 26 || strings.Contains(s, "0000") {
				t.Errorf("%v tokens: %q is not a readable figure", tokens, s)
			}
		}
	}
}

// TestFormatITL: a latency reads as the dataset shows it, to 0.1 ms, unless
// that would read on the other side of the deadline.
func TestFormatITL(t *testing.T) {
	for _, c := range []struct {
		ms, deadline float64
		want         string
	}{
		{7.15609549661167, 100, "7.2"},
		{20.04709400050342, 25, "20"},
		{20.04709400050342, 20, "20.05"}, // misses 20 ms: not "20"
		{20.0001, 20, "20.0001"},
		{19.96, 19.97, "19.96"}, // meets 19.97 ms: not "20"
		{40.00510050030425, 40, "40.01"},
		{50.0224, 50, "50.02"},
		{1234.56, 2000, "1,235"},
		{1234.56, 1234.7, "1,234.6"}, // "1,235" would read as missing
		{412.0534945031977, 500, "412.1"},
	} {
		if got := FormatITL(c.ms, c.deadline); got != c.want {
			t.Errorf("FormatITL(%v, %v) = %q, want %q", c.ms, c.deadline, got, c.want)
		}
	}
}

// TestPick: the unit of a column is the one its largest figure reads in.
func TestPick(t *testing.T) {
	for _, c := range []struct {
		v     float64
		units []Unit
		want  string
	}{
		{31.09, WattHours, "Wh"},
		{999.96, WattHours, "kWh"}, // 1 kWh once rounded
		{0.015, WattHours, "Wh"},   // never mWh
		{3.1e13, WattHours, "GWh"},
		{54770, Joules, "kJ"},
		{0.0123, Joules, "mJ"},
	} {
		if got := Pick(c.v, c.units...).Name; got != c.want {
			t.Errorf("Pick(%v) = %s, want %s", c.v, got, c.want)
		}
		if s := FormatIn(c.v, c.units...); !strings.HasSuffix(s, " "+c.want) {
			t.Errorf("FormatIn(%v) = %q, not in %s", c.v, s, c.want)
		}
	}
	for _, wh := range []float64{31.09, 999.96, 0.015, 3.1e13, 1234.6} {
		if a, b := FormatEnergy(wh), FormatIn(wh, WattHours...); a != b {
			t.Errorf("FormatEnergy(%v) = %q but FormatIn = %q: WattHours is not its scale", wh, a, b)
		}
	}
}

func TestFormatRatio(t *testing.T) {
	for x, want := range map[float64]string{72.14: "72", 10: "10", 9.96: "10", 9.94: "9.9", 3.44: "3.4", 1: "1.0"} {
		if got := FormatRatio(x); got != want {
			t.Errorf("FormatRatio(%v) = %q, want %q", x, got, want)
		}
	}
}
