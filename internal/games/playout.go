package games

import (
	"bytes"
	"fmt"
)

// Playout plays one game from setup by choosing uniformly among the legal
// moves of a random seat that has a prompt, until the game ends or maxMoves
// is reached. After every move it checks the contract every engine owes the
// platform: the state round-trips through Encode/Decode byte for byte, a
// refused move leaves it unchanged, and check (the game's own invariants)
// holds. It returns the final state and the moves played, so tests can
// replay them.
func Playout(k *Kind, setup Setup, rng *RNG, maxMoves int, check func(State) error) (State, []SeatMove, error) {
	s, err := k.New(setup)
	if err != nil {
		return nil, nil, err
	}
	var log []SeatMove
	for n := 0; n < maxMoves; n++ {
		if s.Outcome() != nil {
			return s, log, nil
		}
		prompts := s.Prompts()
		if len(prompts) == 0 {
			return s, log, fmt.Errorf("move %d: game not over but nobody may act", n)
		}
		p := prompts[rng.Intn(len(prompts))]
		legal := s.Legal(p.Seat)
		if len(legal) == 0 {
			return s, log, fmt.Errorf("move %d: seat %d is prompted but has no legal move", n, p.Seat)
		}
		before, err := s.Encode()
		if err != nil {
			return s, log, err
		}
		if _, err := s.Apply(p.Seat, "\x00not a move"); err == nil {
			return s, log, fmt.Errorf("move %d: nonsense move accepted", n)
		}
		if after, _ := s.Encode(); !bytes.Equal(before, after) {
			return s, log, fmt.Errorf("move %d: refused move changed the state", n)
		}
		m := legal[rng.Intn(len(legal))]
		if _, err := s.Apply(p.Seat, m); err != nil {
			return s, log, fmt.Errorf("move %d: legal move %q by seat %d refused: %v", n, m, p.Seat, err)
		}
		log = append(log, SeatMove{Seat: p.Seat, Move: m})
		enc, err := s.Encode()
		if err != nil {
			return s, log, err
		}
		back, err := k.Decode(enc)
		if err != nil {
			return s, log, fmt.Errorf("move %d: decode: %v", n, err)
		}
		if enc2, _ := back.Encode(); !bytes.Equal(enc, enc2) {
			return s, log, fmt.Errorf("move %d: state does not round-trip", n)
		}
		if check != nil {
			if err := check(s); err != nil {
				return s, log, fmt.Errorf("move %d (%q by seat %d): %v", n, m, p.Seat, err)
			}
		}
	}
	if s.Outcome() != nil {
		return s, log, nil
	}
	return s, log, fmt.Errorf("game did not end within %d moves", maxMoves)
}

// SeatMove is one entry of a move log.
type SeatMove struct {
	Seat int    `json:"seat"`
	Move string `json:"move"`
}

// Replay rebuilds a state from its setup and move log. A "resign" entry
// replays State.Resign; an "undo" entry takes back the move before it.
func Replay(k *Kind, setup Setup, log []SeatMove) (State, error) {
	s, err := k.New(setup)
	if err != nil {
		return nil, err
	}
	for i, m := range Effective(log) {
		if err := ApplyLogged(s, m); err != nil {
			return nil, fmt.Errorf("move %d (%q by seat %d): %w", i+1, m.Move, m.Seat, err)
		}
	}
	return s, nil
}

// ResignMove is how a resignation is written in a move log.
const ResignMove = "!resign"

// UndoMove is how a move taken back is written in a move log: the log stays
// append-only, and the entry cancels the newest move not already cancelled.
const UndoMove = "!undo"

// Effective is the move log as played: every UndoMove entry removes the
// newest move still standing before it.
func Effective(log []SeatMove) []SeatMove {
	out := make([]SeatMove, 0, len(log))
	for _, m := range log {
		if m.Move == UndoMove {
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
			continue
		}
		out = append(out, m)
	}
	return out
}

// ApplyLogged applies a move log entry, treating ResignMove as Resign.
func ApplyLogged(s State, m SeatMove) error {
	var err error
	if m.Move == ResignMove {
		_, err = s.Resign(m.Seat)
	} else {
		_, err = s.Apply(m.Seat, m.Move)
	}
	return err
}

// Try plays a move on a copy of s (made through its encoding, read back by
// decode), leaving s alone: for a game that must know what a move would do
// before it allows something, such as taking it back. It takes the game's
// decode rather than its Kind so that what the Kind itself refers to (its
// bot) may use it.
func Try(decode func([]byte) (State, error), s State, seat int, move string) (State, error) {
	enc, err := s.Encode()
	if err != nil {
		return nil, err
	}
	c, err := decode(enc)
	if err != nil {
		return nil, err
	}
	if _, err := c.Apply(seat, move); err != nil {
		return nil, err
	}
	return c, nil
}

// Playouts plays count seeded games for the players with Playout (seed
// len(players)*1,000,000+i, moves chosen with a generator of its own), and
// replays every tenth from its log to check that it ends in the same state.
func Playouts(k *Kind, players []string, options Options, count, maxMoves int, check func(State) error) error {
	n := len(players)
	for i := range count {
		seed := uint64(n*1_000_000 + i)
		setup := Setup{Players: players, Options: options, Seed: seed}
		st, log, err := Playout(k, setup, NewRNG(seed^0x5eed), maxMoves, check)
		if err != nil {
			return fmt.Errorf("%d players seed %d: %w", n, seed, err)
		}
		if i%10 != 0 {
			continue
		}
		back, err := Replay(k, setup, log)
		if err != nil {
			return fmt.Errorf("%d players seed %d: replay: %w", n, seed, err)
		}
		a, _ := st.Encode()
		b, _ := back.Encode()
		if !bytes.Equal(a, b) {
			return fmt.Errorf("%d players seed %d: replay differs", n, seed)
		}
	}
	return nil
}
