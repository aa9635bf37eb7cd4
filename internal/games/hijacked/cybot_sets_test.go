package hijacked

import (
	"regexp"
	"strings"
	"testing"

	"standoff/internal/games"
)

// cybotPick finds a card the Cybot chooses in its narration.
var cybotPick = regexp.MustCompile(`takes the (face-down|gray|blue|green|yellow|red) card at seat`)

// cloggedStats plays seeded solo games, the human seat played by a random
// player (random legal moves) or by the simple automated player, and counts
// the passenger cards the Cybot chose and how many of them it had to discard
// only because its supply was full.
func cloggedStats(t *testing.T, who string, n int) (picks, full, endedFull int) {
	t.Helper()
	for i := range n {
		seed := uint64(31_000 + i)
		g, err := Kind.New(soloSetup(seed))
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*State)
		rng := games.NewRNG(seed ^ 0x5e75)
		for moves := 0; s.Result == nil; moves++ {
			if moves > 20000 {
				t.Fatalf("%s game %d does not end", who, i)
			}
			var seat int
			var m string
			switch {
			case s.Cybot.Ask == nil && s.Turn == s.Cybot.Seat:
				seat, m = s.Cybot.Seat, moveCybot
			case who == "simple":
				seat = s.human()
				if m, err = bot(s, seat, 1, rng); err != nil {
					t.Fatal(err)
				}
			default:
				seat = s.human()
				legal := s.Legal(seat)
				m = legal[rng.Intn(len(legal))]
			}
			ev, err := s.Apply(seat, m)
			if err != nil {
				t.Fatalf("%s game %d: %q: %v", who, i, m, err)
			}
			if seat != s.Cybot.Seat {
				continue
			}
			for _, e := range ev {
				picks += len(cybotPick.FindAllString(e.Text, -1))
				full += strings.Count(e.Text, "supply holds 5 cards")
			}
		}
		if len(s.Players[s.Cybot.Seat].Cards) >= maxSupply {
			endedFull++
		}
	}
	return picks, full, endedFull
}

// "As soon as the Cybot has a complete set it trades it for 1 pilot or 1
// passenger", and in the base game "If two Passenger Cards of the same color
// are scored, then they can be traded at any time ... for a (wooden)
// passenger" while "To free a pilot you need three cards of the same color."
// Read as the Cybot playing like a sensible negotiator (docs, Solo decision
// 7), it never sits on a full supply: of the cards it chooses, hardly any is
// discarded only because its supply holds 5 cards, and it never ends a game
// with 5 cards. When it traded only at 3 of a colour, 2 games in 3 ended
// with its supply full and a third of its picks were such forced discards.
func TestCybotDoesNotClogItsSupply(t *testing.T) {
	t.Parallel()
	n := 300
	if raceEnabled || testing.Short() {
		n = 40
	}
	for _, who := range []string{"random", "simple"} {
		picks, full, endedFull := cloggedStats(t, who, n)
		t.Logf("%s human, %d games: the Cybot chose %d cards, %d (%.1f%%) discarded because its supply was full; %d games ended with its supply full",
			who, n, picks, full, 100*float64(full)/float64(max(picks, 1)), endedFull)
		if picks == 0 {
			t.Fatalf("%s: the Cybot chose no card in %d games", who, n)
		}
		if full*100 > picks {
			t.Errorf("%s human: %d of the Cybot's %d cards were discarded because its supply was full (more than 1%%)", who, full, picks)
		}
		if endedFull > 0 {
			t.Errorf("%s human: %d of %d games ended with the Cybot's supply full", who, endedFull, n)
		}
	}
}

