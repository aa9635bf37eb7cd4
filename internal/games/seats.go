package games

// NextSeat is the first seat after from, going clockwise (dir 1) or
// counterclockwise (dir -1) round a table of n seats, for which in says the
// seat is still in play; from itself when no other seat is.
func NextSeat(n, from, dir int, in func(seat int) bool) int {
	for i := 1; i <= n; i++ {
		if t := ((from+dir*i)%n + n) % n; in(t) {
			return t
		}
	}
	return from
}
