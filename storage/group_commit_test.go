package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/games"
)

// Group commit on real SQLite files. Batches are formed deterministically:
// a hook holds one commit open while the test queues the writes that must
// share the next one, so no test depends on timing.

// commitGate holds each batch between its writes and its COMMIT until the
// test lets it go: entered says a batch is waiting (with its size), and
// each value sent on proceed lets one batch commit (or fail with it).
type commitGate struct {
	entered chan int
	proceed chan error
}

func holdCommits(t *testing.T, s *Store) *commitGate {
	t.Helper()
	g := &commitGate{entered: make(chan int), proceed: make(chan error)}
	// A test that failed midway lets go of every batch, so that closing
	// the store does not wait forever for the one it held.
	ended := make(chan struct{})
	t.Cleanup(func() { close(ended) })
	errEnded := errors.New("the test ended")
	s.group.mu.Lock()
	s.group.beforeCommit = func(size int) error {
		select {
		case g.entered <- size:
		case <-ended:
			return errEnded
		}
		select {
		case err := <-g.proceed:
			return err
		case <-ended:
			return errEnded
		}
	}
	s.group.mu.Unlock()
	return g
}

// next waits for the next batch to reach its COMMIT and returns its size.
func (g *commitGate) next(t *testing.T) int {
	t.Helper()
	select {
	case n := <-g.entered:
		return n
	case <-time.After(30 * time.Second):
		t.Fatal("no batch reached its commit")
		return 0
	}
}

// waitQueued waits until n writes wait in the queue behind the batch in
// progress.
func waitQueued(t *testing.T, s *Store, n int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s.group.mu.Lock()
		q := len(s.group.queue)
		s.group.mu.Unlock()
		if q >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d writes queued, want %d", q, n)
		}
		time.Sleep(time.Millisecond)
	}
}

// stored reads a game's version, its number of logged moves and its seat
// names straight from the file, through a connection of its own.
func stored(t *testing.T, path string, id int64) (version, moves int, seats string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.QueryRow(`SELECT version FROM games WHERE id = ?`, id).Scan(&version); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT COUNT(*) FROM moves WHERE game_id = ?`, id).Scan(&moves); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT COALESCE(GROUP_CONCAT(name, ','), '') FROM (SELECT name FROM seats WHERE game_id = ? ORDER BY seat)`, id).Scan(&seats); err != nil {
		t.Fatal(err)
	}
	return version, moves, seats
}

