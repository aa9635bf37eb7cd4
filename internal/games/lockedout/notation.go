package lockedout

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// Verbs of the typed move syntax.
const (
	verbMove   = "move"
	verbKeep   = "keep"
	verbSwap   = "swap"
	verbPlay   = "play"
	verbSearch = "search"
	verbAccuse = "accuse"
	verbReveal = "reveal"
	verbNone   = "none"
	verbLook   = "look"
	verbPass   = "pass"
	verbTake   = "take"
	verbEnd    = "end"
)

// aliases maps every accepted first word to its verb. `pass` is a verb of
// its own (the accuser declining to look) that also lets a drawn card pass,
// as it always did.
var aliases = map[string]string{
	"move": verbMove, "go": verbMove, "m": verbMove,
	"keep": verbKeep, "k": verbKeep,
	"swap": verbSwap, "s": verbSwap,
	"play": verbPlay, "p": verbPlay,
	"search": verbSearch,
	"accuse": verbAccuse, "a": verbAccuse,
	"reveal": verbReveal,
	"none":   verbNone, "no": verbNone,
	"look": verbLook, "check": verbLook,
	"pass": verbPass,
	"take": verbTake,
	"end":  verbEnd, "done": verbEnd, "e": verbEnd,
}

// command is a parsed move: a verb and its words as typed (case kept, so a
// refusal can quote them), not yet checked against the game.
type command struct {
	Verb string
	Args []string
}

// Arg is the words after the verb as typed, single-spaced.
func (c command) Arg() string { return strings.Join(c.Args, " ") }

// unknownVerb is a move whose first word is no verb; Apply answers it with
// the moves that fit the moment.
type unknownVerb struct{ word string }

func (e unknownVerb) Error() string { return fmt.Sprintf("%s is not a move", quote(e.word)) }

// errEmpty is a move with no words at all.
var errEmpty = errors.New("empty move")

// parseMove splits a typed move into verb and arguments and checks the
// number of arguments; names are resolved later against the game.
func parseMove(text string) (command, error) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return command{}, errEmpty
	}
	verb, ok := aliases[strings.ToLower(words[0])]
	if !ok {
		return command{}, unknownVerb{words[0]}
	}
	c := command{Verb: verb, Args: words[1:]}
	switch verb {
	case verbKeep, verbNone, verbEnd, verbLook, verbPass:
		if len(c.Args) > 0 {
			return command{}, fmt.Errorf("`%s` takes nothing after it: type just `%s`", verb, verb)
		}
	case verbSearch:
		if len(c.Args) < 2 {
			return command{}, fmt.Errorf("name two loot cards to search with, e.g. `search L1 S2`")
		}
	default:
		if len(c.Args) == 0 {
			return command{}, fmt.Errorf("`%s` needs %s after it, e.g. `%s`", verb, argHelp[verb][0], argHelp[verb][1])
		}
	}
	return c, nil
}

var argHelp = map[string][2]string{
	verbMove:   {"a room", "move galley"},
	verbSwap:   {"a card from your hand", "swap L3"},
	verbPlay:   {"a card from your hand", "play OA1"},
	verbAccuse: {"a player (name or seat number)", "accuse 2"},
	verbReveal: {"an access card from your hand", "reveal PB1"},
	verbTake:   {"an access card you see", "take OC2"},
}

// String writes the command back in its canonical form: lower case,
// single-spaced.
func (c command) String() string {
	return strings.ToLower(strings.TrimSpace(c.Verb + " " + c.Arg()))
}

// quote echoes typed text in an error as the player typed it, shortened
// when long.
func quote(s string) string {
	if r := []rune(s); len(r) > 30 {
		s = string(r[:30]) + "…"
	}
	return strconv.Quote(s)
}

// errNoRoom is a room name that matches no room; move adds where the
// player can go.
type errNoRoom struct{ arg string }

func (e errNoRoom) Error() string { return fmt.Sprintf("there is no room %s", quote(e.arg)) }

