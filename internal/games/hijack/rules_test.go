package hijack

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// "Cells are lettered along the up-right diagonals" (seed board): a b c /
// d e f g / h i j k l / m n o p / q r s, and seen as columns a d h, b e i m,
// c f j n q, g k o r, l p s.
func TestLettering(t *testing.T) {
	g := geometryFor(3)
	var rows []string
	for i := range g.rows {
		var r []string
		for _, c := range g.rows[i] {
			r = append(r, g.names[c])
		}
		rows = append(rows, strings.Join(r, ""))
	}
	if got := strings.Join(rows, "/"); got != "abc/defg/hijkl/mnop/qrs" {
		t.Fatalf("rows %s", got)
	}
	cols := map[int]string{}
	for c := 0; c < g.cells; c++ {
		cols[g.q[c]] += g.names[c] // letter order within a column is top to bottom
	}
	want := []string{"adh", "beim", "cfjnq", "gkor", "lps"}
	for i, w := range want {
		if cols[i-2] != w {
			t.Errorf("column %d = %q, want %q", i-2, cols[i-2], w)
		}
	}
	// "O could move the h1 marker to any empty slot on cells h, i, j, k or l."
	var ray []string
	for _, c := range g.ray[g.index["h"]][1] {
		ray = append(ray, g.names[c])
	}
	if strings.Join(ray, "") != "ijkl" {
		t.Fatalf("ray from h up-right = %v", ray)
	}
	for n := minSize; n <= maxSize; n++ {
		g := geometryFor(n)
		if g.cells != 3*n*(n-1)+1 {
			t.Errorf("size %d has %d cells", n, g.cells)
		}
		for c := 0; c < g.cells; c++ {
			back, ok := cellNumber(g.names[c])
			if !ok || back != c || g.index[g.names[c]] != c {
				t.Errorf("size %d: cell %d named %q reads back as %d", n, c, g.names[c], back)
			}
		}
	}
	if geometryFor(4).names[26] != "aa" || geometryFor(6).names[90] != "cm" {
		t.Fatalf("names beyond z: %q %q", geometryFor(4).names[26], geometryFor(6).names[90])
	}
}

// "The board is a hexagonal arrangement of such cells (3 per side) which are
// initially empty. Each player starts with 12 markers of their colour in hand."
func TestSetup(t *testing.T) {
	s := newTest(t, 2, nil)
	if s.geo.cells != 19 || s.onBoard(0)+s.onBoard(1) != 0 || s.Hand[0] != 12 || s.Hand[1] != 12 {
		t.Fatalf("bad start: %d cells, hands %v", s.geo.cells, s.Hand)
	}
	text := s.Public().Text()
	for _, want := range []string{"On   In", "O: 12 ( 0 + 12 )", "X: 12 ( 0 + 12 )", "Alice (O) to move"} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	s = newTest(t, 3, games.Options{"size": 5, "num_pieces": 30})
	if s.geo.cells != 61 || s.Hand[2] != 30 || !strings.Contains(s.Public().Text(), "Z: 30 ( 0 + 30 )") {
		t.Fatalf("size 5, 30 pieces, 3 players: %d cells, hands %v", s.geo.cells, s.Hand)
	}
	// "Each turn the current player must move either a marker or a cell."
	// On an empty board the only moves are additions (and offering a draw).
	for _, m := range s.Legal(0) {
		if mv, err := parseMove(m); err != nil || (mv.Kind != addMarker && mv.Kind != offerDraw) {
			t.Fatalf("unexpected first move %q", m)
		}
	}
	if len(s.Legal(1)) != 0 {
		t.Fatalf("seat 1 may not move first")
	}
}

func TestOptionErrors(t *testing.T) {
	full, _ := Kind.Resolve(games.Options{"in_place": 1})
	_, err := Kind.New(games.Setup{Players: []string{"a", "b"}, Options: full})
	// "The -in_place option allows cells to rotate in-place without moving
	// (only applies if -can_rotate is also used)."
	if err == nil || !strings.Contains(err.Error(), "can_rotate") {
		t.Fatalf("in_place without can_rotate: %v", err)
	}
	if _, err := Kind.Resolve(games.Options{"size": 7}); err == nil {
		t.Fatal("size 7 accepted")
	}
	if _, err := Kind.Resolve(games.Options{"num_pieces": 1}); err == nil {
		t.Fatal("num_pieces 1 accepted")
	}
	for _, n := range []int{1, 4} {
		if _, err := Kind.New(games.Setup{Players: make([]string, n), Options: games.Options{}}); err == nil {
			t.Fatalf("%d players accepted", n)
		}
	}
}

