package commands_test

import (
	"standoff/internal/catalog"
	"standoff/internal/commands"
)

// The package's own tests that range over every game take them from the
// catalog, which they cannot import themselves (it imports this package).
func init() { commands.SetCatalogForTests(catalog.Games) }
