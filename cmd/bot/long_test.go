package main

import "os"

// long reports whether the long reliability runs were asked for
// (STANDOFF_LONG=1, see docs/reliability.md).
func long() bool { return os.Getenv("STANDOFF_LONG") != "" }
