"""A key/value cache that writes each decoding step in place instead of copying the whole cache.

transformers' ``DynamicLayer`` appends a step with ``torch.cat``: every decoding step allocates a new key and a new
value tensor per layer and copies the whole cache into them. For a batch on CPU those are large allocations
(16 rows × 400 positions of SmolLM2-135M: about 280 MB per step), which the allocator hands back to the system and
takes again, page by page: measured here, half of a batched decoding step went to those copies and page faults.
:class:`PreallocatedLayer` keeps one buffer with room for the tokens still to come and returns views of its filled
part, so a step writes one position. The numbers are the same; only where they are stored changes.

Only plain full-attention layers are replaced: sliding-window, chunked, linear-attention and shared layers keep the
classes transformers chose for them.
"""

from __future__ import annotations

import copy
import inspect
from functools import lru_cache

import torch
from transformers import DynamicCache
from transformers.cache_utils import DynamicLayer

# -- the cache's name in transformers' calls -------------------------------------------------------------------------
# transformers 5.24 renamed the key/value cache from ``past_key_values`` to ``cache``: in ``forward()``,
# ``generate()`` and the model outputs. The old name still works there but warns (a FutureWarning per call, and
# "past_key_values/cache_params are deprecated" in the log for every output read by its old name) and goes in 5.40 /
# 6.0. Older releases know only ``past_key_values``: a ``cache=`` keyword would land in a model's ``**kwargs`` and be
# ignored without a word (every pass would recompute its prompt, or worse, read no cache at all). So each call uses
# the name the model in hand declares.


@lru_cache(maxsize=None)
def _declares_cache(function) -> bool | None:  # noqa: ANN001 - a forward or generate function
    """Whether ``function`` takes ``cache`` (True) or ``past_key_values`` (False) by name; None if neither."""
    try:
        parameters = inspect.signature(function).parameters
    except (TypeError, ValueError):
        return None
    if "cache" in parameters:
        return True
    if "past_key_values" in parameters:
        return False
    return None


def _transformers_names_cache() -> bool:
    """Whether this transformers release calls the key/value cache ``cache`` (5.24 and later)."""
    from transformers.generation.utils import GenerationMixin

    return bool(_declares_cache(GenerationMixin.prepare_inputs_for_generation))


def cache_keyword(model) -> str:  # noqa: ANN001 - any transformers model
    """The keyword under which ``model`` takes a key/value cache in ``forward()`` and ``generate()``: ``cache``
    where transformers and the model's own forward know it, else ``past_key_values``."""
    declared = _declares_cache(type(model).forward)
    if declared is None:  # a forward that takes **kwargs only: what this transformers release expects
        declared = _transformers_names_cache()
    return "cache" if declared and _transformers_names_cache() else "past_key_values"


def with_cache(model, cache) -> dict:  # noqa: ANN001 - a transformers model and Cache
    """``{keyword: cache}`` for a call of ``model`` or its ``generate()`` (see :func:`cache_keyword`)."""
    return {cache_keyword(model): cache}


def cache_of(output):  # noqa: ANN001, ANN201 - a transformers ModelOutput
    """The key/value cache a model or ``generate()`` returned, read by the name its output class declares (reading
    ``past_key_values`` of a 5.24 output logs a deprecation)."""
    fields = getattr(type(output), "__dataclass_fields__", {})
    return output.cache if "cache" in fields else output.past_key_values


@lru_cache(maxsize=None)
def _takes_values(function) -> bool:  # noqa: ANN001 - DynamicLayer.lazy_initialization
    return len(inspect.signature(function).parameters) >= 3  # self, key_states, value_states


