package lowpriority

import "testing"

func TestTheWorkRunsNiced(t *testing.T) {
	base, ok := niceness()
	if !ok {
		t.Fatal("cannot read this thread's niceness")
	}
	var got int
	Do(func() { got, ok = niceness() })
	if !ok || got != max(base, Nice) {
		t.Fatalf("the work ran at niceness %d (read: %v), the test's thread at %d; want %d", got, ok, base, Nice)
	}
}