// "Marker move: The player can add a marker of their colour to any empty
// slot of any cell, provided that they still have markers in hand."
func TestAddMarker(t *testing.T) {
	s := newTest(t, 2, games.Options{"num_pieces": 2})
	ev := mustApply(t, s, 0, "a5")
	if s.slot(0, 5) != 0 || s.Hand[0] != 1 || !strings.Contains(ev[0].Text, "Alice (O) added a marker at a5") {
		t.Fatalf("a5 not added: %v", ev)
	}
	if err := mustRefuse(t, s, 1, "A5"); !strings.Contains(err.Error(), "a5 already holds O") {
		t.Fatalf("occupied slot: %v", err)
	}
	mustApply(t, s, 1, " S3 ")
	mustApply(t, s, 0, "b0")
	mustApply(t, s, 1, "s4")
	if err := mustRefuse(t, s, 0, "c1"); !strings.Contains(err.Error(), "no markers left in hand") {
		t.Fatalf("empty hand: %v", err)
	}
	if err := mustRefuse(t, s, 0, "t1"); !strings.Contains(err.Error(), "no cell t") {
		t.Fatalf("off-board cell: %v", err)
	}
}

// "Alternatively, the player can move a marker of their colour to any empty
// slot on its current cell or any other cell in its direction of travel."
// The seed: "O could move the h1 marker to any empty slot on cells h, i, j,
// k or l."
func TestMarkerMove(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{1, 0}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
	legal := legalSet(s, 0)
	reach := map[string]bool{}
	for m := range legal {
		if strings.HasPrefix(m, "h1-") {
			mv, _ := parseMove(m)
			reach[s.geo.names[mv.To]] = true
			if s.slot(mv.To, mv.ToSlot) != empty {
				t.Errorf("%s lands on an occupied slot", m)
			}
		}
	}
	for _, c := range []string{"h", "i", "j", "k", "l"} {
		if !reach[c] {
			t.Errorf("h1 cannot reach %s", c)
		}
	}
	if len(reach) != 5 {
		t.Errorf("h1 reaches %v", reach)
	}
	// j1 and j5 are the free slots of j; j0 holds X.
	if !legal["h1-4"] || !legal["h1-l"] || !legal["h1-k4"] || !legal["h1-j"] || !legal["h1-j5"] || legal["h1-j0"] {
		t.Errorf("wrong marker destinations")
	}
	if err := mustRefuse(t, s, 0, "h1-n"); !strings.Contains(err.Error(), "cannot reach cell n") {
		t.Errorf("off the ray: %v", err)
	}
	if err := mustRefuse(t, s, 0, "h5-4"); !strings.Contains(err.Error(), "is X, not yours") {
		t.Errorf("enemy marker: %v", err)
	}
	if err := mustRefuse(t, s, 0, "h1-j0"); !strings.Contains(err.Error(), "not empty") {
		t.Errorf("occupied destination: %v", err)
	}
	mustApply(t, s, 0, "h1-k4")
	if slotsOf(s, "h") != "X5" || slotsOf(s, "k") != "X1 O4" {
		t.Fatalf("after h1-k4: h=%s k=%s", slotsOf(s, "h"), slotsOf(s, "k"))
	}
	mustApply(t, s, 1, "k1-3") // within its own cell
	if slotsOf(s, "k") != "X3 O4" {
		t.Fatalf("after k1-3: k=%s", slotsOf(s, "k"))
	}
}

