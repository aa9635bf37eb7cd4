package powercut

import (
	"context"
	"path/filepath"
	"syscall"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// node is a loopback node whose changes go through the disk's model.
type node struct {
	fs.LoopbackNode
	vol *volume
}

func (n *node) backingPath() string {
	return filepath.Join(n.vol.backing, n.Path(nil))
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
	if n.vol.isFrozen() {
		return nil, 0, syscall.EIO
	}
	fh, fuseFlags, errno := n.LoopbackNode.Open(ctx, flags)
	if errno != 0 {
		return nil, 0, errno
	}
	f := &file{lf: fh.(*fs.LoopbackFile), vol: n.vol}
	fuseFlags |= fuse.FOPEN_KEEP_CACHE
	if flags&syscall.O_TRUNC != 0 {
		var st syscall.Stat_t
		if err := syscall.Fstat(f.fd(), &st); err == nil {
			n.vol.truncated(&st, 0)
		}
	}
	return f, fuseFlags, 0
}

func (n *node) Create(ctx context.Context, name string, flags uint32, mode uint32, out *fuse.EntryOut) (*fs.Inode, fs.FileHandle, uint32, syscall.Errno) {
	if n.vol.isFrozen() {
		return nil, nil, 0, syscall.EIO
	}
	var before syscall.Stat_t
	existed := syscall.Lstat(filepath.Join(n.backingPath(), name), &before) == nil
	inode, fh, fuseFlags, errno := n.LoopbackNode.Create(ctx, name, flags, mode, out)
	if errno != 0 {
		return nil, nil, 0, errno
	}
	f := &file{lf: fh.(*fs.LoopbackFile), vol: n.vol}
	var st syscall.Stat_t
	if err := syscall.Fstat(f.fd(), &st); err == nil {
		if !existed || before.Ino != st.Ino {
			n.vol.created(&st)
		} else if flags&syscall.O_TRUNC != 0 {
			n.vol.truncated(&st, 0)
		}
	}
	return inode, f, fuseFlags | fuse.FOPEN_KEEP_CACHE, 0
}

func (n *node) Mkdir(ctx context.Context, name string, mode uint32, out *fuse.EntryOut) (*fs.Inode, syscall.Errno) {
	if n.vol.isFrozen() {
		return nil, syscall.EIO
	}
	inode, errno := n.LoopbackNode.Mkdir(ctx, name, mode, out)
	if errno != 0 {
		return nil, errno
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(filepath.Join(n.backingPath(), name), &st); err == nil {
		n.vol.created(&st)
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
	if n.vol.isFrozen() {
		return syscall.EIO
	}
	return n.LoopbackNode.Rename(ctx, name, newParent, newName, flags)
}

func (n *node) Unlink(ctx context.Context, name string) syscall.Errno {
	if n.vol.isFrozen() {
		return syscall.EIO
	}
	return n.LoopbackNode.Unlink(ctx, name)
}

func (n *node) Rmdir(ctx context.Context, name string) syscall.Errno {
	if n.vol.isFrozen() {
		return syscall.EIO
	}
	return n.LoopbackNode.Rmdir(ctx, name)
}

func (n *node) Setattr(ctx context.Context, f fs.FileHandle, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	if n.vol.isFrozen() {
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
			n.vol.truncated(&st, int64(size))
		}
	}
	return 0
}

func (n *node) OpendirHandle(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	if n.vol.isFrozen() {
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
	return h.node.vol.syncDir(h.node.backingPath())
}

// file is an open file whose writes and syncs go through the model. It
// forwards to a loopback file but does not offer its passthrough
// descriptor, which would let the kernel write around the disk.
type file struct {
	lf  *fs.LoopbackFile
	vol *volume
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
	if f.vol.isFrozen() {
		return 0, syscall.EIO
	}
	n, errno := f.lf.Write(ctx, data, off)
	if n > 0 {
		f.vol.written(f.fd(), off, int64(n))
	}
	return n, errno
}

func (f *file) Fsync(ctx context.Context, flags uint32) syscall.Errno {
	return f.vol.syncFile(f.fd())
}

func (f *file) Flush(ctx context.Context) syscall.Errno {
	if f.vol.isFrozen() {
		return syscall.EIO
	}
	return f.lf.Flush(ctx)
}

func (f *file) Release(ctx context.Context) syscall.Errno { return f.lf.Release(ctx) }

func (f *file) Getattr(ctx context.Context, out *fuse.AttrOut) syscall.Errno {
	return f.lf.Getattr(ctx, out)
}

func (f *file) Setattr(ctx context.Context, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	if f.vol.isFrozen() {
		return syscall.EIO
	}
	return f.lf.Setattr(ctx, in, out)
}

func (f *file) Lseek(ctx context.Context, off uint64, whence uint32) (uint64, syscall.Errno) {
	return f.lf.Lseek(ctx, off, whence)
}

func (f *file) Allocate(ctx context.Context, off uint64, size uint64, mode uint32) syscall.Errno {
	if f.vol.isFrozen() {
		return syscall.EIO
	}
	errno := f.lf.Allocate(ctx, off, size, mode)
	if errno == 0 {
		f.vol.written(f.fd(), int64(off), int64(size))
	}
	return errno
}
