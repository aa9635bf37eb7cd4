package lockedout

import (
	"fmt"
	"strings"
	"testing"

	"standoff/internal/games"
)

// playTurn moves to the first open room, lets every drawn card pass and ends
// the turn; it returns the public events.
func playTurn(t *testing.T, s *State) string {
	t.Helper()
	seat := s.Turn
	var pub strings.Builder
	pub.WriteString(publicEvents(must(t, s, seat, s.Legal(seat)[0])))
	for s.Phase == phaseIntercept {
		pub.WriteString(publicEvents(must(t, s, s.actor(), "keep")))
	}
	pub.WriteString(publicEvents(must(t, s, seat, "end")))
	return pub.String()
}

// depletions plays turns from a fresh game and records, for each depletion,
// the turn number and the seat (relative to the first player) that did it.
func depletions(t *testing.T, n, turns int) []string {
	s := newTest(t, n, 11)
	for i := range s.Tokens {
		s.Tokens[i] = 50 // keep the game going
	}
	var got []string
	for range turns {
		ev := playTurn(t, s)
		if strings.Contains(ev, "Maintenance by") {
			got = append(got, fmt.Sprintf("t%d:s%d", s.Turns, (s.Turn-s.First+n)%n))
		}
	}
	return got
}

// "If you are the maintenance player when play passes to you (except on the
// first turn), you must first register the depletion of resources." "For a
// 4-, 5- or 6-player game, pass the maintenance card counterclockwise (to the
// previous player)." "After passing the maintenance card on, you continue
// with your own turn."
func TestMaintenancePassesCounterclockwise(t *testing.T) {
	// Seats are relative to the first player (s0); turn t1 is s0's first.
	want := map[int]string{
		4: "t5:s0 t8:s3 t11:s2 t14:s1 t17:s0",
		5: "t6:s0 t10:s4 t14:s3 t18:s2 t22:s1 t26:s0",
		6: "t7:s0 t12:s5 t17:s4 t22:s3 t27:s2 t32:s1 t37:s0",
	}
	for n, w := range want {
		fields := strings.Fields(w)
		var last int
		fmt.Sscanf(fields[len(fields)-1], "t%d:", &last)
		got := strings.Join(depletions(t, n, last+n-3), " ")
		if got != w {
			t.Fatalf("%d players: depletions %s, want %s", n, got, w)
		}
	}
}

// "For a 3-player game, pass it clockwise to the next player, who must wait
// one round before next adjusting the resource tokens."
func TestMaintenanceThreePlayersWaitOneRound(t *testing.T) {
	got := strings.Join(depletions(t, 3, 17), " ")
	if want := "t4:s0 t8:s1 t12:s2 t16:s0"; got != want {
		t.Fatalf("3 players: depletions %s, want %s", got, want)
	}
	// The wait is public.
	s := newTest(t, 3, 11)
	for range 3 {
		playTurn(t, s)
	}
	v := s.Public().(*PublicView)
	if v.Maintenance != (s.First+1)%3 || !v.Wait || !strings.Contains(v.Text(), "waits one round") {
		t.Fatalf("maintenance %d wait %v", v.Maintenance, v.Wait)
	}
}

// "Move each resource token in the engine compartment to the next lower
// number (zero = off the board), except if a corresponding resource card has
// been played to the resource card play area. Duplicate cards have no
// additional effect. Next, discard all resource cards from the play area."
func TestDepletionAndSaving(t *testing.T) {
	s := staged(t, 4, 3)
	s.Maintenance = 0
	s.Tokens = []int{5, 5, 5}
	s.Supplies = s.from(t, "R1", "R2", "B1")
	must(t, s, 3, "move galley")
	ev := must(t, s, 3, "end")
	if fmt.Sprint(s.Tokens) != "[5 4 5]" {
		t.Fatalf("tokens %v, want fuel and oxygen saved (duplicates no extra), power down", s.Tokens)
	}
	if len(s.Supplies) != 0 || !contains(s.Discard, "R2") {
		t.Fatalf("resource area %v not discarded", s.Supplies)
	}
	if s.Maintenance != 3 || s.Turn != 0 || s.Phase != phaseMove {
		t.Fatalf("maintenance %d turn %d phase %s", s.Maintenance, s.Turn, s.Phase)
	}
	pub := publicEvents(ev)
	if !strings.Contains(pub, "Fuel stays at 5 (saved)") || !strings.Contains(pub, "Power drops to 4") {
		t.Fatalf("events %q", pub)
	}
}

