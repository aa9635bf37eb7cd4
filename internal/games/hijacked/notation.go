package hijacked

import (
	"fmt"
	"strconv"
	"strings"
)

// Verbs of the typed move syntax (see moveHelp).
const (
	verbCard     = "card"
	verbPlay     = "play"
	verbDiscard  = "discard"
	verbReserve  = "reserve"
	verbTrust    = "trust"
	verbPersuade = "persuade"
	verbRetreat  = "retreat"
	verbDemand   = "demand"
	verbBonus    = "bonus"
	verbAdjust   = "adjust"
	verbEnd      = "end"
	verbKeep     = "keep"
	verbFree     = "free"
	verbCash     = "cash"
	verbMedal    = "medal"
	verbTile     = "tile"
)

// anyTime are the verbs every player may use at any moment, even on another
// player's turn.
var anyTime = map[string]bool{verbFree: true, verbCash: true, verbMedal: true, verbTile: true}

var aliases = map[string]string{
	"card": verbCard, "c": verbCard, "choose": verbCard,
	"play": verbPlay, "p": verbPlay,
	"discard": verbDiscard, "d": verbDiscard,
	"reserve": verbReserve, "r": verbReserve,
	"trust": verbTrust, "t": verbTrust,
	"persuade": verbPersuade, "h": verbPersuade,
	"retreat": verbRetreat, "police": verbRetreat,
	"demand": verbDemand,
	"bonus":  verbBonus,
	"adjust": verbAdjust, "a": verbAdjust,
	"end": verbEnd, "done": verbEnd, "e": verbEnd,
	"keep":  verbKeep,
	"free":  verbFree,
	"cash":  verbCash,
	"medal": verbMedal,
	"tile":  verbTile,
}

// DieRef names a die of the current roll by its value; Kind "" takes any die
// of that value (own dice first), "b" a bonus die, "m" a mini die.
type DieRef struct {
	Value int    `json:"value"`
	Kind  string `json:"kind,omitempty"`
}

func (d DieRef) String() string { return strconv.Itoa(d.Value) + d.Kind }

// Gift is one demand given away with the gifts bonus tile.
type Gift struct {
	Demand string `json:"demand"`
	To     int    `json:"to"` // seat, 0-based
}

// Action is one move as data: what the prompts offer, what Legal lists and
// what an automated seat (the solo Cybot) chooses among. Its String is the
// typed move.
type Action struct {
	Verb   string   `json:"verb"`
	Target int      `json:"target,omitempty"` // passenger seat 1-6 (0 = top of the draw pile), hijacker place 1-4, cubes 1-3, medal 1-3
	Dice   []DieRef `json:"dice,omitempty"`
	Delta  int      `json:"delta,omitempty"`  // adjust: +1 or -1
	Demand string   `json:"demand,omitempty"` // adjust and play payment, cash
	Color  string   `json:"color,omitempty"`  // free
	What   string   `json:"what,omitempty"`   // free: passenger or pilot; tile: its id
	Cards  []string `json:"cards,omitempty"`  // tile pilot, tile salvage
	Gifts  []Gift   `json:"gifts,omitempty"`  // tile give
}

// String writes the action in the typed syntax.
func (a Action) String() string {
	dice := func() string {
		var out []string
		for _, d := range a.Dice {
			out = append(out, d.String())
		}
		return strings.Join(out, " ")
	}
	switch a.Verb {
	case verbCard:
		t := strconv.Itoa(a.Target)
		if a.Target == 0 {
			t = "top"
		}
		if len(a.Dice) == 0 {
			return "card " + t
		}
		return "card " + t + " " + dice()
	case verbPlay:
		if a.Demand != "" {
			return "play " + a.Demand
		}
		return "play"
	case verbReserve, verbTrust, verbPersuade:
		return fmt.Sprintf("%s %d %s", a.Verb, a.Target, dice())
	case verbRetreat, verbDemand, verbBonus:
		return a.Verb + " " + dice()
	case verbAdjust:
		sign := "+"
		if a.Delta < 0 {
			sign = "-"
		}
		return fmt.Sprintf("adjust %s %s %s", dice(), sign, a.Demand)
	case verbKeep:
		return "keep " + a.What
	case verbFree:
		return fmt.Sprintf("free %s %s", a.What, a.Color)
	case verbCash:
		return "cash " + a.Demand
	case verbMedal:
		return fmt.Sprintf("medal %d", a.Target)
	case verbTile:
		out := "tile " + a.What
		switch a.What {
		case tilePilot, tileSalvage:
			out += " " + strings.Join(a.Cards, " ")
		case tileGive:
			for _, g := range a.Gifts {
				out += fmt.Sprintf(" %s:%d", g.Demand, g.To+1)
			}
		case tileTrust:
			out += " " + strconv.Itoa(a.Target)
		}
		return out
	}
	return a.Verb
}

