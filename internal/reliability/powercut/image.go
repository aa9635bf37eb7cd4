package powercut

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"syscall"

	"github.com/hanwen/go-fuse/v2/fs"
)

// This file is the durable image: what a disk would hold after a power
// cut, kept beside the backing directory, which holds what programs see.

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

func (d *volume) cutLocked() {
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

// load makes the whole backing directory the durable image.
func (d *volume) load() error {
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
func (d *volume) restore() error {
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
func (d *volume) diffEntries(path string, o *object) int {
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
func (d *volume) object(st *syscall.Stat_t) *object {
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
func (d *volume) syncTurn() (apply, cutAfter bool) {
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
func (d *volume) syncFile(fd int) syscall.Errno {
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
func (d *volume) syncDir(path string) syscall.Errno {
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
func (d *volume) written(fd int, off, n int64) {
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
func (d *volume) truncated(st *syscall.Stat_t, size int64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	o := d.object(st)
	if o.trunc < 0 || size < o.trunc {
		o.trunc = size
	}
}

// created notes a new inode: its durable image is empty whatever the
// inode number meant before.
func (d *volume) created(st *syscall.Stat_t) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.live, st.Ino)
	d.object(st)
}

func (d *volume) isFrozen() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.frozen
}
