package state

import (
	"net/url"
	"strings"
	"testing"

	"tokenjoule/data"
)

// The image and video tasks' URLs: a deadline in seconds, the volume as
// images or videos, no percentile.
func TestParseDiffusion(t *testing.T) {
	set := load(t)
	for _, tc := range []struct {
		raw, canonical string
		want           data.Query
	}{
		{"task=text-to-image&model=flux-1-dev&gpu=H100&deadline=10s&images=10k", "task=text-to-image&model=flux-1-dev&gpu=H100&deadline=10s&images=10k",
			data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: "H100", DeadlineMS: 10e3, Percentile: data.P50, Tokens: 10e3}},
		{"task=text-to-video&model=Wan%202.1%2014B&gpu=any&deadline=1.5min&videos=100", "task=text-to-video&model=wan-2-1-14b&gpu=any&deadline=90s&videos=100",
			data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: data.AnyGPU, DeadlineMS: 90e3, Percentile: data.P50, Tokens: 100}},
		// A bare deadline is in seconds; without one, or a volume, the kind's defaults.
		{"task=text-to-image&model=sana-1-5-1-6b&deadline=0.7", "task=text-to-image&model=sana-1-5-1-6b&gpu=any&deadline=0.7s&images=10k",
			data.Query{Task: "text-to-image", Model: "sana-1-5-1-6b", GPU: data.AnyGPU, DeadlineMS: 700, Percentile: data.P50, Tokens: 10e3}},
		{"task=text-to-video", "task=text-to-video&model=wan-2-1-14b&gpu=any&deadline=300s&videos=100",
			data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: data.AnyGPU, DeadlineMS: 300e3, Percentile: data.P50, Tokens: 100}},
	} {
		v, _ := url.ParseQuery(tc.raw)
		q, notices := Parse(set, v)
		if q != tc.want || len(notices) != 0 {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.raw, q, notices, tc.want)
		}
		if got := String(q); got != tc.canonical {
			t.Errorf("String(Parse(%q)) = %q, want %q", tc.raw, got, tc.canonical)
		}
		if _, err := set.Select(q); err != nil {
			t.Errorf("%q: %v", tc.raw, err)
		}
	}
}

// A token parameter on a diffusion task, or the reverse, is ignored with a
// notice that says why and what the task counts.
func TestParseWrongKind(t *testing.T) {
	set := load(t)
	for _, tc := range []struct {
		raw, param string
		says       []string
		check      func(q data.Query) bool
	}{
		{"task=text-to-image&tokens=5M", "tokens", []string{`tokens="5M" counts output tokens`, "Text to Image generates images (images=)", "ignored"},
			func(q data.Query) bool { return q.Tokens == data.Images.DefaultVolume }},
		{"task=text-to-video&p=p99&videos=3", "p", []string{`p="p99" applies to token tasks only`, "Text to Video times a batch as a whole"},
			func(q data.Query) bool { return q.Percentile == data.P50 && q.Tokens == 3 }},
		{"task=gpqa&images=10k&tokens=2k", "images", []string{`images="10k" counts images`, "Reasoning generates output tokens (tokens=)"},
			func(q data.Query) bool { return q.Tokens == 2e3 }},
		{"task=text-to-image&videos=1", "videos", []string{"counts videos", "generates images"},
			func(q data.Query) bool { return q.Tokens == 10e3 }},
		// A deadline the kind refuses: seconds, and none beyond a day.
		{"task=text-to-video&deadline=2d", "deadline", []string{`deadline="2d" was not understood`, "positive number of seconds", "showing 300s instead"},
			func(q data.Query) bool { return q.DeadlineMS == 300e3 }},
		{"task=text-to-image&images=0", "images", []string{"below one image", "a number of images from 1 to 1e18", "showing 10k instead"},
			func(q data.Query) bool { return q.Tokens == 10e3 }},
	} {
		v, _ := url.ParseQuery(tc.raw)
		q, notices := Parse(set, v)
		if len(notices) != 1 || notices[0].Param != tc.param || !tc.check(q) {
			t.Errorf("Parse(%q) = %+v, %+v; want one notice about %s", tc.raw, q, notices, tc.param)
			continue
		}
		for _, w := range tc.says {
			if !strings.Contains(notices[0].Message, w) {
				t.Errorf("Parse(%q): notice %q does not say %q", tc.raw, notices[0].Message, w)
			}
		}
	}
}

// The embed's hide names the volume as its task counts it, and reads any of
// the three names as the volume's control.
func TestHideVolumeByName(t *testing.T) {
	q := data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: "H100", DeadlineMS: 60e3, Percentile: data.P50, Tokens: 5}
	for _, name := range []string{"tokens", "videos", "Images"} {
		h, notices := ParseHidden(url.Values{ParamHide: {"gpu," + name}})
		if !h.Has(ParamTokens) || len(notices) != 0 {
			t.Errorf("hide=gpu,%s hides %v, %v", name, h, notices)
		}
		if got, want := EmbedString(q, Embed{Layout: LayoutInteractive, Hidden: h}), "task=text-to-video&model=wan-2-1-14b&gpu=H100&deadline=60s&videos=5&hide=gpu,videos"; got != want {
			t.Errorf("EmbedString = %q, want %q", got, want)
		}
	}
}

// The pairs the page writes are its own, whichever task wrote them: the
// refused ones go, the others stay.
func TestKeepOthersDiffusion(t *testing.T) {
	q := data.Query{Task: "text-to-image", Model: "pixart", GPU: "H100", DeadlineMS: 5e3, Percentile: data.P50, Tokens: 7}
	got := KeepOthers(String(q), "task=gpqa&tokens=5M&images=7&grid=fr&videos=2", []Notice{{Param: "videos"}})
	if want := String(q) + "&grid=fr"; got != want {
		t.Errorf("KeepOthers = %q, want %q", got, want)
	}
}

func TestWithTask(t *testing.T) {
	q := data.DefaultQuery()
	q.DeadlineMS, q.Percentile, q.Tokens = 50, data.P90, 2e9
	if got := q.WithTask("gpqa"); got.DeadlineMS != 50 || got.Percentile != data.P90 || got.Tokens != 2e9 || got.Task != "gpqa" {
		t.Errorf("token task to token task: %+v", got)
	}
	img := q.WithTask("text-to-image")
	if img.DeadlineMS != 30e3 || img.Percentile != data.P50 || img.Tokens != 10e3 {
		t.Errorf("to text-to-image: %+v, want its defaults", img)
	}
	img.DeadlineMS = 5e3
	if v := img.WithTask("text-to-video"); v.DeadlineMS != 300e3 || v.Tokens != 100 {
		t.Errorf("images to videos: %+v, want the videos' defaults", v)
	}
	if back := img.WithTask("lm-arena-chat"); back.DeadlineMS != 500 || back.Tokens != 1e6 {
		t.Errorf("images to tokens: %+v, want the tokens' defaults", back)
	}
}
