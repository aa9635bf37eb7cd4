package discordtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"image"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

const maxJSONBody = 8 << 20

// upload is one file part of a multipart request.
type upload struct {
	index         int
	filename      string
	ctype         string
	size          int
	width, height int    // for images
	data          []byte // nil when the server keeps no bytes
}

// partBuffers are the scratch buffers uploads are read into: reading a
// picture with io.ReadAll grows and zeroes its buffer several times over,
// which was most of the fake's work in a load test.
var partBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// bodyReaders buffer multipart bodies in reads of up to 64 KB.
var bodyReaders = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, 64<<10) }}

// readUpload reads a file part and measures it as Discord does; it keeps
// the bytes unless the server was told not to.
func (s *Server) readUpload(part io.Reader) (upload, *reply) {
	buf := partBuffers.Get().(*bytes.Buffer)
	defer partBuffers.Put(buf)
	buf.Reset()
	if _, err := buf.ReadFrom(io.LimitReader(part, s.cfg.maxFileSize+1)); err != nil {
		return upload{}, apiErr(http.StatusBadRequest, CodeInvalidFormBody, "Invalid Form Body")
	}
	if int64(buf.Len()) > s.cfg.maxFileSize {
		return upload{}, apiErr(http.StatusRequestEntityTooLarge, CodeEntityTooLarge, "Request entity too large")
	}
	u := upload{size: buf.Len()}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(buf.Bytes())); err == nil {
		u.width, u.height = cfg.Width, cfg.Height
	}
	if !s.cfg.dropFiles {
		u.data = bytes.Clone(buf.Bytes())
		if u.data == nil {
			u.data = []byte{}
		}
	}
	return u, nil
}

// readPayload returns the JSON payload of a request, taken from the body or
// from the payload_json part of a multipart/form-data body, and its files.
func (s *Server) readPayload(c *call) ([]byte, []upload, *reply) {
	mt, params, _ := mime.ParseMediaType(c.r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		b, rep := readBody(c, maxJSONBody)
		return b, nil, rep
	}
	// multipart reads through a bufio.Reader of 4 KB (a read call per
	// 4 KB of a picture) unless given a larger one, which it then uses.
	br := bodyReaders.Get().(*bufio.Reader)
	br.Reset(c.r.Body)
	defer func() {
		br.Reset(nil)
		bodyReaders.Put(br)
	}()
	mr := multipart.NewReader(br, params["boundary"])
	var payload []byte
	var ups []upload
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, apiErr(http.StatusBadRequest, CodeInvalidFormBody, "Invalid Form Body")
		}
		name := part.FormName()
		switch {
		case name == "payload_json":
			payload, err = io.ReadAll(io.LimitReader(part, maxJSONBody))
			if err != nil {
				return nil, nil, invalidJSON()
			}
		case name == "file" || name == "files" || strings.HasPrefix(name, "files[") || strings.HasPrefix(name, "file["):
			u, rep := s.readUpload(part)
			if rep != nil {
				return nil, nil, rep
			}
			idx := len(ups)
			if i := strings.IndexByte(name, '['); i >= 0 {
				if n, err := strconv.Atoi(strings.TrimSuffix(name[i+1:], "]")); err == nil {
					idx = n
				}
			}
			u.index, u.filename, u.ctype = idx, part.FileName(), part.Header.Get("Content-Type")
			ups = append(ups, u)
		}
		part.Close()
	}
	if payload == nil {
		payload = []byte("{}")
	}
	return payload, ups, nil
}

// msgPayload is the message part of a create, edit or callback body. The
// *Set fields tell an absent field (edit: keep) from a present one
// (edit: replace; null clears).
type msgPayload struct {
	content         string
	contentSet      bool
	components      []Component
	componentsSet   bool
	embeds          []Embed
	embedsSet       bool
	flags           int
	flagsSet        bool
	attachments     []attachRef
	attachmentsSet  bool
	customID, title string // modals
	choices         []rawChoice
	choicesSet      bool
	nonce           string // as sent (a string, or a number's digits)
	enforceNonce    bool
	mentions        *allowedMentions // nil: none, or null
	mentionsSet     bool             // the key was present
}

type attachRef struct {
	id          string
	filename    string
	description string
}

type rawChoice struct {
	Name  string          `json:"name"`
	Value json.RawMessage `json:"value"`
}

// parseMessage decodes the fields of a message payload; type errors become
// form errors under prefix.
func parseMessage(raw json.RawMessage, prefix string, fe *formErrors) (*msgPayload, bool) {
	var fields map[string]json.RawMessage
	if len(bytes.TrimSpace(raw)) == 0 || isNullJSON(raw) {
		return &msgPayload{}, true
	}
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, false
	}
	p := &msgPayload{}
	p.parseShown(fields, prefix, fe)
	p.parseAttachments(fields, prefix, fe)
	p.parseDelivery(fields, prefix, fe)
	p.parseCallbackOnly(fields, prefix, fe)
	return p, true
}

func isNullJSON(v json.RawMessage) bool { return string(bytes.TrimSpace(v)) == "null" }

