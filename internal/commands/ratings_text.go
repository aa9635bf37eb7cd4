package commands

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"

	"standoff/storage"
)

// Ratings (storage/ratings.go, docs/ratings.md) are said in three places:
// each kind's line of /game stats, /game leaderboard for one game, and a
// rated game's final message. What is shown is read here; the callers
// make one call each.

// ratingsHelp is /game help's sentence on ratings; ratingsRule is the one
// under every game's rules overview.
const (
	ratingsHelp = "Ratings: each finished game between players moves their Glicko-2 rating for that game on this server " +
		"(resigning, or leaving your seat to the bot, is a loss); co-op, solo and abandoned games and bot seats change none. " +
		"`/game stats` and `/game leaderboard [game]` show them.\n"
	ratingsRule = "Rated: a finished game between players moves their rating for this game on this server (`/game stats`, `/game leaderboard`); co-op and solo games are not rated."
)

// provisionalDeviation is the deviation above which a rating is called
// provisional, as Lichess does: a newcomer starts at 350 and passes below
// it after about ten two-player games against known players, sixteen
// between two newcomers, six at tables of four (docs/ratings.md).
const provisionalDeviation = 110

func provisional(p storage.PlayerRating) bool { return p.Deviation > provisionalDeviation }

// asShown is a rating as players read it: a whole number.
func asShown(v float64) int { return int(math.Round(v)) }

// readRatings reads a player's ratings on a server (of one kind when kind
// is set), by kind, for /game stats.
func readRatings(ctx context.Context, store *storage.Store, log *slog.Logger, guild, kind, user string) map[string]storage.PlayerRating {
	out := map[string]storage.PlayerRating{}
	for _, p := range readRatingList(ctx, store, log, storage.RatingFilter{Guild: guild, Kind: kind, UserID: user}) {
		out[p.Kind] = p
	}
	return out
}

// readBoard reads a server's ratings of one kind, by player, for its
// leaderboard; none for a leaderboard of every game, since a rating is
// one game's.
func readBoard(ctx context.Context, store *storage.Store, log *slog.Logger, guild, kind string) map[string]storage.PlayerRating {
	if kind == "" {
		return nil
	}
	out := map[string]storage.PlayerRating{}
	for _, p := range readRatingList(ctx, store, log, storage.RatingFilter{Guild: guild, Kind: kind}) {
		out[p.UserID] = p
	}
	return out
}

func readRatingList(ctx context.Context, store *storage.Store, log *slog.Logger, f storage.RatingFilter) []storage.PlayerRating {
	rs, err := store.Ratings(ctx, f)
	if err != nil {
		// The rest of the answer stands without them.
		log.Warn("could not read ratings", "guild", f.Guild, "kind", f.Kind, "err", err)
	}
	return rs
}

// statsRating is a kind's rating in /game stats: ", rating 1532 ±84 after
// 12 rated games", provisional while the deviation is high; "" for a kind
// the player has no rating in.
func statsRating(p storage.PlayerRating) string {
	if p.Games == 0 {
		return ""
	}
	s := fmt.Sprintf(", rating %d ±%d after %s", asShown(p.Rating), asShown(p.Deviation), plural(p.Games, "rated game"))
	if provisional(p) {
		s += " (provisional)"
	}
	return s
}

// byRating orders a leaderboard of one game: the players whose rating is
// known (not provisional) first, highest first; then everyone else in the
// order they had (by wins). A provisional rating is a guess that one
// upset moves by a hundred points or more (docs/ratings.md): it would put
// a newcomer's lucky win above a season of play.
func byRating(ids []string, rated map[string]storage.PlayerRating) []string {
	known := func(id string) bool {
		p, ok := rated[id]
		return ok && p.Games > 0 && !provisional(p)
	}
	out := slices.Clone(ids)
	slices.SortStableFunc(out, func(a, b string) int {
		ka, kb := known(a), known(b)
		switch {
		case ka && kb:
			return -cmpFloat(rated[a].Rating, rated[b].Rating)
		case ka:
			return -1
		case kb:
			return 1
		}
		return 0
	})
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// leaderRating is a leaderboard line's rating: " · rating 1532", marked
// provisional while the deviation is high.
func leaderRating(p storage.PlayerRating) string {
	if p.Games == 0 {
		return ""
	}
	if provisional(p) {
		return fmt.Sprintf(" · rating %d (provisional)", asShown(p.Rating))
	}
	return fmt.Sprintf(" · rating %d", asShown(p.Rating))
}

// leaderOrder says in a one-game leaderboard's heading how it is ordered,
// when anyone on it has a rating.
func leaderOrder(rated map[string]storage.PlayerRating) string {
	if len(rated) == 0 {
		return ""
	}
	for _, p := range rated {
		if p.Games > 0 && !provisional(p) {
			return fmt.Sprintf(", by rating; provisional ratings (deviation over %d: too few games yet) follow, by wins", provisionalDeviation)
		}
	}
	return fmt.Sprintf(", by wins while every rating is provisional (deviation over %d: too few games yet)", provisionalDeviation)
}

// readRatingChanges is a finished game's line of rating changes for its
// final message ("Ratings: alice 1532 (+18), bob 1468 (−18)."): "" when
// the game is not finished or was not rated.
func readRatingChanges(ctx context.Context, store *storage.Store, log *slog.Logger, t *table) string {
	if t.row.Status != storage.Finished || t.state == nil || t.state.Outcome() == nil {
		return ""
	}
	changes, err := store.RatingChanges(ctx, t.row.ID)
	if err != nil {
		log.Warn("could not read the game's rating changes", "game", t.row.ID, "err", err)
		return ""
	}
	// Biggest gain first: the order of the places as the ratings counted
	// them (a seat the bot played at the end counted last, whatever the
	// standings above say of it).
	slices.SortStableFunc(changes, func(a, b storage.RatingChange) int {
		return cmpFloat(b.After-b.Before, a.After-a.Before)
	})
	return ratingChangeLine(t.row.Seats, changes)
}

// ratingChangeLine says each rated seat's new rating and its change, the
// change being between the ratings as shown, so that a player's lines add
// up from game to game.
func ratingChangeLine(seats []storage.Seat, changes []storage.RatingChange) string {
	if len(changes) == 0 {
		return ""
	}
	parts := make([]string, 0, len(changes))
	for _, c := range changes {
		name := NameOf(c.UserID).String()
		if c.Seat < len(seats) {
			name = seats[c.Seat].Name
		}
		d := asShown(c.After) - asShown(c.Before)
		sign := "+"
		if d < 0 {
			sign, d = "−", -d
		}
		parts = append(parts, fmt.Sprintf("%s %d (%s%d)", name, asShown(c.After), sign, d))
	}
	return "Ratings: " + strings.Join(parts, ", ") + "."
}
