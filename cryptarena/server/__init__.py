"""The web platform (issue 4): store, lobby, tables over WebSocket. Reaches games only through the
registry (`cryptarena.games`), never a game's internals."""