// "If any of the tokens moves to zero, your ship's course cannot be changed
// any more. Your gang was unsuccessful and will be caught. The game ends."
// "If the gang was unsuccessful, the player with the lowest value wins, as
// they now have the reputation of being the most cooperative."
func TestCaptureLowestWins(t *testing.T) {
	s := staged(t, 4, 3)
	s.Maintenance = 0
	s.Tokens = []int{1, 3, 3}
	s.Hands[0] = s.from(t, "L16")       // 12
	s.Hands[1] = s.from(t, "L1", "L2")  // 5
	s.Hands[2] = s.from(t, "L14", "L3") // 12
	s.Hands[3] = s.from(t, "L4", "R1")  // 5
	must(t, s, 3, "move galley")
	must(t, s, 3, "end")
	o := s.Outcome()
	if o == nil || s.Ending != endCapture || s.Phase != phaseOver {
		t.Fatal("the game did not end when fuel reached zero")
	}
	if fmt.Sprint(o.Rank) != "[3 1 3 1]" || fmt.Sprint(o.Score) != "[12 5 12 5]" {
		t.Fatalf("rank %v score %v", o.Rank, o.Score)
	}
	if len(s.Prompts()) != 0 || len(s.Legal(0)) != 0 {
		t.Fatal("prompts after the end")
	}
	refused(t, s, 0, "move corridor")
	if _, err := s.Resign(1); err == nil {
		t.Fatal("resigned after the end")
	}
	if !strings.Contains(o.Text, "Lowest hand value wins") || !strings.Contains(o.Text, "Bob and Dave win") {
		t.Fatalf("outcome %q", o.Text)
	}
}

// "If the purple zone is accessible and a player moves to the board computer,
// your gang can change the ship's course. You escape and the game ends."
// "If the gang was able to escape, the player with the highest value wins."
func TestEscapeHighestWins(t *testing.T) {
	s := staged(t, 5, 2)
	s.Stage = 3
	s.Pawns[2] = "lab"
	s.Hands[0] = s.from(t, "L16", "L15") // 22
	s.Hands[1] = s.from(t, "L14")        // 9
	s.Hands[2] = s.from(t, "S1", "L3")   // 13
	s.Hands[3] = s.from(t, "PD1", "PA1") // 21
	s.Hands[4] = s.from(t, "L13")        // 8
	if s.Legal(2)[len(s.Legal(2))-1] != "move computer" {
		t.Fatalf("escape not offered last: %v", s.Legal(2))
	}
	must(t, s, 2, "move board computer")
	o := s.Outcome()
	if o == nil || s.Ending != endEscape {
		t.Fatal("no escape")
	}
	if fmt.Sprint(o.Rank) != "[1 4 3 2 5]" {
		t.Fatalf("rank %v score %v", o.Rank, o.Score)
	}
	// Equal values share the rank.
	s = staged(t, 3, 0)
	s.Stage = 3
	s.Pawns[0] = "lab"
	s.Hands[1] = s.from(t, "L2")
	s.Hands[2] = s.from(t, "L3")
	must(t, s, 0, "move computer")
	if fmt.Sprint(s.Outcome().Rank) != "[3 1 1]" {
		t.Fatalf("tie rank %v", s.Outcome().Rank)
	}
}

// movedToGalley plays the first player's move to the Galley, everyone
// letting the drawn card pass, and returns that player's seat.
func movedToGalley(t *testing.T, s *State) int {
	t.Helper()
	first := s.First
	must(t, s, first, "move galley")
	for s.Phase == phaseIntercept {
		must(t, s, s.actor(), "keep")
	}
	return first
}

