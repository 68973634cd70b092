"""pytest-medllm: behavioral tests of medical language models as a pytest plugin."""

__version__ = "0.1.0"
