package discord_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/prometheus/client_golang/prometheus/testutil/promlint"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/telemetry"
)

// withMetrics counts the bot's work in m (its requests, answers, moves,
// boards and writes).
func withMetrics(m *telemetry.Metrics) envOption {
	return withOptions(func(o *discord.Options) { o.Metrics = m })
}

// withJSONLogs has the bot log JSON lines to sink too, as log_format =
// "json" does, beside the text lines the other helpers read.
func withJSONLogs(sink *logSink) envOption { return func(e *env) { e.json = sink } }

// alsoJSON adds the JSON log, when the test asked for it.
func (e *env) alsoJSON(l *slog.Logger) *slog.Logger {
	if e.json == nil {
		return l
	}
	j, err := telemetry.NewLogger(e.json, telemetry.JSONLogs, slog.LevelDebug)
	if err != nil {
		e.t.Fatal(err)
	}
	return slog.New(slog.NewMultiHandler(l.Handler(), j.Handler()))
}

// testMetrics are metrics knowing the test catalog's kinds.
func testMetrics() *telemetry.Metrics {
	var kinds []string
	for _, g := range quickGames() {
		kinds = append(kinds, g.Kind.Name)
	}
	return telemetry.New(kinds...)
}

// scrape is one GET of a /metrics URL, as Prometheus makes it: the
// families by name, and the text lint's findings.
func scrape(t *testing.T, url string) (map[string]*dto.MetricFamily, []promlint.Problem) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("scrape %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("scrape %s: %d %v\n%s", url, resp.StatusCode, err, body)
	}
	problems, err := promlint.New(bytes.NewReader(body)).Lint()
	if err != nil {
		t.Fatalf("lint the scrape: %v", err)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("parse the scrape: %v\n%s", err, body)
	}
	return fams, problems
}

// sample is the value of a family's series with these labels (a counter's
// or gauge's value, a histogram's count), summed over the series that
// match; 0 when none does.
func sample(fams map[string]*dto.MetricFamily, name string, labels map[string]string) float64 {
	total := 0.0
	f := fams[name]
	if f == nil {
		return 0
	}
next:
	for _, m := range f.GetMetric() {
		have := map[string]string{}
		for _, l := range m.GetLabel() {
			have[l.GetName()] = l.GetValue()
		}
		for k, v := range labels {
			if have[k] != v {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			total += m.GetCounter().GetValue()
		case m.Gauge != nil:
			total += m.GetGauge().GetValue()
		case m.Histogram != nil:
			total += float64(m.GetHistogram().GetSampleCount())
		}
	}
	return total
}

// TestMetricsScrapedDuringGame plays a Hijack game against the fake Discord
// in both modes and scrapes /metrics over loopback HTTP before and after
// (in HTTP mode on the endpoint's own port, in gateway mode on a server of
// its own, as metrics_listen serves it): the moves, answers, boards,
// Discord's requests and the database's commits all moved, the open game
// is counted, the output passes Prometheus' lint and no label holds an id.
func TestMetricsScrapedDuringGame(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		m := testMetrics()
		e := newEnv(t, mode, withMetrics(m))
		m.Watch(telemetry.Sources{OpenGames: e.store.OpenGameCounts, OwedTurnMessages: e.store.OwedTurnMessages,
			OwedRedos: e.router.OwedRedosWaiting, Cleanups: e.router.CleanupsWaiting})
		url := ""
		if e.endpoint != nil {
			url = e.endpoint.URL + telemetry.Path
		} else {
			srv := httptest.NewServer(m.Handler())
			t.Cleanup(srv.Close)
			url = srv.URL + telemetry.Path
		}
		before, _ := scrape(t, url)
		e.startHijack(general)
		e.typed(general)
		e.typed(general)
		e.router.Wait()
		after, problems := scrape(t, url)
		for _, p := range problems {
			t.Errorf("lint: %s: %s", p.Metric, p.Text)
		}
		hijack := map[string]string{"kind": "hijack"}
		for _, c := range []struct {
			name   string
			labels map[string]string
			least  float64
		}{
			{"standoff_moves_total", map[string]string{"kind": "hijack", "seat": "player", "outcome": "played"}, 2},
			{"standoff_answers_total", map[string]string{"kind": "hijack", "outcome": "answered"}, 3},
			{"standoff_answer_duration_seconds", hijack, 3},
			{"standoff_boards_total", map[string]string{"kind": "hijack", "outcome": "shown"}, 2},
			{"standoff_board_duration_seconds", hijack, 2},
			{"standoff_discord_requests_total", map[string]string{"scope": "interaction"}, 1},
			{"standoff_discord_requests_total", map[string]string{"scope": "bot"}, 1},
			{"standoff_discord_requests_total", map[string]string{"route": "/channels/{id}/messages"}, 1},
			{"standoff_discord_rate_limit_wait_seconds", map[string]string{"scope": "bot"}, 1},
			{"standoff_storage_commit_duration_seconds", nil, 3},
		} {
			if d := sample(after, c.name, c.labels) - sample(before, c.name, c.labels); d < c.least {
				t.Errorf("%s%v moved by %v during the game, want at least %v", c.name, c.labels, d, c.least)
			}
		}
		if got := sample(after, "standoff_games_open", map[string]string{"kind": "hijack", "status": "active"}); got != 1 {
			t.Errorf("standoff_games_open{kind=hijack,status=active} = %v, want 1", got)
		}
		if _, ok := after["go_goroutines"]; !ok {
			t.Error("no Go runtime metrics")
		}
		ids := regexp.MustCompile(`[0-9]{3,}`) // the fake's ids: 100, 901...
		for name, f := range after {
			if !strings.HasPrefix(name, "standoff_") {
				continue
			}
			for _, s := range f.GetMetric() {
				for _, l := range s.GetLabel() {
					if l.GetName() != "status" && ids.MatchString(l.GetValue()) {
						t.Errorf("%s{%s=%q}: an id as a label value", name, l.GetName(), l.GetValue())
					}
				}
			}
		}
		if problems, err := testutil.GatherAndLint(m.Registry()); err != nil || len(problems) > 0 {
			t.Errorf("GatherAndLint: %v %+v", err, problems)
		}
	})
}

