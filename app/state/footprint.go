package state

import (
	"errors"
	"strconv"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// The footprint's query-string parameters. Only those that differ from
// DefaultFootprint are written back, so that a link with the default
// footprint stays as String writes it.
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
// energy goes, what a kWh emits, consumes and costs, and a budget.
type Footprint struct {
	Factors footprint.Factors
	Budget  footprint.Budget
	// Bare is an embed's footprint, which shows only what its URL sets: it
	// starts from nothing (the zero Footprint) rather than from
	// DefaultFootprint, and writes back what differs from that.
	Bare bool
}

// Base is what fp starts from and is written against: DefaultFootprint, or
// nothing for a bare one.
func (fp Footprint) Base() Footprint {
	if fp.Bare {
		return Footprint{Bare: true}
	}
	return DefaultFootprint()
}

// Embedded is fp as an embed reads it from a link fp writes: bare, with
// what the link sets (a page's default carbon and water are not).
func (fp Footprint) Embedded() Footprint {
	e, _ := ParseBareFootprint(fp.Encode())
	return e
}

// Page is fp as the full page reads it from a link fp writes: for an
// embed's, what its link sets and the page's defaults for the rest. Links
// from an embed to the full pages carry it.
func (fp Footprint) Page() Footprint {
	if !fp.Bare {
		return fp
	}
	p, _ := ParseFootprint(fp.Encode())
	return p
}

// IsBase tells whether fp is what a URL that sets no footprint gives.
func (fp Footprint) IsBase() bool { return fp == fp.Base() }

// The presets of the carbon and water figures a page shows when its URL
// sets none: the world's average grid and the industry's average water use,
// so that "how much CO2 and water" is answered without a step. The command
// line keeps to its flags: it shows them only when asked.
const (
	DefaultGrid = "world"
	DefaultWUE  = "industry"
	// None is the value of grid and wue that asks for no figure.
	None = "none"
)

// DefaultFootprint is the footprint of a URL that sets none: the
// dataset's GPU-only boundary, the carbon and water of DefaultGrid and
// DefaultWUE, and no cost or budget.
func DefaultFootprint() Footprint {
	var fp Footprint
	for _, d := range defaults {
		pr, _ := d.p.Preset(d.id)
		*fp.Factors.Of(d.p) = pr.Factor()
	}
	return fp
}

// defaults are the factors DefaultFootprint sets, which None unsets.
var defaults = []struct {
	p  *footprint.Param
	id string
}{{footprint.Grid, DefaultGrid}, {footprint.WUE, DefaultWUE}}

// defaultOf is the preset id p starts from, "" for none.
func defaultOf(p *footprint.Param) string {
	for _, d := range defaults {
		if d.p == p {
			return d.id
		}
	}
	return ""
}

// ParseFootprint reads the footprint's parameters. A value that is refused
// leaves its factor as if absent (the boundary's, or not shown) and is
// reported in a Notice naming it and what is shown instead. A budget that
// parses is kept even when the factor it needs is missing: Factors.Fit says
// what is missing, where the page shows the budget's answer.
func ParseFootprint(v Values) (Footprint, []Notice) { return parseFootprint(v, DefaultFootprint()) }

// ParseBareFootprint is ParseFootprint for an embed: only what the URL sets.
func ParseBareFootprint(v Values) (Footprint, []Notice) {
	return parseFootprint(v, Footprint{Bare: true})
}

func parseFootprint(v Values, fp Footprint) (Footprint, []Notice) {
	var notices []Notice
	refuse := func(param, value string, err error, fallback string, fallbackIn func(lang.Tag) string) {
		notices = append(notices, refused(param, value, refusal(err), fallback, fallbackIn))
	}
	said := func(key string) func(lang.Tag) string { return func(t lang.Tag) string { return t.T(key) } }
	if s, ok := first(v, ParamBoundary); ok {
		if b, err := footprint.ParseBoundary(s); err != nil {
			info := fp.Factors.BoundaryInfo()
			refuse(ParamBoundary, s, err, "the boundary "+strconv.Quote(info.Label), func(t lang.Tag) string {
				return t.T("notice.boundary", "name", info.LabelIn(data.PrinterOf(t)))
			})
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
		if defaultOf(p) != "" && strings.EqualFold(strings.TrimSpace(s), None) {
			*fp.Factors.Of(p) = footprint.Factor{}
			continue
		}
		f, err := p.Parse(s)
		if err == nil {
			*fp.Factors.Of(p) = f
			continue
		}
		fallback := map[*footprint.Param]string{footprint.Grid: "no carbon figure", footprint.WUE: "no water figure",
			footprint.Price: "no cost"}[p]
		fallbackIn := said("notice.none." + p.Name)
		switch x := *fp.Factors.Of(p); {
		case x.Set: // a default
			fallback = p.Describe(x)
			fallbackIn = func(t lang.Tag) string { return p.DescribeIn(data.PrinterOf(t), x) }
		case effective.Of(p).Set: // the boundary's
			value, info := effective.Of(p).Value, fp.Factors.BoundaryInfo()
			fallback = data.FormatNumber(value) + ", the value of the boundary " + strconv.Quote(info.Label)
			fallbackIn = func(t lang.Tag) string {
				pr := data.PrinterOf(t)
				return t.T("notice.boundary.value", "value", pr.Number(value), "name", info.LabelIn(pr))
			}
		}
		refuse(p.Name, s, err, fallback, fallbackIn)
	}
	if s, ok := first(v, ParamCurrency); ok {
		if c, err := footprint.ParseCurrency(s); err != nil {
			refuse(ParamCurrency, s, err, "no currency, and so no cost", said("notice.none.currency"))
		} else {
			fp.Factors.Currency = c
		}
	}
	if s, ok := first(v, ParamBudget); ok {
		if b, err := footprint.ParseBudget(s); err != nil {
			refuse(ParamBudget, s, err, "no budget", said("notice.none.budget"))
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

// Encode writes the parameters in which fp differs from its Base, and only
// those, as ParseFootprint (or ParseBareFootprint) reads them back to fp.
func (fp Footprint) Encode() Values {
	v := Values{}
	if fp.Factors.Boundary != "" {
		v[ParamBoundary] = []string{fp.Factors.Boundary}
	}
	def := fp.Base()
	for _, p := range footprint.Params {
		f := *fp.Factors.Of(p)
		switch {
		case f == *def.Factors.Of(p):
		case !f.Set:
			v[p.Name] = []string{None}
		default:
			v[p.Name] = []string{p.Format(f)}
		}
	}
	if fp.Factors.Currency != "" {
		v[ParamCurrency] = []string{fp.Factors.Currency}
	}
	if !fp.Budget.IsZero() {
		v[ParamBudget] = []string{fp.Budget.String()}
	}
	return v
}

// String is Encode's query string in FootprintParams' order; "" for its
// Base.
func (fp Footprint) String() string {
	v := fp.Encode()
	var parts []string
	for _, k := range FootprintParams {
		if s, ok := v[k]; ok {
			parts = append(parts, k+"="+queryEscape(s[0]))
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
