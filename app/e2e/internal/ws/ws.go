// Package ws is the WebSocket client (RFC 6455) of the browser tests that
// drive Firefox (WebDriver BiDi) and read WebKit's console (its remote
// inspector): text messages over one connection to a local browser, with
// nothing the module graph does not already have.
package ws

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Conn is a client's WebSocket connection. Read from one goroutine; Write
// from any.
type Conn struct {
	c  net.Conn
	r  *bufio.Reader
	mu sync.Mutex // one frame at a time
}

const guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// Dial opens a connection to a ws:// URL. It sends no Origin header:
// Firefox's remote agent refuses a handshake that has one.
func Dial(ctx context.Context, rawURL string) (*Conn, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "ws" {
		return nil, fmt.Errorf("ws: %q is not a ws:// URL", rawURL)
	}
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	if dl, ok := ctx.Deadline(); ok {
		c.SetDeadline(dl)
	}
	var nonce [16]byte
	rand.Read(nonce[:])
	key := base64.StdEncoding.EncodeToString(nonce[:])
	req := &http.Request{Method: http.MethodGet, URL: u, Host: u.Host, Header: http.Header{
		"Upgrade":               {"websocket"},
		"Connection":            {"Upgrade"},
		"Sec-Websocket-Key":     {key},
		"Sec-Websocket-Version": {"13"},
	}}
	if err := req.Write(c); err != nil {
		c.Close()
		return nil, err
	}
	r := bufio.NewReader(c)
	res, err := http.ReadResponse(r, req)
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("ws: handshake with %s: %w", rawURL, err)
	}
	sum := sha1.Sum([]byte(key + guid))
	if res.StatusCode != http.StatusSwitchingProtocols || res.Header.Get("Sec-Websocket-Accept") != base64.StdEncoding.EncodeToString(sum[:]) {
		c.Close()
		return nil, fmt.Errorf("ws: handshake with %s: %s", rawURL, res.Status)
	}
	c.SetDeadline(time.Time{})
	return &Conn{c: c, r: r}, nil
}

const (
	opContinuation = 0
	opText         = 1
	opBinary       = 2
	opClose        = 8
	opPing         = 9
	opPong         = 10
)

// Read returns the next text or binary message, answering pings on the way;
// io.EOF once the peer closes.
func (c *Conn) Read() ([]byte, error) {
	var msg []byte
	for {
		fin, op, payload, err := c.frame()
		if err != nil {
			return nil, err
		}
		switch op {
		case opPing:
			if err := c.write(opPong, payload); err != nil {
				return nil, err
			}
			continue
		case opPong:
			continue
		case opClose:
			c.write(opClose, nil)
			return nil, io.EOF
		case opText, opBinary, opContinuation:
			msg = append(msg, payload...)
		default:
			return nil, fmt.Errorf("ws: unknown opcode %d", op)
		}
		if fin {
			return msg, nil
		}
	}
}

func (c *Conn) frame() (fin bool, op byte, payload []byte, err error) {
	var h [2]byte
	if _, err = io.ReadFull(c.r, h[:]); err != nil {
		return
	}
	fin, op = h[0]&0x80 != 0, h[0]&0x0f
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var b [2]byte
		if _, err = io.ReadFull(c.r, b[:]); err != nil {
			return
		}
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		if _, err = io.ReadFull(c.r, b[:]); err != nil {
			return
		}
		n = binary.BigEndian.Uint64(b[:])
	}
	if n > 1<<28 {
		return false, 0, nil, errors.New("ws: frame too large")
	}
	var mask [4]byte
	masked := h[1]&0x80 != 0
	if masked {
		if _, err = io.ReadFull(c.r, mask[:]); err != nil {
			return
		}
	}
	payload = make([]byte, n)
	if _, err = io.ReadFull(c.r, payload); err != nil {
		return
	}
	if masked {
		for i := range payload {
			payload[i] ^= mask[i%4]
		}
	}
	return
}

// Write sends one text message.
func (c *Conn) Write(msg []byte) error { return c.write(opText, msg) }

// write sends one frame, masked as a client must.
func (c *Conn) write(op byte, payload []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := make([]byte, 0, len(payload)+14)
	b = append(b, 0x80|op)
	switch n := len(payload); {
	case n < 126:
		b = append(b, 0x80|byte(n))
	case n < 1<<16:
		b = append(b, 0x80|126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 0x80|127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	b = append(b, mask[:]...)
	for i, x := range payload {
		b = append(b, x^mask[i%4])
	}
	_, err := c.c.Write(b)
	return err
}

// Close closes the connection without the closing handshake: the browser is
// about to end anyway.
func (c *Conn) Close() error { return c.c.Close() }