// parseShown decodes what the message shows: content, components, embeds
// and flags.
func (p *msgPayload) parseShown(fields map[string]json.RawMessage, prefix string, fe *formErrors) {
	if v, ok := fields["content"]; ok {
		p.contentSet = true
		if !isNullJSON(v) && json.Unmarshal(v, &p.content) != nil {
			fe.add(join(prefix, "content"), "BASE_TYPE_STRING", "Could not interpret \"%s\" as string.", v)
		}
	}
	// Discord ignores "components": null (an edit keeps the components; only
	// [] removes them), while "embeds": null and "content": null clear. This
	// matters with discordgo, which sends components null whenever the
	// Components field of InteractionResponseData is nil.
	if v, ok := fields["components"]; ok && !isNullJSON(v) {
		p.componentsSet = true
		if json.Unmarshal(v, &p.components) != nil {
			fe.add(join(prefix, "components"), "BASE_TYPE_ARRAY", "Must be an array of components.")
		}
	}
	if v, ok := fields["embeds"]; ok {
		p.embedsSet = true
		if !isNullJSON(v) && json.Unmarshal(v, &p.embeds) != nil {
			fe.add(join(prefix, "embeds"), "BASE_TYPE_ARRAY", "Must be an array of embeds.")
		}
	}
	if v, ok := fields["flags"]; ok && !isNullJSON(v) {
		p.flagsSet = true
		if json.Unmarshal(v, &p.flags) != nil {
			fe.add(join(prefix, "flags"), "NUMBER_TYPE_COERCE", "Value \"%s\" is not int.", v)
		}
	}
}

// parseAttachments decodes the attachments list (which existing
// attachments stay, and the descriptions of new uploads).
func (p *msgPayload) parseAttachments(fields map[string]json.RawMessage, prefix string, fe *formErrors) {
	v, ok := fields["attachments"]
	if !ok || isNullJSON(v) {
		return
	}
	p.attachmentsSet = true
	var refs []struct {
		ID          json.RawMessage `json:"id"`
		Filename    string          `json:"filename"`
		Description string          `json:"description"`
	}
	if json.Unmarshal(v, &refs) != nil {
		fe.add(join(prefix, "attachments"), "BASE_TYPE_ARRAY", "Must be an array of attachments.")
	}
	for _, r := range refs {
		p.attachments = append(p.attachments, attachRef{
			id: strings.Trim(string(r.ID), `"`), filename: r.Filename, description: r.Description,
		})
	}
}

// parseDelivery decodes how the message is sent rather than what it
// shows: its nonce and who it may ping.
func (p *msgPayload) parseDelivery(fields map[string]json.RawMessage, prefix string, fe *formErrors) {
	if v, ok := fields["nonce"]; ok && !isNullJSON(v) {
		var str string
		var num json.Number
		switch {
		case json.Unmarshal(v, &str) == nil:
			p.nonce = str
		case json.Unmarshal(v, &num) == nil:
			p.nonce = num.String()
		default:
			fe.add(join(prefix, "nonce"), "BASE_TYPE_STRING", "Could not interpret \"%s\" as string.", v)
		}
		fe.maxLen(join(prefix, "nonce"), p.nonce, 25)
	}
	if v, ok := fields["enforce_nonce"]; ok && !isNullJSON(v) {
		if json.Unmarshal(v, &p.enforceNonce) != nil {
			fe.add(join(prefix, "enforce_nonce"), "BASE_TYPE_BOOLEAN", "Must be either true or false.")
		}
	}
	if v, ok := fields["allowed_mentions"]; ok {
		p.mentionsSet = true
		p.mentions = parseAllowedMentions(v, join(prefix, "allowed_mentions"), fe)
	}
}

// parseCallbackOnly decodes the fields only interaction callbacks carry:
// a modal's custom id and title, autocomplete choices.
func (p *msgPayload) parseCallbackOnly(fields map[string]json.RawMessage, prefix string, fe *formErrors) {
	if v, ok := fields["custom_id"]; ok {
		_ = json.Unmarshal(v, &p.customID)
	}
	if v, ok := fields["title"]; ok {
		_ = json.Unmarshal(v, &p.title)
	}
	if v, ok := fields["choices"]; ok {
		p.choicesSet = true
		if !isNullJSON(v) && json.Unmarshal(v, &p.choices) != nil {
			fe.add(join(prefix, "choices"), "BASE_TYPE_ARRAY", "Must be an array of choices.")
		}
	}
}

// attachmentsAfter computes a message's attachments after a create or edit:
// with an explicit attachments list only the listed existing ones stay; the
// new uploads are always added (descriptions come from list entries whose id
// is the upload's index).
func (s *Server) attachmentsAfter(channelID string, old []Attachment, p *msgPayload, ups []upload) []Attachment {
	var out []Attachment
	if p.attachmentsSet {
		for _, a := range old {
			for _, r := range p.attachments {
				if r.id == a.ID {
					if r.description != "" {
						a.Description = r.description
					}
					out = append(out, a)
					break
				}
			}
		}
	} else {
		out = append(out, old...)
	}
	for _, u := range ups {
		a := Attachment{
			ID:       s.newID(),
			Filename: u.filename,
			Size:     u.size,
			Width:    u.width,
			Height:   u.height,
			Data:     u.data,
		}
		for _, r := range p.attachments {
			if r.id == strconv.Itoa(u.index) {
				a.Description = r.description
				if r.filename != "" {
					a.Filename = r.filename
				}
			}
		}
		if a.Filename == "" {
			a.Filename = "file" + strconv.Itoa(u.index)
		}
		// Discord derives the content type from the file, not the part header.
		a.ContentType = mime.TypeByExtension(path.Ext(a.Filename))
		if a.ContentType == "" {
			a.ContentType = u.ctype
		}
		a.URL = "https://cdn.discordapp.com/attachments/" + channelID + "/" + a.ID + "/" + a.Filename
		out = append(out, a)
	}
	return out
}
