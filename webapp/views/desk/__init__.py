"""The desk's (本部) pages: every blueprint here is made by `blueprints.desk_blueprint`, so a desk
account is required before any view runs. One module per page family (builder, entrants, day,
stations, rules, players, corrections, conflicts…).
"""
