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

// "If two Passenger Cards of the same color are scored, then they can be
// traded at any time (even during another player's turn)": every player's
// any-time controls stand side by side under the turn message, and whoever
// clicks one acts for their own seat, so each control names its player.
func TestStandingControlsNameTheirPlayer(t *testing.T) {
	s := newTest(t, 3, 3)
	giveCard(s, 1, "GY1")
	giveCard(s, 1, "GY7")
	giveDemand(s, 2, "food", 1)
	bob, carol := allLabels(s, 1, false), allLabels(s, 2, false)
	if len(bob) == 0 || len(carol) == 0 {
		t.Fatalf("standing controls: Bob %v, Carol %v", bob, carol)
	}
	for _, l := range bob {
		if !strings.HasPrefix(l, "Bob: ") {
			t.Errorf("Bob's control %q does not say it is his", l)
		}
	}
	for _, l := range carol {
		if !strings.HasPrefix(l, "Carol: ") {
			t.Errorf("Carol's control %q does not say it is hers", l)
		}
	}
	if !strings.Contains(strings.Join(bob, "|"), "Bob: Free a passenger for 2 gray cards") {
		t.Errorf("Bob's controls %v", bob)
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
		"Seat 1: GY1 gray 0% - with your 3",
		"Seat 2 (discard only: needs 30% trust): GY11",
		"Seat 3 (discard only: red): RD1",
		"Seat 4: GY8",
	} {
		if !strings.Contains(labels, want) {
			t.Errorf("no %q in\n%s", want, labels)
		}
	}
	s.Players[0].Demands[intel] = 0
	s.Supply[intel]++
	labels = strings.Join(allLabels(s, 0, true), "\n")
	if !strings.Contains(labels, "Seat 5 (discard only: needs crypto): GY2") {
		t.Errorf("no demand: labels\n%s", labels)
	}
	for _, id := range []string{"GY3", "GY4", "GY5", "GY6", "GY9"} {
		giveCard(s, 0, id)
	}
	labels = strings.Join(allLabels(s, 0, true), "\n")
	if !strings.Contains(labels, "Seat 1 (discard only: your supply is full): GY1") {
		t.Errorf("full supply: labels\n%s", labels)
	}
}
