package webdriver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"tokenjoule/app/e2e/internal/ws"
)

// WebKit starts WebKitGTK's MiniBrowser (at miniBrowser) on a virtual X
// display of xvfb (the program Xvfb), drives it through WebKitWebDriver
// (at driver), and reads its console through WebKit's remote inspector.
//
// WebDriver classic has no console, and MiniBrowser writes none to stdout
// when automated (automation runs in an ephemeral session, which prints no
// console message). So MiniBrowser is started with the remote inspector's
// HTTP server on, which moves its inspector server, the one WebKitWebDriver
// drives it through, to a port of its own choosing; WebKitWebDriver is
// then pointed at that port (--target), and the console is read from the
// HTTP server's WebSocket, as the Web Inspector would read it.
func WebKit(ctx context.Context, xvfb, miniBrowser, driver, dir string) (*Browser, error) {
	b := &Browser{Name: "webkit"}
	ok := false
	defer func() {
		if !ok {
			b.Close()
		}
	}()
	display, err := startXvfb(ctx, b, xvfb)
	if err != nil {
		return nil, err
	}
	httpPort, err := freePort()
	if err != nil {
		return nil, err
	}
	mb := exec.Command(miniBrowser, "--automation")
	mbOut := &output{}
	mb.Stdout, mb.Stderr = mbOut, mbOut
	mb.Env = append(os.Environ(), "DISPLAY="+display,
		"WEBKIT_INSPECTOR_HTTP_SERVER=127.0.0.1:"+strconv.Itoa(httpPort),
		"XDG_DATA_HOME="+filepath.Join(dir, "data"), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"),
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_RUNTIME_DIR="+dir)
	stop, err := start(mb)
	if err != nil {
		return nil, err
	}
	b.onClose(stop)
	inspector := fmt.Sprintf("http://127.0.0.1:%d/", httpPort)
	if err := waitFor(ctx, func() error { _, err := get(ctx, inspector); return err }); err != nil {
		return nil, fmt.Errorf("%s: its remote inspector did not answer: %w\n%s", miniBrowser, err, mbOut.tail())
	}
	port, err := listeningPort(mb.Process.Pid, httpPort)
	if err != nil {
		return nil, fmt.Errorf("%s: finding its inspector server: %w", miniBrowser, err)
	}
	wdPort, err := freePort()
	if err != nil {
		return nil, err
	}
	wd := exec.Command(driver, "--port="+strconv.Itoa(wdPort), fmt.Sprintf("--target=127.0.0.1:%d", port))
	wdOut := &output{}
	wd.Stdout, wd.Stderr = wdOut, wdOut
	stopWD, err := start(wd)
	if err != nil {
		return nil, err
	}
	b.onClose(stopWD)
	c := &classic{base: fmt.Sprintf("http://127.0.0.1:%d", wdPort)}
	if err := waitFor(ctx, func() error { _, err := get(ctx, c.base+"/status"); return err }); err != nil {
		return nil, fmt.Errorf("%s did not start: %w\n%s", driver, err, wdOut.tail())
	}
	var sess struct {
		SessionID    string `json:"sessionId"`
		Capabilities struct {
			BrowserVersion string `json:"browserVersion"`
		} `json:"capabilities"`
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{"browserName": "MiniBrowser"}}}
	if err := c.call(ctx, http.MethodPost, "/session", caps, &sess); err != nil {
		return nil, fmt.Errorf("%s: new session: %w\n%s", driver, err, wdOut.tail())
	}
	c.base += "/session/" + sess.SessionID
	b.Version = sess.Capabilities.BrowserVersion
	if err := c.call(ctx, http.MethodPost, "/window/rect", map[string]any{"width": Width, "height": Height}, nil); err != nil {
		return nil, err
	}
	if err := readConsole(ctx, b, inspector); err != nil {
		return nil, err
	}
	b.Page = &classicPage{c: c}
	ok = true
	return b, nil
}

