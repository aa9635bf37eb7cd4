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
// process mapping a file would die of SIGBUS otherwise, not of the cut). Reboot unmounts, replaces the
// directory with the durable image (everything not synced is gone: no torn
// or partly kept writes) and mounts it again. Nothing in the image is
// written to the real disk's own cache until Reboot, so the real directory
// is only a backing store and its own durability plays no part.
//
// Symlinks, hard links and device nodes are refused (ENOTSUP): SQLite and
// the bot use none, and the model would have to say which name owns what.
// Locks are the kernel's own (not forwarded), so processes on one mount
// lock each other as on a local disk.
package powercut

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// Disk is a mounted filesystem that can lose its power.
type Disk struct {
	backing string // the real directory behind the mount
	mnt     string // where programs see it
	server  *fuse.Server

	mu      sync.Mutex
	frozen  bool
	frozenC chan struct{}
	root    *object
	live    map[uint64]*object // backing inode number -> its object
	// armed > 0: the cut falls on that sync from now (see CutAtSync).
	armed      int
	armedAfter bool
	stats      Stats
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

// object is a file or directory as the durable image knows it, together
// with what was done to it since its last sync.
type object struct {
	dir     bool
	mode    uint32
	data    []byte             // file: durable contents
	entries map[string]*object // directory: durable entries
	dirty   []span             // file: written since its last sync
	trunc   int64              // file: smallest size set since its last sync; -1 none
}

type span struct{ off, end int64 }

func newFile(mode uint32) *object { return &object{mode: mode, trunc: -1} }
func newDir(mode uint32) *object {
	return &object{dir: true, mode: mode, entries: map[string]*object{}, trunc: -1}
}

// Mount serves backing at mnt. Everything backing holds now is durable.
func Mount(backing, mnt string) (*Disk, error) {
	d := &Disk{backing: backing, mnt: mnt}
	if err := d.load(); err != nil {
		return nil, err
	}
	if err := d.mount(); err != nil {
		return nil, err
	}
	return d, nil
}

// New mounts a fresh disk in temporary directories for the test, unmounted
// when the test ends however it ends. Where FUSE cannot mount (no
// /dev/fuse, not root, a container without the capability) it skips the
// test and says why.
//
// The disk is served from inside the test process, which also maps
// SQLite's shared memory through it: about one run in six under -race on
// a busy machine never exits (the process waits on its own mount). A hang
// would stop the whole test run, so the suite runs only when asked for:
// STANDOFF_POWERCUT=1 (the short suite) or STANDOFF_LONG=1. Serving the
// disk from a child process would lift this.
func New(t testing.TB) *Disk {
	t.Helper()
	if os.Getenv("STANDOFF_POWERCUT") == "" && os.Getenv("STANDOFF_LONG") == "" {
		t.Skip("power-cut tests run only with STANDOFF_POWERCUT=1 or STANDOFF_LONG=1: the disk is served from the test process, which can hang at exit (docs/reliability.md)")
	}
	if _, err := os.Stat("/dev/fuse"); err != nil {
		t.Skipf("power-cut tests need FUSE: /dev/fuse is missing (%v); install fuse3 and run as root", err)
	}
	if os.Geteuid() != 0 {
		t.Skip("power-cut tests need FUSE mounted directly, which needs root; run the tests as root")
	}
	backing, mnt := t.TempDir(), t.TempDir()
	d, err := Mount(backing, mnt)
	if err != nil {
		t.Skipf("power-cut tests need FUSE, and it cannot mount here: %v", err)
	}
	t.Cleanup(func() {
		if err := d.Unmount(); err != nil {
			t.Errorf("unmount %s: %v", mnt, err)
		}
	})
	return d
}

// Dir is where programs use the disk.
func (d *Disk) Dir() string { return d.mnt }

// Path is name inside the disk.
func (d *Disk) Path(name string) string { return filepath.Join(d.mnt, name) }

// Stats returns the figures so far.
func (d *Disk) Stats() Stats {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.stats
}

// Cut cuts the power now: nothing more becomes durable and every change
// fails with EIO until Reboot. Cutting a cut disk does nothing.
func (d *Disk) Cut() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.cutLocked()
}

