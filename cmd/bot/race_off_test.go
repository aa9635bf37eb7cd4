//go:build !race

package main

// raceEnabled makes the crash suite build the bot under -race too (the
// build cache then already holds every package) and play fewer moves.
const raceEnabled = false
