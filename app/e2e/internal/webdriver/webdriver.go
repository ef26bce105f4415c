// Package webdriver drives the browsers other than chromium for the browser
// tests: Firefox through WebDriver BiDi (its remote agent; geckodriver is not
// packaged in Debian) and WebKitGTK through WebKitWebDriver (classic
// WebDriver), whose console is read through WebKit's remote inspector, as
// WebDriver classic has no console. Both speak to one tab through Page.
package webdriver

import (
	"context"
	"encoding/json"
	"net"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Width and Height are the size of the tab's view (WebKit: of its window),
// as the chromium tests' window.
const Width, Height = 1280, 900

// Page is a document of the browser's one tab: the tab's own, or that of an
// iframe in it.
type Page interface {
	// Navigate loads url in the tab and waits for its load event.
	Navigate(ctx context.Context, url string) error
	// Eval evaluates the JavaScript expression js in the document, waits
	// for the promise it gives if it gives one, and decodes the value
	// (which must be JSON-serialisable) into out, if out is not nil.
	Eval(ctx context.Context, js string, out any) error
	// Type focuses the element that matches the CSS selector, selects its
	// text and types text into it with key events, as a person does.
	Type(ctx context.Context, selector, text string) error
	// Frame is the document of the iframe element that matches the CSS
	// selector.
	Frame(ctx context.Context, selector string) (Page, error)
}

// Message is a message of the browser's console.
type Message struct {
	Level string // "error", "warning", "info", "log", "debug"
	Text  string
	URL   string // where it comes from, when the browser says
	// Source is "console" for what a script wrote to the console, "browser"
	// for the browser's own reports and uncaught exceptions.
	Source string
	// Left is set when the message came from a document after the tab
	// had begun to navigate away from it (Firefox only).
	Left bool
}

func (m Message) String() string {
	s := m.Level + " (" + m.Source + "): " + m.Text
	if m.URL != "" {
		s += " (" + m.URL + ")"
	}
	if m.Left {
		s += " [logged while the page was left]"
	}
	return s
}

// Browser is a browser with one tab.
type Browser struct {
	Page
	Name, Version string

	mu      sync.Mutex
	console []Message
	closers []func()
}

// Console returns the console's messages since the last call, from every
// document of the tab (iframes included).
func (b *Browser) Console() []Message {
	b.mu.Lock()
	defer b.mu.Unlock()
	m := b.console
	b.console = nil
	return m
}

func (b *Browser) log(m Message) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.console = append(b.console, m)
}

func (b *Browser) onClose(f func()) { b.closers = append(b.closers, f) }

// Close ends the browser and every process it started.
func (b *Browser) Close() {
	for i := len(b.closers) - 1; i >= 0; i-- {
		b.closers[i]()
	}
	b.closers = nil
}

// start starts cmd in a process group of its own, so that stop ends it
// with every process it started (Firefox's content processes, xvfb's
// server, WebKit's web processes).
func start(cmd *exec.Cmd) (stop func(), err error) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	return func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		// What the group started and left behind (a web process
		// reparented after its browser quit) goes with it.
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}, nil
}

// freePort is a loopback TCP port that nothing listens on now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// wrap is js as an expression that gives its value as a JSON string (or
// "null"), after waiting for it if it is a promise.
func wrap(js string) string {
	return "(async () => { const v = await (" + js + "\n); return v === undefined ? \"null\" : JSON.stringify(v) })()"
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// output collects a process's output, which its goroutines write.
type output struct {
	mu sync.Mutex
	b  strings.Builder
}

func (o *output) Write(b []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(b)
}

// tail is the end of the output, for an error message.
func (o *output) tail() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	s := strings.TrimSpace(o.b.String())
	if i := len(s) - 2000; i > 0 {
		s = "…" + s[i:]
	}
	return s
}
