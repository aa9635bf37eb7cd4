package images

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"standoff/internal/games/hijack"
	"standoff/internal/games/hunted"
)

// Issue 24: "Alt text on every picture (the attachment description, up to
// Discord's limit), written from the public view: the state in words."
// Over many moments of seeded games the alt text fits 900 characters (room
// to spare under Discord's 1024) on one line, is made of whole facts in
// their order of importance, none cut, and says whose turn it is or how the game ended,
// time and each player's health, the fight, a roll not yet kept, the
// location cards to choose from, and every card in the rows.
func TestHuntedAlt(t *testing.T) {
	moments := huntedPlayouts(t, 24)
	longest, fitted := 0, 0
	for _, m := range moments {
		v := m.v
		alt := HuntedAlt(v)
		n := len(alt)
		longest = max(longest, n)
		full := -1
		for _, p := range huntedAltParts(v) {
			full += len(p.full) + 1
		}
		if full > HuntedAltMax {
			fitted++
		}
		if n == 0 || n > 900 || n > HuntedAltMax || !utf8.ValidString(alt) || strings.Contains(alt, "\n") {
			t.Fatalf("%s: %d bytes (want 1 to 900, one line): %q", m.name, n, alt)
		}
		if cut := huntedAltCutFact(alt, huntedAltParts(v)); cut != "" {
			t.Fatalf("%s: a fact is cut or out of order at %q in %q", m.name, cut, alt)
		}
		want := []string{"Hunted: Kobayashi Tower", fmt.Sprintf("Time %d of %d.", v.Time, v.MaxTime)}
		for _, p := range v.Players {
			want = append(want, fmt.Sprintf("ealth %d of %d", p.Health, p.MaxHealth))
			for _, c := range p.Row {
				want = append(want, c.Name+" ("+c.Type)
			}
		}
		switch {
		case v.Over && v.Won:
			want = append(want, "Game over: won, score "+fmt.Sprint(v.Score))
		case v.Over:
			want = append(want, "Game over: lost, score "+fmt.Sprint(v.Score))
		default:
			want = append(want, huntedASCII(v.Prompt))
		}
		if f := v.Fight; f != nil && f.Lars {
			want = append(want, fmt.Sprintf("Final fight with Lars: %d of %d hits", f.LarsHits, f.LarsNeed))
		} else if f != nil {
			want = append(want, "Fight: "+f.Name+", targets "+huntedAltTargets(f))
		}
		if r := v.Roll; r != nil {
			want = append(want, r.Who+" rolled "+huntedAltDice(r.Dice))
		}
		for _, l := range v.Choice {
			want = append(want, l.Name+": ")
		}
		for _, s := range want {
			if !strings.Contains(alt, s) {
				t.Fatalf("%s: %q is not in the alt text %q", m.name, s, alt)
			}
		}
	}
	t.Logf("%d moments, the longest alt text %d bytes, %d shortened to fit", len(moments), longest, fitted)
}

// A board that says far more than 1024 characters (two long rows, long
// names, a fight, a roll and a prompt of 250 characters each) keeps what
// matters most: the turn, the bars and the fight.
func TestHuntedAltFitsACrowdedBoard(t *testing.T) {
	v := huntedBusyView(t)
	parts := huntedAltParts(v)
	full := 0
	for _, p := range parts {
		full += len(p.full) + 1
	}
	if full <= HuntedAltMax {
		t.Fatalf("the crowded board says only %d characters: it tests no fitting", full)
	}
	alt := HuntedAlt(v)
	if n := len(alt); n > HuntedAltMax {
		t.Fatalf("%d bytes: %q", n, alt)
	}
	for _, s := range []string{"Hunted: Kobayashi Tower, co-op.", "Time 3 of 20.", "Maximiliana Longname: health", "Fight: Heavy and Spotter"} {
		if !strings.Contains(alt, s) {
			t.Errorf("%q is not in the crowded board's alt text %q", s, alt)
		}
	}
	if HuntedAlt(nil) != "" || HuntedAlt((*hunted.PublicView)(nil)) != "" || HuntedAlt(&hijack.View{}) != "" {
		t.Error("alt text for a view that is not Hunted's")
	}
}

