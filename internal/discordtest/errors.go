package discordtest

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Discord's JSON error codes that the fake answers with.
const (
	CodeUnknownChannel      = 10003
	CodeUnknownMessage      = 10008
	CodeUnknownUser         = 10013
	CodeUnknownWebhook      = 10015
	CodeUnknownInteraction  = 10062
	CodeEntityTooLarge      = 40005
	CodeAlreadyAcknowledged = 40060
	CodeMissingAccess       = 50001
	CodeCannotSendEmpty     = 50006
	CodeCannotMessageUser   = 50007
	CodeMissingPermissions  = 50013
	CodeInvalidWebhookToken = 50027
	CodeInvalidRecipients   = 50033
	CodeInvalidFormBody     = 50035
	CodeInvalidAPIVersion   = 50041
)

var errClosed = errors.New("discordtest: server closed")

func errTimeout(d time.Duration) error {
	return fmt.Errorf("discordtest: timed out after %v", d)
}

// RESTError records an error answer of the fake (status >= 400), so a test
// can assert that the bot caused none, or exactly the expected ones.
type RESTError struct {
	Route   string // e.g. "POST /channels/{channel}/messages"
	Path    string
	Status  int
	Code    int
	Message string
	Body    string // the whole JSON body sent
	Scope   string // a 429's: ScopeUser, ScopeGlobal, ScopeShared or ScopeCloudflare
}

func (e RESTError) String() string {
	return fmt.Sprintf("%s -> %d %s", e.Route, e.Status, e.Body)
}

// reply is what a route handler answers.
type reply struct {
	status  int
	body    any    // marshalled as JSON unless raw is set
	raw     []byte // sent as is
	ctype   string
	headers map[string]string
	scope   string // a 429's scope (ScopeUser...), for the counts and the request log
}

func ok(body any) *reply { return &reply{status: http.StatusOK, body: body} }

func noContent() *reply { return &reply{status: http.StatusNoContent} }

// apiErr is Discord's error shape {"code":..., "message":...}.
func apiErr(status, code int, message string) *reply {
	return &reply{status: status, body: map[string]any{"code": code, "message": message}}
}

func httpErr(status int) *reply {
	return apiErr(status, 0, fmt.Sprintf("%d: %s", status, http.StatusText(status)))
}

// formErrors collects field errors in the way Discord reports code 50035:
// {"code":50035,"message":"Invalid Form Body","errors":{"content":{"_errors":[...]}}}.
type formErrors struct {
	list []fieldError
}

type fieldError struct {
	path    string // dotted, e.g. "components.0.components.1.custom_id"
	code    string
	message string
}

func (f *formErrors) add(path, code, format string, args ...any) {
	f.list = append(f.list, fieldError{path, code, fmt.Sprintf(format, args...)})
}

func (f *formErrors) empty() bool { return len(f.list) == 0 }

// maxLen reports a string longer than max characters.
func (f *formErrors) maxLen(path, s string, max int) {
	if n := runeLen(s); n > max {
		f.add(path, "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", max)
	}
}

// between reports a string whose length is outside min..max characters.
func (f *formErrors) between(path, s string, min, max int) {
	if n := runeLen(s); n < min || n > max {
		f.add(path, "BASE_TYPE_BAD_LENGTH", "Must be between %d and %d in length.", min, max)
	}
}

func (f *formErrors) required(path string) {
	f.add(path, "BASE_TYPE_REQUIRED", "This field is required")
}

func join(prefix, field string) string {
	if prefix == "" {
		return field
	}
	return prefix + "." + field
}

// reply builds the 400 answer, or nil if there is no error.
func (f *formErrors) reply() *reply {
	if f.empty() {
		return nil
	}
	root := map[string]any{}
	for _, e := range f.list {
		node := root
		if e.path != "" {
			for _, part := range strings.Split(e.path, ".") {
				child, ok := node[part].(map[string]any)
				if !ok {
					child = map[string]any{}
					node[part] = child
				}
				node = child
			}
		}
		list, _ := node["_errors"].([]any)
		node["_errors"] = append(list, map[string]any{"code": e.code, "message": e.message})
	}
	return &reply{status: http.StatusBadRequest, body: map[string]any{
		"code":    CodeInvalidFormBody,
		"message": "Invalid Form Body",
		"errors":  root,
	}}
}

// prefixed returns a copy with every path under prefix.
func (f *formErrors) prefixed(prefix string) *formErrors {
	out := &formErrors{}
	for _, e := range f.list {
		out.list = append(out.list, fieldError{join(prefix, e.path), e.code, e.message})
	}
	return out
}
