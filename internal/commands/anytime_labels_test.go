package commands

import (
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
	"standoff/storage"
)

// newHijackedHarness is a harness whose router hosts Hijacked (without
// pictures) and whose games start from seed.
func newHijackedHarness(t *testing.T, seed uint64) *harness {
	h := newHarness(t)
	h.seeds = games.NewRNG(seed)
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{{Kind: hijacked.Kind}}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	return h
}

// startHijacked makes alice challenge the others, who accept.
func (h *harness) startHijacked(others ...string) {
	h.t.Helper()
	opts := []string{}
	for i, u := range others {
		opts = append(opts, opponentOption(i+1)+"="+u)
	}
	mustEphemeral(h.t, h.cmd("alice", "hijacked", "challenge", opts...), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	for _, u := range others {
		h.click(u, lobby, "Accept")
	}
	if h.game().Status != storage.Active {
		h.t.Fatal("game did not start after the challenge was accepted")
	}
}

// controlLabels lists a message's button labels and select option labels,
// per control (buttons) and per menu.
func duplicateLabel(m Message) (string, bool) {
	seen := map[string]bool{}
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if seen[b.Label] {
				return b.Label, true
			}
			seen[b.Label] = true
		}
		if row.Select != nil {
			for _, o := range row.Select.Options {
				if seen[o.Label] {
					return o.Label, true
				}
				seen[o.Label] = true
			}
		}
	}
	return "", false
}

// The any-time buttons under a Hijacked turn message are told apart by
// their labels alone: no two controls of a message read the same, and a
// button labelled with a player's name works when that player presses it.
// Random 2- and 3-player games, each player pressing the any-time buttons
// that name them now and then.
func TestHijackedAnyTimeButtonsNameTheirPlayer(t *testing.T) {
	users := []string{"alice", "bob", "carol"}
	for _, n := range []int{2, 3} {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprintf("%dp-seed%d", n, seed), func(t *testing.T) {
				h := newHijackedHarness(t, seed)
				h.startHijacked(users[1:n]...)
				rng := games.NewRNG(seed * 7919)
				pressed := 0
				for step := 0; step < 400 && h.game().Status == storage.Active; step++ {
					h.r.Wait()
					for _, m := range h.rec.msgs {
						if l, dup := duplicateLabel(m.m); dup {
							t.Fatalf("step %d: message %s has two controls labelled %q: %+v", step, m.id, l, m.m.Rows)
						}
					}
					g := h.game()
					turn := h.turn()
					// Any-time buttons: those labelled "name: …".
					type press struct{ user, id, label string }
					var presses []press
					for _, row := range turn.m.Rows {
						for _, b := range row.Buttons {
							who, _, ok := strings.Cut(b.Label, ": ")
							if !ok {
								continue
							}
							for i, s := range g.Seats {
								if s.Name == who {
									presses = append(presses, press{users[i], b.CustomID, b.Label})
								}
							}
							if len(presses) == 0 && strings.Contains(who, ", ") {
								t.Fatalf("step %d: button %q names several players", step, b.Label)
							}
						}
					}
					if len(presses) > 0 && rng.Intn(3) == 0 {
						p := presses[rng.Intn(len(presses))]
						r := h.clickID(p.user, turn, p.id)
						if r.Kind == Reply && r.Message.Ephemeral {
							t.Fatalf("step %d: %s pressing %q was refused: %q", step, p.user, p.label, shown(r.Message))
						}
						pressed++
						continue
					}
					// Otherwise the player on turn plays a legal move.
					st := h.state(g)
					played := false
					for _, p := range st.Prompts() {
						if !p.Turn {
							continue
						}
						legal := st.Legal(p.Seat)
						if len(legal) == 0 {
							continue
						}
						mv := legal[rng.Intn(len(legal))]
						if rng.Intn(2) == 0 {
							mv = legal[0]
						}
						r := h.cmd(users[p.Seat], "hijacked", "move", "move="+mv)
						if r.Kind == Reply && strings.Contains(shown(r.Message), "not") && !strings.Contains(shown(r.Message), "Played") {
							t.Logf("move %q: %q", mv, shown(r.Message))
						}
						played = true
						break
					}
					if !played {
						break
					}
				}
				t.Logf("%d any-time buttons pressed, game %s at version %d", pressed, h.game().Status, h.game().Version)
			})
		}
	}
}

// state decodes a stored Hijacked game.
func (h *harness) state(g *storage.Game) games.State {
	h.t.Helper()
	st, err := hijacked.Kind.Decode(g.State)
	if err != nil {
		h.t.Fatal(err)
	}
	return st
}
