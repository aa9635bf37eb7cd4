package lockedout

import (
	"strings"
	"testing"
)

// accuseAndClear plays through an accusation where the suspect has nothing.
func accuseEmpty(t *testing.T, s *State, seat, suspect int) {
	t.Helper()
	must(t, s, seat, "accuse "+s.Players[suspect])
	if s.Phase == phaseAnswer {
		must(t, s, suspect, "none")
		must(t, s, seat, "look")
		must(t, s, seat, "none")
	}
}

// "There are two copies of each access card in the game ... Duplicates may be
// played, but these have no additional effect." and "As soon as there are
// four different orange access cards in the play area, the game enters the
// second stage and the orange zone of the ship becomes accessible. Discard
// all orange access cards from the play area. From this point on, all orange
// cards played are immediately discarded."
func TestStageTwo(t *testing.T) {
	s := staged(t, 4, 0)
	s.Hands[0] = s.from(t, "OA1", "OA2", "OB1", "OC1", "PA1", "OD1", "OB2")
	must(t, s, 0, "move galley")
	for _, id := range []string{"OA1", "OA2", "OB1", "OC1", "PA1"} {
		must(t, s, 0, "play "+id)
		accuseEmpty(t, s, 0, 1)
	}
	if s.Stage != 1 {
		t.Fatalf("stage %d with only three different orange cards", s.Stage)
	}
	ev := must(t, s, 0, "play OD1")
	if s.Stage != 2 {
		t.Fatalf("stage %d after four different orange cards", s.Stage)
	}
	if strings.Join(s.Access, ",") != "PA1" {
		t.Fatalf("access area %v, want only the purple card left", s.Access)
	}
	for _, id := range []string{"OA1", "OA2", "OB1", "OC1", "OD1"} {
		if !contains(s.Discard, id) {
			t.Fatalf("%s not discarded", id)
		}
	}
	if !strings.Contains(publicEvents(ev), "stage two") {
		t.Fatalf("events %v", ev)
	}
	if !s.Public().(*PublicView).Rooms[5].Accessible {
		t.Fatal("armory still locked in the public view")
	}
	accuseEmpty(t, s, 0, 1)
	must(t, s, 0, "play OB2")
	if contains(s.Access, "OB2") || !contains(s.Discard, "OB2") {
		t.Fatalf("orange card played in stage two not discarded: %v", s.Access)
	}
	if s.Phase != phaseAccuse {
		t.Fatal("an orange card played in stage two still calls for an accusation")
	}
}

// "As soon as there are four different purple access cards in the play area,
// the game enters the third stage and the board computer (purple zone)
// becomes accessible. Discard all access cards from the play area. From this
// point on, all access cards played are immediately discarded."
func TestStageThree(t *testing.T) {
	s := staged(t, 4, 0)
	s.Stage = 2
	s.Access = s.from(t, "PA1", "PB1", "PB2")
	s.Hands[0] = s.from(t, "PC1", "PD1", "PA2", "OA1")
	must(t, s, 0, "move galley")
	must(t, s, 0, "play PC1")
	if s.Stage != 2 {
		t.Fatal("three different purple cards opened stage three")
	}
	accuseEmpty(t, s, 0, 2)
	must(t, s, 0, "play PD1")
	if s.Stage != 3 || len(s.Access) != 0 {
		t.Fatalf("stage %d access %v", s.Stage, s.Access)
	}
	accuseEmpty(t, s, 0, 2)
	must(t, s, 0, "play PA2")
	accuseEmpty(t, s, 0, 2)
	must(t, s, 0, "play OA1")
	if len(s.Access) != 0 || !contains(s.Discard, "PA2") || !contains(s.Discard, "OA1") {
		t.Fatalf("access cards played in stage three stay: %v", s.Access)
	}
	if !s.accessible("computer") {
		t.Fatal("board computer closed in stage three")
	}
}

// "Both orange and purple cards may be played in any stage of the game."
func TestPurpleInStageOne(t *testing.T) {
	s := staged(t, 3, 0)
	s.Hands[0] = s.from(t, "PB1")
	must(t, s, 0, "move galley")
	must(t, s, 0, "play PB1")
	if !contains(s.Access, "PB1") {
		t.Fatalf("access area %v", s.Access)
	}
}

