package storage

import (
	"context"
	"crypto/tls"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
)

// ErrUnavailable wraps a failure to reach the database at all: PostgreSQL
// stopped, restarting after a crash, or not answering within its deadline.
// Nothing about the game is wrong, and the same request may well succeed
// a moment later; a move whose commit was cut off may or may not have been
// saved.
var ErrUnavailable = errors.New("the database is unavailable")

// A player waits on every query: a connection must be made, and a statement
// answered, within these, or the request fails as unavailable in time for
// the bot to say so inside Discord's three seconds (a dead server refuses
// at once; these bound a server that hangs).
const (
	pgConnectTimeout    = 2 * time.Second
	pgStatementDeadline = 5 * time.Second
)

// unavailableError is ErrUnavailable with its cause. It still is the
// cause (database/sql retries a driver.ErrBadConn on a fresh connection).
type unavailableError struct{ err error }

func (e unavailableError) Error() string   { return "database unavailable: " + e.err.Error() }
func (e unavailableError) Unwrap() []error { return []error{ErrUnavailable, e.err} }

// connectionTrouble reports an error that says the server could not be
// reached or went away, rather than that a statement was wrong.
func connectionTrouble(err error) bool {
	var ce *pgconn.ConnectError
	var ne net.Error
	var pe *pgconn.PgError
	switch {
	case errors.As(err, &ce), errors.As(err, &ne), pgconn.Timeout(err):
		return true
	case errors.As(err, &pe):
		// Class 08: connection exception; 57P01-57P03: the server shutting
		// down, crashed, or not yet accepting connections.
		return strings.HasPrefix(pe.Code, "08") || pe.Code == "57P01" || pe.Code == "57P02" || pe.Code == "57P03"
	}
	return errors.Is(err, driver.ErrBadConn) || errors.Is(err, pgconn.ErrConnClosed) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
}

// classify marks err as ErrUnavailable when it is connection trouble or
// the statement's own deadline (bounded) passed while the caller (parent)
// still waited.
func classify(parent, bounded context.Context, err error) error {
	if err == nil {
		return nil
	}
	ownDeadline := bounded != parent && errors.Is(bounded.Err(), context.DeadlineExceeded) && parent.Err() == nil
	if ownDeadline || connectionTrouble(err) {
		return unavailableError{err}
	}
	return err
}

// unbounded marks a context whose statements may run long (migrations).
type unbounded struct{}

// pgConnector opens PostgreSQL connections whose failures to reach the
// server are ErrUnavailable, with a connect timeout and, if deadline > 0,
// a deadline on each statement and transaction.
func pgConnector(url string, deadline time.Duration) (driver.Connector, error) {
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = pgConnectTimeout
	}
	return guardedConnector{inner: stdlib.GetConnector(*cfg), deadline: deadline}, nil
}

type guardedConnector struct {
	inner    driver.Connector
	deadline time.Duration
}

func (c guardedConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, classify(ctx, ctx, err)
	}
	pc, ok := conn.(*stdlib.Conn)
	if !ok {
		conn.Close()
		return nil, errors.New("storage: pgx's connector made no *stdlib.Conn")
	}
	return &guardedConn{Conn: pc, deadline: c.deadline}, nil
}

func (c guardedConnector) Driver() driver.Driver { return c.inner.Driver() }

// guardedConn is a pgx connection whose errors are classified.
type guardedConn struct {
	*stdlib.Conn
	deadline time.Duration
}

var (
	_ driver.ExecerContext      = (*guardedConn)(nil)
	_ driver.QueryerContext     = (*guardedConn)(nil)
	_ driver.ConnBeginTx        = (*guardedConn)(nil)
	_ driver.ConnPrepareContext = (*guardedConn)(nil)
	_ driver.Pinger             = (*guardedConn)(nil)
	_ driver.SessionResetter    = (*guardedConn)(nil)
	_ driver.NamedValueChecker  = (*guardedConn)(nil)
)

func (c *guardedConn) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if c.deadline == 0 || ctx.Value(unbounded{}) != nil {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, c.deadline)
}

func (c *guardedConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	bctx, cancel := c.bound(ctx)
	defer cancel()
	r, err := c.Conn.ExecContext(bctx, query, args)
	return r, classify(ctx, bctx, err)
}

func (c *guardedConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	bctx, cancel := c.bound(ctx)
	rows, err := c.Conn.QueryContext(bctx, query, args)
	if err != nil {
		cancel()
		return nil, classify(ctx, bctx, err)
	}
	return &guardedRows{Rows: rows, parent: ctx, bctx: bctx, cancel: cancel}, nil
}

func (c *guardedConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	// pgx commits with the context the transaction began with: the
	// deadline covers the whole transaction and ends with it.
	bctx, cancel := c.bound(ctx)
	tx, err := c.Conn.BeginTx(bctx, opts)
	if err != nil {
		cancel()
		return nil, classify(ctx, bctx, err)
	}
	return &guardedTx{tx: tx, parent: ctx, bctx: bctx, cancel: cancel}, nil
}

func (c *guardedConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *guardedConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	bctx, cancel := c.bound(ctx)
	defer cancel()
	st, err := c.Conn.PrepareContext(bctx, query)
	return st, classify(ctx, bctx, err)
}

func (c *guardedConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *guardedConn) Ping(ctx context.Context) error {
	bctx, cancel := c.bound(ctx)
	defer cancel()
	return classify(ctx, bctx, c.Conn.Ping(bctx))
}

func (c *guardedConn) ResetSession(ctx context.Context) error {
	if stale(c.Conn) {
		return driver.ErrBadConn // database/sql takes another, or a new one
	}
	return classify(ctx, ctx, c.Conn.ResetSession(ctx))
}

// stale reports a pooled connection that its server closed, or wrote to,
// while it sat idle: after a server restarts, its old connections would
// take a query and only then fail (the write goes out, the read finds the
// end), telling a player the storage is unavailable when it is back. One
// peek at the socket, without waiting, finds them before they are used.
func stale(c *stdlib.Conn) bool {
	nc := c.Conn().PgConn().Conn()
	if tc, ok := nc.(*tls.Conn); ok {
		nc = tc.NetConn()
	}
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return false
	}
	dead := false
	var b [1]byte
	// Control, not Read: pgx may have a reader of its own parked on the
	// socket (its background reader outlives a write), holding the read
	// side; the peek neither waits nor takes anything from it.
	raw.Control(func(fd uintptr) {
		_, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		// Nothing to read is a live, idle connection; the end of the
		// stream (n == 0), a message nobody asked for (n > 0) or an error
		// is not.
		dead = !errors.Is(err, syscall.EAGAIN)
	})
	return dead
}

type guardedTx struct {
	tx           driver.Tx
	parent, bctx context.Context
	cancel       context.CancelFunc
}

func (t *guardedTx) Commit() error {
	defer t.cancel()
	return classify(t.parent, t.bctx, t.tx.Commit())
}

func (t *guardedTx) Rollback() error {
	defer t.cancel()
	return classify(t.parent, t.bctx, t.tx.Rollback())
}

type guardedRows struct {
	driver.Rows
	parent, bctx context.Context
	cancel       context.CancelFunc
}

func (r *guardedRows) Next(dest []driver.Value) error {
	err := r.Rows.Next(dest)
	if err == io.EOF {
		return err // the end of the rows
	}
	return classify(r.parent, r.bctx, err)
}

func (r *guardedRows) Close() error {
	defer r.cancel()
	return r.Rows.Close()
}
