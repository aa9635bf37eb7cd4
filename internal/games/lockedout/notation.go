package lockedout

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
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
	verbTake   = "take"
	verbEnd    = "end"
)

// aliases maps every accepted first word to its verb.
var aliases = map[string]string{
	"move": verbMove, "go": verbMove, "m": verbMove,
	"keep": verbKeep, "pass": verbKeep, "k": verbKeep,
	"swap": verbSwap, "s": verbSwap,
	"play": verbPlay, "p": verbPlay,
	"search": verbSearch,
	"accuse": verbAccuse, "a": verbAccuse,
	"reveal": verbReveal,
	"none":   verbNone, "no": verbNone,
	"take": verbTake,
	"end":  verbEnd, "done": verbEnd, "e": verbEnd,
}

// command is a parsed move: a verb and its words, not yet checked against the
// game.
type command struct {
	Verb string
	Args []string
}

// parseMove splits a typed move into verb and arguments and checks the
// number of arguments; names are resolved later against the game.
func parseMove(text string) (command, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return command{}, fmt.Errorf("empty move. %s", moveHelp)
	}
	verb, ok := aliases[words[0]]
	if !ok {
		return command{}, fmt.Errorf("unknown move %q. %s", clip(words[0]), moveHelp)
	}
	c := command{Verb: verb, Args: words[1:]}
	switch verb {
	case verbKeep, verbNone, verbEnd:
		if len(c.Args) > 0 {
			return command{}, fmt.Errorf("`%s` takes nothing after it", verb)
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

// String writes the command back in its canonical form.
func (c command) String() string {
	return strings.TrimSpace(c.Verb + " " + strings.Join(c.Args, " "))
}

// squash folds a name for comparison: lower case, letters and digits only.
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// clip shortens typed text echoed in an error.
func clip(s string) string {
	if len(s) > 30 {
		return s[:30] + "…"
	}
	return s
}

// findRoom resolves a room by id, number, name or a unique start of one.
func findRoom(arg string) (string, error) {
	q := squash(arg)
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
		if q == r.ID || q == squash(r.Name) {
			return r.ID, nil
		}
		if strings.HasPrefix(r.ID, q) || strings.HasPrefix(squash(r.Name), q) {
			hits = append(hits, r.ID)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	return "", fmt.Errorf("no room %q; rooms are %s", clip(arg), roomList(allRooms()))
}

func allRooms() []string {
	var out []string
	for _, r := range ship.Rooms {
		out = append(out, r.ID)
	}
	return out
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

// findCard resolves a card among the ids in `among` by id or by name; where
// says where the card was looked for, for the error.
func findCard(arg string, among []string, where string) (string, error) {
	q := squash(arg)
	for _, id := range among {
		if squash(id) == q {
			return id, nil
		}
	}
	for _, id := range among {
		if squash(ship.card[id].Name) == q {
			return id, nil
		}
	}
	if len(among) == 0 {
		return "", fmt.Errorf("there are no cards in %s", where)
	}
	return "", fmt.Errorf("%q is not in %s; it holds %s", clip(arg), where, labels(among))
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
		a, errA := findCard(strings.Join(args[:cut], " "), loot, "your loot")
		if errA != nil {
			continue
		}
		rest := make([]string, 0, len(loot))
		for _, id := range loot {
			if id != a {
				rest = append(rest, id)
			}
		}
		b, errB := findCard(strings.Join(args[cut:], " "), rest, "your other loot")
		if errB == nil {
			return a, b, nil
		}
	}
	return "", "", fmt.Errorf("name two different loot cards from your hand, e.g. `search %s %s`; your loot is %s", loot[0], loot[1], labels(loot))
}

// findPlayer resolves a player by seat number (1..n as shown) or name.
func (s *State) findPlayer(arg string) (int, error) {
	q := squash(arg)
	if n, err := strconv.Atoi(q); err == nil && n >= 1 && n <= s.n() {
		return n - 1, nil
	}
	for seat, name := range s.Players {
		if squash(name) == q && q != "" {
			return seat, nil
		}
	}
	var hits []int
	for seat, name := range s.Players {
		if q != "" && strings.HasPrefix(squash(name), q) {
			hits = append(hits, seat)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	return 0, fmt.Errorf("no player %q; name a player or give their seat number: %s", clip(arg), s.suspectList(-1))
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
