package lockedout

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// The kind's texts fit where the platform shows them.
func TestKindTexts(t *testing.T) {
	if utf8.RuneCountInString(Kind.Summary) > 100 {
		t.Fatalf("summary is %d characters", utf8.RuneCountInString(Kind.Summary))
	}
	if utf8.RuneCountInString(Kind.Rules) >= 1900 {
		t.Fatalf("rules are %d characters", utf8.RuneCountInString(Kind.Rules))
	}
	for _, verb := range []string{"move", "keep", "swap", "play", "search", "accuse", "reveal", "none", "look", "pass", "take", "end"} {
		if !strings.Contains(Kind.MoveHelp, "`"+verb) {
			t.Fatalf("move help does not explain %s", verb)
		}
	}
	if Kind.Name != "lockedout" || Kind.MinPlayers != 3 || Kind.MaxPlayers != 6 || Kind.Bot == nil || Kind.BotLevels != 1 {
		t.Fatalf("kind %+v", Kind)
	}
}
