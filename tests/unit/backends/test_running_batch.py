"""Rows joining a decoding batch compute what each row computes alone, and the repetition penalty reads only a
row's own tokens."""

from __future__ import annotations

import pytest
import torch
from transformers.generation.logits_process import RepetitionPenaltyLogitsProcessor

from pytest_medllm.backends import Decoding
from pytest_medllm.backends.transformers.kv_cache import preallocated_cache, with_cache
from pytest_medllm.backends.transformers.running_batch import RunningBatch, join
from pytest_medllm.backends.transformers.stepwise import StepRecorder

PAD = 0


def _positions(mask: torch.Tensor) -> torch.Tensor:
    return (mask.cumsum(-1) - 1).clamp(min=0)


def _read(model, rows: list[list[int]], requests: list[int]) -> RunningBatch:
    """Left-pad ``rows`` and read all but their last tokens into a preallocated cache."""
    width = max(len(r) for r in rows)
    ids = torch.full((len(rows), width), PAD)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, r in enumerate(rows):
        ids[i, width - len(r):] = torch.tensor(r)
        mask[i, width - len(r):] = 1
    cache = preallocated_cache(model.config, headroom=16)
    with torch.inference_mode():
        model(input_ids=ids[:, :-1], attention_mask=mask[:, :-1], position_ids=_positions(mask)[:, :-1],
              **with_cache(model, cache), use_cache=True)
    return RunningBatch(ids, mask, cache, requests)


def _step(model, batch: RunningBatch) -> tuple[RunningBatch, torch.Tensor]:
    """Read every row's last token; append each row's argmax. Returns the new batch and the step's logits."""
    with torch.inference_mode():
        out = model(input_ids=batch.ids[:, -1:], attention_mask=batch.mask,
                    position_ids=_positions(batch.mask)[:, -1:], **with_cache(model, batch.cache), use_cache=True)
    logits = out.logits[:, -1]
    token = logits.argmax(-1, keepdim=True)
    return batch.extend(token, torch.cat([batch.ids, token], dim=1), batch.cache), logits


def _alone(model, tokens: list[int]) -> torch.Tensor:
    """Next-token logits of one unpadded sequence, read in one pass without a cache (the independent result)."""
    with torch.inference_mode():
        return model(input_ids=torch.tensor([tokens])).logits[0, -1]


def test_rows_joining_a_decoding_batch_compute_what_they_compute_alone(random_llama):
    torch.manual_seed(1)
    prompts = [torch.randint(3, 97, (n,)).tolist() for n in (4, 9, 6, 13, 5)]
    running = _read(random_llama, prompts[:3], [0, 1, 2])
    for _ in range(3):  # the first rows have decoded a few steps ...
        running, _ = _step(random_llama, running)
    # ... when row 1 leaves and two prompts join, one longer than the batch so far (the batch grows to its left)
    # and one shorter (right-aligned after padding).
    joined = join(running, [2, 0], _read(random_llama, prompts[3:], [3, 4]), PAD, headroom=8)
    assert joined.requests == [2, 0, 3, 4]
    assert joined.cache.get_seq_length() == joined.ids.shape[1] - 1
    histories = [joined.ids[i][joined.mask[i].bool()].tolist() for i in range(4)]
    assert histories[2] == prompts[3] and histories[3] == prompts[4]
    assert histories[0][: len(prompts[2])] == prompts[2] and len(histories[0]) == len(prompts[2]) + 3
    for _ in range(4):
        before = [joined.ids[i][joined.mask[i].bool()].tolist() for i in range(4)]
        joined, logits = _step(random_llama, joined)
        for row, history in enumerate(before):
            torch.testing.assert_close(logits[row], _alone(random_llama, history), rtol=0, atol=1e-5)


def test_joining_drops_columns_that_no_continuing_row_uses(random_llama):
    torch.manual_seed(2)
    running = _read(random_llama, [torch.randint(3, 97, (n,)).tolist() for n in (3, 12)], [0, 1])
    joined = join(running, [0], _read(random_llama, [torch.randint(3, 97, (4,)).tolist()], [2]), PAD, headroom=4)
    assert joined.ids.shape[1] == 4  # the 12-token row left: its padding-only columns went with it
    assert joined.mask.tolist() == [[0, 1, 1, 1], [1, 1, 1, 1]]


def test_rows_with_unread_prompts_cannot_join(random_llama):
    running = _read(random_llama, [[5, 6, 7]], [0])
    unread = RunningBatch(torch.tensor([[8, 9]]), torch.ones((1, 2), dtype=torch.long),
                          preallocated_cache(random_llama.config, headroom=4), [1])
    assert not unread.joinable
    with pytest.raises(ValueError, match="cannot be joined"):
        join(running, [0], unread, PAD, headroom=4)


def test_repetition_penalty_reads_only_a_rows_own_tokens():
    """Padding (here the same id as a token the rows could say next) is not penalized; real tokens are, exactly as
    transformers' penalty does on the unpadded row."""
    torch.manual_seed(3)
    vocab, pad = 11, 2
    ids = torch.tensor([[pad, pad, 5, 7, 9],
                        [pad, 4, 4, 6, 1],
                        [3, pad, 8, 10, 5]])  # row 2: a real pad id among its own tokens
    mask = torch.tensor([[0, 0, 1, 1, 1],
                         [0, 1, 1, 1, 1],
                         [1, 1, 1, 1, 1]])
    scores = torch.randn(3, vocab)
    penalties = (1.5, 1.5, 1.2)
    recorder = StepRecorder([Decoding(max_new_tokens=4, repetition_penalty=p) for p in penalties], [0, 0, 0],
                            mask=mask)
    got = recorder._penalize(ids, scores)
    for row, penalty in enumerate(penalties):
        own = ids[row][mask[row].bool()].view(1, -1)
        expected = RepetitionPenaltyLogitsProcessor(penalty)(own, scores[row: row + 1].clone())
        torch.testing.assert_close(got[row: row + 1], expected, rtol=0, atol=0)
    assert got[0, pad] == scores[0, pad] and got[1, pad] == scores[1, pad]
    assert got[2, pad] != scores[2, pad]
    # A step later the generated tokens (beyond the mask) count as the row's own.
    later = recorder._penalize(torch.cat([ids, torch.tensor([[pad], [3], [3]])], dim=1), scores)
    assert later[0, pad] != scores[0, pad]
