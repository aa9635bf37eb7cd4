package commands

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"standoff/internal/ratings"
	"standoff/storage"
)

// playTallyOut plays a Tally game to its end: each human seat asked adds
// add (or says ok to a reaction); bots and seats the bot took over play
// themselves.
func (h *harness) playTallyOut(add string) {
	h.t.Helper()
	for i := 0; i < 100 && h.game().Status == storage.Active; i++ {
		g := h.game()
		tb, err := h.r.table(g)
		if err != nil {
			h.t.Fatal(err)
		}
		prompts := tb.state.Prompts()
		if len(prompts) == 0 {
			h.t.Fatalf("the game waits for nobody")
		}
		p := prompts[0]
		move := add
		if p.Private {
			move = "ok"
		}
		mustEphemeral(h.t, h.cmd(g.Seats[p.Seat].UserID, "tally", "move", "move="+move), "")
	}
	if g := h.game(); g.Status != storage.Finished {
		h.t.Fatalf("the game did not finish: %s", g.Status)
	}
}

// newcomers is what one game between two newcomers makes of their ratings:
// the winner's and the loser's, as the final message shows them.
func newcomers() (won, lost int) {
	r := ratings.Game([]ratings.Seat{{Rating: ratings.New(), Place: 1}, {Rating: ratings.New(), Place: 2}})
	return int(math.Round(r[0].Rating)), int(math.Round(r[1].Rating))
}

func (h *harness) rating(user, kind string) storage.PlayerRating {
	h.t.Helper()
	rs, err := h.store.Ratings(context.Background(), storage.RatingFilter{Guild: "g", Kind: kind, UserID: user})
	if err != nil {
		h.t.Fatal(err)
	}
	if len(rs) == 0 {
		return storage.PlayerRating{}
	}
	return rs[0]
}

