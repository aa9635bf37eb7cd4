package main

import (
	"os"
	"strings"
	"testing"
)

// TestHuntedSoloMessages: one living message per turn, edited while the
// same player goes on. A solo Hunted run used to post a new message, with
// a new picture, for every card drawn; now a new message begins only when
// a row begins afresh (the first draw after a hide or after terrorists
// discarded the row), and the game's end. Every other change edits.
func TestHuntedSoloMessages(t *testing.T) {
	want, err := os.ReadFile("testdata/hunted_solo.transcript")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(replay(t, want)), "\n")
	posts, edits, clears, draws := 0, 0, 0, 0
	cleared := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "[#hunted-1] **Hunted"):
			posts++
			next := ""
			if i+1 < len(lines) {
				next = lines[i+1]
			}
			if posts > 1 && !cleared && !strings.Contains(strings.Join(lines[i:min(len(lines), i+4)], "\n"), "Game over") && !strings.Contains(next, "Score") {
				t.Errorf("line %d: a new message without a new row: %q", i+1, next)
			}
			cleared = false
		case strings.HasPrefix(l, "[#hunted-1 (edited)] **Hunted"):
			edits++
		case strings.HasPrefix(l, "> ") && strings.Contains(l, "click Draw a card"):
			draws++
		}
		if strings.Contains(l, "hides:") || strings.Contains(l, "Terrorists attack") {
			if !cleared {
				clears++
			}
			cleared = true
		}
	}
	if posts > clears+2 || edits < draws/2 {
		t.Fatalf("%d new messages and %d edits for %d draws and %d cleared rows", posts, edits, draws, clears)
	}
	t.Logf("%d new messages, %d edits, %d draws, %d cleared rows", posts, edits, draws, clears)
}
