package storage

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"standoff/internal/games"
)

// Status is where a game is in its life.
type Status string

const (
	Lobby     Status = "lobby"     // waiting for players to join or accept
	Active    Status = "active"    // being played
	Finished  Status = "finished"  // ended by its rules or by resignation
	Abandoned Status = "abandoned" // stopped by its creator or a moderator
)

// Game is one row of games with its seats.
type Game struct {
	ID            int64
	Guild         string
	Channel       string
	Kind          string
	Options       games.Options
	Status        Status
	Creator       string
	Seed          uint64
	Version       int
	State         []byte // nil while in the lobby
	MessageID     string // the message that carries the current controls
	CreatedAt     time.Time
	UpdatedAt     time.Time
	TurnStartedAt time.Time // when the current prompts began; drives reminders
	RemindedAt    time.Time // zero when no reminder was sent for them
	// The living turn message: TurnOwner says whom MessageID was posted
	// for, Narration what it tells so far; PostPending is set when a turn
	// message could not be posted and must be posted again.
	TurnOwner   string
	Narration   string
	PostPending bool
	// RefreshPending is set when an edit of the living turn message could
	// not be made: the message is edited again (an edit pings nobody, and
	// the same players go on) rather than posted anew.
	RefreshPending bool
	// UnreachableAt is when posting in the channel last failed for good
	// (channel deleted, access lost); zero while the channel is fine.
	UnreachableAt time.Time
	// TurnLimit is how long a player may keep the table waiting before an
	// automated player takes their seat; zero for no limit.
	TurnLimit time.Duration
	// TurnBank is the size of each seat's time bank (a turn limit that
	// slow turns spend and moves refill, rhythm.Bank); zero for none.
	TurnBank time.Duration
	// Table is the command layer's open votes and requests (JSON).
	Table string
	// HasOwed says the rate limits left messages of the game owed
	// (owed_messages); LoadOwed reads them.
	HasOwed bool
	// Owed, when set, replaces what is owed in RecordDelivery's write.
	Owed  *Owed
	Seats []Seat
	// Results, when set on the Save that finishes a game, are written with it.
	Results []Result
}

// Result is one seat's place in a finished game, what stats count.
type Result struct {
	GameID     int64
	Seat       int
	Guild      string
	Channel    string
	Kind       string
	UserID     string
	Automated  bool
	Rank       int
	Score      *int
	Players    int
	FinishedAt time.Time
	// Outcome is how the game ended for the seat: "won", "shared" (won
	// with others), "drew" or "lost" (games.SeatResult); "" for a result
	// written before outcomes were kept, read from Rank.
	Outcome string
	// Away: the bot was playing the seat for its player when the game
	// ended; ratings count it as the player's loss (ratedPlaces).
	Away bool
}

// Seat is one player of a game.
type Seat struct {
	Seat     int
	UserID   string
	Name     string
	BotLevel int  // > 0 for a seat played by the bot
	Accepted bool // a challenged player has accepted
	DMHash   string
	DMFailed bool
	// Away marks a human seat handed to automation (timed out or replaced
	// by a vote); the player may take it back.
	Away bool
	// WaitingSince is when the table began waiting on the seat's player
	// (zero: it does not); NextAfter names the player on turn when this
	// seat's player is next after them. Written with each save of a game
	// being played, they let a player's waiting games be listed without
	// decoding any state (Turns).
	WaitingSince time.Time
	NextAfter    string
	// BankSpent is how much of the game's time bank the seat has spent.
	BankSpent time.Duration
	// RejoinFree: the bot took the seat over and has not been asked to
	// play a later turn of it; its player may take it back without a vote.
	RejoinFree bool
}

// SeatOf returns the seat index of a user, or -1.
func (g *Game) SeatOf(userID string) int {
	for _, s := range g.Seats {
		if s.UserID == userID && s.BotLevel == 0 {
			return s.Seat
		}
	}
	return -1
}

