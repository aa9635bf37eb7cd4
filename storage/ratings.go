package storage

import (
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"

	"standoff/internal/games"
	"standoff/internal/ratings"
)

// PlayerRating is a player's Glicko-2 rating at one game kind on one
// server (docs/ratings.md).
type PlayerRating struct {
	Guild, Kind, UserID           string
	Rating, Deviation, Volatility float64
	Games                         int // rated games played
	Updated                       time.Time
}

// RatingChange is what one rated game did to a seat's rating.
type RatingChange struct {
	Seat          int
	UserID        string
	Before, After float64
	Deviation     float64 // after the game
}

// ratedPlaces says which seats of a finished game are rated and at what
// place each finished (ratings.Seat); nil when the game changes no rating.
//
//   - Bot seats are neither rated nor rate anybody.
//   - A game where every seat has one result that is not a draw (a co-op
//     victory or defeat, everyone losing to the game, a victory shared by
//     the whole table) says nobody did better than anybody: it rates nobody.
//     A solo game has one seat and so no pair either.
//   - A seat the bot was playing for its player at the end (Away) is rated
//     as a loss for that player: placed behind every seat still played.
//   - A player holding two seats cannot be rated against themself: the
//     game rates nobody.
func ratedPlaces(results []Result) (seats []int, places []int) {
	contest, last := false, 0
	for _, r := range results {
		contest = contest || r.Rank != results[0].Rank || r.Outcome == string(games.Drew)
		last = max(last, r.Rank)
	}
	if !contest {
		return nil, nil
	}
	users := map[string]bool{}
	for i, r := range results {
		if r.Automated {
			continue
		}
		if users[r.UserID] {
			return nil, nil
		}
		users[r.UserID] = true
		place := r.Rank
		if r.Away {
			place = last + 1
		}
		seats, places = append(seats, i), append(places, place)
	}
	if len(seats) < 2 {
		return nil, nil
	}
	return seats, places
}

// rate applies a finished game's results to its rated players' ratings,
// in the transaction that writes the results (writeResults), so the two
// are never apart: written together, lost together, and a game whose
// results were written before is never rated again.
func (s *Store) rate(ctx context.Context, tx *sql.Tx, results []Result) error {
	idx, places := ratedPlaces(results)
	if idx == nil {
		return nil
	}
	seats := make([]ratings.Seat, len(idx))
	played := make([]int, len(idx)) // rated games so far
	if err := s.lockRatings(ctx, tx, results, idx); err != nil {
		return err
	}
	for k, i := range idx {
		r := results[i]
		p, err := s.readRating(ctx, tx, r.Guild, r.Kind, r.UserID)
		if err != nil {
			return err
		}
		seats[k] = ratings.Seat{Rating: ratings.Rating{Rating: p.Rating, Deviation: p.Deviation, Volatility: p.Volatility}, Place: places[k]}
		played[k] = p.Games
	}
	after := ratings.Game(seats)
	for k, i := range idx {
		r, a := results[i], after[k]
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO ratings (guild, kind, user_id, rating, deviation, volatility, games, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (guild, kind, user_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
				volatility = excluded.volatility, games = excluded.games, updated = excluded.updated`),
			r.Guild, r.Kind, r.UserID, a.Rating, a.Deviation, a.Volatility, played[k]+1, unix(r.FinishedAt)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO rating_changes (game_id, seat, user_id, rating_before, rating_after, deviation)
			VALUES (?, ?, ?, ?, ?, ?)`), r.GameID, r.Seat, r.UserID, seats[k].Rating.Rating, a.Rating, a.Deviation); err != nil {
			return err
		}
	}
	return nil
}

// lockRatings makes sure the rated players have a row each and, on
// PostgreSQL, holds those rows until the transaction ends: two games
// ending at once for the same player (two processes) then rate one after
// the other, the second from the first's result, where each would
// otherwise read the same rating and the last write would lose the
// other game. Rows are locked in the order of the players' ids, so two
// such games cannot wait on each other. SQLite has one writer at a time.
func (s *Store) lockRatings(ctx context.Context, tx *sql.Tx, results []Result, idx []int) error {
	order := slices.Clone(idx)
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(results[a].UserID, results[b].UserID) })
	n := ratings.New()
	for _, i := range order {
		r := results[i]
		if _, err := tx.ExecContext(ctx, s.q(`INSERT INTO ratings (guild, kind, user_id, rating, deviation, volatility, games, updated)
			VALUES (?, ?, ?, ?, ?, ?, 0, 0) ON CONFLICT (guild, kind, user_id) DO NOTHING`),
			r.Guild, r.Kind, r.UserID, n.Rating, n.Deviation, n.Volatility); err != nil {
			return err
		}
		if !s.pg {
			continue
		}
		if _, err := tx.ExecContext(ctx, s.q(`SELECT 1 FROM ratings WHERE guild = ? AND kind = ? AND user_id = ? FOR UPDATE`),
			r.Guild, r.Kind, r.UserID); err != nil {
			return err
		}
	}
	return nil
}

// readRating is a player's rating, a newcomer's when they have none.
func (s *Store) readRating(ctx context.Context, q querier, guild, kind, user string) (PlayerRating, error) {
	rows, err := s.ratings(ctx, q, RatingFilter{Guild: guild, Kind: kind, UserID: user})
	if err != nil || len(rows) > 0 {
		return first(rows), err
	}
	n := ratings.New()
	return PlayerRating{Guild: guild, Kind: kind, UserID: user, Rating: n.Rating, Deviation: n.Deviation, Volatility: n.Volatility}, nil
}

func first(rows []PlayerRating) PlayerRating {
	if len(rows) == 0 {
		return PlayerRating{}
	}
	return rows[0]
}

// RatingFilter narrows a ratings query; empty fields match everything.
type RatingFilter struct {
	Guild, Kind, UserID string
}

// Ratings lists the ratings matching f, highest first.
func (s *Store) Ratings(ctx context.Context, f RatingFilter) ([]PlayerRating, error) {
	return s.ratings(ctx, s.read, f)
}

func (s *Store) ratings(ctx context.Context, q querier, f RatingFilter) ([]PlayerRating, error) {
	rows, err := q.QueryContext(ctx, s.q(`SELECT guild, kind, user_id, rating, deviation, volatility, games, updated FROM ratings
		WHERE (? = '' OR guild = ?) AND (? = '' OR kind = ?) AND (? = '' OR user_id = ?)
		ORDER BY rating DESC, user_id, kind`), f.Guild, f.Guild, f.Kind, f.Kind, f.UserID, f.UserID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PlayerRating
	for rows.Next() {
		var p PlayerRating
		var at int64
		if err := rows.Scan(&p.Guild, &p.Kind, &p.UserID, &p.Rating, &p.Deviation, &p.Volatility, &p.Games, &at); err != nil {
			return nil, err
		}
		p.Updated = fromUnix(at)
		out = append(out, p)
	}
	return out, rows.Err()
}

// RatingChanges lists what a finished game did to its players' ratings, by
// seat; none when it was not rated.
func (s *Store) RatingChanges(ctx context.Context, gameID int64) ([]RatingChange, error) {
	rows, err := s.read.QueryContext(ctx, s.q(`SELECT seat, user_id, rating_before, rating_after, deviation FROM rating_changes
		WHERE game_id = ? ORDER BY seat`), gameID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RatingChange
	for rows.Next() {
		var c RatingChange
		if err := rows.Scan(&c.Seat, &c.UserID, &c.Before, &c.After, &c.Deviation); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}