// parseMove reads a typed move. Names are checked here; whether the move is
// possible now is checked against the game.
func parseMove(text string) (Action, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return Action{}, fmt.Errorf("empty move. %s", moveHelp)
	}
	verb, ok := aliases[words[0]]
	if !ok {
		return Action{}, fmt.Errorf("unknown move %q. %s", clip(words[0]), moveHelp)
	}
	args := words[1:]
	if verb == verbTile {
		return parseTile(args)
	}
	a := Action{Verb: verb}
	// Not `return a, parseArgs(&a, args)`: Go leaves open whether a is read
	// before or after the call fills it.
	err := parseArgs(&a, args)
	return a, err
}

// wantArgs holds every fixed-length move to one wording of its usage.
func wantArgs(verb string, args []string, n int, example string) error {
	if len(args) != n {
		return fmt.Errorf("`%s` takes %s, e.g. `%s`", verb, plural(n, "word"), example)
	}
	return nil
}

// parseArgs fills a from the words after its verb.
func parseArgs(a *Action, args []string) error {
	verb := a.Verb
	var err error
	switch verb {
	case verbCard:
		return parseCardArgs(a, args)
	case verbPlay:
		return parsePlayArgs(a, args)
	case verbDiscard, verbEnd:
		if len(args) > 0 {
			return fmt.Errorf("`%s` takes nothing after it", verb)
		}
	case verbReserve, verbTrust, verbPersuade:
		return parseTargetDiceArgs(a, args)
	case verbRetreat:
		if err := wantArgs(verb, args, 2, "retreat 2 6"); err != nil {
			return err
		}
		a.Dice, err = parseDice(args)
		return err
	case verbDemand, verbBonus:
		if err := wantArgs(verb, args, 1, verb+" 4"); err != nil {
			return err
		}
		a.Dice, err = parseDice(args)
		return err
	case verbAdjust:
		return parseAdjustArgs(a, args)
	case verbKeep:
		if err := wantArgs(verb, args, 1, "keep mini"); err != nil {
			return err
		}
		if _, ok := data.tile[args[0]]; !ok {
			return fmt.Errorf("%q is not a bonus tile: %s", clip(args[0]), tileNames())
		}
		a.What = args[0]
	case verbFree:
		return parseFreeArgs(a, args)
	case verbCash:
		if err := wantArgs(verb, args, 1, "cash food"); err != nil {
			return err
		}
		if demandIndex(args[0]) < 0 {
			return fmt.Errorf("%q is not a demand: crypto, medicine, food or intel", clip(args[0]))
		}
		a.Demand = args[0]
	case verbMedal:
		if err := wantArgs(verb, args, 1, "medal 2"); err != nil {
			return err
		}
		a.Target, err = number(args[0], 1, 3, "medal")
		return err
	}
	return nil
}

func parseCardArgs(a *Action, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return fmt.Errorf("`card` takes a seat 1-6 (or `top`) and a die, e.g. `card 3 5`; your own reservation needs no die: `card 3`")
	}
	var err error
	if args[0] == "top" {
		a.Target = 0
	} else if a.Target, err = number(args[0], 1, 6, "passenger seat"); err != nil {
		return err
	}
	if len(args) == 2 {
		d, err := parseDie(args[1])
		if err != nil {
			return err
		}
		a.Dice = []DieRef{d}
	}
	return nil
}

func parsePlayArgs(a *Action, args []string) error {
	if len(args) > 1 {
		return fmt.Errorf("`play` takes at most the demand to pay, e.g. `play intel`")
	}
	if len(args) == 1 {
		if demandIndex(args[0]) < 0 {
			return fmt.Errorf("%q is not a demand: crypto, medicine, food or intel", clip(args[0]))
		}
		a.Demand = args[0]
	}
	return nil
}

// parseTargetDiceArgs reads the moves shaped "number, then dice": reserve,
// trust and persuade, which differ only in what the number counts.
func parseTargetDiceArgs(a *Action, args []string) error {
	verb := a.Verb
	ex := map[string]string{verbReserve: "reserve 4 2", verbTrust: "trust 3 6", verbPersuade: "persuade 1 2 5"}[verb]
	n := 2
	if verb == verbPersuade {
		n = 3
	}
	if err := wantArgs(verb, args, n, ex); err != nil {
		return err
	}
	hi, what := 6, "passenger seat"
	switch verb {
	case verbTrust:
		hi, what = 3, "number of cubes"
	case verbPersuade:
		hi, what = 4, "hijacker place"
	}
	var err error
	if a.Target, err = number(args[0], 1, hi, what); err != nil {
		return err
	}
	a.Dice, err = parseDice(args[1:])
	return err
}