// Names lists the players' display names in seat order.
func (g *Game) Names() []string {
	out := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = s.Name
	}
	return out
}

// Setup is what the game was created from: replays and undos rebuild its
// state from the same players, options, seed and bots.
func (g *Game) Setup() games.Setup {
	setup := games.Setup{Players: g.Names(), Options: g.Options, Seed: g.Seed}
	for i, s := range g.Seats {
		if s.BotLevel > 0 {
			if setup.Bots == nil {
				setup.Bots = make([]int, len(g.Seats))
			}
			setup.Bots[i] = s.BotLevel
		}
	}
	return setup
}

// Open reports whether the game still occupies its channel.
func (g *Game) Open() bool { return g.Status == Lobby || g.Status == Active }

func unix(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromUnix(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n).UTC()
}

// CreateGame inserts a new game with its seats and sets g.ID. It fails with
// ErrChannelBusy when the channel already has an open game.
func (s *Store) CreateGame(ctx context.Context, g *Game) error {
	opts, err := json.Marshal(g.Options)
	if err != nil {
		return err
	}
	var id int64
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.q(`INSERT INTO games
			(guild, channel, kind, options, status, creator, seed, version, state, message_id, created_at, updated_at, turn_started_at, reminded_at,
			 turn_owner, narration, post_pending, refresh_pending, unreachable_at, turn_limit, table_state, turn_bank)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			g.Guild, g.Channel, g.Kind, string(opts), string(g.Status), g.Creator, int64(g.Seed), g.Version, g.State, g.MessageID,
			unix(g.CreatedAt), unix(g.UpdatedAt), unix(g.TurnStartedAt), unix(g.RemindedAt),
			g.TurnOwner, g.Narration, b2i(g.PostPending), b2i(g.RefreshPending), unix(g.UnreachableAt), int64(g.TurnLimit/time.Second), g.Table, int64(g.TurnBank/time.Second)).Scan(&id)
		if err != nil {
			if uniqueViolation(err) {
				return ErrChannelBusy
			}
			return err
		}
		return s.writeSeats(ctx, tx, id, g.Seats)
	})
	if err != nil {
		return err
	}
	g.ID = id
	return nil
}

// writeSeats makes the game's seat rows exactly seats. A seat row that
// already holds the same values is left alone, so the Save of a move, which
// rarely changes a seat, dirties no seat page.
func (s *Store) writeSeats(ctx context.Context, tx *sql.Tx, id int64, seats []Seat) error {
	for i, st := range seats {
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO seats (game_id, seat, user_id, name, bot_level, accepted, dm_hash, dm_failed, away,
				waiting_since, next_after, bank_spent, rejoin_free)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, name = excluded.name, bot_level = excluded.bot_level,
				accepted = excluded.accepted, dm_hash = excluded.dm_hash, dm_failed = excluded.dm_failed, away = excluded.away,
				waiting_since = excluded.waiting_since, next_after = excluded.next_after, bank_spent = excluded.bank_spent,
				rejoin_free = excluded.rejoin_free
			WHERE seats.user_id <> excluded.user_id OR seats.name <> excluded.name OR seats.bot_level <> excluded.bot_level
				OR seats.accepted <> excluded.accepted OR seats.dm_hash <> excluded.dm_hash OR seats.dm_failed <> excluded.dm_failed
				OR seats.away <> excluded.away OR seats.waiting_since <> excluded.waiting_since OR seats.next_after <> excluded.next_after
				OR seats.bank_spent <> excluded.bank_spent OR seats.rejoin_free <> excluded.rejoin_free`),
			id, i, st.UserID, st.Name, st.BotLevel, b2i(st.Accepted), st.DMHash, b2i(st.DMFailed), b2i(st.Away),
			unix(st.WaitingSince), st.NextAfter, int64(st.BankSpent/time.Second), b2i(st.RejoinFree)); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, s.q(`DELETE FROM seats WHERE game_id = ? AND seat >= ?`), id, len(seats))
	return err
}

