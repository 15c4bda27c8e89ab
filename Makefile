# Everything a fresh clone needs: `make run` and `make test` set up .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test lint clean bench

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --editable '.[test]'
	touch $(STAMP)

# The reproduction is expected to panic: Rust's exit status 101 is success here.
run: setup
	@$(BIN)/pbpit run twice; status=$$?; \
	if [ $$status -ne 101 ]; then echo "make run: expected the panic (exit 101), got $$status" >&2; exit 1; fi

# The built-in cases must still print exactly their golden output (SPEC §3), then every test,
# on two workers (pytest-xdist): most tests wait on a subprocess, so two keep both cores busy.
test: setup lint
	$(BIN)/pbpit check
	$(BIN)/python -m pytest -q -n 2

lint: setup
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache

# pbpit beside PyTorch 2.13.0 (CPU) and NumPy; PyTorch is installed here, never as a dependency.
bench: setup
	$(BIN)/python -m pip install --quiet --disable-pip-version-check torch==2.13.0
	$(BIN)/python benchmarks/run.py
