package storage

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// DailyRun is one player's run of a kind's daily run on a day (UTC,
// "2006-01-02").
type DailyRun struct {
	Day     string
	Kind    string
	UserID  string
	Name    string
	Guild   string // the server it was asked on
	Channel string // where its result is posted
	// Thread is the private thread the run is played in; "" when it is
	// played in the player's DM.
	Thread  string
	GameID  int64
	Started time.Time
	// Ended is zero while the run goes on.
	Ended time.Time
	// Outcome is "won", "lost" or "abandoned" once it ended.
	Outcome string
	Score   int
	Marks   string
}

// Daily outcomes besides games.SeatResult's won and lost: a run left
// unfinished when its day ended.
const DailyAbandoned = "abandoned"

// ErrDailyTaken: the player already has a run of that kind that day.
var ErrDailyTaken = errors.New("a daily run was already started that day")

const dailyColumns = `day, kind, user_id, name, guild, channel, game_id, started_at, ended_at, outcome, score, marks, thread`

func scanDaily(row scanner) (DailyRun, error) {
	var r DailyRun
	var started, ended int64
	err := row.Scan(&r.Day, &r.Kind, &r.UserID, &r.Name, &r.Guild, &r.Channel, &r.GameID, &started, &ended, &r.Outcome, &r.Score, &r.Marks, &r.Thread)
	r.Started, r.Ended = fromUnix(started), fromUnix(ended)
	return r, err
}

// StartDaily records a run that began; ErrDailyTaken when the player has
// one of the kind that day already (one attempt a day).
func (s *Store) StartDaily(ctx context.Context, r DailyRun) error {
	err := s.exec(ctx, `INSERT INTO daily_runs (`+dailyColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.Day, r.Kind, r.UserID, r.Name, r.Guild, r.Channel, r.GameID, unix(r.Started), unix(r.Ended), r.Outcome, r.Score, r.Marks, r.Thread)
	if err != nil && uniqueViolation(err) {
		return ErrDailyTaken
	}
	return err
}

// Daily is the player's run of a kind on a day; ok is false when there is
// none.
func (s *Store) Daily(ctx context.Context, day, kind, user string) (DailyRun, bool, error) {
	r, err := scanDaily(s.read.QueryRowContext(ctx, s.q(`SELECT `+dailyColumns+` FROM daily_runs WHERE day = ? AND kind = ? AND user_id = ?`), day, kind, user))
	if errors.Is(err, sql.ErrNoRows) {
		return DailyRun{}, false, nil
	}
	return r, err == nil, err
}

// DailyOfGame is the run a game is; ok is false when it is none.
func (s *Store) DailyOfGame(ctx context.Context, game int64) (DailyRun, bool, error) {
	r, err := scanDaily(s.read.QueryRowContext(ctx, s.q(`SELECT `+dailyColumns+` FROM daily_runs WHERE game_id = ?`), game))
	if errors.Is(err, sql.ErrNoRows) {
		return DailyRun{}, false, nil
	}
	return r, err == nil, err
}

// EndDaily ends a game's run with what it reached; ended is false when
// it had ended already (so its result is posted once).
func (s *Store) EndDaily(ctx context.Context, game int64, outcome string, score int, marks string, at time.Time) (ended bool, err error) {
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE daily_runs SET ended_at = ?, outcome = ?, score = ?, marks = ? WHERE game_id = ? AND ended_at = 0`),
			unix(at), outcome, score, marks, game)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		ended = n > 0
		return err
	})
	return ended, err
}

// DailyRuns lists a day's runs of a kind on every server, by start.
func (s *Store) DailyRuns(ctx context.Context, day, kind string) ([]DailyRun, error) {
	return s.dailyList(ctx, `WHERE day = ? AND kind = ? ORDER BY started_at, user_id`, day, kind)
}

// UnendedDailyRuns lists the runs of days before day that never ended.
func (s *Store) UnendedDailyRuns(ctx context.Context, day string) ([]DailyRun, error) {
	return s.dailyList(ctx, `WHERE day < ? AND ended_at = 0 ORDER BY day, game_id`, day)
}

// DailyDays lists the days on which the player's run of a kind ended by
// its rules (won or lost), oldest first: what streaks count.
func (s *Store) DailyDays(ctx context.Context, kind, user string) ([]string, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT day FROM daily_runs WHERE kind = ? AND user_id = ? AND ended_at <> 0 AND outcome <> ? ORDER BY day`),
		kind, user, DailyAbandoned)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var d string
		if err := rows.Scan(&d); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

func (s *Store) dailyList(ctx context.Context, where string, args ...any) ([]DailyRun, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT `+dailyColumns+` FROM daily_runs `+where), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DailyRun
	for rows.Next() {
		r, err := scanDaily(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// InitBotState keeps value under key unless a value is kept there already,
// and returns the value kept: processes that make one at once agree on the
// first.
func (s *Store) InitBotState(ctx context.Context, key, value string) (string, error) {
	if err := s.exec(ctx, `INSERT INTO bot_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING`, key, value); err != nil {
		return "", err
	}
	return s.BotState(ctx, key)
}
