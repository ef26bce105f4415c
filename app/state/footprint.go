package state

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// The footprint's query-string parameters. Only those a link sets are
// written back, so that a link with the default footprint (GPU only, no
// carbon, water, cost or budget) stays as String writes it.
const (
	ParamBoundary = "boundary"
	ParamHost     = "host"
	ParamIdle     = "idle"
	ParamPUE      = "pue"
	ParamGrid     = "grid"
	ParamWUE      = "wue"
	ParamPrice    = "price"
	ParamCurrency = "cur"
	ParamBudget   = "budget"
)

// FootprintParams lists the footprint's parameters in the order
// Footprint.String writes them.
var FootprintParams = []string{ParamBoundary, ParamHost, ParamIdle, ParamPUE, ParamGrid, ParamWUE, ParamPrice, ParamCurrency, ParamBudget}

// Footprint is the footprint's part of the page: how far past the GPU the
// energy goes, what a kWh emits, consumes and costs, and a budget. The zero
// value is the default (the dataset's GPU-only boundary, nothing else).
type Footprint struct {
	Factors footprint.Factors
	Budget  footprint.Budget
}

// ParseFootprint reads the footprint's parameters. A value that is refused
// leaves its factor as if absent (the boundary's, or not shown) and is
// reported in a Notice naming it and what is shown instead. A budget that
// parses is kept even when the factor it needs is missing: Factors.Fit says
// what is missing, where the page shows the budget's answer.
func ParseFootprint(v url.Values) (Footprint, []Notice) {
	var (
		fp      Footprint
		notices []Notice
	)
	refuse := func(param, value string, err error, fallback string) {
		notices = append(notices, Notice{Param: param, Value: data.Excerpt(value),
			Message: fmt.Sprintf("The URL's %s=%s was not understood (%s); showing %s instead.", param, data.Quote(value), refusal(err), fallback)})
	}
	if s, ok := first(v, ParamBoundary); ok {
		if b, err := footprint.ParseBoundary(s); err != nil {
			refuse(ParamBoundary, s, err, fmt.Sprintf("the boundary %q", fp.Factors.BoundaryInfo().Label))
		} else {
			fp.Factors = fp.Factors.WithBoundary(b)
		}
	}
	// What a refused host, idle or PUE falls back to: the boundary's.
	effective := fp.Factors.Effective()
	for _, p := range footprint.Params {
		s, ok := first(v, p.Name)
		if !ok {
			continue
		}
		f, err := p.Parse(s)
		if err == nil {
			*fp.Factors.Of(p) = f
			continue
		}
		fallback := map[*footprint.Param]string{footprint.Grid: "no carbon figure", footprint.WUE: "no water figure",
			footprint.Price: "no cost"}[p]
		if e := *effective.Of(p); e.Set {
			fallback = fmt.Sprintf("%s, the value of the boundary %q", data.FormatNumber(e.Value), fp.Factors.BoundaryInfo().Label)
		}
		refuse(p.Name, s, err, fallback)
	}
	if s, ok := first(v, ParamCurrency); ok {
		if c, err := footprint.ParseCurrency(s); err != nil {
			refuse(ParamCurrency, s, err, "no currency, and so no cost")
		} else {
			fp.Factors.Currency = c
		}
	}
	if s, ok := first(v, ParamBudget); ok {
		if b, err := footprint.ParseBudget(s); err != nil {
			refuse(ParamBudget, s, err, "no budget")
		} else {
			fp.Budget = b
		}
	}
	return fp, notices
}

// refusal is why a parser refused a value, without the value, which a
// notice quotes (cut) in its own words.
func refusal(err error) string {
	var bad *data.InputError
	if errors.As(err, &bad) {
		return bad.Why()
	}
	return err.Error()
}

// Encode writes the parameters fp sets, and only those, as ParseFootprint
// reads them back to fp.
func (fp Footprint) Encode() url.Values {
	v := url.Values{}
	if fp.Factors.Boundary != "" {
		v.Set(ParamBoundary, fp.Factors.Boundary)
	}
	for _, p := range footprint.Params {
		if f := *fp.Factors.Of(p); f.Set {
			v.Set(p.Name, p.Format(f))
		}
	}
	if fp.Factors.Currency != "" {
		v.Set(ParamCurrency, fp.Factors.Currency)
	}
	if !fp.Budget.IsZero() {
		v.Set(ParamBudget, fp.Budget.String())
	}
	return v
}

// String is Encode's query string in FootprintParams' order; "" for the
// default footprint.
func (fp Footprint) String() string {
	v := fp.Encode()
	var parts []string
	for _, k := range FootprintParams {
		if s, ok := v[k]; ok {
			parts = append(parts, k+"="+url.QueryEscape(s[0]))
		}
	}
	return strings.Join(parts, "&")
}

// AppendTo returns query (from String or EmbedString) with fp's parameters
// after it; query itself for the default footprint.
func (fp Footprint) AppendTo(query string) string {
	s := fp.String()
	switch {
	case s == "":
		return query
	case query == "":
		return s
	}
	return query + "&" + s
}
