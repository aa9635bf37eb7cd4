// Package games is the contract every Standoff game meets, and the helpers
// all games share (seeded RNG, shuffles, piles, options, the playout and
// replay harness). Nothing here knows about Discord, images or SQL: a game is
// a state that accepts typed moves from seats, says who may act next, and
// describes itself through public and private views. The list of hosted
// kinds is internal/catalog, which pairs each kind with its renderer.
package games

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Kind describes one game the bot can host.
type Kind struct {
	Name       string // command name and stored kind, e.g. "hijack"
	Title      string // display name, e.g. "Hijack"
	Summary    string // one line for help and command descriptions (<= 100 chars)
	MinPlayers int
	MaxPlayers int
	Options    []OptionSpec
	// Rules is the rules text shown by /game rules (plain text): a short
	// overview, then parts that each fit one Discord message, which the
	// rules menu offers one at a time (see commands/rules_menu.go).
	Rules string
	// MoveHelp explains the typed move syntax (shown on a malformed move).
	MoveHelp string
	// New creates a game for the given seats; it validates the options.
	New func(Setup) (State, error)
	// Decode restores a state written by State.Encode.
	Decode func([]byte) (State, error)
	// Bot, when set, chooses a move for an automated seat. It sees the state
	// only through what its rules allow; rng is the caller's, so the state's
	// own randomness is not consumed by deliberation.
	Bot func(s State, seat int, level int, rng *RNG) (string, error)
	// BotLevels is the highest bot level (1..BotLevels); 0 when Bot is nil.
	BotLevels int
	// OptionText, when set, says how a table of this many players is set
	// up with these options, where the options alone would mislead (Hunted's
	// co-op players start with 4 health each whatever health says). Nil:
	// each option is listed with its value.
	OptionText func(players int, o Options) string
	// BotName is what the rules call the kind's bot, when they name it
	// (Hijacked's solo opponent is the Cybot): its seat is called that at
	// the start, in rankings and in refusals. Empty: the bot's own name.
	BotName string
	// PublicMove says how a logged move reads to the whole table (for
	// /game history) in games where a move can name hidden things, such as
	// the card swapped. Nil means every move is public as typed.
	PublicMove func(move string) string
	// Daily, when set, gives the kind a daily run (/<kind> daily): one
	// player alone (against the kind's bot when it needs more seats),
	// played with these options, the same run for everyone on a day. Nil:
	// the kind has no daily run.
	Daily Options
}

// OptionKind is how an option is typed on Discord.
type OptionKind int

const (
	OptionInt OptionKind = iota
	OptionBool
)

// OptionSpec is one house-rule or setup option of a kind.
type OptionSpec struct {
	Name        string // e.g. "size"; lower case, no spaces
	Description string // <= 100 chars
	Kind        OptionKind
	Default     int // bools: 0 or 1
	Min, Max    int // ints only
}

// Options maps option names to values; bools are 0 or 1.
type Options map[string]int

// Setup is everything a new game is made from.
type Setup struct {
	Players []string // display names in seat order
	Options Options  // already completed with defaults by Kind.Resolve
	Seed    uint64
	// Bots gives the bot level of each seat the game's own bot plays from
	// the start (0 for a person); nil when every seat is a person. Games
	// whose bot follows other rules than a player (Hijacked's Cybot) read it.
	Bots []int
}

// State is one game in progress. Implementations are plain values that
// round-trip through Encode and Kind.Decode.
type State interface {
	// Apply plays a typed move for a seat. A refused move (any error) is
	// promised to:
	//   - leave the state as it was: Encode gives the same bytes, and none
	//     of the state's randomness is consumed;
	//   - return nil events;
	//   - say in the error, in words fit to show the player, what is wrong
	//     and what would be right.
	// Callers rely on it: bots and Try probe moves on a state they go on
	// using, and a refusal is shown as is. Each engine keeps it in one of
	// two ways. Hijack and Hijacked check the whole move first and then
	// execute it with functions that cannot fail (the types keep the two
	// apart); Locked Out checks at the top of each move's function, before
	// its first change. Hunted, whose moves are found wrong deep inside
	// chains of effects, plays on a copy with OnCopy. A new engine uses
	// OnCopy unless its checks can all come first. TestRefusedMoveChangesNothing
	// holds every kind to the promise.
	Apply(seat int, move string) ([]Event, error)
	// Resign removes a seat from the game (the game may end or go on).
	Resign(seat int) ([]Event, error)
	// Prompts says who may act now and with what choices. Empty when over.
	Prompts() []Prompt
	// Legal lists every complete move the seat may type now, best first
	// where the game has an opinion. Used for autocomplete, bots and playouts.
	Legal(seat int) []string
	// Public is what the whole table sees.
	Public() View
	// Private is what only the seat sees; nil when the game has no secrets.
	Private(seat int) View
	// Outcome is nil while the game runs.
	Outcome() *Outcome
	// Encode serialises the state (including its RNG and schema version).
	Encode() ([]byte, error)
}

