package games

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestRNGIsDeterministicAndSerialisable(t *testing.T) {
	a, b := NewRNG(99), NewRNG(99)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed, different sequence")
		}
	}
	c := *a // the whole state is one number: a copy continues identically
	if a.Intn(1000) != c.Intn(1000) {
		t.Fatal("a copied generator diverged")
	}
	if NewRNG(1).Uint64() == NewRNG(2).Uint64() {
		t.Fatal("different seeds should differ")
	}
}

func TestIntnRollShufflePick(t *testing.T) {
	r := NewRNG(5)
	seen := make([]int, 6)
	for i := 0; i < 6000; i++ {
		v := r.Intn(6)
		if v < 0 || v >= 6 {
			t.Fatalf("Intn(6) = %d", v)
		}
		seen[v]++
	}
	for face, n := range seen {
		if n < 800 || n > 1200 {
			t.Fatalf("face %d came up %d times in 6000: not uniform", face, n)
		}
	}
	for _, d := range r.Roll(50, 6) {
		if d < 1 || d > 6 {
			t.Fatalf("die shows %d", d)
		}
	}
	s := []int{1, 2, 3, 4, 5, 6, 7, 8}
	Shuffle(r, s)
	sum := 0
	for _, v := range s {
		sum += v
	}
	if sum != 36 || len(s) != 8 {
		t.Fatalf("shuffle lost cards: %v", s)
	}
	orig := []string{"a", "b", "c", "d"}
	p := Pick(r, orig, 3)
	if len(p) != 3 || strings.Join(orig, "") != "abcd" || p[0] == p[1] || p[1] == p[2] || p[0] == p[2] {
		t.Fatalf("Pick = %v from %v", p, orig)
	}
	if len(Pick(r, orig, 9)) != 4 {
		t.Fatal("Pick of more than there are returns all")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("Intn(0) must panic: it is a programming error")
		}
	}()
	r.Intn(0)
}

func TestPileDrawsFromTheTop(t *testing.T) {
	p := Pile[string]{"bottom", "top"}
	if c, ok := p.Draw(); !ok || c != "top" || p.Len() != 1 {
		t.Fatalf("drew %q", c)
	}
	p.Draw()
	if _, ok := p.Draw(); ok {
		t.Fatal("drew from an empty pile")
	}
}

var testKind = &Kind{Name: "k", Title: "Kay", MinPlayers: 2, MaxPlayers: 4, Options: []OptionSpec{
	{Name: "size", Kind: OptionInt, Default: 3, Min: 2, Max: 6},
	{Name: "fast", Kind: OptionBool},
}}