// "Whenever you play an access card on your turn, you must accuse another
// player of your choice (the suspect) that they are holding on to an access
// card." "If the suspect does indeed have an access card, they may choose to
// play it to the access card play area. This does not trigger another
// accusation."
func TestAccusationAnsweredWithACard(t *testing.T) {
	s := staged(t, 4, 0)
	s.Hands[0] = s.from(t, "OA1", "OB1")
	s.Hands[2] = s.from(t, "OC1", "L5")
	must(t, s, 0, "move galley")
	must(t, s, 0, "play OA1")
	p := s.Prompts()
	if s.Phase != phaseAccuse || !p[0].Turn || p[0].Private || len(p[0].Choices) != 3 {
		t.Fatalf("accusation prompt %+v", p)
	}
	refused(t, s, 0, "end")
	refused(t, s, 0, "play OB1")
	refused(t, s, 0, "accuse alice") // another player
	refused(t, s, 0, "accuse 7")
	must(t, s, 0, "accuse 3") // seat numbers as shown, 1-based: Carol
	p = s.Prompts()
	if p[0].Seat != 2 || !p[0].Private || p[0].Default != "none" {
		t.Fatalf("suspect prompt %+v", p)
	}
	refused(t, s, 2, "reveal L5") // not an access card
	must(t, s, 2, "reveal OC1")
	if !contains(s.Access, "OC1") || s.Phase != phasePlay || s.Turn != 0 {
		t.Fatalf("after the answer: access %v phase %s", s.Access, s.Phase)
	}
	// Every access card played on your turn calls for a new accusation.
	must(t, s, 0, "play OB1")
	if s.Phase != phaseAccuse {
		t.Fatalf("phase %s after the second access card", s.Phase)
	}
}

// "If the suspect does not play an access card or claims not to be able to do
// so, you may check half of the cards from their hand (rounded up, you pick
// these randomly) If these cards do contain any access cards, you must choose
// one and play it to the access card play area. This does not trigger another
// accusation. Return the remaining cards to the suspect."
func TestAccusationLookAtHalfTheHand(t *testing.T) {
	for _, size := range []int{1, 2, 4, 5, 7} {
		picks := map[string]bool{}
		for seed := uint64(0); seed < 30; seed++ {
			s := staged(t, 4, 0)
			s.RNG.State = seed
			s.Hands[0] = s.from(t, "PA1")
			all := []string{"OB1", "L2", "L3", "L4", "L5", "L6", "L7"}
			s.Hands[1] = s.from(t, all[:size]...)
			must(t, s, 0, "move galley")
			must(t, s, 0, "play PA1")
			must(t, s, 0, "accuse bob")
			must(t, s, 1, "none")
			ev := must(t, s, 0, "look")
			a := s.Accused
			if want := (size + 1) / 2; len(a.Seen) != want {
				t.Fatalf("looked at %d of %d cards, want %d", len(a.Seen), size, want)
			}
			picks[strings.Join(a.Seen, ",")] = true
			p := s.Prompts()
			if p[0].Seat != 0 || !p[0].Private || !p[0].Turn {
				t.Fatalf("look prompt %+v", p)
			}
			// The accuser is told by their decision, the suspect by their view.
			if !strings.Contains(p[0].Text, label(a.Seen[0])) || !strings.Contains(s.Private(1).Text(), label(a.Seen[0])) {
				t.Fatalf("accuser and suspect are not told the cards: %v %q", p[0].Text, s.Private(1).Text())
			}
			if strings.Contains(privateTo(ev, 0), label(a.Seen[0])) || strings.Contains(s.Private(0).Text(), label(a.Seen[0])) {
				t.Fatalf("the accuser is told the cards more than once: %v / %q", ev, s.Private(0).Text())
			}
			if v := s.Private(0).(*PrivateView); len(v.Seen) != len(a.Seen) {
				t.Fatalf("private view %+v", v)
			}
			if contains(a.Seen, "OB1") {
				if p[0].Default != "take OB1" {
					t.Fatalf("default %q", p[0].Default)
				}
				refused(t, s, 0, "none") // must play it
				if !contains(a.Seen, "L2") {
					refused(t, s, 0, "take L2")
				}
				must(t, s, 0, "take OB1")
				if !contains(s.Access, "OB1") || s.holds(1, "OB1") || len(s.Hands[1]) != size-1 {
					t.Fatalf("card not played from the suspect's hand: %v", s.Hands[1])
				}
			} else {
				if p[0].Default != "none" {
					t.Fatalf("default %q", p[0].Default)
				}
				refused(t, s, 0, "take OB1") // not among the cards seen
				must(t, s, 0, "none")
				if len(s.Hands[1]) != size {
					t.Fatalf("cards not returned: %v", s.Hands[1])
				}
			}
			if s.Phase != phasePlay || s.Accused != nil {
				t.Fatalf("phase %s after the look: no new accusation expected", s.Phase)
			}
			if err := conserve(s); err != nil {
				t.Fatal(err)
			}
		}
		if size > 1 && len(picks) < 2 {
			t.Fatalf("hand of %d: always the same cards looked at: %v", size, picks)
		}
	}
}

