"""The Python client against the real service: calls, typed errors, 429 backoff, the idempotent retry after a
dropped connection, paging, sync and async, webhook verification of a real delivery, the README's quick start."""

from __future__ import annotations

import asyncio
import http.server
import re
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from pith import AsyncPith, Pith, PithError, WebhookVerificationError, verify_webhook


class Recording(httpx.HTTPTransport):
    """A real transport that also records every answer's status."""

    def __init__(self) -> None:
        super().__init__()
        self.statuses: list[int] = []
        self.lock = threading.Lock()

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = super().handle_request(request)
        with self.lock:
            self.statuses.append(response.status_code)
        return response


def test_extract_bulk_wait_and_every_page_of_results(service: dict) -> None:
    with Pith(service["key"], service["base_url"]) as pith:
        page = pith.extract(service["pages"][0], formats=["markdown"])
        assert "Page 0 of the client tests" in page["markdown"]
        job = pith.bulk(service["pages"][:5])
        seen: list[int] = []
        done = pith.wait(job["job_id"], on_progress=lambda j: seen.append(j["completed"]), interval=0.1)
        assert (done["status"], done["total"], done["completed"]) == ("done", 5, 5)
        assert seen == sorted(seen)
        assert [r["url"] for r in pith.results(job["job_id"], page_size=2)] == service["pages"][:5]
        logged = list(pith.logs(page_size=2))
        assert len(logged) >= 4
        assert pith.usage()["used_requests"] >= 6
    # The public routes need no key.
    with Pith("", service["base_url"]) as anonymous:
        assert anonymous.register(f"python-{time.time_ns()}@example.com")["api_key"]
        assert anonymous.health()["status"] == "ok"
        assert "plans" in anonymous.pricing()


def test_async_client_does_the_same(service: dict) -> None:
    async def run() -> tuple[dict, list[str]]:
        async with AsyncPith(service["key"], service["base_url"]) as pith:
            job = await pith.bulk(service["pages"][:3])
            done = await pith.wait(job["job_id"], interval=0.1)
            urls = [r["url"] async for r in pith.results(job["job_id"], page_size=1)]
            return done, urls

    done, urls = asyncio.run(run())
    assert done["status"] == "done"
    assert urls == service["pages"][:3]


def test_lists_jobs_by_page_or_all_with_filters_and_filters_the_log(service: dict) -> None:
    key = service["fresh_keys"][2]  # an account of this test alone: its jobs and log are exactly what it made
    with Pith(key, service["base_url"]) as pith:
        submitted = [pith.bulk([url])["job_id"] for url in service["pages"][:3]]
        first = pith.list_jobs(limit=2)
        assert len(first["data"]) == 2 and first["next_cursor"]
        rest = pith.list_jobs(limit=2, cursor=first["next_cursor"])
        assert rest["next_cursor"] is None
        paged = [job["job_id"] for job in first["data"] + rest["data"]]
        assert sorted(paged) == sorted(submitted)
        created = [job["created_at"] for job in first["data"] + rest["data"]]
        assert created == sorted(created, reverse=True)
        assert [job["job_id"] for job in pith.iter_jobs(kind="bulk", page_size=1)] == paged
        assert list(pith.iter_jobs(kind="crawl")) == []
        with pytest.raises(PithError) as refused:
            pith.list_jobs(cursor="not-a-cursor")
        assert refused.value.code == "invalid_request" and refused.value.message.startswith("cursor:")
        key_id = pith.list_keys()["data"][0]["id"]
        assert [(e["endpoint"], e["status"]) for e in pith.logs(endpoint="POST /bulk", status="2xx", key_id=key_id, page_size=2)] == [("POST /bulk", 200)] * 3
        assert [e["status"] for e in pith.logs(status="4xx")] == [422]

    async def run() -> list[str]:
        async with AsyncPith(key, service["base_url"]) as pith:
            page = await pith.list_jobs(kind="bulk", status="queued", limit=100)
            listed = [job["job_id"] async for job in pith.iter_jobs(page_size=2)]
            assert all(job["status"] == "queued" for job in page["data"])
            assert [e["endpoint"] async for e in pith.logs(endpoint="POST /bulk")] == ["POST /bulk"] * 3
            return listed

    assert asyncio.run(run()) == paged


