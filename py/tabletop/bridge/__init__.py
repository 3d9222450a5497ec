"""The browser's way in (runs in the Pyodide worker): `api` is the string-in, JSON-out surface,
`session` the game being played with its seats and bots, `saves` the save format and replays.

Nothing here names a game: every game-specific fact comes from `tabletop.registry`.
"""
