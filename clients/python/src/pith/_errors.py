"""Errors of the Pith client: the API's error envelope as an exception, and the two ways of getting no answer."""

from __future__ import annotations

from typing import Any


class PithError(Exception):
    """An answer in the error envelope. ``code`` says what happened, ``retry`` whether the same request can succeed later."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        super().__init__(body.get("message", f"HTTP {status}"))
        self.status = status
        self.body = body
        self.code: str = body.get("code", "internal_error")
        self.message: str = body.get("message", "")
        self.retry: bool = bool(body.get("retry", False))
        #: Seconds to wait (429, 503), when the API says.
        self.retry_after: int | None = body.get("retry_after")
        self.docs_url: str = body.get("docs_url", "")
        self.upgrade_url: str | None = body.get("upgrade_url")

    def __repr__(self) -> str:
        return f"PithError(status={self.status}, code={self.code!r}, message={self.message!r})"


class PithConnectionError(Exception):
    """No answer came back (connection refused or dropped, DNS, timeout): the request may or may not have been carried out."""


class PithTimeoutError(Exception):
    """A job did not finish within ``wait``'s ``timeout``."""
