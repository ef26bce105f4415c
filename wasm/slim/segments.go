package main

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// The Go linker writes a wasm's data as many segments as it takes to leave
// out each run of 8 zero bytes or more (a segment's header costs about 8):
// the smallest file uncompressed. For app.wasm that is the limit of 100,000
// segments, whose headers, each with its own address, compress badly, where
// the runs of zeros they leave out would compress to almost nothing.
// joinData joins the segments that fewer than joinGap zero bytes separate:
// measured on app.wasm (go1.26.8), 100,000 segments become one, and the file
// 8,652,121 -> 9,643,136 bytes raw, 2,103,924 -> 1,932,071 gzip -9 and
// 1,497,544 -> 1,392,892 brotli 11 (as make dist compresses them). What is
// downloaded shrinks by 7-8% (a host that does not compress is sent the
// gzip copy, see web/start.js); the zeros cost the page only their copy
// into its memory as it instantiates.
const joinGap = 4096

// The ids of a wasm module's data section, and of its data count section,
// which the Go linker does not write: it would have to count the joined
// segments, and instructions could name segments by their index.
const (
	sectionData      = 11
	sectionDataCount = 12
)

// segment is an active data segment of memory 0: data at address at.
type segment struct {
	at   uint64
	data []byte
}

func (s segment) end() uint64 { return s.at + uint64(len(s.data)) }

// joinData returns the wasm module m with the segments of its data section
// in the order of their addresses, joined where one starts fewer than gap
// bytes after the one before ends: the bytes between are zeros, as the
// memory is before the segments are written. Segments that overlap are
// refused (the Go linker writes none): their order would then matter. The
// other sections are as in m.
func joinData(m []byte, gap uint64) ([]byte, error) {
	if len(m) < 8 || string(m[:8]) != "\x00asm\x01\x00\x00\x00" {
		return nil, errors.New("not a wasm module (version 1)")
	}
	out := slices.Clip(m[:8])
	data := false
	for r := m[8:]; len(r) > 0; {
		id := r[0]
		size, n := binary.Uvarint(r[1:])
		if n <= 0 || size > uint64(len(r)-1-n) {
			return nil, fmt.Errorf("section %d at byte %d: its size runs past the end", id, len(m)-len(r))
		}
		body := r[1+n : 1+n+int(size)]
		r = r[1+n+int(size):]
		if id == sectionDataCount {
			return nil, errors.New("a data count section: segments may be named by index, and cannot be joined")
		}
		if id == sectionData {
			if data {
				return nil, errors.New("a second data section") // their writes' order would matter
			}
			data = true
			segs, err := dataSegments(body)
			if err != nil {
				return nil, err
			}
			segs, err = join(segs, gap)
			if err != nil {
				return nil, err
			}
			body = appendSegments(nil, segs)
		}
		out = append(out, id)
		out = binary.AppendUvarint(out, uint64(len(body)))
		out = append(out, body...)
	}
	return out, nil
}

// join sorts segs by address and joins each to the one before where it
// starts fewer than gap bytes after that one ends.
func join(segs []segment, gap uint64) ([]segment, error) {
	segs = slices.SortedStableFunc(slices.Values(segs), func(a, b segment) int { return cmp.Compare(a.at, b.at) })
	var out []segment
	for _, s := range segs {
		last := len(out) - 1
		if last >= 0 && s.at < out[last].end() {
			return nil, fmt.Errorf("data segments overlap at address %d", s.at)
		}
		if last >= 0 && s.at-out[last].end() < gap {
			zeros := s.at - out[last].end()
			out[last].data = append(append(out[last].data, make([]byte, zeros)...), s.data...)
			continue
		}
		out = append(out, segment{s.at, slices.Clone(s.data)}) // appended to: not m's
	}
	return out, nil
}

// dataSegments reads a data section's segments, which must all be active
// in memory 0 at a constant address (flag 0, i32.const, end), as the Go
// linker writes them.
func dataSegments(body []byte) ([]segment, error) {
	count, n := binary.Uvarint(body)
	if n <= 0 {
		return nil, errors.New("data section: no segment count")
	}
	p := body[n:]
	segs := make([]segment, 0, min(count, uint64(len(p))/4))
	for i := range count {
		if len(p) < 2 || p[0] != 0 || p[1] != 0x41 {
			return nil, fmt.Errorf("data segment %d: not active in memory 0 at an i32.const address", i)
		}
		at, n := sleb32(p[2:])
		if n <= 0 || at < 0 || len(p) < 3+n || p[2+n] != 0x0b {
			return nil, fmt.Errorf("data segment %d: not a non-negative i32.const address then end", i)
		}
		p = p[3+n:]
		size, n := binary.Uvarint(p)
		if n <= 0 || size > uint64(len(p)-n) {
			return nil, fmt.Errorf("data segment %d: its size runs past the section's end", i)
		}
		segs = append(segs, segment{uint64(at), p[n : n+int(size)]})
		p = p[n+int(size):]
	}
	if len(p) != 0 {
		return nil, fmt.Errorf("data section: %d bytes after its %d segments", len(p), count)
	}
	return segs, nil
}

// appendSegments appends a data section's body holding segs to b.
func appendSegments(b []byte, segs []segment) []byte {
	b = binary.AppendUvarint(b, uint64(len(segs)))
	for _, s := range segs {
		b = append(b, 0, 0x41)
		b = appendSleb(b, int64(s.at))
		b = append(b, 0x0b)
		b = binary.AppendUvarint(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// sleb32 reads a signed LEB128 number of at most 32 bits (5 bytes); n is
// the bytes read, 0 where p ends first or the number is longer.
func sleb32(p []byte) (v int64, n int) {
	var shift uint
	for i, c := range p {
		if i == 5 {
			return 0, 0
		}
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if c&0x40 != 0 {
				v |= -1 << shift
			}
			return v, i + 1
		}
	}
	return 0, 0
}

// appendSleb appends v as signed LEB128.
func appendSleb(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
