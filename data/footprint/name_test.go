package footprint

import "testing"

func TestBoundaryName(t *testing.T) {
	preset := func(p *Param, id string) Factor {
		pr, ok := p.Preset(id)
		if !ok {
			t.Fatalf("%s has no preset %q", p.Name, id)
		}
		return pr.Factor()
	}
	for _, c := range []struct {
		what string
		f    Factors
		want string
	}{
		{"the default", Factors{}, "GPU only, as measured"},
		{"the GPU boundary named", Factors{Boundary: "gpu"}, "GPU only, as measured"},
		{"PUE alone, a number", Factors{PUE: Number(1.56)}, "GPU × PUE 1.56"},
		{"PUE alone, the industry preset", Factors{PUE: preset(PUE, "industry")}, "GPU × PUE 1.56"},
		{"PUE alone, another preset's value", Factors{PUE: preset(PUE, "google")}, "GPU × PUE 1.1"},
		{"PUE alone, the cloud boundary's value", Factors{PUE: Number(1.09)}, "GPU × PUE 1.09"},
		{"host alone", Factors{Host: Number(0.43)}, "GPU + host 43%"},
		{"idle alone", Factors{Idle: Number(0.17)}, "GPU + idle 17%"},
		{"host and PUE", Factors{Host: Number(0.125), PUE: Number(1.1)}, "GPU + host 12.5%, × PUE 1.1"},
		{"all three, typed", Factors{Host: Number(0.43), Idle: Number(0.17), PUE: Number(1.1)}, "GPU + host 43% + idle 17%, × PUE 1.1"},
		{"the cloud boundary", Factors{Boundary: "cloud"}, "Cloud data centre (Google, 2025)"},
		{"the cloud boundary, its own PUE preset", Factors{Boundary: "cloud", PUE: preset(PUE, "cloud")}, "Cloud data centre (Google, 2025)"},
		{"the cloud boundary, its host typed", Factors{Boundary: "cloud", Host: Number(0.43)}, "Cloud data centre (Google, 2025)"},
		{"the cloud boundary, another PUE", Factors{Boundary: "cloud", PUE: Number(1.2)}, "GPU + host 43% + idle 17%, × PUE 1.2"},
		{"the cloud boundary, no host", Factors{Boundary: "cloud", Host: Number(0)}, "GPU + idle 17%, × PUE 1.09"},
		{"the cloud boundary, no idle share", Factors{Boundary: "cloud", Idle: Number(0)}, "GPU + host 43%, × PUE 1.09"},
		{"the cloud boundary, PUE 1", Factors{Boundary: "cloud", PUE: Number(1)}, "GPU + host 43% + idle 17%"},
		{"the cloud boundary, all taken away", Factors{Boundary: "cloud", Host: Number(0), Idle: Number(0), PUE: Number(1)}, "GPU only, as measured"},
		{"the GPU boundary, the cloud's factors typed", Factors{Host: Number(0.43), Idle: Number(0.17), PUE: Number(1.09)}, "Cloud data centre (Google, 2025)"},
		{"carbon, water and cost name no boundary", Factors{Grid: Number(480), WUE: Number(1), Price: Number(0.1), Currency: "USD"}, "GPU only, as measured"},
	} {
		if got := c.f.BoundaryName(); got != c.want {
			t.Errorf("%s: BoundaryName = %q, want %q", c.what, got, c.want)
		}
	}
}

func TestBoundaryAbout(t *testing.T) {
	for _, c := range []struct {
		f    Factors
		want string
	}{
		{Factors{PUE: Number(1.56)}, "The measured GPU energy, widened for cooling by the factors given. Not counted: the host and idle capacity."},
		{Factors{Host: Number(0.3), PUE: Number(1.2)}, "The measured GPU energy, widened for the host and cooling by the factors given. Not counted: idle capacity."},
		{Factors{Boundary: "cloud", PUE: Number(1.2)}, "The measured GPU energy, widened for the host, idle capacity and cooling by the factors given."},
		{Factors{Boundary: "cloud"}, Boundaries[1].About},
		{Factors{}, Boundaries[0].About},
	} {
		if got := c.f.BoundaryAbout(); got != c.want {
			t.Errorf("%+v: BoundaryAbout = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestReach(t *testing.T) {
	for _, c := range []struct {
		f           Factors
		adds, omits string
	}{
		{Factors{}, "", "the host, idle capacity and cooling"},
		{Factors{PUE: Number(1.56)}, "cooling", "the host and idle capacity"},
		{Factors{Idle: Number(0.2)}, "idle capacity", "the host and cooling"},
		{Factors{Boundary: "cloud"}, "the host, idle capacity and cooling", ""},
	} {
		if adds, omits := c.f.Reach(); adds != c.adds || omits != c.omits {
			t.Errorf("%+v: Reach = %q, %q; want %q, %q", c.f, adds, omits, c.adds, c.omits)
		}
	}
	// A plan counts idle capacity itself: it is neither added nor left out.
	if adds, omits := (Factors{Idle: Number(0), PUE: Number(1.56)}).Reach(Idle); adds != "cooling" || omits != "the host" {
		t.Errorf("Reach(Idle) = %q, %q; want \"cooling\", \"the host\"", adds, omits)
	}
}
