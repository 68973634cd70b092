"""Perturbations: pure functions from an item to perturbed items.

Each is documented as INV (the answer must not change) or DIR (the answer must move a known way), and returns
None when it does not apply to an item (CheckList's convention), so failure rates are over applicable cases.
"""
