package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// body is a request body kept as the pieces it is made of: a multipart
// request's framing and JSON, and its files' bytes as they are, not
// copied. Pictures are most of what the bot sends; building each body in
// one growing buffer allocated about twice the picture again per message,
// a tenth of the bot's allocation under load. The pieces are never
// changed, so a retried request sends exactly the same bytes.
type body struct {
	parts       [][]byte
	size        int64
	contentType string
}

// reader is a fresh reader of the whole body, for one attempt. A body of
// one piece (JSON) is read through a bytes.Reader: net/http writes the
// headers and a body of a reader type it knows in one write, but flushes
// the headers on their own before any other body (a write, a TCP segment
// and a wakeup of the server more per request).
func (b body) reader() io.Reader {
	switch len(b.parts) {
	case 0:
		return http.NoBody
	case 1:
		return bytes.NewReader(b.parts[0])
	}
	return &partsReader{parts: b.parts}
}

// partsReader reads the pieces one after the other. Its WriteTo writes
// them without a buffer: net/http copies a body of known length through
// io.LimitReader and then looks for bytes beyond it with io.Copy to
// io.Discard, which for io.MultiReader allocated 32 KB every request.
type partsReader struct {
	parts [][]byte
	off   int // into parts[0]
}

func (r *partsReader) Read(p []byte) (int, error) {
	for len(r.parts) > 0 && r.off == len(r.parts[0]) {
		r.parts, r.off = r.parts[1:], 0
	}
	if len(r.parts) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.parts[0][r.off:])
	r.off += n
	return n, nil
}

func (r *partsReader) WriteTo(w io.Writer) (int64, error) {
	var sum int64
	for len(r.parts) > 0 {
		n, err := w.Write(r.parts[0][r.off:])
		sum += int64(n)
		r.off += n
		if err != nil {
			return sum, err
		}
		r.parts, r.off = r.parts[1:], 0
	}
	return sum, nil
}

// fileBytes is a file's content as discordgo.File wants it (a reader),
// with the bytes at hand so a body can send them without reading them
// into a copy.
type fileBytes struct {
	*bytes.Reader
	data []byte
}

func newFileBytes(data []byte) *fileBytes {
	return &fileBytes{Reader: bytes.NewReader(data), data: data}
}

// quoteEscaper escapes a file name inside a quoted header parameter, as
// mime/multipart and discordgo do.
var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")

// encode makes a request body: JSON, or multipart/form-data with the
// payload in payload_json and the files as files[i] when there are files
// (the form discordgo.MultipartBodyWithJSON writes: the same parts,
// headers and order, framed as mime/multipart frames them).
func encode(payload any, fs []*discordgo.File) (body, error) {
	if len(fs) == 0 {
		if payload == nil {
			return body{}, nil
		}
		data, err := json.Marshal(payload)
		if err != nil {
			return body{}, err
		}
		return body{parts: [][]byte{data}, size: int64(len(data)), contentType: "application/json"}, nil
	}
	data, err := json.Marshal(payload)
	if err != nil {
		return body{}, err
	}
	boundary := multipart.NewWriter(io.Discard).Boundary()
	var head bytes.Buffer
	head.Grow(len(data) + 256)
	fmt.Fprintf(&head, "--%s\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n", boundary)
	head.Write(data)
	b := body{contentType: "multipart/form-data; boundary=" + boundary}
	for i, f := range fs {
		ct := f.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		fmt.Fprintf(&head, "\r\n--%s\r\nContent-Disposition: form-data; name=\"files[%d]\"; filename=\"%s\"\r\nContent-Type: %s\r\n\r\n", boundary, i, quoteEscaper.Replace(f.Name), ct)
		var content []byte
		if fb, ok := f.Reader.(*fileBytes); ok {
			content = fb.data
		} else if content, err = io.ReadAll(f.Reader); err != nil {
			return body{}, err
		}
		b.parts = append(b.parts, bytes.Clone(head.Bytes()), content)
		head.Reset()
	}
	fmt.Fprintf(&head, "\r\n--%s--\r\n", boundary)
	b.parts = append(b.parts, bytes.Clone(head.Bytes()))
	for _, p := range b.parts {
		b.size += int64(len(p))
	}
	return b, nil
}
