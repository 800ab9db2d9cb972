"""Errors the core raises. Each subclasses ValueError too, so callers that only know builtins still
catch them, and each message is written for the person at the table: what was wrong, what to do."""


class CompanionError(Exception):
    """Base of every error the companion raises on purpose."""


class IllegalAction(CompanionError, ValueError):
    """An action the rules do not allow right now. The game state is left unchanged."""


class BadOption(CompanionError, ValueError):
    """A game option or config key that does not exist or has an unusable value."""


class BadDocument(CompanionError, ValueError):
    """A game log or race log file that cannot be read; the message names the place."""


class NothingToUndo(CompanionError, ValueError):
    """Undo or redo was asked for with nothing to undo or redo."""


class StorageProblem(CompanionError, OSError):
    """The saved games file cannot be written (a full disk, a read-only card). The move that needed
    writing was not made, so nothing acknowledged is lost; it can be made again once space returns."""
