package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// linked is what the wasm holds, by package: the bytes of function bodies
// named in the name section of a build with symbols (`go tool nm` does not
// read wasm), and the data section (read-only data, type and function tables,
// embedded files).
type linked struct {
	Code     int64          `json:"code_bytes"`
	Data     int64          `json:"data_bytes"`
	Packages []packageBytes `json:"packages"`
}

type packageBytes struct {
	Package string `json:"package"`
	Code    int64  `json:"code_bytes"`
}

// linkedSizes builds the browser entry with symbols, as `make wasm` does
// otherwise, and measures it.
func linkedSizes(root string) (linked, error) {
	dir, err := os.MkdirTemp("", "tokenjoule-bench-wasm-")
	if err != nil {
		return linked{}, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "app.wasm")
	if err := buildNamedWasm(root, out); err != nil {
		return linked{}, err
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return linked{}, err
	}
	return wasmSizes(b)
}

// buildNamedWasm builds the browser entry as `make wasm` does (wasm/slim),
// but keeps the function names.
func buildNamedWasm(root, out string) error {
	return slim(root, "-o", out, "-symbols")
}

// slim runs wasm/slim in root with args, its copies of go-app and
// go-echarts in a temporary directory of their own.
func slim(root string, args ...string) error {
	dir, err := os.MkdirTemp("", "tokenjoule-bench-slim-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cmd := exec.Command("go", append([]string{"run", "./wasm/slim", "-dir", dir}, args...)...)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building the wasm (wasm/slim %s): %v\n%s", strings.Join(args, " "), err, b)
	}
	return nil
}

func uleb(b []byte, i int) (uint64, int, error) {
	var v uint64
	for s := uint(0); i < len(b) && s < 64; s += 7 {
		c := b[i]
		i++
		v |= uint64(c&0x7f) << s
		if c < 0x80 {
			return v, i, nil
		}
	}
	return 0, i, fmt.Errorf("bad LEB128 at %d", i)
}

// wasmSizes reads the sections of a wasm module that say what is in it.
func wasmSizes(b []byte) (linked, error) {
	var l linked
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return l, fmt.Errorf("not a wasm module")
	}
	var bodies []int64
	imported := 0
	names := map[int]string{}
	for i := 8; i < len(b); {
		id := b[i]
		n, j, err := uleb(b, i+1)
		if err != nil || j+int(n) > len(b) {
			return l, fmt.Errorf("bad section at %d", i)
		}
		sec := b[j : j+int(n)]
		i = j + int(n)
		var perr error
		switch id {
		case 2: // imports: function indexes start after the imported functions
			imported, perr = countFuncImports(sec)
		case 10: // code
			l.Code = int64(len(sec))
			cnt, k, err := uleb(sec, 0)
			perr = err
			for c := uint64(0); c < cnt && perr == nil; c++ {
				var size uint64
				var k2 int
				size, k2, perr = uleb(sec, k)
				bodies = append(bodies, int64(size)+int64(k2-k))
				k = k2 + int(size)
			}
		case 11: // data
			l.Data = int64(len(sec))
		case 0: // custom: the name section
			perr = readNames(sec, names)
		}
		if perr != nil {
			return l, perr
		}
	}
	by := map[string]int64{}
	for f, size := range bodies {
		by[packageOf(names[f+imported])] += size
	}
	for p, size := range by {
		l.Packages = append(l.Packages, packageBytes{p, size})
	}
	sort.Slice(l.Packages, func(i, j int) bool { return l.Packages[i].Code > l.Packages[j].Code })
	return l, nil
}

func countFuncImports(sec []byte) (int, error) {
	cnt, k, err := uleb(sec, 0)
	funcs := 0
	skip := func() {
		var n uint64
		n, k, err = uleb(sec, k)
		k += int(n)
	}
	for c := uint64(0); c < cnt && err == nil; c++ {
		skip() // module
		skip() // name
		if err != nil || k >= len(sec) {
			return 0, fmt.Errorf("bad import section")
		}
		kind := sec[k]
		k++
		switch kind {
		case 0: // function: type index
			_, k, err = uleb(sec, k)
			funcs++
		case 1: // table: reftype, limits
			k++
			fallthrough
		case 2: // memory: limits
			flags := sec[k]
			k++
			_, k, err = uleb(sec, k)
			if flags&1 != 0 && err == nil {
				_, k, err = uleb(sec, k)
			}
		case 3: // global: valtype, mutability
			k += 2
		}
	}
	return funcs, err
}

func readNames(sec []byte, names map[int]string) error {
	n, k, err := uleb(sec, 0)
	if err != nil || k+int(n) > len(sec) || string(sec[k:k+int(n)]) != "name" {
		return err
	}
	for k += int(n); k < len(sec); {
		sub := sec[k]
		size, k2, err := uleb(sec, k+1)
		if err != nil {
			return err
		}
		end := k2 + int(size)
		if sub == 1 { // function names
			cnt, m, err := uleb(sec, k2)
			for c := uint64(0); c < cnt && err == nil; c++ {
				var idx, l uint64
				idx, m, err = uleb(sec, m)
				if err == nil {
					l, m, err = uleb(sec, m)
					names[int(idx)] = string(sec[m : m+int(l)])
					m += int(l)
				}
			}
			if err != nil {
				return err
			}
		}
		k = end
	}
	return nil
}

// packageOf turns a wasm function name (the Go linker writes the package path
// with "_" for "/", then ".", then the function) into the package's import
// path, grouped as crypto/... or golang.org/x/... where that says more.
func packageOf(name string) string {
	if name == "" {
		return "(unnamed)"
	}
	off := 0
	for _, host := range []string{"github.com_", "golang.org_", "vendor_golang.org_"} {
		if strings.HasPrefix(name, host) {
			off = len(host)
		}
	}
	p := name
	if d := strings.Index(name[off:], "."); d >= 0 {
		p = name[:off+d]
	}
	p = strings.ReplaceAll(p, "_", "/")
	switch {
	case strings.HasPrefix(p, "crypto/"), strings.HasPrefix(p, "vendor/golang.org/x/crypto"):
		return "crypto/..."
	case strings.HasPrefix(p, "net/"), p == "net", strings.HasPrefix(p, "vendor/golang.org/x/net"), p == "mime" || strings.HasPrefix(p, "mime/"):
		return "net/... and mime/..."
	case strings.HasPrefix(p, "github.com/maxence/charriere/go/app/v10"):
		return "go-app"
	case strings.HasPrefix(p, "github.com/go/echarts/go/echarts/v2"):
		return "go-echarts"
	case strings.HasPrefix(p, "text/template") || p == "html/template":
		return "text/template, html/template"
	case strings.HasPrefix(p, "tokenjoule/"):
		return p
	case strings.HasPrefix(p, "runtime") || strings.HasPrefix(p, "internal/runtime"):
		return "runtime"
	}
	return p
}
