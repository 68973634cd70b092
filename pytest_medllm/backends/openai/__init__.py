"""The OpenAI-compatible server backend (vLLM, SGLang, llama.cpp's server): HTTP client, probing of what the
server offers, chat templates and the parsing of its log-probabilities."""
