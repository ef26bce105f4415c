package ws

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// frame is a server's frame: unmasked, as RFC 6455 has servers send them.
func frame(fin bool, op byte, payload []byte) []byte {
	b := []byte{op}
	if fin {
		b[0] |= 0x80
	}
	switch n := len(payload); {
	case n < 126:
		b = append(b, byte(n))
	case n < 1<<16:
		b = append(b, 126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(b, payload...)
}

// readClientFrame reads a client's frame, which must be masked.
func readClientFrame(r *bufio.Reader) (op byte, payload []byte, err error) {
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return 0, nil, err
	}
	if h[1]&0x80 == 0 {
		return 0, nil, errors.New("the client sent an unmasked frame")
	}
	n := uint64(h[1] & 0x7f)
	switch n {
	case 126:
		var b [2]byte
		io.ReadFull(r, b[:])
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		io.ReadFull(r, b[:])
		n = binary.BigEndian.Uint64(b[:])
	}
	var mask [4]byte
	io.ReadFull(r, mask[:])
	payload = make([]byte, n)
	if _, err := io.ReadFull(r, payload); err != nil {
		return 0, nil, err
	}
	for i := range payload {
		payload[i] ^= mask[i%4]
	}
	return h[0] & 0x0f, payload, nil
}

func TestConn(t *testing.T) {
	sizes := []int{5, 300, 70000}
	done := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer close(done)
		if r.Header.Get("Origin") != "" {
			t.Error("the handshake has an Origin header, which Firefox refuses")
		}
		sum := sha1.Sum([]byte(r.Header.Get("Sec-Websocket-Key") + guid))
		c, rw, err := w.(http.Hijacker).Hijack()
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close()
		rw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " +
			base64.StdEncoding.EncodeToString(sum[:]) + "\r\n\r\n")
		rw.Flush()
		// Echo each message the client sends, first as one frame, then in
		// two with a ping between them.
		for range sizes {
			op, msg, err := readClientFrame(rw.Reader)
			if err != nil {
				t.Error(err)
				return
			}
			if op != opText {
				t.Errorf("opcode %d, want text", op)
			}
			rw.Write(frame(true, opText, msg))
			half := len(msg) / 2
			rw.Write(frame(false, opText, msg[:half]))
			rw.Write(frame(true, opPing, []byte("hi")))
			rw.Write(frame(true, opContinuation, msg[half:]))
			rw.Flush()
			if op, p, err := readClientFrame(rw.Reader); err != nil || op != opPong || string(p) != "hi" {
				t.Errorf("answer to a ping: opcode %d %q (%v), want a pong \"hi\"", op, p, err)
			}
		}
		rw.Write(frame(true, opClose, nil))
		rw.Flush()
		if op, _, err := readClientFrame(rw.Reader); err != nil || op != opClose {
			t.Errorf("after the server's close the client sent opcode %d (%v), want its close", op, err)
		}
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/session")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, n := range sizes {
		msg := bytes.Repeat([]byte("x"), n)
		msg[n-1] = 'y'
		if err := c.Write(msg); err != nil {
			t.Fatal(err)
		}
		for range 2 {
			got, err := c.Read()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, msg) {
				t.Errorf("read %d bytes, want the %d sent back", len(got), n)
			}
		}
	}
	if _, err := c.Read(); err != io.EOF {
		t.Errorf("after the server's close: %v, want io.EOF", err)
	}
	<-done
}

func TestDialRefusesABadHandshake(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusForbidden)
	}))
	defer srv.Close()
	if _, err := Dial(context.Background(), "ws"+strings.TrimPrefix(srv.URL, "http")); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("Dial to a server that refuses: %v, want the refusal", err)
	}
	if _, err := Dial(context.Background(), srv.URL); err == nil {
		t.Error("Dial accepted an http:// URL")
	}
}
