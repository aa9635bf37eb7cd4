package images

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
)

// hijackOptionSets are the option combinations the playouts cycle through.
var hijackOptionSets = []games.Options{
	{}, {"can_rotate": 1}, {"can_rotate": 1, "in_place": 1}, {"block_marker": 1},
	{"can_rotate": 1, "in_place": 1, "block_marker": 1, "num_pieces": 30},
}

// hijackView is a named view of a playout.
type hijackView struct {
	name string
	v    *hijack.View
}

// hijackPlayoutViews are views of seeded random playouts: 2 and 3 players,
// every board size, the option sets in turn, from the start to the end;
// played once for the tests that read them.
func hijackPlayoutViews(t testing.TB) []hijackView {
	hijackViewsOnce.Do(func() { hijackViewsPlayed = hijackPlay(t) })
	if len(hijackViewsPlayed) == 0 {
		t.Fatal("the playouts failed before")
	}
	return hijackViewsPlayed
}

var (
	hijackViewsOnce   sync.Once
	hijackViewsPlayed []hijackView
)

func hijackPlay(t testing.TB) []hijackView {
	var out []hijackView
	i := 0
	for _, players := range []int{2, 3} {
		for size := 2; size <= 6; size++ {
			for _, moves := range []int{0, 10, 60, 100000} {
				opts := games.Options{"size": size}
				for k, v := range hijackOptionSets[i%len(hijackOptionSets)] {
					opts[k] = v
				}
				i++
				full, err := hijack.Kind.Resolve(opts)
				if err != nil {
					t.Fatal(err)
				}
				names := []string{"Alice", "Bob", "Carol with a very long display name"}[:players]
				s, err := hijack.Kind.New(games.Setup{Players: names, Options: full, Seed: uint64(i)})
				if err != nil {
					t.Fatal(err)
				}
				playRandomly(t, s, moves, uint64(i))
				out = append(out, hijackView{fmt.Sprintf("%dp size %d %v after %d", players, size, opts, moves), s.Public().(*hijack.View)})
			}
		}
	}
	for name, v := range hijackViews(t) {
		out = append(out, hijackView{name, v.(*hijack.View)})
	}
	return out
}

// Every text of the Hijack picture is at least 9 px tall when it is shown
// 350 px wide: the header and panel drawn on the picture, the cell names
// and key of the layout's layer, and the letters of the markers (stamped
// from sprites, so drawn here alone at the sizes the picture uses).
func TestHijackTextSizesAtPhoneWidth(t *testing.T) {
	layouts := map[string]bool{}
	for _, hv := range hijackPlayoutViews(t) {
		dc := drawHijackCanvas(hv.v)
		least, n := smallestText(dc)
		assertLegible(t, hv.name, least, n, dc.Width())
		releaseRGBA(dc.RGBA())
		l := hijackLayout(hv.v)
		if key := hijackLayerKey(hv.v); !layouts[key] {
			layouts[key] = true
			layer := hijackLayer(hv.v, l)
			least, n := smallestText(layer)
			assertLegible(t, hv.name+" layer", least, n, layer.Width())
		}
		for seat, p := range hv.v.Players {
			for _, size := range []float64{l.markerSize, hijackPanelMarker} {
				m := NewCanvas(80, 80)
				hijackMarker(m, 40, 40, size, seat, p.Marker)
				least, n := smallestText(m)
				assertLegible(t, fmt.Sprintf("%s marker %s at %.1f", hv.name, p.Marker, size), least, n, hijackWidth)
			}
		}
	}
	if len(layouts) != 10 {
		t.Fatalf("%d layouts drawn, want every size for 2 and 3 players", len(layouts))
	}
}

// The description fits Discord's 1024 characters and says whose move it
// is, each player's count, the last move and every marker by cell and
// slot.
func TestHijackAlt(t *testing.T) {
	for _, hv := range hijackPlayoutViews(t) {
		alt := HijackAlt(hv.v)
		if n := utf8.RuneCountInString(alt); n == 0 || n > 1024 {
			t.Fatalf("%s: %d characters:\n%s", hv.name, n, alt)
		}
		want := []string{fmt.Sprintf("Hijack, a board of %d cells a side", hv.v.Size)}
		if hv.v.Over {
			want = append(want, "Game over.")
		} else {
			p := hv.v.Players[hv.v.Turn]
			want = append(want, fmt.Sprintf("%s (%s) to move.", clip(p.Name, 32), p.Marker))
		}
		for _, p := range hv.v.Players {
			want = append(want, fmt.Sprintf("%d %s, %d on the board and %d in hand", p.On+p.In, map[bool]string{true: "marker", false: "markers"}[p.On+p.In == 1], p.On, p.In))
		}
		if hv.v.Last != nil {
			want = append(want, "Last move: ")
		}
		for _, c := range hv.v.Cells {
			for d, seat := range c.Slots {
				if seat >= 0 {
					want = append(want, fmt.Sprintf("%s%d", c.Name, d))
				}
			}
		}
		for _, w := range want {
			if !strings.Contains(alt, w) {
				t.Fatalf("%s: the description lacks %q:\n%s", hv.name, w, alt)
			}
		}
	}
	if HijackAlt(nil) != "" {
		t.Fatal("described a nil view")
	}
}

// HIJACK_PNG_DIR=dir also writes pictures of the playouts at the game's
// start, middle and end, for every size, to look at.
func TestHijackPicturesToLookAt(t *testing.T) {
	dir := os.Getenv("HIJACK_PNG_DIR")
	if dir == "" {
		t.Skip("HIJACK_PNG_DIR=dir writes the pictures")
	}
	for i, hv := range hijackPlayoutViews(t) {
		if i%4 == 1 || i >= 40 { // not the views after 10 moves
			continue
		}
		img, err := Hijack(hv.v)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.NewReplacer(" ", "-", ":", "", "[", "", "]", "", "map", "").Replace(hv.name)
		lockedOutWritePNG(t, filepath.Join(dir, "playout-"+name+".png"), img)
	}
}
