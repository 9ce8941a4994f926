"""Structured logs: one line per HTTP request, stored action and client error, through the stdlib
`logging`. `--log-format json` writes each record as one JSON object (for a log shipper); `text`
writes the same fields as `key=value` after the message (for a person at a terminal).

A record's structured fields are passed as `extra={"event": ..., "table_id": ..., ...}`; the fields
in use are listed in FIELDS and in docs/protocol.md ("Operations").
"""

from __future__ import annotations

import json
import logging
import sys
import time
from datetime import datetime, timezone

# The structured fields a record may carry (others given in `extra` are written too, these come first).
FIELDS = ("event", "method", "path", "status", "table_id", "seat", "game", "version", "source", "agent",
          "code", "latency_ms")

# Attributes every LogRecord has: whatever else a record carries came from `extra`.
# plus uvicorn's color_message: the same text as the message, with terminal colour codes
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName",
                                                                          "color_message"}


def structured_fields(record: logging.LogRecord) -> dict:
    extra = {k: v for k, v in vars(record).items() if k not in _STANDARD and not k.startswith("_")}
    ordered = {k: extra.pop(k) for k in FIELDS if k in extra}
    return {**ordered, **extra}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = {"ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds"),
                "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage(),
                **structured_fields(record)}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        base = super().format(record)
        fields = " ".join(f"{k}={v}" for k, v in structured_fields(record).items())
        return f"{base} {fields}" if fields else base


def configure_logging(log_format: str = "text", level: int = logging.INFO, stream=None) -> logging.Handler:
    """Send every log record (ours and uvicorn's) to one stream handler in `log_format` (json | text)."""
    if log_format not in ("json", "text"):
        raise ValueError(f"log format must be json or text, not {log_format!r}")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):  # uvicorn's own lines go through ours
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
    return handler


class RequestLogMiddleware:
    """One log line per HTTP request: method, path, status, latency (and the table id when the path has
    one). A plain ASGI middleware, so streamed answers and WebSockets pass through untouched. Probes
    (/healthz, /metrics) are logged at debug level: a scraper would otherwise fill the log."""

    QUIET_PATHS = ("/healthz", "/metrics")

    def __init__(self, app, logger_name: str = "cryptarena.http"):
        self.app = app
        self.log = logging.getLogger(logger_name)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start, status = time.perf_counter(), {"code": 500}

        async def send_and_note(message):
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_and_note)
        finally:
            fields = {"event": "request", "method": scope["method"], "path": scope["path"],
                      "status": status["code"], "latency_ms": round((time.perf_counter() - start) * 1000, 3)}
            table_id = (scope.get("path_params") or {}).get("table_id")
            if table_id:
                fields["table_id"] = table_id
            level = logging.DEBUG if scope["path"] in self.QUIET_PATHS else logging.INFO
            self.log.log(level, "%s %s %s", scope["method"], scope["path"], status["code"], extra=fields)


__all__ = ["FIELDS", "RequestLogMiddleware", "JsonFormatter", "TextFormatter", "configure_logging", "structured_fields"]
