"""Every route as a call: method, path, body, query, and whether it is safe to send again. Shared by Pith and AsyncPith."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    json: Any = None
    params: dict[str, Any] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)
    #: Safe to send again after a dropped connection: reads, and bulk/crawl submissions (they carry an Idempotency-Key).
    repeatable: bool = False
    #: The answer is bytes (a stored file), not JSON.
    binary: bool = False


def _id(value: str) -> str:
    return quote(value, safe="")


def _submission(path: str, body: dict[str, Any], idempotency_key: str | None) -> Call:
    return Call("POST", path, json=body, headers={"Idempotency-Key": idempotency_key or str(uuid.uuid4())}, repeatable=True)


def register(email: str) -> Call:
    return Call("POST", "/register", json={"email": email})


def pricing() -> Call:
    return Call("GET", "/pricing", repeatable=True)


def health() -> Call:
    return Call("GET", "/health", repeatable=True)


def file(file_id: str) -> Call:
    return Call("GET", f"/files/{_id(file_id)}", repeatable=True, binary=True)


def extract(url: str, fields: dict[str, Any]) -> Call:
    return Call("POST", "/extract", json={"url": url, **fields})


def search(query: str, fields: dict[str, Any]) -> Call:
    return Call("POST", "/search", json={"query": query, **fields})


def map_site(url: str, fields: dict[str, Any]) -> Call:
    return Call("POST", "/map", json={"url": url, **fields})


def bulk(urls: list[str], fields: dict[str, Any], idempotency_key: str | None) -> Call:
    return _submission("/bulk", {"urls": list(urls), **fields}, idempotency_key)


def crawl(url: str, fields: dict[str, Any], idempotency_key: str | None) -> Call:
    return _submission("/crawl", {"url": url, **fields}, idempotency_key)


def job(job_id: str, limit: int | None = None, cursor: str | None = None) -> Call:
    return Call("GET", f"/jobs/{_id(job_id)}", params={"limit": limit, "cursor": cursor}, repeatable=True)


def jobs(kind: str | None = None, status: str | None = None, limit: int | None = None, cursor: str | None = None) -> Call:
    return Call("GET", "/jobs", params={"kind": kind, "status": status, "limit": limit, "cursor": cursor}, repeatable=True)


def page(path: str, limit: int, cursor: str | None, filters: dict[str, Any] | None = None) -> Call:
    """One page of a list route; ``filters`` (None values left out) go with every page."""
    return Call("GET", path, params={**(filters or {}), "limit": limit, "cursor": cursor}, repeatable=True)


def usage() -> Call:
    return Call("GET", "/usage", repeatable=True)


def create_key(fields: dict[str, Any]) -> Call:
    return Call("POST", "/keys", json=fields)


def list_keys() -> Call:
    return Call("GET", "/keys", repeatable=True)


def revoke_key(key_id: str) -> Call:
    return Call("DELETE", f"/keys/{_id(key_id)}", repeatable=True)


def rotate_key() -> Call:
    return Call("POST", "/keys/rotate")


def rotate_webhook_secret() -> Call:
    return Call("POST", "/webhook/rotate")


def redeliver(delivery_id: str) -> Call:
    return Call("POST", f"/webhooks/deliveries/{_id(delivery_id)}/redeliver")


def create_watch(every: str, fields: dict[str, Any]) -> Call:
    return Call("POST", "/watches", json={"every": every, **fields})


def get_watch(watch_id: str) -> Call:
    return Call("GET", f"/watches/{_id(watch_id)}", repeatable=True)


def update_watch(watch_id: str, fields: dict[str, Any]) -> Call:
    return Call("PATCH", f"/watches/{_id(watch_id)}", json=fields, repeatable=True)


def delete_watch(watch_id: str) -> Call:
    return Call("DELETE", f"/watches/{_id(watch_id)}", repeatable=True)


#: Job states after which nothing changes.
FINISHED = frozenset({"done", "failed", "cancelled"})
#: Paged list routes: path and the key that holds the page's items.
LOGS = ("/logs", "data")
JOBS = ("/jobs", "data")
DELIVERIES = ("/webhooks/deliveries", "data")
WATCHES = ("/watches", "watches")