const gameColumns = `id, guild, channel, kind, options, status, creator, seed, version, state, message_id,
	created_at, updated_at, turn_started_at, reminded_at, turn_owner, narration, post_pending, refresh_pending, unreachable_at, turn_limit, table_state, turn_bank, owed`

type scanner interface{ Scan(...any) error }

func scanGame(row scanner) (*Game, error) {
	var g Game
	var opts, status string
	var seed, created, updated, turn, reminded, unreachable, limit, bank int64
	if err := row.Scan(&g.ID, &g.Guild, &g.Channel, &g.Kind, &opts, &status, &g.Creator, &seed, &g.Version, &g.State,
		&g.MessageID, &created, &updated, &turn, &reminded, &g.TurnOwner, &g.Narration, &g.PostPending, &g.RefreshPending, &unreachable, &limit, &g.Table, &bank, &g.HasOwed); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNoGame
		}
		return nil, err
	}
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return nil, err
	}
	g.Status = Status(status)
	g.Seed = uint64(seed)
	g.CreatedAt, g.UpdatedAt, g.TurnStartedAt, g.RemindedAt = fromUnix(created), fromUnix(updated), fromUnix(turn), fromUnix(reminded)
	g.UnreachableAt, g.TurnLimit = fromUnix(unreachable), time.Duration(limit)*time.Second
	g.TurnBank = time.Duration(bank) * time.Second
	return &g, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (s *Store) loadSeats(ctx context.Context, q querier, g *Game) error {
	rows, err := q.QueryContext(ctx, s.q(`SELECT seat, user_id, name, bot_level, accepted, dm_hash, dm_failed, away,
		waiting_since, next_after, bank_spent, rejoin_free FROM seats WHERE game_id = ? ORDER BY seat`), g.ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	g.Seats = nil
	for rows.Next() {
		var st Seat
		var since, spent int64
		if err := rows.Scan(&st.Seat, &st.UserID, &st.Name, &st.BotLevel, &st.Accepted, &st.DMHash, &st.DMFailed, &st.Away,
			&since, &st.NextAfter, &spent, &st.RejoinFree); err != nil {
			return err
		}
		st.WaitingSince, st.BankSpent = fromUnix(since), time.Duration(spent)*time.Second
		g.Seats = append(g.Seats, st)
	}
	return rows.Err()
}

// loadGame reads one game row and its seats in one read transaction, so
// the seats belong to the same version as the row.
func (s *Store) loadGame(ctx context.Context, where string, args ...any) (*Game, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	g, err := scanGame(tx.QueryRowContext(ctx, s.q(`SELECT `+gameColumns+` FROM games `+where), args...))
	if err != nil {
		return nil, err
	}
	return g, s.loadSeats(ctx, tx, g)
}

// Game loads a game by id.
func (s *Store) Game(ctx context.Context, id int64) (*Game, error) {
	return s.loadGame(ctx, `WHERE id = ?`, id)
}

// OpenGame loads the channel's game in the lobby or being played.
func (s *Store) OpenGame(ctx context.Context, channel string) (*Game, error) {
	return s.loadGame(ctx, `WHERE channel = ? AND status IN ('lobby', 'active')`, channel)
}

// OpenGameID is the id of the channel's game in the lobby or being played:
// one indexed lookup, for a caller that locks the game and then loads it
// (OpenGame also reads the state and the seats, which that caller would
// throw away).
func (s *Store) OpenGameID(ctx context.Context, channel string) (int64, error) {
	var id int64
	err := s.read.QueryRowContext(ctx, s.q(`SELECT id FROM games WHERE channel = ? AND status IN ('lobby', 'active')`), channel).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrNoGame
	}
	return id, err
}

// LatestGame loads the channel's most recent game, open or not.
func (s *Store) LatestGame(ctx context.Context, channel string) (*Game, error) {
	return s.loadGame(ctx, `WHERE channel = ? ORDER BY id DESC LIMIT 1`, channel)
}

