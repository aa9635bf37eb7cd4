package discordtest

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Route names, as used by Calls, FailNext, RateLimitNext and SetDelay.
const (
	RouteGateway              = "GET /gateway"
	RouteGatewayBot           = "GET /gateway/bot"
	RouteCurrentUser          = "GET /users/@me"
	RouteUser                 = "GET /users/{user}"
	RouteCurrentApplication   = "GET /applications/@me"
	RouteCreateDM             = "POST /users/@me/channels"
	RouteGlobalCommands       = "GET /applications/{app}/commands"
	RouteOverwriteGlobal      = "PUT /applications/{app}/commands"
	RouteGuildCommands        = "GET /applications/{app}/guilds/{guild}/commands"
	RouteOverwriteGuild       = "PUT /applications/{app}/guilds/{guild}/commands"
	RouteInteractionCallback  = "POST /interactions/{interaction}/{token}/callback"
	RouteFollowup             = "POST /webhooks/{app}/{token}"
	RouteGetOriginal          = "GET /webhooks/{app}/{token}/messages/@original"
	RouteEditOriginal         = "PATCH /webhooks/{app}/{token}/messages/@original"
	RouteDeleteOriginal       = "DELETE /webhooks/{app}/{token}/messages/@original"
	RouteGetWebhookMessage    = "GET /webhooks/{app}/{token}/messages/{message}"
	RouteEditWebhookMessage   = "PATCH /webhooks/{app}/{token}/messages/{message}"
	RouteDeleteWebhookMessage = "DELETE /webhooks/{app}/{token}/messages/{message}"
	RouteGetChannel           = "GET /channels/{channel}"
	RouteModifyChannel        = "PATCH /channels/{channel}"
	RouteListMessages         = "GET /channels/{channel}/messages"
	RouteSendMessage          = "POST /channels/{channel}/messages"
	RouteGetMessage           = "GET /channels/{channel}/messages/{message}"
	RouteEditMessage          = "PATCH /channels/{channel}/messages/{message}"
	RouteDeleteMessage        = "DELETE /channels/{channel}/messages/{message}"
	RouteCDNAttachment        = "GET /attachments/{channel}/{attachment}/{filename}"
	// RouteAny matches every route in FailNext, RateLimitNext and SetDelay.
	RouteAny = "*"
)

type call struct {
	r      *http.Request
	route  string
	params map[string]string
	start  time.Time
	// limitHeaders are the X-RateLimit headers of the request's bucket.
	limitHeaders map[string]string
}

func (c *call) param(name string) string { return c.params[name] }

type handler func(s *Server, c *call) *reply

type routeDef struct {
	name string
	auth bool // needs the bot token
	h    handler
}

var routeTable []routeDef

func init() {
	routeTable = []routeDef{
		{RouteGateway, false, (*Server).getGateway},
		{RouteGatewayBot, true, (*Server).getGatewayBot},
		{RouteCurrentUser, true, (*Server).getCurrentUser},
		{RouteCurrentUserGuilds, true, (*Server).listGuilds},
		{RouteCreateDM, true, (*Server).createDM},
		{RouteUser, true, (*Server).getUser},
		{RouteCurrentApplication, true, (*Server).getApplication},
		{RouteGlobalCommands, true, (*Server).listCommands},
		{RouteOverwriteGlobal, true, (*Server).overwriteCommands},
		{RouteGuildCommands, true, (*Server).listCommands},
		{RouteOverwriteGuild, true, (*Server).overwriteCommands},
		{RouteInteractionCallback, false, (*Server).interactionCallback},
		{RouteFollowup, false, (*Server).followup},
		{RouteGetOriginal, false, (*Server).getWebhookMessage},
		{RouteEditOriginal, false, (*Server).editWebhookMessage},
		{RouteDeleteOriginal, false, (*Server).deleteWebhookMessage},
		{RouteGetWebhookMessage, false, (*Server).getWebhookMessage},
		{RouteEditWebhookMessage, false, (*Server).editWebhookMessage},
		{RouteDeleteWebhookMessage, false, (*Server).deleteWebhookMessage},
		{RouteGetChannel, true, (*Server).getChannel},
		{RouteModifyChannel, true, (*Server).patchChannel},
		{RouteListMessages, true, (*Server).listMessages},
		{RouteSendMessage, true, (*Server).sendMessage},
		{RouteGetMessage, true, (*Server).getMessage},
		{RouteEditMessage, true, (*Server).editMessage},
		{RouteDeleteMessage, true, (*Server).deleteMessage},
		{RouteStartThreadFromMessage, true, announceThread((*Server).startThreadFromMessage)},
		{RouteStartThread, true, announceThread((*Server).startThread)},
		{RouteAddThreadMember, true, (*Server).addThreadMember},
	}
}

func knownRoute(name string) bool {
	if name == RouteAny || name == RouteCDNAttachment || name == RouteRenameChannel {
		return true
	}
	for _, r := range routeTable {
		if r.name == name {
			return true
		}
	}
	return false
}

