package images

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
	"standoff/internal/games/hijacked"
	"standoff/internal/games/lockedout"
)

// altWholeFacts: alt is some of the facts, whole, in their order, joined by
// spaces, and says the most important one.
func altWholeFacts(alt string, parts []altPart) error {
	first := -1
	for i, p := range parts {
		if p.text != "" && (first < 0 || p.prio < parts[first].prio) {
			first = i
		}
	}
	pos, said := 0, false
	for i, p := range parts {
		rest := alt[min(pos, len(alt)):]
		for _, text := range []string{p.text, p.short} { // a fact, or its short form
			if text != "" && strings.HasPrefix(rest, text) && (len(rest) == len(text) || rest[len(text)] == ' ') {
				said = said || i == first
				pos += len(text) + 1
				break
			}
		}
	}
	if pos < len(alt) {
		return fmt.Errorf("not whole facts from byte %d: %q", pos, alt[pos:])
	}
	if first >= 0 && !said {
		return fmt.Errorf("the most important fact is left out: %q", parts[first].text)
	}
	return nil
}

// altCheck: an alt text is within the budget (in bytes, and so in
// Discord's characters and UTF-16 units too) and is whole facts.
func altCheck(t *testing.T, name, alt string, parts []altPart) (dropped bool) {
	t.Helper()
	// 900 leaves Discord's 1024 room to spare.
	if alt == "" || len(alt) > 900 || len(utf16.Encode([]rune(alt))) > 900 {
		t.Errorf("%s: %d bytes, over 900: %q", name, len(alt), alt)
	}
	if err := altWholeFacts(alt, parts); err != nil {
		t.Errorf("%s: %v", name, err)
	}
	total := -1
	for _, p := range parts {
		if p.text != "" {
			total += len(p.text) + 1
		}
	}
	return total > len(alt)
}

// altFacts are facts in order of importance.
func altFacts(facts []string) []altPart {
	parts := make([]altPart, len(facts))
	for i, f := range facts {
		parts[i] = altPart{text: f, prio: i}
	}
	return parts
}

// altPlayouts plays seeded whole games of a kind by random legal moves and
// calls check with every view along the way (the public one and each
// private one there is).
func altPlayouts(t *testing.T, k *games.Kind, setups []games.Setup, check func(name string, v games.View)) {
	t.Helper()
	for _, setup := range setups {
		s, err := k.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		rng := games.NewRNG(setup.Seed)
		for move := 0; move < 3000; move++ {
			name := fmt.Sprintf("%d players, seed %d, move %d", len(setup.Players), setup.Seed, move)
			check(name, s.Public())
			for seat := range setup.Players {
				if v := s.Private(seat); v != nil {
					check(fmt.Sprintf("%s, seat %d", name, seat), v)
				}
			}
			if s.Outcome() != nil {
				break
			}
			randomMove(t, s, rng)
		}
	}
}