// Refiner is implemented by games whose prompts offer a guided path: a
// choice with Refine set opens further choices instead of playing a move.
type Refiner interface {
	Refine(seat int, key string) (text string, choices []Choice)
}

// Completer is implemented by games whose autocomplete needs more than
// Legal filtered by prefix: moves with several spellings, or an order that
// depends on what was typed. Complete lists the legal moves typed could be
// the start of, each once, most likely first; the caller shows the first 25.
type Completer interface {
	Complete(seat int, typed string) []string
}

// TurnCounter is implemented by games in which the same person acts turn
// after turn (a solo run, a game against an automaton): the count moves on
// when a new turn begins, so the platform starts a new turn message then,
// and not only when someone else must act.
type TurnCounter interface {
	TurnCount() int
}

// Marker is implemented by games whose daily run can say, in one symbol,
// how a seat's turn went (health lost, points gained) without naming a
// card: the line of symbols shared when a daily run ends. prev is the
// state as the turn began, of the same game.
type Marker interface {
	Mark(prev State, seat int) string
}

// UndoChecker is implemented by games that refuse to take back more moves
// than the platform's own rule does (a move that revealed hidden
// information or used the game's randomness is never taken back). It is
// asked on the state as it was before the move.
type UndoChecker interface {
	CanUndo(seat int, move string) error
}

// OutOfPlay is implemented by games in which a seat can leave play before
// the game ends (a resignation, Hijack's removal at one marker): it says
// whether the seat has, so a move of theirs is refused as from someone out
// of the game, not as one made out of turn.
type OutOfPlay interface {
	OutOfPlay(seat int) bool
}

// View is a rendering-independent description. Renderers type-assert it to
// the game's own view struct; Text is the plain-text rendering.
type View interface {
	Text() string
}

// AutomatedSeats is a view that can show which seats the bot plays now. A
// seat the table handed to the bot (a vote, a turn limit) keeps its
// player's name in the engine's state, which never learns of it; the
// table marks such seats on each view before it is drawn or described.
type AutomatedSeats interface {
	MarkAutomated(seat int)
}

// Event narrates what happened. Seat -1 is public; otherwise only that seat
// may see it (it goes to their DM).
type Event struct {
	Seat int    `json:"seat"`
	Text string `json:"text"`
}

// PublicEvent is a shorthand for narration the whole table sees.
func PublicEvent(text string) Event { return Event{Seat: -1, Text: text} }

// PrivateEvent is narration for one seat only.
func PrivateEvent(seat int, text string) Event { return Event{Seat: seat, Text: text} }

// Prompt is one seat's current opportunity to act.
type Prompt struct {
	Seat int    `json:"seat"`
	Text string `json:"text"` // what is asked, e.g. "Swap the drawn card?"
	// Private prompts carry hidden information: shown by DM or ephemerally,
	// never in the channel.
	Private bool     `json:"private,omitempty"`
	Choices []Choice `json:"choices,omitempty"`
	// Default is the move applied for the seat when it stays idle past the
	// configured answer time; empty when the game must wait.
	Default string `json:"default,omitempty"`
	// Turn marks the prompt of the player on turn (as opposed to a reaction
	// asked of someone else, or a standing any-time action).
	Turn bool `json:"turn,omitempty"`
	// Standing marks an action a seat may take at any moment (Hijacked:
	// cash a demand, free a passenger). The game never waits for it: such
	// a prompt does not make the table wait, remind or automate the seat.
	Standing bool `json:"standing,omitempty"`
}

