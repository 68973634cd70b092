"""How a run summary is shown: the terminal card, the HTML report (pytest-html hooks) and its charts. Rendering
reads the summary; it decides nothing."""