// Due lists the games that the clock may have something to do for at now:
// of those being played, a turn message owed, a wait long enough for a
// reminder, an automatic answer or a turn limit, or a game idle long
// enough to close; of the challenges, one waited on long enough for a
// reminder or to expire; of those ended, a last message owed. waitFrom is the
// shortest wait that leads to anything (from the config); games whose
// channel is unreachable are left out until retryFrom.
func (s *Store) Due(ctx context.Context, now time.Time, waitFrom, closeAfter, retryAfter time.Duration) ([]int64, error) {
	never := int64(-1 << 62)
	idle, closeAt := unix(now.Add(-waitFrom)), never
	if waitFrom <= 0 {
		idle = never
	}
	if closeAfter > 0 {
		closeAt = unix(now.Add(-closeAfter))
	}
	return s.ids(ctx, `SELECT id FROM games WHERE status = 'active'
		AND (unreachable_at = 0 OR unreachable_at <= ?)
		AND (post_pending = 1 OR refresh_pending = 1 OR message_id = '' OR turn_started_at <= ? OR updated_at <= ?
		     OR (turn_limit > 0 AND turn_started_at + CAST(turn_limit AS BIGINT) * 1000000000 <= ?)
		     OR (turn_bank > 0 AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.waiting_since > 0
		         AND seats.waiting_since + (games.turn_bank - seats.bank_spent) * 1000000000 <= ?)))
		UNION
		SELECT id FROM games WHERE status = 'lobby' AND (turn_started_at <= ? OR turn_started_at <= ?)
		AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.accepted = 0)
		UNION
		SELECT id FROM games WHERE status IN ('finished', 'abandoned') AND (post_pending = 1 OR refresh_pending = 1)
		AND (unreachable_at = 0 OR unreachable_at <= ?)
		ORDER BY id`, unix(now.Add(-retryAfter)), idle, closeAt, unix(now), unix(now), idle, closeAt, unix(now.Add(-retryAfter)))
}

