package lockedout

import (
	"strings"
	"testing"
)

// Discarded cards lie face up, so the table sees which they are: the
// rulebook's tip "Try to keep track of access cards." needs them (issue 8,
// item 18). Loot is discarded by "play two loot cards ... Discard these",
// access cards by "Discard all orange access cards from the play area" and
// resource cards by "Next, discard all resource cards from the play area."
func TestDiscardPileIsPublic(t *testing.T) {
	s := staged(t, 4, 0)
	for room := range s.Piles {
		s.Piles[room] = s.from(t, s.Discard[:1]...)
	}
	s.Discard = []string{"OA1", "OA2", "R3", "L7", "PB2"}
	text := s.Public().Text()
	for _, id := range s.Discard {
		if !strings.Contains(text, id) {
			t.Fatalf("public text does not show discarded %s:\n%s", id, text)
		}
	}
	if !strings.Contains(text, "Discard pile (5 cards): access OA1 OA2 PB2; resource R3; loot L7") {
		t.Fatalf("public text does not list the discard pile by kind:\n%s", text)
	}
	var ids []string
	for _, c := range s.Public().(*PublicView).Discard {
		ids = append(ids, c.ID)
	}
	if strings.Join(ids, " ") != "OA1 OA2 PB2 R3 L7" {
		t.Fatalf("public view's discard pile %v, want access cards first", ids)
	}
}

// "Determine which player begins. They are automatically the first
// maintenance player; put the maintenance card in the card stand and place
// it in front of this player on the table." The game's first message (the
// first player's public prompt) says so (issue 8, item 18).
func TestFirstMessageNamesTheMaintenancePlayer(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		s := newTest(t, 4, seed)
		p := s.Prompts()[0]
		if p.Private || p.Seat != s.First {
			t.Fatalf("first prompt %+v", p)
		}
		want := s.Players[s.First] + " begins and holds the maintenance card"
		if !strings.Contains(p.Text, want) {
			t.Fatalf("first prompt %q does not say %q", p.Text, want)
		}
		if n := strings.Count(p.Text, s.Players[s.First]); n != 1 || !strings.Contains(p.Text, "move from Corridor to an adjacent room") {
			t.Fatalf("first prompt %q names its player %d times or lacks the move", p.Text, n)
		}
		// The first move's narration says it too: when a bot begins, its
		// move is posted with the start and no prompt of its own.
		ev := must(t, s, s.First, s.Legal(s.First)[0])
		if !strings.Contains(publicEvents(ev), want) {
			t.Fatalf("first move's events %q do not say %q", publicEvents(ev), want)
		}
		for s.Phase != phaseMove {
			must(t, s, s.actor(), s.Legal(s.actor())[len(s.Legal(s.actor()))-1])
		}
		if strings.Contains(s.Prompts()[0].Text, "begins") {
			t.Fatalf("the second turn's prompt still says who begins: %q", s.Prompts()[0].Text)
		}
	}
}

// The text view's resources read as a list, with no stray separator at its
// end (play-test: "Resources: Fuel 8/8; Power 8/8; Oxygen 8/8;").
func TestTextResourcesLine(t *testing.T) {
	s := newTest(t, 3, 5)
	text := s.Public().Text()
	line, _, _ := strings.Cut(text[strings.Index(text, "Resources:"):], "\n")
	if strings.HasSuffix(line, ";") || strings.Count(line, ";") != len(s.Public().(*PublicView).Tracks)-1 {
		t.Fatalf("resources line %q", line)
	}
}
