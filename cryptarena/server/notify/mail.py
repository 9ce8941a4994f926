"""Mail: the message itself, and the two ways it leaves the server.

- `SmtpMailer` hands every message to a real SMTP server with aiosmtplib: `smtp://user:pass@host:port`
  (plain, or upgraded with `?starttls=1`) or `smtps://…` (TLS from the first byte, port 465 by
  default). The user name and password are URL-decoded (`%40` for an `@` in a user name). They are
  never logged nor shown: `describe()` masks the password.
- `FolderMailer` writes each message as an `.eml` file into a folder and logs one line: what `make run`
  does without `--smtp`, so a person trying the server on their own machine reads the mails (any mail
  client opens an .eml) and clicks their links without an SMTP server.

`build_email` writes one message: plain text with an HTML alternative, `List-Unsubscribe` (a URL) and
`List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058: a mail program's "unsubscribe" button
posts to that URL), `Auto-Submitted: auto-generated` (RFC 3834: no vacation replies), and a
`Message-ID` the caller derives from the outbox row. A row sent again — after a crash between the SMTP
server's answer and the database's record of it — is then the same message, which many mail systems
recognise as a duplicate; nothing guarantees that every one does (docs/platform.md, "Notifications").
"""

from __future__ import annotations

import asyncio
import logging
import os
import ssl
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr
from datetime import datetime
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib

log = logging.getLogger("cryptarena.server")

DEFAULT_FROM = "Crypt Arena <noreply@localhost>"


class MailerError(ValueError):
    """A mail setting that cannot work (a bad --smtp URL), said before the server starts."""


def message_id(row_id: int, created_at: datetime, sender: str) -> str:
    """The same for every attempt at one outbox row, and different from any other row's — also across
    databases reset to the same ids, whose rows were created at other moments."""
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    return f"<outbox.{row_id}.{int(created_at.timestamp() * 1_000_000)}@{domain}>"


def build_email(*, sender: str, to: str, subject: str, text: str, html: str, message_id: str,
                unsubscribe_url: str, lang: str, date: datetime) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(date)
    msg["Message-ID"] = message_id
    msg["List-Unsubscribe"] = f"<{unsubscribe_url}>"
    msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    msg["Auto-Submitted"] = "auto-generated"
    msg["Content-Language"] = lang
    msg.set_content(text)
    msg.add_alternative(html, subtype="html")
    return msg


class SmtpMailer:
    """Sends through one SMTP server, one connection per message (a notice is rare: a few a minute
    per person at most, so a kept-open connection would mostly be a dropped one to redo)."""

    def __init__(self, url: str, sender: str = DEFAULT_FROM, *, tls_context: ssl.SSLContext | None = None,
                 timeout: float = 20.0):
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise MailerError("the SMTP URL looks like smtp://user:password@host:port (?starttls=1), "
                              "or smtps://… for TLS from the start")
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        self.sender = sender
        self.host = parts.hostname
        self.implicit_tls = parts.scheme == "smtps"
        self.starttls = query.get("starttls", "0").lower() in ("1", "true", "yes")
        if self.implicit_tls and self.starttls:
            raise MailerError("smtps:// is TLS from the start: ?starttls=1 is for smtp://")
        try:
            self.port = parts.port or (465 if self.implicit_tls else 587 if self.starttls else 25)
        except ValueError:
            raise MailerError("the SMTP URL's port is not a number") from None
        self.username = unquote(parts.username) if parts.username else None
        self._password = unquote(parts.password) if parts.password is not None else None
        self.tls_context = tls_context
        self.timeout = timeout

    def describe(self) -> str:
        """The URL with the password masked: what the logs and the start-up line may show."""
        user = f"{self.username}{':***' if self._password is not None else ''}@" if self.username else ""
        tls = "?starttls=1" if self.starttls else ""
        return f"{'smtps' if self.implicit_tls else 'smtp'}://{user}{self.host}:{self.port}{tls}"

    def __repr__(self) -> str:
        return f"SmtpMailer({self.describe()})"

    async def send(self, message: EmailMessage) -> None:
        await aiosmtplib.send(message, hostname=self.host, port=self.port, username=self.username,
                              password=self._password, use_tls=self.implicit_tls, start_tls=self.starttls,
                              tls_context=self.tls_context, timeout=self.timeout)


class FolderMailer:
    """Writes each message to `folder` as an .eml file (named after its Message-ID, so a message sent
    twice is one file written twice) and logs one line per mail."""

    def __init__(self, folder: str | os.PathLike, sender: str = DEFAULT_FROM):
        self.folder = Path(folder)
        self.sender = sender

    def describe(self) -> str:
        return f"mails written to {self.folder}/ (no --smtp)"

    def __repr__(self) -> str:
        return f"FolderMailer({self.folder})"

    def path_of(self, message: EmailMessage) -> Path:
        stem = "".join(c if c.isalnum() or c in ".-_" else "_" for c in str(message["Message-ID"]).strip("<>"))
        return self.folder / f"{stem}.eml"

    async def send(self, message: EmailMessage) -> None:
        path = await asyncio.to_thread(self._write, message)
        log.info("mail to %s: %s (%s)", message["To"], message["Subject"], path,
                 extra={"event": "mail_written", "path": str(path)})

    def _write(self, message: EmailMessage) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.path_of(message)
        partial = path.with_suffix(".eml.partial")
        partial.write_bytes(message.as_bytes())
        partial.replace(path)  # a reader never sees half a mail
        return path


def mailer_for(smtp_url: str | None, sender: str, mail_dir: str | os.PathLike) -> SmtpMailer | FolderMailer:
    return SmtpMailer(smtp_url, sender) if smtp_url else FolderMailer(mail_dir, sender)


def default_mail_dir(db_url: str) -> Path:
    """Beside the SQLite file (data/mail for `make run`), else data/mail under the working folder."""
    if db_url.startswith("sqlite:///") and ":memory:" not in db_url:
        return Path(db_url.removeprefix("sqlite:///")).parent / "mail"
    return Path("data") / "mail"
