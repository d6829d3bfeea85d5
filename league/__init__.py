"""League seasons (Ligaspielbetrieb): groups, teams, match days at several venues, team
points, the league table and the match reports; docs/league.md, docs/rules.md 6."""
