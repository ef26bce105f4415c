package e2e

// Browser tests of the boundary's name: wherever a page, an embed or its
// alt text names the boundary a figure counts, it names a preset only while
// every factor is that preset's, and else the factors; and the plan's
// headline is the total at the boundary, as the calculator's is. The names
// expected are written out by hand; the figures come from the core and the
// command line.

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/data"
)

func TestBoundaryNamed(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	r, err := set.Select(data.DefaultQuery())
	if err != nil || r.Selected == nil {
		t.Fatalf("the default query selects nothing: %v", err)
	}
	gpu := r.Estimate.EnergyWh
	planned := cliPlan(t, "pue=1.56")
	if planned.Selected == nil {
		t.Fatal("the default plan meets nothing")
	}
	planGPU := planned.KWhDay * 1000

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) {
			shoot := shooter(t, bctx, origin, dir)
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				for _, scheme := range []string{"light", "dark"} {
					shoot("boundary-calc", size[0], size[1], scheme, "/?pue=1.56")
					shoot("boundary-plan", size[0], size[1], scheme, "/plan?pue=1.56")
				}
			}
			for _, width := range []int64{360, 720} {
				for _, scheme := range []string{"light", "dark"} {
					shoot("boundary-card", width, 400, scheme, "/embed?pue=1.56&layout=card")
					shoot("boundary-plan-card", width, 400, scheme, "/embed/plan?pue=1.56&layout=card")
				}
			}
		})
	}

	// noPreset fails where a text names a preset its factors are not.
	noPreset := func(t *testing.T, what, got string) {
		t.Helper()
		for _, preset := range []string{"GPU only, as measured", "Cloud data centre"} {
			if strings.Contains(got, preset) {
				t.Errorf("%s = %q names the preset %q", what, got, preset)
			}
		}
	}
	contains := func(t *testing.T, what, got string, wants ...string) {
		t.Helper()
		for _, w := range wants {
			if !strings.Contains(got, w) {
				t.Errorf("%s = %q, want %q in it", what, got, w)
			}
		}
	}
	embedAlt := func(tb *tab) string {
		tb.t.Helper()
		tb.do(chromedp.Click(chromedp.ID("embed-open")))
		tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the modal Embed dialog")
		tb.waitFor(`document.querySelector("#embed-alt")?.value !== ""`, "the alt text")
		return eval[string](tb, `document.querySelector("#embed-alt").value`)
	}

	t.Run("Calculator", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.openURL(origin + "/?pue=1.56")
		tb.waitText("#energy", data.FormatEnergy(gpu*1.56))
		floor := tb.text("#floor")
		contains(t, "#floor", floor, "Energy at the boundary “GPU × PUE 1.56”: the measured GPU energy, "+data.FormatEnergy(gpu)+", times 1.56 for cooling ",
			"Not counted: the host and idle capacity, as well as the network")
		noPreset(t, "#floor", floor)
		if got, want := tb.text("#fp-boundary-words"), "Boundary: GPU × PUE 1.56. The measured GPU energy, widened for cooling by the factors given. "+
			"Not counted: the host and idle capacity."; got != want {
			t.Errorf("#fp-boundary-words = %q, want %q", got, want)
		}
		alt := embedAlt(tb)
		contains(t, "the card's alt text", alt, data.FormatEnergy(gpu*1.56)+" at the boundary “GPU × PUE 1.56”.",
			"Measured GPU energy × 1.56 for cooling only; network not counted.")
		noPreset(t, "the card's alt text", alt)

		// The cloud boundary with its PUE changed is no longer Google's.
		tb.openURL(origin + "/?boundary=cloud&pue=1.2")
		tb.waitText("#energy", data.FormatEnergy(gpu*(1+0.43+0.17)*1.2))
		floor = tb.text("#floor")
		contains(t, "#floor", floor, "Energy at the boundary “GPU + host 43% + idle 17%, × PUE 1.2”:", "for the host, idle capacity and cooling ")
		noPreset(t, "#floor", floor)
		noPreset(t, "#fp-boundary-words", tb.text("#fp-boundary-words"))
	})

	t.Run("Embeds", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		for _, c := range []struct{ path, energy, label, caveat string }{
			{"/embed?pue=1.56&layout=card", data.FormatEnergy(gpu * 1.56),
				"at the boundary “GPU × PUE 1.56”", "Measured GPU energy × 1.56 for cooling only; network not counted."},
			{"/embed/plan?pue=1.56&layout=card", data.FormatEnergy(planGPU * 1.56),
				"a day at the boundary “GPU × PUE 1.56”", "GPU energy with idle capacity × 1.56 for cooling only; network not counted."},
		} {
			tb.openURL(origin + c.path)
			tb.waitText("#energy", c.energy)
			if label, caveat := tb.text("#energy-label"), tb.text("#floor"); label != c.label || caveat != c.caveat {
				t.Errorf("%s: the card says %q and %q, want %q and %q", c.path, label, caveat, c.label, c.caveat)
			}
		}
		tb.openURL(origin + "/embed?pue=1.56")
		if got, want := tb.text("#fp-boundary-words"), "At the boundary “GPU × PUE 1.56”: GPU energy × 1.56"; got != want {
			t.Errorf("the interactive embed's #fp-boundary-words = %q, want %q", got, want)
		}
		tb.openURL(origin + "/compare?pue=1.56")
		floor := tb.text("#floor")
		contains(t, "the compare page's #floor", floor, "The table's “At the boundary” column is the GPU energy at “GPU × PUE 1.56”: × 1.56, for cooling")
		noPreset(t, "the compare page's #floor", floor)
	})

	t.Run("Plan", func(t *testing.T) {
		t.Parallel()
		// A phone: the total is the headline, on the first screen, and the
		// GPUs' own figure is beside it.
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
		tb.openURL(origin + "/plan?pue=1.56")
		tb.waitText("#energy", data.FormatEnergy(planGPU*1.56))
		if got, want := tb.text("#energy-year"), data.FormatEnergy(planGPU*1.56*365)+" a year"; got != want {
			t.Errorf("#energy-year = %q, want %q", got, want)
		}
		if !eval[bool](tb, `(() => { const r = document.querySelector("#energy").getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight })()`) {
			t.Error("the plan's headline is not on a phone's first screen")
		}
		floor := tb.text("#floor")
		contains(t, "#floor", floor, fmt.Sprintf("Energy at the boundary “GPU × PUE 1.56”: the GPUs' energy, idle capacity included, %s a day, times 1.56 for cooling ",
			data.FormatEnergy(planGPU)), "Not counted: the host, as well as the network")
		noPreset(t, "#floor", floor)
		contains(t, "#headroom", tb.text("#headroom"), data.FormatEnergy(planned.BusyKWhDay*1000)+" a day of GPU energy if every GPU were always busy")
		if got, want := tb.text("#fp-boundary-words"), "Boundary: GPU × PUE 1.56, on the plan's energy, whose idle capacity is the plan's own, not a share of GPU energy."; got != want {
			t.Errorf("#fp-boundary-words = %q, want %q", got, want)
		}
		alt := embedAlt(tb)
		contains(t, "the plan card's alt text", alt, data.FormatEnergy(planGPU*1.56)+" a day at the boundary “GPU × PUE 1.56”.")
		noPreset(t, "the plan card's alt text", alt)

		// Without a footprint the headline stays the GPUs' energy, alone.
		tb.openURL(origin + "/plan")
		tb.waitText("#energy", data.FormatEnergy(cliPlan(t, "").KWhDay*1000))
		if tb.has("#floor") {
			t.Errorf("the GPU-only plan has boundary words: %q", tb.text("#floor"))
		}
	})
}
