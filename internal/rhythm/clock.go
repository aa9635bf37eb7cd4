package rhythm

import "time"

// DefaultAwayDays caps /game away on a server that set no cap of its own.
const DefaultAwayDays = 14

// MaxAwayDays is the most a server may allow.
const MaxAwayDays = 60

// Counted is how much of a wait from since to now counts against the
// player: all of it but the time they were away.
func Counted(s Settings, since, now time.Time) time.Duration {
	if !now.After(since) {
		return 0
	}
	total := now.Sub(since)
	if s.AwayUntil.IsZero() {
		return total
	}
	from, until := later(since, s.AwayFrom), earlier(now, s.AwayUntil)
	if until.After(from) {
		total -= until.Sub(from)
	}
	return total
}

// Deadline is when a wait that began at since has counted allowed against
// the player: since+allowed, pushed back by the time away that falls
// before it.
func Deadline(s Settings, since time.Time, allowed time.Duration) time.Time {
	end := since.Add(allowed)
	if s.AwayUntil.IsZero() || !s.AwayUntil.After(since) || !s.AwayFrom.Before(end) {
		return end
	}
	before := max(0, s.AwayFrom.Sub(since)) // counted before they went away
	return later(s.AwayUntil, since).Add(allowed - before)
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// Bank is a time bank, as Board Game Arena's turn-based clock keeps one:
// each player has Size of time for all their turns; the time a turn keeps
// the table waiting on them is taken from it, each move they make puts
// back a seventh of it (a day of a week's bank), never beyond full. A
// player who moves within that share never runs low; slow turns spend it;
// when it is empty the turn limit has run out.
type Bank struct{ Size time.Duration }

// refillShare: each move puts back Size/refillShare.
const refillShare = 7

// DefaultBank is the size of a time bank on a server that chose none.
const DefaultBank = 7 * 24 * time.Hour

// Refill is what each move puts back.
func (b Bank) Refill() time.Duration { return b.Size / refillShare }

// Left is what remains of the bank after spent.
func (b Bank) Left(spent time.Duration) time.Duration { return max(0, b.Size-spent) }

// AfterMove is what the player has spent once they move after a wait on
// them that counted took: that time is taken and the refill put back,
// within the bank. A move nobody waited on (an any-time action) neither
// spends nor refills: pass waited false.
func (b Bank) AfterMove(spent, took time.Duration, waited bool) time.Duration {
	if !waited {
		return spent
	}
	return min(b.Size, max(0, spent+took-b.Refill()))
}
