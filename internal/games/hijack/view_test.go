package hijack

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

func TestKindMetadata(t *testing.T) {
	if Kind.Name != "hijack" || Kind.Title != "Hijack" || Kind.MinPlayers != 2 || Kind.MaxPlayers != 3 {
		t.Fatalf("kind %+v", Kind)
	}
	if len(Kind.Summary) > 100 || len(Kind.Rules) >= 1900 || Kind.MoveHelp == "" || Kind.Bot == nil || Kind.BotLevels != botLevels {
		t.Fatalf("summary %d, rules %d chars", len(Kind.Summary), len(Kind.Rules))
	}
	want := []string{"size", "num_pieces", "can_rotate", "in_place", "block_marker"}
	for i, o := range Kind.Options {
		if o.Name != want[i] || len(o.Description) > 100 {
			t.Errorf("option %d: %+v", i, o)
		}
	}
}

// The seed's board: "The scores at the top right of the board indicate each
// player's total number of markers, which is the sum of their markers on the
// board (On) plus their remaining markers in hand (In). The numbered cell on
// the right indicates direction numbers for quick reference."
func TestTextBoardAllSizes(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		s := newTest(t, 3, games.Options{"size": n})
		v := s.Public().(*View)
		board := v.Board()
		lines := strings.Split(strings.TrimRight(board, "\n"), "\n")
		if len(lines) != 12*(n-1)+7 {
			t.Errorf("size %d: %d lines", n, len(lines))
		}
		if !strings.HasSuffix(lines[0], "On   In") || !strings.Contains(lines[1], "O: 12 ( 0 + 12 )") || !strings.Contains(lines[3], "Z: 12 ( 0 + 12 )") {
			t.Errorf("size %d: score lines\n%s", n, strings.Join(lines[:4], "\n"))
		}
		for _, c := range v.Cells {
			if strings.Count(board, " "+c.Name+" ") == 0 {
				t.Errorf("size %d: cell %s missing", n, c.Name)
			}
		}
		mid := lines[6*(n-1)+3]
		if !strings.HasSuffix(mid, "+           +") {
			t.Errorf("size %d: no direction key beside the centre row: %q", n, mid)
		}
		if strings.Count(board, ".") != 6*len(v.Cells) {
			t.Errorf("size %d: %d empty slots drawn", n, strings.Count(board, "."))
		}
	}
}

// The first board of the seed, line for line (the extracted seed lost the
// leading spaces of most lines; the first line keeps them).
func TestTextMatchesSeed(t *testing.T) {
	s := newTest(t, 2, nil)
	board := s.Public().(*View).Board()
	lines := strings.Split(board, "\n")
	if lines[0] != "                      +-----+                               On   In" {
		t.Fatalf("first line %q", lines[0])
	}
	squash := func(l string) string { return strings.Join(strings.Fields(l), " ") }
	seed := []string{
		"+-----+ On In",
		"/ . \\ O: 12 ( 0 + 12 )",
		"/ . . \\ X: 12 ( 0 + 12 )",
		"+-----+ c +-----+",
		"/ . \\ . . / . \\",
		"/ . . \\ . / . . \\",
		"+-----+ b +-----+ g +-----+",
		"/ . \\ . . / . \\ . . / . \\",
		"/ . . \\ . / . . \\ . / . . \\",
		"+ a +-----+ f +-----+ l +",
		"\\ . . / . \\ . . / . \\ . . /",
		"\\ . / . . \\ . / . . \\ . /",
		"+-----+ e +-----+ k +-----+ +-----+",
		"/ . \\ . . / . \\ . . / . \\ / 0 \\",
		"/ . . \\ . / . . \\ . / . . \\ / 5 1 \\",
		"+ d +-----+ j +-----+ p + + +",
		"\\ . . / . \\ . . / . \\ . . / \\ 4 2 /",
		"\\ . / . . \\ . / . . \\ . / \\ 3 /",
		"+-----+ i +-----+ o +-----+ +-----+",
	}
	for i, want := range seed {
		if got := squash(lines[i]); got != want {
			t.Errorf("line %d: %q, want %q", i, got, want)
		}
	}
}

func TestPublicView(t *testing.T) {
	s := newTest(t, 2, games.Options{"block_marker": 1})
	setPosition(t, s, 0, []int{1, 0}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
	mustApply(t, s, 0, "h-j")
	v := s.Public().(*View)
	if v.Size != 3 || len(v.Cells) != 19 || v.Turn != 1 || !v.Options.BlockMarker || v.Over {
		t.Fatalf("view %+v", v)
	}
	j := v.Cells[9]
	if j.Name != "j" || j.Q != 0 || j.R != 0 || j.Slots[1] != 0 || j.Slots[5] != 1 || j.Slots[0] != -1 {
		t.Fatalf("cell j %+v", j)
	}
	if p := v.Players[0]; p.On != 2 || p.In != 1 || p.Marker != "O" {
		t.Fatalf("player O %+v", p)
	}
	if v.Last == nil || v.Last.Kind != "cell" || v.Last.From != "h" || v.Last.To != "j" || len(v.Last.Captured) != 4 {
		t.Fatalf("last %+v", v.Last)
	}
	if s.Private(0) != nil {
		t.Fatal("hijack has no private view")
	}
	if !strings.Contains(v.Text(), "Options: block_marker") {
		t.Fatal("options missing from text")
	}
}

// "Any player with only 1 marker remaining is removed from the game": the
// score lines of the ASCII board tag a removed player "out", on every size
// and with two-digit counts.
func TestTextBoardTagsRemovedPlayer(t *testing.T) {
	for n := minSize; n <= maxSize; n++ {
		s := newTest(t, 3, games.Options{"size": n, "num_pieces": 40})
		mustApply(t, s, 0, "a0")
		if _, err := s.Resign(1); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(s.Public().(*View).Board(), "\n")
		if !strings.HasSuffix(lines[2], "X: 40 ( 0 + 40 ) out") {
			t.Errorf("size %d: removed player's score line %q has no \"out\" tag", n, lines[2])
		}
		for _, i := range []int{1, 3} {
			if strings.Contains(lines[i], "out") {
				t.Errorf("size %d: player still in tagged out: %q", n, lines[i])
			}
		}
	}
}
