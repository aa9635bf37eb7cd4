//go:build race

package hunted

// raceEnabled lets slow randomized tests play fewer games under -race.
const raceEnabled = true