// Issue 36: ratings are "shown in /game stats (rating, deviation, games),
// in /game leaderboard [game] (by rating, "provisional" while the
// deviation is high), and after each rated game in its final message
// (each player's change, e.g. "alice 1532 (+18)")".
func TestRatedGameShowsRatings(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.playTallyOut("add 3")
	out := h.game()
	tb, _ := h.r.table(out)
	winner := 0
	if tb.state.Outcome().Rank[1] == 1 {
		winner = 1
	}
	w, l := out.Seats[winner], out.Seats[1-winner]
	won, lost := newcomers()
	// In the order of the places.
	want := fmt.Sprintf("Ratings: %s %d (+%d), %s %d (−%d).", w.Name, won, won-1500, l.Name, lost, 1500-lost)
	if end := h.turn().m.Content; !strings.Contains(end, want) {
		t.Fatalf("the final message %q does not say %q", end, want)
	}
	p := h.rating(w.UserID, "tally")
	mustEphemeral(t, h.cmd(w.UserID, "game", "stats"),
		fmt.Sprintf("Tally: 1 played, 1 won, 0 lost, rating %d ±%d after 1 rated game (provisional).", won, int(math.Round(p.Deviation))))
	lb := h.cmd("alice", "game", "leaderboard", "game=tally").Message.Content
	lines := strings.Split(lb, "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "by wins while every rating is provisional") ||
		lines[1] != fmt.Sprintf("1. <@%s>: 1 won of 1 · rating %d (provisional)", w.UserID, won) ||
		lines[2] != fmt.Sprintf("2. <@%s>: 0 won of 1 · rating %d (provisional)", l.UserID, lost) {
		t.Fatalf("leaderboard %q", lb)
	}
	// The leaderboard of every game has no rating: a rating is one game's.
	if all := h.cmd("alice", "game", "leaderboard").Message.Content; strings.Contains(all, "rating") {
		t.Fatalf("leaderboard of every game %q", all)
	}
}

// finishStored stores a finished two-player Tally game, in a channel of
// its own, between winner and loser.
func (h *harness) finishStored(winner, loser string) {
	h.t.Helper()
	ctx := context.Background()
	rs, err := h.store.Results(ctx, storage.ResultFilter{})
	if err != nil {
		h.t.Fatal(err)
	}
	ch := fmt.Sprintf("stored%d", len(rs))
	g := &storage.Game{Guild: "g", Channel: ch, Kind: "tally", Status: storage.Active, Creator: winner, State: []byte(`{}`),
		Seats: []storage.Seat{{Seat: 0, UserID: winner, Name: winner}, {Seat: 1, UserID: loser, Name: loser}}}
	if err := h.store.CreateGame(ctx, g); err != nil {
		h.t.Fatal(err)
	}
	g.Status = storage.Finished
	g.Results = []storage.Result{
		{GameID: g.ID, Seat: 0, Guild: "g", Channel: ch, Kind: "tally", UserID: winner, Rank: 1, Players: 2, FinishedAt: h.now, Outcome: "won"},
		{GameID: g.ID, Seat: 1, Guild: "g", Channel: ch, Kind: "tally", UserID: loser, Rank: 2, Players: 2, FinishedAt: h.now, Outcome: "lost"},
	}
	if err := h.store.Save(ctx, g, g.Version, nil); err != nil {
		h.t.Fatal(err)
	}
}

// TestLeaderboardByRatingNotWins: a game's leaderboard puts the players
// whose rating is known first, by rating: carol, who held her own against
// the strongest player, above frank, who won more often against the
// weakest. Players still provisional follow in the order of wins, their
// rating marked "provisional" (docs/ratings.md).
func TestLeaderboardByRatingNotWins(t *testing.T) {
	h := newHarness(t)
	for n := 0; n < 24; n++ {
		h.finishStored("gina", "hank")
	}
	for n := 0; n < 24; n++ {
		if n%2 == 0 {
			h.finishStored("carol", "gina")
		} else {
			h.finishStored("gina", "carol")
		}
	}
	for n := 0; n < 24; n++ {
		if n%3 == 2 {
			h.finishStored("hank", "frank")
		} else {
			h.finishStored("frank", "hank")
		}
	}
	h.finishStored("dave", "erin")
	h.finishStored("dave", "erin")
	h.finishStored("erin", "ivan")
	lb := h.cmd("alice", "game", "leaderboard", "game=tally").Message.Content
	lines := strings.Split(lb, "\n")
	var order []string
	for _, line := range lines[1:] {
		order = append(order, line[strings.Index(line, "<@")+2:strings.Index(line, ">")])
	}
	if strings.Join(order, " ") != "gina carol frank hank dave erin ivan" {
		t.Fatalf("leaderboard order %v:\n%s", order, lb)
	}
	carol, dave := h.rating("carol", "tally"), h.rating("dave", "tally")
	if !strings.Contains(lines[0], "by rating") || lines[2] != fmt.Sprintf("2. <@carol>: 12 won of 24 · rating %d", asShown(carol.Rating)) ||
		lines[5] != fmt.Sprintf("5. <@dave>: 2 won of 2 · rating %d (provisional)", asShown(dave.Rating)) {
		t.Fatalf("leaderboard lines:\n%s", lb)
	}
}

// Issue 36: "a resignation is a loss".
func TestResignationIsARatedLoss(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	mustEphemeral(t, h.confirmed(h.cmdIn("alice", "game", "resign")), "resigned")
	won, lost := newcomers()
	if a, b := h.rating("alice", "tally"), h.rating("bob", "tally"); asShown(a.Rating) != lost || asShown(b.Rating) != won {
		t.Fatalf("after alice resigned: alice %+v, bob %+v", a, b)
	}
	if end := h.turn().m.Content; !strings.Contains(end, fmt.Sprintf("Alice %d (−%d)", lost, 1500-lost)) {
		t.Fatalf("final message %q", end)
	}
}

// Issue 36: "a seat the bot took over rates the player who left it as
// losing" — even when the bot goes on to win with it.
func TestSeatTheBotTookOverIsARatedLoss(t *testing.T) {
	h := newHarness(t)
	h.cfg.AnswerAfter = 0
	h.open()
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "turn_limit=24h"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	g := h.game()
	first := g.Seats[0].UserID
	h.now = h.now.Add(25 * time.Hour)
	h.tick()
	if g := h.game(); !g.Seats[0].Away {
		t.Fatalf("the first player's seat was not handed over: %+v", g.Seats)
	}
	// The other player adds 1 each turn: the bot, adding 3, wins the seat's game.
	h.playTallyOut("add 1")
	tb, _ := h.r.table(h.game())
	if tb.state.Outcome().Rank[0] != 1 {
		t.Fatalf("the bot's seat did not win: %+v", tb.state.Outcome())
	}
	other := g.Seats[1].UserID
	won, lost := newcomers()
	if a, b := h.rating(first, "tally"), h.rating(other, "tally"); asShown(a.Rating) != lost || asShown(b.Rating) != won {
		t.Fatalf("the seat the bot won with: its player %+v, the other %+v", a, b)
	}
}

// Issue 36: "A game abandoned before its end changes no rating", and bot
// seats are not rated and do not rate; co-op and solo games change none.
func TestUnratedGames(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.confirmed(Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: "alice"}, Command: "game", Sub: "abandon"})
	if g := h.game(); g.Status != storage.Abandoned {
		t.Fatalf("not abandoned: %s", g.Status)
	}
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=botid"), "started")
	mustEphemeral(t, h.confirmed(h.cmdIn("alice", "game", "resign")), "resigned")
	if end := h.turn().m.Content; strings.Contains(end, "Ratings:") {
		t.Fatalf("a game against the bot rated: %q", end)
	}
	h.withRealGames()
	mustEphemeral(t, h.cmd("alice", "hunted", "challenge", "opponent=bob"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	mustEphemeral(t, h.confirmed(h.cmdIn("bob", "game", "resign")), "")
	if g := h.game(); g.Status != storage.Finished {
		t.Fatalf("the resigned co-op run is %s", g.Status)
	}
	if end := h.turn().m.Content; strings.Contains(end, "Ratings:") {
		t.Fatalf("a co-op game rated: %q", end)
	}
	if rs, err := h.store.Ratings(context.Background(), storage.RatingFilter{}); err != nil || len(rs) != 0 {
		t.Fatalf("ratings after an abandoned game, a game against the bot and a co-op run: %+v %v", rs, err)
	}
	mustEphemeral(t, h.cmd("alice", "game", "stats"), "")
	if s := shown(h.cmd("alice", "game", "stats").Message); strings.Contains(s, "rating") {
		t.Fatalf("stats without a rated game: %q", s)
	}
}

// Issue 36: "/game help, the README and /game rules say how both work."
func TestHelpAndRulesSayHowRatingsWork(t *testing.T) {
	h := newHarness(t)
	help := shown(h.cmd("alice", "game", "help").Message)
	if !strings.Contains(help, "Glicko-2 rating") || !strings.Contains(help, "co-op, solo and abandoned games and bot seats change none") || len(help) > maxContent {
		t.Fatalf("/game help (%d chars) does not say how ratings work:\n%s", len(help), help)
	}
	rules := shown(h.cmd("alice", "game", "rules", "game=tally").Message)
	if !strings.Contains(rules, "moves their rating for this game on this server") {
		t.Fatalf("/game rules does not say how ratings work:\n%s", rules)
	}
}
