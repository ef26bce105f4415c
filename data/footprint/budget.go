package footprint

import (
	"math"
	"strings"

	"tokenjoule/data"
)

// A Budget is an amount of energy, carbon, water or money to spend, in the
// unit it was given in. The zero Budget is none.
type Budget struct {
	Amount float64 // in Unit, greater than 0
	Unit   string  // a unit of budgetUnits, or a currency code for money
}

// budgetUnits are the units a budget may be given in, with their measure and
// their size in the measure's base unit (Wh, g CO2e, L).
var budgetUnits = []struct {
	name    string
	measure Measure
	size    float64
}{
	{"J", Energy, 1.0 / 3600}, {"kJ", Energy, 1e3 / 3600}, {"MJ", Energy, 1e6 / 3600}, {"GJ", Energy, 1e9 / 3600}, {"TJ", Energy, 1e12 / 3600},
	{"Wh", Energy, 1}, {"kWh", Energy, 1e3}, {"MWh", Energy, 1e6}, {"GWh", Energy, 1e9}, {"TWh", Energy, 1e12},
	{"g", Carbon, 1}, {"kg", Carbon, 1e3}, {"t", Carbon, 1e6},
	{"mL", Water, 1e-3}, {"L", Water, 1}, {"m3", Water, 1e3},
}

const budgetAccepted = "use a positive number and a unit: energy in J, kJ, MJ, GJ, TJ, Wh, kWh, MWh, GWh or TWh; " +
	"carbon in g, kg or t (CO2e); water in mL, L or m3; or money as a currency code (10 USD)"

// ParseBudget reads a budget such as "500 kWh", "1 t CO2e", "2 m3" or
// "10 USD". Units are case-insensitive except for m and M, which mean milli
// and mega as in SI: "mwh" and "ML" are refused rather than guessed. A
// three-letter code that is not a unit is a currency. Any error is a
// *data.InputError with Param "budget".
func ParseBudget(s string) (Budget, error) {
	fail := func(reason string) (Budget, error) {
		return Budget{}, &data.InputError{Param: "budget", Value: s, Reason: reason, Accepted: budgetAccepted}
	}
	t := strings.TrimSpace(s)
	num, unit := splitNumber(t)
	if t == "" {
		return fail("no value given")
	}
	if strings.HasPrefix(t, "-") {
		if _, ok := number(strings.TrimSpace(num[1:])); ok {
			return fail("must be greater than 0")
		}
	}
	v, ok := number(num)
	if !ok {
		return fail("")
	}
	if !(v > 0) {
		return fail("must be greater than 0")
	}
	unit, co2 := trimCO2(unit)
	if unit == "" {
		return fail("say what it is in")
	}
	key := unitKey(unit)
	for _, u := range budgetUnits {
		if unitKey(u.name) == key {
			if co2 && u.measure != Carbon {
				return fail("CO2e goes with g, kg or t")
			}
			if b := (Budget{v, u.name}); !math.IsInf(b.Base(), 0) {
				return b, nil
			}
			return fail("too large to count")
		}
	}
	for _, u := range budgetUnits {
		if strings.EqualFold(u.name, unit) {
			return fail("m means milli and M mega (did you mean " + u.name + ")")
		}
	}
	if cur, err := ParseCurrency(unit); err == nil && !co2 {
		return Budget{v, cur}, nil
	}
	return fail("")
}

