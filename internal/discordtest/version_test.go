package discordtest_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/gorilla/websocket"

	"standoff/internal/discordtest"
)

// TestOnlyAPIv10IsServed: the bot speaks v10; the fake refuses v9 and
// unversioned REST paths with 400 Invalid API version (50041), and a
// gateway connection asking for v9 with close code 4012, so a request left
// behind on discordgo's default v9 cannot pass unseen.
func TestOnlyAPIv10IsServed(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	get := func(path string) (int, int) {
		req, _ := http.NewRequest(http.MethodGet, "https://discord.com"+path, nil)
		req.Header.Set("Authorization", fake.Token())
		resp, err := fake.HTTPClient().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body struct{ Code int }
		_ = json.NewDecoder(resp.Body).Decode(&body)
		return resp.StatusCode, body.Code
	}
	if st, _ := get("/api/v10/users/@me"); st != http.StatusOK {
		t.Errorf("v10: %d, want 200", st)
	}
	for _, p := range []string{"/api/v9/users/@me", "/api/users/@me", "/api/v9/channels/" + chanA + "/messages"} {
		if st, code := get(p); st != http.StatusBadRequest || code != discordtest.CodeInvalidAPIVersion {
			t.Errorf("%s: %d %d, want 400 %d", p, st, code, discordtest.CodeInvalidAPIVersion)
		}
	}

	ws, _, err := websocket.DefaultDialer.Dial(strings.Replace(fake.URL(), "http", "ws", 1)+"/gw?v=9&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	_, _, err = ws.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != discordtest.CloseInvalidAPIVersion {
		t.Errorf("gateway v9: %v, want close %d", err, discordtest.CloseInvalidAPIVersion)
	}
}
