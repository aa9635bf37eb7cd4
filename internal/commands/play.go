package commands

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"standoff/internal/games"
	"standoff/storage"
)

// waitingFor describes who the game waits for, for refusals.
func (t *table) waitingFor() string {
	var who []string
	seen := map[int]bool{}
	for _, p := range t.waited() {
		if !seen[p.Seat] {
			seen[p.Seat] = true
			who = append(who, t.row.Seats[p.Seat].Name)
		}
	}
	if len(who) == 0 {
		return "nobody"
	}
	return strings.Join(who, " and ")
}

// notYourMove is the refusal for a seat that has nothing to do now: out of
// the game (resigned, or removed by the rules) or waiting for others.
func notYourMove(t *table, seat int) error {
	if o, ok := t.state.(games.OutOfPlay); ok && o.OutOfPlay(seat) {
		return refusef("You are out of this game, so you have no more moves; the others play on (waiting for %s).", t.waitingFor())
	}
	return refusef("It is not your move now: waiting for %s.", t.waitingFor())
}

// play applies a move by a seat, lets automated seats answer, saves each
// move as one compare-and-swap, and publishes the result. base is the
// version the move was chosen at (-1: whatever is current). The caller holds
// the game's lock. Errors from the rules come back as refusals; the notice
// is for the mover when the channel could not be updated.
func (r *Router) play(ctx context.Context, t *table, seat int, move string, base int, note string) (string, error) {
	saved, err := r.saveMove(ctx, t, seat, move, base, note)
	if err != nil {
		return "", err
	}
	return r.publishSaved(ctx, t, saved), nil
}

// publishSaved lets the bots answer what was saved and publishes it all;
// it returns publishing's notice. The caller holds the game's lock.
func (r *Router) publishSaved(ctx context.Context, t *table, saved acted) string {
	events := append(saved.events, r.runBots(ctx, t)...)
	notice := r.publish(ctx, t, events)
	if !saved.moved.IsZero() {
		r.metrics.Board(ctx, t.row.Kind, saved.moved, notice == "")
	}
	return notice
}

// saveMove checks and saves the move; the bots' replies and publishing
// are the rest of play, which a pipeline runs after answering the mover
// (still under the game's lock). A crash in between leaves the save marked
// as owing its turn message, and the clock finishes the job.
func (r *Router) saveMove(ctx context.Context, t *table, seat int, move string, base int, note string) (saved acted, err error) {
	start := time.Now()
	defer func() { r.metrics.Move(t.row.Kind, false, moveOutcome(err)) }()
	if t.row.Status != storage.Active || t.state == nil {
		return acted{}, refusef("This game is not being played (it is %s).", t.row.Status)
	}
	if base >= 0 && base != t.row.Version {
		return acted{}, errStale
	}
	if move == games.ResignMove || move == games.UndoMove {
		// Marks in the move log, not moves: a forged button must not write
		// them (an "!undo" entry would take back the move before it).
		return acted{}, refusef("That is not a move. To resign use /game resign; to take a move back, /game undo.")
	}
	if t.state.Outcome() != nil {
		return acted{}, refusef("This game is over.")
	}
	if t.row.Seats[seat].Away {
		return acted{}, refusef("The bot is playing your seat since you were replaced. Use /game rejoin to take it back (at once before the bot plays your next turn, else by a vote).")
	}
	if len(t.promptsFor(seat)) == 0 {
		return acted{}, notYourMove(t, seat)
	}
	var events []games.Event
	if note != "" {
		events = append(events, games.PublicEvent(note))
	}
	ev, err := r.commit(ctx, t, seat, move)
	if err != nil {
		return acted{}, err
	}
	events = append(events, ev...)
	return acted{saved: true, events: events, moved: start}, nil
}

// maxMoveLength is far above any move's length in every game's syntax:
// a longer text is refused without asking the engine.
const maxMoveLength = 200

// maxEcho is how much of what a player typed a refusal quotes back.
const maxEcho = 40

// quoteTyped is what a refusal quotes of a typed text: its start, so the
// reason after it is never pushed out of the message.
func quoteTyped(s string) string {
	if len(s) <= maxEcho {
		return s
	}
	return clip(s, maxEcho)
}

