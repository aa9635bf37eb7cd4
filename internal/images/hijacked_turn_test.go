package images

import (
	"fmt"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// hijackedPlayoutViews are views of seeded random games of every player
// count (one is the solo game against the Cybot) at many points, from the
// first move to the end: every snapshot's public view and each private
// view there is.
func hijackedPlayoutViews(t testing.TB, seeds int, every int) map[string]games.View {
	t.Helper()
	out := map[string]games.View{}
	for players := 1; players <= 4; players++ {
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			names := []string{"Alice", "Bob", "Carol", "Dave"}[:players]
			setup := games.Setup{Players: names, Seed: 100*seed + uint64(players)}
			if players == 1 {
				setup.Players, setup.Bots = []string{"Alice", "Standoff (bot level 1)"}, []int{0, 1}
			}
			s, err := hijacked.Kind.New(setup)
			if err != nil {
				t.Fatal(err)
			}
			rng := games.NewRNG(seed)
			for move := 0; move < 3000; move++ {
				if move%every == 0 || s.Outcome() != nil {
					name := fmt.Sprintf("p%d_s%d_m%d", players, seed, move)
					out[name+"_public"] = s.Public()
					for seat := range setup.Players {
						if v := s.Private(seat); v != nil {
							out[fmt.Sprintf("%s_private%d", name, seat)] = v
						}
					}
				}
				if s.Outcome() != nil {
					break
				}
				randomMove(t, s, rng)
			}
		}
	}
	return out
}

