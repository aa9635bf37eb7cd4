//go:build race

package discord_test

// raceBuild: the test binary has the race detector (binaries the tests
// build get it too, sharing the build cache).
const raceBuild = true
