package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// calcFootprint is calc's footprint: its flags, the factors and budget they
// give, and what they come to for the selected configuration.
type calcFootprint struct {
	flags   map[string]*string // by flag name
	given   bool               // whether any footprint flag was given
	factors footprint.Factors
	budget  footprint.Budget

	// Set by compute when a configuration was selected.
	selected *data.Config
	kind     *data.Kind
	ladder   footprint.Ladder
	fit      *footprint.Fit
	lever    *footprint.Lever // the input that moves the figure at the boundary most
}

// addFootprintFlags declares calc's footprint flags on fs.
func addFootprintFlags(fs *flag.FlagSet) *calcFootprint {
	ids := func(p *footprint.Param) string {
		s := make([]string, len(p.Presets))
		for i, pr := range p.Presets {
			s[i] = pr.ID
		}
		return strings.Join(s, ", ")
	}
	bounds := make([]string, len(footprint.Boundaries))
	for i, b := range footprint.Boundaries {
		bounds[i] = fmt.Sprintf("%s (%s)", b.ID, b.Label)
	}
	cf := &calcFootprint{flags: map[string]*string{}}
	for _, f := range []struct{ name, value, usage string }{
		{"boundary", footprint.DefaultBoundary, "how far past the GPU the energy goes: " + strings.Join(bounds, " or ")},
		{"host", "", "host CPU and memory, a share of GPU energy, 0 to 5 (0.43 is +43%); default: the boundary's"},
		{"idle", "", "idle capacity kept for reliability, a share of GPU energy, 0 to 5; default: the boundary's"},
		{"pue", "", "power usage effectiveness, 1 to 3, or a preset: " + ids(footprint.PUE) + "; default: the boundary's"},
		{"grid", "", "grid carbon intensity, 0 to 2000 g CO2e/kWh, or a region: " + ids(footprint.Grid) +
			"; default: none, where the web page starts at " + state.DefaultGrid + ": the command line shows only what its flags ask"},
		{"wue", "", "water usage effectiveness, 0 to 20 L per kWh of IT energy, or a preset: " + ids(footprint.WUE) +
			"; default: none, where the web page starts at " + state.DefaultWUE},
		{"price", "", "electricity price per kWh, 0 to 1000, in -currency; default: no cost"},
		{"currency", "", "the price's three-letter currency code, such as USD (nothing is converted)"},
		{"budget", "", "how much fits in a budget of energy (500 kWh), carbon (1 t CO2e), water (2 m3) or money (10 USD)"},
	} {
		cf.flags[f.name] = fs.String(f.name, f.value, f.usage)
	}
	return cf
}

// parse reads the footprint flags that fs was given. Any error is a
// *data.InputError naming the flag's value.
func (cf *calcFootprint) parse(fs *flag.FlagSet) error {
	fs.Visit(func(fl *flag.Flag) {
		if _, ok := cf.flags[fl.Name]; ok {
			cf.given = true
		}
	})
	f := &cf.factors
	b, err := footprint.ParseBoundary(*cf.flags["boundary"])
	if err != nil {
		return err
	}
	*f = f.WithBoundary(b)
	var setErr error
	fs.Visit(func(fl *flag.Flag) {
		s := fl.Value.String()
		var err error
		for _, p := range footprint.Params {
			if fl.Name == p.Name {
				*f.Of(p), err = p.Parse(s)
			}
		}
		switch fl.Name {
		case "currency":
			f.Currency, err = footprint.ParseCurrency(s)
		case "budget":
			cf.budget, err = footprint.ParseBudget(s)
		}
		if err != nil && setErr == nil {
			setErr = err
		}
	})
	if setErr != nil {
		return setErr
	}
	// A price is no amount of money without its currency, and a currency
	// alone prices nothing: say so rather than print a bare number.
	switch {
	case f.Price.Set && f.Currency == "":
		return &data.InputError{Param: "price", Label: "-price", Value: *cf.flags["price"], Reason: "needs -currency, a three-letter code such as USD"}
	case !f.Price.Set && f.Currency != "":
		return &data.InputError{Param: "currency", Label: "-currency", Value: *cf.flags["currency"], Reason: "needs -price, the price per kWh in that currency"}
	}
	return nil
}