// TestJSONLogsWholeGame runs a Locked Out game (hands by DM, answers out of
// turn) and a Hijack game with Discord failing and rate limiting on the
// way, logging JSON at debug level: every line is a JSON object, every
// line naming a game names its kind, and neither the bot's token nor any
// interaction's token appears anywhere in the output.
func TestJSONLogsWholeGame(t *testing.T) {
	t.Parallel()
	sink := &logSink{}
	// Discord's per-channel buckets would only make the game minutes long
	// (their 429s are waited out); the faults below are injected.
	e := newEnv(t, withJSONLogs(sink), withFake(nil, discordtest.WithLimits(discordtest.NoLimits())))
	// Every token the fake hands out starts so ("interaction:" in
	// base64): looking for the start finds every interaction's token,
	// those the helpers below made included.
	const tokenStart = "aW50ZXJhY3Rpb246"
	help := e.must(e.fake.RunCommand(alice, general, "game", "help"))
	e.answered(help)
	if !strings.HasPrefix(help.Token(), tokenStart) {
		t.Fatalf("the fake's interaction tokens look like %q now: update tokenStart", help.Token())
	}
	lo := e.challengedLockedOut()
	for i := 0; i < 6; i++ {
		user, dm, ok := e.nextDMDecision(&lo)
		if !ok {
			break
		}
		e.playGuided(user, dm)
	}
	row := e.startHijack(other)
	for _, fault := range []func(){
		func() { e.fake.FailNext(discordtest.RouteSendMessage, 1, 500) },
		func() { e.fake.RateLimitNext(discordtest.RouteSendMessage, 1, 0) },
		func() { e.fake.FailNext(discordtest.RouteInteractionCallback, 1, 500) },
		func() { e.fake.FailNext(discordtest.RouteEditMessage, 2, 503) },
		// Failures the bot logs about the game: the follow-up that carries
		// the new board, then the clean-up of the old one's controls.
		func() { e.fake.FailNext(discordtest.RouteFollowup, 1, 400) },
		func() { e.fake.FailNext(discordtest.RouteEditMessage, 1, 400) },
	} {
		fault()
		row, _ = e.typed(other)
	}
	e.router.Wait()
	_ = row
	out := sink.String()
	games := 0
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("not a JSON line: %s: %v", sc.Text(), err)
		}
		if _, ok := line["game"]; ok {
			games++
			if k, _ := line["kind"].(string); k != "hijack" && k != "lockedout" {
				t.Errorf("a line about a game without its kind: %s", sc.Text())
			}
		}
	}
	if games == 0 {
		t.Error("no line named a game: the faults were not logged")
	}
	for _, secret := range []string{strings.TrimPrefix(e.fake.Token(), "Bot "), tokenStart} {
		if i := strings.Index(out, secret); i >= 0 {
			t.Errorf("the JSON logs hold a token: ...%s...", out[max(i-80, 0):min(i+80, len(out))])
		}
	}
	t.Logf("%d JSON lines, %d about a game; no token", strings.Count(out, "\n"), games)
}
