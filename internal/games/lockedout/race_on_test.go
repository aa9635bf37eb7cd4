//go:build race

package lockedout

// raceEnabled lets slow randomized tests play fewer games under -race.
const raceEnabled = true
