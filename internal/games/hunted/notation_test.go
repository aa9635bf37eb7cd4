package hunted

import (
	"strings"
	"testing"
)

// TestParseMove checks the typed syntax and its readable errors.
func TestParseMove(t *testing.T) {
	good := map[string]string{
		"draw":                        "draw",
		"  Activate D03 with I01 I05": "activate d03 i01 i05",
		"a d10 key":                   "activate d10 key",
		"fight 2 HG1":                 "fight 2 hg1",
		"fight hands 2":               "fight hands 2",
		"reroll CH 1,3":               "reroll ch 1 3",
		"go break room":               "go break room",
		"take none":                   "take none",
		"use I01 HG1":                 "use i01 hg1",
		"watch T14 E01":               "watch t14 e01",
	}
	for in, want := range good {
		c, err := parseMove(in)
		if err != nil || c.String() != want {
			t.Fatalf("%q: %v, %q", in, err, c.String())
		}
	}
	bad := map[string]string{
		"":               "empty move",
		"dance":          "unknown move",
		"draw 2":         "takes nothing",
		"fight HG1":      "number of dice",
		"fight 2":        "number of dice",
		"regroup x":      "die number",
		"reroll CH":      "die numbers",
		"reroll CH 1 x":  "not a die number",
		"activate":       "name the card",
		"use":            "needs a card",
		"fight hands x":  "player number",
		"watch a b c":    "card to discard",
		"go":             "needs one card",
		"grenade I04 I5": "grenade card",
	}
	for in, want := range bad {
		if _, err := parseMove(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("%q: %v, want %q", in, err, want)
		}
	}
}

// FuzzApply: no typed text panics the engine or changes a refused state.
func FuzzApply(f *testing.F) {
	for _, m := range []string{"draw", "hide", "activate D03 with I01 I04", "fight 2 HG1", "fight hands 2", "reroll CH 1 2",
		"regroup 1", "use I01 HG1", "watch a b", "go L05", "take none", "share x", "give HG1", "end", "keep", "a d10 key key"} {
		f.Add(m, uint64(1), uint8(3))
	}
	f.Fuzz(func(t *testing.T, move string, seed uint64, steps uint8) {
		s := newTest(t, seed%1000, nil)
		// Walk a few legal moves first so the fuzzed text meets other phases.
		for i := 0; i < int(steps%12) && s.Outcome() == nil; i++ {
			legal := s.Legal(s.Turn)
			if _, err := s.Apply(s.Turn, legal[int(seed+uint64(i))%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
		before, _ := s.Encode()
		if _, err := s.Apply(s.Turn, move); err != nil {
			if after, _ := s.Encode(); string(after) != string(before) {
				t.Fatalf("refused %q changed the state", move)
			}
			return
		}
		if err := conserve(s); err != nil {
			t.Fatalf("%q: %v", move, err)
		}
	})
}