// shortenEcho replaces a long typed move inside an engine's refusal (quoted
// or as typed) by its start.
func shortenEcho(text, move string) string {
	if len(move) <= maxEcho {
		return text
	}
	short := quoteTyped(move)
	quoted := strconv.Quote(move)
	text = strings.ReplaceAll(text, quoted, strconv.Quote(short))
	text = strings.ReplaceAll(text, quoted[1:len(quoted)-1], short)
	text = strings.ReplaceAll(text, move, short)
	// An engine may also quote a long part of the move (what was left
	// unread): every long quotation is shortened the same way.
	return longQuote.ReplaceAllStringFunc(text, func(q string) string {
		return q[:1] + quoteTyped(q[1:len(q)-1]) + q[len(q)-1:]
	})
}

var longQuote = regexp.MustCompile(fmt.Sprintf(`"(?:[^"\\]|\\.){%d,}"|`+"`[^`]{%d,}`", maxEcho+1, maxEcho+1))

var errStale = refusal{"The position changed since that message was posted, so nothing was played. Use the newest message, or /game status to see the game now."}

// commit applies one move to the state and saves it with the move log entry.
func (r *Router) commit(ctx context.Context, t *table, seat int, move string) ([]games.Event, error) {
	t.rememberWaited()
	var events []games.Event
	var err error
	if move == games.ResignMove {
		events, err = t.state.Resign(seat)
	} else {
		events, err = t.state.Apply(seat, move)
	}
	t.changed()
	if err != nil {
		// The engine promised to leave the state alone; reload anyway so a
		// faulty engine cannot leak a half-applied move into later saves.
		if s, derr := t.game.Kind.Decode(t.row.State); derr == nil {
			t.state = s
			t.changed()
		}
		if move == games.ResignMove {
			return nil, refusal{err.Error()}
		}
		// The engine's refusal says what was wrong and what would be right;
		// the whole move syntax stays in /game rules.
		return nil, refusal{fmt.Sprintf("That move was not played: %s\n(/game rules shows every typed move.)", shortenEcho(err.Error(), move))}
	}
	enc, err := t.state.Encode()
	if err != nil {
		return nil, err
	}
	now := r.now()
	base := t.row.Version
	t.row.State = enc
	t.row.UpdatedAt = now
	t.row.TurnStartedAt = now
	t.row.RemindedAt = time.Time{}
	t.row.UnreachableAt = time.Time{} // someone acts here: try the channel again
	t.row.Results = nil
	if t.state.Outcome() != nil {
		t.row.Status = storage.Finished
		t.row.Results = r.records.resultsOf(t)
	}
	if err := r.saveOwed(ctx, t, base, &games.SeatMove{Seat: seat, Move: move}); err != nil {
		if errors.Is(err, storage.ErrConflict) {
			return nil, errStale
		}
		return nil, err
	}
	return events, nil
}

// saveOwed saves the game as the next version with a turn message owed: a
// crash between this save and publish (which records the message and
// clears the mark) leaves the clock a post to make and the bots' moves to
// play, so the table is never left with only the outdated controls, or
// waiting on a bot nobody wakes.
func (r *Router) saveOwed(ctx context.Context, t *table, base int, move *games.SeatMove) error {
	pending := t.row.PostPending
	t.row.PostPending = true
	r.clock.markWaiting(ctx, t, move)
	err := r.store.Save(ctx, t.row, base, move)
	t.row.PostPending = pending
	return err
}

// runBots lets automated seats act while the game waits only on them.
func (r *Router) runBots(ctx context.Context, t *table) []games.Event {
	var events []games.Event
	for guard := 0; guard < 500 && t.state.Outcome() == nil; guard++ {
		seat, ok := t.botToAct()
		if !ok {
			break
		}
		rng := games.NewRNG(t.row.Seed ^ uint64(t.row.Version)*0x9e3779b97f4a7c15)
		move, err := t.automatedMove(seat, rng)
		if err == nil {
			var ev []games.Event
			ev, err = r.commit(ctx, t, seat, move)
			events = append(events, ev...)
			r.metrics.Move(t.row.Kind, true, moveOutcome(err))
		}
		if err != nil {
			r.log.Error("bot could not move", "game", t.row.ID, "seat", seat, "err", err)
			break
		}
	}
	return events
}

