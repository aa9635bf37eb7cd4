//go:build !race

package images

// hjdRace: the race detector is off (hijacked_race_on_test.go).
const hjdRace = false
