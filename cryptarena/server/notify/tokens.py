"""Signed links: confirming an e-mail address, and unsubscribing in one click.

Both are signed with the server's secret key (the one that signs session cookies), each with its own
salt, so that a token made for one purpose is refused for the other. Nothing is stored: the link
itself says who and what, and the signature says the server wrote it.

- A confirmation link names the player and the address, and expires after two days: a mail read
  weeks later should not attach an address nobody checks any more. Its age is read from the
  injected clock (`store.now`), so tests move time instead of waiting.
- An unsubscribe link names the player, the channel and the kind (or "all"), and never expires: it is
  in every mail, and a person clicking it months later must still be heard (RFC 8058).
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable

from itsdangerous import BadSignature, SignatureExpired, TimestampSigner, URLSafeSerializer, URLSafeTimedSerializer

CONFIRM_MAX_AGE = 2 * 24 * 3600  # seconds a confirmation link works
UNSUBSCRIBE_KINDS = ("turn", "end", "invite", "all")
CHANNELS = ("email", "webhook")


class TokenError(Exception):
    """`reason`: "expired" (a confirmation link past its two days) or "invalid" (anything else)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class Tokens:
    def __init__(self, secret_key: str, clock: Callable[[], datetime]):
        class ClockSigner(TimestampSigner):
            """itsdangerous reads time.time(); this reads the server's clock, which tests move."""

            def get_timestamp(self) -> int:  # noqa: D401 - itsdangerous's hook
                return int(clock().timestamp())

        self._confirm = URLSafeTimedSerializer(secret_key, salt="cryptarena.email-confirm", signer=ClockSigner)
        self._unsubscribe = URLSafeSerializer(secret_key, salt="cryptarena.unsubscribe")

    def confirm(self, player_id: str, address: str) -> str:
        return self._confirm.dumps([player_id, address])

    def read_confirm(self, token: str) -> tuple[str, str]:
        try:
            player_id, address = self._confirm.loads(token, max_age=CONFIRM_MAX_AGE)
        except SignatureExpired:
            raise TokenError("expired") from None
        except (BadSignature, ValueError, TypeError):
            raise TokenError("invalid") from None
        if not isinstance(player_id, str) or not isinstance(address, str):
            raise TokenError("invalid")
        return player_id, address

    def unsubscribe(self, player_id: str, channel: str, kind: str) -> str:
        return self._unsubscribe.dumps([player_id, channel, kind])

    def read_unsubscribe(self, token: str) -> tuple[str, str, str]:
        try:
            player_id, channel, kind = self._unsubscribe.loads(token)
        except (BadSignature, ValueError, TypeError):
            raise TokenError("invalid") from None
        if not isinstance(player_id, str) or channel not in CHANNELS or kind not in UNSUBSCRIBE_KINDS:
            raise TokenError("invalid")
        return player_id, channel, kind
