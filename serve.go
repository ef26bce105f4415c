package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"tokenjoule/app/server"
)

// runServe serves the browser calculator until the process is stopped.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "localhost:8000", "`address` to listen on")
	root := fs.String("root", ".", "`dir`ectory holding web/ (app.wasm, echarts.min.js, style.css, icons)")
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	h, err := server.New(*root)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return exitFailure
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return exitFailure
	}
	fmt.Fprintf(stdout, "serving the calculator on http://%s/\n", ln.Addr())
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "serve:", err)
		return exitFailure
	}
	return exitOK
}
