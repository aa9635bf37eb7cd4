package images

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
)

// The public description names no card of any hand nor the card being
// shown around: over playouts of every player count, no id of a card a
// private view holds or sees appears in it as a word, and no such card's
// name appears unless a face-up card bears the same name (copies share
// names). Every description fits Discord's 1024 characters.
func TestLockedOutAltHidesHands(t *testing.T) {
	for _, st := range lockedOutStates(t) {
		pub := st.s.Public().(*lockedout.PublicView)
		alt := LockedOutAlt(pub)
		if n := utf8.RuneCountInString(alt); n == 0 || n > 1024 {
			t.Fatalf("%s: %d characters:\n%s", st.name, n, alt)
		}
		if !strings.HasPrefix(alt, "Locked Out, stage") {
			t.Fatalf("%s: %q", st.name, alt)
		}
		faceUp := map[string]bool{}
		for _, c := range append(append(append([]lockedout.CardView{}, pub.Access...), pub.Supplies...), pub.Discard...) {
			faceUp[c.Name] = true
		}
		for seat := range pub.Players {
			pv := st.s.Private(seat).(*lockedout.PrivateView)
			for _, c := range append(append([]lockedout.CardView{}, pv.Hand...), pv.Seen...) {
				if regexp.MustCompile(`\b` + c.ID + `\b`).MatchString(alt) {
					t.Fatalf("%s: the public description names %s, held or seen by seat %d:\n%s", st.name, c.ID, seat, alt)
				}
				if strings.Contains(alt, c.Name) && !faceUp[c.Name] {
					t.Fatalf("%s: the public description names %s (%s), held or seen by seat %d:\n%s", st.name, c.Name, c.ID, seat, alt)
				}
			}
			palt := LockedOutAlt(pv)
			if n := utf8.RuneCountInString(palt); n == 0 || n > 1024 {
				t.Fatalf("%s seat %d: %d characters:\n%s", st.name, seat, n, palt)
			}
			for _, c := range append(append([]lockedout.CardView{}, pv.Hand...), pv.Seen...) {
				if !strings.Contains(palt, c.ID) {
					t.Fatalf("%s seat %d: the hand's description lacks %s:\n%s", st.name, seat, c.ID, palt)
				}
			}
		}
	}
}

// Long names and a crowded table still fit in 1024 characters, keeping
// who must act; a hand of every card keeps its ids.
func TestLockedOutAltFits(t *testing.T) {
	long := strings.Repeat("Bartholomew ", 3)[:32]
	names := []string{long + "1", long + "2", long + "3", long + "4", long + "5", long + "6"}
	s, err := lockedout.Kind.New(games.Setup{Players: names, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	pub := s.Public().(*lockedout.PublicView)
	var every []lockedout.CardView
	for seat := range names {
		every = append(every, s.Private(seat).(*lockedout.PrivateView).Hand...)
	}
	pub.Access, pub.Supplies, pub.Discard = every, every, every
	alt := LockedOutAlt(pub)
	if n := utf8.RuneCountInString(alt); n > 1024 || !strings.Contains(alt, "Now: "+pub.Waiting) || !strings.Contains(alt, "Players: ") {
		t.Fatalf("%d characters:\n%s", n, alt)
	}
	deck := map[string]lockedout.CardView{}
	for _, st := range lockedOutStates(t) {
		for _, c := range st.s.Public().(*lockedout.PublicView).Discard {
			deck[c.ID] = c
		}
	}
	hand := &lockedout.PrivateView{Name: long, Looking: "half of " + long + "'s hand"}
	for _, c := range deck {
		hand.Hand = append(hand.Hand, c)
		hand.Seen = append(hand.Seen, c)
	}
	alt = LockedOutAlt(hand)
	if n := utf8.RuneCountInString(alt); n > 1024 || !strings.HasPrefix(alt, long+"'s hand") {
		t.Fatalf("%d characters:\n%s", n, alt)
	}
	if LockedOutAlt(nil) != "" {
		t.Fatal("described a nil view")
	}
}

// A screen reader reads the currency as a word: no alt text over playouts
// holds the sign or the "Z" the pictures write for it, and amounts read
// "1 znooty", "7 znooties".
func TestLockedOutAltSaysZnooties(t *testing.T) {
	z := regexp.MustCompile(`\bZ\b|₮`)
	said := 0
	for _, st := range lockedOutStates(t) {
		alts := []string{LockedOutAlt(st.s.Public())}
		for seat := range st.s.Public().(*lockedout.PublicView).Players {
			alts = append(alts, LockedOutAlt(st.s.Private(seat)))
		}
		for _, alt := range alts {
			if z.MatchString(alt) {
				t.Fatalf("%s: the currency as a sign:\n%s", st.name, alt)
			}
			said += strings.Count(alt, " znooties")
		}
	}
	if said == 0 {
		t.Fatal("no alt text names an amount of znooties")
	}
	for in, want := range map[string]string{
		"Gold Watch (L10, 7₮)":     "Gold Watch (L10, 7 znooties)",
		"1. Dave 1₮, 2. Erin 12 ₮": "1. Dave 1 znooty, 2. Erin 12 znooties",
		"the most znooties (₮)":    "the most znooties (znooties)",
	} {
		if got := lockedOutAltZ(in); got != want {
			t.Errorf("lockedOutAltZ(%q) = %q, want %q", in, got, want)
		}
	}
}
