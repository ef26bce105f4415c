package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"tokenjoule/app/dist"
	"tokenjoule/app/server"
)

// runServe serves the browser calculator until the process is stopped.
func runServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	addr := fs.String("addr", "localhost:8000", "`address` to listen on")
	root := fs.String("root", ".", "`dir`ectory holding web/ (app.wasm, echarts.min.js, style.css, icons)")
	static := fs.String("static", "", "serve this built site `dir`ectory (tokenjoule build) as a plain static host would, instead of the app from source")
	base := fs.String("base", "/", "with -static: the URL `path` the site was built for")
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	var h http.Handler
	if *static != "" {
		b, err := server.CleanBase(*base)
		if err != nil {
			fmt.Fprintln(stderr, "serve:", err)
			return exitBadInput
		}
		h = dist.FileServer(*static, b)
	} else {
		ah, err := server.New(server.Options{Root: *root})
		if err == nil {
			h, err = server.Handler(ah)
		}
		if err != nil {
			fmt.Fprintln(stderr, "serve:", err)
			return exitFailure
		}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return exitFailure
	}
	fmt.Fprintf(stdout, "serving the calculator on http://%s%s/\n", ln.Addr(), strings.TrimSuffix(*base, "/"))
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "serve:", err)
		return exitFailure
	}
	return exitOK
}
