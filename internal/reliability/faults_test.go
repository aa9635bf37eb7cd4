package reliability

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/games"
	"standoff/storage"
)

// faultGames starts one game of each catalog kind, each in its own channel.
func faultGames(e *env) []*faultGame {
	var out []*faultGame
	for _, g := range catalog.Games() {
		ch := "fault-" + g.Kind.Name
		users := seatUsers(players(g.Kind))
		row := e.start(g.Kind, ch, users)
		out = append(out, &faultGame{kind: g.Kind, id: row.ID, channel: ch, users: users})
	}
	return out
}

type faultGame struct {
	kind    *games.Kind
	id      int64
	channel string
	users   []string
	played  []games.SeatMove // acknowledged human moves
}

// move types one legal move; it reports whether the answer said Played, and
// the answer's text.
func (e *env) move(ri int, g *faultGame, rng *games.RNG) (bool, string) {
	row, st := e.load(g.kind, g.id)
	if st == nil || st.Outcome() != nil {
		return false, "over"
	}
	seats := humanToAct(row, st)
	seat := seats[rng.Intn(len(seats))]
	legal := st.Legal(seat)
	m := legal[rng.Intn(len(legal))]
	r := e.slash(ri, g.users[seat], g.channel, g.kind.Name, "move", "move="+m)
	ok := strings.HasPrefix(r.Message.Content, "Played")
	if ok {
		g.played = append(g.played, games.SeatMove{Seat: seat, Move: m})
	}
	return ok, r.Message.Content
}

// checkWhole holds every game to its log: each acknowledged move logged,
// nothing more, and the state the replay of the log.
func (e *env) checkWhole(list []*faultGame) {
	e.t.Helper()
	for _, g := range list {
		e.checkReplay(g.kind, g.id)
		row, _ := e.load(g.kind, g.id)
		log, _ := e.stores[0].Moves(context.Background(), g.id)
		var human []games.SeatMove
		for _, m := range log {
			if row.Seats[m.Seat].BotLevel == 0 {
				human = append(human, m)
			}
		}
		if fmt.Sprint(human) != fmt.Sprint(g.played) {
			e.t.Errorf("game #%d: logged human moves %v, acknowledged %v", g.id, human, g.played)
		}
	}
}

// refusedClearly holds a failed move's answer to the promise: the player
// is told nothing was changed.
func refusedClearly(t *testing.T, what, answer string) {
	t.Helper()
	if !strings.Contains(answer, "nothing was changed") && !strings.Contains(answer, "nothing was played") {
		t.Errorf("%s: the answer does not say nothing changed: %q", what, answer)
	}
}

// TestReadOnlyDatabase: a database file that cannot be written is refused
// at start with a clear error (storage.CheckWritable, run by the bot and the
// console); a bot that runs on it anyway refuses every move saying nothing
// changed, changes nothing, and still answers reads.
func TestReadOnlyDatabase(t *testing.T) {
	e := newEnv(t, 1, nil)
	list := faultGames(e)
	rng := games.NewRNG(1)
	for _, g := range list {
		if ok, ans := e.move(0, g, rng); !ok {
			t.Fatalf("%s: %s", g.kind.Name, ans)
		}
	}
	e.stores[0].Close()
	undo := makeReadOnly(t, e.path)
	defer undo()
	st, err := storage.Open(e.path)
	if err != nil {
		t.Fatalf("a read-only database should open for reading: %v", err)
	}
	e.stores[0] = st
	err = st.CheckWritable(context.Background())
	if err == nil || !strings.Contains(err.Error(), "cannot be written") {
		t.Fatalf("CheckWritable on a read-only file: %v", err)
	}
	t.Logf("start on a read-only file: %v", err)
	// A router on it anyway (a file made read-only while running).
	e.routers[0] = newRouter(e, st)
	for _, g := range list {
		ok, ans := e.move(0, g, rng)
		if ok {
			t.Fatalf("%s: a move was acknowledged on a read-only database", g.kind.Name)
		}
		refusedClearly(t, g.kind.Name+" move on a read-only database", ans)
		if r := e.slash(0, g.users[0], g.channel, "game", "history"); !strings.Contains(r.Message.Content, "#") {
			t.Errorf("%s: /game history on a read-only database: %q", g.kind.Name, r.Message.Content)
		}
	}
	e.checkWhole(list)
	if !strings.Contains(e.logs.String(), "readonly") {
		t.Error("the log does not say the database is read-only")
	}
	// Writable again: play goes on.
	undo()
	st.Close()
	if st, err = storage.Open(e.path); err != nil {
		t.Fatal(err)
	}
	e.stores[0], e.routers[0] = st, newRouter(e, st)
	for _, g := range list {
		if ok, ans := e.move(0, g, rng); !ok && ans != "over" {
			t.Errorf("%s after the file was writable again: %s", g.kind.Name, ans)
		}
	}
	e.checkWhole(list)
}

