package commands

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"standoff/internal/lowpriority"
	"standoff/storage"
)

// standings is /game daily [game] [replay]: today's results on this server
// and on all servers, by rank with ties, the player's streak and best; with
// replay, yesterday's best run as a GIF, which nobody can use to play
// today's run.
func (d *daily) standings(ctx context.Context, in Interaction) (Response, error) {
	now := d.now()
	day := dailyDay(now)
	d.closeDays(ctx)
	var kinds []Game
	for _, g := range d.games {
		if g.Kind.Daily != nil && (in.Options["game"] == "" || in.Options["game"] == g.Kind.Name) {
			kinds = append(kinds, g)
		}
	}
	if len(kinds) == 0 {
		return Response{}, refusef("%s has no daily run; daily runs: %s.", d.games.title(in.Options["game"]), orList(d.dailyKinds()))
	}
	if in.Options["replay"] == "true" {
		return d.replayYesterday(ctx, kinds[0], now)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**Daily runs** · %s · the day changes at 00:00 UTC (%s)\n", day, untilNextDay(now))
	for _, g := range kinds {
		runs, err := d.store.DailyRuns(ctx, day, g.Kind.Name)
		if err != nil {
			return Response{}, err
		}
		fmt.Fprintf(&b, "**%s** (`/%s daily`)\n", g.Kind.Title, g.Kind.Name)
		if !in.DM {
			var here []storage.DailyRun
			for _, r := range runs {
				if r.Guild == in.Guild {
					here = append(here, r)
				}
			}
			fmt.Fprintf(&b, "This server: %s\n", rankLine(here))
		}
		fmt.Fprintf(&b, "All servers: %s\n", rankLine(runs))
		days, err := d.store.DailyDays(ctx, g.Kind.Name, in.User.ID)
		if err != nil {
			return Response{}, err
		}
		current, best := streaks(days, now)
		fmt.Fprintf(&b, "Your streak: %s (best %s).\n", plural(current, "day"), plural(best, "day"))
	}
	b.WriteString("Yesterday's run, once its day is over, replays with `/game daily replay:true`.")
	return ephemeral(clip(b.String(), maxContent)), nil
}

// dailyKinds names the kinds with a daily run.
func (d *daily) dailyKinds() []string {
	var out []string
	for _, g := range d.games {
		if g.Kind.Daily != nil {
			out = append(out, "/"+g.Kind.Name+" daily")
		}
	}
	return out
}

// dailyRanked is a run with its rank (0: still going on).
type dailyRanked struct {
	storage.DailyRun
	Rank int
}

// outcomeOrder ranks outcomes: a won run before a lost one, an abandoned
// one last, whatever the scores.
func outcomeOrder(o string) int {
	switch o {
	case "won", "shared":
		return 0
	case "drew":
		return 1
	case "lost":
		return 2
	}
	return 3
}

// rankDaily orders the ended runs by outcome then score, equal ones
// sharing a rank (1, 1, 3), and the runs still going on after them,
// unranked.
func rankDaily(runs []storage.DailyRun) []dailyRanked {
	var ended, going []dailyRanked
	for _, r := range runs {
		if r.Ended.IsZero() {
			going = append(going, dailyRanked{DailyRun: r})
		} else {
			ended = append(ended, dailyRanked{DailyRun: r})
		}
	}
	better := func(a, b storage.DailyRun) bool {
		if oa, ob := outcomeOrder(a.Outcome), outcomeOrder(b.Outcome); oa != ob {
			return oa < ob
		}
		return a.Score > b.Score
	}
	sort.SliceStable(ended, func(i, j int) bool { return better(ended[i].DailyRun, ended[j].DailyRun) })
	for i := range ended {
		ended[i].Rank = i + 1
		if i > 0 && !better(ended[i-1].DailyRun, ended[i].DailyRun) {
			ended[i].Rank = ended[i-1].Rank
		}
	}
	return append(ended, going...)
}

// rankLine is a list of runs by rank, in one line.
func rankLine(runs []storage.DailyRun) string {
	if len(runs) == 0 {
		return "nobody yet."
	}
	var parts []string
	for _, r := range rankDaily(runs) {
		if r.Rank == 0 {
			parts = append(parts, r.Name+" playing")
			continue
		}
		parts = append(parts, fmt.Sprintf("%d. %s %s %d", r.Rank, r.Name, r.Outcome, r.Score))
	}
	return strings.Join(parts, " · ") + "."
}

// streaks counts the days in a row, up to today (or yesterday, while
// today's run is still to be played), with a finished run, and the
// longest such row ever. days is sorted, oldest first.
func streaks(days []string, now time.Time) (current, best int) {
	var last time.Time
	run := 0
	for _, s := range days {
		day, err := time.Parse("2006-01-02", s)
		if err != nil {
			continue
		}
		if !last.IsZero() && day.Sub(last) == 24*time.Hour {
			run++
		} else if last.IsZero() || !day.Equal(last) {
			run = 1
		}
		last = day
		best = max(best, run)
	}
	today, _ := time.Parse("2006-01-02", dailyDay(now))
	if !last.IsZero() && (last.Equal(today) || last.Equal(today.Add(-24*time.Hour))) {
		current = run
	}
	return current, best
}

// replayYesterday shows the best run of yesterday on every server as a
// GIF: its day is over, so it spoils nobody's run.
func (d *daily) replayYesterday(ctx context.Context, g Game, now time.Time) (Response, error) {
	yesterday := dailyDay(now.UTC().Add(-24 * time.Hour))
	runs, err := d.store.DailyRuns(ctx, yesterday, g.Kind.Name)
	if err != nil {
		return Response{}, err
	}
	ranked := rankDaily(runs)
	if len(ranked) == 0 || ranked[0].Rank == 0 {
		return Response{}, refusef("Nobody played the %s daily run of %s; there is nothing to replay.", g.Kind.Title, yesterday)
	}
	if g.Draw == nil {
		return Response{}, refusef("I cannot draw games of kind %q.", g.Kind.Name)
	}
	top := ranked[0]
	row, err := d.store.Game(ctx, top.GameID)
	if err != nil {
		return Response{}, err
	}
	moves, err := d.store.Moves(ctx, row.ID)
	if err != nil {
		return Response{}, err
	}
	var data []byte
	var frames int
	lowpriority.Do(func() { data, frames, err = replayGIF(g, row, moves) })
	if err != nil {
		return Response{}, err
	}
	text := fmt.Sprintf("**%s** · daily run of %s · %s's run (%s, score %d), replayed in %s",
		g.Kind.Title, yesterday, top.Name, top.Outcome, top.Score, plural(frames, "picture"))
	return Response{Kind: Reply, Message: Message{Content: text, Ephemeral: true,
		Files: []File{{Name: fmt.Sprintf("daily-%s-%s.gif", g.Kind.Name, yesterday), Data: data}}}}, nil
}
