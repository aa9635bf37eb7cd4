package telemetry_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"gopkg.in/yaml.v3"

	"standoff/internal/telemetry"
)

// exercised is a Metrics with a sample in every family: what a bot that
// played, was rate limited, reminded and failed a write exports.
func exercised(t *testing.T) *telemetry.Metrics {
	t.Helper()
	m := telemetry.New("hijack", "lockedout")
	ctx := telemetry.Track(context.Background())
	telemetry.SetKind(ctx, "hijack")
	m.Move("hijack", false, telemetry.Played)
	m.Move("hijack", true, telemetry.Refused)
	m.Answer(ctx, true)
	m.Answer(context.Background(), false)
	m.Board(ctx, "hijack", time.Now(), true)
	m.Board(nil, "lockedout", time.Now(), false)
	m.DiscordRequest("POST /channels/901234567890123456/messages", true, &http.Response{StatusCode: 200})
	m.DiscordRequest("POST /interactions/901234567890123456/aW50ZXJhY3Rpb246dG9rZW4/callback", false, nil)
	m.RateLimitWait(true, time.Now())
	m.RateLimited(true, "")
	m.RateLimited(false, "shared")
	m.Write(time.Now(), true)
	m.Reminder("lockedout", true)
	m.TurnLimit("hijack", 2)
	m.DefaultAnswer("lockedout")
	m.Watch(telemetry.Sources{
		OpenGames: func(context.Context) (map[[2]string]int, error) {
			return map[[2]string]int{{"hijack", "active"}: 3, {"mystery", "lobby"}: 1}, nil
		},
		OwedTurnMessages: func(context.Context) (int, error) { return 2, nil },
		OwedRedos:        func() int { return 1 },
		Cleanups:         func() int { return 4 },
	})
	return m
}

// exported is every family the registry gathers.
func exported(t *testing.T, m *telemetry.Metrics) map[string]bool {
	t.Helper()
	mfs, err := m.Registry().Gather()
	if err != nil {
		t.Fatalf("gather: %v", err)
	}
	out := map[string]bool{}
	for _, mf := range mfs {
		out[mf.GetName()] = true
	}
	return out
}

// TestMetricsLint: the exported metrics pass promtool's checks (units in
// names, counters ending in _total, help on every family).
func TestMetricsLint(t *testing.T) {
	m := exercised(t)
	problems, err := testutil.GatherAndLint(m.Registry())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("lint: %s: %s", p.Metric, p.Text)
	}
	got := exported(t, m)
	for _, name := range m.Names() {
		if !got[name] {
			t.Errorf("%s is not exported after every hook ran", name)
		}
	}
	for _, want := range []string{"go_goroutines", "go_gc_duration_seconds"} {
		if !got[want] {
			t.Errorf("the Go runtime collector's %s is missing", want)
		}
	}
}

// snowflake is a Discord id: a label holding one would make a series per
// user, guild or channel.
var snowflake = regexp.MustCompile(`[0-9]{6,}`)

// TestLabelsBounded: no label value is an id or a token, and a kind label
// never takes a value outside the kinds given.
func TestLabelsBounded(t *testing.T) {
	m := exercised(t)
	mfs, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if !strings.HasPrefix(mf.GetName(), "standoff_") {
			continue
		}
		for _, s := range mf.GetMetric() {
			for _, l := range s.GetLabel() {
				v := l.GetValue()
				if snowflake.MatchString(v) || strings.Contains(v, "aW50") {
					t.Errorf("%s{%s=%q}: an id or token as a label value", mf.GetName(), l.GetName(), v)
				}
				if l.GetName() == "kind" && !map[string]bool{"hijack": true, "lockedout": true, telemetry.NoKind: true, telemetry.OtherKind: true}[v] {
					t.Errorf("%s{kind=%q}: not a known kind", mf.GetName(), v)
				}
			}
		}
	}
}

func TestRouteLabels(t *testing.T) {
	for _, c := range []struct{ in, method, route string }{
		{"POST /channels/901/messages", "POST", "/channels/{id}/messages"},
		{"PATCH /channels/{id}/messages/{id}", "PATCH", "/channels/{id}/messages/{id}"},
		{"POST https://discord.com/api/v10/channels/901/messages?wait=true", "POST", "/channels/{id}/messages"},
		{"POST /interactions/123/SeCrEt-token_x/callback", "POST", "/interactions/{id}/{token}/callback"},
		{"POST /interactions/123/lowercasetoken/callback", "POST", "/interactions/{id}/{token}/callback"},
		{"PATCH /webhooks/55/tok/messages/@original", "PATCH", "/webhooks/{id}/{token}/messages/@original"},
		{"PUT /channels/1/messages/2/reactions/%F0%9F%91%8D/@me", "PUT", "/channels/{id}/messages/{id}/reactions/{id}/@me"},
		{"GET /users/@me", "GET", "/users/@me"},
		{"BREW /a/b/c/d/e/f/g/h/i/j", "OTHER", "/a/b/c/d/e/f/g/h/..."},
	} {
		method, route := telemetry.RouteLabels(c.in)
		if method != c.method || route != c.route {
			t.Errorf("RouteLabels(%q) = %q %q, want %q %q", c.in, method, route, c.method, c.route)
		}
	}
}

