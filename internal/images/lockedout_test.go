package images

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
)

// lockedOutViews plays a seeded game a while and returns its views.
func lockedOutViews(t testing.TB, players int, moves int) (games.View, games.View) {
	t.Helper()
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"}[:players]
	s, err := lockedout.Kind.New(games.Setup{Players: names, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	rng := games.NewRNG(5)
	for range moves {
		if s.Outcome() != nil {
			break
		}
		p := s.Prompts()[0]
		legal := s.Legal(p.Seat)
		if _, err := s.Apply(p.Seat, legal[rng.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	seat := 0
	if p := s.Prompts(); len(p) > 0 {
		seat = p[0].Seat
	}
	return s.Public(), s.Private(seat)
}

func TestLockedOutRenders(t *testing.T) {
	for i, tc := range []struct {
		players, moves int
	}{{6, 90}, {5, 400}} {
		pub, priv := lockedOutViews(t, tc.players, tc.moves)
		for name, v := range map[string]games.View{"public": pub, "private": priv} {
			img, err := LockedOut(v)
			if err != nil {
				t.Fatal(err)
			}
			// At least 1000 px wide (the pictures' target); a one-card hand is the
			// shortest picture, about 220 px high.
			b := img.Bounds()
			if b.Dx() < 1000 || b.Dx() > 2000 || b.Dy() < 200 || b.Dy() > 2400 {
				t.Fatalf("%s: size %v", name, b)
			}
			data, err := EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > 1<<20 {
				t.Fatalf("%s: %d bytes", name, len(data))
			}
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Fatal(err)
			}
			if i == 0 { // once is enough: rendering under -race is slow
				again, _ := LockedOut(v)
				data2, _ := EncodePNG(again)
				if !bytes.Equal(data, data2) {
					t.Fatalf("%s: same view, different image", name)
				}
			}
			if dir := os.Getenv("LOCKEDOUT_PNG"); dir != "" {
				_ = os.WriteFile(filepath.Join(dir, name+"-"+string(rune('0'+tc.players))+"-"+itoa(tc.moves)+".png"), data, 0o644)
			}
		}
	}
	// A hand in the middle of an accusation, with the half hand looked at.
	look := &lockedout.PrivateView{Seat: 0, Name: "Alice", Total: 41, Looking: "half of Bob's hand",
		Hand: []lockedout.CardView{
			{ID: "R3", Name: "Fuel Canister", Kind: "resource", Color: "red", Value: 2},
			{ID: "Y1", Name: "Power Cell", Kind: "resource", Color: "yellow", Value: 1},
			{ID: "B6", Name: "Oxygen Tank", Kind: "resource", Color: "blue", Value: 3},
			{ID: "OD1", Name: "Security Code", Kind: "access", Color: "orange", Value: 8},
			{ID: "PD2", Name: "Captain's Passkey", Kind: "access", Color: "purple", Value: 12},
			{ID: "L13", Name: "Old Master Painting", Kind: "loot", Color: "green", Value: 8},
			{ID: "S1", Name: "Share of the Booty", Kind: "loot", Color: "green", Share: true, Value: 10},
		},
		Seen: []lockedout.CardView{
			{ID: "PB1", Name: "Retina Scan", Kind: "access", Color: "purple", Value: 10},
			{ID: "L1", Name: "Moon Rock", Kind: "loot", Color: "green", Value: 2},
		}}
	img, err := LockedOut(look)
	if err != nil {
		t.Fatal(err)
	}
	if data, err := EncodePNG(img); err != nil {
		t.Fatal(err)
	} else if dir := os.Getenv("LOCKEDOUT_PNG"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, "private-look.png"), data, 0o644)
	}
	if _, err := LockedOut(nil); err == nil {
		t.Fatal("drew a nil view")
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

func BenchmarkLockedOut(b *testing.B) {
	pub, _ := lockedOutViews(b, 5, 60)
	for b.Loop() {
		if _, err := LockedOut(pub); err != nil {
			b.Fatal(err)
		}
	}
}

// drawnText is everything an image says, one string per label drawn.
func drawnText(dc *Canvas) string { return strings.Join(dc.texts, "\n") }

// The discard pile lies face up, so the full board shows which cards are
// on it, not only how many.
func TestLockedOutFullShowsTheDiscardPile(t *testing.T) {
	pub, _ := lockedOutViews(t, 4, 0)
	v := *pub.(*lockedout.PublicView)
	v.Discard = []lockedout.CardView{
		{ID: "OA1", Name: "Bulkhead Key", Kind: "access", Color: "orange", Value: 5},
		{ID: "R3", Name: "Fuel Canister", Kind: "resource", Color: "red", Value: 2},
		{ID: "L7", Name: "Bearer Bonds", Kind: "loot", Color: "green", Value: 5},
	}
	text := drawnText(lockedOutTable(&v, true))
	for _, id := range []string{"OA1", "R3", "L7"} {
		if !strings.Contains(text, id) {
			t.Fatalf("ship image does not show discarded %s:\n%s", id, text)
		}
	}
	// A long game's discard pile (46 cards, most of the deck) still fits,
	// every card of it drawn.
	var all []lockedout.CardView
	for range 5 {
		all = append(all, v.Discard...)
	}
	for i := range 8 {
		all = append(all, lockedout.CardView{ID: "L1" + itoa(i), Name: "Loot", Kind: "loot", Color: "green", Value: 3})
	}
	v.Discard = append(all, all...)
	dc := lockedOutTable(&v, true)
	if h := dc.Height(); h > 2400 {
		t.Fatalf("image is %d pixels high", h)
	}
	if n := strings.Count(drawnText(dc), "L17"); n != 2 {
		t.Fatalf("L17 drawn %d times in the discard pile, want 2", n)
	}
}

// The hand image counts cards in good English: "1 card", "2 cards".
func TestLockedOutHandCountsCards(t *testing.T) {
	one := &lockedout.PrivateView{Name: "Alice", Total: 10, Hand: []lockedout.CardView{
		{ID: "S1", Name: "Share of the Booty", Kind: "loot", Color: "green", Share: true, Value: 10}}}
	text := drawnText(lockedOutHand(one))
	if strings.Contains(text, "1 cards") || !strings.Contains(text, "1 card") {
		t.Fatalf("hand image says:\n%s", text)
	}
	one.Hand = append(one.Hand, one.Hand[0])
	if text := drawnText(lockedOutHand(one)); !strings.Contains(text, "2 cards") {
		t.Fatalf("hand image says:\n%s", text)
	}
}

// Amounts in znooties read as money on the pictures: the embedded font
// lacks the sign "₮", so no text draws it, and an amount is spelt out
// ("Carol plays Override Chip (OC2, 7 znooties).", "Total 23 znooties"),
// not written "7 Z"; only a hand's card tiles, under the key "values in
// znooties (Z)", keep "7 Z". Over every seeded state, both pictures and
// the hands.
func TestLockedOutZnootiesReadAsMoney(t *testing.T) {
	short := regexp.MustCompile(`\d Z\b`)
	tile := regexp.MustCompile(`^\d+ Z$`)
	check := func(name string, dc *Canvas) {
		for _, s := range dc.texts {
			if strings.Contains(s, "₮") || short.MatchString(s) && !tile.MatchString(s) {
				t.Errorf("%s: %q", name, s)
			}
		}
		releaseRGBA(dc.RGBA())
	}
	spelt := 0
	for _, st := range lockedOutStates(t) {
		pv := st.s.Public().(*lockedout.PublicView)
		for _, full := range []bool{false, true} {
			dc := lockedOutTable(pv, full)
			spelt += strings.Count(strings.Join(dc.texts, "\n"), "znoot")
			check(st.name, dc)
		}
		for seat := range pv.Players {
			if v, ok := st.s.Private(seat).(*lockedout.PrivateView); ok && v != nil {
				dc := lockedOutHand(v)
				if want := "Total " + lockedOutAltZnooties(v.Total); !slices.Contains(dc.texts, want) {
					t.Errorf("%s: the hand does not say %q: %q", st.name, want, dc.texts)
				}
				check(st.name+" hand", dc)
			}
		}
	}
	if spelt == 0 {
		t.Error("no table picture spelt an amount out")
	}
}
