//go:build race

package hijacked

const raceEnabled = true