func TestResolveFillsDefaultsAndRefusesBadOptions(t *testing.T) {
	o, err := testKind.Resolve(Options{"fast": 1})
	if err != nil || o["size"] != 3 || o["fast"] != 1 {
		t.Fatalf("Resolve = %v, %v", o, err)
	}
	for _, bad := range []Options{{"size": 7}, {"size": 1}, {"fast": 2}, {"colour": 1}} {
		if _, err := testKind.Resolve(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := testKind.Resolve(Options{"colour": 1}); err == nil || !strings.Contains(err.Error(), "size, fast") {
		t.Errorf("an unknown option should list the real ones: %v", err)
	}
	if testKind.CheckPlayers(1) == nil || testKind.CheckPlayers(5) == nil || testKind.CheckPlayers(3) != nil {
		t.Fatal("CheckPlayers bounds")
	}
}

func TestOutcomeWinners(t *testing.T) {
	o := &Outcome{Rank: []int{2, 1, 1}}
	if w := o.Winners(); len(w) != 2 || w[0] != 1 || w[1] != 2 {
		t.Fatalf("winners %v", w)
	}
}

type schemaOnly struct{ Schema int }

func TestDecodeJSONChecksTheSchema(t *testing.T) {
	of := func(s *schemaOnly) int { return s.Schema }
	if _, err := DecodeJSON([]byte(`{"Schema":2}`), 1, of); !errors.Is(err, ErrSchema) {
		t.Fatalf("wrong schema: %v", err)
	}
	if v, err := DecodeJSON([]byte(`{"Schema":1}`), 1, of); err != nil || v.Schema != 1 {
		t.Fatal(err)
	}
	if _, err := DecodeJSON([]byte(`{`), 1, of); err == nil {
		t.Fatal("broken JSON accepted")
	}
}

func TestEffectiveLogDropsUndoneMoves(t *testing.T) {
	log := []SeatMove{{0, "a"}, {1, "b"}, {1, UndoMove}, {1, "c"}, {0, "d"}, {0, UndoMove}, {1, UndoMove}, {0, "e"}}
	got := Effective(log)
	want := []SeatMove{{0, "a"}, {0, "e"}}
	if len(got) != len(want) {
		t.Fatalf("effective %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("effective %v, want %v", got, want)
		}
	}
	if got := Effective([]SeatMove{{0, UndoMove}}); len(got) != 0 {
		t.Fatalf("undo of nothing: %v", got)
	}
}

// tally is the smallest State: a count that a move adds to, refusing a sum
// over ten only after it has added (as an engine that finds a move wrong
// deep in its effects would).
type tally struct{ N, Moves int }

func (t *tally) Apply(seat int, move string) ([]Event, error) {
	return OnCopy(t, decodeTally, func(c *tally) ([]Event, error) {
		c.Moves++
		c.N += len(move)
		if c.N > 10 {
			return nil, fmt.Errorf("%q would take the count over ten", move)
		}
		return []Event{PublicEvent(move)}, nil
	})
}
func (t *tally) Resign(int) ([]Event, error) { return nil, nil }
func (t *tally) Prompts() []Prompt           { return nil }
func (t *tally) Legal(int) []string          { return nil }
func (t *tally) Public() View                { return nil }
func (t *tally) Private(int) View            { return nil }
func (t *tally) Outcome() *Outcome           { return nil }
func (t *tally) Encode() ([]byte, error)     { return json.Marshal(t) }
func decodeTally(b []byte) (State, error) {
	var t tally
	err := json.Unmarshal(b, &t)
	return &t, err
}

func TestOnCopyKeepsOnlyASucceededMove(t *testing.T) {
	s := &tally{}
	if ev, err := s.Apply(0, "abcd"); err != nil || len(ev) != 1 || *s != (tally{N: 4, Moves: 1}) {
		t.Fatalf("accepted move: %v, %v, state %+v", ev, err, *s)
	}
	ev, err := s.Apply(0, "abcdefgh")
	if err == nil || ev != nil || *s != (tally{N: 4, Moves: 1}) {
		t.Fatalf("refused move: %v, %v, state %+v", ev, err, *s)
	}
}

func TestNextSeatSkipsSeatsOutOfPlay(t *testing.T) {
	out := map[int]bool{1: true, 3: true}
	in := func(s int) bool { return !out[s] }
	for _, c := range []struct{ from, dir, want int }{{0, 1, 2}, {2, 1, 4}, {4, 1, 0}, {0, -1, 4}, {2, -1, 0}, {1, 1, 2}} {
		if got := NextSeat(5, c.from, c.dir, in); got != c.want {
			t.Errorf("NextSeat(5, %d, %d) = %d, want %d", c.from, c.dir, got, c.want)
		}
	}
	if got := NextSeat(3, 1, 1, func(s int) bool { return s == 1 }); got != 1 {
		t.Errorf("the only seat in play gets %d, not itself", got)
	}
}

func TestSayKeepsTheRecentEvents(t *testing.T) {
	var ev []Event
	var recent []string
	for i := range RecentEvents + 3 {
		Say(&ev, &recent, fmt.Sprint(i))
	}
	Say(nil, &recent, "setup")
	Tell(&ev, 2, "secret")
	if len(ev) != RecentEvents+4 || ev[0] != PublicEvent("0") || ev[len(ev)-1] != PrivateEvent(2, "secret") {
		t.Fatalf("events %v", ev)
	}
	if len(recent) != RecentEvents || recent[0] != "4" || recent[RecentEvents-1] != "setup" {
		t.Fatalf("recent %v", recent)
	}
}

func TestSquashFoldsTypedNames(t *testing.T) {
	for _, typed := range []string{"Gold Watch", "gold-watch", " GOLDWATCH ", "gold_watch!"} {
		if got := Squash(typed); got != "goldwatch" {
			t.Errorf("Squash(%q) = %q", typed, got)
		}
	}
	if got := Squash("Bridge 2"); got != "bridge2" {
		t.Errorf("digits are kept: %q", got)
	}
}