// compute works out the ladder, the totals and the budget for r's selected
// configuration; a budget its factors cannot answer is a *data.InputError.
func (cf *calcFootprint) compute(r *data.Result) error {
	if r.Selected == nil {
		return nil
	}
	cf.selected, cf.kind = r.Selected, r.Kind
	cf.ladder = cf.factors.Ladder(r.Estimate.EnergyWh)
	if l, ok := footprint.MostMoving(r, cf.factors); ok {
		cf.lever = &l
	}
	if cf.budget.IsZero() {
		return nil
	}
	fit, err := cf.factors.Fit(cf.budget, r.Selected)
	if bad := (*data.InputError)(nil); errors.As(err, &bad) {
		bad.Value = *cf.flags["budget"] // as typed, not as Budget writes it
	}
	if err != nil {
		return err
	}
	cf.fit = &fit
	return nil
}

// document is calc's -json document: the scenario, then its footprint.
func (cf *calcFootprint) document(r *data.Result) ([]byte, error) {
	return export.ScenarioJSON(r, export.Footprint(r, cf.factors, cf.budget, cf.fit)...)
}

// print writes the ladder, the totals, the budget and the comparisons, with
// a numbered list of their sources; nothing unless a footprint flag was
// given and a configuration selected, so that calc's plain output stays as
// it was.
func (cf *calcFootprint) print(w io.Writer) {
	if !cf.given || cf.selected == nil {
		return
	}
	var refs citations
	cite := refs.cite
	f, l, c, k := cf.factors, cf.ladder, cf.selected, cf.kind
	// A request: the average output length, or one image or video.
	request := fmt.Sprintf("request of %s tokens", data.FormatInt(c.AvgOutputTokens))
	if k.Diffusion() {
		request = k.Item
	}

	fmt.Fprintf(w, "\nFootprint, boundary %q:\n", f.BoundaryName())
	for _, r := range f.Rungs(l.GPUWh) {
		fmt.Fprintf(w, "  %-38s %12s   %-20s %s\n", r.Label, data.FormatEnergy(r.Wh), r.Applies(), cite(r.Source()))
	}
	perRequest := func(gpuWh float64) float64 { return f.Ladder(gpuWh).FacilityWh }
	gpuPerRequest := c.EnergyPerRequest() / 3600
	joules := data.InJoules(l.FacilityWh)
	if joules != "" {
		joules = "(" + joules + "), "
	}
	fmt.Fprintf(w, "  %-38s %12s   %s%s Wh per %s\n", "Total at this boundary",
		data.FormatEnergy(l.FacilityWh), joules, data.FormatNumber(perRequest(gpuPerRequest)), request)
	if f.IsGPUOnly() {
		fmt.Fprintln(w, "  GPU energy only: a floor. -boundary cloud adds a typical large cloud data centre's host, idle capacity and cooling.")
	}

	carbon, hasCarbon := f.Carbon(l)
	water, hasWater := f.Water(l)
	if hasCarbon {
		fmt.Fprintf(w, "Carbon:   %-14s at %s %s\n", footprint.FormatCarbon(carbon), footprint.Grid.Sourced(f.Grid), cite(footprint.Grid.SourceOf(f.Grid)))
	}
	if hasWater {
		fmt.Fprintf(w, "Water:    %-14s on site, at %s %s\n", footprint.FormatWater(water), footprint.WUE.Sourced(f.WUE), cite(footprint.WUE.SourceOf(f.WUE)))
	}
	if cost, ok := f.Cost(l); ok {
		fmt.Fprintf(w, "Cost:     %-14s at %s %s per kWh (your figure)\n", footprint.FormatMoney(cost, f.Currency), data.FormatNumber(f.Price.Value), f.Currency)
	}
	printSpread(w, f.SpreadOf(c), l.GPUWh, "", cite)
	if cf.lever != nil {
		fmt.Fprintf(w, "Lever:    %s\n", cf.lever.Sentence())
	}
	switch {
	case cf.fit != nil && k.Diffusion():
		fmt.Fprintf(w, "Budget:   %s pays for %s at this boundary\n", cf.budget.Describe(), k.VolumeWords(roundTokens(cf.fit.Tokens)))
	case cf.fit != nil:
		fmt.Fprintf(w, "Budget:   %s pays for %s, or %s requests of %s tokens, at this boundary\n",
			cf.budget.Describe(), k.VolumeWords(roundTokens(cf.fit.Tokens)), data.ReadableVolume(roundTokens(cf.fit.Requests)), data.FormatInt(c.AvgOutputTokens))
	}

	for _, g := range []struct {
		m      footprint.Measure
		amount float64
		ok     bool
	}{{footprint.Energy, l.FacilityWh, true}, {footprint.Carbon, carbon, hasCarbon}, {footprint.Water, water, hasWater}} {
		if !g.ok {
			continue
		}
		fmt.Fprintf(w, "The %s is about as much as:\n", g.m.Name())
		for _, cmp := range footprint.Comparisons {
			if cmp.Measure == g.m {
				n, words := cmp.Format(g.amount)
				fmt.Fprintf(w, "  %s %s (%s) %s\n", n, words, cmp.Figure, cite(cmp.Source()))
			}
		}
	}

	wh := func(v float64) string { return data.FormatNumber(v) + " Wh" }
	ours := map[string]float64{"gpu": gpuPerRequest, "facility": perRequest(gpuPerRequest)}
	if k.Diffusion() {
		// The published per-prompt figures are for text: no comparison for an image or a video.
		fmt.Fprintf(w, "Per %s: %s GPU only, %s at this boundary.\n", k.Item, wh(ours["gpu"]), wh(ours["facility"]))
	} else {
		fmt.Fprintf(w, "Per request: %s GPU only, %s at this boundary. Published figures for one prompt, each on its own boundary:\n",
			wh(ours["gpu"]), wh(ours["facility"]))
	}
	for _, p := range footprint.PromptPoints {
		if k.Diffusion() {
			break
		}
		approx := ""
		if p.Approx {
			approx = "≈"
		}
		fmt.Fprintf(w, "  %-9s %s %s\n", approx+wh(p.Wh), p.What, cite(p.Source()))
		at := "this boundary's"
		if p.Boundary == "gpu" {
			at = "GPU only"
		}
		fmt.Fprintf(w, "            counts %s: compare with %s %s\n", p.Counts, at, wh(ours[p.Boundary]))
	}

	refs.print(w)
}

