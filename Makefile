# Crypt Arena — the two commands: `make run` (serves http://127.0.0.1:8000) and `make test` (both set up first).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: setup run test conformance bench bench-server bench-strength train clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,rl,batch]'
	@command -v chromium >/dev/null 2>&1 || { echo "installing Debian's chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
		|| echo "chromium could not be installed: the browser tests will fail"
	@fc-list :lang=zh 2>/dev/null | grep -q . || { echo "installing a font with Chinese glyphs (fonts-wqy-microhei): Chinese pages and screenshots"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-wqy-microhei; } \
		|| echo "no Chinese font could be installed: Chinese text will show as boxes"
	@touch $(STAMP)

# axe-core for the accessibility test (tests/server/test_browser_a11y.py): pinned, into a git-ignored folder
AXE := .web-tools/node_modules/axe-core/axe.min.js
setup: $(AXE)
$(AXE):
	@command -v npm >/dev/null 2>&1 || { echo "npm is missing: axe-core cannot be installed, the accessibility test will fail"; exit 0; }; \
		npm install --silent --no-audit --no-fund --prefix .web-tools axe-core@4.10.3 \
		|| echo "axe-core could not be installed: the accessibility test will fail"

run: setup
	$(VENV)/bin/cryptarena serve --host 127.0.0.1 --port 8000 --db sqlite:///data/cryptarena.db

test: setup
	$(PY) -m pytest -n 2 --dist worksteal -q --durations=25

# the generic conformance suite ten times larger than in `make test` (about an hour on 2 cores)
conformance: setup
	CRYPTARENA_CONFORMANCE_SCALE=10 $(PY) -m pytest -n 2 -q tests/conformance

bench: setup
	$(PY) -m pip install --quiet -e '.[test,bench]' || echo "open_spiel could not be installed: bench runs without it"
	$(VENV)/bin/cryptarena bench

# hard against medium, 500 games in every game on 2 workers (hours on 2 cores: bench/strength.py)
bench-strength: setup
	$(PY) bench/strength.py --games 500 --jobs 2

# the expert bot's learned value by self-play (cryptarena/ai/train.py, docs/ai.md "Expert"): writes the
# weights the game ships (cryptarena/games/$(GAME)/expert.json) and its learning curve (artifacts/; the
# documented two-generation curve is docs/expert/, its command in docs/ai.md)
# (one BLAS thread: the fit's sums then come out the same on every machine and run)
GAME ?= midas
SEED ?= 1
GENERATIONS ?= 1
train: setup
	@mkdir -p artifacts
	OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 $(PY) -m cryptarena.ai.train $(GAME) --seed $(SEED) --jobs 2 \
		--generations $(GENERATIONS) --plot artifacts/train-$(GAME).png --json artifacts/train-$(GAME).json

# N = 10, 100, 500 tables of people over real WebSockets against real server processes: SQLite with one
# process, then PostgreSQL + Redis with two (both must run locally); then 500 tables at saturation, one
# process on PostgreSQL against two with Redis (the scale-out ratio); then 100,000 stored turn-based
# tables with 1 % moving a minute for 2 minutes (SQLite; the sweep, memory, a move's p99); about 8
# minutes in all (bench/README.md)
bench-server: setup
	$(PY) bench/server_load.py
	$(PY) bench/server_load.py --setup pg,pg-redis --tables 500 --think 0
	$(PY) bench/turn_based_load.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
