//go:build race

package games_test

// raceEnabled lets slow randomized tests play fewer games under -race.
const raceEnabled = true