def test_errors_are_typed_and_a_spent_month_is_not_retried(service: dict) -> None:
    with Pith(service["key"], service["base_url"]) as pith:
        with pytest.raises(PithError) as invalid:
            pith.extract("not a url")
        assert (invalid.value.status, invalid.value.code, invalid.value.retry) == (422, "invalid_request", False)
        assert "/docs/errors#invalid_request" in invalid.value.docs_url
    recording = Recording()
    with Pith(service["spent_key"], service["base_url"], transport=recording) as spent:
        with pytest.raises(PithError) as exhausted:
            spent.extract(service["pages"][0])
    assert exhausted.value.code == "rate_limit_exceeded"
    assert exhausted.value.upgrade_url and exhausted.value.retry_after
    assert recording.statuses == [429]


def test_waits_out_rate_limit_too_fast_and_succeeds(service: dict) -> None:
    recording = Recording()
    with Pith(service["free_key"], service["base_url"], transport=recording) as pith:  # 5 requests per second
        with ThreadPoolExecutor(15) as pool:
            answers = list(pool.map(lambda _: pith.usage(), range(15)))
    assert len(answers) == 15
    assert recording.statuses.count(429) > 0
    assert recording.statuses.count(200) == 15


class DroppingProxy:
    """A real TCP hop to the service that loses the answer to the first request: the server did the work, the client saw nothing."""

    def __init__(self, target: str) -> None:
        host, port = re.match(r"https?://([^:/]+):(\d+)", target).groups()  # type: ignore[union-attr]
        self.target = (host, int(port))
        self.dropped = 0
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self.relay, args=(client,), daemon=True).start()

    def relay(self, client: socket.socket) -> None:
        upstream = socket.create_connection(self.target)

        def forward() -> None:
            try:
                while data := client.recv(65536):
                    upstream.sendall(data)
            except OSError:
                pass

        threading.Thread(target=forward, daemon=True).start()
        try:
            while data := upstream.recv(65536):
                if self.dropped == 0:
                    self.dropped += 1
                    break
                client.sendall(data)
        except OSError:
            pass
        for sock in (client, upstream):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self) -> None:
        self.server.close()


def test_a_bulk_retried_after_a_dropped_connection_is_one_job_metered_once(service: dict) -> None:
    key = service["fresh_keys"][0]
    proxy = DroppingProxy(service["base_url"])
    try:
        with Pith(key, f"http://127.0.0.1:{proxy.port}") as pith:
            job = pith.bulk([service["pages"][5]])
        assert proxy.dropped == 1
    finally:
        proxy.close()
    with Pith(key, service["base_url"]) as pith:
        assert pith.job(job["job_id"])["total"] == 1
        assert pith.usage()["by_endpoint"].get("POST /bulk") == 1


def test_verifies_a_real_delivery_and_refuses_a_tampered_one(service: dict) -> None:
    received: list[tuple[bytes, dict]] = []
    arrived = threading.Event()

    class Receiver(http.server.BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the stdlib's name)
            body = self.rfile.read(int(self.headers["content-length"]))
            received.append((body, dict(self.headers.items())))
            self.send_response(200)
            self.end_headers()
            arrived.set()

        def log_message(self, *_: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with Pith(service["fresh_keys"][1], service["base_url"]) as pith:
            job = pith.bulk([service["pages"][1]], webhook_url=f"http://127.0.0.1:{server.server_port}/hook")
        assert arrived.wait(60)
    finally:
        server.shutdown()
    body, headers = received[0]
    event = verify_webhook(body, headers, job["webhook_signing_secret"])
    assert (event["event"], event["job_id"]) == ("job.completed", job["job_id"])
    with pytest.raises(WebhookVerificationError) as tampered:
        verify_webhook(body.replace(b'"done"', b'"failed"'), headers, job["webhook_signing_secret"])
    assert tampered.value.reason == "bad_signature"
    with pytest.raises(WebhookVerificationError) as stale:
        verify_webhook(body, headers, job["webhook_signing_secret"], now=int(headers["x-pith-timestamp"]) + 301)
    assert stale.value.reason == "timestamp_out_of_tolerance"


def test_the_readme_quick_start_runs_as_written(service: dict, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    code = re.search(r"## Quick start.*?```python\n(.*?)```", readme, re.S)
    assert code, "README.md has a python quick start"
    monkeypatch.setenv("PITH_API_KEY", service["key"])
    monkeypatch.setenv("PITH_BASE_URL", service["base_url"])
    monkeypatch.setenv("QUICKSTART_URL", service["pages"][0])
    exec(compile(code.group(1), "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Page 0 of the client tests" in out
    assert f"{service['pages'][0]} ok" in out
    assert re.search(r"\d+ requests used this month", out)
