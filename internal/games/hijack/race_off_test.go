//go:build !race

package hijack

// raceEnabled lets slow randomized tests play fewer games under -race.
const raceEnabled = false
