"""Comparisons between runs: ``baseline`` (item by item against the same model on another software stack,
``--baseline``) and ``reference`` (a candidate model against the model in production, ``--compare-to``)."""
