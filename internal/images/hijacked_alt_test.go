package images

import (
	"encoding/json"
	"fmt"
	"image"
	"strings"
	"testing"
	"unicode/utf16"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// The alt text fits Discord's attachment description (1024 characters,
// counted as UTF-16 as Discord's clients do) for every view of seeded games
// of every player count, public and private, and the rare tables; it starts
// with the game and says whose turn it is and everyone's score.
func TestHijackedAltFitsAndSays(t *testing.T) {
	views := hijackedPlayoutViews(t, 3, 11)
	for name, v := range hijackedOddViews(t) {
		views[name] = v
	}
	longest := 0
	for name, v := range views {
		alt := HijackedAlt(v)
		n := len(utf16.Encode([]rune(alt)))
		longest = max(longest, n)
		if n > 1024 || n == 0 {
			t.Errorf("%s: %d characters: %q", name, n, alt)
		}
		switch v := v.(type) {
		case *hijacked.PublicView:
			want := []string{"Hijacked", fmt.Sprintf("round %d", v.Round)}
			if !v.Over {
				want = append(want, v.Players[v.Turn].Name+"'s turn: "+v.Waiting, fmt.Sprintf("trust %d%%", v.Trust))
			} else {
				want = append(want, "game over", v.Result)
			}
			for _, p := range v.Players {
				score := p.Score
				if p.FinalScore != nil {
					score = p.FinalScore.Total
				}
				want = append(want, fmt.Sprintf("%s %d", p.Name, score))
			}
			for _, w := range want {
				if !strings.Contains(alt, w) {
					t.Errorf("%s: the alt text does not say %q: %q", name, w, alt)
				}
			}
		case *hijacked.PrivateView:
			for _, m := range v.Medals {
				if w := fmt.Sprintf("medal %d, %s: %s", m.Number, m.Objective, count(m.Value, "point")); !strings.Contains(alt, w) {
					t.Errorf("%s: the alt text does not say %q: %q", name, w, alt)
				}
			}
		}
	}
	t.Logf("%d views, the longest alt text %d characters", len(views), longest)
	if HijackedAlt(nil) != "" {
		t.Error("a nil view has an alt text")
	}
}

// The public view's alt text holds nothing hidden: along seeded games, the
// value of every medal held face down is changed on a copy of the game,
// and the public alt text (and the public turn picture and full board) is
// the same for both. Only the holder's private alt text names the value.
func TestHijackedAltHidesMedalValues(t *testing.T) {
	checked, count, enough := 0, uint64(40), 20
	if hijackedRace {
		count, enough = 6, 3
	}
	for g := uint64(1); g <= count; g++ {
		players := 2 + int(g%3)
		names := []string{"Alice", "Bob", "Carol", "Dave"}[:players]
		s, err := hijacked.Kind.New(games.Setup{Players: names, Seed: 500 + g})
		if err != nil {
			t.Fatal(err)
		}
		rng := games.NewRNG(g)
		for move := 0; move < 3000 && s.Outcome() == nil; move++ {
			if hijackedHeldMedal(s.Public().(*hijacked.PublicView)) {
				twin := hijackedMedalTwin(t, s)
				checked++
				hijackedSamePublic(t, fmt.Sprintf("game %d move %d", g, move), s, twin, checked%4 == 1)
			}
			randomMove(t, s, rng)
		}
	}
	t.Logf("%d positions with a medal held face down", checked)
	if checked < enough {
		t.Errorf("only %d positions with a medal held face down", checked)
	}
}

func hijackedHeldMedal(v *hijacked.PublicView) bool {
	for _, m := range v.Medals {
		if m.State == "held" {
			return true
		}
	}
	return false
}

// hijackedMedalTwin is a copy of the game in which every medal held face down is
// worth another value.
func hijackedMedalTwin(t *testing.T, s games.State) games.State {
	enc, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(enc, &raw); err != nil {
		t.Fatal(err)
	}
	medals, _ := raw["medals"].([]any)
	for _, m := range medals {
		m := m.(map[string]any)
		if m["state"] == "held" {
			m["value"] = map[float64]float64{2: 3, 3: 5, 5: 2}[m["value"].(float64)]
		}
	}
	enc, _ = json.Marshal(raw)
	twin, err := hijacked.Kind.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	return twin
}

// hijackedSamePublic checks that the alt text (and with pictures, the turn
// picture and the full board) of two games' public views are the same, and
// that the private alt text of a medal's holder differs (the twin's values
// are other).
func hijackedSamePublic(t *testing.T, where string, a, b games.State, pictures bool) {
	if x, y := HijackedAlt(a.Public()), HijackedAlt(b.Public()); x != y {
		t.Fatalf("%s: the public alt text depends on held medals' values:\n%s\n%s", where, x, y)
	}
	for kind, draw := range map[string]func(games.View) ([]byte, error){"turn picture": hijackedDigestOf(Hijacked), "full board": hijackedDigestOf(HijackedFull)} {
		if !pictures {
			break
		}
		x, err := draw(a.Public())
		if err != nil {
			t.Fatal(err)
		}
		y, _ := draw(b.Public())
		if string(x) != string(y) {
			t.Fatalf("%s: the public %s depends on held medals' values", where, kind)
		}
	}
	differs := false
	for seat := range a.Public().(*hijacked.PublicView).Players {
		if pa := a.Private(seat); pa != nil && HijackedAlt(pa) != HijackedAlt(b.Private(seat)) {
			differs = true
		}
	}
	if !differs {
		t.Fatalf("%s: no holder's private alt text names the medal's value", where)
	}
}

// hijackedDigestOf is a renderer whose picture is told by its digest.
func hijackedDigestOf(draw func(games.View) (image.Image, error)) func(games.View) ([]byte, error) {
	return func(v games.View) ([]byte, error) {
		img, err := draw(v)
		if err != nil {
			return nil, err
		}
		d := hijackedDigest(img)
		Release(img)
		return []byte(d), nil
	}
}
