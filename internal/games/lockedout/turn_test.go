package lockedout

import (
	"strings"
	"testing"
)

// "On your turn, you must move your pawn through a doorway to an adjacent
// accessible room."
func TestMoveIsMandatoryAndThroughADoorway(t *testing.T) {
	s := staged(t, 4, 0)
	s.Pawns[0] = "galley"
	refused(t, s, 0, "end")
	refused(t, s, 0, "play R1")
	if err := refused(t, s, 0, "move medbay"); !strings.Contains(err.Error(), "no doorway") {
		t.Fatalf("error %q", err)
	}
	refused(t, s, 0, "move engine")
	refused(t, s, 0, "move galley") // staying is not moving
	refused(t, s, 1, "move corridor")
	legal := s.Legal(0)
	if strings.Join(legal, ",") != "move corridor,move cargo" {
		t.Fatalf("legal moves from the galley %v", legal)
	}
	must(t, s, 0, "move 3") // Cargo Hold by number
	if s.Pawns[0] != "cargo" || s.Phase != phasePlay {
		t.Fatalf("pawn in %s, phase %s", s.Pawns[0], s.Phase)
	}
}

// "At the start of the game (stage one), only the blue zone is accessible."
// The orange zone opens in stage two, the board computer in stage three.
func TestZonesOpenByStage(t *testing.T) {
	s := staged(t, 4, 0)
	s.Pawns[0] = "cargo"
	if err := refused(t, s, 0, "move armory"); !strings.Contains(err.Error(), "locked") {
		t.Fatalf("error %q", err)
	}
	s.Stage = 2
	must(t, s, 0, "move armory")
	s = staged(t, 4, 0)
	s.Stage = 2
	s.Pawns[0] = "lab"
	refused(t, s, 0, "move computer")
	for _, m := range s.Legal(0) {
		if m == "move computer" {
			t.Fatal("board computer offered in stage two")
		}
	}
}

// "If any cards are left in the draw pile for that room, draw one from that
// pile and add it to your hand."
func TestDrawFromTheRoom(t *testing.T) {
	s := staged(t, 4, 0)
	s.Pawns[0] = "corridor"
	s.Piles["galley"] = s.from(t, "L1", "L16") // top is L16
	ev := must(t, s, 0, "move galley")
	if !s.holds(0, "L16") || len(s.Piles["galley"]) != 1 {
		t.Fatalf("hand %v pile %v", s.Hands[0], s.Piles["galley"])
	}
	if !strings.Contains(privateTo(ev, 0), "Star Diamond") || strings.Contains(publicEvents(ev), "Star Diamond") {
		t.Fatalf("events %v", ev)
	}
	// An empty pile: nothing to draw.
	s = staged(t, 4, 0)
	must(t, s, 0, "move galley")
	if len(s.Hands[0]) != 0 || s.Phase != phasePlay {
		t.Fatalf("drew from an empty pile: %v", s.Hands[0])
	}
}

// "If there are other players in the same room when you draw a card, look at
// the card and show it to them, one player at a time, in clockwise order."
func TestInterceptionOrderIsClockwiseFromTheDrawer(t *testing.T) {
	s := staged(t, 5, 3)
	for seat := range s.Pawns {
		s.Pawns[seat] = "galley"
		s.Hands[seat] = s.from(t, "L"+string(rune('2'+seat)))
	}
	s.Pawns[2] = "cargo" // not in the room
	s.Pawns[3] = "corridor"
	s.Piles["galley"] = s.from(t, "L16")
	must(t, s, 3, "move galley")
	var order []int
	for s.Phase == phaseIntercept {
		p := s.Prompts()
		if len(p) != 1 || !p[0].Private || p[0].Default != "keep" || p[0].Turn {
			t.Fatalf("interception prompt %+v", p)
		}
		if !strings.Contains(p[0].Text, "Star Diamond") {
			t.Fatalf("the asked player is not shown the card: %s", p[0].Text)
		}
		if v := s.Private(p[0].Seat).(*PrivateView); len(v.Seen) != 1 || v.Seen[0].ID != "L16" {
			t.Fatalf("private view of the asked player %+v", v)
		}
		order = append(order, p[0].Seat)
		must(t, s, p[0].Seat, "keep")
	}
	if len(order) != 3 || order[0] != 4 || order[1] != 0 || order[2] != 1 {
		t.Fatalf("asked %v, want [4 0 1]", order)
	}
	// "If no swap takes place, add the card you drew to your hand."
	if !s.holds(3, "L16") || s.Phase != phasePlay {
		t.Fatalf("drawer's hand %v", s.Hands[3])
	}
}