// startXvfb starts an X server on a free display and returns its name.
func startXvfb(ctx context.Context, b *Browser, xvfb string) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	defer r.Close()
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	stop, err := start(cmd)
	w.Close()
	if err != nil {
		return "", err
	}
	b.onClose(stop)
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			return "", fmt.Errorf("%s gave no display", xvfb)
		}
		return ":" + n, nil
	case <-ctx.Done():
		return "", fmt.Errorf("%s did not start: %w", xvfb, ctx.Err())
	}
}

// listeningPort is the loopback TCP port, other than except, that the
// process pid listens on (Linux: /proc).
func listeningPort(pid, except int) (int, error) {
	inodes := map[string]bool{}
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		return 0, err
	}
	for _, fd := range fds {
		l, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if inode, ok := strings.CutPrefix(l, "socket:["); err == nil && ok {
			inodes[strings.TrimSuffix(inode, "]")] = true
		}
	}
	tcp, err := os.ReadFile("/proc/net/tcp")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(tcp), "\n")[1:] {
		f := strings.Fields(line)
		// local_address rem_address st ... inode
		if len(f) < 10 || f[3] != "0A" || !inodes[f[9]] {
			continue
		}
		_, hexPort, _ := strings.Cut(f[1], ":")
		p, err := strconv.ParseUint(hexPort, 16, 16)
		if err == nil && int(p) != except {
			return int(p), nil
		}
	}
	return 0, errors.New("no listening socket")
}

