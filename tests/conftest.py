"""Fixtures for the plugin's own tests."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

TESTS_DIR = Path(__file__).resolve().parent
PROJECT_DIR = TESTS_DIR.parent


@pytest.fixture(scope="session")
def demo_items():
    """The bundled demo multiple-choice items."""
    from pytest_medllm.data.loaders import load_dataset

    return load_dataset("demo", PROJECT_DIR).items
