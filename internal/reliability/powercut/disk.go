// Package powercut is a filesystem for tests that can lose its power: a
// FUSE loopback over a real directory that keeps, beside what programs see,
// the image a disk would hold after a power cut, and can be cut and booted
// again from that image.
//
// Programs read and write the real directory as through any loopback, and
// see their own writes at once, as they would in the page cache. Only a
// sync makes anything durable, in the way POSIX promises and no further:
//
//   - fsync (or fdatasync) of a file makes that file's contents and size
//     durable, nothing else;
//   - a directory's entries (a new file, a rename, an unlink, a new
//     directory) are durable only once the directory itself is fsynced.
//     Until then a new file may be missing after a cut however often the
//     file was synced, and a rename or an unlink may be undone, as ext4's
//     default data=ordered mode allows (it guarantees a new name only with
//     an fsync of its directory).
//
// Cut freezes the disk at that instant: from then on every change and every
// sync fails with EIO and nothing more becomes durable; reads go on (a
// process mapping a file would die of SIGBUS otherwise, not of the cut).
// Reboot unmounts, replaces the directory with the durable image
// (everything not synced is gone: no torn or partly kept writes) and mounts
// it again. Nothing in the image is written to the real disk's own cache
// until Reboot, so the real directory is only a backing store and its own
// durability plays no part.
//
// The disk is served by a child process (serve.go), never by the process
// that uses it, and a test's disk is always taken away when the test ends:
// unmounted, or, when its server does not answer in time, its FUSE
// connection aborted and its mount detached.
//
// Symlinks, hard links and device nodes are refused (ENOTSUP): SQLite and
// the bot use none, and the model would have to say which name owns what.
// Locks are the kernel's own (not forwarded), so processes on one mount
// lock each other as on a local disk.
package powercut

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// answerWithin bounds every request to the disk's server, a reboot's
// rewrite of the backing directory included, on a busy machine under -race.
const answerWithin = 60 * time.Second

// Disk is a mounted filesystem that can lose its power, served by a child
// process.
type Disk struct {
	t            testing.TB
	backing, mnt string
	cmd          *exec.Cmd
	stdin        io.WriteCloser
	stderr       syncBuffer
	replies      chan reply
	exited       chan struct{} // closed once the server has exited
	watchdog     *time.Timer
	up           bool // the first mount was served

	reqMu sync.Mutex // one request at a time

	mu           sync.Mutex
	epoch        int // the mount now served
	frozenUpTo   int // the newest mount whose power went
	frozenC      chan struct{}
	frozenClosed bool
	aborted      []string // what had to be forced, for the test's failure
}

// Stats counts what the disk did since it was made.
type Stats struct {
	FileSyncs int // fsync/fdatasync of files that made data durable
	DirSyncs  int // fsync of directories that made entries durable
	Cuts      int
	// LostBytes is how many written bytes were not synced when the power
	// was cut, over all cuts (an upper bound: a byte written twice counts
	// twice if its writes were not merged).
	LostBytes int64
	// LostEntries is how many directory entries differed between what
	// programs saw and the durable image at the cuts (new names, renames
	// and unlinks whose directory was not synced).
	LostEntries int
}

// New mounts a fresh disk in temporary directories for the test, taken
// away when the test ends however it ends. Where FUSE cannot mount (no
// /dev/fuse, not root, a container without the capability) it skips the
// test and says why.
func New(t testing.TB) *Disk {
	t.Helper()
	if _, err := os.Stat("/dev/fuse"); err != nil {
		t.Skipf("power-cut tests need FUSE: /dev/fuse is missing (%v); install fuse3 and run as root", err)
	}
	if os.Geteuid() != 0 {
		t.Skip("power-cut tests need FUSE mounted directly, which needs root; run the tests as root")
	}
	backing, mnt := t.TempDir(), t.TempDir()
	// Replies are buffered: one that comes after its request gave up (and
	// forced the disk) must not keep the reader from seeing the exit.
	d := &Disk{t: t, backing: backing, mnt: mnt, replies: make(chan reply, 64), exited: make(chan struct{})}
	mountErr, err := d.start()
	// Registered after the temporary directories, so it runs before they
	// are removed.
	t.Cleanup(d.close)
	if err != nil {
		t.Fatalf("the disk's server: %v", err)
	}
	if mountErr != "" {
		t.Skipf("power-cut tests need FUSE, and it cannot mount here: %s", mountErr)
	}
	if dt, ok := t.(interface{ Deadline() (time.Time, bool) }); ok {
		d.armWatchdog(dt.Deadline())
	}
	return d
}

func (d *Disk) armWatchdog(dl time.Time, ok bool) {
	if ok {
		// A test stuck on the disk would otherwise sit until go test kills
		// the whole run; freed, its file operations fail and it says where.
		d.watchdog = time.AfterFunc(time.Until(dl)-time.Until(dl)/10, func() {
			d.force("the test's deadline was near and it still used the disk")
		})
	}
}

