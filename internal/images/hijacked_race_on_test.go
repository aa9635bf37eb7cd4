//go:build race

package images

// hijackedRace: the race detector is on, which makes drawing many times slower;
// Hijacked's tests over many views then look at fewer of them.
const hijackedRace = true
