package powercut

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// The disk is served by a child process: the test binary run again with
// serveEnv set, which this package's init catches before any test runs.
// A process that serves a FUSE mount must never use it: when it exits
// while it maps a file of the mount (SQLite's -shm), the kernel writes the
// mapping back to a server whose threads are already gone and the exit
// waits for good. The child only serves; the test and the bots only use.
//
// The child reads one request a line on stdin and writes one reply a line
// on stdout, and an event line when the power goes by an armed sync. At
// the end of stdin (the test is over, or died) it unmounts and exits.
const serveEnv = "STANDOFF_POWERCUT_SERVE"

func init() {
	if spec := os.Getenv(serveEnv); spec != "" {
		os.Exit(serveChild(spec, os.Stdin, os.Stdout))
	}
}

// request is one line from the test to the child.
type request struct {
	Op    string `json:"op"` // cut, arm, reboot, stats, unmount, hang
	N     int    `json:"n,omitempty"`
	After bool   `json:"after,omitempty"`
}

// reply is one line from the child: the answer to a request, or an event.
type reply struct {
	Event string `json:"event,omitempty"` // "frozen": the power went at an armed sync
	// Epoch counts the mounts: an event names the mount it happened to,
	// a reply the mount now served.
	Epoch int    `json:"epoch"`
	Err   string `json:"err,omitempty"`
	Stats Stats  `json:"stats"`
}

// volume is the served disk, in the child.
type volume struct {
	backing string // the real directory behind the mount
	mnt     string // where programs see it
	server  *fuse.Server

	epoch int // mounts so far

	mu      sync.Mutex
	frozen  bool
	frozenC chan struct{}
	root    *object
	live    map[uint64]*object // backing inode number -> its object
	// armed > 0: the cut falls on that sync from now (see Disk.CutAtSync).
	armed      int
	armedAfter bool
	stats      Stats
}

// serveChild mounts the disk named by spec (its backing directory and
// mount point, as a JSON array) and answers requests until in ends; it
// returns the exit code.
func serveChild(spec string, in io.Reader, out io.Writer) int {
	var dirs [2]string
	if err := json.Unmarshal([]byte(spec), &dirs); err != nil {
		fmt.Fprintf(os.Stderr, "powercut: %s=%q: %v\n", serveEnv, spec, err)
		return 2
	}
	backing, mnt := dirs[0], dirs[1]
	var wmu sync.Mutex
	send := func(r reply) {
		b, _ := json.Marshal(r)
		wmu.Lock()
		defer wmu.Unlock()
		out.Write(append(b, '\n'))
	}
	v := &volume{backing: backing, mnt: mnt}
	if err := v.load(); err != nil {
		send(reply{Err: err.Error()})
		return 1
	}
	if err := v.mount(send); err != nil {
		send(reply{Err: err.Error()})
		return 1
	}
	send(reply{Epoch: v.epoch})
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		var req request
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			send(reply{Err: fmt.Sprintf("bad request %q: %v", sc.Text(), err)})
			continue
		}
		var err error
		switch req.Op {
		case "cut":
			v.cut()
		case "arm":
			v.cutAtSync(req.N, req.After)
		case "reboot":
			err = v.reboot(send)
		case "unmount":
			v.cut()
			err = v.unmount()
		case "stats":
		case "hang":
			// A server stuck for good, for the test that frees it: every
			// operation and request from now on waits on the model.
			send(reply{Epoch: v.epoch, Stats: v.currentStats()})
			v.mu.Lock()
			continue
		default:
			err = fmt.Errorf("unknown request %q", req.Op)
		}
		r := reply{Epoch: v.epoch, Stats: v.currentStats()}
		if err != nil {
			r.Err = err.Error()
		}
		send(r)
	}
	// The test is gone: leave no mount behind.
	v.cut()
	if err := v.unmount(); err != nil {
		fmt.Fprintf(os.Stderr, "powercut: unmount %s at exit: %v\n", mnt, err)
		return 1
	}
	return 0
}

func (d *volume) cut() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.cutLocked()
}

func (d *volume) cutAtSync(n int, after bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.frozen {
		d.armed, d.armedAfter = n, after
	}
}

func (d *volume) currentStats() Stats {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.stats
}

// reboot cuts the power if it is still on, unmounts (every process using
// the disk must have let go of it), puts the durable image in place and
// mounts it again.
func (d *volume) reboot(send func(reply)) error {
	d.cut()
	if err := d.unmount(); err != nil {
		return err
	}
	d.mu.Lock()
	err := d.restore()
	d.mu.Unlock()
	if err != nil {
		return err
	}
	if err := d.load(); err != nil {
		return err
	}
	return d.mount(send)
}

func (d *volume) unmount() error {
	if d.server == nil {
		return nil
	}
	srv := d.server
	d.server = nil
	if err := srv.Unmount(); err != nil {
		// Still busy: detach it from the tree now; the old server answers
		// EIO to whoever still holds a file until they let go.
		if derr := syscall.Unmount(d.mnt, syscall.MNT_DETACH); derr != nil {
			return fmt.Errorf("%v; lazy unmount: %v", err, derr)
		}
	}
	return nil
}

// mount serves the backing directory at the mount point; send hears when
// the power of this mount goes by an armed sync.
func (d *volume) mount(send func(reply)) error {
	frozenC := make(chan struct{})
	d.mu.Lock()
	d.frozen = false
	d.frozenC = frozenC
	d.mu.Unlock()
	root := &fs.LoopbackRoot{Path: d.backing}
	var st syscall.Stat_t
	if err := syscall.Stat(d.backing, &st); err != nil {
		return err
	}
	root.Dev = uint64(st.Dev)
	root.NewNode = func(r *fs.LoopbackRoot, parent *fs.Inode, name string, st *syscall.Stat_t) fs.InodeEmbedder {
		return &node{LoopbackNode: fs.LoopbackNode{RootData: r}, vol: d}
	}
	rootNode := root.NewNode(root, nil, "", &st)
	root.RootNode = rootNode
	sec := time.Second
	srv, err := fs.Mount(d.mnt, rootNode, &fs.Options{
		EntryTimeout: &sec,
		AttrTimeout:  &sec,
		MountOptions: fuse.MountOptions{
			DirectMountStrict: true,
			FsName:            "powercut",
			Name:              "powercut",
			DisableXAttrs:     true,
			// Every change reaches the files through this one mount, so
			// the kernel's cache is always right: it must not drop it on
			// open or when it sees a new mtime, which races with another
			// process's shared mapping of SQLite's -shm and let a reader
			// see a stale WAL index.
			ExplicitDataCacheControl: true,
		},
	})
	if err != nil {
		return err
	}
	d.server = srv
	d.epoch++
	epoch := d.epoch
	go func() {
		<-frozenC
		send(reply{Event: "frozen", Epoch: epoch})
	}()
	return nil
}
