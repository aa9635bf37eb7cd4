package hijacked

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"standoff/internal/games"
)

// soloSetup is a solo game: seat 0 the human, seat 1 the Cybot.
func soloSetup(seed uint64) games.Setup {
	return games.Setup{Players: []string{"Alice", "Standoff (bot level 1)"}, Seed: seed, Bots: []int{0, 1}}
}

// conserveSolo is conserve with the Cybot's set-aside tokens counted where
// they came from.
func conserveSolo(s *State) error {
	if s.Cybot == nil {
		return conserve(s)
	}
	p := &s.Players[s.Cybot.Seat]
	for d, k := range s.Cybot.SetAside {
		p.Demands[d] += k
	}
	err := conserve(s)
	for d, k := range s.Cybot.SetAside {
		p.Demands[d] -= k
	}
	return err
}

// soloGames is how many random solo games the playout test plays.
func soloGames() int {
	if v, err := strconv.Atoi(os.Getenv("HIJACKED_SOLO_GAMES")); err == nil && v > 0 {
		return v
	}
	if raceEnabled || testing.Short() {
		return 50
	}
	return 1000
}

// TestSoloPlayouts plays a thousand seeded solo games with a random human
// (fewer under -race): every game ends, every move keeps every card, cube,
// demand, die, passenger and pilot, the state round-trips, the Cybot's moves
// are the only thing it ever plays, and replaying the log gives the same
// game (its card draws and dice come from the state's own randomness).
func TestSoloPlayouts(t *testing.T) {
	t.Parallel()
	endings := map[string]int{}
	cybotWins, humanWins := 0, 0
	for i := range soloGames() {
		seed := uint64(7_000_000 + i)
		setup := soloSetup(seed)
		st, log, err := games.Playout(Kind, setup, games.NewRNG(seed^0xc1b07), 20000, func(g games.State) error {
			s := g.(*State)
			if s.Cybot == nil {
				return errors.New("not a solo game")
			}
			return conserveSolo(s)
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, m := range log {
			if m.Seat == 1 && m.Move != moveCybot {
				t.Fatalf("seed %d: the Cybot played %q", seed, m.Move)
			}
		}
		s := st.(*State)
		endings[s.Ending]++
		if s.Ending == endFreed {
			if w := s.Result.Winners(); len(w) == 1 && w[0] == 1 {
				cybotWins++
			} else {
				humanWins++
			}
		}
		if i%50 == 0 {
			back, err := games.Replay(Kind, setup, log)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := st.Encode()
			b, _ := back.Encode()
			if !bytes.Equal(a, b) {
				t.Fatalf("seed %d: replay differs", seed)
			}
		}
	}
	t.Logf("endings %v; freed endings won by the Cybot %d, by the random human %d", endings, cybotWins, humanWins)
}

// TestSoloAgainstGreedy plays the Cybot against the greedy player of the
// balance test (who cooperates in police retreats when 5 or fewer minutes
// remain and leaves every pick to chance), and against the simple automated
// player (Kind.Bot on the human seat, answering by the defaults). It reports
// how the games end (docs/rules/hijacked.md, Solo); every game must end and
// conserve everything. HIJACKED_BALANCE=1 plays 200 games each.
func TestSoloAgainstGreedy(t *testing.T) {
	t.Parallel()
	n := 20
	if os.Getenv("HIJACKED_BALANCE") != "" {
		n = 200
	}
	if raceEnabled {
		n = 5
	}
	for _, who := range []string{"greedy", "simple"} {
		endings, rounds := map[string]int{}, 0
		humanWins, cybotWins := 0, 0
		for i := range n {
			g, err := Kind.New(soloSetup(uint64(9_000 + i)))
			if err != nil {
				t.Fatal(err)
			}
			s := g.(*State)
			for moves := 0; s.Result == nil; moves++ {
				if moves > 5000 {
					t.Fatalf("%s game %d does not end", who, i)
				}
				var err error
				var m string
				switch c := s.Cybot; {
				case c.Ask != nil && who == "greedy" && c.Ask.Kind == moveCooperate && s.Police <= 5:
					m = moveCooperate + " yes"
				case c.Ask != nil && who == "greedy":
					m = c.Ask.Default
				case c.Ask != nil:
					m, err = bot(s, 0, 1, games.NewRNG(1))
				case who == "simple" && s.Turn == 0:
					m, err = bot(s, 0, 1, games.NewRNG(1))
				case who == "greedy":
					if a, ok := greedy(s, 0); ok {
						m = a.String()
					} else {
						_, err = s.Apply(1, moveCybot)
					}
				default:
					_, err = s.Apply(1, moveCybot)
				}
				if err == nil && m != "" {
					seat := 0
					if s.Cybot.Ask == nil && s.Turn == 1 && m == moveCybot {
						seat = 1
					}
					_, err = s.Apply(seat, m)
				}
				if err != nil {
					t.Fatalf("%s game %d: %q: %v", who, i, m, err)
				}
				if err := conserveSolo(s); err != nil {
					t.Fatalf("%s game %d after %q: %v", who, i, m, err)
				}
			}
			endings[s.Ending]++
			rounds += s.Round
			if s.Ending == endFreed {
				if w := s.Result.Winners(); len(w) == 1 && w[0] == 1 {
					cybotWins++
				} else {
					humanWins++
				}
			}
		}
		t.Logf("%s human, %d games: endings %v; freed endings won by the human %d, by the Cybot %d; %.1f rounds on average",
			who, n, endings, humanWins, cybotWins, float64(rounds)/float64(n))
	}
}

// "The Cybot sticks to one hijacker and puts its communication disc there.
// Pick an available hijacker that fits the dice. If none was picked before,
// the Cybot takes the rightmost hijacker. From then on it always takes that
// hijacker when the dice fit, until it surrenders; then that hijacker is
// discarded." And "It never gets ... persuaded-hijacker rewards".
func TestCybotFixedHijacker(t *testing.T) {
	s := cySoloGame(t, 40)
	rookie, father := data.hijacker["H4"], data.hijacker["H6"] // 3-6 & 3-6; 4-6 & 4-6
	s.Slots[1] = Slot{Tile: rookie, Disc: -1}
	s.Slots[3] = Slot{Tile: father, Disc: -1}
	s.Slots[2].Disc = 0 // the human talks to place 3: not available
	cybotOn(t, s, 10, 0, 5, 6)
	out := cyRun(t, s)
	cyHas(t, out, "picks The Father (place 4) as its hijacker")
	if s.Cybot.Hijacker != father || s.Slots[3].Disc != 1 || s.Slots[3].Turns != 1 {
		t.Fatalf("hijacker %d, slot %+v", s.Cybot.Hijacker, s.Slots[3])
	}
	// Dice that fit The Rookie but not its own hijacker: not possible.
	cybotOn(t, s, 10, 0, 3, 4)
	out = cyRun(t, s)
	cyHas(t, out, "1. Persuade its hijacker: not possible (its dice 3, 4 do not fit The Father (4-6 and 4-6)), next.")
	if s.Slots[1].Disc != -1 {
		t.Fatal("it talked to another hijacker")
	}
	// The 4th time it surrenders: discarded, no reward on the track, trust
	// drops 20% as usual, and 8 points at the end.
	s.Slots[3].Turns = 3
	s.Trust, s.Green = 5, data.GreenCubes-5
	score := s.Players[1].Score
	cybotOn(t, s, 10, 0, 4, 4)
	out = cyRun(t, s)
	cyHas(t, out, "The Cybot discards The Father")
	if s.Cybot.Hijacker != -1 || !containsInt(s.Players[1].Hijackers, father) || s.Trust != 3 {
		t.Fatalf("hijacker %d, tiles %v, trust %d", s.Cybot.Hijacker, s.Players[1].Hijackers, s.Trust)
	}
	if got := s.Players[1].Score - score; got > 2 { // +1 for the turn, at most +1 more from spare dice
		t.Fatalf("the Cybot scored %d on the surrender: the tile's reward", got)
	}
	if l := s.scoreLine(1); l.Hijackers != 8 {
		t.Fatalf("hijacker points %d, want 8", l.Hijackers)
	}
	if err := conserveSolo(s); err != nil {
		t.Fatal(err)
	}
}

// "The Cybot must have enough demand tokens, but never spends its last one
// on this action (it keeps it for a passenger card)."
func TestCybotKeepsItsLastToken(t *testing.T) {
	s := cySoloGame(t, 41)
	s.Round = 3
	s.Players[0].Score = 1 // the Cybot is 1 behind with its 1 intel
	cybotOn(t, s, 7, 0, 2, 5)
	out := cyRun(t, s)
	cyHas(t, out, "it would need 1 token and never spends its last, it has 1")
	if s.Players[1].Demands[intel] < 1 || s.Police != 15 {
		t.Fatalf("it spent its last token or retreated: %v, police %d", s.Players[1].Demands, s.Police)
	}
	// With a second token it may: it asks the human first.
	s2 := cySoloGame(t, 41)
	s2.Round = 3
	s2.Players[0].Score = 1
	giveDemand(s2, 1, "food", 1)
	cybotOn(t, s2, 7, 0, 2, 5)
	cyHas(t, cyRun(t, s2), "do you cooperate?")
	if s2.Cybot.Ask == nil || s2.Cybot.Ask.Default != "cooperate no" {
		t.Fatalf("ask %+v", s2.Cybot.Ask)
	}
}

// "You decide whether you cooperate ... Draw 2 cubes from the bag: if both
// are green, you cooperate and spend tokens to equalise scores; otherwise
// the Cybot does not cooperate." The bag is fixed to all green or all red
// to see both draws.
func TestCybotCooperationDraw(t *testing.T) {
	setup := func(seed uint64) *State {
		s := cySoloGame(t, seed)
		s.Round = 3
		s.Players[1].Score = 2 // the human is 2 behind
		giveDemand(s, 0, "food", 1)
		giveDemand(s, 0, "crypto", 1)
		cybotOn(t, s, 8, 0, 1, 6)
		cyHas(t, cyRun(t, s), "do you cooperate?")
		return s
	}
	t.Run("you do not cooperate", func(t *testing.T) {
		s := setup(42)
		must(t, s, 0, "cooperate no")
		out := cyRun(t, s)
		cyHas(t, out, "1. Police retreat: not possible (scores differ and Alice does not cooperate), next.")
		if s.Police != 14 || s.Players[0].demandCount() != 3 {
			t.Fatalf("police %d, demands %v", s.Police, s.Players[0].Demands)
		}
	})
	t.Run("two green cubes", func(t *testing.T) {
		s := setup(43)
		s.Red = 0 // only green cubes in the bag
		must(t, s, 0, "cooperate yes")
		out := cyRun(t, s)
		cyHas(t, out, "the cooperation draw shows two green cubes")
		if s.Police != 16 || s.Players[0].Demands[intel] != 1 || s.Players[0].Score != 4 {
			t.Fatalf("police %d, demands %v, score %d:\n%s", s.Police, s.Players[0].Demands, s.Players[0].Score, out)
		}
		if s.Red != 0 {
			t.Fatal("cubes not back in the bag")
		}
	})
	t.Run("not two green cubes", func(t *testing.T) {
		s := setup(44)
		s.Green = 0 // only red cubes in the bag
		must(t, s, 0, "cooperate yes")
		out := cyRun(t, s)
		cyHas(t, out, "the cooperation draw shows red and red: the Cybot does not cooperate")
		if s.Police != 14 || s.Players[0].demandCount() != 3 {
			t.Fatalf("police %d demands %v", s.Police, s.Players[0].Demands)
		}
	})
}

// "Tokens it gets as score-track rewards cannot be used during the game:
// they are set aside and score at the end." "For the Cybot every demand
// token is a joker ... but it must meet the trust minimum."
func TestCybotTokens(t *testing.T) {
	s := cySoloGame(t, 45)
	b := data.ScoreTracks[s.Players[1].Track].Bonuses[0]
	s.Players[1].Score = b.At - 1
	before := s.Players[1].Demands
	var ev []games.Event
	s.addPoints(1, 1, &ev)
	d := demandIndex(b.Demand)
	if s.Players[1].Demands != before || s.Cybot.SetAside[d] != 1 {
		t.Fatalf("demands %v, set aside %v", s.Players[1].Demands, s.Cybot.SetAside)
	}
	if err := conserveSolo(s); err != nil {
		t.Fatal(err)
	}
	// A card wanting crypto, paid with its food.
	find := cyFinder(t)
	cyEmptyBoard(s)
	s.Players[1].Demands = [4]int{}
	s.Supply[intel]++
	giveDemand(s, 1, "food", 1)
	crypto := find(func(c Card) bool { return c.Color == "green" && c.Demand == "crypto" && c.Trust == 0 })
	cyPlace(s, 3, crypto, true)
	cybotOn(t, s, 2, 0, 1, 1)
	out := cyRun(t, s)
	cyHas(t, out, "paying food")
	if !cyHolds(s, 1, crypto) {
		t.Fatalf("not played:\n%s", out)
	}
	// Trust too low: discarded for 1 point.
	cyEmptyBoard(s)
	high := find(func(c Card) bool { return c.Color == "yellow" && c.Trust > s.Trust*10 && c.Demand == "none" })
	cyPlace(s, 2, high, true)
	cybotOn(t, s, 2, 0, 1, 1)
	cyHas(t, cyRun(t, s), "must discard it")
}

// Medals: "You always win the most valuable medal. The others may be moved
// to empty spaces if needed. At the end of the game the Cybot gets every
// medal not won." The Cybot wins no medal during the game.
func TestSoloMedals(t *testing.T) {
	s := cySoloGame(t, 46)
	s.Medals = [3]Medal{
		{Objective: "persuade", Value: 2, State: medalBoard, Holder: -1},
		{Objective: "points18", Value: 3, State: medalBoard, Holder: -1},
		{Objective: "trust100", Value: 5, State: medalBoard, Holder: -1},
	}
	s.Players[1].Score = 20
	s.Players[1].Hijackers = append(s.Players[1].Hijackers, s.HijackerRest[0])
	s.HijackerRest = s.HijackerRest[1:]
	var ev []games.Event
	s.checkMedals(&ev)
	for _, m := range s.Medals {
		if m.State != medalBoard {
			t.Fatalf("the Cybot won a medal during the game: %+v", s.Medals)
		}
	}
	s.Players[0].Score = 17
	giveDemand(s, 0, "food", 1)
	must(t, s, 0, "cash food")
	if m := s.Medals[1]; m.State != medalHeld || m.Holder != 0 || m.Value != 5 {
		t.Fatalf("the human won %+v, want the 5", m)
	}
	if s.Medals[2].Value != 3 || s.Medals[2].State != medalBoard {
		t.Fatalf("the 3 did not move to the empty objective: %+v", s.Medals)
	}
	s.finish(endFreed, &ev)
	for i, m := range s.Medals {
		if i != 1 && (m.State != medalHeld || m.Holder != 1) {
			t.Fatalf("medal %d not the Cybot's at the end: %+v", i+1, m)
		}
	}
	if l := s.scoreLine(1); l.Medals != 5 {
		t.Fatalf("the Cybot's medals score %d, want 2+3", l.Medals)
	}
}

// The Cybot's final score: "It never gets score-track bonuses or
// persuaded-hijacker rewards and never uses bonus tiles: those score points
// for it at the end instead." The figures 5 3 3 8 (see the Assumptions):
// star 5, each bonus tile 3, each reward set aside 3, each hijacker 8.
func TestCybotFinalScore(t *testing.T) {
	s := cySoloGame(t, 47)
	p := &s.Players[1]
	p.Score = 20
	s.Star = 1
	p.Tiles = append(p.Tiles, s.Tiles[len(s.Tiles)-1])
	s.Tiles = s.Tiles[:len(s.Tiles)-1]
	p.Hijackers = append(p.Hijackers, s.HijackerRest[0], s.HijackerRest[1])
	s.HijackerRest = s.HijackerRest[2:]
	s.Supply[food] -= 2
	s.Cybot.SetAside[food] = 2
	p.Thumb = 3
	giveCard(s, 1, "BL1")
	l := s.scoreLine(1)
	want := 20 + 1 /* intel */ + 5 + 3 + 2*3 + 2*8 - 3 + data.Recognition[3]
	if l.Total != want || l.Star != 5 || l.Tiles != 3 || l.SetAside != 6 || l.Hijackers != 16 {
		t.Fatalf("score %+v, want total %d", l, want)
	}
	var ev []games.Event
	s.finish(endFreed, &ev)
	text := publicText(ev)
	if !strings.Contains(text, "for bonus tiles") || !strings.Contains(text, "for rewards set aside") {
		t.Fatalf("final table:\n%s", text)
	}
}

// Kind.Bot: the Cybot's seat plays `cybot`; the human's seat, when the
// table automates it, answers the Cybot's question with the default and
// otherwise plays a turn.
func TestSoloBot(t *testing.T) {
	s := cySoloGame(t, 48)
	if m, err := bot(s, 0, 1, games.NewRNG(1)); err != nil || m == "" || m == moveCybot {
		t.Fatalf("human seat: %q %v", m, err)
	}
	if _, err := bot(s, 1, 1, games.NewRNG(1)); err == nil {
		t.Fatal("the Cybot moved on the human's turn")
	}
	cybotOn(t, s, 2, 0, 1, 2)
	if m, err := bot(s, 1, 1, games.NewRNG(1)); err != nil || !strings.HasPrefix(m, moveCybot+": card 2: ") {
		t.Fatalf("Cybot: %q %v", m, err)
	}
	refuse(t, s, 1, "end")
	refuse(t, s, 0, "cybot")
	v := s.Public().(*PublicView)
	if v.Cybot == nil || v.Cybot.Card != 2 || len(v.Cybot.Actions) != 1 || v.Cybot.Actions[0].State != "now" || !strings.Contains(v.Text(), "Cybot card 2: > 1. Choose a passenger card") {
		t.Fatalf("view %+v\n%s", v.Cybot, v.Text())
	}
}

// TestSimpleBotPlaysNormalGames: outside the solo mode Kind.Bot plays any
// automated seat by the normal rules (3 and 4 players, every seat the
// bot): the games end and conserve everything.
func TestSimpleBotPlaysNormalGames(t *testing.T) {
	for n := 3; n <= 4; n++ {
		for i := range 5 {
			g, err := Kind.New(games.Setup{Players: names[:n], Seed: uint64(500 + i), Bots: []int{1, 1, 1, 1}[:n]})
			if err != nil {
				t.Fatal(err)
			}
			s := g.(*State)
			if s.Cybot != nil {
				t.Fatal("a Cybot in a game of players")
			}
			for moves := 0; s.Result == nil; moves++ {
				if moves > 5000 {
					t.Fatalf("%d players game %d does not end", n, i)
				}
				m, err := bot(s, s.Turn, 1, games.NewRNG(1))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Apply(s.Turn, m); err != nil {
					t.Fatalf("%q: %v", m, err)
				}
				if err := conserve(s); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// Leaving the solo game: the human may resign while the Cybot waits for
// their answer; the Cybot is the only one left and wins.
func TestSoloResignWhileAsked(t *testing.T) {
	s := cySoloGame(t, 49)
	find := cyFinder(t)
	cyEmptyBoard(s)
	cyPlace(s, 2, find(cyColored("gray", 0, false)), true)
	cyPlace(s, 5, find(cyColored("green", 0, false)), true)
	cybotOn(t, s, 2, 0, 3, 3)
	cyRun(t, s)
	if s.Cybot.Ask == nil {
		t.Fatal("no question")
	}
	if _, err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if s.Result == nil || s.Result.Rank[1] != 1 || len(s.Prompts()) != 0 || len(s.Legal(1)) != 0 {
		t.Fatalf("result %+v", s.Result)
	}
	if err := conserveSolo(s); err != nil {
		t.Fatal(err)
	}
}

// "You decide whether you cooperate ... Draw 2 cubes from the bag: if both
// are green, you cooperate and spend tokens to equalise scores; otherwise
// the Cybot does not cooperate." A demand may be cashed "at any time ...
// even if it is not the player's turn", also while the Cybot waits for the
// answer; that neither skips the draw nor leaves the question quoting old
// scores.
func TestCybotCooperationSurvivesAnyTimeActions(t *testing.T) {
	s := cySoloGame(t, 44)
	s.Round = 3
	s.Players[1].Score = 2 // the human is 2 behind
	giveDemand(s, 0, "food", 1)
	giveDemand(s, 0, "crypto", 1)
	cybotOn(t, s, 8, 0, 1, 6)
	cyHas(t, cyRun(t, s), "scores differ (Alice 0, Cybot 2)")
	must(t, s, 0, "cash food")
	must(t, s, 0, "cash crypto")
	p := s.Prompts()
	if len(p) == 0 || !strings.Contains(p[0].Text, "scores are equal (Alice 2, Cybot 2)") || p[0].Choices[0].Label != "Cooperate: the scores are equal" {
		t.Fatalf("the question was not worded again: %+v", p)
	}
	if v := s.Public().(*PublicView); !strings.Contains(v.Cybot.Asking, "Alice 2, Cybot 2") {
		t.Fatalf("the view asks %q", v.Cybot.Asking)
	}
	s.Green = 0 // only red cubes in the bag: the Cybot must not cooperate
	must(t, s, 0, "cooperate yes")
	out := cyRun(t, s)
	cyHas(t, out, "the cooperation draw shows red and red: the Cybot does not cooperate")
	if s.Police != 14 {
		t.Fatalf("the police retreated without the draw: police %d\n%s", s.Police, out)
	}
}
