"""Where the server is and how to reach it (``--api-base``, the API key's variable, concurrency, time-outs), the
names ``--model`` may have there, and the pre-flight check that the server answers and serves it."""

from __future__ import annotations

import os
from dataclasses import dataclass

from ..base import BackendError
from ..model_registry import ModelSpec
from .http import HttpClient, ServerError, api_root
from .probe import choose_model, served_models


@dataclass(frozen=True)
class ServerSettings:
    """The ``--api-base`` group of options, read from ``run_config.server``."""

    api_base: str
    api_key: str | None = None
    max_concurrency: int = 8
    request_timeout: float = 600.0
    max_retries: int = 5

    @classmethod
    def from_run_config(cls, run_config) -> "ServerSettings":  # noqa: ANN001 - a RunConfig
        server = dict(getattr(run_config, "server", None) or {})
        api_base = server.get("api_base")
        if not api_base:
            raise BackendError("--backend openai needs --api-base URL of a running OpenAI-compatible server, e.g. "
                               "--api-base http://localhost:8000/v1")
        key_env = server.get("api_key_env") or "OPENAI_API_KEY"
        return cls(api_base=str(api_base), api_key=os.environ.get(key_env) or None,
                   max_concurrency=int(server.get("max_concurrency") or 8),
                   request_timeout=float(server.get("request_timeout") or 600))


def model_candidates(spec: ModelSpec, given: str | None = None) -> list[str]:
    """Names ``--model`` may have on the server, most specific first: the hub id (what ``vllm serve HUB_ID``
    serves), the alias, the value as given (last: error messages name it)."""
    names = [spec.hub_id if spec.source != "local" else spec.alias, spec.alias, given or spec.alias]
    return list(dict.fromkeys(n for n in names if n))


def server_problem(spec: ModelSpec, run) -> str | None:  # noqa: ANN001 - a RunConfig
    """For the preflight check: None when the server answers and serves ``--model``, else one line saying what
    to do. Asks ``GET /v1/models`` once, with a short time-out and one retry."""
    try:
        settings = ServerSettings.from_run_config(run)
        root = api_root(settings.api_base)
        client = HttpClient(root, settings.api_key, timeout=min(10.0, settings.request_timeout), max_retries=1,
                            backoff=1.0)
        choose_model(served_models(client), model_candidates(spec, run.model), settings.api_base)
    except ServerError as exc:
        status = f"HTTP {exc.status}" if exc.status else "no answer"
        hint = "check --api-key-env" if exc.status in (401, 403) else "start the server first, or fix --api-base"
        return f"--api-base {run.server.get('api_base')}: the server cannot be used ({status}: {exc}); {hint}"
    except BackendError as exc:
        return str(exc)
    return None
