package powercut

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// close takes the disk away at the end of the test: the server unmounts
// and exits; if it does not within answerWithin it is killed, its mount's
// FUSE connection aborted and the mount detached, and the test fails
// saying so: whatever still waited on the disk is freed, never left hanging.
func (d *Disk) close() {
	if d.cmd == nil || d.cmd.Process == nil {
		return // never started
	}
	if d.watchdog != nil {
		d.watchdog.Stop()
	}
	select {
	case <-d.exited: // forced, or it died: the test was told
	default:
		if !d.up {
			break
		}
		if _, err := d.request(request{Op: "unmount"}); err != nil {
			d.t.Errorf("unmount the disk: %v", err)
		}
	}
	d.stdin.Close()
	if !d.waitExit() {
		d.force(fmt.Sprintf("the disk's server did not exit within %v of its unmount", answerWithin))
		if !d.waitExit() {
			// Left behind rather than wait for good; the test says so.
			d.t.Errorf("the disk's server (pid %d) could not be killed", d.cmd.Process.Pid)
		}
	}
	if dev := mountedDevice(d.mnt); dev != "" {
		d.force("the disk was still mounted after its server exited")
	}
	d.mu.Lock()
	forced := d.aborted
	d.mu.Unlock()
	if len(forced) > 0 {
		d.t.Errorf("the disk at %s was freed by force: %s; its server said: %s", d.mnt, strings.Join(forced, "; "), d.stderr.String())
	}
}

func (d *Disk) waitExit() bool {
	timer := time.NewTimer(answerWithin)
	defer timer.Stop()
	select {
	case <-d.exited:
		return true
	case <-timer.C:
		return false
	}
}

// force frees everything waiting on the disk: the server is killed (its
// FUSE connections end with it), the mount's connection is aborted should
// the kernel still hold it, and the mount is detached.
func (d *Disk) force(why string) {
	d.mu.Lock()
	d.aborted = append(d.aborted, why)
	d.mu.Unlock()
	if d.cmd.Process != nil {
		d.cmd.Process.Kill()
	}
	if dev := mountedDevice(d.mnt); dev != "" {
		// Only the connection mounted here now: an older one's number may
		// already belong to another test's disk.
		abortConnection(dev)
		syscall.Unmount(d.mnt, syscall.MNT_DETACH)
	}
}

// mountedDevice reads /proc/self/mountinfo (which never waits on a FUSE
// server, unlike a stat of the mount point) for a FUSE mount at dir and
// returns its device number as fusectl names its connection.
func mountedDevice(dir string) string {
	b, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return ""
	}
	found := ""
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 10 || unescapeMount(f[4]) != dir {
			continue
		}
		sep := 6
		for sep < len(f) && f[sep] != "-" {
			sep++
		}
		if sep+1 >= len(f) || !strings.HasPrefix(f[sep+1], "fuse") {
			continue
		}
		maj, min, ok := strings.Cut(f[2], ":")
		if !ok {
			continue
		}
		a, err1 := strconv.ParseUint(maj, 10, 32)
		b, err2 := strconv.ParseUint(min, 10, 32)
		if err1 == nil && err2 == nil {
			found = strconv.FormatUint(a<<20|b, 10) // the kernel's dev_t; the last mount is on top
		}
	}
	return found
}

func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				out.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

// abortConnection ends a FUSE connection: every request waiting on it
// fails at once (ENOTCONN) and nothing new reaches its server.
func abortConnection(dev string) {
	const dir = "/sys/fs/fuse/connections"
	if _, err := os.Stat(filepath.Join(dir, dev)); err != nil {
		syscall.Mount("fusectl", dir, "fusectl", 0, "")
	}
	os.WriteFile(filepath.Join(dir, dev, "abort"), []byte("1"), 0)
}
