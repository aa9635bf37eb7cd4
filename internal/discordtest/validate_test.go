package discordtest_test

import (
	"strings"
	"testing"

	"standoff/internal/discordtest"
)

// ValidateMessage answers as Discord would for a message payload, so
// builders can be checked without a server.
func TestValidateMessage(t *testing.T) {
	t.Parallel()
	row := func(ids ...string) string {
		var bs []string
		for _, id := range ids {
			bs = append(bs, `{"type":2,"style":1,"label":"L","custom_id":"`+id+`"}`)
		}
		return `{"type":1,"components":[` + strings.Join(bs, ",") + `]}`
	}
	for _, c := range []struct {
		name, body, want string
		files            int
	}{
		{"fine", `{"content":"hi","components":[` + row("a", "b") + `,` + row("c") + `]}`, "", 0},
		{"a custom id twice across rows", `{"content":"hi","components":[` + row("a", "draw") + `,` + row("draw") + `]}`, "COMPONENT_CUSTOM_ID_DUPLICATED", 0},
		{"six buttons in a row", `{"components":[` + row("a", "b", "c", "d", "e", "f") + `]}`, "BASE_TYPE_BAD_LENGTH", 0},
		{"content too long", `{"content":"` + strings.Repeat("x", 2001) + `"}`, "BASE_TYPE_MAX_LENGTH", 0},
		{"empty", `{}`, "50006", 0},
		{"only a file", `{}`, "", 1},
		{"eleven files", `{"content":"x"}`, "BASE_TYPE_MAX_LENGTH", 11},
		{"a select value twice", `{"components":[{"type":1,"components":[{"type":3,"custom_id":"s","options":[{"label":"A","value":"v"},{"label":"B","value":"v"}]}]}]}`, "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", 0},
		{"not JSON", `{`, "50109", 0},
	} {
		err := discordtest.ValidateMessage([]byte(c.body), c.files)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want an error with %s", c.name, err, c.want)
		}
	}
}