// The Cybot's complete sets (docs, Solo decision 7): "two Passenger Cards of
// the same color ... for a (wooden) passenger", "To free a pilot you need
// three cards of the same color." While it needs a pilot it grows its first
// pair to 3 and trades any other pair at once; with its pilot freed every
// pair goes; a full supply with no colour at 3 gives up the pilot set's pair.
func TestCybotTradesCompleteSets(t *testing.T) {
	find := cyFinder(t)
	// Cards it plays need no trust; it holds tokens for any demand.
	col := func(color string) func(Card) bool {
		return func(c Card) bool { return c.Color == color && c.Trust == 0 }
	}
	blue1, blue2, blue3 := find(col("blue")), find(col("blue")), find(col("blue"))
	green1, green2 := find(col("green")), find(col("green"))
	gray, yellow := find(col("gray")), find(col("yellow"))
	play := func(s *State, id string) string {
		t.Helper()
		cyEmptyBoard(s)
		if s.Players[1].demandCount() < 3 {
			giveDemand(s, 1, "food", 3)
		}
		cyPlace(s, 3, id, true)
		cybotOn(t, s, 2, 0, 1, 1)
		return cyRun(t, s)
	}
	t.Run("a second pair is traded, the first grows to a pilot", func(t *testing.T) {
		s := cySoloGame(t, 60)
		giveCard(s, 1, blue1)
		giveCard(s, 1, blue2)
		giveCard(s, 1, green1)
		out := play(s, green2)
		cyHas(t, out, "Cybot frees a passenger for "+green1+", "+green2)
		if s.Players[1].Freed != 1 || s.Players[1].colorCount("blue") != 2 {
			t.Fatalf("freed %d, cards %v:\n%s", s.Players[1].Freed, s.Players[1].Cards, out)
		}
		out = play(s, blue3)
		cyHas(t, out, "Cybot frees a pilot for "+blue1+", "+blue2+", "+blue3)
	})
	t.Run("with its pilot, a pair is a passenger at once", func(t *testing.T) {
		s := cySoloGame(t, 61)
		s.Players[1].Pilots, s.Pilots = 1, s.Pilots-1
		giveCard(s, 1, blue1)
		out := play(s, blue2)
		cyHas(t, out, "Cybot frees a passenger for "+blue1+", "+blue2)
	})
	t.Run("a new pair in a full supply goes, the pilot set stays", func(t *testing.T) {
		s := cySoloGame(t, 63)
		giveCard(s, 1, blue1)
		giveCard(s, 1, blue2)
		giveCard(s, 1, green1)
		giveCard(s, 1, gray)
		out := play(s, green2)
		cyHas(t, out, "Cybot frees a passenger for "+green1+", "+green2)
		if strings.Contains(out, "frees a passenger for "+blue1) || s.Players[1].colorCount("blue") != 2 {
			t.Fatalf("cards %v:\n%s", s.Players[1].Cards, out)
		}
	})
	t.Run("a full supply gives up the pilot set's pair", func(t *testing.T) {
		s := cySoloGame(t, 62)
		giveCard(s, 1, blue1)
		giveCard(s, 1, blue2)
		giveCard(s, 1, green1)
		giveCard(s, 1, gray)
		out := play(s, yellow)
		cyHas(t, out, "Cybot frees a passenger for "+blue1+", "+blue2)
		if len(s.Players[1].Cards) != 3 {
			t.Fatalf("cards %v:\n%s", s.Players[1].Cards, out)
		}
	})
}

// "Tokens from the tower (general supply) it can use, also to change dice"
// ("Der Cybot kann Forderungsmarker verwenden, um Würfelwerte zu ändern"):
// not only card 9. Where an action on its card needs die values (persuading
// its hijacker, a face-down card) and no die fits, it turns a die by 1 with
// one token, but never with its last, which it keeps for a passenger card
// (docs, Solo decision 3).
func TestCybotTurnsDiceWithTokens(t *testing.T) {
	t.Run("card 10 persuades with a token", func(t *testing.T) {
		for _, tokens := range []int{1, 2} {
			s := cySoloGame(t, 70)
			boss := data.hijacker["H1"] // one die 1-3, one die 4-6
			s.Slots[3] = Slot{Tile: boss, Disc: -1}
			s.Cybot.Hijacker = boss
			giveDemand(s, 1, "food", tokens-1) // it starts with 1 intel
			cybotOn(t, s, 10, 0, 5, 6)
			out := cyRun(t, s)
			if tokens == 1 {
				cyHas(t, out, "1. Persuade its hijacker: not possible")
				continue
			}
			cyHas(t, out, "1. Persuade its hijacker using 1 token: Cybot talks to The Boss with 5 and 1:")
			if s.Slots[3].Turns != 1 || cyTokens(s, 1) != 1 {
				t.Fatalf("turns %d, tokens %d:\n%s", s.Slots[3].Turns, cyTokens(s, 1), out)
			}
		}
	})
	t.Run("card 4 turns a die to a face-down card's pips", func(t *testing.T) {
		for _, tokens := range []int{1, 2} {
			s := cySoloGame(t, 71)
			find := cyFinder(t)
			cyEmptyBoard(s)
			three := find(cyWithPips(3))
			cyPlace(s, 2, three, false)
			giveDemand(s, 1, "food", tokens-1)
			cybotOn(t, s, 4, 0, 2, 6)
			out := cyRun(t, s)
			if tokens == 1 {
				cyHas(t, out, "1. Play a face-down passenger card: not possible (no face-down card shows 2, 6), next.")
				continue
			}
			cyHas(t, out, "takes the face-down card at seat 2 (3 pips) with its 2 turned to 3 with a token: ")
			if s.Seats[1].Card == card(three) {
				t.Fatalf("the card is still on seat 2:\n%s", out)
			}
		}
	})
}

