"""The transformers backend: loading (weights, dtype, kernels), batched and continuous generation, cloze scoring
and log-likelihoods, key/value caches, and the reloaded variants the numerical-stability suite compares."""