// huntedAltFit shortens a rank's parts, then drops them, before it touches a
// lower rank, and cuts only what is still too long.
func TestHuntedAltFitOrder(t *testing.T) {
	parts := func() []huntedAltPart {
		return []huntedAltPart{
			{"turn", "", 0},
			{"row with details", "row", 1},
			{"inventory with details", "inventory", 3},
			{"log", "", 2},
		}
	}
	for _, tc := range []struct {
		max  int
		want string
	}{
		{100, "turn row with details inventory with details log"},
		{40, "turn row with details inventory log"},
		{30, "turn row with details log"},
		{25, "turn row with details log"},
		{21, "turn row with details"},
		{20, "turn row"},
		{6, "turn"},
	} {
		if got := huntedAltFit(parts(), tc.max); got != tc.want {
			t.Errorf("within %d: %q, want %q", tc.max, got, tc.want)
		}
	}
	if got := huntedAltFit([]huntedAltPart{{"a long turn", "", 0}}, 8); got != "a lon..." {
		t.Errorf("a part of rank 0 too long: %q", got)
	}
}

// huntedAltCutFact checks that alt is whole facts, each in its full or short
// form, in the order of parts (some left out); it returns where alt stops
// being that, "" when it is.
func huntedAltCutFact(alt string, parts []huntedAltPart) string {
	rest := alt
	for _, p := range parts {
		for _, form := range []string{p.full, p.short} {
			if form == "" {
				continue
			}
			if rest == form {
				return ""
			}
			if strings.HasPrefix(rest, form+" ") {
				rest = rest[len(form)+1:]
				break
			}
		}
	}
	return rest
}

// TestHuntedAltWholeFacts: the alt text keeps whole facts when it must be
// shortened: a long last event loses whole sentences from its end, the
// status and bars come first, and nothing ends in a cut ("...").
func TestHuntedAltWholeFacts(t *testing.T) {
	v := huntedBusyView(t)
	v.Events = append(v.Events, "Searching for a hostage: Ammo (I01), Hallway (D03), Door (D07), Grenade (I04), Sgt. Pratt (H09), which goes to Alice's inventory. The other 4 cards are shuffled back into the deck.")
	alt := HuntedAlt(v)
	if n := utf8.RuneCountInString(alt); n > 900 {
		t.Fatalf("%d characters", n)
	}
	if strings.HasSuffix(alt, "...") {
		t.Fatalf("cut: %q", alt)
	}
	if cut := huntedAltCutFact(alt, huntedAltParts(v)); cut != "" {
		t.Fatalf("a fact is cut at %q in %q", cut, alt)
	}
	if !strings.HasPrefix(alt, "Hunted: Kobayashi Tower, co-op.") {
		t.Fatalf("the status is not first: %q", alt)
	}
	got := huntedSentences(v.Events[len(v.Events)-1])
	if len(got) != 2 || !strings.Contains(got[0], "Sgt. Pratt (H09), which goes") {
		t.Fatalf("sentences %q", got)
	}
}

// The budget is counted in bytes, as the commands layer's clip counts them
// at Discord's 1,024: names in other scripts (two or three bytes a letter)
// leave out whole facts first, and nothing is cut after the fit, inside a
// letter or a fact.
func TestHuntedAltCountsBytes(t *testing.T) {
	v := *huntedBusyView(t)
	v.Players = append([]hunted.PlayerView(nil), v.Players...)
	v.Players[0].Name = "Ζωή Παπαδοπούλου-Νικολαΐδου"
	v.Players[1].Name = "山田花子さん"
	alt := HuntedAlt(&v)
	if len(alt) > HuntedAltMax || !utf8.ValidString(alt) {
		t.Fatalf("%d bytes (at most %d), valid UTF-8 %v: %q", len(alt), HuntedAltMax, utf8.ValidString(alt), alt)
	}
	if utf8.RuneCountInString(alt) == len(alt) {
		t.Fatalf("the names in other scripts are not in the alt text: %q", alt)
	}
	if cut := huntedAltCutFact(alt, huntedAltParts(huntedMarked(&v))); cut != "" {
		t.Fatalf("a fact is cut or out of order at %q in %q", cut, alt)
	}
	// Three letters of nine bytes and four of twelve: counted in letters,
	// both fit in 20 and the cut afterwards would split the row's fact.
	parts := []huntedAltPart{{"ターン", "", 0}, {"行と詳細", "行", 1}}
	if got := huntedAltFit(parts, 20); got != "ターン 行" {
		t.Errorf("within 20 bytes: %q (%d bytes), want the row's short form whole", got, len(got))
	}
	for _, n := range []int{8, 9, 10, 11} {
		got := huntedAltClip("Ζωή Ζωή Ζωή", n)
		if len(got) > n || !utf8.ValidString(got) {
			t.Errorf("huntedAltClip(_, %d) = %q: %d bytes or not UTF-8", n, got, len(got))
		}
	}
}
