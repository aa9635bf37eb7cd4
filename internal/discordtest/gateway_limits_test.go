package discordtest_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"standoff/internal/discordtest"
)

// rawGateway is a gateway client that does only what a test tells it.
type rawGateway struct {
	t  *testing.T
	ws *websocket.Conn
}

type rawFrame struct {
	Op int             `json:"op"`
	T  string          `json:"t"`
	D  json.RawMessage `json:"d"`
}

func dialRaw(t *testing.T, fake *discordtest.Server, url string) (*rawGateway, error) {
	t.Helper()
	ws, _, err := fake.NewSession().Dialer.Dial(url+"?v=10&encoding=json", nil)
	if err != nil {
		return nil, err
	}
	t.Cleanup(func() { ws.Close() })
	c := &rawGateway{t: t, ws: ws}
	if f, err := c.next(); err != nil || f.Op != 10 {
		t.Fatalf("expected Hello, got %+v, %v", f, err)
	}
	return c, nil
}

func (c *rawGateway) next() (rawFrame, error) {
	_ = c.ws.SetReadDeadline(time.Now().Add(wait))
	var f rawFrame
	err := c.ws.ReadJSON(&f)
	return f, err
}

func (c *rawGateway) identify(fake *discordtest.Server, shard [2]int) {
	c.t.Helper()
	d := map[string]any{"token": fake.Token(), "intents": 0, "properties": map[string]string{"os": "linux"}, "shard": shard}
	if err := c.ws.WriteJSON(map[string]any{"op": 2, "d": d}); err != nil {
		c.t.Fatal(err)
	}
}

// gatewayBot reads GET /gateway/bot.
func gatewayBot(t *testing.T, fake *discordtest.Server) (url string, limit struct {
	Total, Remaining, MaxConcurrency int
}) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, discordgo.EndpointGatewayBot, nil)
	req.Header.Set("Authorization", fake.Token())
	resp, err := fake.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var gb struct {
		URL   string `json:"url"`
		Limit struct {
			Total          int `json:"total"`
			Remaining      int `json:"remaining"`
			MaxConcurrency int `json:"max_concurrency"`
		} `json:"session_start_limit"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&gb); err != nil {
		t.Fatal(err)
	}
	limit.Total, limit.Remaining, limit.MaxConcurrency = gb.Limit.Total, gb.Limit.Remaining, gb.Limit.MaxConcurrency
	return gb.URL, limit
}

// "Apps also have a limit for concurrent Identify requests allowed per 5
// seconds. If you hit this limit, the Gateway will respond with an Invalid
// Session (opcode 9)": shards whose shard_id % max_concurrency differ may
// identify together, the next of a key must wait. A refused identify
// starts no session.
func TestGatewayIdentifyConcurrency(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.EnforceIdentifyConcurrency(2, time.Minute)
	url, limit := gatewayBot(t, fake)
	if limit.MaxConcurrency != 2 || limit.Remaining != discordtest.DefaultSessionStarts {
		t.Fatalf("GET /gateway/bot: %+v", limit)
	}
	for shard, wantOp := range []int{0, 0, 9} { // keys 0, 1, then 0 again
		c, err := dialRaw(t, fake, url)
		if err != nil {
			t.Fatal(err)
		}
		c.identify(fake, [2]int{shard, 4})
		f, err := c.next()
		if err != nil || f.Op != wantOp || (wantOp == 9 && string(f.D) != "false") || (wantOp == 0 && f.T != "READY") {
			t.Errorf("identify of shard %d: %+v, %v; want op %d", shard, f, err, wantOp)
		}
	}
	st := fake.GatewayStats()
	if st.IdentifiesRefused != 1 || st.SessionStartsLeft != discordtest.DefaultSessionStarts-2 {
		t.Errorf("after two identifies and one refused: %+v", st)
	}
	if _, limit = gatewayBot(t, fake); limit.Remaining != discordtest.DefaultSessionStarts-2 {
		t.Errorf("GET /gateway/bot counts %d session starts left", limit.Remaining)
	}
}

// "Clients are limited to 1000 IDENTIFY calls to the websocket in a
// 24-hour period ... Upon hitting this limit, all active sessions for the
// app will be terminated, the bot token will be reset."
func TestGatewaySessionStartsRunOut(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.SetSessionStarts(1)
	url, _ := gatewayBot(t, fake)
	first, err := dialRaw(t, fake, url)
	if err != nil {
		t.Fatal(err)
	}
	first.identify(fake, [2]int{0, 1})
	if f, err := first.next(); err != nil || f.T != "READY" {
		t.Fatalf("the last session start: %+v, %v", f, err)
	}
	second, err := dialRaw(t, fake, url)
	if err != nil {
		t.Fatal(err)
	}
	second.identify(fake, [2]int{0, 1})
	for _, c := range []*rawGateway{first, second} {
		var ce *websocket.CloseError
		for {
			if _, err = c.next(); err != nil {
				break
			}
		}
		if !errors.As(err, &ce) || ce.Code != discordtest.CloseAuthenticationFailed {
			t.Errorf("a connection after the limit was hit: %v, want close 4004", err)
		}
	}
	if st := fake.GatewayStats(); !st.TokenReset || st.SessionStartsLeft != 0 {
		t.Errorf("after the limit: %+v", st)
	}
}

// The resume URL READY gives is its own; KillResumeURL makes it refuse
// connections while the gateway URL still takes them. An identify sent on
// a connection after op 9 is counted: Discord asks for a new connection.
func TestGatewayResumeURLAndSameSocketIdentify(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	url, _ := gatewayBot(t, fake)
	c, err := dialRaw(t, fake, url)
	if err != nil {
		t.Fatal(err)
	}
	c.identify(fake, [2]int{0, 1})
	f, err := c.next()
	var ready struct {
		ResumeURL string `json:"resume_gateway_url"`
	}
	if err != nil || json.Unmarshal(f.D, &ready) != nil || ready.ResumeURL == "" || ready.ResumeURL == url {
		t.Fatalf("READY: %+v, %v (gateway URL %s)", ready, err, url)
	}
	fake.KillResumeURL(true)
	if _, err := dialRaw(t, fake, ready.ResumeURL); err == nil || !strings.Contains(err.Error(), "bad handshake") {
		t.Errorf("dialing a killed resume URL: %v", err)
	}
	if _, err := dialRaw(t, fake, url); err != nil {
		t.Errorf("the gateway URL after the resume URL was killed: %v", err)
	}
	fake.InvalidateSession()
	if f, err := c.next(); err != nil || f.Op != 9 {
		t.Fatalf("expected op 9, got %+v, %v", f, err)
	}
	c.identify(fake, [2]int{0, 1})
	if _, err := c.next(); err != nil {
		t.Fatal(err)
	}
	if st := fake.GatewayStats(); st.ResumeURLRefused != 1 || st.SameSocketIdentifies != 1 {
		t.Errorf("stats: %+v", st)
	}
}
