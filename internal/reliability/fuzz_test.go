package reliability

import (
	"bytes"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
)

// The fuzz targets here cover, for every catalog game at once, what the
// per-game targets cover for one: typed moves at any point of a game, the
// options of /<game> challenge, and forged custom ids on live games. Seed
// corpora are in testdata/fuzz; the long run is in docs/reliability.md.

// FuzzApplyEveryGame plays steps random legal moves of every game from
// seed, then applies move for seat: no panic; a refused move leaves the
// state byte for byte as it was; an accepted one leaves a state that
// encodes, decodes to the same bytes and is the replay of the moves.
func FuzzApplyEveryGame(f *testing.F) {
	for _, s := range []string{"a5", "draw", "end", "keep", "swap L3", "move galley", "play OA1", "card 3 5", "hide", "search L1 S2", "", " ", "!resign", "!undo", "a1-b4++", "é", "\x00"} {
		f.Add(uint64(1), uint8(3), uint8(0), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, steps, seat uint8, move string) {
		for _, g := range catalog.Games() {
			k := g.Kind
			n := players(k)
			setup := games.Setup{Players: []string{"Ann", "Bob", "Cid", "Dee", "Eve", "Fay"}[:n], Options: mustResolve(t, k), Seed: seed}
			st, err := k.New(setup)
			if err != nil {
				t.Fatalf("%s: %v", k.Name, err)
			}
			rng := games.NewRNG(seed)
			var log []games.SeatMove
			for i := 0; i < int(steps%40) && st.Outcome() == nil; i++ {
				ps := st.Prompts()
				if len(ps) == 0 {
					break
				}
				p := ps[rng.Intn(len(ps))]
				legal := st.Legal(p.Seat)
				if len(legal) == 0 {
					break
				}
				m := legal[rng.Intn(len(legal))]
				if _, err := st.Apply(p.Seat, m); err != nil {
					t.Fatalf("%s: legal move %q refused: %v", k.Name, m, err)
				}
				log = append(log, games.SeatMove{Seat: p.Seat, Move: m})
			}
			before, _ := st.Encode()
			s := int(seat) % n
			if _, err := st.Apply(s, move); err != nil {
				if after, _ := st.Encode(); !bytes.Equal(before, after) {
					t.Fatalf("%s: refused move %q (%v) changed the state", k.Name, move, err)
				}
				continue
			}
			log = append(log, games.SeatMove{Seat: s, Move: move})
			enc, err := st.Encode()
			if err != nil {
				t.Fatalf("%s: after %q: %v", k.Name, move, err)
			}
			back, err := k.Decode(enc)
			if err != nil {
				t.Fatalf("%s: after %q the state does not decode: %v", k.Name, move, err)
			}
			if again, _ := back.Encode(); !bytes.Equal(again, enc) {
				t.Fatalf("%s: after %q the state does not round-trip", k.Name, move)
			}
			re, err := games.Replay(k, setup, log)
			if err != nil {
				t.Fatalf("%s: the log with %q does not replay: %v", k.Name, move, err)
			}
			if renc, _ := re.Encode(); !bytes.Equal(renc, enc) {
				t.Fatalf("%s: replaying the log with %q gives another state", k.Name, move)
			}
			st.Prompts()
			st.Public().Text()
			for i := 0; i < n; i++ {
				if v := st.Private(i); v != nil {
					v.Text()
				}
				st.Legal(i)
			}
		}
	})
}

var fuzzChannel atomic.Int64

// FuzzChallengeOptions sends /<game> challenge with one option set to
// anything: the answer is a game or a refusal, bounded, never a failure.
func FuzzChallengeOptions(f *testing.F) {
	for _, v := range []string{"3", "true", "0", "-1", "99999999999", "", "@everyone", "'; DROP TABLE games;--", "1e3", " 2", "２"} {
		f.Add(uint8(0), uint8(0), v)
	}
	e := newEnv(f, 1, nil)
	kinds := catalog.Games()
	f.Fuzz(func(t *testing.T, ki, oi uint8, value string) {
		k := kinds[int(ki)%len(kinds)].Kind
		name := "turn_limit"
		if len(k.Options) > 0 && int(oi)%(len(k.Options)+1) < len(k.Options) {
			name = k.Options[int(oi)%(len(k.Options)+1)].Name
		}
		ch := fmt.Sprintf("fz-%d", fuzzChannel.Add(1))
		r := e.slash(0, "u1", ch, k.Name, "challenge", "opponent=u2", "opponent2=u3", name+"="+value)
		answerOK(t, fmt.Sprintf("/%s challenge %s:%q", k.Name, name, value), r, map[string]bool{"u1": true, "u2": true, "u3": true})
		if !r.Message.Ephemeral {
			t.Fatalf("challenge answered in public: %+v", r)
		}
	})
}

// FuzzForgedClick clicks a custom id built from anything on a live game:
// it applies only when it names this game, its current version, a legal
// move of the clicker's seat; otherwise it is refused and changes nothing.
func FuzzForgedClick(f *testing.F) {
	for _, s := range []string{"m", "r", "s", "join", "accept", "vote", "zap"} {
		f.Add(s, int64(1), 2, "a5", uint8(0))
	}
	e := newEnv(f, 1, nil)
	var k *games.Kind
	for _, g := range catalog.Games() {
		if g.Kind.Name == "hijack" {
			k = g.Kind
		}
	}
	users := []string{"u1", "u2"}
	row := e.start(k, "forged", users)
	f.Fuzz(func(t *testing.T, action string, game int64, version int, arg string, who uint8) {
		before, st := e.load(k, row.ID)
		if st.Outcome() != nil {
			return
		}
		uid := []string{"u1", "u2", "u9"}[int(who)%3]
		id := fmt.Sprintf("%s:%d:%d", action, game, version)
		if arg != "" {
			id += ":" + arg
		}
		snap := e.snapshot()
		r := e.click(0, uid, "forged", id)
		answerOK(t, "click "+id, r, map[string]bool{"u1": true, "u2": true})
		if r.Kind != commands.Ack {
			if e.snapshot() != snap {
				t.Fatalf("refused click %q (%q) changed a game", id, r.Message.Content)
			}
			return
		}
		// Legal means the engine takes it from this seat in the position
		// the click was made in (any spelling the typed syntax accepts).
		seat := before.SeatOf(uid)
		legal := false
		if seat >= 0 {
			if twin, err := k.Decode(before.State); err == nil {
				_, err = twin.Apply(seat, arg)
				legal = err == nil
			}
		}
		if action != "m" || game != row.ID || version != before.Version || !legal {
			if e.snapshot() != snap {
				t.Fatalf("click %q by %s applied, but it is not a legal move of theirs at version %d", id, uid, before.Version)
			}
		}
		if strings.Contains(r.Message.Content, "went wrong") {
			t.Fatalf("click %q: %q", id, r.Message.Content)
		}
	})
}
