// Package commandstest holds Tally, the small game the table's tests play
// (internal/commands, and the console's transcripts in internal/console):
// no real game exercises every platform feature in a few moves.
package commandstest

import (
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"strings"

	"standoff/internal/games"
)

// TallyKind is Tally, a test-only game that exercises everything the
// platform offers games: options, a turn prompt with a guided path, a
// private reaction asked of a player who is not on turn (with a default
// answer), a private view, a bot, resignation that lets a 3-player game go
// on, and an end with ranks.
//
// On your turn you add 1 to 3 to the total ("add N"). Then the next player
// must react privately: "ok", or "peek" to learn the mover's secret number.
// Whoever brings the total to the target wins.
var TallyKind = &games.Kind{
	Name: "tally", Title: "Tally", Summary: "a test game: add to a total", MinPlayers: 2, MaxPlayers: 3,
	Options: []games.OptionSpec{
		{Name: "target", Description: "total that wins", Kind: games.OptionInt, Default: 10, Min: 5, Max: 30},
		{Name: "double", Description: "adds count twice", Kind: games.OptionBool},
		{Name: "cheers", Description: "anyone may cheer at any time", Kind: games.OptionBool},
	},
	Rules:    "Add 1 to 3 to the total; reaching the target wins.",
	MoveHelp: "Moves: add 1, add 2, add 3; reactions: ok, peek.",
	New:      NewTally,
	Decode: func(b []byte) (games.State, error) {
		return games.DecodeJSON(b, 1, func(t *Tally) int { return t.Schema })
	},
	Bot: func(s games.State, seat, level int, rng *games.RNG) (string, error) {
		l := s.Legal(seat)
		if len(l) == 0 {
			return "", fmt.Errorf("no move")
		}
		return l[0], nil
	},
	BotLevels: 1,
	PublicMove: func(m string) string {
		if m == "peek" {
			return "reacted"
		}
		return m
	},
}

// Tally is the game's state.
type Tally struct {
	Schema  int       `json:"schema"`
	RNG     games.RNG `json:"rng"`
	Names   []string  `json:"names"`
	Target  int       `json:"target"`
	Double  bool      `json:"double"`
	Total   int       `json:"total"`
	Turn    int       `json:"turn"`
	Secrets []int     `json:"secrets"`
	Out     []bool    `json:"out"`
	React   int       `json:"react"` // seat asked to react, -1 none
	Mover   int       `json:"mover"`
	// Cheering is a standing action, as Hijacked's cashing of a demand:
	// any seat, any moment, and it changes nothing anyone else may do.
	CheersOn bool           `json:"cheers_on,omitempty"`
	Cheers   int            `json:"cheers,omitempty"`
	Result   *games.Outcome `json:"result,omitempty"`
}

// NewTally starts a game of Tally.
func NewTally(s games.Setup) (games.State, error) {
	if len(s.Players) < 2 || len(s.Players) > 3 {
		return nil, fmt.Errorf("tally needs 2 or 3 players")
	}
	// An option value inside its range that the game's own setup refuses,
	// as Hunted refuses time 18 (17 or 20 only).
	if s.Options["target"] == 13 {
		return nil, fmt.Errorf("target 13 is unlucky, pick another")
	}
	t := &Tally{Schema: 1, RNG: games.RNG{State: s.Seed}, Names: s.Players, Target: s.Options["target"],
		Double: s.Options["double"] == 1, CheersOn: s.Options["cheers"] == 1, React: -1, Out: make([]bool, len(s.Players))}
	for range s.Players {
		t.Secrets = append(t.Secrets, t.RNG.Intn(9)+1)
	}
	return t, nil
}

func (t *Tally) next(seat int) int {
	for i := 1; i <= len(t.Names); i++ {
		n := (seat + i) % len(t.Names)
		if !t.Out[n] {
			return n
		}
	}
	return seat
}

