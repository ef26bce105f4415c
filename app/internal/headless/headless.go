// Package headless starts chromium the way the browser tests (app/e2e) and
// the benchmark (app/bench) both need it: headless, quiet (no background
// networking, component updates or sync), with a profile of its own.
package headless

import (
	"os"
	"os/exec"

	"github.com/chromedp/chromedp"
)

// Path is chromium's path: $CHROMIUM, else Debian's /usr/bin/chromium, else
// chromium or chromium-browser on $PATH; "" when there is none.
func Path() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// ShellPath is the path of Debian's chromium-headless-shell (package
// chromium-headless-shell, or on $PATH): the same chromium, Blink and V8,
// without the full browser's windows, UI and services, which no page sees
// and which cost the browser tests a fifth of their CPU. It lacks what only
// the full browser does, such as finding a site installable (it finds
// every page installable). "" when there is none, or when $CHROMIUM names
// the browser to use.
func ShellPath() string {
	if os.Getenv("CHROMIUM") != "" {
		return ""
	}
	for _, name := range []string{"/usr/bin/chromium-headless-shell", "chromium-headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Options are the allocator options for the chromium at path with the
// profile directory, in a 1280×900 window; callers append their own.
func Options(path, profile string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		// Headless chromium still builds a window's browser UI: chromium 156
		// preloads the address bar's popup for each window as two WebUI
		// pages, in a renderer of their own that took half a core while a
		// test opened tabs. No page sees it.
		chromedp.Flag("disable-features", "WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup"),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(1280, 900),
	}
}