func createN(t *testing.T, s *Store, n int) []*Game {
	t.Helper()
	out := make([]*Game, n)
	for i := range out {
		out[i] = newGame(fmt.Sprintf("c%d", i))
		if err := s.CreateGame(context.Background(), out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// result is what one caller heard back, and whether it had heard it when
// a batch reached its commit.
type result struct {
	err  error
	done atomic.Bool
}

// start runs write on its own goroutine; the result tells when and how it
// ended.
func start(write func() error) *result {
	r := new(result)
	go func() { r.set(write()) }()
	return r
}

func (r *result) set(err error) {
	r.err = err
	r.done.Store(true)
}

// TestGroupCommitManyWriters saves moves from many goroutines on different
// games at once, with turn messages and DMs between them: every write
// succeeds and every game holds exactly its own moves.
func TestGroupCommitManyWriters(t *testing.T) {
	s, path := openTemp(t)
	const writers, moves = 24, 15
	gs := createN(t, s, writers)
	var commits, writes atomic.Int64
	s.group.mu.Lock()
	s.group.beforeCommit = func(size int) error {
		commits.Add(1)
		writes.Add(int64(size))
		return nil
	}
	s.group.mu.Unlock()
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, writers*moves*3)
	for _, g := range gs {
		wg.Go(func() {
			for i := range moves {
				g.State = []byte(fmt.Sprintf(`{"n":%d}`, i+1))
				if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: i % 2, Move: fmt.Sprintf("%d-%d", g.ID, i)}); err != nil {
					errs <- fmt.Errorf("game %d move %d: %w", g.ID, i, err)
					return
				}
				g.MessageID = fmt.Sprintf("m%d", i)
				g.Seats[i%2].DMHash = fmt.Sprintf("h%d", i)
				if err := s.RecordDelivery(ctx, g, []int{i % 2}, false); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, g := range gs {
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		log, err := s.Moves(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != moves || len(log) != moves || string(got.State) != fmt.Sprintf(`{"n":%d}`, moves) ||
			got.MessageID != fmt.Sprintf("m%d", moves-1) || got.Seats[(moves-1)%2].DMHash != fmt.Sprintf("h%d", moves-1) {
			t.Fatalf("game %d: version %d, %d moves, state %s, message %q, seats %+v", g.ID, got.Version, len(log), got.State, got.MessageID, got.Seats)
		}
		for i, m := range log {
			if m.Move != fmt.Sprintf("%d-%d", g.ID, i) || m.Seat != i%2 {
				t.Fatalf("game %d move %d is %+v", g.ID, i, m)
			}
		}
	}
	if v, n, _ := stored(t, path, gs[0].ID); v != moves || n != moves {
		t.Fatalf("in the file: version %d, %d moves", v, n)
	}
	t.Logf("%d writes in %d commits", writes.Load(), commits.Load())
}

// TestGroupCommitConflictFailsAlone puts a stale Save into one batch with
// good ones: it alone fails with ErrConflict, the others land, the batch
// commits once, and nobody hears back before that commit.
func TestGroupCommitConflictFailsAlone(t *testing.T) {
	s, path := openTemp(t)
	gs := createN(t, s, 6)
	gate := holdCommits(t, s)
	ctx := context.Background()

	// The first write holds the writer at its commit; the rest queue.
	first := start(func() error { return s.Save(ctx, gs[0], 0, &games.SeatMove{Seat: 0, Move: "a"}) })
	if n := gate.next(t); n != 1 {
		t.Fatalf("first batch has %d writes", n)
	}
	stale := *gs[1]
	stale.Seats = []Seat{{UserID: "mallory", Name: "Mallory"}}
	good := gs[1:]
	results := make([]*result, len(good)+1)
	for i, g := range good {
		results[i] = start(func() error { return s.Save(ctx, g, 0, &games.SeatMove{Seat: 1, Move: "b"}) })
	}
	waitQueued(t, s, len(good))
	// Queued last, after the good Save on the same game: base 0 is stale
	// by the time it runs.
	conflict := start(func() error { return s.Save(ctx, &stale, 0, &games.SeatMove{Seat: 0, Move: "x"}) })
	results[len(good)] = conflict
	waitQueued(t, s, len(good)+1)
	gate.proceed <- nil

	if n := gate.next(t); n != len(good)+1 {
		t.Fatalf("second batch has %d writes, want %d (all of them)", n, len(good)+1)
	}
	for i, r := range results {
		if r.done.Load() {
			t.Fatalf("write %d returned (%v) before its batch committed", i, r.err)
		}
	}
	if v, _, _ := stored(t, path, gs[2].ID); v != 0 {
		t.Fatalf("another connection sees version %d before the commit", v)
	}
	gate.proceed <- nil
	waitDone(t, append(results, first))

	if !errors.Is(conflict.err, ErrConflict) {
		t.Fatalf("stale save: %v, want ErrConflict", conflict.err)
	}
	for i, r := range results[:len(good)] {
		if r.err != nil {
			t.Fatalf("good save %d failed with %v", i, r.err)
		}
	}
	for _, g := range gs {
		v, moves, seats := stored(t, path, g.ID)
		if v != 1 || moves != 1 || seats != "Alice,Bob" {
			t.Fatalf("game %d: version %d, %d moves, seats %q; want 1, 1, Alice,Bob", g.ID, v, moves, seats)
		}
	}
	if log, _ := s.Moves(ctx, gs[1].ID); len(log) != 1 || log[0].Move != "b" {
		t.Fatalf("game 1's log: %+v", log)
	}
}

func waitDone(t *testing.T, rs []*result) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, r := range rs {
		for !r.done.Load() {
			if time.Now().After(deadline) {
				t.Fatal("a caller never heard back")
			}
			time.Sleep(time.Millisecond)
		}
	}
}

// TestGroupCommitFailedWriteLeavesNothing fails a Save after it had
// updated the game, rewritten a seat and logged its move (its results name
// a game that does not exist): alone and in a batch, none of it stays.
func TestGroupCommitFailedWriteLeavesNothing(t *testing.T) {
	for _, batched := range []bool{false, true} {
		t.Run(fmt.Sprintf("batched=%v", batched), func(t *testing.T) {
			s, path := openTemp(t)
			gs := createN(t, s, 3)
			ctx := context.Background()
			bad := *gs[0]
			bad.Seats = []Seat{{UserID: "carol", Name: "Carol"}}
			bad.Results = []Result{{GameID: 999, Seat: 0, Guild: "g1", Channel: "c0", Kind: "test", UserID: "carol", Rank: 1, Players: 1}}
			var badErr error
			if !batched {
				badErr = s.Save(ctx, &bad, 0, &games.SeatMove{Seat: 0, Move: "x"})
			} else {
				gate := holdCommits(t, s)
				first := start(func() error { return s.Save(ctx, gs[1], 0, &games.SeatMove{Seat: 0, Move: "a"}) })
				gate.next(t)
				rs := []*result{start(func() error { return s.Save(ctx, &bad, 0, &games.SeatMove{Seat: 0, Move: "x"}) })}
				waitQueued(t, s, 1)
				rs = append(rs, start(func() error { return s.Save(ctx, gs[2], 0, &games.SeatMove{Seat: 0, Move: "c"}) }))
				waitQueued(t, s, 2)
				gate.proceed <- nil
				if n := gate.next(t); n != 2 {
					t.Fatalf("batch of %d, want 2", n)
				}
				gate.proceed <- nil
				waitDone(t, append(rs, first))
				if rs[1].err != nil || first.err != nil {
					t.Fatalf("good saves: %v, %v", first.err, rs[1].err)
				}
				badErr = rs[0].err
				if v, n, _ := stored(t, path, gs[2].ID); v != 1 || n != 1 {
					t.Fatalf("the good save in the batch: version %d, %d moves", v, n)
				}
			}
			if badErr == nil || !strings.Contains(badErr.Error(), "FOREIGN KEY") {
				t.Fatalf("bad save: %v, want a foreign key error", badErr)
			}
			if v, n, seats := stored(t, path, gs[0].ID); v != 0 || n != 0 || seats != "Alice,Bob" {
				t.Fatalf("failed save left version %d, %d moves, seats %q", v, n, seats)
			}
			if bad.Version != 0 {
				t.Fatalf("failed save moved the caller's version to %d", bad.Version)
			}
		})
	}
}

// TestGroupCommitCancelledWhileQueued: a caller that gives up while its
// write waits hears ctx.Err() at once and the write never runs; one whose
// write was already taken into a batch hears how it went.
func TestGroupCommitCancelledWhileQueued(t *testing.T) {
	s, path := openTemp(t)
	gs := createN(t, s, 3)
	gate := holdCommits(t, s)
	bg := context.Background()

	done, cancel := context.WithCancel(bg)
	cancel()
	if err := s.Save(done, gs[2], 0, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("save with an ended context: %v", err)
	}

	first := start(func() error { return s.Save(bg, gs[0], 0, &games.SeatMove{Seat: 0, Move: "a"}) })
	gate.next(t)
	ctx, cancel := context.WithCancel(bg)
	queued := start(func() error { return s.Save(ctx, gs[1], 0, &games.SeatMove{Seat: 0, Move: "b"}) })
	waitQueued(t, s, 1)
	cancel()
	// The writer is still held at the first commit: the caller must hear
	// back without it.
	waitDone(t, []*result{queued})
	if !errors.Is(queued.err, context.Canceled) {
		t.Fatalf("cancelled queued save: %v", queued.err)
	}
	gate.proceed <- nil
	waitDone(t, []*result{first})

	// Taken into a batch, then cancelled: it completes.
	first = start(func() error { return s.Save(bg, gs[0], 1, &games.SeatMove{Seat: 1, Move: "c"}) })
	gate.next(t)
	ctx, cancel = context.WithCancel(bg)
	defer cancel()
	taken := start(func() error { return s.Save(ctx, gs[2], 0, &games.SeatMove{Seat: 0, Move: "d"}) })
	waitQueued(t, s, 1)
	gate.proceed <- nil
	gate.next(t)
	cancel()
	time.Sleep(10 * time.Millisecond) // let the caller see its context end, if it were to wrongly return
	if taken.done.Load() {
		t.Fatalf("a write taken into a batch returned (%v) before its commit", taken.err)
	}
	gate.proceed <- nil
	waitDone(t, []*result{first, taken})
	if first.err != nil || taken.err != nil {
		t.Fatalf("saves: %v, %v", first.err, taken.err)
	}
	for i, want := range []int{2, 0, 1} {
		if v, _, _ := stored(t, path, gs[i].ID); v != want {
			t.Fatalf("game %d at version %d, want %d", i, v, want)
		}
	}
}

// TestGroupCommitCommitFailureReachesEveryone makes SQLite itself refuse a
// batch's COMMIT (a foreign key checked only at commit time): every write
// of the batch hears the error, none of them is stored, and the store goes
// on working.
func TestGroupCommitCommitFailureReachesEveryone(t *testing.T) {
	s, path := openTemp(t)
	gs := createN(t, s, 4)
	gate := holdCommits(t, s)
	ctx := context.Background()

	first := start(func() error { return s.Save(ctx, gs[0], 0, &games.SeatMove{Seat: 0, Move: "a"}) })
	gate.next(t)
	var rs []*result
	for _, g := range gs[1:] {
		rs = append(rs, start(func() error { return s.Save(ctx, g, 0, &games.SeatMove{Seat: 0, Move: "b"}) }))
		waitQueued(t, s, len(rs))
	}
	orphan := new(result)
	rs = append(rs, orphan)
	go func() {
		orphan.set(s.group.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO seats (game_id, seat, user_id, name) VALUES (999, 0, 'x', 'X')`)
			return err
		}))
	}()
	waitQueued(t, s, len(rs))
	gate.proceed <- nil
	if n := gate.next(t); n != len(rs) {
		t.Fatalf("batch of %d, want %d", n, len(rs))
	}
	gate.proceed <- nil
	waitDone(t, append(rs, first))
	if first.err != nil {
		t.Fatal(first.err)
	}
	for i, r := range rs {
		if r.err == nil || !strings.Contains(r.err.Error(), "FOREIGN KEY") {
			t.Fatalf("write %d of the failed batch heard %v", i, r.err)
		}
	}
	for _, g := range gs[1:] {
		if v, n, _ := stored(t, path, g.ID); v != 0 || n != 0 || g.Version != 0 {
			t.Fatalf("game %d: stored version %d with %d moves, caller's version %d after a failed commit", g.ID, v, n, g.Version)
		}
	}

	// An injected failure (a full disk, say) reaches everyone the same way.
	injected := errors.New("disk full")
	second := start(func() error { return s.Save(ctx, gs[1], 0, nil) })
	gate.next(t)
	gate.proceed <- injected
	waitDone(t, []*result{second})
	if !errors.Is(second.err, injected) {
		t.Fatalf("lone write heard %v", second.err)
	}

	s.group.mu.Lock()
	s.group.beforeCommit = nil
	s.group.mu.Unlock()
	if err := s.Save(ctx, gs[1], 0, &games.SeatMove{Seat: 0, Move: "b"}); err != nil {
		t.Fatalf("save after a failed commit: %v", err)
	}
}

// TestGroupCommitChannelBusyInBatch: two games created for one channel in
// the same batch; the second fails with ErrChannelBusy and leaves no row.
func TestGroupCommitChannelBusyInBatch(t *testing.T) {
	s, path := openTemp(t)
	gs := createN(t, s, 1)
	gate := holdCommits(t, s)
	ctx := context.Background()
	first := start(func() error { return s.Save(ctx, gs[0], 0, nil) })
	gate.next(t)
	a, b := newGame("busy"), newGame("busy")
	b.Seats = append(b.Seats, Seat{UserID: "carol", Name: "Carol"})
	ra := start(func() error { return s.CreateGame(ctx, a) })
	waitQueued(t, s, 1)
	rb := start(func() error { return s.CreateGame(ctx, b) })
	waitQueued(t, s, 2)
	gate.proceed <- nil
	if n := gate.next(t); n != 2 {
		t.Fatalf("batch of %d", n)
	}
	gate.proceed <- nil
	waitDone(t, []*result{first, ra, rb})
	if ra.err != nil || !errors.Is(rb.err, ErrChannelBusy) || b.ID != 0 {
		t.Fatalf("creates: %v, %v (id %d)", ra.err, rb.err, b.ID)
	}
	if _, _, seats := stored(t, path, a.ID); seats != "Alice,Bob" {
		t.Fatalf("seats %q", seats)
	}
	var rows int
	s.read.QueryRow(`SELECT COUNT(*) FROM seats WHERE user_id = 'carol'`).Scan(&rows)
	if rows != 0 {
		t.Fatalf("%d seats left by the refused game", rows)
	}
}

// TestSaveRewritesChangedSeats: Save leaves unchanged seats alone but the
// stored seats are always exactly the game's, whatever changed.
func TestSaveRewritesChangedSeats(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c1")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		steps := [][]Seat{
			{{UserID: "alice", Name: "Alice", Accepted: true}, {UserID: "bob", Name: "Bob"}, {UserID: "carol", Name: "Carol", BotLevel: 2}},
			{{UserID: "alice", Name: "Alice", Accepted: true}, {UserID: "bob", Name: "Bobby", Accepted: true, DMHash: "h", DMFailed: true, Away: true}, {UserID: "carol", Name: "Carol", BotLevel: 2}},
			{{UserID: "dave", Name: "Dave"}},
			{{UserID: "dave", Name: "Dave"}},
			{},
		}
		for i, seats := range steps {
			g.Seats = seats
			if err := s.Save(ctx, g, g.Version, nil); err != nil {
				t.Fatal(err)
			}
			got, err := s.Game(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Seats) != len(seats) {
				t.Fatalf("step %d: %d seats, want %d", i, len(got.Seats), len(seats))
			}
			for j, st := range seats {
				st.Seat = j
				if got.Seats[j] != st {
					t.Fatalf("step %d seat %d: %+v, want %+v", i, j, got.Seats[j], st)
				}
			}
		}
	})
}

// TestGroupCommitPanicStaysWithItsWrite: a write that panics in a batch
// panics again in its own caller; the rest of the batch lands and the
// writer goes on.
func TestGroupCommitPanicStaysWithItsWrite(t *testing.T) {
	s, path := openTemp(t)
	gs := createN(t, s, 2)
	gate := holdCommits(t, s)
	ctx := context.Background()
	first := start(func() error { return s.Save(ctx, gs[0], 0, nil) })
	gate.next(t)
	var recovered atomic.Value
	panicked := new(result)
	go func() {
		defer func() {
			recovered.Store(fmt.Sprint(recover()))
			panicked.set(nil)
		}()
		s.group.do(ctx, func(ctx context.Context, tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, `UPDATE games SET version = 7 WHERE id = ?`, gs[0].ID); err != nil {
				return err
			}
			panic("boom")
		})
	}()
	waitQueued(t, s, 1)
	good := start(func() error { return s.Save(ctx, gs[1], 0, nil) })
	waitQueued(t, s, 2)
	gate.proceed <- nil
	if n := gate.next(t); n != 2 {
		t.Fatalf("batch of %d", n)
	}
	gate.proceed <- nil
	waitDone(t, []*result{first, panicked, good})
	if got := recovered.Load(); got != "boom" {
		t.Fatalf("the panicking write's caller recovered %v", got)
	}
	if good.err != nil || first.err != nil {
		t.Fatalf("saves: %v, %v", first.err, good.err)
	}
	if v, _, _ := stored(t, path, gs[0].ID); v != 1 {
		t.Fatalf("game 0 at version %d: the panicking write was not undone", v)
	}
	if v, _, _ := stored(t, path, gs[1].ID); v != 1 {
		t.Fatalf("game 1 at version %d", v)
	}
}

// syncMode reads the connection's synchronous setting from inside a write
// (1 NORMAL, 2 FULL), the mode its batch commits with.
func syncMode(mode *int) writeFunc {
	return func(ctx context.Context, tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(mode)
	}
}

// "A batch of soft writes alone commits with synchronous=NORMAL ... the
// next durable commit's sync carries it to the disk": soft writes commit
// under NORMAL, a durable write after them under FULL again, and a batch
// that mixes the two under FULL.
func TestSoftWritesSkipTheSync(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	var mode int
	check := func(what string, err error, want int) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if mode != want {
			t.Fatalf("%s committed with synchronous=%d, want %d", what, mode, want)
		}
	}
	check("a durable write", s.group.do(ctx, syncMode(&mode)), 2)
	check("a soft write", s.group.doSoft(ctx, syncMode(&mode)), 1)
	check("another soft write", s.group.doSoft(ctx, syncMode(&mode)), 1)
	check("a durable write after soft ones", s.group.do(ctx, syncMode(&mode)), 2)

	// A mixed batch: hold one commit while a soft and a durable write
	// queue behind it, so both run in the next batch.
	gate := holdCommits(t, s)
	first := start(func() error { return s.group.doSoft(ctx, syncMode(new(int))) })
	gate.next(t)
	var softMode, durableMode int
	soft := start(func() error { return s.group.doSoft(ctx, syncMode(&softMode)) })
	waitQueued(t, s, 1)
	durable := start(func() error { return s.group.do(ctx, syncMode(&durableMode)) })
	waitQueued(t, s, 2)
	gate.proceed <- nil
	if n := gate.next(t); n != 2 {
		t.Fatalf("the second batch holds %d writes, want 2", n)
	}
	gate.proceed <- nil
	rs := []*result{first, soft, durable}
	waitDone(t, rs)
	for _, r := range rs {
		if r.err != nil {
			t.Fatal(r.err)
		}
	}
	if softMode != 2 || durableMode != 2 {
		t.Fatalf("a batch with a durable write committed with synchronous=%d/%d, want FULL (2)", softMode, durableMode)
	}
}

// The turn message and DM records are soft, and what a soft write wrote is
// there for readers at once and after the store is closed and opened
// again (a crash of the process keeps the WAL).
func TestSoftRecordsReadBack(t *testing.T) {
	s, path := openTemp(t)
	ctx := context.Background()
	g := createN(t, s, 1)[0]
	g.MessageID, g.TurnOwner, g.Narration, g.PostPending = "m42", "seat:1", "Ann moved.", false
	var mode int
	for name, record := range map[string]func() error{
		"RecordDelivery of a DM": func() error {
			g.Seats[0].DMHash = "abc:def" // as the router keeps it
			return s.RecordDelivery(ctx, g, []int{0}, false)
		},
		"SetReminded":    func() error { return s.SetReminded(ctx, g.ID, time.Unix(1e9, 0)) },
		"SetUnreachable": func() error { return s.SetUnreachable(ctx, g.ID, time.Time{}) },
		"RecordDelivery": func() error { return s.RecordDelivery(ctx, g, []int{0}, false) },
	} {
		if err := s.group.do(ctx, syncMode(&mode)); err != nil || mode != 2 {
			t.Fatalf("a durable write committed with synchronous=%d (%v)", mode, err)
		}
		if err := record(); err != nil {
			t.Fatal(err)
		}
		if !s.group.normal {
			t.Errorf("%s committed with synchronous=FULL: it should be soft", name)
		}
	}
	// A move is durable.
	if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: 0, Move: "a1"}); err != nil {
		t.Fatal(err)
	}
	if s.group.normal {
		t.Error("a move's save committed with synchronous=NORMAL")
	}
	got, err := s.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageID != "m42" || got.Narration != "Ann moved." || got.Seats[0].DMHash != "abc:def" {
		t.Fatalf("read back %q %q %q", got.MessageID, got.Narration, got.Seats[0].DMHash)
	}
	s.Close()
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	got, err = s2.Game(ctx, g.ID)
	if err != nil || got.MessageID != "m42" {
		t.Fatalf("after reopening: %v %+v", err, got)
	}
}
