package images

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
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
				lines := hijackedFullCybotActions(dc, c)
				for i, l := range lines {
					seen[l.mark] = true
					if c.Actions[i].State == "now" {
						nowCards[c.Card] = true
					}
					dc.Font(16, l.bold)
					if w, _ := dc.MeasureString(l.text); hijackedFullCybotTextX+w > hijackedFullCybotRight {
						t.Fatalf("card %d, %q ends at %.0f px, past the panel's %.0f", c.Card, l.text, hijackedFullCybotTextX+w, hijackedFullCybotRight)
					}
					dc.Font(14, true)
					if w, _ := dc.MeasureString(l.mark); hijackedFullCybotMarkX+w > hijackedFullCybotTextX-4 {
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

// A police retreat the Cybot could not do but whose "if impossible" clause
// it did (card 7: "if impossible: its thumb advances anyway and the top
// bonus tile goes to its display"; card 11: "even if impossible: its thumb
// advances 1 space ...") is marked "fallback" on both panels, not
// "skipped" (nothing was done) nor "done" (the police did not retreat),
// over seeded solo games: whenever the Cybot's notes say its thumb
// advanced anyway.
func TestHijackedCybotFallbackNotSkipped(t *testing.T) {
	dc := hijackedNewCanvas(hijackedWidth, 60)
	fellBack := 0
	for seed := uint64(1); seed <= 12; seed++ {
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
			if c := v.Cybot; c != nil && (c.Card == 7 || c.Card == 11) && strings.Contains(strings.Join(c.Steps, " "), "thumb advances anyway") {
				for i, a := range c.Actions {
					if a.Name != "Police retreat" || a.State == "todo" || a.State == "now" {
						continue
					}
					fellBack++
					if l := hijackedFullCybotActions(dc, c)[i]; l.mark != "fallback" {
						t.Fatalf("seed %d, card %d: the retreat's fallback was done (%q) but the full board marks it %q", seed, c.Card, c.Steps, l.mark)
					}
					p := hijackedTurnTable(v)
					line := slices.Index(p.texts, fmt.Sprintf("%d. %s", i+1, a.Name))
					if line < 1 || p.texts[line-1] != "fallback" {
						t.Fatalf("seed %d, card %d: the turn picture marks the retreat otherwise: %q", seed, c.Card, p.texts)
					}
					releaseRGBA(p.RGBA())
				}
			}
			randomMove(t, s, rng)
		}
	}
	if fellBack == 0 {
		t.Fatal("no seeded game had the Cybot's retreat fall back")
	}
	// The engine's own word for it.
	if m, _, _ := hijackedCybotMark(hijacked.CybotActionView{Name: "Police retreat", State: "fallback"}); m != "fallback" {
		t.Errorf("state fallback is marked %q", m)
	}
	// A skipped action with no such clause stays skipped.
	if m, _, _ := hijackedCybotMark(hijacked.CybotActionView{Name: "Persuade its hijacker", Note: "if impossible: use up to 2 tokens to make it possible", State: "skipped"}); m != "skipped" {
		t.Errorf("a plain skipped action is marked %q", m)
	}
}
