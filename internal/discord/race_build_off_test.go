//go:build !race

package discord_test

const raceBuild = false
