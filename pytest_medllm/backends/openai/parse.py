"""Reading the log-probabilities that OpenAI-compatible servers return (chat and completions formats).

Servers differ in what they put there: vLLM returns token ids when asked (``return_tokens_as_token_ids`` gives
tokens written ``token_id:N``), llama.cpp's server adds an ``id`` field, llama-cpp-python gives token strings
only. A token id that the server did not report is never guessed: it is ``-1`` in top-k pairs and the id tuple of
a generation is then empty.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

UNKNOWN_ID = -1


@dataclass(frozen=True)
class Step:
    """One generated or echoed token: its text, id (or -1), log-probability and the top alternatives."""

    token: str
    token_id: int
    logprob: float | None
    top: tuple[tuple[int, str, float], ...] = ()


def _id_of(token: object, entry: dict | None = None) -> tuple[str, int]:
    """``(text, id)`` of a token as a server writes it."""
    text = token if isinstance(token, str) else ""
    token_id = UNKNOWN_ID
    if entry is not None and isinstance(entry.get("id"), int):
        token_id = entry["id"]
    if text.startswith("token_id:") and text[9:].lstrip("-").isdigit():
        token_id = int(text[9:])
        raw = entry.get("bytes") if entry is not None else None
        text = bytes(raw).decode("utf-8", "replace") if isinstance(raw, list) else ""
    return text, token_id


def chat_steps(choice: dict) -> list[Step] | None:
    """Steps of a chat completion choice (``logprobs.content``), or None when the server sent no log-probs."""
    logprobs = choice.get("logprobs")
    content = logprobs.get("content") if isinstance(logprobs, dict) else None
    if not isinstance(content, list):
        return None
    steps = []
    for entry in content:
        text, token_id = _id_of(entry.get("token"), entry)
        top = []
        for alt in entry.get("top_logprobs") or []:
            alt_text, alt_id = _id_of(alt.get("token"), alt)
            if alt.get("logprob") is not None:
                top.append((alt_id, alt_text, float(alt["logprob"])))
        lp = entry.get("logprob")
        steps.append(Step(text, token_id, None if lp is None else float(lp), _sorted(top)))
    return steps


def completion_steps(choice: dict) -> list[Step] | None:
    """Steps of a completions choice (``logprobs.tokens`` / ``token_logprobs`` / ``top_logprobs``)."""
    logprobs = choice.get("logprobs")
    if not isinstance(logprobs, dict) or not isinstance(logprobs.get("tokens"), list):
        return None
    tokens = logprobs["tokens"]
    values = logprobs.get("token_logprobs") or [None] * len(tokens)
    tops = logprobs.get("top_logprobs") or [None] * len(tokens)
    steps = []
    for token, lp, top_map in zip(tokens, values, tops):
        text, token_id = _id_of(token)
        top = []
        if isinstance(top_map, dict):
            for alt, alt_lp in top_map.items():
                alt_text, alt_id = _id_of(alt)
                if alt_lp is not None:
                    top.append((alt_id, alt_text, float(alt_lp)))
        steps.append(Step(text, token_id, None if lp is None else float(lp), _sorted(top)))
    return steps


def _sorted(top: list[tuple[int, str, float]]) -> tuple[tuple[int, str, float], ...]:
    return tuple(sorted(top, key=lambda t: -t[2]))


def suffix_start(tokens: list[str], text: str) -> int | None:
    """Index of the first token of the shortest token suffix that spells ``text`` exactly, or None when the
    tokens do not end on ``text`` at a token boundary (the tokenizer merged it with what comes before)."""
    joined = ""
    for index in range(len(tokens) - 1, -1, -1):
        joined = tokens[index] + joined
        if joined == text:
            return index
        if len(joined) >= len(text):
            return None
    return None


def logsumexp(values: list[float]) -> float:
    top = max(values)
    if top == -math.inf:
        return top
    return top + math.log(sum(math.exp(v - top) for v in values))
