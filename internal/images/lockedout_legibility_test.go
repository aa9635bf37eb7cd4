package images

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
)

// phoneWidth and phoneText: Discord shows a picture about 350 px wide on a
// phone, where text under 9 px cannot be read.
const (
	phoneWidth = 350.0
	phoneText  = 9.0
)

// lockedOutPlayout is a seeded game of Locked Out played by random legal moves,
// any seat that is asked moving.
func lockedOutPlayout(t testing.TB, players int, seed uint64, moves int) games.State {
	t.Helper()
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"}[:players]
	s, err := lockedout.Kind.New(games.Setup{Players: names, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	playRandomly(t, s, moves, seed*7)
	return s
}

// lockedOutState is a named state of a playout.
type lockedOutState struct {
	name string
	s    games.State
}

// lockedOutStates are varied states: every player count, two seeds each, from
// the first move to the game's end. They are played once for the tests
// that read them (states are not changed).
func lockedOutStates(t testing.TB) []lockedOutState {
	lockedOutStatesOnce.Do(func() {
		for players := 3; players <= 6; players++ {
			for seed := uint64(1); seed <= 2; seed++ {
				for _, moves := range []int{0, 7, 30, 90, 200, 100000} {
					lockedOutStatesPlayed = append(lockedOutStatesPlayed, lockedOutState{fmt.Sprintf("%dp-seed%d-%d", players, seed, moves), lockedOutPlayout(t, players, seed, moves)})
				}
			}
		}
	})
	if len(lockedOutStatesPlayed) != 48 {
		t.Fatal("the playouts failed before")
	}
	return lockedOutStatesPlayed
}

var (
	lockedOutStatesOnce   sync.Once
	lockedOutStatesPlayed []lockedOutState
)

// smallestText is the smallest font size a canvas drew its own texts at
// (sprites and kept shapes bring their texts but not their sizes: they
// are checked on their own), and how many it drew.
func smallestText(dc *Canvas) (float64, int) {
	least := math.Inf(1)
	for _, s := range dc.sizes {
		least = math.Min(least, s)
	}
	return least, len(dc.sizes)
}

// assertLegible fails when the smallest text of a picture w px wide is
// under 9 px at phone width.
func assertLegible(t *testing.T, name string, least float64, n int, w int) {
	t.Helper()
	if n == 0 {
		t.Errorf("%s: no text recorded", name)
		return
	}
	if least/float64(w) < phoneText/phoneWidth {
		t.Errorf("%s: smallest text %.1f px on a %d px picture: %.1f px at %v px wide, want %v or more",
			name, least, w, least*phoneWidth/float64(w), phoneWidth, phoneText)
	}
}

// Every text of the turn picture, the full board and each hand is at
// least 9 px tall when the picture is shown 350 px wide, over playouts of
// every player count from the start to the end. Pawns are drawn directly
// (no kept shapes) so their numbers are recorded; the chips and tiles,
// stamped from sprites, are drawn alone for every card met.
func TestLockedOutLegibleAtPhoneWidth(t *testing.T) {
	defer func(max int64) { lockedOutShapes.max = max }(lockedOutShapes.max)
	lockedOutShapes.max = 0
	cards := map[string]lockedout.CardView{}
	for _, st := range lockedOutStates(t) {
		pub := st.s.Public().(*lockedout.PublicView)
		for _, full := range []bool{false, true} {
			dc := lockedOutTable(pub, full)
			least, n := smallestText(dc)
			assertLegible(t, fmt.Sprintf("%s full=%t", st.name, full), least, n, dc.Width())
			releaseRGBA(dc.RGBA())
		}
		for _, c := range append(append(append([]lockedout.CardView{}, pub.Access...), pub.Supplies...), pub.Discard...) {
			cards[c.ID] = c
		}
		for seat := range pub.Players {
			pv := st.s.Private(seat).(*lockedout.PrivateView)
			dc := lockedOutHand(pv)
			least, n := smallestText(dc)
			assertLegible(t, fmt.Sprintf("%s hand %d", st.name, seat), least, n, dc.Width())
			releaseRGBA(dc.RGBA())
			for _, c := range append(append([]lockedout.CardView{}, pv.Hand...), pv.Seen...) {
				cards[c.ID] = c
			}
		}
	}
	if len(cards) < 50 {
		t.Fatalf("the playouts met only %d cards", len(cards))
	}
	for _, c := range cards {
		tile := NewCanvas(int(lockedOutTileW)+7, int(lockedOutTileH)+7)
		lockedOutCardTile(tile, c, 3, 3)
		least, n := smallestText(tile)
		assertLegible(t, "tile "+c.ID, least, n, lockedOutWidth)
		chip := NewCanvas(400, int(lockedOutChipH)+5)
		lockedOutChipDraw(chip, c, 2, 2, 390, c.ID+" "+c.Name)
		least, n = smallestText(chip)
		assertLegible(t, "chip "+c.ID, least, n, lockedOutWidth)
	}
}

// The full board of long games stays within the pictures' budget of
// 150 KB (docs/performance.md) as the turn picture does.
func TestLockedOutFullWithinBudget(t *testing.T) {
	for _, st := range lockedOutStates(t) {
		if !strings.HasSuffix(st.name, "-200") && !strings.HasSuffix(st.name, "-100000") || strings.Contains(st.name, "seed2") {
			continue
		}
		for kind, draw := range map[string]func(games.View) (image.Image, error){"turn": LockedOut, "full": LockedOutFull} {
			img, err := draw(st.s.Public())
			if err != nil {
				t.Fatal(err)
			}
			data, err := EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > 150_000 || img.Bounds().Dx() < 1000 {
				t.Errorf("%s %s: %d bytes, %v", st.name, kind, len(data), img.Bounds())
			}
		}
	}
}

// LOCKEDOUT_PNG=dir writes the pictures of a few states to look at: the
// start, the middle, the end, six players, hands.
func TestLockedOutPicturesToLookAt(t *testing.T) {
	dir := os.Getenv("LOCKEDOUT_PNG")
	if dir == "" {
		t.Skip("LOCKEDOUT_PNG=dir writes the pictures")
	}
	for _, c := range []struct {
		name           string
		players, moves int
		seed           uint64
	}{{"start3", 3, 0, 1}, {"mid4", 4, 60, 2}, {"late5", 5, 250, 3}, {"six", 6, 40, 4}, {"end6", 6, 100000, 5}, {"end3", 3, 100000, 6}} {
		s := lockedOutPlayout(t, c.players, c.seed, c.moves)
		for kind, draw := range map[string]func(games.View) (image.Image, error){"turn": LockedOut, "full": LockedOutFull} {
			img, err := draw(s.Public())
			if err != nil {
				t.Fatal(err)
			}
			lockedOutWritePNG(t, filepath.Join(dir, c.name+"-"+kind+".png"), img)
		}
		for seat := range c.players {
			pv := s.Private(seat).(*lockedout.PrivateView)
			if seat == 0 || len(pv.Seen) > 0 {
				img, err := LockedOut(pv)
				if err != nil {
					t.Fatal(err)
				}
				lockedOutWritePNG(t, filepath.Join(dir, fmt.Sprintf("%s-hand%d.png", c.name, seat)), img)
			}
		}
	}
	// A drawn card shown around, and half a hand looked at.
	for name, looking := range map[string]string{"shown": "the card", "look": "half of"} {
		s, seat := lockedOutPlayUntil(t, 4, 8, func(pv *lockedout.PrivateView) bool { return strings.HasPrefix(pv.Looking, looking) })
		for kind, v := range map[string]games.View{"turn": s.Public(), "hand": s.Private(seat)} {
			img, err := LockedOut(v)
			if err != nil {
				t.Fatal(err)
			}
			lockedOutWritePNG(t, filepath.Join(dir, name+"-"+kind+".png"), img)
		}
	}
}

// lockedOutPlayUntil plays a seeded game until a seat's private view passes
// test, and returns the state and the seat.
func lockedOutPlayUntil(t *testing.T, players int, seed uint64, test func(*lockedout.PrivateView) bool) (games.State, int) {
	t.Helper()
	for moves := 0; moves < 2000; moves++ {
		s := lockedOutPlayout(t, players, seed, moves)
		for seat := range players {
			if test(s.Private(seat).(*lockedout.PrivateView)) {
				return s, seat
			}
		}
	}
	t.Fatal("never came")
	return nil, 0
}

// lockedOutWritePNG writes a picture as PNG.
func lockedOutWritePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	data, err := EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkLockedOutFull is the full board against png.Encode of the same
// picture, as BenchmarkImages measures the turn picture: "x-png-cpu" by
// the thread's CPU time, and its size in KB.
func BenchmarkLockedOutFull(b *testing.B) {
	s := lockedOutPlayout(b, 5, 3, 150)
	v := s.Public()
	img, err := LockedOutFull(v)
	if err != nil {
		b.Fatal(err)
	}
	rgba := asRGBA(img)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var fastCPU, baseCPU time.Duration
	size := 0
	for b.Loop() {
		c0 := threadCPU()
		img, _ := LockedOutFull(v)
		data, err := EncodePNG(img)
		if err != nil {
			b.Fatal(err)
		}
		c1 := threadCPU()
		if err := png.Encode(io.Discard, rgba); err != nil {
			b.Fatal(err)
		}
		fastCPU += c1 - c0
		baseCPU += threadCPU() - c1
		size = len(data)
	}
	if baseCPU > 0 {
		b.ReportMetric(float64(fastCPU)/float64(baseCPU), "x-png-cpu")
	}
	b.ReportMetric(float64(size)/1000, "KB")
	b.ReportMetric(float64(rgba.Bounds().Dy()), "px-high")
}
