package storage

import (
	"context"
	"database/sql"
	"sort"
)

// Owed is what Discord's rate limits held back of a game's messages and a
// redo still owes, beyond the game's own marks (PostPending,
// RefreshPending, each seat's DMHash): decisions taken with the change
// that was held back, which a redo cannot take anew (who was newly waited
// on, who acted). It is stored, not kept in a process, so that another
// process or a restart redoes it as this one would have.
type Owed struct {
	// Pings are whom the owed turn message pings, when PingsKnown (a game
	// owed from before this was stored pings whoever it waits on).
	Pings      []string
	PingsKnown bool
	// Private holds, per user, their owed private message.
	Private map[string]OwedPrivate
}

// OwedPrivate is one user's owed private message.
type OwedPrivate struct {
	// Ping: should their DM prove closed, the channel says so with a
	// mention (decided when it was held back).
	Ping bool
	// Urgent: it brings a decision the game waits on them for.
	Urgent bool
}

// Empty says nothing is owed.
func (o *Owed) Empty() bool {
	return o == nil || !o.PingsKnown && len(o.Pings) == 0 && len(o.Private) == 0
}

// Clone is a deep copy (nil stays nil).
func (o *Owed) Clone() *Owed {
	if o == nil {
		return nil
	}
	c := &Owed{Pings: append([]string(nil), o.Pings...), PingsKnown: o.PingsKnown}
	if o.Private != nil {
		c.Private = make(map[string]OwedPrivate, len(o.Private))
		for u, p := range o.Private {
			c.Private[u] = p
		}
	}
	return c
}

const (
	owedPing    = 1
	owedPrivate = 2
)

// LoadOwed reads what a game owes (an empty Owed when nothing).
func (s *Store) LoadOwed(ctx context.Context, game int64) (*Owed, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT user_id, what, ping, urgent FROM owed_messages WHERE game_id = ? ORDER BY what, user_id`), game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	o := &Owed{}
	for rows.Next() {
		var user string
		var what int
		var ping, urgent bool
		if err := rows.Scan(&user, &what, &ping, &urgent); err != nil {
			return nil, err
		}
		switch what {
		case owedPing:
			o.PingsKnown = true
			if user != "" {
				o.Pings = append(o.Pings, user)
			}
		case owedPrivate:
			if o.Private == nil {
				o.Private = map[string]OwedPrivate{}
			}
			o.Private[user] = OwedPrivate{Ping: ping, Urgent: urgent}
		}
	}
	return o, rows.Err()
}

// writeOwed replaces what the game owes, in the delivery's transaction.
func (s *Store) writeOwed(ctx context.Context, tx *sql.Tx, game int64, o *Owed) error {
	if _, err := tx.ExecContext(ctx, s.q(`DELETE FROM owed_messages WHERE game_id = ?`), game); err != nil {
		return err
	}
	insert := func(user string, what int, ping, urgent bool) error {
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO owed_messages (game_id, user_id, what, ping, urgent) VALUES (?, ?, ?, ?, ?)`),
			game, user, what, b2i(ping), b2i(urgent))
		return err
	}
	if o.PingsKnown {
		if err := insert("", owedPing, false, false); err != nil {
			return err
		}
		for _, u := range o.Pings {
			if u == "" {
				continue
			}
			if err := insert(u, owedPing, false, false); err != nil {
				return err
			}
		}
	}
	users := make([]string, 0, len(o.Private))
	for u := range o.Private {
		users = append(users, u)
	}
	sort.Strings(users)
	for _, u := range users {
		if err := insert(u, owedPrivate, o.Private[u].Ping, o.Private[u].Urgent); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, s.q(`UPDATE games SET owed = ? WHERE id = ?`), b2i(!o.Empty()), game)
	return err
}

// OwedGame is a game that owes a private message.
type OwedGame struct {
	ID    int64
	Guild string
	// Urgent: one of them brings a decision the game waits on.
	Urgent bool
}

// OwedGames lists the games that owe a private message: after a restart,
// or when another process that owed it stopped, nothing else would send
// it before the game's next change.
func (s *Store) OwedGames(ctx context.Context) ([]OwedGame, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT games.id, games.guild, MAX(owed_messages.urgent) FROM games
		JOIN owed_messages ON owed_messages.game_id = games.id AND owed_messages.what = ?
		WHERE games.owed = 1 GROUP BY games.id, games.guild ORDER BY games.id`), owedPrivate)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []OwedGame
	for rows.Next() {
		var g OwedGame
		var urgent int
		if err := rows.Scan(&g.ID, &g.Guild, &urgent); err != nil {
			return nil, err
		}
		g.Urgent = urgent != 0
		out = append(out, g)
	}
	return out, rows.Err()
}