// makeReadOnly makes a database file unwritable: immutable for root (whom
// permissions do not stop), read-only file and directory otherwise.
func makeReadOnly(t *testing.T, path string) (undo func()) {
	if os.Geteuid() == 0 {
		if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
			t.Fatalf("chattr +i (root needs an immutable file to be refused writes): %v %s", err, out)
		}
		done := false
		undo = func() {
			if !done {
				exec.Command("chattr", "-i", path).Run()
				done = true
			}
		}
		t.Cleanup(undo)
		return undo
	}
	dir := filepath.Dir(path)
	os.Chmod(path, 0o444)
	os.Chmod(dir, 0o555)
	undo = func() { os.Chmod(dir, 0o755); os.Chmod(path, 0o644) }
	t.Cleanup(undo)
	return undo
}

// TestDatabaseLockedByAnotherProcess: another connection (as another
// program would) holds the database's write lock. Reads go on; a move waits
// for the busy timeout and, the lock still held, is refused saying nothing
// changed; once the lock is gone, the same game plays on.
func TestDatabaseLockedByAnotherProcess(t *testing.T) {
	e := newEnv(t, 1, nil)
	list := faultGames(e)[:2]
	rng := games.NewRNG(2)
	other, err := sql.Open("sqlite3", "file:"+e.path+"?_busy_timeout=100")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, err := other.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if r := e.slash(0, list[1].users[0], list[1].channel, "game", "history"); !strings.Contains(r.Message.Content, "#") {
		t.Errorf("a read while another process holds the lock: %q", r.Message.Content)
	}
	readTook := time.Since(start)
	start = time.Now()
	ok, ans := e.move(0, list[0], rng)
	waited := time.Since(start)
	if ok {
		t.Fatal("a move was acknowledged while another process held the write lock")
	}
	refusedClearly(t, "a move under another process's lock", ans)
	conn.ExecContext(context.Background(), "ROLLBACK")
	conn.Close()
	if ok, ans := e.move(0, list[0], rng); !ok {
		t.Fatalf("after the lock was released: %s", ans)
	}
	e.checkWhole(list)
	if !strings.Contains(e.logs.String(), "locked") {
		t.Error("the log does not say the database was locked")
	}
	t.Logf("locked: a read took %v; the refused move waited %v (the busy timeout) before its answer", readTook.Round(time.Millisecond), waited.Round(time.Millisecond))
}

// TestCorruptDatabase: a database whose header is overwritten is refused at
// start; one with garbage in its pages is caught by the integrity check the
// backup runs, and never answers a move with Played unless it was saved.
func TestCorruptDatabase(t *testing.T) {
	e := newEnv(t, 1, nil)
	list := faultGames(e)
	rng := games.NewRNG(3)
	for i := 0; i < 3; i++ {
		for _, g := range list {
			e.move(0, g, rng)
		}
	}
	e.stores[0].Close()
	data, err := os.ReadFile(e.path)
	if err != nil {
		t.Fatal(err)
	}
	header := filepath.Join(t.TempDir(), "header.db")
	bad := append([]byte(nil), data...)
	copy(bad, []byte("this is not a database at all, sorry"))
	os.WriteFile(header, bad, 0o644)
	if _, err := storage.Open(header); err == nil || !strings.Contains(err.Error(), "not a database") {
		t.Errorf("opening a database with a garbage header: %v", err)
	} else {
		t.Logf("corrupt header at start: %v", err)
	}
	// Garbage over the second half of the pages: opening may work (the
	// schema is on page 1); a read or write that meets a bad page must fail
	// loudly, and the games on good pages go on.
	pages := filepath.Join(t.TempDir(), "pages.db")
	bad = append([]byte(nil), data...)
	for i := len(bad) / 2 / 4096 * 4096; i < len(bad); i++ {
		bad[i] = byte(i * 31)
	}
	os.WriteFile(pages, bad, 0o644)
	if _, err := storage.Backup(context.Background(), pages, pages+".copy"); err == nil {
		t.Error("a backup of a database with garbage pages passed its integrity check")
	} else {
		t.Logf("corrupt pages, backup: %v", err)
	}
	st, err := storage.Open(pages)
	if err != nil {
		t.Logf("corrupt pages at start: %v", err)
		return
	}
	defer st.Close()
	e.stores[0], e.routers[0], e.path = st, newRouter(e, st), pages
	before := e.logs.String()
	unreadable := 0
	for _, g := range list {
		g.played = nil
		for i := 0; i < 2; i++ {
			row, err := st.Game(context.Background(), g.id)
			var st2 games.State
			if err == nil {
				st2, err = g.kind.Decode(row.State)
			}
			if err != nil {
				// The game sits on a bad page: the bot must say so, not
				// pretend there is no game.
				r := e.slash(0, g.users[0], g.channel, "game", "status")
				if !strings.Contains(r.Message.Content, "went wrong") {
					t.Errorf("%s on a bad page: /game status answered %q", g.kind.Name, r.Message.Content)
				}
				unreadable++
				break
			}
			if len(humanToAct(row, st2)) == 0 {
				break
			}
			if ok, _ := e.move(0, g, rng); ok {
				log, err := st.Moves(context.Background(), g.id)
				if err != nil || len(log) == 0 || log[len(log)-1] != g.played[len(g.played)-1] {
					t.Errorf("%s: a move was acknowledged on a corrupt database but is not in its log (%v)", g.kind.Name, err)
				}
			}
		}
	}
	if unreadable > 0 && e.logs.String() == before {
		t.Error("playing on a corrupt database logged no error")
	}
	served := 0
	for _, g := range list {
		served += len(g.played)
	}
	t.Logf("corrupt pages: the bot started; %d games unreadable (answered with an error), %d moves played on the others and found in the log; %s",
		unreadable, served, firstError(e.logs.String()[len(before):]))
}