// printSpread writes how far apart the published answers are: each figure
// of gpuWh that s spreads, from its low to its high, per after each (" a
// day", or ""), then each factor's lowest and highest published value with
// its source, and each the reader typed, held; nothing when no figure
// spreads.
func printSpread(w io.Writer, s footprint.Spread, gpuWh float64, per string, cite func(footprint.Source) string) {
	figures := s.Each(gpuWh, func(m footprint.Measure, r footprint.Range) string { return s.Write(m, r) + per })
	if len(figures) == 0 {
		return
	}
	fmt.Fprintf(w, "Spread:   %s: the lowest to the highest published values of the factors, %s\n", strings.Join(figures, ", "), footprint.NotConfidence)
	for _, sp := range s.Spans {
		fmt.Fprintf(w, "  %-31s %s %s to %s %s\n", sp.Param.Label, sp.Describe(sp.Low), cite(sp.Low.Source()), sp.Describe(sp.High), cite(sp.High.Source()))
	}
	for _, p := range s.Held {
		fmt.Fprintf(w, "  %-31s %s (your figure), held\n", p.Label, p.Sourced(*s.Low.Of(p)))
	}
}

// citations number the sources a text answer cites, in the order cited.
type citations []footprint.Source

// cite is s's mark, [n], numbering it if it is new; a reader's own figure
// has no publication to list.
func (c *citations) cite(s footprint.Source) string {
	if s.ID == footprint.YourFigure.ID {
		return "(your figure)"
	}
	for i, t := range *c {
		if t.ID == s.ID {
			return fmt.Sprintf("[%d]", i+1)
		}
	}
	*c = append(*c, s)
	return fmt.Sprintf("[%d]", len(*c))
}

// print lists the sources cited, numbered; nothing when none was.
func (c citations) print(w io.Writer) {
	if len(c) == 0 {
		return
	}
	fmt.Fprintln(w, "Sources:")
	for i, s := range c {
		fmt.Fprintf(w, "  [%d] %s", i+1, s.Title)
		if s.URL != "" {
			fmt.Fprintf(w, " <%s>", s.URL)
		}
		fmt.Fprintln(w)
	}
}

// roundTokens rounds a token count to four significant digits for
// ReadableVolume, which writes every digit it is given: 11.95B reads better
// than 11.945718654434252B.
func roundTokens(v float64) float64 {
	r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return r
}
