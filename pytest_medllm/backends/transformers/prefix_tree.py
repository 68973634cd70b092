"""Which prefixes a prefill-only pass reads once: a tree over the rows' tokens (the idea of a radix tree of cached
prefixes, as inference servers keep one; here planned for one call and discarded after it).

One call of the DeVisE suites scores every note of the run under two task prompts: all rows share the chat template
and a task's instruction; one patient's counterfactual notes share the note up to their first changed value; a
patient's vital-sign counterfactuals share it further, up to the vital that changed. Batches of a few rows read only
the prefix their own rows share, so the instruction was read again for every batch and a patient's note for every
few counterfactuals (the quick profile's 468 label requests, 134,422 tokens: 43,868 positions computed; every
distinct prefix read once would be 31,604). The tree reads each shared prefix once from its parent's key/value
cache, and each row only what it alone holds (37,380 positions; the rest is the padding of rows read together and
prefixes too short to be worth a pass of their own).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ..tokens import common_prefix_length


@dataclass
class PrefixNode:
    """A prefix read once: tokens ``[parent_depth, depth)`` of every row below it, read after its parent's.

    ``leaves`` are the rows read from this node's cache (each its tokens from ``depth`` on); ``children`` extend the
    prefix further for rows that share more. The root has depth 0 and reads nothing."""

    depth: int
    parent_depth: int
    first_row: int
    leaves: list[int] = field(default_factory=list)
    children: list["PrefixNode"] = field(default_factory=list)

    def rows(self) -> list[int]:
        """Every row read below this node (its leaves and its children's)."""
        out = list(self.leaves)
        for child in self.children:
            out += child.rows()
        return out

    def nodes(self) -> list["PrefixNode"]:
        """This node and every node below it, parents first."""
        out = [self]
        for child in self.children:
            out += child.nodes()
        return out


def plan_prefix_tree(sequences: Sequence[Sequence[int]], shareable: Sequence[int], pass_cost: int = 64,
                     min_prefix: int = 1) -> PrefixNode:
    """The prefixes worth reading once for these rows.

    Row ``i`` may share at most its first ``shareable[i]`` tokens (a row must read itself every position whose
    logits are wanted). Rows in token order that share more than their node does form a run; a run becomes a node
    of its own when reading its common prefix once saves more positions than a forward pass costs (``pass_cost``
    positions' worth: (rows - 1) × the tokens it adds to its parent's prefix) and adds at least ``min_prefix``
    tokens, else its rows stay with the node (deeper runs among them may still pay). A row that shares with no other
    is a leaf of the deepest node above it.
    """
    if len(sequences) != len(shareable):
        raise ValueError("one shareable length per row")
    order = sorted(range(len(sequences)), key=lambda i: (list(sequences[i][:shareable[i]]), i))
    root = PrefixNode(depth=0, parent_depth=0, first_row=order[0] if order else 0)

    def shared(a: int, b: int) -> int:
        return min(common_prefix_length(sequences[a], sequences[b]), shareable[a], shareable[b])

    def split(node: PrefixNode, rows: list[int], depth: int) -> None:
        # Rows share their first ``depth`` tokens (``depth`` >= node.depth); cut them into runs sharing more.
        runs: list[list[int]] = [[rows[0]]]
        for previous, row in zip(rows, rows[1:]):
            if shared(previous, row) > depth:
                runs[-1].append(row)
            else:
                runs.append([row])
        for run in runs:
            if len(run) == 1:
                node.leaves.append(run[0])
                continue
            common = min(shared(a, b) for a, b in zip(run, run[1:]))
            added = common - node.depth
            if added >= min_prefix and (len(run) - 1) * added > pass_cost:
                child = PrefixNode(depth=common, parent_depth=node.depth, first_row=run[0])
                node.children.append(child)
                split(child, run, common)
            else:
                split(node, run, common)

    if order:
        split(root, order, 0)
    return root


def leaf_chunks(sequences: Sequence[Sequence[int]], node: PrefixNode, batch_size: int) -> list[list[int]]:
    """A node's leaves in passes of at most ``batch_size`` rows, longest remainder first (so that a pass pads
    little)."""
    leaves = sorted(node.leaves, key=lambda i: (-len(sequences[i]), i))
    return [leaves[start:start + batch_size] for start in range(0, len(leaves), max(batch_size, 1))]
