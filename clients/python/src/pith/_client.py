"""Pith and AsyncPith: the same calls (``_calls``), sent synchronously or with asyncio, with the same rules."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any, cast

import httpx

from . import _calls as calls
from ._errors import PithConnectionError, PithError, PithTimeoutError
from .models import CreatedApiKey, CreatedWatch, ExtractResponse, JobPage, JobSummary, SearchResponse, Usage, Watch

Json = dict[str, Any]
DEFAULT_BASE_URL = "http://localhost:3000"


class _Rules:
    """What both clients share: configuration, headers, reading answers, and when to try again."""

    def __init__(
        self,
        api_key: str | None,
        base_url: str | None,
        max_rate_limit_retries: int,
        max_rate_limit_wait: float,
        connection_retries: int,
    ) -> None:
        self.api_key = api_key if api_key is not None else os.environ.get("PITH_API_KEY")
        self.base_url = (base_url or os.environ.get("PITH_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.max_rate_limit_retries = max_rate_limit_retries
        self.max_rate_limit_wait = max_rate_limit_wait
        self.connection_retries = connection_retries

    def headers(self, call: calls.Call) -> dict[str, str]:
        headers = {"accept": "application/json", **call.headers}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        return headers

    @staticmethod
    def params(call: calls.Call) -> dict[str, Any]:
        return {name: value for name, value in call.params.items() if value is not None}

    @staticmethod
    def error_of(response: httpx.Response) -> PithError:
        try:
            body = response.json().get("error")
            if isinstance(body, dict) and body.get("code"):
                return PithError(response.status_code, body)
        except ValueError:
            pass
        return PithError(response.status_code, {"code": "internal_error" if response.status_code >= 500 else "invalid_request", "message": f"HTTP {response.status_code}: {response.text[:200]}", "retry": response.status_code >= 500, "docs_url": ""})

    def rate_limit_wait(self, error: PithError, response: httpx.Response, attempts: int) -> float | None:
        """Seconds to wait before retrying ``rate_limit_too_fast`` (never ``rate_limit_exceeded``: the month is spent); None: give up."""
        if error.code != "rate_limit_too_fast" or attempts >= self.max_rate_limit_retries:
            return None
        header = response.headers.get("retry-after-ms")
        seconds = int(header) / 1000 if header and header.isdigit() else float(error.retry_after or 1)
        return max(0.001, seconds) if seconds <= self.max_rate_limit_wait else None

    def connection_error(self, call: calls.Call, err: Exception) -> PithConnectionError:
        return PithConnectionError(f"{call.method} {call.path}: no answer from {self.base_url} ({err})")


class Pith:
    """A synchronous client of the Pith API. Failures raise PithError (an answer in the error envelope) or PithConnectionError (no answer).

    ``api_key`` and ``base_url`` default to PITH_API_KEY and PITH_BASE_URL (else http://localhost:3000).
    """

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        max_rate_limit_retries: int = 5,
        max_rate_limit_wait: float = 10.0,
        connection_retries: int = 2,
        timeout: float = 120.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self._rules = _Rules(api_key, base_url, max_rate_limit_retries, max_rate_limit_wait, connection_retries)
        self._http = httpx.Client(base_url=self._rules.base_url, timeout=timeout, transport=transport)

    def __enter__(self) -> Pith:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self._http.close()

    def request(self, call: calls.Call) -> Any:
        """Sends a call: waits out ``rate_limit_too_fast`` (bounded), retries a repeatable call after a dropped connection."""
        rate_limited = dropped = 0
        while True:
            try:
                response = self._http.request(call.method, call.path, json=call.json, params=self._rules.params(call), headers=self._rules.headers(call))
            except httpx.TransportError as err:
                if call.repeatable and dropped < self._rules.connection_retries:
                    dropped += 1
                    time.sleep(0.2 * dropped)
                    continue
                raise self._rules.connection_error(call, err) from err
            if response.is_success:
                return response.content if call.binary else response.json()
            error = self._rules.error_of(response)
            wait = self._rules.rate_limit_wait(error, response, rate_limited)
            if wait is None:
                raise error
            rate_limited += 1
            time.sleep(wait)

    # public routes
    def register(self, email: str) -> Json:
        """POST /register: a free account and its first key (shown once). Needs no key."""
        return cast(Json, self.request(calls.register(email)))

    def pricing(self) -> Json:
        return cast(Json, self.request(calls.pricing()))

    def health(self) -> Json:
        return cast(Json, self.request(calls.health()))

    def file(self, file_id: str) -> bytes:
        """GET /files/{file_id}: a stored screenshot's bytes."""
        return cast(bytes, self.request(calls.file(file_id)))

    # extraction
    def extract(self, url: str, **fields: Any) -> ExtractResponse:
        """POST /extract: one page (``formats``, ``render_js``, ``max_age`` … as keyword arguments)."""
        return cast(ExtractResponse, self.request(calls.extract(url, fields)))

    def search(self, query: str, **fields: Any) -> SearchResponse:
        return cast(SearchResponse, self.request(calls.search(query, fields)))

    def map(self, url: str, **fields: Any) -> Json:
        return cast(Json, self.request(calls.map_site(url, fields)))

    # jobs
    def bulk(self, urls: list[str], *, idempotency_key: str | None = None, **fields: Any) -> Json:
        """POST /bulk with an Idempotency-Key (a new one unless given): a retry after a dropped connection returns the same job."""
        return cast(Json, self.request(calls.bulk(urls, fields, idempotency_key)))

    def crawl(self, url: str, *, idempotency_key: str | None = None, **fields: Any) -> Json:
        return cast(Json, self.request(calls.crawl(url, fields, idempotency_key)))

    def job(self, job_id: str, *, limit: int | None = None, cursor: str | None = None) -> Json:
        return cast(Json, self.request(calls.job(job_id, limit, cursor)))

    def wait(self, job_id: str, *, on_progress: Callable[[Json], None] | None = None, timeout: float = 3600.0, interval: float = 0.5) -> Json:
        """Polls until the job finished (``done``, ``failed``, ``cancelled``), from ``interval`` seconds ×1.5 up to 5 s."""
        deadline = time.monotonic() + timeout
        while True:
            job = self.job(job_id, limit=1)
            if on_progress:
                on_progress(job)
            if job["status"] in calls.FINISHED:
                return job
            if time.monotonic() + interval > deadline:
                raise PithTimeoutError(f"Job {job_id} is still {job['status']} ({job['completed']}/{job['total']})")
            time.sleep(interval)
            interval = min(5.0, interval * 1.5)

    def list_jobs(self, *, kind: str | None = None, status: str | None = None, limit: int | None = None, cursor: str | None = None) -> JobPage:
        """GET /jobs: one page of the account's jobs, newest first (pass ``next_cursor`` back as ``cursor``, with the same filters)."""
        return cast(JobPage, self.request(calls.jobs(kind, status, limit, cursor)))

    def iter_jobs(self, *, kind: str | None = None, status: str | None = None, page_size: int = 100) -> Iterator[JobSummary]:
        """Every job of the account still readable, newest first, every page."""
        return cast(Iterator[JobSummary], self._pages(calls.JOBS, page_size, {"kind": kind, "status": status}))

    def results(self, job_id: str, *, page_size: int = 100) -> Iterator[Json]:
        """Every result of a job, page by page."""
        cursor: str | None = None
        while True:
            page = self.job(job_id, limit=page_size, cursor=cursor)
            yield from page["results"]
            cursor = page.get("next_cursor")
            if not cursor:
                return

    def _pages(self, route: tuple[str, str], page_size: int, filters: dict[str, Any] | None = None) -> Iterator[Json]:
        path, items = route
        cursor: str | None = None
        while True:
            page = self.request(calls.page(path, page_size, cursor, filters))
            yield from page[items]
            cursor = page.get("next_cursor")
            if not cursor:
                return

    # account
    def usage(self) -> Usage:
        return cast(Usage, self.request(calls.usage()))

    def logs(self, *, page_size: int = 100, endpoint: str | None = None, status: str | None = None, key_id: str | None = None) -> Iterator[Json]:
        """The request log, newest first, every page; ``endpoint`` as logged (``"POST /extract"``), ``status`` exact (``"404"``) or a class (``"4xx"``)."""
        return self._pages(calls.LOGS, page_size, {"endpoint": endpoint, "status": status, "key_id": key_id})

    def create_key(self, **fields: Any) -> CreatedApiKey:
        return cast(CreatedApiKey, self.request(calls.create_key(fields)))

    def list_keys(self) -> Json:
        return cast(Json, self.request(calls.list_keys()))

    def revoke_key(self, key_id: str) -> Json:
        return cast(Json, self.request(calls.revoke_key(key_id)))

    def rotate_key(self) -> Json:
        return cast(Json, self.request(calls.rotate_key()))

    # webhooks
    def rotate_webhook_secret(self) -> Json:
        return cast(Json, self.request(calls.rotate_webhook_secret()))

    def deliveries(self, *, page_size: int = 50, job_id: str | None = None) -> Iterator[Json]:
        """Webhook deliveries, newest first, every page; ``job_id``: only that job's."""
        return self._pages(calls.DELIVERIES, page_size, {"job_id": job_id})

    def redeliver(self, delivery_id: str) -> Json:
        return cast(Json, self.request(calls.redeliver(delivery_id)))

    # watches
    def create_watch(self, every: str, **fields: Any) -> CreatedWatch:
        """POST /watches: ``urls=[…]`` or ``crawl={…}``, ``every="1d"`` or a cron expression."""
        return cast(CreatedWatch, self.request(calls.create_watch(every, fields)))

    def get_watch(self, watch_id: str) -> Watch:
        return cast(Watch, self.request(calls.get_watch(watch_id)))

    def update_watch(self, watch_id: str, **fields: Any) -> Watch:
        return cast(Watch, self.request(calls.update_watch(watch_id, fields)))

    def delete_watch(self, watch_id: str) -> Json:
        return cast(Json, self.request(calls.delete_watch(watch_id)))

    def watches(self, *, page_size: int = 50) -> Iterator[Watch]:
        return cast(Iterator[Watch], self._pages(calls.WATCHES, page_size))


class AsyncPith:
    """The asyncio client: the same methods as Pith, awaited; iterators are async iterators."""

    def __init__(
        self,
        api_key: str | None = None,
        base_url: str | None = None,
        *,
        max_rate_limit_retries: int = 5,
        max_rate_limit_wait: float = 10.0,
        connection_retries: int = 2,
        timeout: float = 120.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._rules = _Rules(api_key, base_url, max_rate_limit_retries, max_rate_limit_wait, connection_retries)
        self._http = httpx.AsyncClient(base_url=self._rules.base_url, timeout=timeout, transport=transport)

    async def __aenter__(self) -> AsyncPith:
        return self

    async def __aexit__(self, *_: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self._http.aclose()

    async def request(self, call: calls.Call) -> Any:
        rate_limited = dropped = 0
        while True:
            try:
                response = await self._http.request(call.method, call.path, json=call.json, params=self._rules.params(call), headers=self._rules.headers(call))
            except httpx.TransportError as err:
                if call.repeatable and dropped < self._rules.connection_retries:
                    dropped += 1
                    await asyncio.sleep(0.2 * dropped)
                    continue
                raise self._rules.connection_error(call, err) from err
            if response.is_success:
                return response.content if call.binary else response.json()
            error = self._rules.error_of(response)
            wait = self._rules.rate_limit_wait(error, response, rate_limited)
            if wait is None:
                raise error
            rate_limited += 1
            await asyncio.sleep(wait)

    async def register(self, email: str) -> Json:
        return cast(Json, await self.request(calls.register(email)))

    async def pricing(self) -> Json:
        return cast(Json, await self.request(calls.pricing()))

    async def health(self) -> Json:
        return cast(Json, await self.request(calls.health()))

    async def file(self, file_id: str) -> bytes:
        return cast(bytes, await self.request(calls.file(file_id)))

    async def extract(self, url: str, **fields: Any) -> ExtractResponse:
        return cast(ExtractResponse, await self.request(calls.extract(url, fields)))

    async def search(self, query: str, **fields: Any) -> SearchResponse:
        return cast(SearchResponse, await self.request(calls.search(query, fields)))

    async def map(self, url: str, **fields: Any) -> Json:
        return cast(Json, await self.request(calls.map_site(url, fields)))

    async def bulk(self, urls: list[str], *, idempotency_key: str | None = None, **fields: Any) -> Json:
        return cast(Json, await self.request(calls.bulk(urls, fields, idempotency_key)))

    async def crawl(self, url: str, *, idempotency_key: str | None = None, **fields: Any) -> Json:
        return cast(Json, await self.request(calls.crawl(url, fields, idempotency_key)))

    async def job(self, job_id: str, *, limit: int | None = None, cursor: str | None = None) -> Json:
        return cast(Json, await self.request(calls.job(job_id, limit, cursor)))

    async def wait(self, job_id: str, *, on_progress: Callable[[Json], None] | None = None, timeout: float = 3600.0, interval: float = 0.5) -> Json:
        deadline = time.monotonic() + timeout
        while True:
            job = await self.job(job_id, limit=1)
            if on_progress:
                on_progress(job)
            if job["status"] in calls.FINISHED:
                return job
            if time.monotonic() + interval > deadline:
                raise PithTimeoutError(f"Job {job_id} is still {job['status']} ({job['completed']}/{job['total']})")
            await asyncio.sleep(interval)
            interval = min(5.0, interval * 1.5)

    async def list_jobs(self, *, kind: str | None = None, status: str | None = None, limit: int | None = None, cursor: str | None = None) -> JobPage:
        return cast(JobPage, await self.request(calls.jobs(kind, status, limit, cursor)))

    def iter_jobs(self, *, kind: str | None = None, status: str | None = None, page_size: int = 100) -> AsyncIterator[JobSummary]:
        return cast(AsyncIterator[JobSummary], self._pages(calls.JOBS, page_size, {"kind": kind, "status": status}))

    async def results(self, job_id: str, *, page_size: int = 100) -> AsyncIterator[Json]:
        cursor: str | None = None
        while True:
            page = await self.job(job_id, limit=page_size, cursor=cursor)
            for entry in page["results"]:
                yield entry
            cursor = page.get("next_cursor")
            if not cursor:
                return

    async def _pages(self, route: tuple[str, str], page_size: int, filters: dict[str, Any] | None = None) -> AsyncIterator[Json]:
        path, items = route
        cursor: str | None = None
        while True:
            page = await self.request(calls.page(path, page_size, cursor, filters))
            for item in page[items]:
                yield item
            cursor = page.get("next_cursor")
            if not cursor:
                return

    async def usage(self) -> Usage:
        return cast(Usage, await self.request(calls.usage()))

    def logs(self, *, page_size: int = 100, endpoint: str | None = None, status: str | None = None, key_id: str | None = None) -> AsyncIterator[Json]:
        return self._pages(calls.LOGS, page_size, {"endpoint": endpoint, "status": status, "key_id": key_id})

    async def create_key(self, **fields: Any) -> CreatedApiKey:
        return cast(CreatedApiKey, await self.request(calls.create_key(fields)))

    async def list_keys(self) -> Json:
        return cast(Json, await self.request(calls.list_keys()))

    async def revoke_key(self, key_id: str) -> Json:
        return cast(Json, await self.request(calls.revoke_key(key_id)))

    async def rotate_key(self) -> Json:
        return cast(Json, await self.request(calls.rotate_key()))

    async def rotate_webhook_secret(self) -> Json:
        return cast(Json, await self.request(calls.rotate_webhook_secret()))

    def deliveries(self, *, page_size: int = 50, job_id: str | None = None) -> AsyncIterator[Json]:
        return self._pages(calls.DELIVERIES, page_size, {"job_id": job_id})

    async def redeliver(self, delivery_id: str) -> Json:
        return cast(Json, await self.request(calls.redeliver(delivery_id)))

    async def create_watch(self, every: str, **fields: Any) -> CreatedWatch:
        return cast(CreatedWatch, await self.request(calls.create_watch(every, fields)))

    async def get_watch(self, watch_id: str) -> Watch:
        return cast(Watch, await self.request(calls.get_watch(watch_id)))

    async def update_watch(self, watch_id: str, **fields: Any) -> Watch:
        return cast(Watch, await self.request(calls.update_watch(watch_id, fields)))

    async def delete_watch(self, watch_id: str) -> Json:
        return cast(Json, await self.request(calls.delete_watch(watch_id)))

    def watches(self, *, page_size: int = 50) -> AsyncIterator[Watch]:
        return cast(AsyncIterator[Watch], self._pages(calls.WATCHES, page_size))