class PreallocatedLayer(DynamicLayer):
    """A full-attention cache layer with room for ``headroom`` more positions than it was first given."""

    def __init__(self, headroom: int) -> None:
        super().__init__()
        self.headroom = max(int(headroom), 1)
        self._key_buffer: torch.Tensor | None = None
        self._value_buffer: torch.Tensor | None = None
        self._length = 0

    def _initialize(self, keys: torch.Tensor, values: torch.Tensor) -> None:
        """transformers' lazy initialization (dtype, device), which takes the values too from 5.0 on."""
        if _takes_values(type(self).lazy_initialization):
            self.lazy_initialization(keys, values)
        else:  # transformers 4.57
            self.lazy_initialization(keys)

    def _expose(self) -> None:
        assert self._key_buffer is not None and self._value_buffer is not None
        self.keys = self._key_buffer[:, :, : self._length]
        self.values = self._value_buffer[:, :, : self._length]

    def _reallocate(self, rows: torch.Tensor | None, capacity: int) -> None:
        """New buffers of ``capacity`` positions holding the filled part of the old ones (of the given rows)."""
        assert self._key_buffer is not None and self._value_buffer is not None
        old_keys, old_values = self._key_buffer, self._value_buffer
        if rows is not None:
            rows = rows.to(old_keys.device)
        buffers = []
        for old in (old_keys, old_values):
            filled = old[:, :, : self._length]
            if rows is not None:
                filled = filled.index_select(0, rows)
            shape = (filled.shape[0], old.shape[1], capacity, old.shape[3])
            new = torch.empty(shape, dtype=old.dtype, device=old.device)
            new[:, :, : self._length].copy_(filled)
            buffers.append(new)
        self._key_buffer, self._value_buffer = buffers

    def update(self, key_states: torch.Tensor, value_states: torch.Tensor, *args, **kwargs
               ) -> tuple[torch.Tensor, torch.Tensor]:
        """Write the new positions after the filled ones and return keys and values of every position so far."""
        if not self.is_initialized:
            self._initialize(key_states, value_states)
        end = self._length + key_states.shape[-2]
        if self._key_buffer is None:
            batch, heads, _, key_dim = key_states.shape
            capacity = end + self.headroom
            self._key_buffer = key_states.new_empty((batch, heads, capacity, key_dim))
            self._value_buffer = value_states.new_empty((batch, value_states.shape[1], capacity,
                                                         value_states.shape[3]))
        elif end > self._key_buffer.shape[-2]:
            self._reallocate(None, end + self.headroom)
        assert self._value_buffer is not None
        self._key_buffer[:, :, self._length: end].copy_(key_states)
        self._value_buffer[:, :, self._length: end].copy_(value_states)
        self._length = end
        self._expose()
        return self.keys, self.values

    def get_seq_length(self) -> int:
        """Positions filled so far."""
        return self._length if self._key_buffer is not None else 0

    def reorder_cache(self, beam_idx: torch.LongTensor) -> None:
        """Keep (or repeat) the given rows, in that order."""
        if self._key_buffer is not None:
            self._reallocate(beam_idx, self._key_buffer.shape[-2])
            self._expose()

    def batch_select_indices(self, indices: torch.Tensor) -> None:
        """Keep only the given rows."""
        self.reorder_cache(indices)

    def batch_repeat_interleave(self, repeats: int) -> None:
        """Repeat every row ``repeats`` times in place."""
        if self._key_buffer is not None:
            rows = torch.arange(self._key_buffer.shape[0]).repeat_interleave(repeats)
            self.reorder_cache(rows)

    def crop(self, tokens_to_remove: int) -> None:
        """Forget the last ``-tokens_to_remove`` positions (transformers' convention: a negative count)."""
        if tokens_to_remove > 0:
            raise ValueError("crop takes a negative number of positions to remove")
        if tokens_to_remove and self._key_buffer is not None:
            self._length = max(self._length + tokens_to_remove, 0)
            self._expose()

    def reset(self) -> None:
        """Forget everything, buffers included (dropped, not zeroed: transformers before 5.24 zeroed a layer's
        tensors in place, which fails for tensors made under inference mode)."""
        self._key_buffer = self._value_buffer = None
        self._length = 0
        self.keys = self.values = None
        self.is_initialized = False
        super().reset()


def preallocated_cache(config, headroom: int) -> DynamicCache:  # noqa: ANN001 - any transformers config
    """A ``DynamicCache`` for a model whose full-attention layers write in place, with ``headroom`` positions of room
    after the first positions each is given (the prompt or shared prefix plus the tokens to generate)."""
    cache = DynamicCache(config=config)
    cache.layers = [PreallocatedLayer(headroom) if type(layer) is DynamicLayer else layer
                    for layer in cache.layers]
    return cache