// Resigning: the hand goes back into the room's pile, the turn moves on, and
// the last player left wins.
func TestResign(t *testing.T) {
	s := newTest(t, 3, 5)
	first := movedToGalley(t, s)
	pile := len(s.Piles["galley"])
	hand := len(s.Hands[first])
	if _, err := s.Resign(first); err != nil {
		t.Fatal(err)
	}
	if len(s.Piles["galley"]) != pile+hand || len(s.Hands[first]) != 0 {
		t.Fatal("hand not shuffled into the room's pile")
	}
	if s.Turn == first || s.Resigned[s.Turn] || s.Maintenance == first {
		t.Fatalf("turn %d maintenance %d after the resignation", s.Turn, s.Maintenance)
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(first, "end"); err == nil {
		t.Fatal("a resigned player moved")
	}
	if !s.OutOfPlay(first) || s.OutOfPlay(s.Turn) {
		t.Fatal("only the resigned seat is out of play (games.OutOfPlay)")
	}
	other := s.next(s.Turn, 1)
	if _, err := s.Resign(other); err != nil {
		t.Fatal(err)
	}
	o := s.Outcome()
	if o == nil || o.Rank[s.Turn] != 1 || o.Rank[first] != 2 || o.Rank[other] != 2 {
		t.Fatalf("outcome %+v", o)
	}
}

// A resignation in the middle of an interception or accusation settles it.
func TestResignMidReaction(t *testing.T) {
	s := staged(t, 4, 0)
	s.Pawns = []string{"corridor", "galley", "galley", "cargo"}
	s.Hands[1] = s.from(t, "L1")
	s.Hands[2] = s.from(t, "L2")
	s.Piles["galley"] = s.from(t, "L16")
	must(t, s, 0, "move galley")
	if _, err := s.Resign(1); err != nil { // Bob was being asked
		t.Fatal(err)
	}
	if s.actor() != 2 || s.Phase != phaseIntercept {
		t.Fatalf("phase %s actor %d", s.Phase, s.actor())
	}
	must(t, s, 2, "keep")
	s.Hands[0] = append(s.Hands[0], s.from(t, "PA1")...)
	must(t, s, 0, "play PA1")
	must(t, s, 0, "accuse carol")
	if _, err := s.Resign(2); err != nil { // the suspect leaves
		t.Fatal(err)
	}
	if s.Phase != phasePlay || s.Turn != 0 {
		t.Fatalf("phase %s", s.Phase)
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
	var _ games.State = s
}

// A suspect who leaves while the accuser decides whether to look ends the
// accusation; an accuser who leaves then passes the turn on.
func TestResignWhileTheAccuserDecides(t *testing.T) {
	for _, leaver := range []int{0, 1} {
		s := staged(t, 4, 0)
		s.Hands[0] = s.from(t, "PA1")
		s.Hands[1] = s.from(t, "L1", "OB1")
		must(t, s, 0, "move galley")
		must(t, s, 0, "play PA1")
		must(t, s, 0, "accuse bob")
		must(t, s, 1, "none")
		if s.Phase != phaseCheck {
			t.Fatalf("phase %s", s.Phase)
		}
		if _, err := s.Resign(leaver); err != nil {
			t.Fatal(err)
		}
		if s.Accused != nil {
			t.Fatalf("accusation still pending: %+v", s.Accused)
		}
		if leaver == 1 && (s.Phase != phasePlay || s.Turn != 0) {
			t.Fatalf("suspect left: phase %s turn %d", s.Phase, s.Turn)
		}
		if leaver == 0 && (s.Phase != phaseMove || s.Turn != 1) {
			t.Fatalf("accuser left: phase %s turn %d", s.Phase, s.Turn)
		}
		if err := conserve(s); err != nil {
			t.Fatal(err)
		}
	}
}

// A refused move in the play step lists only what the hand allows
// (play-test: "search <loot> <loot>" was offered to a player holding one
// loot card). "To search the room more carefully for extra objects, play
// two loot cards ... You may do this only once per turn, and only if the
// room's draw pile is not empty."
func TestPlayStepRefusalListsWhatTheHandAllows(t *testing.T) {
	s := newTest(t, 3, 5)
	first := movedToGalley(t, s)
	if s.Phase != phasePlay {
		t.Fatalf("phase %v after the move, want the play step", s.Phase)
	}
	var loot []string
	for id, c := range ship.card {
		if c.Kind == kindLoot && len(loot) < 2 {
			loot = append(loot, id)
		}
	}
	s.Hands[first] = loot[:1]
	err := refused(t, s, first, "look")
	if strings.Contains(err.Error(), "search") || !strings.Contains(err.Error(), "`end`") {
		t.Fatalf("with one loot card: %v", err)
	}
	s.Hands[first] = loot
	if err := refused(t, s, first, "look"); !strings.Contains(err.Error(), "`search <loot> <loot>`, e.g. `search ") {
		t.Fatalf("with two loot cards: %v", err)
	}
}
