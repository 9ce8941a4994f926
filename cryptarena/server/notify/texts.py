"""What a notice says, in the reader's language (English, French, Chinese).

A notice is written when it is sent, not when it is queued: it then names the table as it is (who
moved last, the time left on the reader's clock) in the language the person has chosen by then. Each
kind gives a subject, lines of text (each with its link, if any) and a one-line version for chat
webhooks. Game names come from each game's own catalogue (`ui.game.name` in its messages.json, the
words the lobby shows), so a mail names the game as the page does.

Everything here is pure: the worker gathers the facts (`Facts`), this module turns them into words.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from ... import games
from ...engine.messages import LANGUAGES, catalogue

APP = "Crypt Arena"

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "page.confirmed.title": "Address confirmed",
        "page.confirmed.body": "The game notices of {account} will now be sent to {address}.",
        "page.expired.title": "This link has expired",
        "page.expired.body": "A confirmation link works for two days: ask for a new one in your settings.",
        "page.invalid.title": "This link is not valid",
        "page.invalid.body": "It may have been cut or changed: open your settings to ask for a new one.",
        "page.superseded.body": "Another address was asked for since this mail: confirm that one, or ask again "
                                "in your settings.",
        "page.unsubscribed.title": "Unsubscribed",
        "page.unsubscribed.body": "You will no longer receive {what}.",
        "page.settings": "Notification settings",
        "page.lobby": "Back to the lobby",
        "turn.subject": "Your move at {game} (table {short})",
        "turn.intro": "It is your move at {game}, table {short}.",
        "turn.last": "{name} moved last.",
        "turn.left": "Your clock: {left} left.",
        "turn.open": "Play your move:",
        "end.subject": "{game} (table {short}) has ended",
        "end.intro": "The table {short} of {game} has ended.",
        "end.won": "You won.",
        "end.lost": "You did not win.",
        "end.winners": "Winners: {names}.",
        "end.nobody": "Nobody won outright: everyone is ranked by score.",
        "end.scores": "Scores: {scores}.",
        "end.replay": "Watch the replay:",
        "invite.subject": "{name} invites you to a table of {game}",
        "invite.intro": "{name} invites you to a table of {game} (table {short}).",
        "invite.open": "Take a seat:",
        "confirm.subject": "Confirm your e-mail address for Crypt Arena",
        "confirm.intro": "Someone, we hope you, asked Crypt Arena to send the game notices of the account "
                         "{account} to this address.",
        "confirm.open": "Confirm it (the link works for two days):",
        "confirm.ignore": "If it was not you, ignore this mail: nothing else will be sent to this address.",
        "footer.stop": "Stop these mails:",
        "footer.settings": "All your notification settings:",
        "kind.turn": "your-move notices", "kind.end": "end-of-table notices", "kind.invite": "invitations",
        "kind.all": "all notices",
        "channel.email": "by e-mail", "channel.webhook": "by webhook",
        "unit.d": "{n} d", "unit.h": "{n} h", "unit.min": "{n} min", "unit.s": "{n} s", "unit.sep": " ",
        "and": " and ", "sep": ", ",
    },
    "fr": {
        "page.confirmed.title": "Adresse confirmée",
        "page.confirmed.body": "Les avis de jeu de {account} seront désormais envoyés à {address}.",
        "page.expired.title": "Ce lien a expiré",
        "page.expired.body": "Un lien de confirmation est valable deux jours : demandez-en un nouveau dans vos "
                             "réglages.",
        "page.invalid.title": "Ce lien n'est pas valable",
        "page.invalid.body": "Il a peut-être été coupé ou modifié : ouvrez vos réglages pour en demander un "
                             "nouveau.",
        "page.superseded.body": "Une autre adresse a été demandée depuis ce courriel : confirmez celle-là, ou "
                                "recommencez dans vos réglages.",
        "page.unsubscribed.title": "Désabonnement fait",
        "page.unsubscribed.body": "Vous ne recevrez plus {what}.",
        "page.settings": "Réglages des notifications",
        "page.lobby": "Retour au salon",
        "turn.subject": "À vous de jouer à {game} (table {short})",
        "turn.intro": "C'est à vous de jouer à {game}, table {short}.",
        "turn.last": "{name} a joué en dernier.",
        "turn.left": "Votre pendule : il vous reste {left}.",
        "turn.open": "Jouer votre coup :",
        "end.subject": "{game} (table {short}) est terminée",
        "end.intro": "La table {short} de {game} est terminée.",
        "end.won": "Vous avez gagné.",
        "end.lost": "Vous n'avez pas gagné.",
        "end.winners": "Gagnants : {names}.",
        "end.nobody": "Personne n'a gagné d'emblée : chacun est classé selon son score.",
        "end.scores": "Scores : {scores}.",
        "end.replay": "Revoir la partie :",
        "invite.subject": "{name} vous invite à une table de {game}",
        "invite.intro": "{name} vous invite à une table de {game} (table {short}).",
        "invite.open": "Prendre place :",
        "confirm.subject": "Confirmez votre adresse électronique pour Crypt Arena",
        "confirm.intro": "Quelqu'un, vous sans doute, a demandé à Crypt Arena d'envoyer à cette adresse les "
                         "avis de jeu du compte {account}.",
        "confirm.open": "Confirmez-la (le lien est valable deux jours) :",
        "confirm.ignore": "Si ce n'était pas vous, ignorez ce courriel : rien d'autre ne sera envoyé à cette "
                          "adresse.",
        "footer.stop": "Ne plus recevoir ces courriels :",
        "footer.settings": "Tous vos réglages de notification :",
        "kind.turn": "les avis « à vous de jouer »", "kind.end": "les avis de fin de table",
        "kind.invite": "les invitations", "kind.all": "tous les avis",
        "channel.email": "par courriel", "channel.webhook": "par webhook",
        "unit.d": "{n} j", "unit.h": "{n} h", "unit.min": "{n} min", "unit.s": "{n} s", "unit.sep": " ",
        "and": " et ", "sep": ", ",
    },
    "zh": {
        "page.confirmed.title": "地址已确认",
        "page.confirmed.body": "{account}的游戏通知今后将发送到 {address}。",
        "page.expired.title": "链接已过期",
        "page.expired.body": "确认链接两天内有效：请在设置中重新申请。",
        "page.invalid.title": "链接无效",
        "page.invalid.body": "链接可能被截断或改动：请打开设置重新申请。",
        "page.superseded.body": "在这封邮件之后又申请了另一个地址：请确认那一个，或在设置中重新申请。",
        "page.unsubscribed.title": "已退订",
        "page.unsubscribed.body": "你将不再收到{what}。",
        "page.settings": "通知设置",
        "page.lobby": "返回大厅",
        "turn.subject": "轮到你了：{game}（牌桌 {short}）",
        "turn.intro": "在{game}的牌桌 {short} 上轮到你行动了。",
        "turn.last": "上一步由{name}走出。",
        "turn.left": "你的计时器还剩{left}。",
        "turn.open": "去走下一步：",
        "end.subject": "{game}（牌桌 {short}）已结束",
        "end.intro": "{game}的牌桌 {short} 已结束。",
        "end.won": "你赢了。",
        "end.lost": "你没有获胜。",
        "end.winners": "获胜者：{names}。",
        "end.nobody": "无人直接获胜：所有人按得分排名。",
        "end.scores": "得分：{scores}。",
        "end.replay": "观看回放：",
        "invite.subject": "{name}邀请你加入一桌{game}",
        "invite.intro": "{name}邀请你加入一桌{game}（牌桌 {short}）。",
        "invite.open": "入座：",
        "confirm.subject": "确认你在 Crypt Arena 的电子邮件地址",
        "confirm.intro": "有人（希望是你）请 Crypt Arena 把账户 {account} 的游戏通知发送到这个地址。",
        "confirm.open": "请确认（链接两天内有效）：",
        "confirm.ignore": "如果不是你本人，请忽略这封邮件：不会再向这个地址发送任何内容。",
        "footer.stop": "不再接收这类邮件：",
        "footer.settings": "全部通知设置：",
        "kind.turn": "“轮到你了”通知", "kind.end": "牌桌结束通知", "kind.invite": "邀请", "kind.all": "全部通知",
        "channel.email": "（电子邮件）", "channel.webhook": "（Webhook）",
        "unit.d": "{n}天", "unit.h": "{n}小时", "unit.min": "{n}分钟", "unit.s": "{n}秒", "unit.sep": "",
        "and": "和", "sep": "、",
    },
}


def words(lang: str) -> dict[str, str]:
    return WORDS[lang if lang in WORDS else "en"]


def game_name(game_id: str, lang: str) -> str:
    """The game's name as its lobby tile shows it in `lang` (its catalogue's `ui.game.name`)."""
    try:
        game = games.load(game_id)
    except games.UnknownGame:
        return game_id
    return catalogue(game, lang if lang in LANGUAGES else "en").get("ui.game.name") or game.name


def seat_name(game_id: str, seat: int, name: str | None, lang: str) -> str:
    """A seat's display name, or "Seat N" in the game's words."""
    if name:
        return name
    try:
        template = catalogue(games.load(game_id), lang).get("seat", "Seat {n}")
    except games.UnknownGame:
        template = "Seat {n}"
    return template.format(n=seat)


def duration(seconds: float, lang: str) -> str:
    """A clock's time left, to the two largest units: "2 d 3 h", "2 j 3 h", "2天3小时", "45 s"."""
    w = words(lang)
    left = max(0, int(seconds))
    parts = []
    for unit, size in (("d", 86400), ("h", 3600), ("min", 60), ("s", 1)):
        if left >= size or (unit == "s" and not parts):
            parts.append(w[f"unit.{unit}"].format(n=left // size))
            left %= size
        if len(parts) == 2:
            break
    return w["unit.sep"].join(parts)


def join_names(names: list[str], lang: str) -> str:
    w = words(lang)
    if len(names) <= 1:
        return "".join(names)
    return w["sep"].join(names[:-1]) + w["and"] + names[-1]


@dataclass
class Facts:
    """What a notice is written from, gathered at sending time (notify/worker.py)."""
    kind: str  # turn | end | invite | confirm
    lang: str
    game: str = ""  # the game's name in `lang`
    game_id: str | None = None
    table_id: str | None = None
    link: str | None = None  # the table (turn, invite), the replay (end), the confirmation (confirm)
    last_mover: str | None = None  # turn: who moved last, when it was not the reader
    left: float | None = None  # turn: seconds left on the reader's clock
    won: bool | None = None  # end: the reader's result
    winners: list[str] = field(default_factory=list)  # end
    scores: list[tuple[str, float]] = field(default_factory=list)  # end: (name, total) per seat
    by: str | None = None  # invite: who invites
    account: str | None = None  # confirm: the account asking

    @property
    def short(self) -> str:
        return (self.table_id or "")[:6]


@dataclass
class Notice:
    subject: str
    lines: list[tuple[str, str | None]]  # (text, link or None), in order

    def text(self, footer: list[tuple[str, str | None]] = ()) -> str:
        out = []
        for text, link in [*self.lines, *footer]:
            out.append(f"{text} {link}" if link else text)
        return "\n\n".join(out) + "\n"

    def html(self, footer: list[tuple[str, str | None]] = (), lang: str = "en") -> str:
        def para(text: str, link: str | None, small: bool = False) -> str:
            body = html.escape(text)
            if link:
                body += f' <a href="{html.escape(link, quote=True)}">{html.escape(link)}</a>'
            style = ' style="color:#666;font-size:smaller"' if small else ""
            return f"<p{style}>{body}</p>"
        main = "".join(para(t, u) for t, u in self.lines)
        foot = "".join(para(t, u, small=True) for t, u in footer)
        return (f'<!doctype html><html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
                f"<title>{html.escape(self.subject)}</title></head><body>{main}"
                f"{'<hr>' + foot if foot else ''}</body></html>")

    def line(self) -> str:
        """One line for a chat webhook: the subject and the link that matters."""
        link = next((u for _, u in self.lines if u), None)
        return f"{self.subject}: {link}" if link else self.subject


def _score(total: float) -> str:
    return str(int(total)) if float(total).is_integer() else f"{total:g}"


def compose(facts: Facts) -> Notice:
    """The words of one notice (KeyError for an unknown kind: a row nobody knows how to write)."""
    w = words(facts.lang)
    values = {"game": facts.game, "short": facts.short, "name": facts.by or "", "account": facts.account or ""}
    subject = w[f"{facts.kind}.subject"].format(**values)
    lines: list[tuple[str, str | None]] = [(w[f"{facts.kind}.intro"].format(**values), None)]
    if facts.kind == "turn":
        if facts.last_mover:
            lines.append((w["turn.last"].format(name=facts.last_mover), None))
        if facts.left is not None:
            lines.append((w["turn.left"].format(left=duration(facts.left, facts.lang)), None))
        lines.append((w["turn.open"], facts.link))
    elif facts.kind == "end":
        if facts.won is not None:
            lines.append((w["end.won" if facts.won else "end.lost"], None))
        if facts.winners:
            lines.append((w["end.winners"].format(names=join_names(facts.winners, facts.lang)), None))
        else:
            lines.append((w["end.nobody"], None))
        if facts.scores:
            pair = "：" if facts.lang == "zh" else (" : " if facts.lang == "fr" else ": ")
            scores = w["sep"].join(f"{name}{pair}{_score(total)}" for name, total in facts.scores)
            lines.append((w["end.scores"].format(scores=scores), None))
        lines.append((w["end.replay"], facts.link))
    elif facts.kind == "invite":
        lines.append((w["invite.open"], facts.link))
    elif facts.kind == "confirm":
        lines.append((w["confirm.open"], facts.link))
        lines.append((w["confirm.ignore"], None))
    return Notice(subject, lines)


def footer(lang: str, unsubscribe_url: str, settings_url: str) -> list[tuple[str, str | None]]:
    w = words(lang)
    return [(w["footer.stop"], unsubscribe_url), (w["footer.settings"], settings_url)]


def what(kind: str, channel: str, lang: str) -> str:
    """"your-move notices by e-mail", for the unsubscribe page."""
    w = words(lang)
    sep = "" if lang == "zh" else " "
    return f"{w['kind.' + kind]}{sep}{w['channel.' + channel]}"
