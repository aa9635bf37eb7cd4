package storage

import (
	"context"
	"testing"
)

// OpenGames lists the lobbies and the games being played, oldest first,
// and nothing that has ended.
func TestOpenGames(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		lobby, active, ended := newGame("c1"), newGame("c2"), newGame("c3")
		lobby.Status, lobby.State = Lobby, nil
		ended.Status = Finished
		for _, g := range []*Game{lobby, active, ended} {
			if err := s.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.OpenGames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].ID != lobby.ID || got[1].ID != active.ID || got[0].Status != Lobby || len(got[1].Seats) != 2 {
			t.Errorf("open games %+v, want the lobby then the active game", got)
		}
	})
}
