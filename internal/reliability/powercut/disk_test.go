package powercut

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3"
)

// write creates or replaces name's contents through the mount, with an
// fsync of the file if sync.
func write(t *testing.T, path string, data []byte, sync bool) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	if sync {
		if err := f.Sync(); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

func syncDir(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
}

func reboot(t *testing.T, d *Disk) {
	t.Helper()
	if err := d.Reboot(); err != nil {
		t.Fatal(err)
	}
}

// contents is the file's contents after the reboot, or nil if it is gone.
func contents(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	if b == nil {
		b = []byte{}
	}
	return b
}

func TestSyncedWriteSurvives(t *testing.T) {
	d := New(t)
	p := d.Path("a")
	write(t, p, []byte("hello"), true)
	syncDir(t, d.Dir())
	reboot(t, d)
	if got := contents(t, p); string(got) != "hello" {
		t.Fatalf("after the cut a holds %q, want the synced %q", got, "hello")
	}
	// Appended and synced again, in place: the file's fsync alone is enough.
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte(", world"))
	f.Sync()
	f.Close()
	reboot(t, d)
	if got := contents(t, p); string(got) != "hello, world" {
		t.Fatalf("after the second cut a holds %q", got)
	}
}

func TestUnsyncedWriteIsLost(t *testing.T) {
	d := New(t)
	p := d.Path("a")
	write(t, p, []byte("durable"), true)
	syncDir(t, d.Dir())
	// Overwritten in place and appended to, never synced: programs see it
	// at once, the disk never got it.
	f, err := os.OpenFile(p, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt([]byte("VOLATILE and longer"), 0)
	f.Close()
	if got := contents(t, p); string(got) != "VOLATILE and longer" {
		t.Fatalf("before the cut programs read %q", got)
	}
	reboot(t, d)
	if got := contents(t, p); string(got) != "durable" {
		t.Fatalf("after the cut a holds %q, want the last synced %q", got, "durable")
	}
	if s := d.Stats(); s.LostBytes == 0 {
		t.Errorf("the cut lost %d bytes by its count, want the unsynced write", s.LostBytes)
	}
}

func TestTruncateIsDurableOnlyWhenSynced(t *testing.T) {
	d := New(t)
	p := d.Path("a")
	write(t, p, bytes.Repeat([]byte("x"), 100), true)
	syncDir(t, d.Dir())
	os.Truncate(p, 10)
	reboot(t, d)
	if got := contents(t, p); len(got) != 100 {
		t.Fatalf("an unsynced truncate kept: %d bytes, want 100", len(got))
	}
	// Cut to 10, grown again by a write at 50, synced: 10 x, zeros, the write.
	f, _ := os.OpenFile(p, os.O_WRONLY, 0)
	f.Truncate(10)
	f.WriteAt([]byte("y"), 50)
	f.Sync()
	f.Close()
	reboot(t, d)
	want := append(bytes.Repeat([]byte("x"), 10), make([]byte, 40)...)
	want = append(want, 'y')
	if got := contents(t, p); !bytes.Equal(got, want) {
		t.Fatalf("after truncate, write and sync: %q, want %q", got, want)
	}
}

func TestNewFileNeedsItsDirectorySynced(t *testing.T) {
	d := New(t)
	if err := os.Mkdir(d.Path("sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	syncDir(t, d.Dir())
	p := d.Path("sub/new")
	write(t, p, []byte("synced data, unsynced name"), true)
	reboot(t, d)
	if got := contents(t, p); got != nil {
		t.Fatalf("a new file whose directory was never synced survived the cut: %q", got)
	}
	write(t, p, []byte("both synced"), true)
	syncDir(t, d.Path("sub"))
	reboot(t, d)
	if got := contents(t, p); string(got) != "both synced" {
		t.Fatalf("a new file synced with its directory: %q after the cut", got)
	}
	// The directory entry without the data: the name survives, empty.
	q := d.Path("sub/empty")
	write(t, q, []byte("data never synced"), false)
	syncDir(t, d.Path("sub"))
	reboot(t, d)
	if got := contents(t, q); got == nil || len(got) != 0 {
		t.Fatalf("a synced name whose data was not synced: %q, want an empty file", got)
	}
}

func TestRenameNeedsItsDirectorySynced(t *testing.T) {
	d := New(t)
	p := d.Path("config")
	write(t, p, []byte("old"), true)
	syncDir(t, d.Dir())
	// The atomic replace: write a temporary file, sync it, rename it over.
	tmp := d.Path("config.tmp")
	write(t, tmp, []byte("new"), true)
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
	reboot(t, d)
	if got := contents(t, p); string(got) != "old" {
		t.Fatalf("a rename whose directory was not synced: config holds %q, want the old %q", got, "old")
	}
	if got := contents(t, tmp); got != nil {
		t.Fatalf("the temporary file's name was never synced but survived: %q", got)
	}
	if s := d.Stats(); s.LostEntries == 0 {
		t.Errorf("the cut lost %d entries by its count, want the rename", s.LostEntries)
	}
	write(t, tmp, []byte("new"), true)
	os.Rename(tmp, p)
	syncDir(t, d.Dir())
	reboot(t, d)
	if got := contents(t, p); string(got) != "new" {
		t.Fatalf("a rename with its directory synced: config holds %q", got)
	}
}

func TestUnlinkNeedsItsDirectorySynced(t *testing.T) {
	d := New(t)
	p := d.Path("a")
	write(t, p, []byte("kept"), true)
	syncDir(t, d.Dir())
	os.Remove(p)
	reboot(t, d)
	if got := contents(t, p); string(got) != "kept" {
		t.Fatalf("an unlink whose directory was not synced: a holds %q, want it back", got)
	}
	os.Remove(p)
	syncDir(t, d.Dir())
	reboot(t, d)
	if got := contents(t, p); got != nil {
		t.Fatalf("an unlink with its directory synced: a is back with %q", got)
	}
}

func TestCutFreezesTheDisk(t *testing.T) {
	d := New(t)
	p := d.Path("a")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.Write([]byte("before"))
	d.Cut()
	select {
	case <-d.Frozen():
	default:
		t.Fatal("Frozen is not closed after Cut")
	}
	if _, err := f.Write([]byte("after")); !errors.Is(err, syscall.EIO) {
		t.Errorf("a write after the cut: %v, want EIO", err)
	}
	if err := f.Sync(); !errors.Is(err, syscall.EIO) {
		t.Errorf("a sync after the cut: %v, want EIO", err)
	}
	f.Close()
	reboot(t, d)
	if got := contents(t, p); got != nil {
		t.Fatalf("nothing was synced before the cut, yet a holds %q", got)
	}
}

func TestCutAtSync(t *testing.T) {
	d := New(t)
	syncDir(t, d.Dir())
	for _, after := range []bool{false, true} {
		p := d.Path(fmt.Sprintf("after-%v", after))
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte("one"))
		if err := f.Sync(); err != nil {
			t.Fatal(err)
		}
		syncDir(t, d.Dir())
		d.CutAtSync(1, after)
		f.Write([]byte(" two"))
		err = f.Sync()
		f.Close()
		if after != (err == nil) {
			t.Fatalf("cut at the sync, after=%v: the sync returned %v", after, err)
		}
		<-d.Frozen()
		reboot(t, d)
		want := "one"
		if after {
			want = "one two"
		}
		if got := contents(t, p); string(got) != want {
			t.Fatalf("cut at the sync, after=%v: %q, want %q", after, got, want)
		}
	}
}

// openSQLite opens a database on the disk as the bot's storage does,
// with the given synchronous setting.
func openSQLite(t *testing.T, path, synchronous string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_journal_mode=WAL&_synchronous="+synchronous+"&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS t (n INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return db
}

// rows checks the database after a cut and returns its row count: the
// rows are 1..n with no gap, and SQLite finds the file whole.
func rows(t *testing.T, path string) int {
	t.Helper()
	db := openSQLite(t, path, "FULL")
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check after the cut: %q %v", check, err)
	}
	var n, max int
	if err := db.QueryRow(`SELECT COUNT(*), COALESCE(MAX(n), 0) FROM t`).Scan(&n, &max); err != nil {
		t.Fatal(err)
	}
	if n != max {
		t.Fatalf("rows 1..%d with %d of them: a gap after the cut", max, n)
	}
	return n
}

// TestSQLiteFullKeepsCommits: in WAL mode with synchronous=FULL, as the
// bot runs it, every transaction whose COMMIT returned is there after a
// cut, wherever the cut falls among the syncs (before or after each one
// takes effect), and the database is whole. Under NORMAL, which syncs the
// WAL only at checkpoints, committed transactions are lost: the disk
// really does forget.
func TestSQLiteFullKeepsCommits(t *testing.T) {
	d := New(t)
	path := d.Path("t.db")
	committed := 0
	for cut := 1; cut <= 12; cut++ {
		db := openSQLite(t, path, "FULL")
		d.CutAtSync(1+cut%5, cut%2 == 0)
		for i := 0; ; i++ {
			if _, err := db.Exec(`INSERT INTO t (n, v) VALUES (?, 'row')`, committed+1); err != nil {
				break // the cut
			}
			committed++
			if i > 100 {
				t.Fatal("the armed cut never came")
			}
		}
		db.Close()
		reboot(t, d)
		n := rows(t, path)
		if n < committed {
			t.Fatalf("cut %d: %d rows committed, %d after the cut", cut, committed, n)
		}
		committed = n // the transaction in flight may be kept
	}
	if committed == 0 {
		t.Fatal("no row was committed over 12 cuts")
	}

	db := openSQLite(t, path, "NORMAL")
	for i := 1; i <= 5; i++ {
		if _, err := db.Exec(`INSERT INTO t (n, v) VALUES (?, 'normal')`, committed+i); err != nil {
			t.Fatal(err)
		}
	}
	d.Cut()
	db.Close()
	reboot(t, d)
	if n := rows(t, path); n != committed {
		t.Fatalf("synchronous=NORMAL: %d rows after the cut, want the %d committed under FULL (the 5 under NORMAL were never synced)", n, committed)
	}
}

// TestSQLiteWALNeedsItsDirectorySync: SQLite syncs the directory when it
// creates a WAL (and a rollback journal), so a new database's first
// transactions survive even though nothing else syncs the directory.
func TestSQLiteNewDatabaseSurvives(t *testing.T) {
	d := New(t)
	path := filepath.Join(d.Dir(), "new.db")
	db := openSQLite(t, path, "FULL")
	if _, err := db.Exec(`INSERT INTO t (n, v) VALUES (1, 'first')`); err != nil {
		t.Fatal(err)
	}
	d.Cut()
	db.Close()
	reboot(t, d)
	if n := rows(t, path); n != 1 {
		t.Fatalf("a new database's committed row: %d rows after the cut, want 1", n)
	}
}

// TestStuckServerIsFreed: a server that stops answering leaves a program
// blocked on the disk; forcing it frees the program (its call fails), the
// mount is gone, and the test is told the disk needed force.
func TestStuckServerIsFreed(t *testing.T) {
	d := New(t)
	p := d.Path("a")
	write(t, p, []byte("before"), true)
	// Opened on the disk before its server hangs: whenever the program
	// then writes and syncs (before the force or after it), it does so
	// on the hung disk's connection, never on the directory underneath
	// once the mount is detached.
	f, err := os.OpenFile(p, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.request(request{Op: "hang"}); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := f.Write([]byte("stuck"))
		if err == nil {
			err = f.Sync()
		}
		f.Close()
		done <- err
	}()
	d.force("the test hung its server")
	select {
	case err := <-done:
		if err == nil {
			t.Error("a sync on a disk whose server hung and was forced succeeded")
		}
	case <-time.After(time.Minute):
		t.Fatal("a program blocked on the hung disk was not freed a minute after force")
	}
	if dev := mountedDevice(d.Dir()); dev != "" {
		t.Errorf("the forced disk is still mounted (connection %s)", dev)
	}
	if !d.waitExit() {
		t.Fatal("the forced server did not exit")
	}
	d.mu.Lock()
	forced := len(d.aborted)
	d.aborted = nil // told; the cleanup need not fail the test
	d.mu.Unlock()
	if forced != 1 {
		t.Errorf("the disk recorded %d forced frees, want 1", forced)
	}
}