func (d *Disk) cutLocked() {
	if d.frozen {
		return
	}
	d.frozen = true
	d.armed = 0
	d.stats.Cuts++
	for _, o := range d.live {
		for _, s := range o.dirty {
			d.stats.LostBytes += s.end - s.off
		}
	}
	d.stats.LostEntries += d.diffEntries(d.backing, d.root)
	close(d.frozenC)
}

// CutAtSync arms the disk to cut the power on the n-th sync from now (of a
// file or a directory, n >= 1): before that sync takes effect (it fails
// with EIO), or, with after, right after it took effect and before the
// program hears back.
func (d *Disk) CutAtSync(n int, after bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if !d.frozen {
		d.armed, d.armedAfter = n, after
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
	d.Cut()
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
	return d.mount()
}

// Unmount takes the disk away; what the backing directory then holds is
// unspecified. A disk still in use is detached lazily so no mount is left
// behind.
func (d *Disk) Unmount() error {
	d.Cut()
	return d.unmount()
}

func (d *Disk) unmount() error {
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

func (d *Disk) mount() error {
	d.mu.Lock()
	d.frozen = false
	d.frozenC = make(chan struct{})
	d.mu.Unlock()
	root := &fs.LoopbackRoot{Path: d.backing}
	var st syscall.Stat_t
	if err := syscall.Stat(d.backing, &st); err != nil {
		return err
	}
	root.Dev = uint64(st.Dev)
	root.NewNode = func(r *fs.LoopbackRoot, parent *fs.Inode, name string, st *syscall.Stat_t) fs.InodeEmbedder {
		return &node{LoopbackNode: fs.LoopbackNode{RootData: r}, disk: d}
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
	return nil
}

// load makes the whole backing directory the durable image.
func (d *Disk) load() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.live = map[uint64]*object{}
	var walk func(path string) (*object, error)
	walk = func(path string) (*object, error) {
		var st syscall.Stat_t
		if err := syscall.Lstat(path, &st); err != nil {
			return nil, err
		}
		var o *object
		switch st.Mode & syscall.S_IFMT {
		case syscall.S_IFDIR:
			o = newDir(st.Mode & 07777)
			names, err := readNames(path)
			if err != nil {
				return nil, err
			}
			for _, name := range names {
				child, err := walk(filepath.Join(path, name))
				if err != nil {
					return nil, err
				}
				o.entries[name] = child
			}
		case syscall.S_IFREG:
			o = newFile(st.Mode & 07777)
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, err
			}
			o.data = data
		default:
			return nil, fmt.Errorf("%s: only files and directories can be on the disk", path)
		}
		d.live[st.Ino] = o
		return o, nil
	}
	root, err := walk(d.backing)
	if err != nil {
		return err
	}
	d.root = root
	return nil
}

// restore makes the backing directory the durable image, rewriting only
// what differs.
func (d *Disk) restore() error {
	seen := map[*object]bool{}
	var put func(path string, o *object) error
	put = func(path string, o *object) error {
		names, err := readNames(path)
		if err != nil {
			return err
		}
		for _, name := range names {
			p := filepath.Join(path, name)
			want, ok := o.entries[name]
			var st syscall.Stat_t
			if err := syscall.Lstat(p, &st); err != nil {
				return err
			}
			isDir := st.Mode&syscall.S_IFMT == syscall.S_IFDIR
			if !ok || want.dir != isDir || (!isDir && st.Mode&syscall.S_IFMT != syscall.S_IFREG) {
				if err := os.RemoveAll(p); err != nil {
					return err
				}
			}
		}
		for name, child := range o.entries {
			p := filepath.Join(path, name)
			if seen[child] {
				// One object under two names (a rename whose both
				// directories were synced at different moments): two files.
				child = clone(child)
				o.entries[name] = child
			}
			seen[child] = true
			if child.dir {
				if err := os.Mkdir(p, os.FileMode(child.mode)); err != nil && !errors.Is(err, os.ErrExist) {
					return err
				}
				if err := put(p, child); err != nil {
					return err
				}
				continue
			}
			if cur, err := os.ReadFile(p); err == nil && bytes.Equal(cur, child.data) {
				continue
			}
			tmp := filepath.Join(path, ".powercut-restore")
			if err := os.WriteFile(tmp, child.data, os.FileMode(child.mode)); err != nil {
				return err
			}
			if err := os.Rename(tmp, p); err != nil {
				return err
			}
		}
		return nil
	}
	return put(d.backing, d.root)
}

func clone(o *object) *object {
	c := &object{dir: o.dir, mode: o.mode, trunc: -1, data: append([]byte(nil), o.data...)}
	if o.dir {
		c.entries = map[string]*object{}
		for k, v := range o.entries {
			c.entries[k] = v
		}
	}
	return c
}

// diffEntries counts the entries under path that differ from the durable
// directory o.
func (d *Disk) diffEntries(path string, o *object) int {
	names, err := readNames(path)
	if err != nil {
		return 0
	}
	n := 0
	have := map[string]bool{}
	for _, name := range names {
		have[name] = true
		var st syscall.Stat_t
		p := filepath.Join(path, name)
		if syscall.Lstat(p, &st) != nil {
			continue
		}
		want, ok := o.entries[name]
		if !ok || d.live[st.Ino] != want {
			n++
			continue
		}
		if want.dir {
			n += d.diffEntries(p, want)
		}
	}
	for name := range o.entries {
		if !have[name] {
			n++
		}
	}
	return n
}

func readNames(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(-1)
	sort.Strings(names)
	return names, err
}

// object returns the object of a backing inode, making one for an inode
// the disk has not seen (whose durable image is then empty).
func (d *Disk) object(st *syscall.Stat_t) *object {
	o := d.live[st.Ino]
	if o == nil {
		if st.Mode&syscall.S_IFMT == syscall.S_IFDIR {
			o = newDir(st.Mode & 07777)
		} else {
			o = newFile(st.Mode & 07777)
		}
		d.live[st.Ino] = o
	}
	return o
}

// sync is one sync's turn at the armed cut: it reports whether the sync may
// take effect, and cut whether the power goes right after it did.
func (d *Disk) syncTurn() (apply, cutAfter bool) {
	if d.frozen {
		return false, false
	}
	if d.armed > 0 {
		d.armed--
		if d.armed == 0 {
			if !d.armedAfter {
				d.cutLocked()
				return false, false
			}
			return true, true
		}
	}
	return true, false
}

// syncFile makes the file open at fd durable as it is now.
func (d *Disk) syncFile(fd int) syscall.Errno {
	d.mu.Lock()
	defer d.mu.Unlock()
	apply, cutAfter := d.syncTurn()
	if !apply {
		return syscall.EIO
	}
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return fs.ToErrno(err)
	}
	// The program's descriptor may be write-only: read through one of our
	// own, which reaches the file even once it is unlinked.
	rfd, err := syscall.Open(fmt.Sprintf("/proc/self/fd/%d", fd), syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return fs.ToErrno(err)
	}
	defer syscall.Close(rfd)
	o := d.object(&st)
	size := st.Size
	if o.trunc >= 0 && int64(len(o.data)) > o.trunc {
		o.data = o.data[:o.trunc]
	}
	if int64(len(o.data)) > size {
		o.data = o.data[:size]
	}
	if grow := size - int64(len(o.data)); grow > 0 {
		o.data = append(o.data, make([]byte, grow)...)
	}
	for _, s := range merge(o.dirty) {
		end := min(s.end, size)
		for off := s.off; off < end; {
			n, err := syscall.Pread(rfd, o.data[off:end], off)
			if err != nil {
				return fs.ToErrno(err)
			}
			if n == 0 {
				break
			}
			off += int64(n)
		}
	}
	o.dirty, o.trunc = nil, -1
	d.stats.FileSyncs++
	if cutAfter {
		d.cutLocked()
	}
	return 0
}

