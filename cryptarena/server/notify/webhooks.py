"""Webhooks: one JSON POST per notice, read by Discord and by Slack as it is.

Discord's "Execute Webhook" takes `content` (at most 2000 characters; a message needs content or
embeds) and `username` (overrides the webhook's name); Slack's incoming webhooks take `text`. One body
carries both, so a person pastes either service's webhook URL and it works; `event` is for anything
else that reads the JSON (a bot of one's own). `allowed_mentions: {"parse": []}` keeps a display name
such as "@everyone" from pinging a Discord channel, and names lose `<`, `>` and `&`, which Slack
reads as its own mention and link syntax.

A 2xx answer is a delivery; any other status, a timeout or a network error is a failure that the
worker retries with back-off. Redirects are not followed: a webhook URL is the address to post to.
"""

from __future__ import annotations

import httpx

USERNAME = "Crypt Arena"
TIMEOUT = 10.0  # seconds for the whole call
DISCORD_MAX = 2000


class WebhookError(Exception):
    """A failed delivery, said in a few words the settings page can show (never the URL: it is a secret)."""


def plain(name: str) -> str:
    """A display name made inert in chat markup (see the module's docstring)."""
    return name.replace("<", "").replace(">", "").replace("&", "+").replace("@", "@\u200b")


def payload(text: str, *, kind: str, table: str | None, game: str | None, url: str | None) -> dict:
    text = text[:DISCORD_MAX]
    return {"content": text, "text": text, "username": USERNAME, "allowed_mentions": {"parse": []},
            "event": {"kind": kind, "table": table, "game": game, "url": url}}


async def post(client: httpx.AsyncClient, url: str, body: dict) -> None:
    try:
        response = await client.post(url, json=body, timeout=TIMEOUT, follow_redirects=False)
    except httpx.TimeoutException:
        raise WebhookError("no answer within 10 s") from None
    except httpx.HTTPError as exc:
        raise WebhookError(f"could not reach it: {type(exc).__name__} {str(exc)[:200]}".strip()) from None
    if not 200 <= response.status_code < 300:
        raise WebhookError(f"HTTP {response.status_code}")
