package lockedout

import (
	"bytes"
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	good := map[string]string{
		"move galley":            "move galley",
		"  GO   Cargo  Hold ":    "move cargo hold",
		"keep":                   "keep",
		"swap l3":                "swap l3",
		"play Captain's Passkey": "play captain's passkey",
		"search L1 S2":           "search l1 s2",
		"accuse 2":               "accuse 2",
		"reveal PB1":             "reveal pb1",
		"none":                   "none",
		"take oc2":               "take oc2",
		"done":                   "end",
	}
	for in, want := range good {
		c, err := parseMove(in)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if c.String() != want {
			t.Fatalf("%q parsed as %q, want %q", in, c.String(), want)
		}
	}
	for _, bad := range []string{"", "   ", "fly galley", "move", "keep it", "search L1", "end now", "play", "accuse"} {
		if _, err := parseMove(bad); err == nil {
			t.Fatalf("%q parsed", bad)
		}
	}
}

func TestFindRoomAndPlayer(t *testing.T) {
	for in, want := range map[string]string{"1": "corridor", "cor": "corridor", "Crew Quarters": "quarters", "10": "computer", "board computer": "computer", "LAB": "lab", "7": "lab"} {
		if got, err := findRoom(in); err != nil || got != want {
			t.Fatalf("%q: %q %v, want %q", in, got, err, want)
		}
	}
	if _, err := findRoom("c"); err == nil { // corridor, cargo, comms...
		t.Fatal("an ambiguous room resolved")
	}
	s := newTest(t, 4, 1)
	for in, want := range map[string]int{"1": 0, "carol": 2, "Da": 3, "4": 3} {
		if got, err := s.findPlayer(in, -1); err != nil || got != want {
			t.Fatalf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"5", "0", "zed", ""} {
		if _, err := s.findPlayer(bad, -1); err == nil {
			t.Fatalf("%q resolved", bad)
		}
	}
}

// Errors say what was wrong and what would be right.
func TestErrorsHelp(t *testing.T) {
	s := staged(t, 4, 0)
	err := refused(t, s, 0, "move armory")
	if !strings.Contains(err.Error(), "you can move to") {
		t.Fatalf("error %q", err)
	}
	err = refused(t, s, 1, "move galley")
	if !strings.Contains(err.Error(), "Alice must move") {
		t.Fatalf("error %q", err)
	}
	err = refused(t, s, 0, "fly")
	if !strings.Contains(err.Error(), "move <room>") {
		t.Fatalf("error %q", err)
	}
}

// Same seed, same moves: byte-identical states.
func TestDeterminism(t *testing.T) {
	for n := 3; n <= 6; n++ {
		a, _ := randomGame(t, n, 42)
		b, _ := randomGame(t, n, 42)
		ea, _ := a.Encode()
		eb, _ := b.Encode()
		if !bytes.Equal(ea, eb) {
			t.Fatalf("%d players: same seed, different games", n)
		}
		c, _ := randomGame(t, n, 43)
		if ec, _ := c.Encode(); bytes.Equal(ea, ec) {
			t.Fatalf("%d players: different seeds, same game", n)
		}
	}
	if _, err := Kind.Decode([]byte(`{"schema":99}`)); err == nil {
		t.Fatal("unknown schema decoded")
	}
	if _, err := Kind.New(gamesSetup(2)); err == nil {
		t.Fatal("two players accepted")
	}
	if _, err := Kind.New(gamesSetup(7)); err == nil {
		t.Fatal("seven players accepted")
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"move galley", "swap L3", "search L1 S2", "accuse 2", "none", "end", "take oc2", "play captain's passkey", "\x00", "search a b c d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := parseMove(in)
		if err != nil {
			return
		}
		// The canonical form parses to itself.
		back, err := parseMove(c.String())
		if err != nil || back.String() != c.String() {
			t.Fatalf("%q -> %q -> %q %v", in, c.String(), back.String(), err)
		}
	})
}

// FuzzApply throws typed text at a game in each phase: no panic, and a
// refused move leaves the state unchanged.
func FuzzApply(f *testing.F) {
	for _, s := range []string{"move galley", "move 1", "keep", "swap S1", "play R1", "search L1 L2", "accuse bob", "reveal OA1", "none", "look", "pass", "take OA1", "end", "move computer", "search moon rock star diamond", "PLAY Oa1"} {
		f.Add(s, uint8(0), uint8(0))
		f.Add(s, uint8(7), uint8(1))
	}
	f.Fuzz(func(t *testing.T, in string, steps uint8, seat uint8) {
		s := newTest(t, 4, uint64(steps))
		rng := s.RNG
		for range int(steps % 40) {
			if s.Outcome() != nil {
				break
			}
			p := s.Prompts()[0]
			legal := s.Legal(p.Seat)
			if _, err := s.Apply(p.Seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
		before, _ := s.Encode()
		if _, err := s.Apply(int(seat%6)-1, in); err != nil {
			if after, _ := s.Encode(); !bytes.Equal(before, after) {
				t.Fatalf("refused %q changed the state", in)
			}
		}
		if err := conserve(s); err != nil {
			t.Fatal(err)
		}
	})
}

// "After any swap, add the swapped card to your hand; don't show it around
// any further." The move log shown by /game history must not name it.
func TestHistoryHidesTheSwappedCard(t *testing.T) {
	if got := Kind.PublicMove("swap OA1"); strings.Contains(got, "OA1") || !strings.HasPrefix(got, "swap") {
		t.Fatalf("swap shows as %q", got)
	}
	if got := Kind.PublicMove("play OA1"); got != "play oa1" {
		t.Fatalf("a played card is public: got %q", got)
	}
}