// findRoom resolves a room by id, number, name or a unique start of one. A
// start shared by several rooms is refused with the rooms it matches.
func findRoom(arg string) (string, error) {
	q := games.Squash(arg)
	if q == "" {
		return "", fmt.Errorf("name a room, e.g. `move galley` or `move 2`")
	}
	if n, err := strconv.Atoi(q); err == nil {
		for _, r := range ship.Rooms {
			if r.Number == n {
				return r.ID, nil
			}
		}
	}
	var hits []string
	for _, r := range ship.Rooms {
		if q == r.ID || q == games.Squash(r.Name) {
			return r.ID, nil
		}
		if strings.HasPrefix(r.ID, q) || strings.HasPrefix(games.Squash(r.Name), q) {
			hits = append(hits, r.ID)
		}
	}
	switch len(hits) {
	case 0:
		return "", errNoRoom{arg}
	case 1:
		return hits[0], nil
	}
	return "", fmt.Errorf("%s could be %s: type more of the name, e.g. `move %s`", quote(arg), roomList(hits), hits[0])
}

// roomList names rooms for a message: "galley (2 Galley), ...".
func roomList(ids []string) string {
	if len(ids) == 0 {
		return "nowhere"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		r := ship.room[id]
		out[i] = fmt.Sprintf("%s (%d %s)", r.ID, r.Number, r.Name)
	}
	return strings.Join(out, ", ")
}

// findCard resolves a card among the ids in `among` by id or by name.
func findCard(arg string, among []string) (string, bool) {
	q := games.Squash(arg)
	for _, id := range among {
		if games.Squash(id) == q {
			return id, true
		}
	}
	for _, id := range among {
		if games.Squash(ship.card[id].Name) == q {
			return id, true
		}
	}
	return "", false
}

// cardList names cards briefly for a refusal: "OA1 (Bulkhead Key), R2 (Fuel
// Canister)".
func cardList(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = fmt.Sprintf("%s (%s)", id, ship.card[id].Name)
	}
	return strings.Join(out, ", ")
}

// findLootPair resolves the two loot cards of a search. The words may be ids
// or names of any length, so every split of the words is tried.
func findLootPair(args []string, hand []string) (string, string, error) {
	var loot []string
	for _, id := range hand {
		if ship.card[id].Kind == kindLoot {
			loot = append(loot, id)
		}
	}
	if len(loot) < 2 {
		return "", "", fmt.Errorf("searching once more takes two loot cards and you hold %d; play other cards or `end`", len(loot))
	}
	for cut := 1; cut < len(args); cut++ {
		a, ok := findCard(strings.Join(args[:cut], " "), loot)
		if !ok {
			continue
		}
		rest := make([]string, 0, len(loot))
		for _, id := range loot {
			if id != a {
				rest = append(rest, id)
			}
		}
		if b, ok := findCard(strings.Join(args[cut:], " "), rest); ok {
			return a, b, nil
		}
	}
	return "", "", fmt.Errorf("%s are not two different loot cards of yours: search with two of %s, e.g. `search %s %s`",
		quote(strings.Join(args, " ")), cardList(loot), loot[0], loot[1])
}

// findPlayer resolves a player by seat number (1..n as shown) or name; the
// refusal lists the players seat may name.
func (s *State) findPlayer(arg string, seat int) (int, error) {
	q := games.Squash(arg)
	if n, err := strconv.Atoi(q); err == nil && n >= 1 && n <= s.n() {
		return n - 1, nil
	}
	for seat, name := range s.Players {
		if games.Squash(name) == q && q != "" {
			return seat, nil
		}
	}
	var hits []int
	for seat, name := range s.Players {
		if q != "" && strings.HasPrefix(games.Squash(name), q) {
			hits = append(hits, seat)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	return 0, fmt.Errorf("there is no player %s: accuse one of %s by seat number or name, e.g. `accuse %d`", quote(arg), s.suspectList(seat), s.next(seat, 1)+1)
}

// suspectList names the players one may accuse: "2 Bob, 3 Carol".
func (s *State) suspectList(except int) string {
	var out []string
	for seat, name := range s.Players {
		if seat != except && !s.Resigned[seat] {
			out = append(out, fmt.Sprintf("%d %s", seat+1, name))
		}
	}
	return strings.Join(out, ", ")
}

// sortCards returns the ids in data order.
func sortCards(ids []string) []string {
	out := append([]string(nil), ids...)
	sort.Slice(out, func(i, j int) bool { return ship.cardOrder[out[i]] < ship.cardOrder[out[j]] })
	return out
}

// publicMove is how a logged move reads to the table in /game history: the
// card given in a swap stays hidden, as the rules hide it ("don't show it
// around any further"); everything else a move names is played face up.
func publicMove(move string) string {
	c, err := parseMove(move)
	if err != nil {
		return "?"
	}
	if c.Verb == verbSwap {
		return "swap (a hidden card)"
	}
	return c.String()
}
