package hijacked

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// allLabels are the labels of a seat's prompts and of every menu they open.
func allLabels(s *State, seat int, turn bool) []string {
	var out []string
	var walk func(cs []games.Choice)
	walk = func(cs []games.Choice) {
		for _, c := range cs {
			out = append(out, c.Label)
			if c.Refine != "" {
				_, more := s.Refine(seat, c.Refine)
				walk(more)
			}
		}
	}
	for _, p := range s.Prompts() {
		if p.Seat == seat && p.Turn == turn {
			walk(p.Choices)
		}
	}
	return out
}

// owners are the players a standing control's label names: "Alice, Bob: ...".
func owners(label string) []string {
	who, _, _ := strings.Cut(label, ": ")
	return strings.Split(who, ", ")
}

// "If two Passenger Cards of the same color are scored, then they can be
// traded at any time (even during another player's turn)": every player's
// any-time controls stand side by side under the turn message, and whoever
// clicks one acts for their own seat, so each control names its player. A
// control several players have (the same move: "A demand immediately earns
// one point if it is returned ... even if it is not the player's turn") is
// one button on the message, so it names them all.
func TestStandingControlsNameTheirPlayer(t *testing.T) {
	s := newTest(t, 3, 3)
	giveCard(s, 1, "GY1")
	giveCard(s, 1, "GY7")
	giveDemand(s, 2, "food", 1)
	bob, carol := allLabels(s, 1, false), allLabels(s, 2, false)
	if len(bob) == 0 || len(carol) == 0 {
		t.Fatalf("standing controls: Bob %v, Carol %v", bob, carol)
	}
	for who, labels := range map[string][]string{"Bob": bob, "Carol": carol} {
		for _, l := range labels {
			if !strings.Contains(","+strings.Join(owners(l), ",")+",", ","+who+",") {
				t.Errorf("%s's control %q does not name them", who, l)
			}
		}
	}
	all := strings.Join(bob, "|")
	for _, want := range []string{"Bob: Free a passenger for 2 gray cards", "Alice, Bob, Carol: Cash an intel for 1 point"} {
		if !strings.Contains(all, want) {
			t.Errorf("no %q in Bob's controls %v", want, bob)
		}
	}
	if l := strings.Join(carol, "|"); !strings.Contains(l, "Carol: Cash a food for 1 point") {
		t.Errorf("Carol's controls %v", carol)
	}
}

// A group of standing controls that several players have ("Cash a
// demand…") names them all and drops a count that differs between them.
func TestSharedStandingGroup(t *testing.T) {
	s := newTest(t, 2, 3)
	for _, d := range []string{"food", "crypto", "medicine"} {
		giveDemand(s, 0, d, 1) // Alice cashes 4 kinds, Bob 3 (food, crypto, intel)
	}
	giveDemand(s, 1, "food", 1)
	giveDemand(s, 1, "crypto", 1)
	byColor := map[string][]string{}
	for _, c := range data.Cards {
		byColor[c.Color] = append(byColor[c.Color], c.ID)
	}
	for seat, colors := range [][]string{{"gray", "yellow"}, {"blue", "green", "yellow"}} {
		for _, col := range colors {
			ids := byColor[col]
			giveCard(s, seat, ids[2*seat])
			giveCard(s, seat, ids[2*seat+1])
		}
	}
	var alice, bob []games.Choice
	for _, p := range s.Prompts() {
		if p.Standing && p.Seat == 0 {
			alice = p.Choices
		}
		if p.Standing && p.Seat == 1 {
			bob = p.Choices
		}
	}
	find := func(cs []games.Choice, refine string) string {
		for _, c := range cs {
			if c.Refine == refine {
				return c.Label
			}
		}
		return ""
	}
	if a, b := find(alice, verbCash), find(bob, verbCash); a != "Alice, Bob: Cash a demand (1 point)…" || a != b {
		t.Fatalf("cash groups %q / %q", a, b)
	}
}

// "If a Passenger Card cannot be played because the trust percentage
// requirement or the hijacker's demands are not met, the Passenger Card must
// be discarded." "Red cards cannot be collected." A face-up card the player
// on turn could only discard says so on its control, before the click.
func TestDiscardOnlyCardsSaySo(t *testing.T) {
	s := newTest(t, 2, 3)
	s.Trust, s.Green = 2, data.GreenCubes-2 // 20%
	setSeat(s, 1, "GY1", true)              // 0%, no demand: playable
	setSeat(s, 2, "GY11", true)             // 30%
	setSeat(s, 3, "RD1", true)
	setSeat(s, 4, "GY8", true) // 20%, crypto: Alice has only her intel
	setSeat(s, 5, "GY2", true) // 10%, crypto
	setDice(s, 3, 4)
	labels := strings.Join(allLabels(s, 0, true), "\n")
	for _, want := range []string{
		"Seat 1: gray GY1 (0% trust, no demand), with your 3",
		"Seat 2: gray GY11, discard only: needs 30% trust",
		"Seat 3: red RD1, discard only",
		"Seat 4: gray GY8 (20% trust, costs crypto), with your",
	} {
		if !strings.Contains(labels, want) {
			t.Errorf("no %q in\n%s", want, labels)
		}
	}
	s.Players[0].Demands[intel] = 0
	s.Supply[intel]++
	labels = strings.Join(allLabels(s, 0, true), "\n")
	if !strings.Contains(labels, "Seat 5: gray GY2, discard only: needs crypto") {
		t.Errorf("no demand: labels\n%s", labels)
	}
	for _, id := range []string{"GY3", "GY4", "GY5", "GY6", "GY9"} {
		giveCard(s, 0, id)
	}
	labels = strings.Join(allLabels(s, 0, true), "\n")
	if !strings.Contains(labels, "Seat 1: gray GY1, discard only: your supply is full") {
		t.Errorf("full supply: labels\n%s", labels)
	}
}
