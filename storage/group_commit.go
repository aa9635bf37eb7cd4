package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// Group commit for SQLite's one writer connection. With synchronous=FULL
// every COMMIT waits for the WAL to reach the disk, and writes on one
// connection go one after another, so under load moves queue behind the
// syncs. Writes that arrive while a commit is in progress are gathered and
// run together in the next transaction, each inside its own SAVEPOINT (a
// write's failure, such as Save's ErrConflict, rolls back that write alone
// and reaches only its caller), and the whole batch pays one COMMIT and one
// sync. Nobody hears back before that COMMIT returned.
//
// There is no timer: a write that finds the writer idle runs at once, on
// its caller's goroutine. Batches only form from writes that arrived while
// the previous batch was running.
//
// A write is durable (moves, games, results: the default) or soft
// (bookkeeping the bot can redo: which message shows the turn, which DM a
// seat last got, when it was reminded). A batch of soft writes alone
// commits with synchronous=NORMAL: it reaches the WAL, so it survives a
// crash of the process, but the WAL is not synced for it; the next durable
// commit's sync carries it to the disk. Under load that was about a third
// of the syncs, and the syncs cost more than SQLite itself: with none at all
// the bot played a fifth more moves a second. A power cut can take back a
// soft write and nothing after it, and what it recorded is then redone
// (a turn message still owed by its move's save is posted again, a DM is
// sent again).

// maxBatch bounds a batch, and so how long the first write of a batch waits
// for the last one to run before all of them commit.
const maxBatch = 64

// errClosed is returned for a write that arrives after Close.
var errClosed = errors.New("the database is closed")

// writeFunc is one write: its statements, run on the batch's transaction.
// It must not keep tx.
type writeFunc func(ctx context.Context, tx *sql.Tx) error

// The life of a queued write. The caller giving up and the batch taking the
// write race on one compare-and-swap, so exactly one of them wins: a write
// that is taken runs to the end; one that is cancelled never runs.
const (
	writeQueued int32 = iota
	writeTaken
	writeCancelled
)

type pendingWrite struct {
	run      writeFunc
	soft     bool // bookkeeping: need not be synced before its caller hears
	state    atomic.Int32
	err      error         // the write's result, set before done closes
	panicked any           // what the write panicked with, raised again in its caller
	done     chan struct{} // closed once the batch's COMMIT (or ROLLBACK) returned
}

type groupCommit struct {
	db *sql.DB // one connection, transactions BEGIN IMMEDIATE

	mu      sync.Mutex
	queue   []*pendingWrite
	running bool // a goroutine is running batches: newcomers queue
	closed  bool
	idle    *sync.Cond // signalled when running turns false

	// normal is true while the connection commits with synchronous=NORMAL
	// (after a batch of soft writes); only the goroutine running batches
	// reads or changes it.
	normal bool

	// Test hooks, nil outside tests: beforeCommit runs after a batch's
	// writes and before its COMMIT, with the batch's size; an error from it
	// takes the place of the COMMIT's (the transaction is rolled back).
	beforeCommit func(size int) error
}

func newGroupCommit(db *sql.DB) *groupCommit {
	w := &groupCommit{db: db}
	w.idle = sync.NewCond(&w.mu)
	return w
}

// do runs one write, alone or in a batch, and returns once its transaction
// committed or rolled back. A caller whose ctx ends while the write still
// waits in the queue gets ctx.Err() and the write never runs.
func (w *groupCommit) do(ctx context.Context, run writeFunc) error {
	return w.enqueue(ctx, &pendingWrite{run: run, done: make(chan struct{})})
}

// doSoft is do for a soft write: one whose commit need not be synced
// before its caller hears (see the top of the file).
func (w *groupCommit) doSoft(ctx context.Context, run writeFunc) error {
	return w.enqueue(ctx, &pendingWrite{run: run, soft: true, done: make(chan struct{})})
}

func (w *groupCommit) enqueue(ctx context.Context, p *pendingWrite) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return errClosed
	}
	w.queue = append(w.queue, p)
	lead := !w.running
	w.running = true
	w.mu.Unlock()
	if lead {
		// The queue was empty (running is false only then), so this write
		// is first in the batch about to run.
		w.lead()
		return p.result()
	}
	select {
	case <-p.done:
	case <-ctx.Done():
		if p.state.CompareAndSwap(writeQueued, writeCancelled) {
			return ctx.Err()
		}
		// Already taken into a batch: it completes, and its caller hears
		// how it went.
	}
	return p.result()
}

// result waits for the write's batch and returns how the write went. A
// write that panicked panics again here, in its own caller, as it would
// have without batching; the rest of its batch went on without it.
func (p *pendingWrite) result() error {
	<-p.done
	if p.panicked != nil {
		panic(p.panicked)
	}
	return p.err
}

// runWrite runs one write, turning a panic into an error for the batch's
// sake; the caller gets the panic back from result.
func runWrite(ctx context.Context, tx *sql.Tx, p *pendingWrite) (err error) {
	defer func() {
		if r := recover(); r != nil {
			p.panicked = r
			err = fmt.Errorf("the write panicked: %v", r)
		}
	}()
	return p.run(ctx, tx)
}

