// Package rhythm holds the rules of a player's own pace across their
// asynchronous games: how they want to be told that a game waits on them,
// their quiet hours in their own time zone, a heads-up when they are next,
// a daily digest, time away, and a time bank of hours for their turns.
//
// Everything here is a function of its arguments: no I/O, no clock. The
// caller passes now; the command layer stores the settings and delivers
// what these functions decide.
package rhythm

import (
	"fmt"
	"strings"
	"sync"
	"time"

	// The zone database travels in the binary, so a player's zone works on
	// a machine (or a container) that has none.
	_ "time/tzdata"
)

// How is the way a player asked to be told that a game waits on them.
type How string

const (
	Mention How = "mention" // a mention in the game's channel or thread (the default)
	DM      How = "dm"      // a direct message
	Both    How = "both"    // a mention and a direct message
	Silent  How = "none"    // nothing: they look with /game turns
)

// ParseHow reads a How as a player types it.
func ParseHow(s string) (How, error) {
	switch h := How(strings.ToLower(strings.TrimSpace(s))); h {
	case Mention, DM, Both, Silent:
		return h, nil
	case "":
		return Mention, nil
	}
	return "", fmt.Errorf("how is mention, dm, both or none, not %q", s)
}

// Settings are one player's choices, kept across games and servers. The
// zero value is the default: mentions, no quiet hours, no heads-up, no
// digest, not away.
type Settings struct {
	How How
	// Zone is an IANA time zone name (Europe/Paris); "" is UTC. Quiet
	// hours and the digest's time are read in it.
	Zone string
	// Quiet is when the player wants no ping and no reminder.
	Quiet Window
	// HeadsUp: tell them when the player before them starts their turn.
	HeadsUp bool
	// Digest: one DM a day at DigestAt listing the games waiting on them,
	// instead of a ping for each turn.
	Digest   bool
	DigestAt Clock
	// AwayFrom and AwayUntil bound the player's time away; their turn
	// limits and reminders pause in between.
	AwayFrom, AwayUntil time.Time
}

// how is the player's choice, the default when unset.
func (s Settings) how() How {
	if s.How == "" {
		return Mention
	}
	return s.How
}

// Clock is a time of day: minutes after midnight.
type Clock int

// ParseClock reads a time of day written HH:MM (24-hour clock), H:MM or H.
func ParseClock(s string) (Clock, error) {
	s = strings.TrimSpace(s)
	hs, ms, hasMinutes := strings.Cut(s, ":")
	if !digits(hs, 1, 2) || (hasMinutes && !digits(ms, 2, 2)) {
		return 0, fmt.Errorf("a time of day is written like 07:30 or 22:00, not %q", s)
	}
	h, m := atoi(hs), 0
	if hasMinutes {
		m = atoi(ms)
	}
	if h > 23 || m > 59 {
		return 0, fmt.Errorf("a time of day is from 00:00 to 23:59, not %q", s)
	}
	return Clock(h*60 + m), nil
}

// digits reports whether s is min to max ASCII digits.
func digits(s string, min, max int) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func (c Clock) String() string { return fmt.Sprintf("%02d:%02d", int(c)/60, int(c)%60) }

// Window is a daily span of local time from From to To, crossing midnight
// when To is earlier than From. From == To is no window at all.
type Window struct{ From, To Clock }

// On reports whether the window covers any time.
func (w Window) On() bool { return w.From != w.To }

// ParseWindow reads "22:00-07:00"; "off" (or "none") is no window.
func ParseWindow(s string) (Window, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "off", "none", "":
		return Window{}, nil
	}
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		return Window{}, fmt.Errorf("quiet hours are written like 22:00-07:00, or off, not %q", s)
	}
	from, err := ParseClock(a)
	if err != nil {
		return Window{}, err
	}
	to, err := ParseClock(b)
	if err != nil {
		return Window{}, err
	}
	if from == to {
		return Window{}, fmt.Errorf("quiet hours from %s to %s would be no time at all; use off for none", from, to)
	}
	return Window{From: from, To: to}, nil
}

func (w Window) String() string {
	if !w.On() {
		return "off"
	}
	return w.From.String() + "-" + w.To.String()
}

// covers reports whether the local time of day m falls in the window.
func (w Window) covers(m Clock) bool {
	switch {
	case !w.On():
		return false
	case w.From < w.To:
		return m >= w.From && m < w.To
	}
	return m >= w.From || m < w.To
}

var zones sync.Map // name -> *time.Location

// LoadZone finds an IANA time zone by name ("" is UTC). Zones are parsed
// once: the clock asks for the same few many times.
func LoadZone(name string) (*time.Location, error) {
	if name == "" || name == "UTC" {
		return time.UTC, nil
	}
	if loc, ok := zones.Load(name); ok {
		return loc.(*time.Location), nil
	}
	// "Local" would be the server's zone, never the player's.
	if strings.EqualFold(name, "local") {
		return nil, fmt.Errorf("unknown time zone %q", name)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, fmt.Errorf("unknown time zone %q: use a name such as Europe/Paris, America/New_York or Asia/Tokyo", name)
	}
	zones.Store(name, loc)
	return loc, nil
}

// Location is the player's zone; a name no longer known reads as UTC.
func (s Settings) Location() *time.Location {
	loc, err := LoadZone(s.Zone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// at is the instant of local time c on the local day of t (shifted by
// days), in loc. A time that a change of clocks skips is moved on by the
// gap, as time.Date does.
func at(t time.Time, days int, c Clock, loc *time.Location) time.Time {
	l := t.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day()+days, int(c)/60, int(c)%60, 0, 0, loc)
}

// QuietAt reports whether t falls in the player's quiet hours.
func (s Settings) QuietAt(t time.Time) bool {
	l := t.In(s.Location())
	return s.Quiet.covers(Clock(l.Hour()*60 + l.Minute()))
}

// QuietEnd is the first moment at or after t outside quiet hours: t
// itself when it is not quiet.
func (s Settings) QuietEnd(t time.Time) time.Time {
	if !s.QuietAt(t) {
		return t
	}
	loc := s.Location()
	end := at(t, 0, s.Quiet.To, loc)
	if !end.After(t) {
		end = at(t, 1, s.Quiet.To, loc)
	}
	return end
}

// AwayAt reports whether the player is away at t.
func (s Settings) AwayAt(t time.Time) bool {
	return !s.AwayUntil.IsZero() && !t.Before(s.AwayFrom) && t.Before(s.AwayUntil)
}

// NextDigest is when the daily digest after the moment after is due: the
// next DigestAt in the player's zone. Zero when they take no digest.
func (s Settings) NextDigest(after time.Time) time.Time {
	if !s.Digest {
		return time.Time{}
	}
	loc := s.Location()
	next := at(after, 0, s.DigestAt, loc)
	if !next.After(after) {
		next = at(after, 1, s.DigestAt, loc)
	}
	return next
}

// Release is when something held back at now may be sent: once the
// player is back from time away, and out of their quiet hours.
func (s Settings) Release(now time.Time) time.Time {
	t := now
	if s.AwayAt(t) {
		t = s.AwayUntil
	}
	return s.QuietEnd(t)
}
