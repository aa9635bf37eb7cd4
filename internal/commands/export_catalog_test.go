package commands

// SetCatalogForTests gives the package's own tests the catalog
// (catalog_test.go, an external test, calls it).
func SetCatalogForTests(games func() []Game) { catalogGames = games }