// botToAct finds an automated seat the game waits on; none while the
// table is paused.
func (t *table) botToAct() (int, bool) {
	if t.paused() {
		return 0, false
	}
	for _, p := range t.waited() {
		if automated(t.row.Seats[p.Seat]) {
			return p.Seat, true
		}
	}
	return 0, false
}

// automatedMove chooses a move for a seat the machine plays: the game's own
// bot where it has one; otherwise, for every game alike, the default answer
// of a waited-on prompt or a random legal move. The bot sees the state
// through its own rules; the fallback only through Legal.
func (t *table) automatedMove(seat int, rng *games.RNG) (string, error) {
	k := t.game.Kind
	if k.Bot != nil {
		level := t.row.Seats[seat].BotLevel
		if level <= 0 {
			level = (k.BotLevels + 1) / 2
		}
		return k.Bot(t.state, seat, level, rng)
	}
	for _, p := range t.waited() {
		if p.Seat == seat && p.Default != "" {
			return p.Default, nil
		}
	}
	legal := t.state.Legal(seat)
	if len(legal) == 0 {
		return "", fmt.Errorf("seat %d has no legal move", seat)
	}
	return legal[rng.Intn(len(legal))], nil
}

// typedMove plays a typed move (/<game> move, or its form) on the
// channel's game, under its lock.
func (r *Router) typedMove(ctx context.Context, c *Call, t *table) (acted, error) {
	in, g := c.in, c.kind
	if t.row.Kind != g.Kind.Name {
		return acted{}, refusef("This channel's game is %s, not %s: use /%s move.", t.game.Kind.Title, g.Kind.Title, t.row.Kind)
	}
	if t.row.Status == storage.Lobby {
		return acted{}, refusef("The game has not started yet: it is waiting for players in its lobby.")
	}
	seat := t.row.SeatOf(in.User.ID)
	if seat < 0 {
		return acted{}, refusef("You are not playing in this game, so you cannot move. Players: %s.", strings.Join(t.row.Names(), ", "))
	}
	move := strings.TrimSpace(in.Options["move"])
	if move == "" || move == games.ResignMove {
		return acted{}, refusef("Type a move, for example one of those listed while you type. To resign use /game resign.\n%s", g.Kind.MoveHelp)
	}
	if len(move) > maxMoveLength {
		return acted{}, refusef("That move was not played: `%s` is %d characters long, and moves are short, such as those listed while you type. /game rules shows every typed move.", quoteTyped(move), len(move))
	}
	t.from(in)
	saved, err := r.saveMove(ctx, t, seat, move, -1, "")
	// The move is saved: the answer comes first, publishing after.
	saved.answer = ephemeral(fmt.Sprintf("Played `%s`.", move))
	return saved, err
}

// completeMove suggests the legal moves that start with what was typed.
func (r *Router) completeMove(ctx context.Context, in Interaction) []Suggestion {
	if in.Focused != "move" || in.DM {
		return nil
	}
	row, err := r.store.OpenGame(ctx, in.Channel)
	if err != nil || row.Kind != in.Command || row.Status != storage.Active {
		return nil
	}
	t, err := r.table(row)
	if err != nil {
		return nil
	}
	seat := row.SeatOf(in.User.ID)
	if seat < 0 || t.state.Outcome() != nil || len(t.promptsFor(seat)) == 0 {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(in.Options["move"]))
	moves, filter := t.state.Legal(seat), true
	if c, ok := t.state.(games.Completer); ok {
		// The game matches and orders what was typed itself.
		moves, filter = c.Complete(seat, typed), false
	}
	var out []Suggestion
	for _, m := range moves {
		if !filter || strings.HasPrefix(strings.ToLower(m), typed) {
			out = append(out, Suggestion{Name: m, Value: m})
			if len(out) == 25 {
				break
			}
		}
	}
	return out
}
