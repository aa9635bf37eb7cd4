package commands

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"slices"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hunted"
	"standoff/internal/images"
	"standoff/storage"
)

// replayCase is one kind of finished game, played out from a seed.
type replayCase struct {
	name    string
	game    Game
	players []string
	bots    []int
}

// catalogGames is the catalog (internal/catalog, which imports this
// package, so only the external tests can reach it: catalog_test.go sets
// it).
var catalogGames func() []Game

// replayCases are a finished game of each kind of the catalog: at a middle
// size of at least two players, alone if it can be played alone (Hunted's
// solo), and against the bot its rules name (Hijacked's Cybot).
func replayCases(t *testing.T) []replayCase {
	t.Helper()
	if catalogGames == nil {
		t.Fatal("no catalog: catalog_test.go sets catalogGames")
	}
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi"}
	gs := catalogGames()
	slices.SortFunc(gs, func(a, b Game) int { return strings.Compare(a.Kind.Name, b.Kind.Name) })
	var out []replayCase
	for _, g := range gs {
		k := g.Kind
		g := Game{Kind: k, Draw: g.Draw}
		if k.MinPlayers == 1 {
			out = append(out, replayCase{k.Name + " solo", g, names[:1], nil})
		}
		n := min(k.MaxPlayers, max(2, (k.MinPlayers+k.MaxPlayers)/2))
		out = append(out, replayCase{fmt.Sprintf("%s %d", k.Name, n), g, names[:n], nil})
		if k.BotName != "" {
			out = append(out, replayCase{k.Name + " solo", g, []string{names[0], k.BotName}, []int{0, 1}})
		}
	}
	return out
}

// finished plays a seeded game of the case to its end and returns the row
// a replay reads, with its move log.
func (c replayCase) finished(t *testing.T, seed uint64) (*storage.Game, []games.SeatMove) {
	t.Helper()
	opts, err := c.game.Kind.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	setup := games.Setup{Players: c.players, Options: opts, Seed: seed, Bots: c.bots}
	_, log, err := games.Playout(c.game.Kind, setup, games.NewRNG(seed), 20000, nil)
	if err != nil {
		t.Fatalf("%s seed %d: %v", c.name, seed, err)
	}
	row := &storage.Game{ID: int64(seed), Kind: c.game.Kind.Name, Options: opts, Seed: seed, Status: storage.Finished}
	for i, p := range c.players {
		s := storage.Seat{Seat: i, UserID: fmt.Sprintf("u%d", i), Name: p}
		if c.bots != nil {
			s.BotLevel = c.bots[i]
		}
		row.Seats = append(row.Seats, s)
	}
	return row, log
}

// Issue 21: "/game replay fails for Hijacked, Locked Out and Hunted ... gif:
// image block is out of bounds: their pictures change height during a game.
// Replays of every kind, including finished solo and co-op games, must
// work." Each kind's finished game replays to a GIF whose every frame fills
// the one canvas, though the pictures drawn differ in size.
func TestReplayOfEveryKind(t *testing.T) {
	for _, c := range replayCases(t) {
		t.Run(c.name, func(t *testing.T) {
			row, log := c.finished(t, 7)
			// The pictures themselves change size during these games: the
			// reason the replay must fit them on one canvas.
			sizes := map[image.Point]bool{}
			s, _ := c.game.Kind.New(row.Setup())
			for i, m := range games.Effective(log) {
				if i%max(1, len(log)/10) == 0 {
					img, err := c.game.Draw(s.Public())
					if err != nil {
						t.Fatal(err)
					}
					sizes[img.Bounds().Size()] = true
				}
				if err := games.ApplyLogged(s, m); err != nil {
					t.Fatal(err)
				}
			}
			data, n, err := replayGIF(c.game, row, log)
			if err != nil {
				t.Fatalf("replay of %d moves (picture sizes %v): %v", len(log), sizes, err)
			}
			anim, err := gif.DecodeAll(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if len(anim.Image) != n || n < 2 || n > replayFrames || len(anim.Delay) != n {
				t.Fatalf("%d frames decoded, %d reported, %d delays", len(anim.Image), n, len(anim.Delay))
			}
			if anim.Config.Width > replayWidth {
				t.Fatalf("replay is %d px wide, over %d", anim.Config.Width, replayWidth)
			}
			screen := image.Rect(0, 0, anim.Config.Width, anim.Config.Height)
			for i, f := range anim.Image {
				if f.Bounds() != screen {
					t.Fatalf("frame %d is %v on a %v canvas", i, f.Bounds(), screen)
				}
			}
			t.Logf("%s: %d moves, picture sizes %v, replay %dx%d in %d frames, %d bytes", c.name, len(log), sizes, screen.Dx(), screen.Dy(), n, len(data))
		})
	}
}

// A replay stays within what Discord accepts as one attachment: when the
// file would be too large, pictures in the middle are left out, never the
// first or the last.
func TestReplayKeepsUnderTheAttachmentLimit(t *testing.T) {
	// A game played alone (Hunted's solo): its replay is small enough to
	// halve.
	c := replayCase{"hunted solo", Game{Kind: hunted.Kind, Draw: images.Hunted}, []string{"Alice"}, nil}
	row, log := c.finished(t, 3)
	full, n, err := replayGIF(c.game, row, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(full) > replayMaxBytes {
		t.Fatalf("replay of %d bytes over the limit of %d", len(full), replayMaxBytes)
	}
	limit := len(full) / 2
	small, m, err := replayGIFWithin(c.game, row, log, limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(small) > limit || m >= n || m < 2 {
		t.Fatalf("limit %d: %d bytes in %d frames (was %d bytes in %d)", limit, len(small), m, len(full), n)
	}
	a, _ := gif.DecodeAll(bytes.NewReader(full))
	b, _ := gif.DecodeAll(bytes.NewReader(small))
	if !bytes.Equal(a.Image[0].Pix, b.Image[0].Pix) || !bytes.Equal(a.Image[n-1].Pix, b.Image[m-1].Pix) {
		t.Fatal("the thinned replay lost its first or last picture")
	}
	if _, _, err := replayGIFWithin(c.game, row, log, 100); err == nil {
		t.Fatal("a replay that cannot fit was sent anyway")
	}
}
