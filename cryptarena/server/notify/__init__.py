"""Notifications: "your move", "the table ended" and invitations, by e-mail and webhook.

The outbox (server/outbox.py) is written in the transactions of the moves that cause notices; this
package sends it: `worker.Notifier` drains it in every server process (each row once), `facts` judges a
row again at sending time and gathers what it says, `texts` words it in English, French or Chinese,
`mail` and `webhooks` deliver it, `tokens` signs the confirmation and unsubscribe links, `settings`
and `api` are the person's side (docs/platform.md, "Notifications").
"""

from .api import notify_routes
from .mail import DEFAULT_FROM, FolderMailer, MailerError, SmtpMailer, default_mail_dir, mailer_for
from .tokens import Tokens
from .worker import Notifier

__all__ = ["DEFAULT_FROM", "FolderMailer", "MailerError", "Notifier", "SmtpMailer", "Tokens", "default_mail_dir",
           "mailer_for", "notify_routes"]
