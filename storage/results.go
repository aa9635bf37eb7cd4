package storage

import (
	"context"
	"database/sql"
)

// writeResults writes one finished game's results and, the first time they
// are written, rates the game (rate): in the caller's transaction.
func (s *Store) writeResults(ctx context.Context, tx *sql.Tx, results []Result) error {
	if len(results) == 0 {
		return nil
	}
	var known int
	if err := tx.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM results WHERE game_id = ?`), results[0].GameID).Scan(&known); err != nil {
		return err
	}
	for _, r := range results {
		var score any
		if r.Score != nil {
			score = *r.Score
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO results
			(game_id, seat, guild, channel, kind, user_id, automated, rank, score, players, finished_at, outcome, away)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (game_id, seat) DO UPDATE SET rank = excluded.rank, score = excluded.score, finished_at = excluded.finished_at,
				outcome = excluded.outcome, away = excluded.away`),
			r.GameID, r.Seat, r.Guild, r.Channel, r.Kind, r.UserID, b2i(r.Automated), r.Rank, score, r.Players, unix(r.FinishedAt), r.Outcome, b2i(r.Away)); err != nil {
			return err
		}
	}
	if known > 0 {
		return nil
	}
	return s.rate(ctx, tx, results)
}

// ResultFilter narrows a results query; empty fields match everything.
type ResultFilter struct {
	Guild   string
	Channel string
	Kind    string
	UserID  string
	// WithThreads widens Channel to the threads started from it
	// (RecordThread).
	WithThreads bool
}

// Results lists the seats' results of finished games matching f, newest first.
func (s *Store) Results(ctx context.Context, f ResultFilter) ([]Result, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT game_id, seat, guild, channel, kind, user_id, automated, rank, score, players, finished_at, outcome, away
		FROM results
		WHERE (? = '' OR guild = ?) AND (? = '' OR channel = ? OR (? = 1 AND channel IN (SELECT thread FROM game_threads WHERE parent = ?)))
		AND (? = '' OR kind = ?) AND (? = '' OR user_id = ?)
		ORDER BY finished_at DESC, game_id DESC, seat`),
		f.Guild, f.Guild, f.Channel, f.Channel, b2i(f.WithThreads), f.Channel, f.Kind, f.Kind, f.UserID, f.UserID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Result
	for rows.Next() {
		var r Result
		var score sql.NullInt64
		var at int64
		if err := rows.Scan(&r.GameID, &r.Seat, &r.Guild, &r.Channel, &r.Kind, &r.UserID, &r.Automated, &r.Rank, &score, &r.Players, &at, &r.Outcome, &r.Away); err != nil {
			return nil, err
		}
		if score.Valid {
			v := int(score.Int64)
			r.Score = &v
		}
		r.FinishedAt = fromUnix(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// FinishedWithoutResults lists finished games that have no results yet
// (games finished before results were kept), so they can be counted.
func (s *Store) FinishedWithoutResults(ctx context.Context) ([]int64, error) {
	return s.ids(ctx, `SELECT id FROM games g WHERE status = 'finished'
		AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY id`)
}

// ResultsWithoutOutcome lists finished games whose results were written
// before each seat's outcome was kept, so they can be labelled.
func (s *Store) ResultsWithoutOutcome(ctx context.Context) ([]int64, error) {
	return s.ids(ctx, `SELECT DISTINCT game_id FROM results WHERE outcome = '' ORDER BY game_id`)
}

// SetOutcome labels one seat's result of a finished game, with the score
// stats count for it (nil for none).
func (s *Store) SetOutcome(ctx context.Context, gameID int64, seat int, outcome string, score *int) error {
	var sc any
	if score != nil {
		sc = *score
	}
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, s.q(`UPDATE results SET outcome = ?, score = ? WHERE game_id = ? AND seat = ?`), outcome, sc, gameID, seat)
		return err
	})
}

// AddResults writes results for a game already finished.
func (s *Store) AddResults(ctx context.Context, results []Result) error {
	return s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		return s.writeResults(ctx, tx, results)
	})
}