// "Cell move: The player can move a cell in any direction indicated by any of
// its markers (of either colour) by moving all of its markers to the new cell
// location ... The cell can move any number of steps provided that all
// intervening cells are empty. Any markers on the destination cell (of
// either colour) are captured and removed from the game."
func TestCellMove(t *testing.T) {
	s := newTest(t, 2, nil)
	// O on d (d1 points up-right along e f g); X on f; empty e between.
	setPosition(t, s, 1, []int{10, 10}, "d1", "f0 f3")
	legal := legalSet(s, 1)
	// X hijacks O's marker: d-e (empty, one step) and d-f (capture).
	if !legal["d-e"] || !legal["d-f"] || legal["d-g"] {
		t.Fatalf("cell d moves: e %v f %v g %v", legal["d-e"], legal["d-f"], legal["d-g"])
	}
	// f moves along its own markers: up (0: c) and down (3: j, n, q).
	for _, m := range []string{"f-c", "f-j", "f-n", "f-q"} {
		if !legal[m] {
			t.Errorf("%s not legal", m)
		}
	}
	if err := mustRefuse(t, s, 1, "d-g"); !strings.Contains(err.Error(), "over empty cells") {
		t.Errorf("jumping over f: %v", err)
	}
	if err := mustRefuse(t, s, 1, "d-h"); !strings.Contains(err.Error(), "cannot move to h") {
		t.Errorf("no marker points at h: %v", err)
	}
	if err := mustRefuse(t, s, 1, "e-f"); !strings.Contains(err.Error(), "cell e is empty") {
		t.Errorf("empty cell: %v", err)
	}
	ev := mustApply(t, s, 1, "d-f")
	if slotsOf(s, "d") != "" || slotsOf(s, "f") != "O1" || s.Captured[1] != 2 {
		t.Fatalf("after d-f: d=%q f=%q captured %v", slotsOf(s, "d"), slotsOf(s, "f"), s.Captured)
	}
	if !strings.Contains(ev[0].Text, "Bob (X) moved cell d to f, capturing 2 X.") {
		t.Fatalf("narration %q", ev[0].Text)
	}
}

// "Players may capture their own markers." and the worked example: "a much
// better option is to move the entire cell h to j ... This move captures
// three X pieces and unfortunately one O piece ... and forks cells a and k."
func TestWorkedExample(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{1, 0}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
	text := s.Public().Text()
	for _, want := range []string{"O:  4 ( 3 +  1 )", "X:  6 ( 6 +  0 )"} {
		if !strings.Contains(text, want) {
			t.Fatalf("text lacks %q:\n%s", want, text)
		}
	}
	// "save their h1 marker which is under threat from cells a and j"
	legalX := func() map[string]bool { s.Turn = 1; defer func() { s.Turn = 0 }(); return legalSet(s, 1) }()
	if !legalX["a-h"] || !legalX["j-h"] {
		t.Fatal("h is not threatened from a and j")
	}
	if legal := s.Legal(0); legal[0] != "h-j" {
		t.Fatalf("best listed move %q, want h-j (captures 3 X)", legal[0])
	}
	ev := mustApply(t, s, 0, "h-j")
	if !strings.Contains(ev[0].Text, "Alice (O) moved cell h to j, capturing 3 X and 1 O.") {
		t.Fatalf("narration %q", ev[0].Text)
	}
	want := map[string]string{"a": "X3", "f": "O4", "h": "", "i": "", "j": "O1 X5", "k": "X1"}
	for c, w := range want {
		if got := slotsOf(s, c); got != w {
			t.Errorf("cell %s = %q, want %q", c, got, w)
		}
	}
	if s.onBoard(0)+s.Hand[0] != 3 || s.onBoard(1)+s.Hand[1] != 3 {
		t.Fatalf("totals O %d X %d, want 3 and 3", s.onBoard(0)+s.Hand[0], s.onBoard(1)+s.Hand[1])
	}
	text = s.Public().Text()
	for _, want := range []string{"O:  3 ( 2 +  1 )", "X:  3 ( 3 +  0 )", "capturing Xj0 Xj2 Xj3 Oj4"} {
		if !strings.Contains(text, want) {
			t.Fatalf("text lacks %q:\n%s", want, text)
		}
	}
	last := s.Public().(*View).Last
	if last.From != "h" || last.To != "j" || len(last.Captured) != 4 {
		t.Fatalf("last move %+v", last)
	}
	// "forks cells a and k": j5 reaches a over empty e, j1 reaches k.
	s.Turn = 0
	legal := legalSet(s, 0)
	s.Turn = 1
	if !legal["j-a"] || !legal["j-k"] {
		t.Fatalf("no fork: j-a %v j-k %v", legal["j-a"], legal["j-k"])
	}
	// "X might think of moving cell j to e in the hope that O captures it
	// next turn from f ... but O would probably just capture cell a from this
	// position instead."
	mustApply(t, s, 1, "j-e")
	legal = legalSet(s, 0)
	if !legal["f-e"] || !legal["e-a"] {
		t.Fatalf("after j-e: f-e %v e-a %v", legal["f-e"], legal["e-a"])
	}
}

