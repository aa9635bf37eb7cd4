//go:build !race

package hunted

const raceEnabled = false
