package commands

import "strconv"

// ClickRoutes names every click route by its id's first field.
func ClickRoutes() []string {
	var out []string
	for _, rt := range clickRoutes {
		out = append(out, rt.name)
	}
	return out
}

// RouteControl routes a control's (or a form's) custom id through the
// click table as Route does: the route's name, and the id made again from
// what was parsed; ok is false when no route takes it.
func RouteControl(on InteractionType, id string) (name, again string, ok bool) {
	c := &Call{in: Interaction{Type: on, CustomID: id}}
	rt := routeControl(c)
	if rt == nil {
		return "", "", false
	}
	switch {
	case rt.name == "rules" && c.ctl.rules.page == rulesMenu:
		again = rulesMenuID(c.ctl.rules.kind)
	case rt.name == "rules":
		again = rulesID(c.ctl.rules.kind, c.ctl.rules.page)
	case rt.name == "chal":
		again = c.ctl.menu.String()
	case rt.name == "typed":
		again = "typed:" + strconv.FormatInt(c.ctl.Game, 10)
	default:
		again = c.ctl.customID.String()
	}
	return rt.name, again, true
}