// "O can defend their marker next move by playing at either slot a1 or slot
// d4 ... A move at a1 would threaten the X marker whether it captures or
// not ... A move at d4 would threaten the X marker only if it captures the O
// on cell c". On our board the seed's a b c d are d e f g.
func TestDefenceExample(t *testing.T) {
	for _, opts := range allOptionSets() {
		// X on e1 attacks O on f0.
		fresh := func() *state {
			s := newTest(t, 2, opts)
			setPosition(t, s, 0, []int{5, 5}, "f0", "e1")
			if !legalSet(s, 0)["e-f"] {
				t.Fatalf("%v: X on e does not attack f", opts)
			}
			return s
		}
		oCaptures := func(s *state) bool {
			for _, m := range s.Legal(0) {
				mv, err := parseMove(m)
				if err == nil && mv.Kind == moveCell {
					if e, _ := s.captureCount(0, mv.To); e > 0 {
						return true
					}
				}
			}
			return false
		}
		// a1 (our d1): threatens X if X does not capture...
		s := fresh()
		mustApply(t, s, 0, "d1")
		mustApply(t, s, 1, "a0") // X plays elsewhere
		if !legalSet(s, 0)["d-e"] {
			t.Errorf("%v: after d1 and a quiet X move, O cannot take e", opts)
		}
		// ... and if it does.
		s = fresh()
		mustApply(t, s, 0, "d1")
		mustApply(t, s, 1, "e-f")
		if !legalSet(s, 0)["d-f"] {
			t.Errorf("%v: after d1 and e-f, O cannot retake on f", opts)
		}
		// d4 (our g4): no threat unless X captures f with g.
		s = fresh()
		mustApply(t, s, 0, "g4")
		mustApply(t, s, 1, "a0")
		if oCaptures(s) {
			t.Errorf("%v: g4 should not threaten X directly: %v", opts, s.Legal(0)[:3])
		}
		s = fresh()
		mustApply(t, s, 0, "g4")
		mustApply(t, s, 1, "g-f") // X uses O's g4 to take f0
		if slotsOf(s, "f") != "O4" || !legalSet(s, 0)["f-e"] {
			t.Errorf("%v: after g-f, f=%q and f-e legal %v", opts, slotsOf(s, "f"), legalSet(s, 0)["f-e"])
		}
	}
}

// allOptionSets lists every valid combination of the boolean options.
func allOptionSets() []games.Options {
	var out []games.Options
	for _, rot := range []int{0, 1} {
		for _, in := range []int{0, 1} {
			if in == 1 && rot == 0 {
				continue
			}
			for _, blk := range []int{0, 1} {
				out = append(out, games.Options{"can_rotate": rot, "in_place": in, "block_marker": blk})
			}
		}
	}
	return out
}

// "The -block_marker option specifies that markers cannot move through
// intervening cells unless their corresponding slots are empty."
func TestBlockMarker(t *testing.T) {
	// O h1 looks up-right along i j k l; j holds X in j1 (the corresponding
	// slot) and i holds X in i0 (another slot).
	for _, block := range []int{0, 1} {
		s := newTest(t, 2, games.Options{"block_marker": block})
		setPosition(t, s, 0, []int{5, 5}, "h1", "i0 j1")
		legal := legalSet(s, 0)
		if !legal["h1-i"] || !legal["h1-j2"] {
			t.Errorf("block %d: cannot reach i or j", block)
		}
		if legal["h1-k"] != (block == 0) || legal["h1-l"] != (block == 0) {
			t.Errorf("block %d: h1-k %v h1-l %v", block, legal["h1-k"], legal["h1-l"])
		}
		if block == 1 {
			if err := mustRefuse(t, s, 0, "h1-k"); !strings.Contains(err.Error(), "block_marker") {
				t.Errorf("blocked move error: %v", err)
			}
		}
		// Cell moves are not affected by block_marker.
		if !legal["h-i"] {
			t.Errorf("block %d: cell move h-i missing", block)
		}
	}
}

