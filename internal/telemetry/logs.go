package telemetry

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"
)

// Log formats.
const (
	TextLogs = "text"
	JSONLogs = "json"
)

// NewLogger writes level and above to w as text (slog's key=value lines)
// or JSON (one object a line, for a log collector).
func NewLogger(w io.Writer, format string, level slog.Level) (*slog.Logger, error) {
	opts := &slog.HandlerOptions{Level: level}
	switch format {
	case "", TextLogs:
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case JSONLogs:
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("log_format %q is neither %q nor %q", format, TextLogs, JSONLogs)
}

// GameKey and KindKey are the attributes that name a game in a log line.
const (
	GameKey = "game"
	KindKey = "kind"
)

// WithGameKinds makes every line of l that names a game (a "game"
// attribute holding its id) name its kind too, as kindOf says, unless the
// line names one already: an operator filtering the logs of one game or of
// one kind of game needs both on every line.
func WithGameKinds(l *slog.Logger, kindOf func(id int64) string) *slog.Logger {
	if l == nil || kindOf == nil {
		return l
	}
	if _, ok := l.Handler().(*kindHandler); ok {
		return l
	}
	return slog.New(&kindHandler{next: l.Handler(), kindOf: kindOf})
}

type kindHandler struct {
	next   slog.Handler
	kindOf func(int64) string
	// named: the handler's own attributes (With) already name the kind or
	// the game.
	hasKind, hasGame bool
}

func (h *kindHandler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *kindHandler) Handle(ctx context.Context, r slog.Record) error {
	if h.hasKind || h.hasGame {
		return h.next.Handle(ctx, r)
	}
	var id int64
	found, hasKind := false, false
	r.Attrs(func(a slog.Attr) bool {
		switch a.Key {
		case KindKey:
			hasKind = true
		case GameKey:
			id, found = gameID(a.Value)
		}
		return true
	})
	if found && !hasKind {
		if k := h.kindOf(id); k != "" {
			r = r.Clone()
			r.AddAttrs(slog.String(KindKey, k))
		}
	}
	return h.next.Handle(ctx, r)
}

func (h *kindHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	out := *h
	var id int64
	found := false
	for _, a := range attrs {
		switch a.Key {
		case KindKey:
			out.hasKind = true
		case GameKey:
			id, found = gameID(a.Value)
		}
	}
	if found && !out.hasKind {
		if k := h.kindOf(id); k != "" {
			attrs = append(attrs, slog.String(KindKey, k))
			out.hasKind = true
		}
	}
	out.next = h.next.WithAttrs(attrs)
	return &out
}

func (h *kindHandler) WithGroup(name string) slog.Handler {
	// Attributes inside a group are not the line's game.
	out := *h
	out.next = h.next.WithGroup(name)
	out.hasGame = true
	return &out
}

// gameID reads a game attribute: an id, as a number or its text.
func gameID(v slog.Value) (int64, bool) {
	v = v.Resolve()
	switch v.Kind() {
	case slog.KindInt64:
		return v.Int64(), true
	case slog.KindUint64:
		return int64(v.Uint64()), true
	case slog.KindString:
		id, err := strconv.ParseInt(v.String(), 10, 64)
		return id, err == nil
	}
	return 0, false
}
