"""The pytest side: command-line options into a run configuration, the per-process session (backend, datasets),
pre-flight checks before any test, workload profiles, and the controller that gathers every worker's reports into
one run summary."""
