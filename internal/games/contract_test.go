package games_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
)

// table is one set-up the refusal contract is checked on.
type table struct {
	name  string
	kind  *games.Kind
	names []string
	bots  []int
}

// tables are the kinds and set-ups the refusal contract is checked on: every
// kind of the catalog, at its smallest and largest table, and the solo game
// against the bot its rules name, whose moves follow other rules
// (Hijacked's against the Cybot). A game for one or two (Hunted) is thereby
// played alone and in co-op.
func tables() []table {
	names := []string{"Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"}
	gs := catalog.Games()
	slices.SortFunc(gs, func(a, b commands.Game) int { return strings.Compare(a.Kind.Name, b.Kind.Name) })
	var out []table
	for _, g := range gs {
		k := g.Kind
		for _, n := range slices.Compact([]int{k.MinPlayers, k.MaxPlayers}) {
			out = append(out, table{fmt.Sprintf("%s %d", k.Name, n), k, names[:n], nil})
		}
		if k.BotName != "" {
			out = append(out, table{k.Name + " solo", k, []string{names[0], k.BotName}, []int{0, 1}})
		}
	}
	return out
}

// setup is the table's game with its default options, from a seed.
func (tb table) setup(t *testing.T, seed uint64) games.Setup {
	t.Helper()
	opts, err := tb.kind.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	return games.Setup{Players: tb.names, Options: opts, Seed: seed, Bots: tb.bots}
}

// TestRefusedMoveChangesNothing holds every engine to the contract written
// on State.Apply: "On error the state is unchanged, the events are nil and
// the error text is fit to show the player." Along seeded random games it
// tries, in every position, moves that are likely to be refused late rather
// than at parsing: another seat's legal moves, moves that were legal a few
// positions ago, legal moves with a number or a word changed, dropped or
// added, and moves by seats that are not in the game. Each is tried on a
// decoded copy; a refused one must leave the copy's encoding byte for byte
// as it was.
func TestRefusedMoveChangesNothing(t *testing.T) {
	eachTable(t, 20, 31_000, func(t *testing.T, tb table, seeds []uint64) {
		refused := 0
		for _, seed := range seeds {
			p := &prober{kind: tb.kind, rng: games.NewRNG(seed ^ 0xbad), seats: len(tb.names)}
			if _, _, err := games.Playout(tb.kind, tb.setup(t, seed), games.NewRNG(seed), 20000, p.probe); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			refused += p.refused
		}
		// The probes must reach refusals beyond the parser for the test to
		// mean anything; every table refuses thousands.
		if refused < 100*len(seeds) {
			t.Fatalf("only %d moves refused in %d games: the probes do not reach the engine", refused, len(seeds))
		}
	})
}

// eachTable runs check on every table, in parallel, with seeds from base:
// n of them, or 2 under the race detector or -short.
func eachTable(t *testing.T, n int, base uint64, check func(t *testing.T, tb table, seeds []uint64)) {
	t.Parallel()
	if raceEnabled || testing.Short() {
		n = 2
	}
	seeds := make([]uint64, n)
	for i := range seeds {
		seeds[i] = base + uint64(i)
	}
	for _, tb := range tables() {
		t.Run(tb.name, func(t *testing.T) {
			t.Parallel()
			check(t, tb, seeds)
		})
	}
}

// prober tries likely-refused moves on copies of each position of a game.
type prober struct {
	kind    *games.Kind
	rng     *games.RNG
	seats   int
	stale   []string // legal moves of earlier positions, newest last
	refused int
}

// perPosition is how many candidate moves each position is tried with.
const perPosition = 24

func (p *prober) probe(s games.State) error {
	before, err := s.Encode()
	if err != nil {
		return err
	}
	var legal []string
	for seat := range p.seats {
		legal = append(legal, s.Legal(seat)...)
	}
	c, err := p.kind.Decode(before)
	if err != nil {
		return err
	}
	for range perPosition {
		seat, move := p.candidate(legal)
		ev, err := c.Apply(seat, move)
		if err == nil {
			// Legal after all: start again from the position.
			if c, err = p.kind.Decode(before); err != nil {
				return err
			}
			continue
		}
		p.refused++
		after, eerr := c.Encode()
		if eerr != nil {
			return eerr
		}
		if !bytes.Equal(before, after) {
			return fmt.Errorf("seat %d: refused %q (%v) changed the state", seat+1, move, err)
		}
		if ev != nil {
			return fmt.Errorf("seat %d: refused %q (%v) returned events %v", seat+1, move, err, ev)
		}
		if msg := err.Error(); !readable(msg) {
			return fmt.Errorf("seat %d: refused %q with an error a player cannot read: %q", seat+1, move, msg)
		}
	}
	p.stale = append(p.stale, legal...)
	if len(p.stale) > 400 {
		p.stale = p.stale[len(p.stale)-400:]
	}
	return nil
}

