"""The card's and the HTML report's lines about the run's facts: the embedding space of the semantic scores."""

from __future__ import annotations

from pytest_medllm.rendering.html import card_html
from pytest_medllm.rendering.terminal import embedding_line
from pytest_medllm.verdict.summary import RunSummary

RUN = {"profile": {"name": "quick"}, "seed": 1}


def _summary(facts: dict) -> RunSummary:
    return RunSummary(run=RUN, gates_configured=[], facts=facts, tests=[], metrics=[], problems=[], pytest_status=0,
                      behavioral_suites=set())


def test_the_embedding_line_says_whether_the_scores_are_on_the_papers_scale():
    default = {"embedding_model": "all-MiniLM-L6-v2 (packaged default)", "embedding_dimension": 384,
               "embedding_is_study_model": False}
    study = {"embedding_model": "MedEmbed-large-v0.1", "embedding_dimension": 1024, "embedding_is_study_model": True}
    assert embedding_line(default) == ("repeatability embeddings: all-MiniLM-L6-v2 (packaged default), 384 "
                                       "dimensions, not the study's MedEmbed-large: semantic scores are not on the "
                                       "paper's scale (--embedding-model DIR)")
    assert embedding_line(study).endswith("1024 dimensions, the study's model")
    page = card_html(_summary({"embedding_model": study}))
    assert "repeatability embeddings: MedEmbed-large-v0.1, 1024 dimensions, the study&#x27;s model" in page
    assert "repeatability embeddings" not in card_html(_summary({}))
