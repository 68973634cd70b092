"""The prefix tree of prefill-only passes: every row reads its own tokens (the prefixes it is given are its own),
nothing it must compute itself is shared, and on the shapes the suites send each shared prefix is read once —
positions counted here independently, by hand and by a brute-force trie."""

from __future__ import annotations

import random

import pytest

from pytest_medllm.backends import ChoiceRequest, LoglikelihoodRequest
from pytest_medllm.backends.transformers.prefix_tree import (
    PrefixNode,
    leaf_chunks,
    plan_prefix_tree,
)
from tests.helpers.scoring_checks import assert_as_each_read_alone


def _paths(root: PrefixNode) -> dict[int, list[PrefixNode]]:
    """Each row's chain of nodes, root first, ending at the node it is a leaf of."""
    found: dict[int, list[PrefixNode]] = {}

    def walk(node: PrefixNode, chain: list[PrefixNode]) -> None:
        chain = chain + [node]
        for row in node.leaves:
            assert row not in found, "a row is a leaf of one node only"
            found[row] = chain
        for child in node.children:
            walk(child, chain)

    walk(root, [])
    return found


def _random_rows(rng: random.Random) -> tuple[list[list[int]], list[int]]:
    system = [7] * rng.choice((0, 3, 40))
    rows: list[list[int]] = []
    for i in range(rng.randint(1, 30)):
        if rows and rng.random() < 0.5:  # a counterfactual of an earlier row: a long shared prefix, any depth
            base = rng.choice(rows)
            rows.append(base[: rng.randint(1, len(base))] + [500 + i] * rng.randint(1, 90))
        elif rows and rng.random() < 0.1:
            rows.append(list(rng.choice(rows)))  # a repeated row
        else:
            rows.append(system + [100 + i] * rng.randint(1, 200))
    shareable = [len(r) - rng.choice((1, 1, 1, rng.randint(1, len(r)))) for r in rows]
    return rows, shareable


@pytest.mark.parametrize("seed", range(60))
def test_every_row_reads_exactly_its_own_tokens(seed):
    rng = random.Random(seed)
    rows, shareable = _random_rows(rng)
    root = plan_prefix_tree(rows, shareable, pass_cost=rng.choice((0, 8, 64)), min_prefix=rng.choice((1, 16)))
    paths = _paths(root)
    assert sorted(paths) == list(range(len(rows)))
    for row, chain in paths.items():
        read: list[int] = []
        for parent, node in zip(chain, chain[1:]):
            assert node.parent_depth == parent.depth < node.depth
            read += rows[node.first_row][node.parent_depth:node.depth]  # what the node's one pass reads
        depth = chain[-1].depth
        assert read == rows[row][:depth]  # the cache a row is given holds its own tokens
        assert depth <= shareable[row]  # and none of those whose logits it needs
    for node in root.nodes():
        assert sorted(i for chunk in leaf_chunks(rows, node, 4) for i in chunk) == sorted(node.leaves)


def _positions_read(sequences, root: PrefixNode, batch_size: int) -> int:
    """Positions the tree's passes compute, from how the backend reads it (scoring._gather_by_prefix_tree): each
    node's own tokens once, each node's leaves in passes of at most ``batch_size`` rows padded to their longest
    remainder."""
    total = 0
    for node in root.nodes():
        total += node.depth - node.parent_depth
        for chunk in leaf_chunks(sequences, node, batch_size):
            total += len(chunk) * max(len(sequences[i]) - node.depth for i in chunk)
    return total


def _trie_positions(rows: list[list[int]]) -> int:
    """Distinct prefixes of the rows: what reading every shared prefix once and nothing twice would compute."""
    return len({tuple(r[: i + 1]) for r in rows for i in range(len(r))})