// "If any of these players wants to, they may swap the card with one from
// their hand. After any swap, add the swapped card to your hand; don't show
// it around any further."
func TestInterceptionSwap(t *testing.T) {
	s := staged(t, 4, 0)
	for seat := range s.Pawns {
		s.Pawns[seat] = "galley"
	}
	s.Pawns[0] = "corridor"
	s.Hands[1] = s.from(t, "L1")
	s.Hands[2] = s.from(t, "L2", "R1")
	s.Hands[3] = s.from(t, "L3")
	s.Piles["galley"] = s.from(t, "PD1")
	must(t, s, 0, "move galley")
	must(t, s, 1, "keep")
	refused(t, s, 2, "swap L16")              // not in hand
	refused(t, s, 3, "keep")                  // not asked yet
	ev := must(t, s, 2, "swap fuel canister") // by name
	if !s.holds(2, "PD1") || !s.holds(0, "R1") || s.holds(2, "R1") {
		t.Fatalf("hands after the swap: %v", s.Hands)
	}
	if s.Phase != phasePlay || s.Drawn != nil {
		t.Fatalf("Dave is still asked after the swap: phase %s", s.Phase)
	}
	pub := publicEvents(ev)
	if !strings.Contains(pub, "Carol swaps a card with Alice") {
		t.Fatalf("public events %q", pub)
	}
	for _, secret := range []string{"PD1", "Captain", "R1", "Fuel"} {
		if strings.Contains(pub, secret) {
			t.Fatalf("public events reveal %s: %q", secret, pub)
		}
	}
	if !strings.Contains(privateTo(ev, 0), "Fuel Canister (R1") || !strings.Contains(privateTo(ev, 2), "Captain's Passkey (PD1") {
		t.Fatalf("private events %v", ev)
	}
	if privateTo(ev, 3) != "" {
		t.Fatalf("Dave was told something: %q", privateTo(ev, 3))
	}
}

// A player with no cards is shown the card but has nothing to swap, so the
// game does not wait for them.
func TestInterceptionSkipsEmptyHands(t *testing.T) {
	s := staged(t, 3, 0)
	s.Pawns = []string{"corridor", "galley", "galley"}
	s.Hands[2] = s.from(t, "L2")
	s.Piles["galley"] = s.from(t, "L16")
	ev := must(t, s, 0, "move galley")
	if p := s.Prompts(); p[0].Seat != 2 {
		t.Fatalf("asked %d, want Carol", p[0].Seat)
	}
	if !strings.Contains(privateTo(ev, 1), "Star Diamond") {
		t.Fatalf("Bob was not shown the card: %v", ev)
	}
}

// "To search the room more carefully for extra objects, play two loot cards
// (you lose or misplace these while searching the room more carefully).
// Discard these and draw one more card from the pile for that room. You may
// do this only once per turn, and only if the room's draw pile is not empty.
// This extra card is treated exactly like the first one (see Interception
// above)."
func TestSearchOnceMore(t *testing.T) {
	s := staged(t, 4, 0)
	s.Pawns = []string{"corridor", "galley", "cargo", "galley"}
	s.Hands[0] = s.from(t, "L1", "L2", "L3", "L4", "S1")
	s.Hands[1] = s.from(t, "R6")
	s.Piles["galley"] = s.from(t, "PA1", "L15", "L16")
	must(t, s, 0, "move galley")
	must(t, s, 1, "keep") // Star Diamond passes Bob; Dave has no cards
	if !s.holds(0, "L16") {
		t.Fatalf("hand %v", s.Hands[0])
	}
	refused(t, s, 0, "play L1")          // loot is not played alone
	refused(t, s, 0, "search L1 L1")     // two different cards
	refused(t, s, 0, "search L1 R6")     // not loot, not held
	must(t, s, 0, "search moon rock l2") // names and ids
	if !contains(s.Discard, "L1") || !contains(s.Discard, "L2") || s.holds(0, "L1") {
		t.Fatalf("loot not discarded: hand %v", s.Hands[0])
	}
	// The extra card is intercepted exactly like the first one.
	p := s.Prompts()
	if s.Phase != phaseIntercept || p[0].Seat != 1 || !strings.Contains(p[0].Text, "Emerald Tiara") {
		t.Fatalf("extra card not shown to Bob: %+v", p)
	}
	must(t, s, 1, "swap R6")
	if !s.holds(0, "R6") || !s.holds(1, "L15") {
		t.Fatalf("hands %v", s.Hands)
	}
	// Only once per turn.
	if err := refused(t, s, 0, "search L3 L4"); !strings.Contains(err.Error(), "already") {
		t.Fatalf("error %q", err)
	}
	for _, m := range s.Legal(0) {
		if strings.HasPrefix(m, "search") {
			t.Fatalf("search offered twice: %v", s.Legal(0))
		}
	}
	// Only if the room's draw pile is not empty.
	s = staged(t, 4, 0)
	s.Hands[0] = s.from(t, "L1", "L2")
	must(t, s, 0, "move galley")
	if err := refused(t, s, 0, "search L1 L2"); !strings.Contains(err.Error(), "empty") {
		t.Fatalf("error %q", err)
	}
}

// "To slow down the depletion of resources, play resource cards to the
// resource card play area. These are left there between turns".
func TestPlayResourceCards(t *testing.T) {
	s := staged(t, 4, 0)
	s.Hands[0] = s.from(t, "R1", "R2", "B3")
	must(t, s, 0, "move galley")
	must(t, s, 0, "play R1")
	must(t, s, 0, "play R2") // duplicates may be played
	must(t, s, 0, "play oxygen tank")
	if strings.Join(s.Supplies, ",") != "R1,R2,B3" || s.Phase != phasePlay {
		t.Fatalf("resource area %v phase %s", s.Supplies, s.Phase)
	}
	must(t, s, 0, "end")
	if len(s.Supplies) != 3 || s.Turn != 1 {
		t.Fatalf("resource area %v after the turn, turn %d", s.Supplies, s.Turn)
	}
}

// "Play passes clockwise to the next player."
func TestPlayPassesClockwise(t *testing.T) {
	s := staged(t, 5, 4)
	must(t, s, 4, "move galley")
	must(t, s, 4, "end")
	if s.Turn != 0 || s.Phase != phaseMove {
		t.Fatalf("turn %d phase %s", s.Turn, s.Phase)
	}
}
