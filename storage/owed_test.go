package storage

import (
	"context"
	"slices"
	"testing"
)

// What a game owes is written with the delivery that left it owed, read
// back by any process, listed for the clock when a private message is
// owed, and gone once the delivery that sends it records an empty Owed.
func TestOwedMessagesAreStoredWithTheDelivery(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		g := newGame("c-owed")
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		g.PostPending = true
		g.Owed = &Owed{Pings: []string{"alice"}, PingsKnown: true, Private: map[string]OwedPrivate{"bob": {Ping: true, Urgent: true}}}
		if err := s.RecordDelivery(ctx, g, nil, false); err != nil {
			t.Fatal(err)
		}
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.HasOwed {
			t.Fatal("the game does not say it owes messages")
		}
		o, err := s.LoadOwed(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !o.PingsKnown || !slices.Equal(o.Pings, []string{"alice"}) || o.Private["bob"] != (OwedPrivate{Ping: true, Urgent: true}) {
			t.Fatalf("read back %+v", o)
		}
		list, err := s.OwedGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].ID != g.ID || list[0].Guild != "g1" || !list[0].Urgent {
			t.Fatalf("owed games %+v", list)
		}
		// Nobody to ping is known too.
		g.Owed = &Owed{PingsKnown: true}
		if err := s.RecordDelivery(ctx, g, nil, false); err != nil {
			t.Fatal(err)
		}
		if o, _ := s.LoadOwed(ctx, g.ID); !o.PingsKnown || len(o.Pings) != 0 || len(o.Private) != 0 {
			t.Fatalf("read back %+v, want pings known: nobody", o)
		}
		if list, _ := s.OwedGames(ctx); len(list) != 0 {
			t.Fatalf("owed games %+v with no private message owed", list)
		}
		g.Owed = &Owed{}
		if err := s.RecordDelivery(ctx, g, nil, false); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Game(ctx, g.ID); got.HasOwed {
			t.Fatal("the game still says it owes messages")
		}
	})
}
