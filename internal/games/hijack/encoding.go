package hijack

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
)

// boardSlots is the board as stored: one character per slot, "." for empty
// and the seat number otherwise, so a stored game stays small and readable.
// It is a text marshaler (a JSON string), which encodes faster than a
// json.Marshaler: states are encoded after every move.
type boardSlots []int8

func (b boardSlots) MarshalText() ([]byte, error) {
	out := make([]byte, len(b))
	for i, v := range b {
		if v == empty {
			out[i] = '.'
		} else {
			out[i] = byte('0' + v)
		}
	}
	return out, nil
}

func (b *boardSlots) UnmarshalText(s []byte) error {
	out := make(boardSlots, len(s))
	for i, c := range s {
		switch {
		case c == '.':
			out[i] = empty
		case c >= '0' && c < '0'+byte(len(markerLetters)):
			out[i] = int8(c - '0')
		default:
			return fmt.Errorf("stored board has a bad slot %q", c)
		}
	}
	*b = out
	return nil
}

// positionLog is the repetition record, stored as base64 of 8 big-endian
// bytes per position.
type positionLog []uint64

func (l positionLog) MarshalText() ([]byte, error) {
	b := make([]byte, 8*len(l))
	for i, h := range l {
		binary.BigEndian.PutUint64(b[8*i:], h)
	}
	out := make([]byte, base64.StdEncoding.EncodedLen(len(b)))
	base64.StdEncoding.Encode(out, b)
	return out, nil
}

func (l *positionLog) UnmarshalText(s []byte) error {
	b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	n, err := base64.StdEncoding.Decode(b, s)
	if err != nil {
		return fmt.Errorf("stored position record: %v", err)
	}
	if n%8 != 0 {
		return fmt.Errorf("stored position record has %d bytes, not a multiple of 8", n)
	}
	out := make(positionLog, n/8)
	for i := range out {
		out[i] = binary.BigEndian.Uint64(b[8*i:])
	}
	*l = out
	return nil
}
