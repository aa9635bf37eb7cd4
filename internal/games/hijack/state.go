package hijack

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"

	"standoff/internal/games"
)

const schemaVersion = 1

// Draw rules the rulebook leaves open (see docs/rules/hijack.md).
const (
	repetitionLimit = 3   // the same position for the third time is a draw
	quietLimit      = 100 // moves in a row without a capture or an added marker
)

// markerLetters are the players' marker letters in seat order, as in the
// seed's ASCII board ("O" and "X"); a third player plays "Z".
var markerLetters = [...]string{"O", "X", "Z"}

// state is one game of Hijack. Board holds one entry per slot (cell*6+slot):
// the owning seat or -1.
type state struct {
	Schema   int        `json:"schema"`
	Players  []string   `json:"players"`
	Opts     options    `json:"options"`
	Board    boardSlots `json:"board"`
	Hand     []int      `json:"hand"`
	Captured []int      `json:"captured"` // markers of each seat captured so far
	// Out is 0 while a seat plays; k when it was removed in the k-th removal
	// (seats removed by the same move share k).
	Out      []int     `json:"out"`
	Removals int       `json:"removals"`
	Turn     int       `json:"turn"`
	Last     *LastMove `json:"last,omitempty"`
	// DrawAgreed marks the seats agreeing to a pending draw offer.
	DrawAgreed []bool `json:"draw_agreed"`
	Quiet      int    `json:"quiet"`
	// Seen holds the hashes of positions since the last capture or addition;
	// earlier positions cannot recur.
	Seen   positionLog    `json:"seen"`
	Plies  int            `json:"plies"`
	Result *games.Outcome `json:"result,omitempty"`
	RNG    games.RNG      `json:"rng"`

	geo *geometry
}

// LastMove describes the most recent board move for views and renderers.
type LastMove struct {
	Seat int    `json:"seat"`
	Move string `json:"move"` // canonical notation
	Kind string `json:"kind"` // "add", "marker", "cell" or "rotate"
	From string `json:"from"` // cell names
	To   string `json:"to"`
	// FromSlot and ToSlot are the marker's slots (add: both the new slot).
	FromSlot int `json:"from_slot"`
	ToSlot   int `json:"to_slot"`
	Rotate   int `json:"rotate,omitempty"` // clockwise steps, negative anticlockwise
	// Captured lists the markers taken from the destination cell (To).
	Captured []Marker `json:"captured,omitempty"`
}

// Marker is one marker in one slot.
type Marker struct {
	Slot int `json:"slot"`
	Seat int `json:"seat"`
}

func newState(players []string, opts options, seed uint64) *state {
	g := geometryFor(opts.Size)
	n := len(players)
	s := &state{
		Schema:     schemaVersion,
		Players:    append([]string(nil), players...),
		Opts:       opts,
		Board:      make(boardSlots, g.cells*slotsPerCell),
		Hand:       make([]int, n),
		Captured:   make([]int, n),
		Out:        make([]int, n),
		DrawAgreed: make([]bool, n),
		RNG:        *games.NewRNG(seed),
		geo:        g,
	}
	for i := range s.Board {
		s.Board[i] = empty
	}
	for i := range s.Hand {
		s.Hand[i] = opts.NumPieces
	}
	s.Seen = positionLog{s.positionHash()}
	return s
}

func (s *state) Encode() ([]byte, error) { return json.Marshal(s) }

func (s *state) Outcome() *games.Outcome { return s.Result }

// Private returns nil: Hijack has no secrets.
func (s *state) Private(int) games.View { return nil }

func (s *state) name(seat int) string {
	return fmt.Sprintf("%s (%s)", s.Players[seat], markerLetters[seat])
}

// onBoard counts a seat's markers on the board.
func (s *state) onBoard(seat int) int {
	n := 0
	for _, v := range s.Board {
		if int(v) == seat {
			n++
		}
	}
	return n
}

func (s *state) active(seat int) bool { return s.Out[seat] == 0 }

// OutOfPlay reports a seat removed from the game or resigned.
func (s *state) OutOfPlay(seat int) bool {
	return seat >= 0 && seat < len(s.Players) && !s.active(seat)
}

func (s *state) activeSeats() []int {
	var out []int
	for i := range s.Players {
		if s.active(i) {
			out = append(out, i)
		}
	}
	return out
}

func (s *state) drawPending() bool {
	for i, a := range s.DrawAgreed {
		if a && s.active(i) {
			return true
		}
	}
	return false
}

func (s *state) clearDraw() {
	for i := range s.DrawAgreed {
		s.DrawAgreed[i] = false
	}
}