// syncDir makes the entries of the directory at path durable as they are
// now (the objects they name keep their own durable contents).
func (d *Disk) syncDir(path string) syscall.Errno {
	d.mu.Lock()
	defer d.mu.Unlock()
	apply, cutAfter := d.syncTurn()
	if !apply {
		return syscall.EIO
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(path, &st); err != nil {
		return fs.ToErrno(err)
	}
	o := d.object(&st)
	names, err := readNames(path)
	if err != nil {
		return fs.ToErrno(err)
	}
	entries := map[string]*object{}
	for _, name := range names {
		var cst syscall.Stat_t
		if err := syscall.Lstat(filepath.Join(path, name), &cst); err != nil {
			continue // removed meanwhile
		}
		entries[name] = d.object(&cst)
	}
	o.entries = entries
	d.stats.DirSyncs++
	if cutAfter {
		d.cutLocked()
	}
	return 0
}

func merge(spans []span) []span {
	if len(spans) < 2 {
		return spans
	}
	s := append([]span(nil), spans...)
	sort.Slice(s, func(i, j int) bool { return s[i].off < s[j].off })
	out := s[:1]
	for _, x := range s[1:] {
		last := &out[len(out)-1]
		if x.off <= last.end {
			last.end = max(last.end, x.end)
		} else {
			out = append(out, x)
		}
	}
	return out
}

// written notes that [off, off+n) of the file at fd changed.
func (d *Disk) written(fd int, off, n int64) {
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	o := d.object(&st)
	o.dirty = append(o.dirty, span{off, off + n})
	if len(o.dirty) > 4096 {
		o.dirty = merge(o.dirty)
	}
}

// truncated notes that a file was set to size.
func (d *Disk) truncated(st *syscall.Stat_t, size int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	o := d.object(st)
	if o.trunc < 0 || size < o.trunc {
		o.trunc = size
	}
}

// created notes a new inode: its durable image is empty whatever the
// inode number meant before.
func (d *Disk) created(st *syscall.Stat_t) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.live, st.Ino)
	d.object(st)
}

