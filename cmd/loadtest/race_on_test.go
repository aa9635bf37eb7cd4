//go:build race

package main

// raceOn shortens the load test under the race detector, which makes the
// bot's process many times slower.
const raceOn = true
