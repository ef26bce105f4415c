package webdriver

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"tokenjoule/app/e2e/internal/ws"
)

// firefoxPrefs keep Firefox from the network and from its first-run pages:
// the remote agent's recommended preferences do most of it, but only once
// it runs, after Firefox has started its own requests.
const firefoxPrefs = `user_pref("app.normandy.enabled", false);
user_pref("app.update.disabledForTesting", true);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.startup.page", 0);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("dom.ipc.processPrelaunch.enabled", false);
user_pref("extensions.update.enabled", false);
user_pref("messaging-system.rsexperimentloader.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("services.settings.server", "http://127.0.0.1:9/");
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
`

// Firefox starts the Firefox at path (firefox-esr), headless, with a new
// profile in dir, and connects to its remote agent.
func Firefox(ctx context.Context, path, dir string) (*Browser, error) {
	if err := os.WriteFile(filepath.Join(dir, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(path, "--headless", "--no-remote", "--profile", dir, "--remote-debugging-port=0", "about:blank")
	cmd.Env = append(os.Environ(), "MOZ_CRASHREPORTER_DISABLE=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	stop, err := start(cmd)
	if err != nil {
		return nil, err
	}
	b := &Browser{Name: "firefox"}
	b.onClose(stop)
	// The agent says where it listens on stderr.
	addr := make(chan string, 1)
	out := &output{}
	go func() {
		re := regexp.MustCompile(`WebDriver BiDi listening on (ws://\S+)`)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			out.Write([]byte(sc.Text() + "\n"))
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
	}()
	var u string
	select {
	case u = <-addr:
	case <-ctx.Done():
		b.Close()
		return nil, fmt.Errorf("%s did not start its remote agent: %w\n%s", path, ctx.Err(), out.tail())
	}
	c, err := ws.Dial(ctx, u+"/session")
	if err != nil {
		b.Close()
		return nil, err
	}
	bd := &bidi{conn: c, pending: map[int]chan bidiReply{}, browser: b, left: map[string]time.Time{}}
	b.onClose(func() { c.Close() })
	go bd.read()
	var sess struct {
		Capabilities struct {
			BrowserVersion string `json:"browserVersion"`
		} `json:"capabilities"`
	}
	if err := bd.call(ctx, "session.new", map[string]any{"capabilities": map[string]any{}}, &sess); err != nil {
		b.Close()
		return nil, err
	}
	b.Version = sess.Capabilities.BrowserVersion
	if err := bd.call(ctx, "session.subscribe", map[string]any{"events": []string{"log.entryAdded"}}, nil); err != nil {
		b.Close()
		return nil, err
	}
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
		} `json:"contexts"`
	}
	if err := bd.call(ctx, "browsingContext.getTree", map[string]any{"maxDepth": 0}, &tree); err != nil || len(tree.Contexts) == 0 {
		b.Close()
		return nil, fmt.Errorf("firefox: no tab: %v", err)
	}
	top := tree.Contexts[0].Context
	if err := bd.call(ctx, "browsingContext.setViewport", map[string]any{"context": top,
		"viewport": map[string]any{"width": Width, "height": Height}}, nil); err != nil {
		b.Close()
		return nil, err
	}
	b.Page = &bidiPage{bd: bd, context: top, top: top}
	return b, nil
}

// bidi is a WebDriver BiDi connection.
type bidi struct {
	conn    *ws.Conn
	browser *Browser

	mu      sync.Mutex
	next    int
	pending map[int]chan bidiReply
	err     error                // why the connection ended
	left    map[string]time.Time // when the tab began to navigate away from a document, by realm
}

type bidiReply struct {
	Result  json.RawMessage `json:"result"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
}

func (bd *bidi) read() {
	for {
		msg, err := bd.conn.Read()
		if err != nil {
			bd.mu.Lock()
			bd.err = fmt.Errorf("firefox: the connection ended: %w", err)
			for id, ch := range bd.pending {
				close(ch)
				delete(bd.pending, id)
			}
			bd.mu.Unlock()
			return
		}
		var m struct {
			Type   string          `json:"type"`
			ID     *int            `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			bidiReply
		}
		if json.Unmarshal(msg, &m) != nil {
			continue
		}
		if m.Type == "event" {
			if m.Method == "log.entryAdded" {
				var e struct {
					Type      string  `json:"type"`
					Level     string  `json:"level"`
					Text      string  `json:"text"`
					Timestamp float64 `json:"timestamp"`
					Source    struct {
						Realm string `json:"realm"`
					} `json:"source"`
					StackTrace struct {
						CallFrames []struct {
							URL string `json:"url"`
						} `json:"callFrames"`
					} `json:"stackTrace"`
				}
				if json.Unmarshal(m.Params, &e) == nil {
					u := ""
					if f := e.StackTrace.CallFrames; len(f) > 0 {
						u = f[0].URL
					}
					source := "browser"
					if e.Type == "console" {
						source = "console"
					}
					bd.mu.Lock()
					since, ok := bd.left[e.Source.Realm]
					bd.mu.Unlock()
					left := ok && e.Timestamp >= float64(since.UnixMilli())
					bd.browser.log(Message{Level: e.Level, Text: e.Text, URL: u, Source: source, Left: left})
				}
			}
			continue
		}
		if m.ID == nil {
			continue
		}
		bd.mu.Lock()
		ch := bd.pending[*m.ID]
		delete(bd.pending, *m.ID)
		bd.mu.Unlock()
		if ch != nil {
			ch <- m.bidiReply
		}
	}
}