func (t *Tally) Apply(seat int, move string) ([]games.Event, error) {
	if t.Result != nil {
		return nil, fmt.Errorf("the game is over")
	}
	move = strings.TrimSpace(strings.ToLower(move))
	if move == "cheer" && t.CheersOn {
		t.Cheers++
		return []games.Event{games.PublicEvent(fmt.Sprintf("%s cheers (%d).", t.Names[seat], t.Cheers))}, nil
	}
	if t.React >= 0 {
		if seat != t.React {
			return nil, fmt.Errorf("waiting for %s to react", t.Names[t.React])
		}
		switch move {
		case "ok":
			t.React = -1
			return []games.Event{games.PublicEvent(t.Names[seat] + " said ok.")}, nil
		case "peek":
			t.React = -1
			return []games.Event{games.PublicEvent(t.Names[seat] + " peeked."),
				games.PrivateEvent(seat, fmt.Sprintf("%s's secret is %d.", t.Names[t.Mover], t.Secrets[t.Mover]))}, nil
		}
		return nil, fmt.Errorf("react with ok or peek, not %q", move)
	}
	if seat != t.Turn {
		return nil, fmt.Errorf("it is %s's turn", t.Names[t.Turn])
	}
	var n int
	if _, err := fmt.Sscanf(move, "add %d", &n); err != nil || n < 1 || n > 3 || move != fmt.Sprintf("add %d", n) {
		return nil, fmt.Errorf("%q is not a move; type add 1, add 2 or add 3", move)
	}
	if t.Double {
		n *= 2
	}
	t.Total += n
	ev := []games.Event{games.PublicEvent(fmt.Sprintf("%s added %d (total %d).", t.Names[seat], n, t.Total))}
	if t.Total >= t.Target {
		t.win(seat)
		return append(ev, games.PublicEvent(t.Names[seat]+" wins.")), nil
	}
	t.Mover, t.Turn = seat, t.next(seat)
	t.React = t.Turn
	return ev, nil
}

func (t *Tally) win(seat int) {
	rank := make([]int, len(t.Names))
	for i := range rank {
		rank[i] = 2
	}
	rank[seat] = 1
	t.Result = &games.Outcome{Rank: rank, Text: t.Names[seat] + " wins."}
}

func (t *Tally) Resign(seat int) ([]games.Event, error) {
	if t.Result != nil || t.Out[seat] {
		return nil, fmt.Errorf("you are not in the game any more")
	}
	t.Out[seat] = true
	ev := []games.Event{games.PublicEvent(t.Names[seat] + " resigned.")}
	left := -1
	n := 0
	for i, o := range t.Out {
		if !o {
			n++
			left = i
		}
	}
	if n == 1 {
		t.win(left)
		return ev, nil
	}
	if t.React == seat {
		t.React = -1
	}
	if t.Turn == seat {
		t.Turn = t.next(seat)
	}
	return ev, nil
}

func (t *Tally) Prompts() []games.Prompt {
	switch {
	case t.Result != nil:
		return nil
	case t.React >= 0:
		return []games.Prompt{{Seat: t.React, Text: "React to the move", Private: true, Default: "ok",
			Choices: []games.Choice{{Label: "OK", Move: "ok"}, {Label: "Peek", Move: "peek"}}}}
	}
	out := []games.Prompt{{Seat: t.Turn, Turn: true, Text: "add 1 to 3",
		Choices: []games.Choice{{Label: "Add…", Refine: "add"}, {Label: "Add 3", Move: "add 3"}}}}
	if t.CheersOn {
		for seat := range t.Names {
			out = append(out, games.Prompt{Seat: seat, Standing: true, Text: "cheer", Choices: []games.Choice{{Label: "Cheer", Move: "cheer"}}})
		}
	}
	return out
}

func (t *Tally) Refine(seat int, key string) (string, []games.Choice) {
	if key != "add" || seat != t.Turn || t.React >= 0 {
		return "", nil
	}
	return "How much?", []games.Choice{{Label: "1", Move: "add 1"}, {Label: "2", Move: "add 2"}, {Label: "3", Move: "add 3"}}
}

func (t *Tally) Legal(seat int) []string {
	for _, p := range t.Prompts() {
		if p.Seat == seat {
			if p.Private {
				return []string{"ok", "peek"}
			}
			return []string{"add 3", "add 2", "add 1"}
		}
	}
	return nil
}

// TallyView is the table's view (Total, Target) or a seat's (Secret).
type TallyView struct {
	Total, Target int
	Secret        int
}

func (v TallyView) Text() string {
	if v.Secret > 0 {
		return fmt.Sprintf("Your secret number: %d", v.Secret)
	}
	return fmt.Sprintf("Total %d of %d", v.Total, v.Target)
}

func (t *Tally) Public() games.View          { return TallyView{Total: t.Total, Target: t.Target} }
func (t *Tally) Private(seat int) games.View { return TallyView{Secret: t.Secrets[seat]} }
func (t *Tally) Outcome() *games.Outcome     { return t.Result }
func (t *Tally) Encode() ([]byte, error)     { return json.Marshal(t) }

// DrawTally is the test game's renderer: a bar as wide as the total.
func DrawTally(v games.View) (image.Image, error) {
	tv, ok := v.(TallyView)
	if !ok {
		return nil, fmt.Errorf("not a tally view")
	}
	img := image.NewRGBA(image.Rect(0, 0, 64, 8))
	for x := 0; x < 2*tv.Total && x < 64; x++ {
		for y := 0; y < 8; y++ {
			img.Set(x, y, color.RGBA{200, 0, 0, 255})
		}
	}
	return img, nil
}
