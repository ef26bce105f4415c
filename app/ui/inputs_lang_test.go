package ui

import (
	"errors"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// badInputs are texts a reader may type in any box, to draw every reason
// its parser can give: nothing, a sign, zero, too much, letters, bad
// groups, an exponent with a suffix, units of another box.
var badInputs = []string{
	"", " ", "-5", "-0,5", "0", "0,0", "lots", "5 x", "1,00", "1,0000", "1.00.0", "1e3k", "1e999", "5e19", "99999999",
	"1e-400", "1,5min", "5 ms s", "5 Md Md", "2 t", "1 kWh", "-", "1e", "0.0001", "1e-7", "2000", "1e300 s", "100000 min",
	"0,5/day", "5", "5/week", "0/day", "1e20/s", "-1/s", "lots/day", "1e-9/day", "1e3k/s", "5 mwh", "5 ML", "1e400 t",
	"1 kWh CO2e", "-1 t", "x t", "1e308 TWh", "5 mWh", "1 US", "US", "1234", "€", "10 EURO",
}

// boxRefusals are the messages every box of the pages gives for badInputs
// in t: the calculator's deadline and volume (each kind's), the
// footprint's boxes and the plan's traffic, through the code the pages run.
func boxRefusals(t *testing.T, tag lang.Tag) map[string]string {
	p := data.PrinterOf(tag)
	msgs := map[string]string{}
	for _, s := range badInputs {
		for _, k := range data.Kinds {
			if _, err := data.ParseIn(s, p.Read, k.ParseDeadline); err != nil {
				msgs[k.Item+" deadline "+s] = deadlineError(tag, k, s, err)
			}
			if _, err := data.ParseIn(s, p.ReadVolume, k.ParseVolume); err != nil {
				msgs[k.Item+" volume "+s] = inputErrorIn(tag, err)
			}
		}
		f := fpInputs{p: p}
		for _, name := range []string{fpHost, fpIdle, fpPUE + valueSuffix, fpGrid + valueSuffix, fpWUE + valueSuffix, fpPrice, fpCurrency, fpBudget} {
			f.set(name, s)
			if msg := f.errs[name]; msg != "" {
				msgs[name+" "+s] = msg
			}
		}
		var ti trafficInputs
		tr := plan.DefaultTraffic()
		ti.load(tr, p)
		for _, name := range []string{"rate", "peak", "idle_w"} {
			ti.set(&tr, name, s)
			if msg := ti.errs[name]; msg != "" {
				msgs[name+" "+s] = msg
			}
		}
	}
	if len(msgs) < 100 {
		t.Fatalf("%s: only %d refusals", tag, len(msgs))
	}
	return msgs
}

// Every reason a box's parser gives is said in the page's language: no
// part of a refusal in French, German or Spanish is the parser's English.
func TestBoxRefusalsInLanguage(t *testing.T) {
	// The English of every reason, as the parsers give it.
	english := map[string]bool{}
	for _, s := range badInputs {
		for _, parse := range []func(string) error{
			func(s string) error { _, err := data.ParseTokens(s); return err },
			func(s string) error { _, err := data.Images.ParseVolume(s); return err },
			func(s string) error { _, err := data.Videos.ParseVolume(s); return err },
			func(s string) error { _, err := data.ParseDeadline(s); return err },
			func(s string) error { _, err := data.Images.ParseDeadline(s); return err },
			func(s string) error { _, err := data.ParseRate(s); return err },
			func(s string) error { _, err := footprint.ParseBudget(s); return err },
			func(s string) error { _, err := footprint.ParseCurrency(s); return err },
			func(s string) error { _, err := footprint.PUE.Parse(s); return err },
			func(s string) error { _, err := footprint.Host.Parse(s); return err },
			func(s string) error { _, err := footprint.Grid.Parse(s); return err },
			func(s string) error { _, err := footprint.WUE.Parse(s); return err },
			func(s string) error { _, err := footprint.Price.Parse(s); return err },
			func(s string) error { _, err := plan.Peak.Parse(s); return err },
			func(s string) error { _, err := plan.IdleW.Parse(s); return err },
		} {
			var bad *data.InputError
			if errors.As(parse(s), &bad) {
				for _, part := range strings.Split(bad.Why(), "; ") {
					english[part] = true
				}
			}
		}
	}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		for box, msg := range boxRefusals(t, tag) {
			for part := range english {
				if len(part) > 12 && strings.Contains(msg, part) {
					t.Errorf("%s %s: %q says %q in English", tag, box, msg, part)
				}
			}
			if left := lang.English(msg, tag); len(left) > 0 {
				t.Errorf("%s %s: %q, English left: %q", tag, box, msg, left)
			}
		}
	}
}