// hijackedOddViews are tables a playout rarely reaches: the final scores
// filled in, long names, a player with five cards, four demands of each
// kind and every tag, many medals in a hand.
func hijackedOddViews(t testing.TB) map[string]games.View {
	out := map[string]games.View{}
	for name, v := range hijackedGoldenViews(t) {
		if strings.HasPrefix(name, "final") {
			out[name] = v
		}
	}
	s, err := hijacked.Kind.New(games.Setup{Players: []string{"Bartholomew-Maximilian", "Wilhelmina Montgomery", "Christopher Columbus", "WWWWWWWWWWWWWWWW"}, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	playRandomly(t, s, 70, 9)
	v := s.Public().(*hijacked.PublicView)
	p := &v.Players[v.Turn]
	p.Score, p.Demands, p.Freed, p.Pilots, p.Medals, p.Bonus, p.Mini, p.Star, p.Starting, p.Resigned = 88, [4]int{9, 9, 9, 9}, 12, 4, 3, 1, 1, true, true, true
	p.Tiles = []string{"Any three", "Mini die", "Gifts"}
	p.Cards = nil
	for i := 0; i < 5; i++ {
		p.Cards = append(p.Cards, hijacked.CardView{ID: fmt.Sprintf("YE%d", 10+i), Color: "yellow", Pips: 3, Trust: 80, Demand: "medicine"})
	}
	v.Waiting = v.Players[v.Turn].Name + " must play or discard YE14, and this status runs on for long enough to need a second line and more"
	out["crowded_public"] = v
	priv := &hijacked.PrivateView{Name: "Bartholomew-Maximilian Wilhelmina Montgomery"}
	for i := 1; i <= 3; i++ {
		priv.Medals = append(priv.Medals, hijacked.MedalValue{Number: i, Objective: "Let the police withdraw for the second time", Value: 5, Cashed: i == 2})
	}
	out["crowded_private"] = priv
	return out
}

// hijackedTurnOf draws a view's turn picture with the place of every text.
func hijackedTurnOf(v games.View) *hijackedTurn {
	switch v := v.(type) {
	case *hijacked.PublicView:
		return hijackedTurnTable(v)
	case *hijacked.PrivateView:
		return hijackedTurnMedals(v)
	}
	return nil
}

// At 350 px, the width Discord gives a picture on a phone, every text of
// the turn picture and the private picture is at least 9 px tall: its font
// size over the picture's width is at least 9/350 (26 px on the 1000 px
// canvas), read from the sizes the canvas records. Every text is drawn
// inside the picture and over no other text. Over seeded games of every
// player count and the solo game, from start to end, public and private,
// and the rare tables of hijackedOddViews.
func TestHijackedReadableOnAPhone(t *testing.T) {
	seeds, every, enough := 4, 7, 100
	if hijackedRace {
		seeds, every, enough = 1, 9, 20
	}
	views := hijackedPlayoutViews(t, seeds, every)
	for name, v := range hijackedOddViews(t) {
		views[name] = v
	}
	publics, privates, over, cybot := 0, 0, 0, 0
	for name, v := range views {
		p := hijackedTurnOf(v)
		switch v := v.(type) {
		case *hijacked.PublicView:
			publics++
			if v.Over {
				over++
			}
			if v.Cybot != nil {
				cybot++
			}
		default:
			privates++
		}
		for _, problem := range hijackedPhoneProblems(p) {
			t.Errorf("%s: %s", name, problem)
		}
		releaseRGBA(p.RGBA())
	}
	t.Logf("%d public views (%d over, %d solo), %d private", publics, over, cybot, privates)
	if publics < enough || privates < enough/10 || over < enough/12 || cybot < enough/5 {
		t.Errorf("too few views of a kind: %d public, %d private, %d over, %d solo", publics, privates, over, cybot)
	}
}

// hijackedPhoneProblems lists what makes a picture hard to read on a phone: a
// text under 9/350 of the picture's width, one past its edge, two texts
// over each other, a text drawn without its size or place recorded.
func hijackedPhoneProblems(p *hijackedTurn) []string {
	var out []string
	b := p.RGBA().Bounds()
	if len(p.texts) != len(p.sizes) || len(p.texts) != len(p.placed) || len(p.texts) == 0 {
		return []string{fmt.Sprintf("%d texts, %d sizes, %d placed", len(p.texts), len(p.sizes), len(p.placed))}
	}
	for i, size := range p.sizes {
		if size*350 < 9*float64(b.Dx()) {
			out = append(out, fmt.Sprintf("%q at %.0f px is %.1f px tall on a phone", p.texts[i], size, size*350/float64(b.Dx())))
		}
	}
	for i, a := range p.placed {
		if a.x0 < 0 || a.x1 > float64(b.Dx()) || a.top < 0 || a.bottom > float64(b.Dy()) {
			out = append(out, fmt.Sprintf("%q runs past the picture's edge (%.0f-%.0f, %.0f-%.0f in %v)", a.s, a.x0, a.x1, a.top, a.bottom, b))
		}
		for _, c := range p.placed[i+1:] {
			if a.x0 < c.x1-1 && c.x0 < a.x1-1 && a.top < c.bottom-1 && c.top < a.bottom-1 {
				out = append(out, fmt.Sprintf("%q and %q overlap", a.s, c.s))
			}
		}
	}
	return out
}

// hijackedPhoneProblems finds each kind of problem it looks for.
func TestHijackedPhoneProblemsFound(t *testing.T) {
	for want, draw := range map[string]func(p *hijackedTurn){
		"tall on a phone": func(p *hijackedTurn) { p.text("small", 100, 100, 0, 20, false, hijackedInk, 0) },
		"past the picture's edge": func(p *hijackedTurn) {
			p.text("wide", hijackedWidth-10, 100, 0, hijackedTurnSmall, false, hijackedInk, 0)
		},
		"overlap": func(p *hijackedTurn) {
			p.text("one", 100, 100, 0, hijackedTurnSmall, false, hijackedInk, 0)
			p.text("two", 120, 110, 0, hijackedTurnSmall, false, hijackedInk, 0)
		},
		"placed": func(p *hijackedTurn) {
			hijackedFullText(p.Canvas, "unrecorded", 100, 100, hijackedTurnSmall, false, hijackedInk)
		},
	} {
		p := &hijackedTurn{Canvas: hijackedNewCanvas(hijackedWidth, 200)}
		p.text("fine", 500, 150, 0, hijackedTurnSmall, false, hijackedInk, 0)
		draw(p)
		if got := strings.Join(hijackedPhoneProblems(p), "; "); !strings.Contains(got, want) {
			t.Errorf("want a problem with %q, got %q", want, got)
		}
		releaseRGBA(p.RGBA())
	}
}

// What a player needs at a glance is in the turn picture's words: whose
// turn, what the game waits for, every player's name and score, the
// police, trust, each hijacker, the dice of the turn, the Cybot's card,
// the last move.
func TestHijackedTurnPictureSays(t *testing.T) {
	for name, v := range hijackedPlayoutViews(t, 1, 37) {
		pv, ok := v.(*hijacked.PublicView)
		if !ok {
			continue
		}
		p := hijackedTurnTable(pv)
		said := strings.Join(p.texts, "\n")
		releaseRGBA(p.RGBA())
		want := []string{fmt.Sprintf("Round %d", pv.Round)}
		for _, pl := range pv.Players {
			want = append(want, pl.Name, ptsText(pl.Score))
		}
		if pv.Over {
			want = append(want, "Game over", pv.Result)
		} else {
			want = append(want, pv.Players[pv.Turn].Name+"'s turn", "ON TURN", hijackedCapital(pv.Waiting),
				fmt.Sprintf("Police: %d min", pv.Police), fmt.Sprintf("Trust %d%%", pv.Trust))
			for _, h := range pv.Hijackers {
				if h.ID != "" {
					want = append(want, fmt.Sprintf("dice %s + %s", hijackedRange(h.Ranges[0]), hijackedRange(h.Ranges[1])))
				}
			}
			for _, d := range pv.Dice {
				want = append(want, fmt.Sprint(d.Value))
			}
			if c := pv.Cybot; c != nil && c.Card > 0 {
				want = append(want, fmt.Sprintf("Cybot card %d", c.Card))
			}
		}
		if n := len(pv.Events); n > 0 && !pv.Over {
			last := strings.Fields(pv.Events[n-1])
			want = append(want, strings.Join(last[:min(4, len(last))], " "))
		}
		for _, w := range want {
			if !strings.Contains(strings.Join(strings.Fields(said), " "), w) {
				t.Errorf("%s: the picture does not say %q", name, w)
			}
		}
	}
}

// finishedHijackedViews are the public views of finished games among the
// seeded playouts; a test of finished pictures with none fails.
func finishedHijackedViews(t *testing.T) map[string]*hijacked.PublicView {
	t.Helper()
	out := map[string]*hijacked.PublicView{}
	for name, v := range hijackedPlayoutViews(t, 1, 37) {
		if pv, ok := v.(*hijacked.PublicView); ok && pv.Over {
			out[name] = pv
		}
	}
	if len(out) == 0 {
		t.Fatal("no finished game among the views")
	}
	return out
}

// A finished game's picture shows the final scores as its table, and its
// last moves are those before the scoring: no score line is said twice.
func TestHijackedFinalScoresSaidOnce(t *testing.T) {
	for name, pv := range finishedHijackedViews(t) {
		p := hijackedTurnTable(pv)
		said := strings.Join(p.texts, "\n")
		releaseRGBA(p.RGBA())
		scored := false
		for _, pl := range pv.Players {
			scored = scored || pl.FinalScore != nil
		}
		if scored && !strings.Contains(said, "Final score") {
			t.Errorf("%s: the finished game's picture has no final score table", name)
		}
		for _, e := range pv.Events {
			if strings.HasPrefix(e, hijacked.FinalScoringHeading) || strings.Contains(e, " = ") {
				if strings.Contains(said, e) {
					t.Errorf("%s: the picture repeats the scoring line %q", name, e)
				}
			}
		}
	}
}

// The full board of a finished game shows the final scores as its table
// and the result beside it: its recent moves (each cut to the width with
// "…") list neither the scoring's lines nor the result again, and keep the
// moves before them.
func TestHijackedFullFinalScoresSaidOnce(t *testing.T) {
	for name, pv := range finishedHijackedViews(t) {
		dc := hijackedFullTable(pv)
		texts := dc.texts
		releaseRGBA(dc.RGBA())
		results, recent := 0, false
		for _, s := range texts {
			cut := strings.TrimSuffix(s, "…")
			if len(cut) < 12 {
				continue // table cells and labels
			}
			if strings.HasPrefix(pv.Result, cut) {
				results++
			}
			for _, e := range pv.Events {
				scoring := strings.HasPrefix(e, hijacked.FinalScoringHeading) || strings.Contains(e, " = ")
				switch {
				case scoring && strings.HasPrefix(e, cut):
					t.Errorf("%s: the full board repeats the scoring line %q", name, e)
				case !scoring && strings.HasPrefix(e, cut) && !strings.HasPrefix(pv.Result, cut):
					recent = true
				}
			}
		}
		if results != 1 {
			t.Errorf("%s: the full board says the result %d times: %q", name, results, pv.Result)
		}
		if !recent {
			t.Errorf("%s: the full board lists none of the moves before the scoring", name)
		}
	}
}

// The boxes of the turn picture's layout, put together from a small box
// (box.go), give gg's pixels, as TestHijackedLayoutBoxesAsDrawn
// checks for the full board's.
func TestHijackedTurnBoxesAsDrawn(t *testing.T) {
	boxes := []hijackedTestBox{
		{24, 20, hijackedTurnSeatW, hijackedTurnSeatCardH, 8, hijackedBack, hijackedBack}, {184, 20, hijackedTurnSeatW, hijackedTurnSeatCardH, 8, hijackedPaper, hijackedLine},
		{344, 20, hijackedTurnSeatW, hijackedTurnSeatCardH, 8, hijackedPanel, hijackedCardBg["red"]}, {184, 20, hijackedTurnSeatW, 48, 8, hijackedCardBg["blue"], hijackedCardBg["blue"]},
		{32, 60, 54, 40, 6, hijackedPanel, hijackedInk}, {24, 20, hijackedTurnHijackW, hijackedTurnHijackCardH, 8, hijackedPanel, hijackedInk},
		{264, 20, hijackedTurnHijackW, hijackedTurnHijackCardH, 8, hijackedPaper, hijackedLine}, {516, 20, 48, 48, 6, hijackedPanel, hijackedInk},
		{24, 20, 62, 62, 8, hijackedPanel, hijackedInk}, {96, 20, 62, 62, 8, hijackedBonusBg, hijackedInk}, {168, 20, 62, 62, 8, hijackedPaper, hijackedMuted},
		{24, 20, 46, 46, 8, hijackedMiniBg, hijackedInk}, {516, 20, 42, 40, 4, hijackedPanel, hijackedLine}, {562, 20, 42, 40, 4, hijackedGreen, hijackedGreen},
		{hijackedRowMargin, 20, hijackedWidth - 2*hijackedRowMargin, hijackedTurnRowH - 8, 8, hijackedPanel, hijackedLine},
		{hijackedRowMargin, 20, hijackedWidth - 2*hijackedRowMargin, hijackedTurnRowH - 8, 8, hijackedOnTurnBg, hijackedLine},
		{24, 20, 86, 36, 6, hijackedCardBg["yellow"], hijackedCardBg["yellow"]},
	}
	for far := 6; far <= 24; far++ {
		step := float64(int(hijackedTurnHalf) / (far + 1))
		boxes = append(boxes, hijackedTestBox{hijackedTurnEdge + hijackedTurnHalf - step, 20, step - 3, 40, 4, hijackedPlaneBg, hijackedLine},
			hijackedTestBox{hijackedTurnEdge + hijackedTurnHalf - 2*step, 20, step - 3, 40, 4, hijackedBack, hijackedBack},
			hijackedTestBox{hijackedTurnEdge + hijackedTurnHalf - float64(far+1)*step, 20, step - 3, 40, 4, hijackedPanel, hijackedLine})
	}
	checkBoxesAsDrawn(t, boxes, 220)
}