// match finds the route for a method and API path.
func match(method, path string) (routeDef, map[string]string, bool) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, rt := range routeTable {
		m, pattern, _ := strings.Cut(rt.name, " ")
		if m != method {
			continue
		}
		ps := strings.Split(strings.Trim(pattern, "/"), "/")
		if len(ps) != len(segs) {
			continue
		}
		params := map[string]string{}
		okay := true
		for i, p := range ps {
			if strings.HasPrefix(p, "{") {
				if segs[i] == "" {
					okay = false
					break
				}
				params[strings.Trim(p, "{}")] = segs[i]
			} else if p != segs[i] {
				okay = false
				break
			}
		}
		if okay {
			return rt, params, true
		}
	}
	return routeDef{}, nil, false
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, gatewayPath) {
		s.gw.serve(w, r)
		return
	}
	c := &call{r: r, start: time.Now()}
	var h handler
	var auth bool
	if p, isAPI := apiPath(r.URL.Path); isAPI {
		rt, params, found := match(r.Method, p)
		if found {
			c.route, c.params, h, auth = rt.name, params, rt.h, rt.auth
		} else {
			c.route = r.Method + " " + p
		}
		if !strings.HasPrefix(r.URL.Path, apiPrefix) {
			s.mu.Lock()
			s.calls[c.route]++
			s.mu.Unlock()
			s.write(w, c, apiErr(http.StatusBadRequest, CodeInvalidAPIVersion, "Invalid API version provided"))
			return
		}
	} else if r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/attachments/") {
		c.route, h = RouteCDNAttachment, (*Server).getAttachment
		c.params = map[string]string{"path": r.URL.Path}
	} else {
		c.route = r.Method + " " + r.URL.Path
	}

	rep, after := s.prelude(c, auth)
	if rep == nil {
		if h == nil {
			rep = httpErr(http.StatusNotFound)
		} else {
			rep = h(s, c)
		}
		if after != nil && rep.status < 400 {
			rep = s.faultReply(*after, c.route) // it took effect, yet the bot hears of a failure
		}
	}
	s.write(w, c, rep)
}

// prelude counts the call and applies delays, a Cloudflare ban, the
// injected global rate limit, injected faults, auth and then the rate
// limits. A fault marked After is returned to be applied once the request
// has taken effect.
func (s *Server) prelude(c *call, auth bool) (*reply, *Fault) {
	s.mu.Lock()
	s.calls[c.route]++
	delay := s.delays[c.route] + s.delays[RouteAny]
	s.notifyLocked()
	s.mu.Unlock()

	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-c.r.Context().Done():
			t.Stop()
			return httpErr(http.StatusServiceUnavailable), nil
		case <-s.closing:
			t.Stop()
			return httpErr(http.StatusServiceUnavailable), nil
		}
	}
	if rep := s.rl.cloudflareBanned(time.Now()); rep != nil {
		return rep, nil
	}
	if auth {
		// The global limit counts requests made with the bot token;
		// interaction callbacks and follow-ups carry the interaction's
		// token instead and are not bound by it.
		if rep := s.globalLimited(); rep != nil {
			return rep, nil
		}
	}
	if f, ok := s.takeFault(c.route); ok {
		if f.Global {
			s.GlobalRateLimit(f.RetryAfter)
		}
		if f.After {
			return nil, &f
		}
		return s.faultReply(f, c.route), nil
	}
	if auth {
		a := c.r.Header.Get("Authorization")
		if a != s.cfg.token {
			return apiErr(http.StatusUnauthorized, 0, "401: Unauthorized"), nil
		}
	}
	return s.limit(c), nil
}

func (s *Server) write(w http.ResponseWriter, c *call, rep *reply) {
	h := w.Header()
	for k, v := range rep.headers {
		h.Set(k, v)
	}
	if rep.status != http.StatusTooManyRequests {
		// "Note that normal route rate-limiting headers will also be
		// sent": every answer of a route with a bucket, errors included,
		// carries the bucket's state.
		for k, v := range c.limitHeaders {
			h.Set(k, v)
		}
	}
	var body []byte
	switch {
	case rep.raw != nil:
		body = rep.raw
	case rep.body != nil:
		body, _ = json.Marshal(rep.body)
	}
	if rep.status >= 400 {
		s.recordError(c, rep, body)
	}
	s.rl.answered(rep.status, rep.scope, time.Now())
	s.logRequest(c, rep)
	if body != nil {
		ct := rep.ctype
		if ct == "" {
			ct = "application/json"
		}
		h.Set("Content-Type", ct)
	}
	w.WriteHeader(rep.status)
	if body != nil && rep.status != http.StatusNoContent {
		_, _ = w.Write(body)
	}
}

func (s *Server) recordError(c *call, rep *reply, body []byte) {
	var e struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	_ = json.Unmarshal(body, &e)
	s.mu.Lock()
	s.restErrs = append(s.restErrs, RESTError{
		Route: c.route, Path: c.r.URL.Path, Status: rep.status, Code: e.Code, Message: e.Message, Body: string(body),
		Scope: rep.scope,
	})
	s.notifyLocked()
	s.mu.Unlock()
}

// Calls counts the requests received on a route (faulted ones included).
func (s *Server) Calls(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if route == RouteAny {
		n := 0
		for _, v := range s.calls {
			n += v
		}
		return n
	}
	return s.calls[route]
}

// CallCounts returns the number of requests per route.
func (s *Server) CallCounts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.calls))
	for k, v := range s.calls {
		out[k] = v
	}
	return out
}

// RESTErrors lists every error answer (status >= 400) the fake gave, in order.
func (s *Server) RESTErrors() []RESTError {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]RESTError(nil), s.restErrs...)
}

// readBody reads a JSON body with a sane cap.
func readBody(c *call, max int64) ([]byte, *reply) {
	b, err := io.ReadAll(io.LimitReader(c.r.Body, max+1))
	if err != nil {
		return nil, apiErr(http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
	}
	if int64(len(b)) > max {
		return nil, apiErr(http.StatusRequestEntityTooLarge, CodeEntityTooLarge, "Request entity too large")
	}
	return b, nil
}

func invalidJSON() *reply {
	return apiErr(http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