// candidate picks a seat and a move that is probably refused now.
func (p *prober) candidate(legal []string) (int, string) {
	seat := p.rng.Intn(p.seats)
	if p.rng.Intn(20) == 0 {
		seat = []int{-1, p.seats}[p.rng.Intn(2)]
	}
	pick := func(l []string) string {
		if len(l) == 0 {
			return "end"
		}
		return l[p.rng.Intn(len(l))]
	}
	switch p.rng.Intn(4) {
	case 0:
		return seat, pick(legal)
	case 1:
		return seat, pick(p.stale)
	default:
		return seat, p.mutate(pick(legal))
	}
}

// mutate changes one word of a move: a number to another, a word dropped,
// repeated or replaced.
func (p *prober) mutate(move string) string {
	w := strings.Fields(move)
	if len(w) == 0 {
		return "x"
	}
	i := p.rng.Intn(len(w))
	switch p.rng.Intn(4) {
	case 0:
		if _, err := strconv.Atoi(w[i]); err == nil {
			w[i] = strconv.Itoa([]int{0, 1, 2, 5, 9, 13, 99, -1}[p.rng.Intn(8)])
		} else {
			w[i] += "x"
		}
	case 1:
		w = append(w[:i], w[i+1:]...)
	case 2:
		w = append(w[:i+1], w[i:]...)
	default:
		w[i] = []string{"end", "keep", "pass", "none", "take", "1", "all", "red", "blue"}[p.rng.Intn(9)]
	}
	return strings.Join(w, " ")
}

// readable says whether an error text can be shown to a player: not empty,
// and not a formatting slip or a library's internal message.
func readable(msg string) bool {
	if strings.TrimSpace(msg) == "" {
		return false
	}
	for _, bad := range []string{"%!", "<nil>", "strconv.", "json:", "runtime error", "index out of range"} {
		if strings.Contains(msg, bad) {
			return false
		}
	}
	return true
}

// TestOwnMoveChangesOwnPrompts holds every engine to what the platform's
// controls rely on (commands' promptFingerprint): a move played from a
// prompt's button changes that seat's prompts or what it privately sees. A
// control is named by its prompt and the seat's private view, so that
// another seat's move elsewhere does not outdate it; if the move left both
// as they were, the button would still work and a double tap would play
// twice. Along seeded random games of every table, after each move that a
// prompt's button offers (standing actions aside: their controls are bound
// to the version), the mover may not be offered that prompt again, seeing
// the same.
func TestOwnMoveChangesOwnPrompts(t *testing.T) {
	eachTable(t, 12, 47_000, func(t *testing.T, tb table, seeds []uint64) {
		checked := 0
		for _, seed := range seeds {
			st, err := tb.kind.New(tb.setup(t, seed))
			if err != nil {
				t.Fatal(err)
			}
			rng := games.NewRNG(seed ^ 0x0a11)
			for n := 0; n < 3000 && st.Outcome() == nil; n++ {
				ps := st.Prompts()
				p := ps[rng.Intn(len(ps))]
				// Mostly a button's move, as players click; now and then
				// any legal one, as they type.
				legal := st.Legal(p.Seat)
				move := legal[rng.Intn(len(legal))]
				var buttons []string
				for _, c := range p.Choices {
					if c.Move != "" && slices.Contains(legal, c.Move) {
						buttons = append(buttons, c.Move)
					}
				}
				if len(buttons) > 0 && rng.Intn(4) > 0 {
					move = buttons[rng.Intn(len(buttons))]
				}
				clicked := clickedPrompts(st, p.Seat, move)
				if _, err := st.Apply(p.Seat, move); err != nil {
					t.Fatalf("seed %d move %d: %v", seed, n, err)
				}
				if len(clicked) == 0 {
					continue
				}
				checked++
				for _, q := range clickedPrompts(st, p.Seat, "") {
					if slices.Contains(clicked, q) {
						t.Fatalf("seed %d move %d: seat %d played %q from a button and is offered the same prompt, seeing the same: %s",
							seed, n, p.Seat, move, q)
					}
				}
			}
		}
		if checked < 2*len(seeds) {
			t.Fatalf("only %d moves were a button's in %d games: the test checks too little", checked, len(seeds))
		}
	})
}

// clickedPrompts are a seat's prompts, standing actions aside, whose
// buttons offer move (any move when move is empty), each with what the
// seat privately sees: what a control's fingerprint is made of.
func clickedPrompts(s games.State, seat int, move string) []string {
	var private string
	if v := s.Private(seat); v != nil {
		private = v.Text()
	}
	var out []string
	for _, p := range s.Prompts() {
		if p.Seat != seat || p.Standing {
			continue
		}
		if move != "" && !slices.ContainsFunc(p.Choices, func(c games.Choice) bool { return c.Move == move }) {
			continue
		}
		pj, err := json.Marshal(p)
		if err != nil {
			panic(err)
		}
		out = append(out, string(pj)+"\x00"+private)
	}
	return out
}