func (d *Disk) isFrozen() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.frozen
}

// node is a loopback node whose changes go through the disk's model.
type node struct {
	fs.LoopbackNode
	disk *Disk
}

func (n *node) backingPath() string {
	return filepath.Join(n.disk.backing, n.Path(nil))
}

var (
	_ fs.NodeOpener         = (*node)(nil)
	_ fs.NodeCreater        = (*node)(nil)
	_ fs.NodeMkdirer        = (*node)(nil)
	_ fs.NodeMknoder        = (*node)(nil)
	_ fs.NodeLinker         = (*node)(nil)
	_ fs.NodeSymlinker      = (*node)(nil)
	_ fs.NodeRenamer        = (*node)(nil)
	_ fs.NodeUnlinker       = (*node)(nil)
	_ fs.NodeRmdirer        = (*node)(nil)
	_ fs.NodeSetattrer      = (*node)(nil)
	_ fs.NodeOpendirHandler = (*node)(nil)
	_ fs.NodeCopyFileRanger = (*node)(nil)
)

func (n *node) Open(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	if n.disk.isFrozen() {
		return nil, 0, syscall.EIO
	}
	fh, fuseFlags, errno := n.LoopbackNode.Open(ctx, flags)
	if errno != 0 {
		return nil, 0, errno
	}
	f := &file{lf: fh.(*fs.LoopbackFile), disk: n.disk}
	fuseFlags |= fuse.FOPEN_KEEP_CACHE
	if flags&syscall.O_TRUNC != 0 {
		var st syscall.Stat_t
		if err := syscall.Fstat(f.fd(), &st); err == nil {
			n.disk.truncated(&st, 0)
		}
	}
	return f, fuseFlags, 0
}