// TestWatchSurvivesFailingSource: a database that cannot be read leaves
// its series out; the scrape still serves the rest.
func TestWatchSurvivesFailingSource(t *testing.T) {
	m := telemetry.New("hijack")
	m.Watch(telemetry.Sources{
		OpenGames:        func(context.Context) (map[[2]string]int, error) { return nil, errors.New("disk gone") },
		OwedTurnMessages: func(context.Context) (int, error) { return 0, errors.New("disk gone") },
		Cleanups:         func() int { return 7 },
	})
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, telemetry.Path, nil))
	body := rec.Body.String()
	if rec.Code != http.StatusOK || !strings.Contains(body, "standoff_cleanups_waiting 7") || !strings.Contains(body, "go_goroutines") {
		t.Errorf("scrape with a failing source: %d\n%s", rec.Code, body)
	}
	if strings.Contains(body, "standoff_games_open{") {
		t.Error("the failing source's series were served")
	}
}

// metricName finds the metric names a PromQL expression reads.
var metricName = regexp.MustCompile(`\b((?:standoff|go|process)_[a-z0-9_]+)`)

// checkExprNames fails for an expression that names no metric or one the
// bot does not export (a histogram's _bucket, _sum and _count are its
// family's).
func checkExprNames(t *testing.T, where, expr string, got map[string]bool) {
	t.Helper()
	names := metricName.FindAllString(expr, -1)
	if len(names) == 0 {
		t.Errorf("%s: %q reads no metric of the bot's", where, expr)
	}
	for _, n := range names {
		base := n
		for _, suffix := range []string{"_bucket", "_sum", "_count"} {
			if !got[base] {
				base = strings.TrimSuffix(base, suffix)
			}
		}
		if !got[base] {
			t.Errorf("%s: %q reads %s, which the bot does not export", where, expr, n)
		}
	}
}

// TestDashboardNamesExportedMetrics: deploy/'s Grafana dashboard is valid
// JSON and every panel's every query reads metrics the registry exports.
func TestDashboardNamesExportedMetrics(t *testing.T) {
	raw, err := os.ReadFile("../../deploy/grafana/standoff-dashboard.json")
	if err != nil {
		t.Fatal(err)
	}
	type panel struct {
		Title   string  `json:"title"`
		Panels  []panel `json:"panels"` // a row's
		Targets []struct {
			Expr string `json:"expr"`
		} `json:"targets"`
	}
	var d struct {
		Title  string  `json:"title"`
		Panels []panel `json:"panels"`
	}
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatalf("the dashboard is not valid JSON: %v", err)
	}
	got := exported(t, exercised(t))
	queries := 0
	var walk func([]panel)
	walk = func(ps []panel) {
		for _, p := range ps {
			walk(p.Panels)
			if len(p.Panels) == 0 && len(p.Targets) == 0 {
				t.Errorf("panel %q has no query", p.Title)
			}
			for _, tg := range p.Targets {
				queries++
				checkExprNames(t, "panel "+p.Title, tg.Expr, got)
			}
		}
	}
	walk(d.Panels)
	if queries < 10 {
		t.Errorf("only %d queries in the dashboard", queries)
	}
}

// TestAlertRules: deploy/'s alert rules are valid YAML in Prometheus'
// rule-file shape, and each reads metrics the registry exports.
func TestAlertRules(t *testing.T) {
	raw, err := os.ReadFile("../../deploy/prometheus/standoff-alerts.yml")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Groups []struct {
			Name  string `yaml:"name"`
			Rules []struct {
				Alert       string            `yaml:"alert"`
				Expr        string            `yaml:"expr"`
				For         string            `yaml:"for"`
				Labels      map[string]string `yaml:"labels"`
				Annotations map[string]string `yaml:"annotations"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		t.Fatalf("the alert rules are not valid: %v", err)
	}
	got := exported(t, exercised(t))
	alerts := map[string]bool{}
	for _, g := range f.Groups {
		for _, r := range g.Rules {
			alerts[r.Alert] = true
			if r.Alert == "" || r.Annotations["summary"] == "" || r.Labels["severity"] == "" {
				t.Errorf("rule %+v lacks a name, a summary or a severity", r)
			}
			if r.For != "" {
				if _, err := time.ParseDuration(r.For); err != nil {
					t.Errorf("%s: for: %v", r.Alert, err)
				}
			}
			checkExprNames(t, "alert "+r.Alert, r.Expr, got)
		}
	}
	for _, want := range []string{"StandoffAnswersFailing", "StandoffBoardsLate", "StandoffOwedGrowing", "StandoffGlobal429s", "StandoffStorageErrors"} {
		if !alerts[want] {
			t.Errorf("no alert %s", want)
		}
	}
}

func TestListenAddr(t *testing.T) {
	for in, want := range map[string]string{":9090": "127.0.0.1:9090", "9090": "127.0.0.1:9090",
		"0.0.0.0:9090": "0.0.0.0:9090", "[::1]:9100": "[::1]:9100", "metrics.internal:9090": "metrics.internal:9090"} {
		if got, err := telemetry.ListenAddr(in); err != nil || got != want {
			t.Errorf("ListenAddr(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"a:b:c", "host:"} {
		if got, err := telemetry.ListenAddr(bad); err == nil {
			t.Errorf("ListenAddr(%q) = %q, want an error", bad, got)
		}
	}
}
