package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// Stats count finished games from the results written when each game
// ended: one row per seat, kept per server. The game's bots count for
// nobody; a seat the bot took over still counts for its player, so that
// going silent never dodges a loss.

// resultsOf is a finished game's results, written with its last save.
// records keeps what games leave behind: results and stats, the
// leaderboard, the channel's best score, the history and the replay.
type records struct {
	*base
	threads *threads
	reload  func(ctx context.Context, id int64) (*table, error)
}

func (rec *records) resultsOf(t *table) []storage.Result {
	out := t.state.Outcome()
	if out == nil {
		return nil
	}
	var rs []storage.Result
	for i, s := range t.row.Seats {
		if i >= len(out.Rank) {
			break
		}
		res := storage.Result{GameID: t.row.ID, Seat: i, Guild: t.row.Guild, Channel: t.row.Channel, Kind: t.row.Kind,
			UserID: s.UserID, Automated: s.BotLevel > 0, Rank: out.Rank[i], Players: len(t.row.Seats), FinishedAt: rec.now(),
			Outcome: string(out.ResultOf(i)), Away: s.Away}
		// A table that lost to the game scored nothing worth a best score:
		// a Hunted run given up on its first turn keeps all its health and
		// time, its highest score.
		if out.Score != nil && i < len(out.Score) && out.End != games.EndAllLost {
			v := out.Score[i]
			res.Score = &v
		}
		rs = append(rs, res)
	}
	return rs
}

// Backfill writes the results of games that finished before results were
// kept, so stats count them too. Main runs it once at start.
func (r *Router) Backfill(ctx context.Context) error { return r.records.backfill(ctx) }

func (rec *records) backfill(ctx context.Context) error {
	ids, err := rec.store.FinishedWithoutResults(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		t, err := rec.reload(ctx, id)
		if err != nil || t.state == nil || t.state.Outcome() == nil {
			continue
		}
		rs := rec.resultsOf(t)
		for i := range rs {
			rs[i].FinishedAt = t.row.UpdatedAt
		}
		if err := rec.store.AddResults(ctx, rs); err != nil {
			return err
		}
	}
	// Results written before outcomes were kept counted every seat ranked
	// first as a winner, draws included, and kept the scores of tables that
	// lost to the game: label them again from their games.
	ids, err = rec.store.ResultsWithoutOutcome(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		t, err := rec.reload(ctx, id)
		if err != nil || t.state == nil || t.state.Outcome() == nil {
			continue
		}
		for _, res := range rec.resultsOf(t) {
			if err := rec.store.SetOutcome(ctx, id, res.Seat, res.Outcome, res.Score); err != nil {
				return err
			}
		}
	}
	return nil
}

// record counts one player's finished games: a win alone, a win shared
// with others (a co-op victory, a tie the rules call shared), a draw, a
// loss (a loss for the whole table included).
type record struct {
	played, wins, shared, draws, losses int
	best                                *int
}

// outcomeOf is how a stored result ended; results from before outcomes
// were kept say it by rank only.
func outcomeOf(res storage.Result) games.SeatResult {
	if res.Outcome != "" {
		return games.SeatResult(res.Outcome)
	}
	if res.Rank == 1 {
		return games.Won
	}
	return games.Lost
}

func (a *record) add(res storage.Result) {
	a.played++
	switch outcomeOf(res) {
	case games.Won:
		a.wins++
	case games.Shared:
		a.shared++
	case games.Drew:
		a.draws++
	default:
		a.losses++
	}
	if res.Score != nil && (a.best == nil || *res.Score > *a.best) {
		v := *res.Score
		a.best = &v
	}
}

func (rec *records) stats(ctx context.Context, in Interaction) (Response, error) {
	if in.Guild == "" {
		return Response{}, refusef("Stats are kept per server: run /game stats in a server channel.")
	}
	user, name := in.User.ID, in.User.Name
	if id := in.Options["user"]; id != "" {
		user, name = id, in.Users[id]
		if _, ok := in.Users[id]; !ok {
			name = NameOf(id)
		}
	}
	rs, err := rec.store.Results(ctx, storage.ResultFilter{Guild: in.Guild, Kind: in.Options["game"], UserID: user})
	if err != nil {
		return Response{}, err
	}
	byKind := map[string]*record{}
	var kinds []string
	var all record
	for _, res := range rs {
		if res.Automated {
			continue
		}
		if byKind[res.Kind] == nil {
			byKind[res.Kind] = &record{}
			kinds = append(kinds, res.Kind)
		}
		byKind[res.Kind].add(res)
		all.add(res)
	}
	if all.played == 0 {
		return ephemeral(fmt.Sprintf("%s has not finished a game on this server yet.", name)), nil
	}
	rated := readRatings(ctx, rec.store, rec.log, in.Guild, in.Options["game"], user)
	sort.Strings(kinds)
	lines := []string{fmt.Sprintf("**%s** on this server: %s, %s.", name, plural(all.played, "game"), all.tally())}
	for _, k := range kinds {
		a := byKind[k]
		line := fmt.Sprintf("• %s: %d played, %s", rec.games.title(k), a.played, a.tally())
		if a.best != nil {
			line += fmt.Sprintf(", best score %d", *a.best)
		}
		line += statsRating(rated[k])
		lines = append(lines, line+".")
	}
	return ephemeral(clip(strings.Join(lines, "\n"), maxContent)), nil
}