def test_the_suites_shape_reads_the_instruction_once_and_each_patients_note_once():
    header, instruction = [1] * 30, [2] * 150
    rows = []
    for patient in range(3):
        note = [10 + patient] * 400
        rows.append(header + instruction + note + [9])  # the original note
        for k in range(6):  # counterfactuals that change a value at one of six depths of the note
            at = 100 + 50 * k
            rows.append(header + instruction + note[:at] + [20 + k] + note[at + 1:] + [9])
    root = plan_prefix_tree(rows, [len(r) - 1 for r in rows], pass_cost=64)
    read = _positions_read(rows, root, batch_size=8)
    # Read once: header + instruction (180); each patient's note up to its first changed value (100 each); then
    # every row's rest, rows of one patient grouped under deeper shared prefixes where that pays.
    assert _trie_positions(rows) <= read <= 1.05 * _trie_positions(rows)
    flat = sum(len(r) for r in rows)
    per_patient = 180 + sum(len(r) - 180 for r in rows[:7])  # the previous plan's best case: one batch a patient
    assert read < 3 * per_patient - 2 * 180 < flat
    assert [node.depth for node in root.children] == [180]  # the instruction is one node, read once


def test_rows_that_share_too_little_for_a_pass_are_read_whole():
    rows = [[1, 2, 3, 4, 5], [1, 2, 3, 9, 9], [7, 7, 7]]
    root = plan_prefix_tree(rows, [len(r) - 1 for r in rows], pass_cost=64)
    assert root.children == [] and sorted(root.leaves) == [0, 1, 2]
    assert _positions_read(rows, root, batch_size=8) == 3 * 5


def test_no_rows():
    root = plan_prefix_tree([], [])
    assert root.leaves == [] and root.children == []


def test_mismatched_lengths_are_refused():
    with pytest.raises(ValueError, match="one shareable length per row"):
        plan_prefix_tree([[1, 2]], [])


def test_scoring_through_the_tree_equals_scoring_each_row_alone(tiny):
    """Two task prompts × two patients × counterfactuals at several depths (a tree three levels deep), and
    log-likelihoods whose contexts share a prefix: the same scores as rows read alone, and the task instruction is
    read in one one-row pass."""
    note = ("Age: 67\nGender: F\nHistory: type 2 diabetes, hypertension, chronic kidney disease stage 3, admitted "
            "from the emergency department with dyspnoea.\nVitals:\nHeart Rate: {hr}\nBlood Pressure: 118/51\n"
            "Respiratory Rate: {rr}\nTemperature: 96.9\n")
    tasks = ["Predict ICU mortality from the admission note below. Answer [[0]] for survival or [[1]] for death; "
             "give nothing else.", "Predict the ICU length of stay bucket, [[1]] to [[4]], from the note below."]
    values = [(94, 18), (120, 18), (45, 18), (94, 30), (94, 8)]
    requests = [ChoiceRequest(f"{task}\n\nAdmission note:\n{note.format(hr=hr, rr=rr)}{tail}", ("0", "1"),
                              answer_prefix="[[")
                for task in tasks for tail in ("", "Seen at night.\n") for hr, rr in values]
    # Note perplexity's shape (every token of counterfactual notes: wanted positions inside the shared prefixes),
    # and options after one context.
    lls = [LoglikelihoodRequest("", note.format(hr=hr, rr=rr)) for hr, rr in values]
    lls += [LoglikelihoodRequest(note.format(hr=94, rr=18), option) for option in (" yes", " no", " maybe")]
    passes: list[tuple[int, int]] = []
    handle = tiny.model.register_forward_hook(
        lambda module, args, kwargs, out: passes.append(tuple(kwargs["input_ids"].shape)), with_kwargs=True)
    try:
        tree_scores = tiny.score_choices(requests)
    finally:
        handle.remove()
    assert_as_each_read_alone(tiny, requests, tree_scores, lls, tiny.loglikelihood(lls))
    encoded = [tiny._encode_formatted(tiny.format_prompt(r.prompt) + "[[") for r in requests]
    read = sum(rows * width for rows, width in passes)
    assert read < sum(len(e) for e in encoded) // 3  # far fewer positions than the rows hold
    one_row = [width for rows, width in passes if rows == 1]
    assert len(one_row) >= 3  # the header, each task's instruction and note, the patients' deeper prefixes

