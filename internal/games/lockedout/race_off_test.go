//go:build !race

package lockedout

const raceEnabled = false