// start runs the server and waits for its first mount: mountErr is what
// the mount said if it failed.
func (d *Disk) start() (mountErr string, err error) {
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	spec, _ := json.Marshal([2]string{d.backing, d.mnt})
	d.cmd = exec.Command(exe, "-test.run=^$")
	// Under -race the server would wait a second at exit for nothing.
	gorace := strings.TrimSpace(os.Getenv("GORACE") + " atexit_sleep_ms=0")
	d.cmd.Env = append(os.Environ(), serveEnv+"="+string(spec), "GORACE="+gorace)
	d.cmd.Stderr = &d.stderr
	if d.stdin, err = d.cmd.StdinPipe(); err != nil {
		return "", err
	}
	stdout, err := d.cmd.StdoutPipe()
	if err != nil {
		return "", err
	}
	if err := d.cmd.Start(); err != nil {
		return "", err
	}
	go d.read(stdout)
	r, err := d.await()
	if err != nil {
		return "", err
	}
	if r.Err != "" {
		return r.Err, nil
	}
	d.mounted(r.Epoch)
	d.up = true
	return "", nil
}

// read hands the server's replies to await and handles its events.
func (d *Disk) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		var r reply
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			continue // not ours (a library's line)
		}
		if r.Event == "frozen" {
			d.markFrozen(r.Epoch)
			continue
		}
		d.replies <- r
	}
	d.cmd.Wait()
	close(d.exited)
}

// await is the server's next reply, within answerWithin.
func (d *Disk) await() (reply, error) {
	timer := time.NewTimer(answerWithin)
	defer timer.Stop()
	select {
	case r := <-d.replies:
		return r, nil
	case <-d.exited:
		return reply{}, fmt.Errorf("the disk's server exited (%v): %s", d.cmd.ProcessState, d.stderr.String())
	case <-timer.C:
		d.force(fmt.Sprintf("the disk's server did not answer within %v", answerWithin))
		return reply{}, fmt.Errorf("the disk's server did not answer within %v; its mount was aborted", answerWithin)
	}
}

// request sends one request and returns its reply.
func (d *Disk) request(req request) (reply, error) {
	d.reqMu.Lock()
	defer d.reqMu.Unlock()
	b, _ := json.Marshal(req)
	if _, err := d.stdin.Write(append(b, '\n')); err != nil {
		return reply{}, fmt.Errorf("the disk's server is gone: %v: %s", err, d.stderr.String())
	}
	r, err := d.await()
	if err != nil {
		return r, err
	}
	if r.Epoch != d.currentEpoch() {
		d.mounted(r.Epoch)
	}
	if r.Err != "" {
		return r, errors.New(r.Err)
	}
	return r, nil
}

// mounted starts a new mount's life: its power on.
func (d *Disk) mounted(epoch int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.epoch = epoch
	d.frozenC, d.frozenClosed = make(chan struct{}), false
	if d.frozenUpTo >= epoch {
		close(d.frozenC)
		d.frozenClosed = true
	}
}

func (d *Disk) currentEpoch() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.epoch
}

func (d *Disk) markFrozen(epoch int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.frozenUpTo = max(d.frozenUpTo, epoch)
	if epoch == d.epoch && !d.frozenClosed {
		close(d.frozenC)
		d.frozenClosed = true
	}
}

// Dir is where programs use the disk.
func (d *Disk) Dir() string { return d.mnt }

// Path is name inside the disk.
func (d *Disk) Path(name string) string { return filepath.Join(d.mnt, name) }

// Stats returns the figures so far.
func (d *Disk) Stats() Stats {
	r, err := d.request(request{Op: "stats"})
	if err != nil {
		d.t.Errorf("the disk's figures: %v", err)
	}
	return r.Stats
}

// Cut cuts the power now: nothing more becomes durable and every change
// fails with EIO until Reboot. Cutting a cut disk does nothing.
func (d *Disk) Cut() {
	if _, err := d.request(request{Op: "cut"}); err != nil {
		d.t.Fatalf("cut the power: %v", err)
	}
	d.markFrozen(d.currentEpoch())
}

// CutAtSync arms the disk to cut the power on the n-th sync from now (of a
// file or a directory, n >= 1): before that sync takes effect (it fails
// with EIO), or, with after, right after it took effect and before the
// program hears back.
func (d *Disk) CutAtSync(n int, after bool) {
	if _, err := d.request(request{Op: "arm", N: n, After: after}); err != nil {
		d.t.Fatalf("arm a cut: %v", err)
	}
}

// Frozen is closed when the power is cut (by Cut or an armed sync).
func (d *Disk) Frozen() <-chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.frozenC
}

// Reboot cuts the power if it is still on, unmounts (every process using
// the disk must have let go of it: killed, or its files closed), puts the
// durable image in place and mounts it again.
func (d *Disk) Reboot() error {
	_, err := d.request(request{Op: "reboot"})
	return err
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.TrimSpace(s.b.String())
}
