package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"standoff/internal/games"
	"standoff/storage"
)

// undoPlanned is what taking back a player's last move would mean.
type undoPlanned struct {
	move    string // the player's move
	entries int    // log entries to take back: the move and the bots' answers to it
	atOnce  bool   // still the player's own turn and nobody else acted
}

// undoPlan checks that a seat's last move may be taken back: nobody but
// automated seats moved after it, and neither it nor the bots' answers
// revealed hidden information or used the game's randomness (the platform's
// rule), nor does the game refuse it (games.UndoChecker).
func (vt *votes) undoPlan(ctx context.Context, t *table, seat int) (undoPlanned, error) {
	moves, err := vt.store.Moves(ctx, t.row.ID)
	if err != nil {
		return undoPlanned{}, err
	}
	eff := games.Effective(moves)
	mine := false
	for _, m := range eff {
		mine = mine || m.Seat == seat
	}
	if !mine {
		return undoPlanned{}, refusef("You have no move to take back.")
	}
	last := -1
	for i := len(eff) - 1; i >= 0; i-- {
		m := eff[i]
		if m.Seat == seat {
			last = i
			break
		}
		if !automated(t.row.Seats[m.Seat]) {
			return undoPlanned{}, refusef("%s has moved since your last move, so it can no longer be taken back.", t.row.Seats[m.Seat].Name)
		}
	}
	if last < 0 {
		return undoPlanned{}, refusef("You have no move to take back.")
	}
	if eff[last].Move == games.ResignMove {
		return undoPlanned{}, refusef("A resignation cannot be taken back.")
	}
	setup := t.row.Setup()
	s, err := games.Replay(t.game.Kind, setup, eff[:last])
	if err != nil {
		return undoPlanned{}, fmt.Errorf("replay game %d: %w", t.row.ID, err)
	}
	for i := last; i < len(eff); i++ {
		if err := undoable(s, eff[i]); err != nil {
			if i == last {
				return undoPlanned{}, refusef("`%s` cannot be taken back: %v.", eff[last].Move, err)
			}
			return undoPlanned{}, refusef("`%s` cannot be taken back: the answer to it, `%s`, %v.", eff[last].Move, eff[i].Move, err)
		}
	}
	plan := undoPlanned{move: eff[last].Move, entries: len(eff) - last}
	for _, p := range t.prompts() {
		plan.atOnce = plan.atOnce || (p.Seat == seat && p.Turn)
	}
	return plan, nil
}

// undoable applies one logged move to s and says why it may not be taken
// back, if it may not: a move that showed anyone something private, or
// drew on the game's randomness, cannot be unseen or rerolled.
func undoable(s games.State, m games.SeatMove) error {
	if m.Move == games.ResignMove {
		return errors.New("it is a resignation")
	}
	if c, ok := s.(games.UndoChecker); ok {
		if err := c.CanUndo(m.Seat, m.Move); err != nil {
			return err
		}
	}
	before, err := s.Encode()
	if err != nil {
		return err
	}
	events, err := s.Apply(m.Seat, m.Move)
	if err != nil {
		return fmt.Errorf("it does not replay (%v)", err)
	}
	for _, e := range events {
		if e.Seat >= 0 {
			return errors.New("it showed a player hidden information")
		}
	}
	after, err := s.Encode()
	if err != nil {
		return err
	}
	if !bytes.Equal(rngOf(before), rngOf(after)) {
		return errors.New("it used chance (dice, a draw or a shuffle)")
	}
	return nil
}

// rngOf extracts the encoded state's generator: every game keeps its
// games.RNG under the key "rng", so a move that advanced it used chance.
func rngOf(enc []byte) []byte {
	var top map[string]json.RawMessage
	if json.Unmarshal(enc, &top) != nil {
		return enc // not JSON: compare whole states, which refuses every undo
	}
	return top["rng"]
}

// undo takes back a seat's last move (and the automated answers to it) by
// appending undo entries to the log and replaying it.
func (vt *votes) undo(ctx context.Context, t *table, seat, entries int, move string) (string, error) {
	moves, err := vt.store.Moves(ctx, t.row.ID)
	if err != nil {
		return "", err
	}
	setup := t.row.Setup()
	t.rememberWaited()
	for i := 0; i < entries; i++ {
		moves = append(moves, games.SeatMove{Seat: seat, Move: games.UndoMove})
		s, err := games.Replay(t.game.Kind, setup, moves)
		if err != nil {
			return "", fmt.Errorf("replay game %d without the move: %w", t.row.ID, err)
		}
		enc, err := s.Encode()
		if err != nil {
			return "", err
		}
		base, now := t.row.Version, vt.now()
		t.row.State, t.row.UpdatedAt, t.row.TurnStartedAt = enc, now, now
		if v := t.openVotes().Vote; v == nil || !v.lasting(t) {
			t.row.Table = ""
		}
		if err := vt.saveOwed(ctx, t, base, &games.SeatMove{Seat: seat, Move: games.UndoMove}); err != nil {
			if errors.Is(err, storage.ErrConflict) {
				return "", errStale
			}
			return "", err
		}
		t.state = s
		t.changed()
	}
	note := fmt.Sprintf("%s took back `%s`.", t.row.Seats[seat].Name, t.publicMove(move))
	return vt.publish(ctx, t, []games.Event{games.PublicEvent(note)}), nil
}

// publicMove is how a move reads to the whole table: a move that names
// something hidden (the card swapped) is told the way /game history tells it.
func (t *table) publicMove(move string) string {
	if f := t.game.Kind.PublicMove; f != nil {
		return f(move)
	}
	return move
}
