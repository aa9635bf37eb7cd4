package commands

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// automated reports whether the machine plays a seat: a bot seat, or a
// player's seat handed to automation when they ran out of time or the
// table voted to replace them.
func automated(s storage.Seat) bool { return s.BotLevel > 0 || s.Away }

// humanSeats counts the seats people play (their own or, while they are
// away, through the bot).
func (t *table) humanSeats() int {
	n := 0
	for _, s := range t.row.Seats {
		if s.BotLevel == 0 {
			n++
		}
	}
	return n
}

// paused reports whether every person's seat is played by the bot. Such a
// table waits until someone takes their seat back with /game rejoin: left
// alone it would play itself to a result that counts in everyone's stats.
func (t *table) paused() bool {
	for _, s := range t.row.Seats {
		if s.BotLevel == 0 && !s.Away {
			return false
		}
	}
	return t.humanSeats() > 0
}

// pausedLine is what the turn message says while the table is paused,
// with the players it asks back.
func (t *table) pausedLine() (string, []string) {
	var ids, names []string
	for _, s := range t.row.Seats {
		if s.BotLevel == 0 {
			ids = append(ids, s.UserID)
			names = append(names, mention(s.UserID))
		}
	}
	return fmt.Sprintf("The game is paused: the bot plays every player's seat, and it does not play a game by itself. %s: take your seat back with /game rejoin to go on.", strings.Join(names, ", ")), ids
}

// waitedFor reports whether the table waits on a prompt. A standing
// any-time action never makes it wait; a reaction without a default answer
// asked while someone else is on turn (a draw offer) does not either.
func waitedFor(p games.Prompt, all []games.Prompt) bool {
	if p.Standing {
		return false
	}
	if p.Turn || p.Default != "" {
		return true
	}
	for _, q := range all {
		if q.Turn {
			return false
		}
	}
	return true
}

// waited lists the prompts the table waits on.
func (t *table) waited() []games.Prompt {
	all := t.prompts()
	var out []games.Prompt
	for _, p := range all {
		if waitedFor(p, all) {
			out = append(out, p)
		}
	}
	return out
}

// waitedSeats lists, once each and in seat order, the human seats the table
// waits on.
func (t *table) waitedSeats() []int {
	seen := map[int]bool{}
	var out []int
	for _, p := range t.waited() {
		if !seen[p.Seat] && !automated(t.row.Seats[p.Seat]) {
			seen[p.Seat] = true
			out = append(out, p.Seat)
		}
	}
	sort.Ints(out)
	return out
}

// ownerOver is the owner of the message that ends a game.
const ownerOver = "over"

// ownerPaused is the owner of the message that says the table is paused: a
// new message, so that its mentions reach the players.
const ownerPaused = "paused"

// turnOwner says whom the channel's turn message is for: the people on
// turn, or else the people the table waits on in the channel. A private
// reaction (answered by DM, which notifies its player) belongs to the turn
// it happens in, unless that player's DMs are closed. ok is false when
// nobody new is waited on; the current message then stays the living one.
func (t *table) turnOwner() (owner string, ok bool) {
	if t.state.Outcome() != nil {
		return ownerOver, true
	}
	if t.paused() {
		return ownerPaused, true
	}
	var onTurn, inChannel []int
	for _, p := range t.waited() {
		s := t.row.Seats[p.Seat]
		if automated(s) {
			continue
		}
		if p.Turn && !slices.Contains(onTurn, p.Seat) {
			onTurn = append(onTurn, p.Seat)
		}
		if (!p.Private || s.DMFailed) && !slices.Contains(inChannel, p.Seat) {
			inChannel = append(inChannel, p.Seat)
		}
	}
	seats := onTurn
	if len(seats) == 0 {
		seats = inChannel
	}
	if len(seats) == 0 {
		return "", false
	}
	sort.Ints(seats)
	parts := make([]string, len(seats))
	for i, s := range seats {
		parts[i] = strconv.Itoa(s)
	}
	owner = strings.Join(parts, ",")
	if tc, ok := t.state.(games.TurnCounter); ok {
		owner += "#" + strconv.Itoa(tc.TurnCount())
	}
	return owner, true
}
