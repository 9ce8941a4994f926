"""The notification settings over HTTP, the confirmation and unsubscribe links, and invitations.

- `GET|PUT /api/me/notifications`: the session's person's settings (channels, kinds on or off, the
  language notices are written in) and the notices that failed.
- `POST|DELETE /api/me/email`: an account asks for an address (a confirmation mail goes to it; the
  address is used only once that mail's link is followed), or removes it. Guests have no e-mail: a
  guest's session ends with its browser, and nobody could ever change or remove the address then.
- `GET /email/confirm/{token}`, `GET|POST /unsubscribe/{token}`: pages for the links in mails; the
  POST is RFC 8058's one-click unsubscribe that mail programs send from `List-Unsubscribe-Post`.
- `POST /api/tables/{id}/invite`: tell an account about a table (on the channels it has, if it wants
  invitations; the inviter is not told which, so nobody learns another person's settings).
- `GET /settings`: the settings page (web/settings.html).
"""

from __future__ import annotations

import asyncio
import html
from typing import Callable

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from ..accounts import Accounts
from ..platform_api import current_player
from ..store import Store
from . import settings as s
from .texts import what, words
from .tokens import TokenError, Tokens


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NotificationsBody(_Body):
    prefs: dict[str, dict[str, StrictBool]] | None = None  # partial: {"email": {"turn": false}}
    webhook_url: str | None = Field(default=None, max_length=4000)  # null removes it; absent leaves it
    lang: str | None = Field(default=None, max_length=8)


class EmailBody(_Body):
    address: str = Field(max_length=1000)


class InviteBody(_Body):
    name: str = Field(min_length=1, max_length=64)  # an account name


def page_lang(request: Request) -> str:
    """The reader's language from Accept-Language, for a page whose link names nobody."""
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in s.LANGS:
            return code
    return "en"


def html_page(lang: str, title: str, body: str, status: int = 200) -> HTMLResponse:
    w = words(lang)
    return HTMLResponse(
        f'<!doctype html><html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)} · Crypt Arena'
        f'</title><link rel="stylesheet" href="/static/css/app.css"></head><body><main class="notice-page">'
        f"<h1>{html.escape(title)}</h1><p>{html.escape(body)}</p>"
        f'<p><a href="/settings">{html.escape(w["page.settings"])}</a> · <a href="/">{html.escape(w["page.lobby"])}</a>'
        f"</p></main></body></html>", status_code=status)


def notify_routes(store: Store, accounts: Accounts, api_error: Callable[..., Exception], load_record: Callable,
                  tokens: Tokens, page: Callable[[str], object]) -> APIRouter:
    router = APIRouter()
    ApiError = api_error  # noqa: N806 - the app's error class, raised as such
    engine = store.engine

    async def me(request: Request):
        player = await current_player(request, accounts)
        if player is None:
            raise ApiError(401, "no_session", "pick a display name or sign in first")
        return player

    async def run(fn, *args, **kwargs):
        try:
            return await asyncio.to_thread(fn, *args, **kwargs)
        except s.SettingsError as exc:
            raise ApiError(exc.status, exc.code, exc.message) from None

    async def current(player) -> dict:
        return await asyncio.to_thread(s.settings_json, engine, player.id, player.registered)

    async def lang_of(player_id: str) -> str:
        found = await asyncio.to_thread(s.settings_json, engine, player_id, False)
        return found["lang"]

    @router.get("/api/me/notifications")
    async def get_notifications(request: Request):
        """The session's settings: e-mail (confirmed address, one waiting), webhook, kinds on per
        channel, language, and the notices that failed (retried or given up)."""
        return await current(await me(request))

    @router.put("/api/me/notifications")
    async def put_notifications(body: NotificationsBody, request: Request):
        """Change any of prefs (partial), webhook_url (null removes it) and lang; `400 bad_webhook`,
        `bad_prefs`, `bad_lang` change nothing."""
        player = await me(request)
        webhook = body.webhook_url if "webhook_url" in body.model_fields_set else ...
        await run(s.update_settings, engine, player.id, store.now(), prefs=body.prefs, webhook_url=webhook,
                  lang=body.lang)
        return await current(player)

    @router.post("/api/me/email", status_code=202)
    async def ask_email(body: EmailBody, request: Request):
        """An account asks for this address: `202 {"pending"}`, and a confirmation mail goes to it."""
        player = await me(request)
        if not player.registered:
            raise ApiError(403, "not_registered", "only an account can have an e-mail address: register first")
        await run(s.ask_email, engine, player.id, body.address, store.now())
        return {"pending": body.address.strip()}

    @router.delete("/api/me/email")
    async def remove_email(request: Request):
        player = await me(request)
        await run(s.remove_email, engine, player.id, store.now())
        return await current(player)

    @router.get("/email/confirm/{token}", include_in_schema=False)
    async def confirm_email(token: str, request: Request):
        try:
            player_id, address = tokens.read_confirm(token)
        except TokenError as exc:
            w = words(page_lang(request))
            return html_page(page_lang(request), w[f"page.{exc.reason}.title"], w[f"page.{exc.reason}.body"], 400)
        player = await asyncio.to_thread(accounts.get, player_id)
        if player is None or not player.registered:
            w = words(page_lang(request))
            return html_page(page_lang(request), w["page.invalid.title"], w["page.invalid.body"], 400)
        lang = await lang_of(player_id)
        w = words(lang)
        if await asyncio.to_thread(s.confirm_email, engine, player_id, address, store.now()) != "confirmed":
            return html_page(lang, w["page.invalid.title"], w["page.superseded.body"], 400)
        return html_page(lang, w["page.confirmed.title"],
                         w["page.confirmed.body"].format(account=player.name, address=address))

    async def unsubscribe(token: str, request: Request):
        try:
            player_id, channel, kind = tokens.read_unsubscribe(token)
        except TokenError:
            w = words(page_lang(request))
            return html_page(page_lang(request), w["page.invalid.title"], w["page.invalid.body"], 400)
        lang = page_lang(request)
        if await asyncio.to_thread(accounts.get, player_id) is not None:  # else: nobody left to write to
            await asyncio.to_thread(s.unsubscribe, engine, player_id, channel, kind, store.now())
            lang = await lang_of(player_id)
        w = words(lang)
        return html_page(lang, w["page.unsubscribed.title"],
                         w["page.unsubscribed.body"].format(what=what(kind, channel, lang)))

    @router.get("/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe_link(token: str, request: Request):
        """The link in a mail: unsubscribed at once, and told so."""
        return await unsubscribe(token, request)

    @router.post("/unsubscribe/{token}", include_in_schema=False)
    async def unsubscribe_one_click(token: str, request: Request):
        """RFC 8058: a mail program's unsubscribe button posts `List-Unsubscribe=One-Click` here."""
        return await unsubscribe(token, request)

    @router.post("/api/tables/{table_id}/invite")
    async def invite(table_id: str, body: InviteBody, request: Request):
        """Invite an account (by its name) to this table: `{"invited": player}`."""
        player = await me(request)
        record = await load_record(table_id)
        found = await asyncio.to_thread(s.account_named, engine, body.name)
        if found is None:
            raise ApiError(404, "unknown_player", f"no account named {body.name[:40]!r}")
        invited = await asyncio.to_thread(accounts.get, found[0])
        await asyncio.to_thread(s.invite, engine, invited.id, record.id, player.name, store.now())
        return {"invited": invited.to_json()}

    @router.get("/settings", include_in_schema=False)
    async def settings_page():
        return page("settings.html")

    return router
