package images

import (
	"os"
	"path/filepath"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// The Cybot panel over seeded solo games, in every state its card passes
// through: each action is marked by what became of it (a skipped action,
// "not possible, next", is not marked done), and every line, the bold NOW
// line too, ends inside the panel, measured in the font it is drawn in.
// HIJACKED_PNG=dir writes a picture with a skipped action and a NOW line.
func TestHijackedCybotPanelFits(t *testing.T) {
	dc := hijackedNewCanvas(hijackedWidth, 60)
	seen := map[string]bool{}
	nowCards := map[int]bool{}
	var shot *hijacked.PublicView
	for seed := uint64(1); seed <= 30; seed++ {
		s, err := hijacked.Kind.New(games.Setup{Players: []string{"Alice", "Standoff (bot level 1)"}, Seed: seed, Bots: []int{0, 1}})
		if err != nil {
			t.Fatal(err)
		}
		rng := games.NewRNG(seed)
		for range 400 {
			if s.Outcome() != nil {
				break
			}
			v := s.Public().(*hijacked.PublicView)
			if c := v.Cybot; c != nil && c.Card > 0 {
				lines := hijackedCybotActions(dc, c)
				for i, l := range lines {
					seen[l.mark] = true
					if c.Actions[i].State == "now" {
						nowCards[c.Card] = true
					}
					dc.Font(16, l.bold)
					if w, _ := dc.MeasureString(l.text); hijackedCybotTextX+w > hijackedCybotRight {
						t.Fatalf("card %d, %q ends at %.0f px, past the panel's %.0f", c.Card, l.text, hijackedCybotTextX+w, hijackedCybotRight)
					}
					dc.Font(14, true)
					if w, _ := dc.MeasureString(l.mark); hijackedCybotMarkX+w > hijackedCybotTextX-4 {
						t.Fatalf("the mark %q runs into its action", l.mark)
					}
				}
				if shot == nil && len(lines) > 1 && lines[0].mark == "skipped" && lines[1].mark == "NOW" {
					shot = v
				}
			}
			randomMove(t, s, rng)
		}
	}
	for _, m := range []string{"done", "skipped", "NOW", "next"} {
		if !seen[m] {
			t.Errorf("no action was ever marked %q", m)
		}
	}
	if len(nowCards) < 10 {
		t.Errorf("only cards %v were seen with a NOW line", nowCards)
	}
	if dir := os.Getenv("HIJACKED_PNG"); dir != "" && shot != nil {
		img, err := Hijacked(shot)
		if err != nil {
			t.Fatal(err)
		}
		b, err := EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "cybot_panel.png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
