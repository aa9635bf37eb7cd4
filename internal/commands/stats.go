package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"standoff/storage"
)

// Stats count finished games from the results written when each game
// ended: one row per seat, kept per server. The game's bots count for
// nobody; a seat the bot took over still counts for its player, so that
// going silent never dodges a loss.

// resultsOf is a finished game's results, written with its last save.
func (r *Router) resultsOf(t *table) []storage.Result {
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
			UserID: s.UserID, Automated: s.BotLevel > 0, Rank: out.Rank[i], Players: len(t.row.Seats), FinishedAt: r.now()}
		if out.Score != nil && i < len(out.Score) {
			v := out.Score[i]
			res.Score = &v
		}
		rs = append(rs, res)
	}
	return rs
}

// Backfill writes the results of games that finished before results were
// kept, so stats count them too. Main runs it once at start.
func (r *Router) Backfill(ctx context.Context) error {
	ids, err := r.store.FinishedWithoutResults(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		t, err := r.reload(ctx, id)
		if err != nil || t.state == nil || t.state.Outcome() == nil {
			continue
		}
		rs := r.resultsOf(t)
		for i := range rs {
			rs[i].FinishedAt = t.row.UpdatedAt
		}
		if err := r.store.AddResults(ctx, rs); err != nil {
			return err
		}
	}
	return nil
}

type record struct {
	played, wins, losses int
	best                 *int
}

func (a *record) add(res storage.Result) {
	a.played++
	if res.Rank == 1 {
		a.wins++
	} else {
		a.losses++
	}
	if res.Score != nil && (a.best == nil || *res.Score > *a.best) {
		v := *res.Score
		a.best = &v
	}
}

func (r *Router) title(kind string) string {
	if g, ok := r.game(kind); ok {
		return g.Kind.Title
	}
	return kind
}

func (r *Router) stats(ctx context.Context, in Interaction) (Response, error) {
	if in.Guild == "" {
		return Response{}, refusef("Stats are kept per server: run /game stats in a server channel.")
	}
	user, name := in.User.ID, in.User.Name
	if id := in.Options["user"]; id != "" {
		user, name = id, in.Users[id]
		if name == "" {
			name = id
		}
	}
	rs, err := r.store.Results(ctx, storage.ResultFilter{Guild: in.Guild, Kind: in.Options["game"], UserID: user})
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
	sort.Strings(kinds)
	lines := []string{fmt.Sprintf("**%s** on this server: %s, %d won, %d lost.", name, plural(all.played, "game"), all.wins, all.losses)}
	for _, k := range kinds {
		a := byKind[k]
		line := fmt.Sprintf("• %s: %d played, %d won, %d lost", r.title(k), a.played, a.wins, a.losses)
		if a.best != nil {
			line += fmt.Sprintf(", best score %d", *a.best)
		}
		lines = append(lines, line+".")
	}
	return ephemeral(clip(strings.Join(lines, "\n"), maxContent)), nil
}

func (r *Router) leaderboard(ctx context.Context, in Interaction) (Response, error) {
	if in.Guild == "" {
		return Response{}, refusef("Leaderboards are kept per server: run /game leaderboard in a server channel.")
	}
	kind := in.Options["game"]
	rs, err := r.store.Results(ctx, storage.ResultFilter{Guild: in.Guild, Kind: kind})
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
		what = r.title(kind)
	}
	if len(ids) == 0 {
		return ephemeral(fmt.Sprintf("No finished games of %s on this server yet.", what)), nil
	}
	sort.SliceStable(ids, func(i, j int) bool {
		a, b := players[ids[i]], players[ids[j]]
		if a.wins != b.wins {
			return a.wins > b.wins
		}
		if a.wins*b.played != b.wins*a.played {
			return a.wins*b.played > b.wins*a.played
		}
		return ids[i] < ids[j]
	})
	lines := []string{fmt.Sprintf("**Leaderboard** · %s on this server", what)}
	for i, id := range ids {
		if i == 10 {
			break
		}
		a := players[id]
		line := fmt.Sprintf("%d. %s: %d won of %d", i+1, mention(id), a.wins, a.played)
		if a.best != nil && kind != "" {
			line += fmt.Sprintf(", best score %d", *a.best)
		}
		lines = append(lines, line)
	}
	// The mentions name players without pinging them: a reply pings nobody
	// unless Mentions lists them.
	return Response{Kind: Reply, Message: Message{Content: strings.Join(lines, "\n"), Ephemeral: true}}, nil
}

// bestLine tells a solo game's final message the best score this channel
// has seen, for games one person can play alone.
func (r *Router) bestLine(t *table) string {
	out := t.state.Outcome()
	if out == nil || out.Score == nil || t.game.Kind.MinPlayers > 1 || r.store == nil {
		return ""
	}
	rs, err := r.store.Results(context.Background(), storage.ResultFilter{Channel: t.row.Channel, Kind: t.row.Kind})
	if err != nil {
		return ""
	}
	var best *storage.Result
	for i := range rs {
		if rs[i].Score != nil && !rs[i].Automated && (best == nil || *rs[i].Score > *best.Score) {
			best = &rs[i]
		}
	}
	if best == nil {
		return ""
	}
	return fmt.Sprintf("Best %s score in this channel: %d by %s (game #%d).", t.game.Kind.Title, *best.Score, mention(best.UserID), best.GameID)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
