package storage

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"standoff/internal/rhythm"
)

// Player is one player's own settings (rhythm.Settings) and what the clock
// owes them: held notifications to send at HeldUntil, the next daily
// digest at DigestNext (zero: nothing).
type Player struct {
	UserID string
	rhythm.Settings
	HeldUntil  time.Time
	DigestNext time.Time
}

const playerColumns = `user_id, how, zone, quiet_from, quiet_to, heads_up, digest_at, away_from, away_until, held_until, digest_next`

func scanPlayer(row scanner) (Player, error) {
	var p Player
	var how string
	var from, to, digestAt int
	var headsUp bool
	var awayFrom, awayUntil, held, digest int64
	if err := row.Scan(&p.UserID, &how, &p.Zone, &from, &to, &headsUp, &digestAt, &awayFrom, &awayUntil, &held, &digest); err != nil {
		return Player{}, err
	}
	p.How, p.HeadsUp = rhythm.How(how), headsUp
	p.Quiet = rhythm.Window{From: rhythm.Clock(from), To: rhythm.Clock(to)}
	p.Digest, p.DigestAt = digestAt >= 0, rhythm.Clock(max(digestAt, 0))
	p.AwayFrom, p.AwayUntil = fromUnix(awayFrom), fromUnix(awayUntil)
	p.HeldUntil, p.DigestNext = fromUnix(held), fromUnix(digest)
	return p, nil
}

// Player reads a player's settings; the defaults when they chose none.
func (s *Store) Player(ctx context.Context, userID string) (Player, error) {
	p, err := scanPlayer(s.read.QueryRowContext(ctx, s.q(`SELECT `+playerColumns+` FROM players WHERE user_id = ?`), userID))
	if errors.Is(err, sql.ErrNoRows) {
		return Player{UserID: userID}, nil
	}
	return p, err
}

// Players reads the settings of several players at once (each with the
// defaults when they chose none): the players one message concerns.
func (s *Store) Players(ctx context.Context, userIDs []string) (map[string]Player, error) {
	out := make(map[string]Player, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(userIDs))
	for i, id := range userIDs {
		args[i] = id
		out[id] = Player{UserID: id}
	}
	marks := strings.TrimSuffix(strings.Repeat("?, ", len(userIDs)), ", ")
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT `+playerColumns+` FROM players WHERE user_id IN (`+marks+`)`), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanPlayer(rows)
		if err != nil {
			return nil, err
		}
		out[p.UserID] = p
	}
	return out, rows.Err()
}

// SavePlayer writes a player's settings and the time of their next
// digest. What is held for them (Hold) is left as it is.
func (s *Store) SavePlayer(ctx context.Context, p Player) error {
	digestAt := -1
	if p.Digest {
		digestAt = int(p.DigestAt)
	}
	how := string(p.How)
	if how == "" {
		how = string(rhythm.Mention)
	}
	return s.exec(ctx, `INSERT INTO players (user_id, how, zone, quiet_from, quiet_to, heads_up, digest_at, away_from, away_until, digest_next)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET how = excluded.how, zone = excluded.zone, quiet_from = excluded.quiet_from,
			quiet_to = excluded.quiet_to, heads_up = excluded.heads_up, digest_at = excluded.digest_at,
			away_from = excluded.away_from, away_until = excluded.away_until, digest_next = excluded.digest_next`,
		p.UserID, how, p.Zone, int(p.Quiet.From), int(p.Quiet.To), b2i(p.HeadsUp), digestAt,
		unix(p.AwayFrom), unix(p.AwayUntil), unix(p.DigestNext))
}

// Hold keeps a notification about a game back for a player until
// "until" (rhythm.Decide): the game's strongest event held so far, and the
// player's earliest release time, are kept.
func (s *Store) Hold(ctx context.Context, userID string, gameID int64, event rhythm.Event, at, until time.Time) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO held (user_id, game_id, event, at) VALUES (?, ?, ?, ?)
			ON CONFLICT (user_id, game_id) DO UPDATE SET at = excluded.at,
				event = CASE WHEN held.event > excluded.event THEN held.event ELSE excluded.event END`),
			userID, gameID, int(event), unix(at)); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, s.q(`INSERT INTO players (user_id, held_until) VALUES (?, ?)
			ON CONFLICT (user_id) DO UPDATE SET held_until = CASE
				WHEN players.held_until = 0 OR players.held_until > excluded.held_until THEN excluded.held_until
				ELSE players.held_until END`), userID, unix(until))
		return err
	})
}

// HeldGame is a game something was held back about.
type HeldGame struct {
	rhythm.Held
	Guild, Kind string
	At          time.Time
}

// TakeHeld claims what was held for a player and due at due (their
// HeldUntil as DuePlayers read it): their release time is cleared and the
// held rows are read and removed in one transaction. When another process
// (or an earlier tick) claimed it first, or it was moved, ok is false and
// nothing changes.
func (s *Store) TakeHeld(ctx context.Context, userID string, due time.Time) (held []HeldGame, ok bool, err error) {
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		held, ok = nil, false
		res, err := tx.ExecContext(ctx, s.q(`UPDATE players SET held_until = 0 WHERE user_id = ? AND held_until = ?`), userID, unix(due))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		ok = true
		rows, err := tx.QueryContext(ctx, s.q(`SELECT h.game_id, h.event, h.at, g.guild, g.channel, g.kind
			FROM held h JOIN games g ON g.id = h.game_id WHERE h.user_id = ? AND h.at <= ? ORDER BY h.game_id`), userID, unix(due))
		if err != nil {
			return err
		}
		for rows.Next() {
			var h HeldGame
			var event int
			var at int64
			if err := rows.Scan(&h.Game, &event, &at, &h.Guild, &h.Channel, &h.Kind); err != nil {
				rows.Close()
				return err
			}
			h.Event, h.At = rhythm.Event(event), fromUnix(at)
			held = append(held, h)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM held WHERE user_id = ? AND at <= ?`), userID, unix(due))
		return err
	})
	return held, ok, err
}

// ReleaseHeldAt moves a player's release time earlier, to at (a player
// back from time away early gets what waited for them now).
func (s *Store) ReleaseHeldAt(ctx context.Context, userID string, at time.Time) error {
	return s.exec(ctx, `UPDATE players SET held_until = ? WHERE user_id = ? AND held_until > ?`, unix(at), userID, unix(at))
}

// AdvanceDigest claims a player's digest due at due by setting the next
// one to next; ok is false when another process claimed it first.
func (s *Store) AdvanceDigest(ctx context.Context, userID string, due, next time.Time) (ok bool, err error) {
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE players SET digest_next = ? WHERE user_id = ? AND digest_next = ?`),
			unix(next), userID, unix(due))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		ok = n == 1
		return err
	})
	return ok, err
}

// DuePlayers lists the players the clock owes something at now: held
// notifications to release, or a digest. Only those rows are read (two
// partial indexes), however many players have settings.
func (s *Store) DuePlayers(ctx context.Context, now time.Time) ([]Player, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT `+playerColumns+` FROM players WHERE held_until > 0 AND held_until <= ?
		UNION SELECT `+playerColumns+` FROM players WHERE digest_next > 0 AND digest_next <= ?`), unix(now), unix(now))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Player
	for rows.Next() {
		p, err := scanPlayer(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