// positionHash identifies a position for the repetition rule: the board and
// the seat to move (hands only change by additions, which reset the record).
func (s *state) positionHash() uint64 { return hashPosition(s.Board, s.Turn) }

func hashPosition(board []int8, turn int) uint64 {
	h := fnv.New64a()
	b := make([]byte, len(board)+1)
	for i, v := range board {
		b[i] = byte(v + 1)
	}
	b[len(board)] = byte(turn)
	h.Write(b)
	return h.Sum64()
}

// Apply plays one typed move for a seat.
func (s *state) Apply(seat int, text string) ([]games.Event, error) {
	if s.Result != nil {
		return nil, fmt.Errorf("the game is over: %s", s.Result.Text)
	}
	if seat < 0 || seat >= len(s.Players) {
		return nil, fmt.Errorf("seat %d is not in this game", seat)
	}
	if !s.active(seat) {
		return nil, fmt.Errorf("%s has been removed from the game and cannot move", s.Players[seat])
	}
	m, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	switch m.Kind {
	case offerDraw:
		return s.applyDraw(seat)
	case refuseDraw:
		return s.applyRefuse(seat)
	}
	if seat != s.Turn {
		return nil, fmt.Errorf("it is %s's turn, not yours; wait for your turn (you may still resign)", s.Players[s.Turn])
	}
	if err := s.check(seat, m); err != nil {
		return nil, err
	}
	if m.Kind == moveCell || m.Kind == rotateCell {
		// A turn that looks like a shorter one is that move (j-f+++ on a
		// cell holding X0 X3 is j-f), in the log and the narration.
		m.Rot = s.plainRotation(m.From, m.Rot)
	}
	return s.play(seat, m), nil
}

func (s *state) applyDraw(seat int) ([]games.Event, error) {
	if !s.drawPending() {
		if seat != s.Turn {
			return nil, fmt.Errorf("you can offer a draw only on your turn; it is %s's turn", s.Players[s.Turn])
		}
		s.DrawAgreed[seat] = true
		return []games.Event{games.PublicEvent(fmt.Sprintf("%s offers a draw. Everyone else: accept or refuse it with the buttons (or type \"draw\" or \"refuse\").", s.Players[seat]))}, nil
	}
	if s.DrawAgreed[seat] {
		return nil, fmt.Errorf("you already agreed to the draw; wait for the others to answer, or make your move")
	}
	s.DrawAgreed[seat] = true
	ev := []games.Event{games.PublicEvent(fmt.Sprintf("%s accepts the draw.", s.Players[seat]))}
	for _, p := range s.activeSeats() {
		if !s.DrawAgreed[p] {
			return ev, nil
		}
	}
	return append(ev, s.finishDraw("by agreement")...), nil
}

func (s *state) applyRefuse(seat int) ([]games.Event, error) {
	if !s.drawPending() {
		return nil, fmt.Errorf("nobody is offering a draw, so there is nothing to refuse; type \"draw\" on your turn to offer one")
	}
	if s.DrawAgreed[seat] {
		return nil, fmt.Errorf("you agreed to this draw; make your move instead")
	}
	s.clearDraw()
	return []games.Event{games.PublicEvent(fmt.Sprintf("%s refuses the draw; play goes on.", s.Players[seat]))}, nil
}

// Resign removes a seat; the others play on, and a lone survivor wins.
func (s *state) Resign(seat int) ([]games.Event, error) {
	if s.Result != nil {
		return nil, fmt.Errorf("the game is over: %s", s.Result.Text)
	}
	if seat < 0 || seat >= len(s.Players) {
		return nil, fmt.Errorf("seat %d is not in this game", seat)
	}
	if !s.active(seat) {
		return nil, fmt.Errorf("%s is already out of the game", s.Players[seat])
	}
	s.Removals++
	s.Out[seat] = s.Removals
	s.clearDraw()
	ev := []games.Event{games.PublicEvent(fmt.Sprintf("%s resigns; their markers stay on the board for anyone to use.", s.name(seat)))}
	if left := s.activeSeats(); len(left) <= 1 {
		return append(ev, s.finishWin()...), nil
	}
	if seat == s.Turn {
		ev = append(ev, s.advance(seat)...)
	}
	return ev, nil
}

