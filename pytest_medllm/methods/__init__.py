"""The studies' computations: statistics (intervals and tests through scipy/statsmodels) and each study's own
methods (consistency under sampling, repeatability, DeVisE's label distributions). Pure functions of numbers and
texts: nothing here talks to a model or to pytest."""
