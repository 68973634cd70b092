"""Tiny GGUF files written with the ``gguf`` package's writer, so that tests of GGUF loading need no download.

:func:`write_tiny_llama_gguf` writes a 2-layer Llama with random weights (Q8_0 or F32 tensors) and a byte-level BPE
tokenizer of 256 byte tokens plus a few merges and an end-of-text token: transformers converts it like any
Llama GGUF. :func:`write_unsupported_gguf` writes a file whose header names an architecture transformers does not
load (llama.cpp's ``rwkv6``).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

HIDDEN, FFN, LAYERS, HEADS, KV_HEADS = 64, 128, 2, 4, 2
MERGES = ["Ġ t", "h e", "Ġt he", "Ġ a", "i n", "Ġ s", "e r", "o n"]
EOS = "<|endoftext|>"


def _byte_tokens() -> list[str]:
    """GPT-2's printable stand-ins for the 256 byte values, in byte order."""
    printable = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + \
        list(range(ord("®"), ord("ÿ") + 1))
    chars, extra = {}, 0
    for b in range(256):
        if b in printable:
            chars[b] = chr(b)
        else:
            chars[b] = chr(256 + extra)
            extra += 1
    return [chars[b] for b in range(256)]


def tiny_vocabulary() -> list[str]:
    tokens = _byte_tokens()
    for merge in MERGES:
        merged = merge.replace(" ", "")
        if merged not in tokens:
            tokens.append(merged)
    return tokens + [EOS]


def write_tiny_llama_gguf(path: Path, *, quantization: str = "Q8_0", file_type: bool = True, seed: int = 0,
                          chat_template: str | None = None) -> Path:
    """A 2-layer random Llama as a GGUF file; ``quantization`` "Q8_0" or "F32" for its matrices (norms stay F32);
    ``file_type`` False leaves out ``general.file_type`` (the quantisation is then read from the tensors)."""
    import gguf

    rng = np.random.default_rng(seed)
    tokens = tiny_vocabulary()
    vocab = len(tokens)
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_name("tiny-llama")
    writer.add_context_length(256)
    writer.add_embedding_length(HIDDEN)
    writer.add_block_count(LAYERS)
    writer.add_feed_forward_length(FFN)
    writer.add_head_count(HEADS)
    writer.add_head_count_kv(KV_HEADS)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_rope_freq_base(10000.0)
    writer.add_vocab_size(vocab)
    qtype = getattr(gguf.GGMLQuantizationType, quantization)
    if file_type:
        writer.add_file_type({"Q8_0": gguf.LlamaFileType.MOSTLY_Q8_0, "F32": gguf.LlamaFileType.ALL_F32}[quantization])
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types([gguf.TokenType.CONTROL if t == EOS else gguf.TokenType.NORMAL for t in tokens])
    writer.add_token_merges(MERGES)
    writer.add_bos_token_id(vocab - 1)
    writer.add_eos_token_id(vocab - 1)
    writer.add_add_bos_token(False)
    if chat_template is not None:
        writer.add_chat_template(chat_template)

    def matrix(name: str, rows: int, cols: int) -> None:
        data = (rng.standard_normal((rows, cols)) * 0.05).astype(np.float32)
        if qtype == gguf.GGMLQuantizationType.F32:
            writer.add_tensor(name, data)
        else:
            writer.add_tensor(name, gguf.quants.quantize(data, qtype), raw_dtype=qtype)

    def norm(name: str) -> None:
        writer.add_tensor(name, np.ones(HIDDEN, dtype=np.float32))

    head_dim = HIDDEN // HEADS
    matrix("token_embd.weight", vocab, HIDDEN)
    norm("output_norm.weight")
    matrix("output.weight", vocab, HIDDEN)
    for layer in range(LAYERS):
        norm(f"blk.{layer}.attn_norm.weight")
        matrix(f"blk.{layer}.attn_q.weight", HIDDEN, HIDDEN)
        matrix(f"blk.{layer}.attn_k.weight", KV_HEADS * head_dim, HIDDEN)
        matrix(f"blk.{layer}.attn_v.weight", KV_HEADS * head_dim, HIDDEN)
        matrix(f"blk.{layer}.attn_output.weight", HIDDEN, HIDDEN)
        norm(f"blk.{layer}.ffn_norm.weight")
        matrix(f"blk.{layer}.ffn_gate.weight", FFN, HIDDEN)
        matrix(f"blk.{layer}.ffn_up.weight", FFN, HIDDEN)
        matrix(f"blk.{layer}.ffn_down.weight", HIDDEN, FFN)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def write_unsupported_gguf(path: Path, architecture: str = "rwkv6") -> Path:
    """A small GGUF file whose header names an architecture transformers cannot load."""
    import gguf

    writer = gguf.GGUFWriter(str(path), architecture)
    writer.add_name(f"tiny-{architecture}")
    writer.add_file_type(gguf.LlamaFileType.ALL_F32)
    writer.add_tokenizer_model("gpt2")
    tokens = tiny_vocabulary()
    writer.add_token_list(tokens)
    writer.add_token_merges(MERGES)
    writer.add_tensor("token_embd.weight", np.zeros((len(tokens), 8), dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
