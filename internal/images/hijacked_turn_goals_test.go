package images

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/games/hijacked"
)

// A player choosing whether to chase a medal or the recognition track sees
// both on the turn picture (the phone's), not only on the full board:
// every medal's number, objective and state (an open one's value, a won
// one's holder) and the track's points with each player's thumb. Their
// legibility at 350 px is TestHijackedReadableOnAPhone's, which reads
// every text drawn.
func TestHijackedTurnPictureShowsMedalsAndRecognition(t *testing.T) {
	seen := map[string]bool{}
	for name, v := range hijackedPlayoutViews(t, 4, 7) {
		pv, ok := v.(*hijacked.PublicView)
		if !ok || pv.Over {
			continue
		}
		p := hijackedTurnTable(pv)
		said := strings.Join(p.texts, "\n")
		releaseRGBA(p.RGBA())
		want := []string{"Medals", "Recognition"}
		for _, m := range pv.Medals {
			seen[m.State] = true
			want = append(want, fmt.Sprintf("%d %s", m.Number, m.Objective), hijackedTurnMedalState(pv, m))
			if m.State == "board" {
				want = append(want, "open, "+ptsText(m.Value))
			}
		}
		for _, pts := range pv.Recognition {
			want = append(want, hijackedSigned(pts))
		}
		for _, w := range want {
			if !strings.Contains(said, w) {
				t.Errorf("%s: the turn picture does not say %q", name, w)
			}
		}
		for _, pl := range pv.Players {
			if !hijackedTurnTokenIn(p, pl, pv) {
				t.Errorf("%s: %s's thumb is not on the recognition track", name, pl.Name)
			}
		}
	}
	if !seen["board"] || !seen["held"] || !seen["cashed"] {
		t.Errorf("the playouts never showed an open, a held and a cashed medal: %v", seen)
	}
}

// hijackedTurnTokenIn: a player's initial is drawn inside the recognition
// box of their thumb's space.
func hijackedTurnTokenIn(p *hijackedTurn, pl hijacked.PlayerView, v *hijacked.PublicView) bool {
	var top float64 = -1
	for _, t := range p.placed {
		if t.s == "Recognition" {
			top = t.bottom
		}
	}
	x0 := hijackedTurnEdge + float64(pl.Thumb)*(hijackedTurnRecogBoxW+12)
	for _, t := range p.placed {
		if t.s == hijackedInitial(pl.Name) && t.top > top && t.bottom < top+hijackedTurnRecogBoxH+20 && t.x0 > x0 && t.x1 < x0+hijackedTurnRecogBoxW {
			return true
		}
	}
	return false
}

// HIJACKED_PNG_DIR=dir writes turn pictures of a playout to look at, at
// the game's start, middle and end.
func TestHijackedPicturesToLookAt(t *testing.T) {
	dir := os.Getenv("HIJACKED_PNG_DIR")
	if dir == "" {
		t.Skip("HIJACKED_PNG_DIR=dir writes the pictures")
	}
	for name, v := range hijackedPlayoutViews(t, 1, 61) {
		if !strings.HasSuffix(name, "_public") {
			continue
		}
		img, err := Hijacked(v)
		if err != nil {
			t.Fatal(err)
		}
		lockedOutWritePNG(t, filepath.Join(dir, name+".png"), img)
	}
}
