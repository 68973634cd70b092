"""Data layer: item schemas, loaders for published formats, subsets, the synthetic ICU cohort, answer parsing."""
