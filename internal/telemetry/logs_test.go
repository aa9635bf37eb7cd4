package telemetry_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"standoff/internal/telemetry"
)

// TestJSONLogsNameGameKind: with log_format = "json" every line is one JSON
// object, and a line naming a game (directly or through With) names its
// kind too, without its author passing it; a line that names its kind
// keeps it.
func TestJSONLogsNameGameKind(t *testing.T) {
	var buf bytes.Buffer
	l, err := telemetry.NewLogger(&buf, telemetry.JSONLogs, slog.LevelDebug)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[int64]string{7: "hijack", 8: "lockedout"}
	l = telemetry.WithGameKinds(l, func(id int64) string { return kinds[id] })
	l.Error("could not post", "game", int64(7), "err", "boom")
	l.With("game", 8).Warn("a DM waits", "seat", 1)
	l.Info("named", "game", "7", "kind", "hunted")
	l.Debug("no game here", "route", "POST /channels/{id}/messages")
	l.WithGroup("g").Info("grouped", "game", 7)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 5 {
		t.Fatalf("want 5 lines, got %d:\n%s", len(lines), buf.String())
	}
	var got []map[string]any
	for _, line := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON line: %s: %v", line, err)
		}
		got = append(got, m)
	}
	for i, want := range []struct {
		game any
		kind string
	}{{float64(7), "hijack"}, {float64(8), "lockedout"}, {"7", "hunted"}, {nil, ""}} {
		if got[i]["game"] != want.game || (want.kind != "" && got[i]["kind"] != want.kind) || (want.kind == "" && got[i]["kind"] != nil) {
			t.Errorf("line %d: game %v kind %v, want %v %q: %s", i, got[i]["game"], got[i]["kind"], want.game, want.kind, lines[i])
		}
	}
	if strings.Count(lines[2], `"kind"`) != 1 {
		t.Errorf("a line that named its kind got a second one: %s", lines[2])
	}
	if got[0]["level"] != "ERROR" || got[0]["msg"] != "could not post" {
		t.Errorf("the JSON handler's own keys are missing: %s", lines[0])
	}
}

func TestLogFormats(t *testing.T) {
	var buf bytes.Buffer
	l, err := telemetry.NewLogger(&buf, "", slog.LevelInfo)
	if err != nil {
		t.Fatal(err)
	}
	telemetry.WithGameKinds(l, func(int64) string { return "hunted" }).Info("moved", "game", 3)
	if got := buf.String(); !strings.Contains(got, "game=3 kind=hunted") {
		t.Errorf("text line: %s", got)
	}
	if _, err := telemetry.NewLogger(&buf, "xml", slog.LevelInfo); err == nil || !strings.Contains(err.Error(), `"json"`) {
		t.Errorf("an unknown format: %v", err)
	}
}