func (rec *records) leaderboard(ctx context.Context, in Interaction) (Response, error) {
	if in.Guild == "" {
		return Response{}, refusef("Leaderboards are kept per server: run /game leaderboard in a server channel.")
	}
	kind := in.Options["game"]
	rs, err := rec.store.Results(ctx, storage.ResultFilter{Guild: in.Guild, Kind: kind})
	if err != nil {
		return Response{}, err
	}
	players := map[string]*record{}
	var ids []string
	for _, res := range rs {
		if res.Automated {
			continue
		}
		if players[res.UserID] == nil {
			players[res.UserID] = &record{}
			ids = append(ids, res.UserID)
		}
		players[res.UserID].add(res)
	}
	what := "all games"
	if kind != "" {
		what = rec.games.title(kind)
	}
	if len(ids) == 0 {
		return ephemeral(fmt.Sprintf("No finished games of %s on this server yet.", what)), nil
	}
	// Wins alone and shared count alike, then draws; then the share of
	// games won.
	sort.SliceStable(ids, func(i, j int) bool {
		a, b := players[ids[i]], players[ids[j]]
		aw, bw := a.wins+a.shared, b.wins+b.shared
		if aw != bw {
			return aw > bw
		}
		if a.draws != b.draws {
			return a.draws > b.draws
		}
		if aw*b.played != bw*a.played {
			return aw*b.played > bw*a.played
		}
		return ids[i] < ids[j]
	})
	rated := readBoard(ctx, rec.store, rec.log, in.Guild, kind)
	ids = byRating(ids, rated)
	lines := []string{fmt.Sprintf("**Leaderboard** · %s on this server", what) + leaderOrder(rated)}
	for i, id := range ids {
		if i == 10 {
			break
		}
		a := players[id]
		line := fmt.Sprintf("%d. %s: %d won", i+1, mention(id), a.wins+a.shared)
		if a.shared > 0 {
			line += fmt.Sprintf(" (%d shared)", a.shared)
		}
		if a.draws > 0 {
			line += fmt.Sprintf(", %d drawn", a.draws)
		}
		line += fmt.Sprintf(" of %d", a.played)
		if a.best != nil && kind != "" {
			line += fmt.Sprintf(", best score %d", *a.best)
		}
		line += leaderRating(rated[id])
		lines = append(lines, line)
	}
	// The mentions name players without pinging them: a reply pings nobody
	// unless Mentions lists them.
	return Response{Kind: Reply, Message: Message{Content: strings.Join(lines, "\n"), Ephemeral: true}}, nil
}

// readBest reads, for a finished game of a kind one person can play
// alone, the best score this channel has seen into t.best.
func (rec *records) readBest(ctx context.Context, t *table) {
	t.best = ""
	out := t.state.Outcome()
	if out == nil || out.Score == nil || t.game.Kind.MinPlayers > 1 {
		return
	}
	f := rec.threads.scoreChannel(ctx, t.row.Channel) // with its threads (threads.go)
	f.Kind = t.row.Kind
	rs, err := rec.store.Results(ctx, f)
	if err != nil {
		rec.log.Warn("could not read the best score", "game", t.row.ID, "err", err)
		return
	}
	t.best = bestLine(t, rs)
}

// bestLine is the best score among a channel's results of the table's kind.
func bestLine(t *table, rs []storage.Result) string {
	var best *storage.Result
	for i := range rs {
		if rs[i].Score != nil && !rs[i].Automated && (best == nil || *rs[i].Score > *best.Score) {
			best = &rs[i]
		}
	}
	if best == nil {
		return ""
	}
	// A co-op score is the whole team's: name everyone who played it.
	var who []string
	for _, res := range rs {
		if res.GameID == best.GameID && !res.Automated && res.Score != nil && *res.Score == *best.Score {
			who = append(who, mention(res.UserID))
		}
	}
	return fmt.Sprintf("Best %s score in this channel: %d by %s (game #%d).", t.game.Kind.Title, *best.Score, strings.Join(who, " and "), best.GameID)
}

// tally says a record's results: "2 won, 1 lost", with shared wins and
// draws named when there are any ("3 won (1 shared), 1 drawn, 0 lost").
func (a *record) tally() string {
	s := fmt.Sprintf("%d won", a.wins+a.shared)
	if a.shared > 0 {
		s += fmt.Sprintf(" (%d shared)", a.shared)
	}
	if a.draws > 0 {
		s += fmt.Sprintf(", %d drawn", a.draws)
	}
	return s + fmt.Sprintf(", %d lost", a.losses)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
