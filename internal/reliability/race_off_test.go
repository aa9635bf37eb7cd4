//go:build !race

package reliability

// raceEnabled lets the suites play fewer games under -race.
const raceEnabled = false