// play applies a checked board move and everything that follows from it.
func (s *state) play(seat int, m move) []games.Event {
	var ev []games.Event
	if s.drawPending() && !s.DrawAgreed[seat] {
		s.clearDraw()
		ev = append(ev, games.PublicEvent(fmt.Sprintf("%s moved instead of accepting, so the draw offer lapses.", s.Players[seat])))
	}
	last, captured := s.applyBoard(seat, m)
	s.Last = last
	s.Plies++
	ev = append(ev, games.PublicEvent(s.narrate(seat, m, captured)))

	irreversible := m.Kind == addMarker || len(captured) > 0
	if irreversible {
		s.Quiet = 0
	} else {
		s.Quiet++
	}

	ev = append(ev, s.removeBeaten()...)
	if len(s.activeSeats()) <= 1 {
		return append(ev, s.finishWin()...)
	}
	ev = append(ev, s.advance(seat)...)
	if s.Result != nil {
		return ev
	}
	h := s.positionHash()
	if irreversible {
		s.Seen = nil
	}
	repeats := 0
	for _, x := range s.Seen {
		if x == h {
			repeats++
		}
	}
	s.Seen = append(s.Seen, h)
	if repeats+1 >= repetitionLimit {
		return append(ev, s.finishDraw(fmt.Sprintf("by repetition (the same position for the %s time)", ordinal(repetitionLimit)))...)
	}
	if s.Quiet >= quietLimit {
		return append(ev, s.finishDraw(fmt.Sprintf("after %d moves in a row without a capture or an added marker", quietLimit))...)
	}
	return ev
}

func ordinal(n int) string {
	switch n {
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}

// removeBeaten applies "Any player with only 1 marker remaining is removed
// from the game": every seat at 1 marker or fewer (board plus hand) goes out
// together, the mover included.
func (s *state) removeBeaten() []games.Event {
	var out []int
	for _, p := range s.activeSeats() {
		if s.onBoard(p)+s.Hand[p] <= 1 {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return nil
	}
	s.Removals++
	var ev []games.Event
	for _, p := range out {
		s.Out[p] = s.Removals
		s.DrawAgreed[p] = false
		left := s.onBoard(p) + s.Hand[p]
		what := "no markers"
		if left == 1 {
			what = "only 1 marker"
		}
		ev = append(ev, games.PublicEvent(fmt.Sprintf("%s has %s left and is removed from the game.", s.name(p), what)))
	}
	return ev
}

// advance passes the turn to the next remaining seat that can move. A seat
// with no legal board move passes; if nobody can move the game is drawn.
func (s *state) advance(from int) []games.Event {
	var ev []games.Event
	n := len(s.Players)
	for i := 1; i <= n; i++ {
		p := (from + i) % n
		if !s.active(p) {
			continue
		}
		if s.hasBoardMove(p) {
			s.Turn = p
			return ev
		}
		ev = append(ev, games.PublicEvent(fmt.Sprintf("%s has no legal move and passes.", s.name(p))))
	}
	return append(ev, s.finishDraw("because nobody has a legal move")...)
}

// finishWin ends the game with the last remaining player (if any) first and
// the others ranked by how long they lasted.
func (s *state) finishWin() []games.Event {
	left := s.activeSeats()
	if len(left) == 0 {
		// The last players went out on the same move: they draw.
		for i, k := range s.Out {
			if k == s.Removals {
				s.Out[i] = 0
			}
		}
		s.Removals--
		left = s.activeSeats()
		s.setResult(fmt.Sprintf("%s went out on the same move: the game is a draw between them.", s.joinNames(left)), games.EndDraw)
		return []games.Event{games.PublicEvent(s.Result.Text)}
	}
	s.setResult(fmt.Sprintf("%s wins!", s.name(left[0])), games.EndRanked)
	return []games.Event{games.PublicEvent(s.Result.Text)}
}

func (s *state) finishDraw(why string) []games.Event {
	left := s.activeSeats()
	s.setResult(fmt.Sprintf("The game is drawn %s between %s.", why, s.joinNames(left)), games.EndDraw)
	return []games.Event{games.PublicEvent(s.Result.Text)}
}

// setResult ranks remaining seats first (tied), then removed seats, later
// removals ahead of earlier ones. In a draw the seats ranked first drew.
func (s *state) setResult(text string, end games.Ending) {
	n := len(s.Players)
	rank := make([]int, n)
	score := make([]int, n)
	for i := range rank {
		score[i] = s.onBoard(i) + s.Hand[i]
		better := 0
		for j := range rank {
			if j != i && s.outLater(j, i) {
				better++
			}
		}
		rank[i] = better + 1
	}
	s.clearDraw()
	s.Result = &games.Outcome{Rank: rank, Score: score, Text: text, End: end}
}

// outLater says whether seat a lasted strictly longer than seat b.
func (s *state) outLater(a, b int) bool {
	oa, ob := s.Out[a], s.Out[b]
	if oa == ob {
		return false
	}
	if oa == 0 {
		return true
	}
	return ob != 0 && oa > ob
}

func (s *state) joinNames(seats []int) string {
	var names []string
	for _, p := range seats {
		names = append(names, s.name(p))
	}
	switch len(names) {
	case 0:
		return "nobody"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
