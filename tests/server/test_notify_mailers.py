"""The two mailers against real servers and files: SMTP with a user name and password, STARTTLS and
TLS from the first byte (a certificate made here with openssl), the folder of .eml files `make run`
uses, `serve`'s mail options reaching the app — and never a password in a log line or an error."""

from __future__ import annotations

import asyncio
import logging
import shutil
import ssl
import subprocess
from datetime import datetime, timezone
from email import message_from_bytes, policy
from urllib.parse import quote

import pytest
import uvicorn
from aiosmtpd.smtp import AuthResult
from typer.testing import CliRunner

from cryptarena import cli
from cryptarena.server import app as app_module
from cryptarena.server.notify import FolderMailer, MailerError, Notifier, SmtpMailer, Tokens
from cryptarena.server.notify.mail import build_email
from cryptarena.server.store import Store
from fake_clock import FakeClock
from notify_helpers import SmtpSink
from test_notify_outbox import people_with_mail, queue_invites

SECRET = "p@ss:w/rd 9"  # characters a URL must encode


def sample(to: str = "ada@example.org"):
    return build_email(sender="Crypt Arena <noreply@arena.test>", to=to, subject="Your move at Crypt (table abcdef)",
                       text="It is your move.\n", html="<p>It is your move.</p>", message_id="<outbox.1.2@arena.test>",
                       unsubscribe_url="http://arena.test/unsubscribe/t", lang="en",
                       date=datetime(2026, 1, 2, tzinfo=timezone.utc))


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    """A self-signed certificate for 127.0.0.1: (server context, client context trusting it)."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate for the TLS tests")
    folder = tmp_path_factory.mktemp("tls")
    key, cert = folder / "key.pem", folder / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out",
                    str(cert), "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server.load_cert_chain(cert, key)
    return server, ssl.create_default_context(cafile=str(cert))


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_smtp_with_a_user_and_password_the_password_never_logged(caplog):
    seen = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        seen.append((auth_data.login.decode(), auth_data.password.decode()))
        return AuthResult(success=auth_data.password.decode() == SECRET)

    caplog.set_level(logging.DEBUG)
    with SmtpSink(authenticator=authenticator, auth_require_tls=False, auth_required=True) as sink:
        encoded = quote(SECRET, safe="")
        url = f"smtp://ada%40arena.test:{encoded}@127.0.0.1:{sink.port}"
        mailer = SmtpMailer(url, "Crypt Arena <noreply@arena.test>")
        asyncio.run(mailer.send(sample()))
        [mail] = sink.received
        assert seen[-1] == ("ada@arena.test", SECRET)
        assert mail["Message-ID"] == "<outbox.1.2@arena.test>" and mail["To"] == "ada@example.org"
        wrong = SmtpMailer(url.replace("%20", "X"), "Crypt Arena <noreply@arena.test>", timeout=2)  # wrong password
        with pytest.raises(Exception) as refused:
            asyncio.run(wrong.send(sample()))
    for shown in (mailer.describe(), repr(mailer), str(refused.value), caplog.text):
        assert SECRET not in shown and encoded not in shown and "pXss" not in shown
    assert mailer.describe() == f"smtp://ada@arena.test:***@127.0.0.1:{sink.port}"


def test_starttls_is_used_when_asked_and_needed(certificate):
    server_context, client_context = certificate
    with SmtpSink(tls_context=server_context, require_starttls=True) as sink:
        plain = SmtpMailer(f"smtp://127.0.0.1:{sink.port}", tls_context=client_context)
        with pytest.raises(Exception):  # this server refuses mail before STARTTLS
            asyncio.run(plain.send(sample()))
        upgraded = SmtpMailer(f"smtp://127.0.0.1:{sink.port}?starttls=1", tls_context=client_context)
        asyncio.run(upgraded.send(sample()))
        assert [m["Subject"] for m in sink.received] == ["Your move at Crypt (table abcdef)"]


def test_smtps_is_tls_from_the_first_byte(certificate):
    server_context, client_context = certificate
    with SmtpSink(ssl_context=server_context) as sink:
        mailer = SmtpMailer(f"smtps://127.0.0.1:{sink.port}", tls_context=client_context)
        asyncio.run(mailer.send(sample()))
        assert len(sink.received) == 1
    assert SmtpMailer("smtps://mail.example.org").port == 465
    assert SmtpMailer("smtp://mail.example.org?starttls=1").port == 587


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtp://", "smtps://host?starttls=1", "smtp://host:port"])
def test_a_bad_smtp_url_is_refused_before_anything_is_sent(url):
    with pytest.raises(MailerError):
        SmtpMailer(url)


def test_without_smtp_each_mail_is_an_eml_file_and_a_log_line(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="cryptarena.server")
    clock = FakeClock()
    store = Store(f"sqlite:///{tmp_path / 'arena.db'}", clock=clock.now)
    [player] = people_with_mail(store, 1, clock.now())
    queue_invites(store, [player], clock.now())
    folder = tmp_path / "mail"
    worker = Notifier(store, FolderMailer(folder), tokens=Tokens("k", clock.now), public_url="http://127.0.0.1:8000")
    assert [o.status for o in asyncio.run(worker.drain())] == ["sent"]
    [path] = folder.glob("*.eml")
    mail = message_from_bytes(path.read_bytes(), policy=policy.default)
    assert mail["To"] == f"{player}@example.org" and mail["Subject"] == "Host invites you to a table of Midas Chests"
    assert "http://127.0.0.1:8000/table/" in mail.get_body(("plain",)).get_content()
    assert f"mail to {player}@example.org" in caplog.text and str(path) in caplog.text
    assert not list(folder.glob("*.partial"))
    store.close()


@pytest.fixture
def root_logging():
    """`serve` sets up logging on the runner's stream, closed afterwards: put the handlers back."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_serve_hands_its_mail_options_to_the_app_and_hides_the_password(tmp_path, monkeypatch, root_logging):
    served = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: served.__setitem__("app", app))
    db = f"sqlite:///{tmp_path / 'arena.db'}"
    result = CliRunner().invoke(cli.app, ["serve", "--db", db, "--smtp", f"smtp://bot:{quote(SECRET, safe='')}"
                                          "@mail.example.org:2525?starttls=1", "--mail-from", "Arena <a@arena.test>",
                                          "--public-url", "https://arena.test"])
    assert result.exit_code == 0, result.output
    assert quote(SECRET, safe='') not in result.output and SECRET not in result.output
    assert "smtp://bot:***@mail.example.org:2525?starttls=1" in result.output
    notifier = served["app"].state.notifier
    assert isinstance(notifier.mailer, SmtpMailer) and notifier.mailer.sender == "Arena <a@arena.test>"
    assert notifier.public_url == "https://arena.test"

    result = CliRunner().invoke(cli.app, ["serve", "--db", db])
    assert result.exit_code == 0 and f"mails written to {tmp_path / 'mail'}/" in result.output
    assert isinstance(served["app"].state.notifier.mailer, FolderMailer)
    monkeypatch.setattr(app_module, "create_app", lambda *args, **kwargs: None)  # no database reached
    shown = CliRunner().invoke(cli.app, ["serve", "--db", "postgresql+psycopg://arena:db-secret@db.example.org/arena"])
    assert "db-secret" not in shown.output and "arena:***@db.example.org" in shown.output
    bad = CliRunner().invoke(cli.app, ["serve", "--db", db, "--smtp", "mail.example.org"])
    assert bad.exit_code != 0 and "smtp://" in bad.output
