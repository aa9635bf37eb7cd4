package storage

import (
	"context"
	"errors"
	"testing"

	"standoff/internal/games"
	"standoff/storage/pgtest"
)

// TestPostgresDownIsUnavailable: a pool whose connections a killed server
// closed works on the restarted server at once; while the server is
// killed, reads, moves and opening the store fail with ErrUnavailable (what
// the bot tells players as "briefly unavailable"), not with a bare driver
// error; once it is back the same store works again by itself; a refusal
// by a live
// server (a second game in a channel, a game that does not exist) is not
// unavailability. A server that hangs gives ErrUnavailable too, once the
// statement deadline has passed.
func TestPostgresDownIsUnavailable(t *testing.T) {
	srv := pgtest.Start(t)
	url := srv.URL(t)
	s, err := Open(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ctx := context.Background()
	g := newGame("c1")
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	unavailable := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s: %v, want ErrUnavailable", what, err)
		}
	}
	live := func(what string, err, want error) {
		t.Helper()
		if !errors.Is(err, want) || errors.Is(err, ErrUnavailable) {
			t.Errorf("%s on a live server: %v, want %v and not ErrUnavailable", what, err, want)
		}
	}

	// Several idle connections in the pool when the server dies.
	readAll := func() error { return readsAtOnce(s, g.ID, 8) }
	if err := readAll(); err != nil {
		t.Fatal(err)
	}
	srv.Kill()
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	if err := readAll(); err != nil {
		t.Errorf("reads on the restarted server, from a pool whose connections the old one closed: %v", err)
	}
	srv.Kill()
	_, err = s.Game(ctx, g.ID)
	unavailable("a read with the server killed", err)
	g.State = []byte(`{"n":1}`)
	unavailable("a move with the server killed", s.Save(ctx, g, 0, &games.SeatMove{Seat: 0, Move: "m"}))
	_, err = s.Lock(ctx, g.ID)
	unavailable("a game's lock with the server killed", err)
	_, err = Open(url)
	unavailable("opening the store with the server killed", err)

	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(ctx, g, 0, &games.SeatMove{Seat: 0, Move: "m"}); err != nil {
		t.Fatalf("a move once the server is back: %v", err)
	}
	_, err = s.Game(ctx, g.ID+1000)
	live("a game that does not exist", err, ErrNoGame)
	live("a second game in the channel", s.CreateGame(ctx, newGame("c1")), ErrChannelBusy)

	srv.Freeze()
	_, err = s.Game(ctx, g.ID)
	srv.Thaw()
	unavailable("a read from a server that hangs", err)
	if _, err := s.Game(ctx, g.ID); err != nil {
		t.Errorf("a read once the server answers again: %v", err)
	}
}

// readsAtOnce reads a game from n goroutines at once (as many connections
// from the pool) and returns the first error.
func readsAtOnce(s *Store, id int64, n int) error {
	errs := make(chan error, n)
	for range n {
		go func() {
			_, err := s.Game(context.Background(), id)
			errs <- err
		}()
	}
	var first error
	for range n {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}