// A Cybot turn is one compact message (Discord takes 2,000 characters): each
// step of its card is one line, and the engine's own account of a card it
// takes joins that line instead of repeating it. Its logged move reads as
// what it did ("cybot: card 8: YE11 played, pilot freed; takes an intel"),
// which `/game history` shows, and replays as `cybot`.
func TestCybotTurnIsCompact(t *testing.T) {
	t.Parallel()
	n := 200
	if raceEnabled || testing.Short() {
		n = 30
	}
	longest, longestMove := 0, ""
	for i := range n {
		seed := uint64(41_000 + i)
		setup := soloSetup(seed)
		g, err := Kind.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*State)
		rng := games.NewRNG(seed)
		var log []games.SeatMove
		for moves := 0; s.Result == nil; moves++ {
			if moves > 20000 {
				t.Fatalf("game %d does not end", i)
			}
			seat := s.human()
			if s.Cybot.Ask == nil && s.Turn == s.Cybot.Seat {
				seat = s.Cybot.Seat
			}
			var m string
			if seat == s.Cybot.Seat || i%2 == 0 {
				m, err = bot(s, seat, 1, rng)
				if err != nil {
					t.Fatal(err)
				}
			} else {
				legal := s.Legal(seat)
				m = legal[rng.Intn(len(legal))]
			}
			ev, err := s.Apply(seat, m)
			if err != nil {
				t.Fatalf("game %d: %q: %v", i, m, err)
			}
			log = append(log, games.SeatMove{Seat: seat, Move: m})
			if seat != s.Cybot.Seat {
				continue
			}
			if !strings.HasPrefix(m, "cybot: card ") || len(m) > 200 {
				t.Fatalf("game %d: the Cybot's move is logged as %q", i, m)
			}
			text := publicText(ev)
			if strings.Contains(text, "Cybot chooses seat") {
				t.Fatalf("game %d: a card told twice:\n%s", i, text)
			}
			longest = max(longest, len(text))
			if len(m) > len(longestMove) {
				longestMove = m
			}
		}
		if i%20 == 0 {
			back, err := games.Replay(Kind, setup, log)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := s.Encode()
			b, _ := back.Encode()
			if string(a) != string(b) {
				t.Fatalf("game %d: the logged moves replay differently", i)
			}
		}
	}
	t.Logf("%d games: the longest Cybot turn is %d characters; the longest logged move %q", n, longest, longestMove)
	if longest > 1500 {
		t.Errorf("a Cybot turn narrates %d characters, over 1,500", longest)
	}
}

// Texts about the Cybot speak of it, not to the reader: a card it cannot
// take for a full supply is "its supply", the card goes "into its supply",
// and a bonus tile it keeps is put in its display ("never uses bonus tiles:
// those score points for it at the end instead"), not described as "From now
// on you may".
func TestCybotTextsSpeakOfIt(t *testing.T) {
	s := cySoloGame(t, 80)
	if why := s.cannotPlay(1, card("BL1")); why != "" && strings.Contains(why, "your") {
		t.Fatalf("reason %q", why)
	}
	for _, id := range []string{"GY1", "BL2", "GR3", "YE4", "GY5"} {
		giveCard(s, 1, id)
	}
	if why := s.cannotPlay(1, card("BL1")); why != "its supply holds 5 cards already" {
		t.Fatalf("the Cybot's full supply reads %q", why)
	}
	for _, id := range []string{"GY6", "BL7", "GR8", "YE9", "GY10"} {
		giveCard(s, 0, id)
	}
	if why := s.cannotPlay(0, card("BL1")); why != "your supply holds 5 cards already" {
		t.Fatalf("the player's full supply reads %q", why)
	}
	for t2 := range data.BonusTiles {
		text := s.keepText(1, t2)
		if strings.Contains(strings.ToLower(text), "you") || !strings.Contains(text, "in its display") {
			t.Fatalf("the Cybot keeps a tile: %q", text)
		}
	}
	s2 := cySoloGame(t, 81)
	find := cyFinder(t)
	cyEmptyBoard(s2)
	cyPlace(s2, 3, find(cyColored("gray", 0, false)), true)
	cybotOn(t, s2, 2, 0, 1, 1)
	out := cyRun(t, s2)
	cyHas(t, out, "into its supply")
	if strings.Contains(out, "Cybot plays") && strings.Contains(out, "their supply") {
		t.Fatalf("the Cybot's card goes into their supply:\n%s", out)
	}
}