// Choice is one button or select option. Exactly one of Move and Refine is set.
type Choice struct {
	Label  string `json:"label"`
	Move   string `json:"move,omitempty"`
	Refine string `json:"refine,omitempty"`
}

// Outcome is the end of a game.
//
// Rank alone cannot say whether two seats ranked first won together or
// drew, nor that a table lost to the game itself, so End says how the game
// ended for the table and ResultOf reads each seat's result from both:
//
//   - EndRanked (the zero value): the seats ranked 1 won; several of them
//     share the win. Every other seat lost.
//   - EndShared: the seats ranked 1 won together (a co-operative victory, a
//     tie the rules call a shared victory). Every other seat lost.
//   - EndDraw: nobody won; the seats ranked 1 drew. Every other seat (one
//     removed earlier, say) lost.
//   - EndAllLost: every seat lost (a co-operative defeat, the police storming
//     the plane). Rank then places nobody (every seat has the same rank)
//     and is not shown as places; Score still holds what each seat scored.
//
// Stats count each seat by ResultOf; the table shows places only when they
// mean something.
type Outcome struct {
	// Rank per seat: 1 is first; equal ranks are ties.
	Rank []int `json:"rank"`
	// Score per seat where the game counts one; nil otherwise.
	Score []int  `json:"score,omitempty"`
	Text  string `json:"text"`
	// End says how the game ended for the table (see above).
	End Ending `json:"end,omitempty"`
}

// Ending is how a game ended for the table as a whole.
type Ending string

// The endings an Outcome can have.
const (
	EndRanked  Ending = ""
	EndShared  Ending = "shared"
	EndDraw    Ending = "draw"
	EndAllLost Ending = "lost"
)

// SeatResult is one seat's result, what stats count.
type SeatResult string

// The results a seat can have.
const (
	Won    SeatResult = "won"
	Shared SeatResult = "shared" // won together with other seats
	Drew   SeatResult = "drew"
	Lost   SeatResult = "lost"
)

// ResultOf says how the game ended for a seat.
func (o *Outcome) ResultOf(seat int) SeatResult {
	if o.End == EndAllLost || seat < 0 || seat >= len(o.Rank) || o.Rank[seat] != 1 {
		return Lost
	}
	switch o.End {
	case EndDraw:
		return Drew
	case EndShared:
		return Shared
	}
	if len(o.Winners()) > 1 {
		return Shared
	}
	return Won
}

// Winners lists the seats ranked first: the winners, or in a draw the
// seats that drew; none when everyone lost.
func (o *Outcome) Winners() []int {
	if o.End == EndAllLost {
		return nil
	}
	var w []int
	for s, r := range o.Rank {
		if r == 1 {
			w = append(w, s)
		}
	}
	return w
}

// ErrSchema is returned by Decode for a state written by an unknown schema.
var ErrSchema = errors.New("stored game uses an unknown schema version")

// DecodeJSON is the usual Decode: JSON with a schema check.
func DecodeJSON[T any](data []byte, schema int, schemaOf func(*T) int) (*T, error) {
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	if schemaOf(&v) != schema {
		return nil, ErrSchema
	}
	return &v, nil
}

// OnCopy keeps Apply's promise for an engine whose moves cannot all be
// checked before they begin to change the state: play runs on a copy of s
// made through its own encoding, and s becomes the copy only when play
// succeeds. A field added to the state later is copied without anyone
// remembering to, which a hand-written deep copy cannot promise. The price
// is one encoding round trip per move.
func OnCopy[T any, P interface {
	*T
	State
}](s P, decode func([]byte) (State, error), play func(P) ([]Event, error)) ([]Event, error) {
	enc, err := s.Encode()
	if err != nil {
		return nil, err
	}
	d, err := decode(enc)
	if err != nil {
		return nil, err
	}
	c, ok := d.(P)
	if !ok {
		return nil, fmt.Errorf("decoding a %T gave a %T", s, d)
	}
	ev, err := play(c)
	if err != nil {
		return nil, err
	}
	*s = *c
	return ev, nil
}