// lead runs the batch that holds the caller's own write. Writes that
// queued meanwhile are served by a goroutine of their own, so that the
// caller who led returns as soon as its batch committed rather than serving
// everyone after it.
func (w *groupCommit) lead() {
	w.runBatch(w.take())
	if w.busy() {
		go w.serve()
	}
}

// serve runs batches until none is waiting. One goroutine keeps the writer
// for the whole busy spell: handing it from goroutine to goroutine after
// each batch would leave it waiting for the scheduler on a busy machine.
func (w *groupCommit) serve() {
	for {
		w.runBatch(w.take())
		if !w.busy() {
			return
		}
	}
}

// busy reports whether writes are queued; when none are, the writer turns
// idle and the next write runs at once on its caller's goroutine.
func (w *groupCommit) busy() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.queue) > 0 {
		return true
	}
	w.running = false
	w.idle.Broadcast()
	return false
}

// take removes up to maxBatch writes from the head of the queue, dropping
// those whose callers gave up.
func (w *groupCommit) take() []*pendingWrite {
	w.mu.Lock()
	defer w.mu.Unlock()
	batch := make([]*pendingWrite, 0, min(len(w.queue), maxBatch))
	i := 0
	for ; i < len(w.queue) && len(batch) < maxBatch; i++ {
		if p := w.queue[i]; p.state.CompareAndSwap(writeQueued, writeTaken) {
			batch = append(batch, p)
		}
	}
	n := copy(w.queue, w.queue[i:])
	clear(w.queue[n:])
	w.queue = w.queue[:n]
	return batch
}

func (w *groupCommit) runBatch(batch []*pendingWrite) {
	if len(batch) == 0 {
		return
	}
	if err := w.execBatch(batch); err != nil {
		// The transaction did not commit: nothing of the batch is written.
		// A write that had failed on its own keeps its own error (it was
		// rolled back either way); the others hear why the batch failed.
		for _, p := range batch {
			if p.err == nil {
				p.err = err
			}
		}
	}
	for _, p := range batch {
		close(p.done)
	}
}

// execBatch runs the batch's writes in one transaction and commits it. Each
// write's own error is left in its err; the error returned is the
// transaction's, which every write shares.
func (w *groupCommit) execBatch(batch []*pendingWrite) error {
	// The writes run to the end whatever their callers' contexts do now:
	// their callers wait for the COMMIT. A context that is never done also
	// spares go-sqlite3 its interrupt watcher on every statement.
	ctx := context.Background()
	if err := w.syncFor(ctx, batch); err != nil {
		return err
	}
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if len(batch) == 1 {
		// Alone, the transaction is the write's savepoint.
		p := batch[0]
		if p.err = runWrite(ctx, tx, p); p.err != nil {
			return rollback(tx, nil)
		}
	} else {
		ok := 0
		for _, p := range batch {
			if _, err := tx.ExecContext(ctx, `SAVEPOINT write`); err != nil {
				return rollback(tx, err)
			}
			if p.err = runWrite(ctx, tx, p); p.err != nil {
				// Some errors (a full disk, I/O) make SQLite roll back the
				// whole transaction, and then the savepoint is gone too:
				// the batch fails as one.
				if _, err := tx.ExecContext(ctx, `ROLLBACK TO write`); err != nil {
					return rollback(tx, fmt.Errorf("undo a failed write (%v): %w", p.err, err))
				}
			} else {
				ok++
			}
			if _, err := tx.ExecContext(ctx, `RELEASE write`); err != nil {
				return rollback(tx, err)
			}
		}
		if ok == 0 {
			return rollback(tx, nil)
		}
	}
	if w.beforeCommit != nil {
		if err := w.beforeCommit(len(batch)); err != nil {
			return rollback(tx, err)
		}
	}
	return tx.Commit()
}

// syncFor sets the connection's synchronous mode for a batch: NORMAL when
// every write in it is soft, FULL as soon as one is durable. A durable
// batch never commits while the mode is unknown: if FULL cannot be set
// again, the batch fails.
func (w *groupCommit) syncFor(ctx context.Context, batch []*pendingWrite) error {
	soft := true
	for _, p := range batch {
		soft = soft && p.soft
	}
	if soft == w.normal {
		return nil
	}
	mode := "FULL"
	if soft {
		mode = "NORMAL"
	}
	// Outside a transaction, on the writer's one connection (the pool
	// holds exactly one: the next BeginTx gets the same one).
	if _, err := w.db.ExecContext(ctx, "PRAGMA synchronous = "+mode); err != nil {
		if !soft {
			// normal stays true: FULL is tried again before the next
			// durable batch.
			return fmt.Errorf("set synchronous=FULL for a durable commit: %w", err)
		}
		return nil // a soft batch may commit under FULL
	}
	w.normal = soft
	return nil
}

// rollback ends tx without its changes and returns err.
func rollback(tx *sql.Tx, err error) error {
	tx.Rollback()
	return err
}

// close waits for the writes already queued and refuses new ones.
func (w *groupCommit) close() {
	w.mu.Lock()
	w.closed = true
	for w.running {
		w.idle.Wait()
	}
	w.mu.Unlock()
}
