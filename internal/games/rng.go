package games

// RNG is a small deterministic generator (splitmix64) whose whole state is
// one exported number, so it serialises inside a game state and the same
// seed always gives the same game.
type RNG struct {
	State uint64 `json:"state"`
}

// NewRNG seeds a generator.
func NewRNG(seed uint64) *RNG { return &RNG{State: seed} }

// Uint64 returns the next value.
func (r *RNG) Uint64() uint64 {
	r.State += 0x9e3779b97f4a7c15
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform value in [0, n); n must be positive.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		panic("games: Intn of a non-positive bound")
	}
	// Rejection keeps the draw uniform for bounds that do not divide 2^64.
	bound := uint64(n)
	limit := ^uint64(0) - (^uint64(0) % bound)
	for {
		v := r.Uint64()
		if v < limit {
			return int(v % bound)
		}
	}
}

// Roll rolls count dice with the given number of sides.
func (r *RNG) Roll(count, sides int) []int {
	out := make([]int, count)
	for i := range out {
		out[i] = r.Intn(sides) + 1
	}
	return out
}

// Shuffle permutes s in place (Fisher-Yates).
func Shuffle[T any](r *RNG, s []T) {
	for i := len(s) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		s[i], s[j] = s[j], s[i]
	}
}

// Pick returns n distinct elements of s chosen at random, in random order;
// s is not changed.
func Pick[T any](r *RNG, s []T, n int) []T {
	c := append([]T(nil), s...)
	Shuffle(r, c)
	if n > len(c) {
		n = len(c)
	}
	return c[:n]
}

// Pile is a draw pile whose top is the last element.
type Pile[T any] []T

// Draw takes the top card; ok is false when the pile is empty.
func (p *Pile[T]) Draw() (card T, ok bool) {
	if len(*p) == 0 {
		return card, false
	}
	card = (*p)[len(*p)-1]
	*p = (*p)[:len(*p)-1]
	return card, true
}

// Len is the number of cards left.
func (p Pile[T]) Len() int { return len(p) }
