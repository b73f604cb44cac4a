"""pith: the Pith API from Python (sync ``Pith``, asyncio ``AsyncPith``)."""

from ._client import AsyncPith, Pith
from ._errors import PithConnectionError, PithError, PithTimeoutError
from .webhooks import WebhookVerificationError, verify_webhook

__all__ = ["AsyncPith", "Pith", "PithConnectionError", "PithError", "PithTimeoutError", "WebhookVerificationError", "verify_webhook"]
__version__ = "0.1.0"