// Alt texts are built to a budget well under Discord's 1024 characters
// ("1,021-1,024 seen" was cut by Discord or the commands layer mid-fact):
// over many seeded whole games of Hijack, Hijacked and Locked Out, every
// alt text is at most altBudget bytes, is whole facts in their order and
// says the most important one; facts are left out whole, least important
// first.
func TestAltWithinBudgetWholeFacts(t *testing.T) {
	long := []string{"Alice", "Bartholomew-Maximilian the Third", "Standoffish Table Helper (bot level 2)", "Wilhelmina Montgomery-Smythe"}
	t.Run("Hijack", func(t *testing.T) {
		var setups []games.Setup
		for seed := uint64(1); seed <= 12; seed++ {
			players := 2 + int(seed%2)
			opts, err := hijack.Kind.Resolve(games.Options{"size": 2 + int(seed%5), "num_pieces": 12 + int(seed%4)*6, "can_rotate": int(seed % 2), "block_marker": int(seed / 2 % 2)})
			if err != nil {
				t.Fatal(err)
			}
			setups = append(setups, games.Setup{Players: long[:players], Options: opts, Seed: seed})
		}
		views, dropped, longest := 0, 0, 0
		altPlayouts(t, hijack.Kind, setups, func(name string, v games.View) {
			hv, ok := v.(*hijack.View)
			if !ok {
				return
			}
			views++
			alt := HijackAlt(v)
			longest = max(longest, len(alt))
			if altCheck(t, name, alt, hijackAltParts(hv)) {
				dropped++
			}
		})
		t.Logf("%d views, %d with facts left out, the longest %d bytes", views, dropped, longest)
	})
	t.Run("Hijacked", func(t *testing.T) {
		var setups []games.Setup
		for seed := uint64(1); seed <= 12; seed++ {
			players := 1 + int(seed%4)
			setup := games.Setup{Players: long[:players], Seed: seed}
			if players == 1 {
				setup.Players, setup.Bots = []string{long[1], "Cybot"}, []int{0, 1}
			}
			setups = append(setups, setup)
		}
		views, dropped, brief := 0, 0, 0
		altPlayouts(t, hijacked.Kind, setups, func(name string, v games.View) {
			var parts []altPart
			switch v := v.(type) {
			case *hijacked.PublicView:
				parts = hijackedAltFacts(hijackedAltPublic(v))
				// Play-test: "the alt text drops whole players". Every
				// player's supply is said, in full or briefly, or none is.
				alt, said := HijackedAlt(v), 0
				for _, p := range v.Players {
					if strings.Contains(alt, p.Name+": cards ") || strings.Contains(alt, p.Name+": no cards") {
						said++
					}
				}
				if strings.Contains(alt, "Supplies: ") {
					brief++
					if said != 0 {
						t.Errorf("%s: supplies said both in full and briefly: %q", name, alt)
					}
				} else if said != 0 && said != len(v.Players) {
					t.Errorf("%s: %d of %d players' supplies said: %q", name, said, len(v.Players), alt)
				}
			case *hijacked.PrivateView:
				parts = hijackedAltFacts(hijackedFacts(hijackedAltPrivate(v)...))
			default:
				return
			}
			views++
			if altCheck(t, name, HijackedAlt(v), parts) {
				dropped++
			}
		})
		t.Logf("%d views, %d with facts left out, %d with the supplies said briefly", views, dropped, brief)
		if dropped == 0 || brief == 0 {
			t.Error("no view had more to say than the budget, or none said the supplies briefly: the test does not reach the limit")
		}
	})
	t.Run("LockedOut", func(t *testing.T) {
		var setups []games.Setup
		names := append(long, "Erin", "Frank")
		for seed := uint64(1); seed <= 12; seed++ {
			setups = append(setups, games.Setup{Players: names[:3+int(seed%4)], Seed: seed})
		}
		views, dropped := 0, 0
		altPlayouts(t, lockedout.Kind, setups, func(name string, v games.View) {
			var parts []altPart
			switch v := v.(type) {
			case *lockedout.PublicView:
				parts = lockedOutAltPublic(v)
			case *lockedout.PrivateView:
				parts = lockedOutAltPrivateParts(v, true)
				if err := altWholeFacts(LockedOutAlt(v), parts); err != nil {
					parts = lockedOutAltPrivateParts(v, false)
				}
			default:
				return
			}
			views++
			if altCheck(t, name, LockedOutAlt(v), parts) {
				dropped++
			}
		})
		t.Logf("%d views, %d with facts left out", views, dropped)
		if dropped == 0 {
			t.Error("no view had more to say than the budget: the test does not reach the limit")
		}
	})
}

// fitAltParts keeps the most important facts that fit, in their own
// order, leaving out whole facts (a later, shorter one may still fit); a
// most important fact longer than the limit alone is cut after its last
// whole sentence that fits, else at a word.
func TestFitAltParts(t *testing.T) {
	parts := []altPart{{text: "Head.", prio: 1}, {text: "A long detail that does not fit.", prio: 3}, {text: "Scores.", prio: 2}, {text: "Tail.", prio: 4}}
	if got := fitAltParts(parts, 20); got != "Head. Scores. Tail." {
		t.Errorf("got %q", got)
	}
	if got := fitAltParts(parts, 13); got != "Head. Scores." {
		t.Errorf("got %q", got)
	}
	long := strings.Repeat("One sentence here. ", 60)
	if got := fitAltParts([]altPart{{text: long, prio: 1}}, 100); len(got) > 100 || !strings.HasSuffix(got, "here.") {
		t.Errorf("cut to %d bytes: %q", len(got), got)
	}
	words := strings.Repeat("wörd ", 60)
	if got := fitAltParts([]altPart{{text: words, prio: 1}}, 100); len(got) > 100 || !strings.HasSuffix(got, "wörd…") {
		t.Errorf("cut to %d bytes: %q", len(got), got)
	}
}
