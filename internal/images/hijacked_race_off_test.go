//go:build !race

package images

// hijackedRace: the race detector is off (hijacked_race_on_test.go).
const hijackedRace = false