// call sends a command and decodes its result into out.
func (bd *bidi) call(ctx context.Context, method string, params any, out any) error {
	bd.mu.Lock()
	if bd.err != nil {
		bd.mu.Unlock()
		return bd.err
	}
	bd.next++
	id := bd.next
	ch := make(chan bidiReply, 1)
	bd.pending[id] = ch
	bd.mu.Unlock()
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return err
	}
	if err := bd.conn.Write(msg); err != nil {
		return err
	}
	select {
	case r, ok := <-ch:
		if !ok {
			bd.mu.Lock()
			defer bd.mu.Unlock()
			return bd.err
		}
		if r.Error != "" {
			return fmt.Errorf("%s: %s: %s", method, r.Error, r.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-ctx.Done():
		bd.mu.Lock()
		delete(bd.pending, id)
		bd.mu.Unlock()
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// bidiPage is a browsing context: the tab (context == top) or an iframe.
type bidiPage struct {
	bd           *bidi
	context, top string
}

func (p *bidiPage) Navigate(ctx context.Context, url string) error {
	// What the documents of the tab log from now on, they log as they are
	// left.
	var realms struct {
		Realms []struct {
			Realm string `json:"realm"`
		} `json:"realms"`
	}
	if err := p.bd.call(ctx, "script.getRealms", map[string]any{"type": "window"}, &realms); err != nil {
		return err
	}
	now := time.Now()
	p.bd.mu.Lock()
	for _, r := range realms.Realms {
		p.bd.left[r.Realm] = now
	}
	p.bd.mu.Unlock()
	return p.bd.call(ctx, "browsingContext.navigate", map[string]any{"context": p.top, "url": url, "wait": "complete"}, nil)
}

// evaluate runs js and returns its BiDi remote value.
func (p *bidiPage) evaluate(ctx context.Context, js string, await bool) (json.RawMessage, error) {
	var r struct {
		Type             string          `json:"type"`
		Result           json.RawMessage `json:"result"`
		ExceptionDetails struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	err := p.bd.call(ctx, "script.evaluate", map[string]any{
		"expression": js, "target": map[string]any{"context": p.context}, "awaitPromise": await,
		"resultOwnership": "none", "userActivation": true,
	}, &r)
	if err != nil {
		return nil, err
	}
	if r.Type == "exception" {
		return nil, fmt.Errorf("evaluating %s: %s", js, r.ExceptionDetails.Text)
	}
	return r.Result, nil
}

func (p *bidiPage) Eval(ctx context.Context, js string, out any) error {
	res, err := p.evaluate(ctx, wrap(js), true)
	if err != nil {
		return err
	}
	var v struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	}
	if err := json.Unmarshal(res, &v); err != nil || v.Type != "string" {
		return fmt.Errorf("evaluating %s: unexpected result %s", js, res)
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal([]byte(v.Value), out); err != nil {
		return fmt.Errorf("evaluating %s: %w (value %s)", js, err, v.Value)
	}
	return nil
}

func (p *bidiPage) Type(ctx context.Context, selector, text string) error {
	if err := p.Eval(ctx, focusAndSelect(selector), nil); err != nil {
		return err
	}
	var keys []map[string]any
	for _, r := range text {
		keys = append(keys, map[string]any{"type": "keyDown", "value": string(r)}, map[string]any{"type": "keyUp", "value": string(r)})
	}
	return p.bd.call(ctx, "input.performActions", map[string]any{"context": p.top,
		"actions": []any{map[string]any{"type": "key", "id": "keyboard", "actions": keys}}}, nil)
}

func (p *bidiPage) Frame(ctx context.Context, selector string) (Page, error) {
	res, err := p.evaluate(ctx, "document.querySelector("+jsString(selector)+")?.contentWindow", false)
	if err != nil {
		return nil, err
	}
	var w struct {
		Type  string `json:"type"`
		Value struct {
			Context string `json:"context"`
		} `json:"value"`
	}
	if err := json.Unmarshal(res, &w); err != nil || w.Type != "window" || w.Value.Context == "" {
		return nil, errors.New("no iframe " + selector)
	}
	return &bidiPage{bd: p.bd, context: w.Value.Context, top: p.top}, nil
}

// focusAndSelect is the expression that focuses the element and selects its
// text, so that what is typed next replaces it.
func focusAndSelect(selector string) string {
	return "(() => { const el = document.querySelector(" + jsString(selector) + "); if (!el) throw new Error(\"no element " +
		strings.ReplaceAll(selector, `"`, `\"`) + "\"); el.focus(); el.select?.(); return true })()"
}