// "The -can_rotate option allows cells to rotate after moving" and
// "a-b++" = "Move cell a to b then rotate it twice clockwise".
func TestRotateAfterMove(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{5, 5}, "h1", "h5")
	if err := mustRefuse(t, s, 0, "h-i++"); !strings.Contains(err.Error(), "can_rotate") {
		t.Fatalf("rotation without can_rotate: %v", err)
	}
	s = newTest(t, 2, games.Options{"can_rotate": 1})
	setPosition(t, s, 0, []int{5, 5}, "h1", "h5")
	for _, m := range []string{"h-i", "h-i+", "h-i++", "h-i+++", "h-i--", "h-i-"} {
		if !legalSet(s, 0)[m] {
			t.Errorf("%s not legal", m)
		}
	}
	ev := mustApply(t, s, 0, "h-i++")
	// Clockwise: slot 1 (up-right) -> 3 (down); slot 5 (up-left) -> 1.
	if slotsOf(s, "i") != "X1 O3" {
		t.Fatalf("after h-i++: i=%q", slotsOf(s, "i"))
	}
	if !strings.Contains(ev[0].Text, "rotated it 2 steps clockwise") {
		t.Fatalf("narration %q", ev[0].Text)
	}
	mustApply(t, s, 1, "i-m-") // along O's i3 (down), then 1 step anticlockwise
	if slotsOf(s, "m") != "X0 O2" {
		t.Fatalf("after i-m-: m=%q", slotsOf(s, "m"))
	}
	// In place rotation still needs in_place.
	if err := mustRefuse(t, s, 0, "m+"); !strings.Contains(err.Error(), "in_place") {
		t.Fatalf("in place without in_place: %v", err)
	}
}

// "The -in_place option allows cells to rotate in-place without moving" and
// "a-" = "Rotate cell a once anticlockwise without moving".
func TestRotateInPlace(t *testing.T) {
	s := newTest(t, 2, games.Options{"can_rotate": 1, "in_place": 1})
	setPosition(t, s, 0, []int{5, 5}, "h1", "j0 j1 j2 j3 j4 j5")
	mustApply(t, s, 0, "h-")
	if slotsOf(s, "h") != "O0" {
		t.Fatalf("after h-: h=%q", slotsOf(s, "h"))
	}
	mustApply(t, s, 1, "h+++")
	if slotsOf(s, "h") != "O3" {
		t.Fatalf("after h+++: h=%q", slotsOf(s, "h"))
	}
	// Turning a cell that looks the same afterwards would be a pass.
	if err := mustRefuse(t, s, 0, "j+"); !strings.Contains(err.Error(), "exactly as it is") {
		t.Fatalf("null rotation: %v", err)
	}
	if legalSet(s, 0)["j+"] {
		t.Fatal("null rotation listed")
	}
	if err := mustRefuse(t, s, 0, "a+"); !strings.Contains(err.Error(), "empty") {
		t.Fatalf("empty cell rotation: %v", err)
	}
}

// "Any player with only 1 marker remaining is removed from the game; the last
// remaining player wins."
func TestEliminationTwoPlayers(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 1, []int{1, 5}, "f0", "e1")
	ev := mustApply(t, s, 1, "e-f")
	o := s.Outcome()
	if o == nil || o.Rank[0] != 2 || o.Rank[1] != 1 {
		t.Fatalf("outcome %+v", o)
	}
	all := ""
	for _, e := range ev {
		all += e.Text + "\n"
	}
	for _, want := range []string{"Alice (O) has only 1 marker left and is removed", "Bob (X) wins!"} {
		if !strings.Contains(all, want) {
			t.Errorf("events lack %q:\n%s", want, all)
		}
	}
	if len(s.Prompts()) != 0 || len(s.Legal(1)) != 0 {
		t.Fatal("prompts after the end")
	}
	if _, err := s.Apply(0, "a0"); err == nil {
		t.Fatal("move after the end accepted")
	}
}