// Save writes g as the next version after base, appending move to the log
// when it is not nil, all in one transaction. If the stored version is no
// longer base, nothing is written and ErrConflict is returned. On success
// g.Version is base+1.
func (s *Store) Save(ctx context.Context, g *Game, base int, move *games.SeatMove) error {
	opts, err := json.Marshal(g.Options)
	if err != nil {
		return err
	}
	err = s.write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`UPDATE games SET options = ?, status = ?, seed = ?, version = ?, state = ?, message_id = ?,
			updated_at = ?, turn_started_at = ?, reminded_at = ?, turn_owner = ?, narration = ?, post_pending = ?, refresh_pending = ?,
			unreachable_at = ?, turn_limit = ?, table_state = ?, turn_bank = ? WHERE id = ? AND version = ?`),
			string(opts), string(g.Status), int64(g.Seed), base+1, g.State, g.MessageID, unix(g.UpdatedAt), unix(g.TurnStartedAt),
			unix(g.RemindedAt), g.TurnOwner, g.Narration, b2i(g.PostPending), b2i(g.RefreshPending), unix(g.UnreachableAt), int64(g.TurnLimit/time.Second), g.Table,
			int64(g.TurnBank/time.Second), g.ID, base)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return ErrConflict
		}
		if err := s.writeSeats(ctx, tx, g.ID, seatsAsSaved(g)); err != nil {
			return err
		}
		if move != nil {
			// The log is append-only and numbered from 1 without gaps, so
			// the next number is the largest plus one: one step down the
			// primary key, where counting read every earlier move.
			if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO moves (game_id, n, seat, move, at)
				VALUES (?, (SELECT COALESCE(MAX(n), 0) + 1 FROM moves WHERE game_id = ?), ?, ?, ?)`),
				g.ID, g.ID, move.Seat, move.Move, unix(g.UpdatedAt)); err != nil {
				return err
			}
		}
		return s.writeResults(ctx, tx, g.Results)
	})
	if err != nil {
		return err
	}
	g.Version = base + 1
	return nil
}

// seatsAsSaved is what a save writes of the seats: a game that ended waits
// on nobody, whatever its seats still say (a challenge, in the lobby,
// waits on the players it challenged).
func seatsAsSaved(g *Game) []Seat {
	if g.Open() {
		return g.Seats
	}
	seats := slices.Clone(g.Seats)
	for i := range seats {
		seats[i].WaitingSince, seats[i].NextAfter = time.Time{}, ""
	}
	return seats
}

// SetMessage records which message carries the game's controls. It does not
// change the version: buttons already sent stay valid.
func (s *Store) SetMessage(ctx context.Context, id int64, messageID string) error {
	return s.exec(ctx, `UPDATE games SET message_id = ? WHERE id = ?`, messageID, id)
}

// RecordDelivery records in one soft write what a change showed: the living
// turn message (its id, whom it was posted for, its narration so far,
// whether a post or an edit is still owed), whether the channel is reachable, the DM
// fingerprint of the listed seats and, when votes is set, the table's open
// votes. It does not change the version. Like the other soft records
// (group_commit.go), a power cut may take it back: the move's own save
// still marks the turn message owed, and the clock posts it.
func (s *Store) RecordDelivery(ctx context.Context, g *Game, seats []int, votes bool) error {
	run := func(ctx context.Context, tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET message_id = ?, turn_owner = ?, narration = ?, post_pending = ?, refresh_pending = ?, unreachable_at = ? WHERE id = ?`),
			g.MessageID, g.TurnOwner, g.Narration, b2i(g.PostPending), b2i(g.RefreshPending), unix(g.UnreachableAt), g.ID); err != nil {
			return err
		}
		if votes {
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE games SET table_state = ? WHERE id = ?`), g.Table, g.ID); err != nil {
				return err
			}
		}
		for _, i := range seats {
			seat := g.Seats[i]
			if _, err := tx.ExecContext(ctx, s.q(`UPDATE seats SET dm_hash = ?, dm_failed = ? WHERE game_id = ? AND seat = ?`),
				seat.DMHash, b2i(seat.DMFailed), g.ID, seat.Seat); err != nil {
				return err
			}
		}
		if g.Owed != nil {
			return s.writeOwed(ctx, tx, g.ID, g.Owed)
		}
		return nil
	}
	if s.group != nil {
		return s.group.doSoft(ctx, run)
	}
	return s.write(ctx, run)
}

// SetUnreachable records when posting in the game's channel failed for
// good (zero: it works again).
func (s *Store) SetUnreachable(ctx context.Context, id int64, at time.Time) error {
	return s.execSoft(ctx, `UPDATE games SET unreachable_at = ? WHERE id = ?`, unix(at), id)
}

// SetReminded records when the waiting players were last reminded.
func (s *Store) SetReminded(ctx context.Context, id int64, at time.Time) error {
	return s.execSoft(ctx, `UPDATE games SET reminded_at = ? WHERE id = ?`, unix(at), id)
}

// Moves returns a game's move log in order.
func (s *Store) Moves(ctx context.Context, id int64) ([]games.SeatMove, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT seat, move FROM moves WHERE game_id = ? ORDER BY n`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []games.SeatMove
	for rows.Next() {
		var m games.SeatMove
		if err := rows.Scan(&m.Seat, &m.Move); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// SetTable records the command layer's open votes and requests. It does not
// change the version: a vote is about the position it was asked in.
func (s *Store) SetTable(ctx context.Context, id int64, table string) error {
	return s.exec(ctx, `UPDATE games SET table_state = ? WHERE id = ?`, table, id)
}

// ids runs a query listing game ids.
func (s *Store) ids(ctx context.Context, query string, args ...any) ([]int64, error) {
	rows, err := s.read.QueryContext(ctx, s.q(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
