"""Verifying Pith webhooks in a receiver, by the rules the server signs with (the TypeScript client's verifyPithWebhook)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

_SECRET = re.compile(r"^whsec_([0-9a-fA-F]{64})$")
_TIMESTAMP = re.compile(r"^\d{1,12}$")


class WebhookVerificationError(Exception):
    """Why a delivery was refused: ``missing_header``, ``bad_timestamp``, ``timestamp_out_of_tolerance``, ``bad_signature``, ``bad_secret``, ``bad_body``."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


def _header(headers: Mapping[str, Any], name: str) -> str | None:
    for key, value in headers.items():
        if key.lower() == name:
            return " ".join(value) if isinstance(value, (list, tuple)) else str(value)
    return None


def _key_of(secret: str) -> bytes:
    match = _SECRET.match(secret.strip())
    if not match:
        raise WebhookVerificationError("bad_secret", "A secret is `whsec_` followed by 64 hex characters")
    return bytes.fromhex(match.group(1))


def verify_webhook(
    raw_body: bytes | str,
    headers: Mapping[str, Any],
    secrets: str | Sequence[str],
    tolerance_seconds: int = 300,
    now: float | None = None,
) -> dict[str, Any]:
    """Checks signature and age of a delivery and returns its parsed body.

    ``raw_body`` must be the bytes exactly as received. ``secrets``: the current one, and the previous one
    during a rotation. Raises WebhookVerificationError saying what was wrong.
    """
    delivery_id = _header(headers, "x-pith-delivery-id")
    timestamp = _header(headers, "x-pith-timestamp")
    signature = _header(headers, "x-pith-signature")
    if not delivery_id or not timestamp or not signature:
        raise WebhookVerificationError("missing_header", "X-Pith-Delivery-Id, X-Pith-Timestamp and X-Pith-Signature are all required")
    if not _TIMESTAMP.match(timestamp):
        raise WebhookVerificationError("bad_timestamp", "X-Pith-Timestamp is not unix seconds")
    drift = abs(int(now if now is not None else time.time()) - int(timestamp))
    if drift > tolerance_seconds:
        raise WebhookVerificationError("timestamp_out_of_tolerance", f"X-Pith-Timestamp is {drift} s away from now (tolerance {tolerance_seconds} s): stale or replayed")
    candidates = [secrets] if isinstance(secrets, str) else list(secrets)
    if not candidates:
        raise WebhookVerificationError("bad_secret", "No secret to verify with")
    body = raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)
    signed = f"{delivery_id}.{timestamp}.".encode() + body
    # Several space-separated signatures may come (Standard Webhooks form); one match suffices. Compared as
    # base64 text, as the server does, so other spellings of the same MAC are not accepted.
    received = [part[3:].encode() for part in signature.split(" ") if part.startswith("v1,")]
    keys = [_key_of(secret) for secret in candidates]
    for key in keys:
        expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest())
        if any(hmac.compare_digest(candidate, expected) for candidate in received):
            break
    else:
        raise WebhookVerificationError("bad_signature", "X-Pith-Signature does not match the body with any of the given secrets")
    try:
        parsed = json.loads(body.decode("utf-8"))
    except ValueError as err:
        raise WebhookVerificationError("bad_body", "The body is not JSON") from err
    return parsed