// TestDiskFull plays on a database whose file system runs out of room (a
// child process of this test with a file size limit, as a full disk
// refuses writes): the move that does not fit is refused saying nothing
// changed, every acknowledged move is in the log, reads go on, and once
// there is room again play goes on.
func TestDiskFull(t *testing.T) {
	if os.Getenv("STANDOFF_DISKFULL_CHILD") == "1" {
		diskFullChild(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestDiskFull$", "-test.v")
	cmd.Env = append(os.Environ(), "STANDOFF_DISKFULL_CHILD=1")
	out, err := cmd.CombinedOutput()
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "disk full:") {
			t.Log(strings.TrimSpace(l))
		}
	}
	if err != nil {
		t.Fatalf("disk-full child failed: %v\n%s", err, out)
	}
}

func diskFullChild(t *testing.T) {
	e := newEnv(t, 1, nil)
	list := faultGames(e)
	rng := games.NewRNG(4)
	for _, g := range list {
		e.move(0, g, rng)
	}
	size := int64(0)
	for _, p := range []string{e.path, e.path + "-wal"} {
		if fi, err := os.Stat(p); err == nil && fi.Size() > size {
			size = fi.Size()
		}
	}
	var old syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old)
	// Writes past the limit fail with EFBIG instead of killing the process.
	signalIgnoreXFSZ()
	limit := syscall.Rlimit{Cur: uint64(size + 64<<10), Max: old.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	refused, played := 0, 0
	for i := 0; i < 2000 && refused == 0; i++ {
		g := list[i%len(list)]
		ok, ans := e.move(0, g, rng)
		switch {
		case ok:
			played++
		case ans == "over":
		default:
			refused++
			refusedClearly(t, "the move that did not fit", ans)
		}
	}
	if refused == 0 {
		t.Fatalf("2000 moves fit in %d bytes", limit.Cur)
	}
	if r := e.slash(0, list[0].users[0], list[0].channel, "game", "history"); !strings.Contains(r.Message.Content, "#") {
		t.Errorf("a read on a full disk: %q", r.Message.Content)
	}
	syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old)
	e.checkWhole(list)
	again := 0
	for _, g := range list {
		if ok, ans := e.move(0, g, rng); ok {
			again++
		} else if ans != "over" {
			t.Errorf("%s with room again: %s", g.kind.Name, ans)
		}
	}
	e.checkWhole(list)
	fmt.Printf("disk full: %d moves saved before the disk was full, %d refused saying nothing changed, %d played once there was room again; the log said: %s\n",
		played, refused, again, firstError(e.logs.String()))
}

func firstError(logs string) string {
	for _, l := range strings.Split(logs, "\n") {
		if strings.Contains(l, "level=ERROR") {
			if i := strings.Index(l, "err="); i >= 0 {
				return l[i:]
			}
			return l
		}
	}
	return "(nothing)"
}
