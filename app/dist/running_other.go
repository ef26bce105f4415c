//go:build !unix

package dist

import "os"

// running tells whether a process pid exists: on Windows, os.FindProcess
// opens it, and fails for one that does not.
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
