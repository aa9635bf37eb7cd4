//go:build !race

package discord

// raceEnabled lets slow randomized tests play fewer games under -race.
const raceEnabled = false
