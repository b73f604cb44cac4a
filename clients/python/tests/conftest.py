"""The service under test is started by test/integration/client-python.test.ts, which passes its address, keys and pages."""

import os

import pytest


def _env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.fail(f"{name} is not set: these tests run against the service, from `npm test` (test/integration/client-python.test.ts)")
    return value


@pytest.fixture(scope="session")
def service() -> dict:
    return {
        "base_url": _env("PITH_BASE_URL"),
        "key": _env("PITH_TEST_KEY"),
        "free_key": _env("PITH_TEST_FREE_KEY"),
        "spent_key": _env("PITH_TEST_SPENT_KEY"),
        "fresh_keys": _env("PITH_TEST_FRESH_KEYS").split(","),
        "pages": _env("PITH_TEST_PAGES").split(","),
    }
