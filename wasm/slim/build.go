package main

import (
	"fmt"
	"os"
	"os/exec"
)

// inlined are the packages the browser build inlines calls into: the
// runtime and the small standard packages that it and every other package
// lean on. The rest is built with -l: inlined copies of function bodies
// were 7% of app.wasm's brotli size (go1.26.8: 1,611,995 -> 1,498,733
// bytes; raw 8,827,110 -> 8,641,133). The price is paid in Go's own work,
// a small part of a change's time next to ECharts': app/bench, loads
// alternating with the build before, put the interactions and the start
// within their spread, and the chart options' Go benchmark under node moved
// within its noise.
var inlined = []string{"runtime/...", "internal/...", "sync/...", "syscall/...", "math/...", "unicode/...",
	"strconv", "bytes", "strings", "slices", "errors", "sort", "io"}

// buildArgs are go build's arguments for the browser entry (the package
// pkg) against modfile, into out.
func buildArgs(modfile, out, pkg string, symbols bool) []string {
	args := []string{"build", "-trimpath", "-modfile", modfile, "-o", out, "-gcflags=all=-l"}
	for _, p := range inlined {
		args = append(args, "-gcflags="+p+"=") // later patterns win: no -l
	}
	if !symbols {
		args = append(args, "-ldflags=-s -w")
	}
	return append(args, pkg)
}

// build builds the browser entry (pkg) into out with the go command, in the
// module of the working directory, then joins its data segments (joinData).
func build(modfile, out, pkg string, symbols bool) error {
	cmd := exec.Command("go", buildArgs(modfile, out, pkg, symbols)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the wasm: %v", err)
	}
	b, err := os.ReadFile(out)
	if err == nil {
		b, err = joinData(b, joinGap)
	}
	if err == nil {
		err = os.WriteFile(out+".tmp", b, 0o644)
	}
	if err == nil {
		err = os.Rename(out+".tmp", out)
	}
	if err != nil {
		return fmt.Errorf("joining the data segments of %s: %v", out, err)
	}
	return nil
}