// "The player with the most points at the end of the game wins! In case of a
// tie, the player with the most recognition wins: when players both have the
// same level of recognition they can just enjoy a shared victory." A result
// tied on points says how it was decided.
func TestTieBreakIsAnnounced(t *testing.T) {
	end := func(cybotThumb, humanThumb int) (*State, string) {
		s := cySoloGame(t, 90)
		for i := range s.Medals {
			s.Medals[i].State = medalCashed // no medals for the Cybot at the end
		}
		s.Players[1].Thumb, s.Players[0].Thumb = cybotThumb, humanThumb
		for seat := range s.Players {
			s.Players[seat].Score += 27 - s.scoreLine(seat).Total
		}
		var ev []games.Event
		s.finish(endFreed, &ev)
		if s.Final[0].Total != 27 || s.Final[1].Total != 27 {
			t.Fatalf("totals %d and %d, want 27-27", s.Final[0].Total, s.Final[1].Total)
		}
		return s, s.Result.Text
	}
	s, text := end(2, 1)
	if w := s.Result.Winners(); len(w) != 1 || w[0] != 1 {
		t.Fatalf("winners %v", w)
	}
	cyHas(t, text, "Cybot wins with 27 points. Tied on 27 points: the most recognition wins (Cybot space 2, Alice space 1).")
	s, text = end(1, 1)
	if len(s.Result.Winners()) != 2 {
		t.Fatalf("winners %v", s.Result.Winners())
	}
	cyHas(t, text, "share the victory with 27 points. Tied on 27 points and on recognition (")
	cyHas(t, text, "): a shared victory.")
}

// "Try the top action; if dice or their count do not allow it, go to the
// next": the view tells an action done from one skipped as not possible.
func TestCybotViewTellsSkippedFromDone(t *testing.T) {
	s := cySoloGame(t, 12)
	s.Slots[3] = Slot{Tile: data.hijacker["H4"], Disc: -1} // The Rookie: two dice 3-6
	cybotOn(t, s, 10, 0, 3, 6)
	cyRun(t, s)
	v := s.Public().(*PublicView).Cybot
	var got []string
	for _, a := range v.Actions {
		got = append(got, a.State)
	}
	if strings.Join(got, " ") != "done skipped skipped" {
		t.Fatalf("card 10 after persuading with both dice: %v", got)
	}
}

// The answer to the Cybot's question is told to the table about the one who
// answered, not in the words of their button ("to reach your 17").
func TestCybotAnswerIsToldInTheThirdPerson(t *testing.T) {
	s := cySoloGame(t, 41)
	s.Round = 3
	s.Players[0].Score = 1
	giveDemand(s, 1, "food", 1)
	cybotOn(t, s, 7, 0, 2, 5)
	cyRun(t, s)
	out := publicText(must(t, s, 0, "cooperate yes"))
	if out != "Alice cooperates with the Cybot.\n" {
		t.Fatalf("the answer reads %q", out)
	}
}

// Card 11: "Take bonus die; police retreat (even if impossible: advance the
// Cybot's thumb 1 space and put the top bonus tile in its display)." When
// the retreat is impossible and the thumb and tile are done instead, the
// view says so ("fallback"), not "skipped" (which means nothing was done);
// card 7's "If impossible" clause the same.
func TestCybotViewTellsAFallbackFromASkip(t *testing.T) {
	states := func(s *State) string {
		var got []string
		for _, a := range s.Public().(*PublicView).Cybot.Actions {
			got = append(got, a.State)
		}
		return strings.Join(got, " ")
	}
	s := cySoloGame(t, 13)
	s.Round = 3
	cybotOn(t, s, 11, 0, 2, 3)
	out := cyRun(t, s)
	cyHas(t, out, "2. Police retreat: not possible (it needs 2 dice); its thumb advances anyway")
	if got := states(s); got != "done fallback" {
		t.Fatalf("card 11 with the thumb advanced: %q", got)
	}
	s = cySoloGame(t, 9)
	cybotOn(t, s, 7, 0, 1, 4)
	out = cyRun(t, s)
	cyHas(t, out, "1. Police retreat: not possible (not in the first two rounds); its thumb advances anyway")
	if got := states(s); got != "fallback" {
		t.Fatalf("card 7 with the thumb advanced: %q", got)
	}
}