func parseAdjustArgs(a *Action, args []string) error {
	if err := wantArgs(a.Verb, args, 3, "adjust 6 - food"); err != nil {
		return err
	}
	var err error
	if a.Dice, err = parseDice(args[:1]); err != nil {
		return err
	}
	switch args[1] {
	case "+", "+1", "up":
		a.Delta = 1
	case "-", "-1", "down":
		a.Delta = -1
	default:
		return fmt.Errorf("adjust a die by `+` or `-`, e.g. `adjust 6 - food`")
	}
	if demandIndex(args[2]) < 0 {
		return fmt.Errorf("%q is not a demand: crypto, medicine, food or intel", clip(args[2]))
	}
	a.Demand = args[2]
	return nil
}

func parseFreeArgs(a *Action, args []string) error {
	if err := wantArgs(a.Verb, args, 2, "free passenger blue"); err != nil {
		return err
	}
	if args[0] != "passenger" && args[0] != "pilot" {
		return fmt.Errorf("free a `passenger` (2 cards of a colour) or a `pilot` (3), e.g. `free pilot green`")
	}
	a.What = args[0]
	if c := colorIndex(args[1]); c < 0 || args[1] == red {
		return fmt.Errorf("%q is not a colour you can collect: gray, blue, green or yellow", clip(args[1]))
	}
	a.Color = args[1]
	return nil
}

func parseTile(args []string) (Action, error) {
	a := Action{Verb: verbTile}
	if len(args) == 0 {
		return a, fmt.Errorf("`tile` needs the tile, e.g. `tile mini`: %s", tileNames())
	}
	a.What = args[0]
	rest := args[1:]
	switch a.What {
	case tilePilot:
		if len(rest) != 3 {
			return a, fmt.Errorf("`tile pilot` takes 3 cards of your supply, e.g. `tile pilot BL1 GR4 YE2`")
		}
		for _, c := range rest {
			id, err := cardID(c)
			if err != nil {
				return a, err
			}
			a.Cards = append(a.Cards, id)
		}
	case tileSalvage:
		if len(rest) != 1 {
			return a, fmt.Errorf("`tile salvage` takes a card of the discard pile, e.g. `tile salvage BL3`")
		}
		id, err := cardID(rest[0])
		if err != nil {
			return a, err
		}
		a.Cards = []string{id}
	case tileGive:
		if len(rest) < 1 || len(rest) > 3 {
			return a, fmt.Errorf("`tile give` takes 1 to 3 gifts demand:player, e.g. `tile give food:2 crypto:3`")
		}
		for _, g := range rest {
			d, who, ok := strings.Cut(g, ":")
			if !ok || demandIndex(d) < 0 {
				return a, fmt.Errorf("%q is not a gift: write demand:player, e.g. `food:2`", clip(g))
			}
			to, err := number(who, 1, 4, "player")
			if err != nil {
				return a, err
			}
			a.Gifts = append(a.Gifts, Gift{Demand: d, To: to - 1})
		}
	case tileTrust:
		if len(rest) != 1 {
			return a, fmt.Errorf("`tile trust` takes how many cubes to draw at most, e.g. `tile trust 2`")
		}
		n, err := number(rest[0], 1, 3, "number of cubes")
		if err != nil {
			return a, err
		}
		a.Target = n
	case tileMini:
		if len(rest) != 0 {
			return a, fmt.Errorf("`tile mini` takes nothing after it")
		}
	case tileTop:
		return a, fmt.Errorf("the top-card tile works by itself: choose the draw pile's top card with `card top <die>`")
	default:
		return a, fmt.Errorf("%q is not a bonus tile: %s", clip(a.What), tileNames())
	}
	return a, nil
}

func tileNames() string {
	return "pilot, mini, give, salvage, trust (toppile works by itself)"
}

// cardID reads a passenger card id such as bl3.
func cardID(w string) (string, error) {
	id := strings.ToUpper(w)
	if _, ok := data.card[id]; !ok {
		return "", fmt.Errorf("%q is not a passenger card; cards are named like GY3, BL12, GR1, YE7, RD2", clip(w))
	}
	return id, nil
}

func parseDice(ws []string) ([]DieRef, error) {
	var out []DieRef
	for _, w := range ws {
		d, err := parseDie(w)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// parseDie reads a die by value: "5", "5b" (bonus die), "5m" (mini die).
func parseDie(w string) (DieRef, error) {
	if len(w) >= 1 && w[0] >= '1' && w[0] <= '6' {
		switch w[1:] {
		case "":
			return DieRef{Value: int(w[0] - '0')}, nil
		case "b", "m":
			return DieRef{Value: int(w[0] - '0'), Kind: w[1:]}, nil
		}
	}
	return DieRef{}, fmt.Errorf("%q is not a die: name a die by its value 1-6 (add b for the bonus die, m for a mini die, e.g. 4b)", clip(w))
}

func number(w string, lo, hi int, what string) (int, error) {
	v, err := strconv.Atoi(w)
	if err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("%q is not a %s: %d to %d", clip(w), what, lo, hi)
	}
	return v, nil
}

func clip(s string) string {
	r := []rune(s)
	if len(r) > 20 {
		return string(r[:20]) + "…"
	}
	return s
}