def is_preallocated(cache: DynamicCache) -> bool:
    """Whether every layer of ``cache`` is a :class:`PreallocatedLayer` (what joining and repeating rows need)."""
    return bool(cache.layers) and all(type(layer) is PreallocatedLayer for layer in cache.layers)


#: A part of a joined cache: a cache, which of its rows to take (None: all, in order) and how many of its first
#: positions to leave out (padding that every taken row has).
RowsOf = tuple[DynamicCache, "torch.Tensor | None", int]


def join_rows(parts: list[RowsOf], width: int, headroom: int) -> DynamicCache:
    """One cache holding the rows of ``parts``, in order, right-aligned as left padding has them: what is left of
    each part (its filled positions after the ones it leaves out) ends at position ``width``; the positions before
    it are zero (padding, hidden by the attention mask); there is room for ``headroom`` more.

    Used for a batch whose rows were read in groups, each group having skipped the padding all its rows share, and
    for rows that join a batch while it decodes (the continuing rows and the newly read ones)."""
    caches = [cache for cache, _, _ in parts]
    if not all(is_preallocated(cache) for cache in caches):
        raise ValueError("only caches of preallocated layers can be joined")
    joined = DynamicCache()
    joined.layers = []
    for index in range(len(caches[0].layers)):
        layers = [cache.layers[index] for cache in caches]
        first = layers[0]
        assert first._key_buffer is not None and first._value_buffer is not None
        out = PreallocatedLayer(headroom)
        out._initialize(first._key_buffer, first._value_buffer)
        buffers = []
        for which in ("_key_buffer", "_value_buffer"):
            pieces = []
            for layer, (_, rows, drop) in zip(layers, parts):
                piece = getattr(layer, which)[:, :, drop: layer._length]
                if rows is not None:
                    piece = piece.index_select(0, rows.to(piece.device))
                if piece.shape[2] > width:
                    raise ValueError(f"a part of {piece.shape[2]} positions does not fit in {width}")
                pieces.append(piece)
            source: torch.Tensor = getattr(first, which)
            # Uninitialised, not zeroed: only the padding before each part must be zero (masked positions still
            # meet the values, and 0 × NaN is NaN); the room after ``width`` is written before it is read. Zeroing
            # the whole buffer faulted in every page of it up front (16 rows: 1.3 s of an 18 s batch).
            buffer = source.new_empty((sum(p.shape[0] for p in pieces), source.shape[1], width + headroom,
                                       source.shape[3]))
            start = 0
            for piece in pieces:
                rows = slice(start, start + piece.shape[0])
                buffer[rows, :, : width - piece.shape[2]].zero_()
                buffer[rows, :, width - piece.shape[2]: width].copy_(piece)
                start += piece.shape[0]
            buffers.append(buffer)
        out._key_buffer, out._value_buffer = buffers
        out._length = width
        out._expose()
        joined.layers.append(out)
    return joined


def repeat_rows(cache: DynamicCache, count: int) -> DynamicCache:
    """A new cache holding ``count`` copies of the single row of ``cache`` (which stays as it is)."""
    if not is_preallocated(cache):  # transformers' own layers: a deep copy, reordered
        repeated = copy.deepcopy(cache)
        repeated.reorder_cache(torch.zeros(count, dtype=torch.long))
        return repeated
    repeated = DynamicCache()
    repeated.layers = []
    for layer in cache.layers:
        assert layer._key_buffer is not None and layer._value_buffer is not None
        out = PreallocatedLayer(layer.headroom)
        out._initialize(layer._key_buffer, layer._value_buffer)
        out._key_buffer, out._value_buffer, out._length = layer._key_buffer, layer._value_buffer, layer._length
        out.reorder_cache(torch.zeros(count, dtype=torch.long))
        repeated.layers.append(out)
    return repeated


def left_padded_positions(mask: torch.Tensor) -> torch.Tensor:
    """Position ids of left-padded rows: each row counts from 0 at its first real token (padding gets 0)."""
    return (mask.cumsum(-1) - 1).clamp(min=0)
