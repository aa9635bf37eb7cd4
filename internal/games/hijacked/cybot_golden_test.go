package hijacked

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"standoff/internal/games"
)

// cybotGoldenFile holds one digest per seeded solo game: what every move
// said to whom and the state after it. The Cybot resolves its whole turn
// inside one "cybot" move, so its choices show only in those events and
// states; a change to how it decides changes a digest here.
const cybotGoldenFile = "testdata/cybot_golden.txt"

// cybotGoldenGames is how many seeded solo games the digests cover.
const cybotGoldenGames = 120

// soloDigest plays one seeded solo game with a random human and digests
// every move's events and the state after each move.
func soloDigest(t *testing.T, seed uint64) string {
	t.Helper()
	setup := soloSetup(seed)
	_, log, err := games.Playout(Kind, setup, games.NewRNG(seed^0x901de), 20000, nil)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	g, err := Kind.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	h := sha256.New()
	for i, m := range log {
		ev, err := g.Apply(m.Seat, m.Move)
		if err != nil {
			t.Fatalf("seed %d move %d %q: %v", seed, i, m.Move, err)
		}
		fmt.Fprintf(h, "%d %q\n", m.Seat, m.Move)
		for _, e := range ev {
			fmt.Fprintf(h, "  %d %q\n", e.Seat, e.Text)
		}
		enc, err := g.Encode()
		if err != nil {
			t.Fatal(err)
		}
		h.Write(enc)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// TestCybotSameAsBefore holds the Cybot's play over many seeded solo games
// to the digests recorded before a refactor, so moving its code between
// files cannot change a single choice. HIJACKED_CYBOT_GOLDEN=1 writes the
// digests afresh (only when a change in its play is meant).
func TestCybotSameAsBefore(t *testing.T) {
	t.Parallel()
	var got strings.Builder
	for i := range cybotGoldenGames {
		seed := uint64(9_100_000 + i)
		fmt.Fprintf(&got, "%d %s\n", seed, soloDigest(t, seed))
	}
	if os.Getenv("HIJACKED_CYBOT_GOLDEN") == "1" {
		if err := os.WriteFile(cybotGoldenFile, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(cybotGoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
	if len(g) != len(w) {
		t.Fatalf("%d digests, want %d", len(g), len(w))
	}
	for i := range g {
		if g[i] != w[i] {
			t.Errorf("game %d: digest %q, recorded %q", i, g[i], w[i])
		}
	}
}
