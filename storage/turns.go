package storage

import (
	"context"
	"strings"
	"time"
)

// Turn is one game being played that waits on a player, or in which they
// are next: what /game turns and the daily digest list.
type Turn struct {
	GameID               int64
	Guild, Channel, Kind string
	Seat                 int
	Since                time.Time // when the game began waiting on them; zero when they are only next
	NextAfter            string    // whom they are next after, when not waited on
	TurnStartedAt        time.Time
	TurnLimit, TurnBank  time.Duration
	BankSpent            time.Duration
	People               int // seats people play: a turn limit applies only with more than one
	// Challenge: the game is a challenge waiting on the player to accept.
	Challenge bool
	// Names are the game's seats' names in seat order (the player's own at
	// Seat), the bot's seats too.
	Names []string
	// Parent is the channel the game's own thread hangs from; "" when the
	// game is not in a thread started for it.
	Parent string
}

// Opponents are the names of the other seats.
func (t Turn) Opponents() []string {
	var out []string
	for i, n := range t.Names {
		if i != t.Seat {
			out = append(out, n)
		}
	}
	return out
}

// Turns lists the games being played that wait on a user or in which they
// are next, and the challenges waiting for them to accept, on one server
// (guild "" for every server), those waiting on them first, newest first.
// It reads the seats index of who is waited on, never a game's state.
func (s *Store) Turns(ctx context.Context, userID, guild string) ([]Turn, error) {
	query := `SELECT g.id, g.guild, g.channel, g.kind, s.seat, s.waiting_since, s.next_after, g.turn_started_at, g.turn_limit,
			g.turn_bank, s.bank_spent, (SELECT COUNT(*) FROM seats p WHERE p.game_id = g.id AND p.bot_level = 0),
			g.status, COALESCE(t.parent, '')
		FROM seats s JOIN games g ON g.id = s.game_id
		LEFT JOIN game_threads t ON t.thread = g.channel AND t.game_id = g.id
		WHERE s.user_id = ? AND s.bot_level = 0 AND (s.waiting_since > 0 OR s.next_after <> '') AND g.status IN ('active', 'lobby')`
	args := []any{userID}
	if guild != "" {
		query += ` AND g.guild = ?`
		args = append(args, guild)
	}
	query += ` ORDER BY CASE WHEN s.waiting_since > 0 THEN 0 ELSE 1 END, s.waiting_since DESC, g.turn_started_at DESC, g.id DESC`
	rows, err := s.read.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Turn
	for rows.Next() {
		var t Turn
		var since, started, limit, bank, spent int64
		var status string
		if err := rows.Scan(&t.GameID, &t.Guild, &t.Channel, &t.Kind, &t.Seat, &since, &t.NextAfter, &started, &limit,
			&bank, &spent, &t.People, &status, &t.Parent); err != nil {
			return nil, err
		}
		t.Since, t.TurnStartedAt = fromUnix(since), fromUnix(started)
		t.TurnLimit, t.TurnBank, t.BankSpent = time.Duration(limit)*time.Second, time.Duration(bank)*time.Second, time.Duration(spent)*time.Second
		t.Challenge = Status(status) == Lobby
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	return out, s.turnNames(ctx, out)
}

// turnNames fills each listed game's seat names, in one query.
func (s *Store) turnNames(ctx context.Context, turns []Turn) error {
	if len(turns) == 0 {
		return nil
	}
	at := map[int64][]int{}
	var args []any
	for i, t := range turns {
		if _, ok := at[t.GameID]; !ok {
			args = append(args, t.GameID)
		}
		at[t.GameID] = append(at[t.GameID], i)
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(args)), ", ")
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT game_id, name FROM seats WHERE game_id IN (`+marks+`) ORDER BY game_id, seat`), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return err
		}
		for _, i := range at[id] {
			turns[i].Names = append(turns[i].Names, name)
		}
	}
	return rows.Err()
}

// Playing lists the games being played in which a user plays a seat of
// their own (not handed to the bot), oldest first: the tables told when
// they go away or come back.
func (s *Store) Playing(ctx context.Context, userID string) ([]Turn, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT g.id, g.guild, g.channel, g.kind, s.seat
		FROM seats s JOIN games g ON g.id = s.game_id
		WHERE s.user_id = ? AND s.bot_level = 0 AND s.away = 0 AND g.status = 'active' ORDER BY g.id`), userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Turn
	for rows.Next() {
		var t Turn
		if err := rows.Scan(&t.GameID, &t.Guild, &t.Channel, &t.Kind, &t.Seat); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