// "Three-player Hijack is played as per standard game": the game goes on
// after the first removal, the removed player's markers stay on the board
// for anyone to use, and play skips the removed seat.
func TestEliminationThreePlayers(t *testing.T) {
	s := newTest(t, 3, nil)
	setPosition(t, s, 2, []int{0, 5, 5}, "f0 a3", "e1", "s3")
	mustApply(t, s, 2, "e-f") // Carol hijacks Bob's e1 and takes Alice's f0
	if s.Outcome() != nil {
		t.Fatal("game ended after one removal of three")
	}
	if s.active(0) || s.Turn != 1 {
		t.Fatalf("Alice active %v, turn %d", s.active(0), s.Turn)
	}
	if slotsOf(s, "a") != "O3" || !legalSet(s, 1)["a-d"] {
		t.Fatal("Alice's a3 should stay and move cell a for others")
	}
	if _, err := s.Apply(0, "a3-d"); err == nil || !strings.Contains(err.Error(), "removed") {
		t.Fatalf("removed seat moved: %v", err)
	}
	if len(s.Legal(0)) != 0 {
		t.Fatal("removed seat has legal moves")
	}
	// The table refuses the removed player's moves as from someone out of
	// the game (games.OutOfPlay), not as made out of turn.
	if !s.OutOfPlay(0) || s.OutOfPlay(1) || s.OutOfPlay(2) {
		t.Fatalf("out of play: %v %v %v, want only Alice's seat", s.OutOfPlay(0), s.OutOfPlay(1), s.OutOfPlay(2))
	}
	mustApply(t, s, 1, "b0")
	if s.Turn != 2 {
		t.Fatalf("turn %d after Bob, want Carol", s.Turn)
	}
	// Carol goes out: Bob wins, Carol second, Alice third.
	setPosition(t, s, 1, []int{0, 5, 0}, "a3", "d1", "e0 b2")
	mustApply(t, s, 1, "d-e")
	o := s.Outcome()
	if o == nil || o.Rank[0] != 3 || o.Rank[1] != 1 || o.Rank[2] != 2 {
		t.Fatalf("outcome %+v", o)
	}
}

// "A: Adds piece 'a'. B: Adds piece 'b' to threaten 'a'. C: Captures 'a'
// with 'b'."
func TestThreePlayerHijack(t *testing.T) {
	s := newTest(t, 3, nil)
	mustApply(t, s, 0, "f0")
	mustApply(t, s, 1, "e1")
	ev := mustApply(t, s, 2, "e-f")
	if slotsOf(s, "f") != "X1" || s.Captured[0] != 1 || !strings.Contains(ev[0].Text, "Carol (Z) moved cell e to f, capturing 1 O.") {
		t.Fatalf("f=%q captured %v: %v", slotsOf(s, "f"), s.Captured, ev)
	}
}

// When the last players go out on the same move, they share the result.
func TestSimultaneousRemoval(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{1, 0}, "", "e1 f3")
	mustApply(t, s, 0, "e-f")
	o := s.Outcome()
	if o == nil || o.Rank[0] != 1 || o.Rank[1] != 1 || !strings.Contains(o.Text, "draw") {
		t.Fatalf("outcome %+v", o)
	}
}