func (n *node) Create(ctx context.Context, name string, flags uint32, mode uint32, out *fuse.EntryOut) (*fs.Inode, fs.FileHandle, uint32, syscall.Errno) {
	if n.disk.isFrozen() {
		return nil, nil, 0, syscall.EIO
	}
	var before syscall.Stat_t
	existed := syscall.Lstat(filepath.Join(n.backingPath(), name), &before) == nil
	inode, fh, fuseFlags, errno := n.LoopbackNode.Create(ctx, name, flags, mode, out)
	if errno != 0 {
		return nil, nil, 0, errno
	}
	f := &file{lf: fh.(*fs.LoopbackFile), disk: n.disk}
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd(), &st); err == nil {
		if !existed || before.Ino != st.Ino {
			n.disk.created(&st)
		} else if flags&syscall.O_TRUNC != 0 {
			n.disk.truncated(&st, 0)
		}
	}
	return inode, f, fuseFlags | fuse.FOPEN_KEEP_CACHE, 0
}

func (n *node) Mkdir(ctx context.Context, name string, mode uint32, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	if n.disk.isFrozen() {
		return nil, syscall.EIO
	}
	inode, errno := n.LoopbackNode.Mkdir(ctx, name, mode, out)
	if errno != 0 {
		return nil, errno
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(filepath.Join(n.backingPath(), name), &st); err == nil {
		n.disk.created(&st)
	}
	return inode, 0
}

func (n *node) Mknod(ctx context.Context, name string, mode, rdev uint32, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	return nil, syscall.ENOTSUP
}

func (n *node) Link(ctx context.Context, target fs.InodeEmbedder, name string, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	return nil, syscall.ENOTSUP
}

func (n *node) Symlink(ctx context.Context, target, name string, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	return nil, syscall.ENOTSUP
}

func (n *node) CopyFileRange(ctx context.Context, fhIn fs.FileHandle, offIn uint64, out *fs.Inode, fhOut fs.FileHandle, offOut uint64, len uint64, flags uint64) (uint32, syscall.Errno) {
	return 0, syscall.ENOTSUP
}

func (n *node) Rename(ctx context.Context, name string, newParent fs.InodeEmbedder, newName string, flags uint32) syscall.Errno {
	if n.disk.isFrozen() {
		return syscall.EIO
	}
	return n.LoopbackNode.Rename(ctx, name, newParent, newName, flags)
}

func (n *node) Unlink(ctx context.Context, name string) syscall.Errno {
	if n.disk.isFrozen() {
		return syscall.EIO
	}
	return n.LoopbackNode.Unlink(ctx, name)
}

func (n *node) Rmdir(ctx context.Context, name string) syscall.Errno {
	if n.disk.isFrozen() {
		return syscall.EIO
	}
	return n.LoopbackNode.Rmdir(ctx, name)
}

func (n *node) Setattr(ctx context.Context, f fs.FileHandle, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	if n.disk.isFrozen() {
		return syscall.EIO
	}
	if errno := n.LoopbackNode.Setattr(ctx, f, in, out); errno != 0 {
		return errno
	}
	if size, ok := in.GetSize(); ok {
		var st syscall.Stat_t
		var err error
		if ff, ok := f.(*file); ok && ff != nil {
			err = syscall.Fstat(ff.fd(), &st)
		} else {
			err = syscall.Lstat(n.backingPath(), &st)
		}
		if err == nil {
			n.disk.truncated(&st, int64(size))
		}
	}
	return 0
}

func (n *node) OpendirHandle(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	if n.disk.isFrozen() {
		return nil, 0, syscall.EIO
	}
	ds, errno := fs.NewLoopbackDirStream(n.backingPath())
	if errno != 0 {
		return nil, 0, errno
	}
	return &dirHandle{ds: ds, node: n}, 0, 0
}

// dirHandle is an open directory whose fsync goes through the model.
type dirHandle struct {
	ds   fs.DirStream
	node *node
}

var (
	_ fs.FileReaddirenter = (*dirHandle)(nil)
	_ fs.FileSeekdirer    = (*dirHandle)(nil)
	_ fs.FileReleasedirer = (*dirHandle)(nil)
	_ fs.FileFsyncdirer   = (*dirHandle)(nil)
)

func (h *dirHandle) Readdirent(ctx context.Context) (*fuse.DirEntry, syscall.Errno) {
	return h.ds.(fs.FileReaddirenter).Readdirent(ctx)
}

func (h *dirHandle) Seekdir(ctx context.Context, off uint64) syscall.Errno {
	return h.ds.(fs.FileSeekdirer).Seekdir(ctx, off)
}

func (h *dirHandle) Releasedir(ctx context.Context, flags uint32) {
	h.ds.Close()
}

func (h *dirHandle) Fsyncdir(ctx context.Context, flags uint32) syscall.Errno {
	return h.node.disk.syncDir(h.node.backingPath())
}

// file is an open file whose writes and syncs go through the model. It
// forwards to a loopback file but does not offer its passthrough
// descriptor, which would let the kernel write around the disk.
type file struct {
	lf   *fs.LoopbackFile
	disk *Disk
}

var (
	_ fs.FileReader    = (*file)(nil)
	_ fs.FileWriter    = (*file)(nil)
	_ fs.FileFsyncer   = (*file)(nil)
	_ fs.FileFlusher   = (*file)(nil)
	_ fs.FileReleaser  = (*file)(nil)
	_ fs.FileGetattrer = (*file)(nil)
	_ fs.FileSetattrer = (*file)(nil)
	_ fs.FileLseeker   = (*file)(nil)
	_ fs.FileAllocater = (*file)(nil)
)

func (f *file) fd() int {
	fd, _ := f.lf.PassthroughFd()
	return fd
}

func (f *file) Read(ctx context.Context, buf []byte, off int64) (fuse.ReadResult, syscall.Errno) {
	return f.lf.Read(ctx, buf, off)
}

func (f *file) Write(ctx context.Context, data []byte, off int64) (uint32, syscall.Errno) {
	if f.disk.isFrozen() {
		return 0, syscall.EIO
	}
	n, errno := f.lf.Write(ctx, data, off)
	if n > 0 {
		f.disk.written(f.fd(), off, int64(n))
	}
	return n, errno
}

func (f *file) Fsync(ctx context.Context, flags uint32) syscall.Errno {
	return f.disk.syncFile(f.fd())
}

func (f *file) Flush(ctx context.Context) syscall.Errno {
	if f.disk.isFrozen() {
		return syscall.EIO
	}
	return f.lf.Flush(ctx)
}

func (f *file) Release(ctx context.Context) syscall.Errno { return f.lf.Release(ctx) }

func (f *file) Getattr(ctx context.Context, out *fuse.AttrOut) syscall.Errno {
	return f.lf.Getattr(ctx, out)
}

func (f *file) Setattr(ctx context.Context, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	if f.disk.isFrozen() {
		return syscall.EIO
	}
	return f.lf.Setattr(ctx, in, out)
}

func (f *file) Lseek(ctx context.Context, off uint64, whence uint32) (uint64, syscall.Errno) {
	return f.lf.Lseek(ctx, off, whence)
}

func (f *file) Allocate(ctx context.Context, off uint64, size uint64, mode uint32) syscall.Errno {
	if f.disk.isFrozen() {
		return syscall.EIO
	}
	errno := f.lf.Allocate(ctx, off, size, mode)
	if errno == 0 {
		f.disk.written(f.fd(), int64(off), int64(size))
	}
	return errno
}
