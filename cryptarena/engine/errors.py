"""Errors every layer may raise or catch. Messages name what was wrong and never carry a secret."""


class CryptArenaError(Exception):
    """Base of the project's own errors; `code` is a stable machine-readable name."""

    code = "error"

    def __init__(self, reason: str, code: str | None = None):
        super().__init__(reason)
        self.reason = reason
        if code is not None:
            self.code = code


class Reason(str):
    """A refusal's English words (what API users and logs read) that also keep the catalogue key and
    parameters they were rendered from, so that a page can say them in its reader's language."""

    key: str | None = None
    params: dict = {}

    def __new__(cls, text: str, key: str | None = None, params: dict | None = None) -> "Reason":
        self = super().__new__(cls, text)
        self.key, self.params = key, dict(params or {})
        return self


class IllegalAction(CryptArenaError):
    """An action (or scripted chance outcome) the rules do not allow now. The state is unchanged.
    `key` and `params`: the reason's catalogue key and parameters, where it has them (a Reason)."""

    code = "illegal_action"

    def __init__(self, reason: str, code: str | None = None):
        super().__init__(str(reason), code)
        self.key = getattr(reason, "key", None)
        self.params = dict(getattr(reason, "params", None) or {})


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
