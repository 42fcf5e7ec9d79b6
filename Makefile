# LudoPost. `make run` starts the embedded service; `make test` installs and runs the suite.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat requirements.txt | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-prerequisites test-fast bench simulate simulate-all mutate screenshots install clean

install: $(STAMP)

$(STAMP): requirements.txt
	@command -v $(PYTHON) >/dev/null || { echo "make: $(PYTHON) is missing; install it: apt-get install python3 python3-venv"; exit 1; }
	@test -x $(PY) || $(PYTHON) -c 'import ensurepip' 2>/dev/null || \
		{ echo "make: Python's venv cannot install pip here; install it: apt-get install python3-venv"; exit 1; }
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# The embedded default: SQLite in ./var, a supervised worker and beat beside the API on
# a broker that needs no server, mail written to ./var/mail; links name HOST and PORT.
run: install
	LUDOPOST_EMBEDDED=1 DEBUG=1 $(PY) manage.py migrate --noinput -v0
	LUDOPOST_EMBEDDED=1 DEBUG=1 $(PY) manage.py ensure_demo_accounts
	LUDOPOST_EMBEDDED=1 DEBUG=1 HOST=$(HOST) PORT=$(PORT) $(PY) manage.py run_embedded --host $(HOST) --port $(PORT)

# The whole suite on DATABASE_URL (SQLite when unset). On PostgreSQL the store and
# API tests (and the table's store-facing ones) run a second time on SQLite, so both
# engines are covered in one call; the schemathesis run, which checks the HTTP contract
# rather than the engine, only once (it alone takes well over a minute).
test: test-prerequisites install
	$(PY) -m pytest -q
	@case "$$DATABASE_URL" in postgres*) \
		echo "== store and API tests again on SQLite =="; \
		env -u DATABASE_URL $(PY) -m pytest -q --durations=5 tests/store tests/api tests/table/test_talk_api.py \
			tests/table/test_invitations_api.py tests/table/test_ratings.py \
			--deselect tests/api/test_schemathesis.py::test_schemathesis_finds_nothing ;; esac

# The browser tests again, writing their screenshots over the docs' pictures.
screenshots: install
	SCREENSHOT_DIR=docs/screenshots $(PY) -m pytest -q tests/web

# Mutation testing (mutmut), not part of `make test`: one module at a time against its
# own short test selection, one child process, under nice; MUTATE names targets
# (default all, see tests/mutation/mutate.py). Figures in docs/TESTING.md.
MUTATE ?=
mutate: install
	nice $(PY) -m tests.mutation.mutate $(MUTATE)

# What the suite needs beyond Python packages: stop at once, naming it and its install command.
test-prerequisites:
	@[ -n "$$REDIS_URL" ] || command -v redis-server >/dev/null || { echo "make test: redis-server is missing \
	(the worker tests run a real Redis); install it: apt-get install redis-server (or set REDIS_URL)"; exit 1; }
	@[ -x /usr/bin/chromium ] || { echo "make test: /usr/bin/chromium is missing (the web tests drive a real \
	browser); install it: apt-get install chromium fonts-dejavu-core"; exit 1; }

bench: install
	$(PY) -m bench.run

simulate: install
	LUDOPOST_EMBEDDED=1 $(PY) manage.py migrate --noinput -v0
	LUDOPOST_EMBEDDED=1 $(PY) manage.py simulate momiji --players 3 --games 20 --seed 1

# A long run: GAME (default travel) at every player count, GAMES games each (default
# 512), cycling through every option combination; one SQLite file per player count
# under var/sim, two player counts at a time. Logs in var/sim/<game>-<players>p.log.
GAME ?= travel
GAMES ?= 512
simulate-all: install
	mkdir -p var/sim
	LUDOPOST_EMBEDDED=1 $(PY) -c "from games import registry; r = registry.get('$(GAME)').rules; \
		print(*range(r.min_players, r.max_players + 1))" | tr ' ' '\n' | xargs -P 2 -I{} sh -c '\
		rm -f var/sim/$(GAME)-{}p.sqlite3*; \
		export DATABASE_URL=sqlite:///var/sim/$(GAME)-{}p.sqlite3 LUDOPOST_EMBEDDED=1; \
		$(PY) manage.py migrate --noinput -v0 && \
		$(PY) manage.py simulate $(GAME) --players {} --games $(GAMES) --seed {} --all-option-combinations \
			> var/sim/$(GAME)-{}p.log 2>&1; status=$$?; cat var/sim/$(GAME)-{}p.log; exit $$status'

clean:
	rm -rf var .pytest_cache
