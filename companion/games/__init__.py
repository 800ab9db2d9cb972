"""One module or package per game; each exposes GAME, an instance of companion.game.Game."""
