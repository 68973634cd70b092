"""HTTP plumbing of the OpenAI-compatible server backend: one JSON call with retries, and bounded concurrency.

Only the standard library is used (``urllib`` and a thread pool), so that the backend adds no dependency. Servers
that batch (vLLM, SGLang, TGI) do the real work; this module keeps at most ``max_concurrency`` requests in flight
per pytest process so that the engine's continuous batching is fed without being flooded.
"""

from __future__ import annotations

import json
import random
import socket
import time
import urllib.error
import urllib.request
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from ..base import BackendError

T = TypeVar("T")
R = TypeVar("R")

#: HTTP statuses worth retrying: rate limiting and server-side trouble (overloaded, restarting, gateway).
RETRY_STATUSES = frozenset({408, 409, 425, 429, 500, 502, 503, 504})


class ServerError(BackendError):
    """The server answered with an error status (after any retries); ``status`` is the HTTP status."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


class ServerUnreachable(ServerError):
    """No HTTP answer at all: connection refused, DNS failure or time-out (after any retries)."""


def api_root(api_base: str) -> str:
    """The server's root URL from ``--api-base`` (with or without ``/v1``): requests name their routes from it,
    OpenAI's under ``/v1`` and the servers' own (vLLM's ``/version`` and ``/tokenize``, llama.cpp's ``/props``,
    TGI's ``/info``) at the root."""
    base = api_base.strip().rstrip("/")
    if not base.startswith(("http://", "https://")):
        raise BackendError(f"--api-base {api_base!r}: give an http:// or https:// URL, e.g. http://localhost:8000/v1")
    return base[: -len("/v1")] if base.endswith("/v1") else base


class HttpClient:
    """JSON over HTTP with timeouts and exponential backoff.

    Retried: connection errors, time-outs and the statuses in :data:`RETRY_STATUSES` (429 honours a
    ``Retry-After`` header). Anything else (400 bad request, 401, 404) fails at once: retrying cannot help.
    """

    def __init__(self, root: str, api_key: str | None = None, timeout: float = 600.0, max_retries: int = 5,
                 backoff: float = 0.5, max_backoff: float = 30.0,
                 sleep: Callable[[float], None] = time.sleep) -> None:
        self.root = root.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.sleep = sleep
        #: Attempts that were retried, by reason (for tests and the run's facts).
        self.retries: dict[str, int] = {}

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

    def delay(self, attempt: int, retry_after: str | None = None) -> float:
        """Seconds to wait before retry ``attempt`` (1-based): the server's Retry-After when it gives one, else
        ``backoff * 2**(attempt-1)`` with up to 10% jitter (so that xdist workers do not retry in lockstep)."""
        if retry_after:
            try:
                return min(self.max_backoff, max(0.0, float(retry_after)))
            except ValueError:
                pass  # an HTTP date: fall back to our own schedule
        base = min(self.max_backoff, self.backoff * (2 ** (attempt - 1)))
        return base * (1.0 + 0.1 * random.random())

    def request(self, method: str, path: str, body: dict | None = None, *, timeout: float | None = None,
                retries: int | None = None) -> dict | list:
        """Send one request and return the decoded JSON answer, retrying what is worth retrying."""
        url = path if path.startswith(("http://", "https://")) else self.root + path
        data = None if body is None else json.dumps(body).encode("utf-8")
        attempts = 1 + (self.max_retries if retries is None else retries)
        last: ServerError | None = None
        for attempt in range(1, attempts + 1):
            retry_after = None
            try:
                req = urllib.request.Request(url, data=data, method=method, headers=self._headers())
                with urllib.request.urlopen(req, timeout=timeout or self.timeout) as response:
                    raw = response.read()
                try:
                    return json.loads(raw.decode("utf-8"))
                except ValueError:
                    raise ServerError(f"{method} {url}: the answer is not JSON ({raw[:200]!r})") from None
            except urllib.error.HTTPError as exc:
                text = _read_error(exc)
                last = ServerError(f"{method} {url}: HTTP {exc.code} {_short(text)}", status=exc.code)
                if exc.code not in RETRY_STATUSES:
                    raise last from None
                retry_after = exc.headers.get("Retry-After") if exc.headers else None
                reason = str(exc.code)
            except (urllib.error.URLError, ConnectionError, socket.timeout, TimeoutError, OSError) as exc:
                cause = getattr(exc, "reason", exc)
                last = ServerUnreachable(f"{method} {url}: no answer ({cause})")
                reason = "timeout" if isinstance(cause, (socket.timeout, TimeoutError)) else "connection"
            if attempt < attempts:
                self.retries[reason] = self.retries.get(reason, 0) + 1
                self.sleep(self.delay(attempt, retry_after))
        assert last is not None
        raise last

    def get(self, path: str, **kwargs) -> dict | list:  # noqa: ANN003 - passed to request()
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: dict, **kwargs) -> dict | list:  # noqa: ANN003 - passed to request()
        return self.request("POST", path, body, **kwargs)


def _read_error(exc: urllib.error.HTTPError) -> str:
    try:
        return exc.read().decode("utf-8", "replace")
    except Exception:  # noqa: BLE001 - the body of an error is a courtesy
        return ""


def _short(text: str) -> str:
    """The server's error message, from an OpenAI-style JSON error body when there is one."""
    try:
        data = json.loads(text)
        if isinstance(data, dict):
            err = data.get("error", data.get("detail", data.get("message", data)))
            if isinstance(err, dict):
                err = err.get("message", err)
            text = str(err)
    except ValueError:
        pass
    text = " ".join(text.split())
    return text[:300]


def run_bounded(items: Sequence[T], fn: Callable[[T], R], max_concurrency: int) -> Iterator[list[tuple[int, R]]]:
    """Call ``fn`` on every item with at most ``max_concurrency`` calls in flight; yield ``[(index, result)]``
    groups as they complete, in the calling thread (so that the caller may write to SQLite, which is per thread).

    The first exception cancels what has not started and is re-raised once the calls in flight have ended.
    """
    if not items:
        return
    workers = max(1, min(max_concurrency, len(items)))
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="medllm-http") as pool:
        pending: dict[Future, int] = {}
        queue: Iterable[int] = iter(range(len(items)))
        failure: BaseException | None = None

        def refill() -> None:
            # Submitting only as slots free up keeps the number of started requests bounded too, so that an error
            # stops the run without a thousand queued requests still going out.
            while len(pending) < workers and failure is None:
                index = next(queue, None)  # type: ignore[call-overload]
                if index is None:
                    return
                pending[pool.submit(fn, items[index])] = index

        refill()
        while pending:
            done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            finished: list[tuple[int, R]] = []
            for future in done:
                index = pending.pop(future)
                exc = future.exception()
                if exc is not None:
                    failure = failure or exc
                else:
                    finished.append((index, future.result()))
            if finished and failure is None:
                yield sorted(finished)
            refill()
        if failure is not None:
            raise failure