// readConsole connects to the inspector of every page the remote
// inspector's HTTP server lists and records their console's messages.
func readConsole(ctx context.Context, b *Browser, inspector string) error {
	var paths []string
	err := waitFor(ctx, func() error {
		page, err := get(ctx, inspector)
		if err != nil {
			return err
		}
		paths = regexp.MustCompile(`/socket/\d+/\d+/WebPage`).FindAllString(string(page), -1)
		if len(paths) == 0 {
			return fmt.Errorf("the remote inspector lists no page: %s", page)
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, p := range paths {
		c, err := ws.Dial(ctx, "ws://"+strings.TrimPrefix(strings.TrimSuffix(inspector, "/"), "http://")+p)
		if err != nil {
			return err
		}
		b.onClose(func() { c.Close() })
		go inspect(c, b)
	}
	return nil
}

// inspect turns the console on in every page target the connection
// announces, and records what they log.
func inspect(c *ws.Conn, b *Browser) {
	id := 0
	for {
		msg, err := c.Read()
		if err != nil {
			return
		}
		var m struct {
			Method string `json:"method"`
			Params struct {
				TargetInfo struct {
					TargetID string `json:"targetId"`
					Type     string `json:"type"`
				} `json:"targetInfo"`
				Message string `json:"message"`
			} `json:"params"`
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		switch m.Method {
		case "Target.targetCreated":
			if m.Params.TargetInfo.Type != "page" {
				continue
			}
			id++
			inner, _ := json.Marshal(map[string]any{"id": id, "method": "Console.enable"})
			cmd, _ := json.Marshal(map[string]any{"id": id, "method": "Target.sendMessageToTarget",
				"params": map[string]any{"targetId": m.Params.TargetInfo.TargetID, "message": string(inner)}})
			c.Write(cmd)
		case "Target.dispatchMessageFromTarget":
			var e struct {
				Method string `json:"method"`
				Params struct {
					Message struct {
						Source string `json:"source"`
						Level  string `json:"level"`
						Text   string `json:"text"`
						URL    string `json:"url"`
					} `json:"message"`
				} `json:"params"`
			}
			if json.Unmarshal([]byte(m.Params.Message), &e) != nil || e.Method != "Console.messageAdded" {
				continue
			}
			cm := e.Params.Message
			source := "browser"
			if cm.Source == "console-api" {
				source = "console"
			}
			b.log(Message{Level: cm.Level, Text: strings.TrimSpace(cm.Text), URL: cm.URL, Source: source})
		}
	}
}

// classic is a session of classic WebDriver (HTTP and JSON).
type classic struct {
	base string // the session's URL
	mu   sync.Mutex
}

// call sends a command and decodes its value into out.
func (c *classic) call(ctx context.Context, method, path string, body, out any) error {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, r)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var v struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil {
		return fmt.Errorf("%s %s: %s: %w", method, path, res.Status, err)
	}
	if res.StatusCode != http.StatusOK {
		var e struct{ Error, Message string }
		json.Unmarshal(v.Value, &e)
		return fmt.Errorf("%s %s: %s: %s", method, path, e.Error, e.Message)
	}
	if out != nil {
		return json.Unmarshal(v.Value, out)
	}
	return nil
}

// classicPage is the tab (frame nil) or the document of an iframe in it,
// found by the selectors of the frames that lead to it.
type classicPage struct {
	c     *classic
	frame []string
}

// enter makes the page's document the one commands go to.
func (p *classicPage) enter(ctx context.Context) error {
	if err := p.c.call(ctx, http.MethodPost, "/frame", map[string]any{"id": nil}, nil); err != nil {
		return err
	}
	for _, sel := range p.frame {
		el, err := p.c.element(ctx, sel)
		if err != nil {
			return err
		}
		if err := p.c.call(ctx, http.MethodPost, "/frame", map[string]any{"id": el}, nil); err != nil {
			return err
		}
	}
	return nil
}

// elementKey is how WebDriver names an element in JSON.
const elementKey = "element-6066-11e4-a52e-4f735466cecf"

func (c *classic) element(ctx context.Context, selector string) (map[string]string, error) {
	var el map[string]string
	err := c.call(ctx, http.MethodPost, "/element", map[string]any{"using": "css selector", "value": selector}, &el)
	if err != nil {
		return nil, err
	}
	return map[string]string{elementKey: el[elementKey]}, nil
}

func (p *classicPage) Navigate(ctx context.Context, url string) error {
	p.c.mu.Lock()
	defer p.c.mu.Unlock()
	return p.c.call(ctx, http.MethodPost, "/url", map[string]any{"url": url}, nil)
}

func (p *classicPage) Eval(ctx context.Context, js string, out any) error {
	p.c.mu.Lock()
	defer p.c.mu.Unlock()
	if err := p.enter(ctx); err != nil {
		return err
	}
	var s string
	if err := p.c.call(ctx, http.MethodPost, "/execute/sync", map[string]any{"script": "return " + wrap(js), "args": []any{}}, &s); err != nil {
		return fmt.Errorf("evaluating %s: %w", js, err)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal([]byte(s), out); err != nil {
		return fmt.Errorf("evaluating %s: %w (value %s)", js, err, s)
	}
	return nil
}

func (p *classicPage) Type(ctx context.Context, selector, text string) error {
	if err := p.Eval(ctx, focusAndSelect(selector), nil); err != nil {
		return err
	}
	p.c.mu.Lock()
	defer p.c.mu.Unlock()
	if err := p.enter(ctx); err != nil {
		return err
	}
	el, err := p.c.element(ctx, selector)
	if err != nil {
		return err
	}
	return p.c.call(ctx, http.MethodPost, "/element/"+el[elementKey]+"/value", map[string]any{"text": text}, nil)
}

func (p *classicPage) Frame(ctx context.Context, selector string) (Page, error) {
	f := &classicPage{c: p.c, frame: append(p.frame[:len(p.frame):len(p.frame)], selector)}
	p.c.mu.Lock()
	defer p.c.mu.Unlock()
	if err := f.enter(ctx); err != nil {
		return nil, fmt.Errorf("no iframe %s: %w", selector, err)
	}
	return f, nil
}

// get fetches url's body.
func get(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	return io.ReadAll(res.Body)
}

// waitFor calls f until it succeeds or ctx ends.
func waitFor(ctx context.Context, f func() error) error {
	for {
		err := f()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %v)", ctx.Err(), err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}
