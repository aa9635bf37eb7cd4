package discord

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// Discord error codes the bot branches on.
const (
	codeUnknownInteraction = 10062
	codeAlreadyAcked       = 40060
	codeCannotDM           = 50007
	codeMissingPermissions = 50013
	codeMissingAccess      = 50001
	codeUnknownChannel     = 10003
	codeUnknownMessage     = 10008
	codeThreadArchived     = 50083
	codeEntityTooLarge     = 40005
)

// code is Discord's error code in a failed request's answer (0: none).
func code(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// serverError reports a 5xx answer.
func serverError(err error) bool {
	return status(err) >= http.StatusInternalServerError
}

// channelError wraps Discord's answer in what it means for the router.
func channelError(channel string, err error) error {
	if err == nil {
		return nil
	}
	switch c := code(err); {
	case c == codeUnknownMessage:
		return fmt.Errorf("%w (channel %s): %w", commands.ErrMessageGone, channel, err)
	case c == codeThreadArchived:
		return fmt.Errorf("%w (channel %s): %w", commands.ErrThreadArchived, channel, err)
	case c == codeUnknownChannel || c == codeMissingAccess || c == codeMissingPermissions || status(err) == http.StatusForbidden:
		return fmt.Errorf("%w (channel %s): %w", commands.ErrChannelGone, channel, err)
	}
	return err
}
