"""Errors every layer may raise or catch. Messages name what was wrong and never carry a secret."""


class CryptArenaError(Exception):
    """Base of the project's own errors; `code` is a stable machine-readable name."""

    code = "error"

    def __init__(self, reason: str, code: str | None = None):
        super().__init__(reason)
        self.reason = reason
        if code is not None:
            self.code = code


class IllegalAction(CryptArenaError):
    """An action (or scripted chance outcome) the rules do not allow now. The state is unchanged."""

    code = "illegal_action"


class OptionError(CryptArenaError, ValueError):
    """A table option that is unknown or has a bad value. Raised before any state exists."""

    code = "bad_option"


class CorruptSave(CryptArenaError, ValueError):
    """A saved state (to_json data) that cannot be restored."""

    code = "corrupt_save"


class UnknownGame(CryptArenaError, KeyError):
    code = "unknown_game"

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return self.reason