// A suspect with no cards at all cannot answer; nothing is looked at.
func TestAccusationOfAnEmptyHand(t *testing.T) {
	s := staged(t, 3, 0)
	s.Hands[0] = s.from(t, "PA1")
	must(t, s, 0, "move galley")
	must(t, s, 0, "play PA1")
	must(t, s, 0, "accuse 2")
	if s.Phase != phasePlay {
		t.Fatalf("phase %s", s.Phase)
	}
}

// "If the suspect does not play an access card or claims not to be able to do
// so, you may check half of the cards from their hand": looking is the
// accuser's choice (issue 8, item 14). After the suspect's `none` the accuser
// is asked, publicly, to `look` or `pass`; passing returns nothing and looks
// at nothing, and the turn goes on.
func TestAccuserMayDeclineToLook(t *testing.T) {
	s := staged(t, 4, 0)
	s.Hands[0] = s.from(t, "PA1", "L1")
	s.Hands[1] = s.from(t, "OB1", "L2", "L3")
	must(t, s, 0, "move galley")
	must(t, s, 0, "play PA1")
	must(t, s, 0, "accuse bob")
	ev := must(t, s, 1, "none")
	if s.Accused == nil || len(s.Accused.Seen) != 0 {
		t.Fatalf("cards were looked at before the accuser chose: %+v", s.Accused)
	}
	if privateTo(ev, 0) != "" || privateTo(ev, 1) != "" {
		t.Fatalf("cards were shown before the accuser chose: %v", ev)
	}
	p := s.Prompts()
	if len(p) != 1 || p[0].Seat != 0 || !p[0].Turn || p[0].Private {
		t.Fatalf("choice prompt %+v", p)
	}
	var moves []string
	for _, c := range p[0].Choices {
		moves = append(moves, c.Move)
	}
	if strings.Join(moves, ",") != "look,pass" || p[0].Default != "look" {
		t.Fatalf("choices %v default %q, want look,pass defaulting to look", moves, p[0].Default)
	}
	if got := strings.Join(s.Legal(0), ","); got != "look,pass" {
		t.Fatalf("legal %q", got)
	}
	refused(t, s, 0, "take OB1") // nothing seen yet
	refused(t, s, 1, "look")     // not the suspect's choice
	rng := s.RNG
	ev = must(t, s, 0, "pass")
	if s.Phase != phasePlay || s.Accused != nil || len(s.Hands[1]) != 3 || s.RNG != rng {
		t.Fatalf("after pass: phase %s accused %+v hand %v", s.Phase, s.Accused, s.Hands[1])
	}
	if !strings.Contains(publicEvents(ev), "Alice does not look at Bob's cards") {
		t.Fatalf("events %v", ev)
	}
	if v := s.Private(0).(*PrivateView); len(v.Seen) != 0 {
		t.Fatalf("private view after pass %+v", v)
	}

	// Looking is the other branch, typed or clicked, and then the rule goes on
	// as before.
	s = staged(t, 4, 0)
	s.Hands[0] = s.from(t, "PA1")
	s.Hands[1] = s.from(t, "OB1")
	must(t, s, 0, "move galley")
	must(t, s, 0, "play PA1")
	must(t, s, 0, "accuse bob")
	must(t, s, 1, "none")
	ev = must(t, s, 0, "LOOK")
	if s.Phase != phaseLook || len(s.Accused.Seen) != 1 || !strings.Contains(s.Prompts()[0].Text, "Crew Badge") {
		t.Fatalf("after look: phase %s %+v %v", s.Phase, s.Accused, ev)
	}
	must(t, s, 0, "take OB1")
	if !contains(s.Access, "OB1") {
		t.Fatalf("access %v", s.Access)
	}
}

// The intercepted player's `pass` (an alias of `keep`) still lets the drawn
// card pass: the new `pass` of an accusation does not break the old syntax.
func TestPassStillKeepsWhenShownACard(t *testing.T) {
	s := staged(t, 3, 0)
	s.Pawns = []string{"corridor", "galley", "cargo"}
	s.Hands[1] = s.from(t, "L2")
	s.Piles["galley"] = s.from(t, "L16")
	must(t, s, 0, "move galley")
	must(t, s, 1, "pass")
	if !s.holds(0, "L16") || s.Phase != phasePlay {
		t.Fatalf("hand %v phase %s", s.Hands[0], s.Phase)
	}
}