func TestDrawByAgreement(t *testing.T) {
	s := newTest(t, 2, nil)
	if err := mustRefuse(t, s, 1, "draw"); !strings.Contains(err.Error(), "only on your turn") {
		t.Fatalf("off-turn offer: %v", err)
	}
	mustApply(t, s, 0, "draw")
	if s.Turn != 0 {
		t.Fatal("offering a draw used the turn")
	}
	ps := s.Prompts()
	if len(ps) != 2 || ps[1].Seat != 1 || ps[1].Default != "refuse" || ps[1].Turn {
		t.Fatalf("prompts %+v", ps)
	}
	mustApply(t, s, 0, "a0") // the offer stands after the offerer moves
	if !s.drawPending() {
		t.Fatal("offer lapsed when the offerer moved")
	}
	mustApply(t, s, 1, "DRAW")
	if o := s.Outcome(); o == nil || o.Rank[0] != 1 || o.Rank[1] != 1 {
		t.Fatalf("outcome %+v", o)
	}

	s = newTest(t, 2, nil)
	mustApply(t, s, 0, "draw")
	mustApply(t, s, 1, "refuse")
	if s.drawPending() || s.Outcome() != nil {
		t.Fatal("refused offer still pending")
	}
	mustRefuse(t, s, 1, "refuse")

	// Moving instead of answering lets the offer lapse.
	s = newTest(t, 3, nil)
	mustApply(t, s, 0, "draw")
	mustApply(t, s, 0, "a0")
	mustApply(t, s, 2, "draw")
	mustApply(t, s, 1, "b0")
	if s.drawPending() {
		t.Fatal("offer survived a move by a seat that had not agreed")
	}
}

func TestDrawByRepetition(t *testing.T) {
	s := newTest(t, 2, games.Options{"can_rotate": 1, "in_place": 1})
	mustApply(t, s, 0, "a0")
	mustApply(t, s, 1, "s3")
	for i, m := range []string{"a+", "a-", "a+"} {
		mustApply(t, s, i%2, m)
		if s.Outcome() != nil {
			t.Fatalf("ended after %d rotations", i+1)
		}
	}
	mustApply(t, s, 1, "a-")
	if o := s.Outcome(); o == nil || !strings.Contains(o.Text, "repetition") {
		t.Fatalf("no draw by repetition: %+v", o)
	}
}

func TestDrawByQuietMoves(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{5, 5}, "a0", "s3")
	s.Quiet = quietLimit - 2
	mustApply(t, s, 0, "a0-1")
	mustApply(t, s, 1, "s0")
	if s.Quiet != 0 || s.Outcome() != nil {
		t.Fatal("an addition does not reset the quiet count")
	}
	s.Quiet = quietLimit - 1
	mustApply(t, s, 0, "a1-2")
	if o := s.Outcome(); o == nil || !strings.Contains(o.Text, "without a capture") {
		t.Fatalf("no draw after %d quiet moves: %+v", quietLimit, o)
	}
}

func TestResign(t *testing.T) {
	s := newTest(t, 2, nil)
	if _, err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o == nil || o.Rank[0] != 1 || o.Rank[1] != 2 {
		t.Fatalf("outcome %+v", o)
	}
	s = newTest(t, 3, nil)
	mustApply(t, s, 0, "a0")
	if _, err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	if s.Outcome() != nil || s.Turn != 2 {
		t.Fatalf("3p resign: outcome %v, turn %d", s.Outcome(), s.Turn)
	}
	if _, err := s.Resign(1); err == nil {
		t.Fatal("resigned twice")
	}
	mustApply(t, s, 2, "b0")
	if s.Turn != 0 {
		t.Fatalf("turn %d, want Alice after Carol", s.Turn)
	}
	if _, err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o == nil || o.Rank[2] != 1 || o.Rank[0] != 2 || o.Rank[1] != 3 {
		t.Fatalf("outcome %+v", o)
	}
}

// A seat that is still in always has a board move (see the assumptions), so
// the turn never needs a pass; Playout checks it on every move too.
func TestAlwaysAMove(t *testing.T) {
	s := newTest(t, 2, games.Options{"size": 2, "num_pieces": 40})
	for i := 0; i < 42; i++ {
		p := s.Turn
		mustApply(t, s, p, s.Legal(p)[len(s.Legal(p))-2]) // last board move listed
	}
	for p := range s.Players {
		if s.active(p) && !s.hasBoardMove(p) {
			t.Fatalf("seat %d stuck on\n%s", p, s.Public().Text())
		}
	}
}

func TestWrongTurnAndSeat(t *testing.T) {
	s := newTest(t, 2, nil)
	if err := mustRefuse(t, s, 1, "a0"); !strings.Contains(err.Error(), "Alice's turn") {
		t.Fatal(err)
	}
	mustRefuse(t, s, 5, "a0")
	if err := mustRefuse(t, s, 0, "a1-b"); !strings.Contains(err.Error(), "empty") {
		t.Fatal(err)
	}
}