// splitNumber splits s after its leading number (digits, commas, a point and
// an exponent whose digits follow), so that "2EUR" is 2 and EUR, "2e3kWh"
// 2e3 and kWh. A leading '-' stays with the number.
func splitNumber(s string) (num, rest string) {
	i := 0
	if strings.HasPrefix(s, "-") {
		i++
	}
	for i < len(s) && (isDigit(s[i]) || s[i] == ',' || s[i] == '.') {
		i++
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// trimCO2 removes a trailing CO2e (or CO2, CO₂e, CO₂), in any case, from a
// carbon unit.
func trimCO2(unit string) (string, bool) {
	for _, suffix := range []string{"co2e", "co₂e", "co2", "co₂"} {
		if n := len(unit) - len(suffix); n >= 0 && strings.EqualFold(unit[n:], suffix) {
			return strings.TrimSpace(unit[:n]), true
		}
	}
	return unit, false
}

// unitKey is a unit's spelling for comparison: lower case, except a leading M
// or m, which SI tells apart; m³ is m3.
func unitKey(u string) string {
	if u == "m³" {
		return "m3"
	}
	if strings.HasPrefix(u, "M") || strings.HasPrefix(u, "m") {
		return u[:1] + strings.ToLower(u[1:])
	}
	return strings.ToLower(u)
}

// IsZero tells whether b is no budget.
func (b Budget) IsZero() bool { return b.Unit == "" }

// Measure returns what b is an amount of.
func (b Budget) Measure() Measure {
	for _, u := range budgetUnits {
		if u.name == b.Unit {
			return u.measure
		}
	}
	if b.Unit == "" {
		return 0
	}
	return Money
}

// Base returns b in its measure's base unit: Wh, g CO2e, L, or the currency.
func (b Budget) Base() float64 {
	for _, u := range budgetUnits {
		if u.name == b.Unit {
			return b.Amount * u.size
		}
	}
	return b.Amount
}

// String writes b as ParseBudget reads it back exactly, such as "1 t" or
// "10 USD"; "" for no budget.
func (b Budget) String() string {
	if b.IsZero() {
		return ""
	}
	return formatNumber(b.Amount) + " " + b.Unit
}

// Describe writes b for a reader: "1 t CO2e", "2 m³", "10 USD".
func (b Budget) Describe() string {
	switch {
	case b.IsZero():
		return ""
	case b.Measure() == Carbon:
		return data.FormatNumber(b.Amount) + " " + b.Unit + " CO2e"
	case b.Unit == "m3":
		return data.FormatNumber(b.Amount) + " m³"
	}
	return data.FormatNumber(b.Amount) + " " + b.Unit
}

// A Fit is how much of a configuration's output a budget pays for.
type Fit struct {
	Tokens   float64 // output tokens, or images or videos for a diffusion model
	Requests float64 // requests of the configuration's average output length; one item each for a diffusion model
}

// Fit returns how many output tokens, and requests of the average length, b
// pays for on configuration c at f's boundary: an energy budget against the
// boundary's total (facility) energy, carbon and money against the facility
// energy times the grid intensity or the price, water against the IT (fleet)
// energy times the WUE. A budget whose factor is not set, or money in
// another currency than the price's, is a *data.InputError naming what is
// missing.
func (f Factors) Fit(b Budget, c *data.Config) (Fit, error) {
	fail := func(reason string) (Fit, error) {
		return Fit{}, &data.InputError{Param: "budget", Value: b.String(), Reason: reason}
	}
	// What one GPU Wh of c's output costs in b's measure, by the same
	// formulas as the totals.
	l := f.Ladder(1)
	var per float64
	var ok bool
	switch b.Measure() {
	case Energy:
		per, ok = l.FacilityWh, true
	case Carbon:
		if per, ok = f.Carbon(l); !ok {
			return fail("a carbon budget needs a grid carbon intensity (grid)")
		}
	case Water:
		if per, ok = f.Water(l); !ok {
			return fail("a water budget needs a water usage effectiveness (wue)")
		}
	case Money:
		if !f.Price.Set || f.Currency == "" {
			return fail("a budget in " + b.Unit + " needs an electricity price per kWh and its currency, " + b.Unit)
		}
		if f.Currency != b.Unit {
			return fail("the price is in " + f.Currency + ", and nothing is converted between currencies")
		}
		per, _ = f.Cost(l)
	default:
		return fail("no budget given")
	}
	perToken := per * c.Joules() / 3600
	if !(perToken > 0) {
		return fail("at these factors the output costs nothing in it, so any volume fits")
	}
	// The answer is a volume, within the volumes the calculator answers for
	// (data.CheckTokens): 1e30 t CO2e would pay for 1.6e41 tokens.
	tokens := b.Base() / perToken
	switch {
	case !(tokens <= data.MaxTokens): // NaN included
		return fail("it pays for more than 1e18 output tokens, the largest volume; use a smaller budget")
	case tokens < data.MinTokens:
		return fail("it pays for less than one output token; use a larger budget")
	}
	return Fit{Tokens: tokens, Requests: tokens / c.PerRequest()}, nil
}
