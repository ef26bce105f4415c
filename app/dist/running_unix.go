//go:build unix

package dist

import (
	"errors"
	"syscall"
)

// running tells whether a process pid exists (signal 0 checks without
// sending anything; EPERM means it exists and is another user's).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
