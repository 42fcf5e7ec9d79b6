"""Mutation testing, one module at a time, each against its own short test selection.

    python -m tests.mutation.mutate [TARGET ...] [--ref REF] [--label LABEL]

For every target this copies the project (the work tree, or the committed tree of
``--ref``) into ``var/mutate/<label>/<target>``, writes a ``[mutmut]`` section into
its setup.cfg naming the one file to mutate and the tests to run, runs mutmut with
one child process (the machine is shared), and writes the verdicts to
``var/mutate/<label>/<target>.json``. Targets run one after the other, never two at
once. ``make mutate`` calls this under ``nice``. The figures are in docs/TESTING.md.

A target's ``functions`` narrows it to some functions of the file (a game's view,
redact and scoring), as mutmut's mutant-name globs.
"""
from __future__ import annotations

import argparse
import configparser
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable


def _methods(module: str, cls: str, *names: str) -> list[str]:
    return [f"{module}.xǁ{cls}ǁ{name}__mutmut_*" for name in names]


def _functions(module: str, *names: str) -> list[str]:
    return [f"{module}.x_{name}__mutmut_*" for name in names]


# A game's views, redactions and outcomes are pinned on recorded games.
PINS = ["tests/games/test_view_pins.py", "tests/test_rules_pinning.py"]

STORE_TESTS = ["tests/store/test_event_store.py", "tests/store/test_guarded_write.py",
               "tests/store/test_store_units.py", "tests/store/test_row_lock.py"]

# Not tests/store/test_corpus_schemes.py: it re-runs every scheme-2 recording (one of
# 6,000 events) for each mutant; test_verify_units.py breaks one of them the same ways.
VERIFY_TESTS = ["tests/store/test_verify_branches.py", "tests/store/test_fairness_example.py",
                "tests/store/test_verify_units.py"]

# name: (file to mutate, tests to run, mutant globs or None for the whole file, needs PostgreSQL)
TARGETS: dict[str, tuple[str, list[str], list[str] | None, bool]] = {
    "rng": ("games/engine/rng.py", ["tests/engine/test_rng.py", "tests/engine/test_rng_reference.py"], None, False),
    "idempotency": ("games/idempotency.py",
                    ["tests/store/test_idempotency.py", "tests/api/test_bad_input.py"], None, True),
    "rawsql": ("games/rawsql.py", ["tests/store/test_rawsql.py", "tests/store/test_event_store.py"], None, True),
    # SQLite's converters (its datetimes and booleans) read the column they convert.
    "rawsql-sqlite": ("games/rawsql.py", ["tests/store/test_rawsql.py", "tests/store/test_event_store.py"], None,
                      False),
    "store": ("games/store.py", STORE_TESTS, None, True),
    # The store's SQLite branch (plain statements under the write lock) runs only there.
    "store-sqlite": ("games/store.py", STORE_TESTS, None, False),
    "momiji": ("games/catalog/momiji/rules.py",
               ["tests/games/momiji/test_hidden.py", "tests/games/momiji/test_scoring.py",
                "tests/games/test_hidden_oracle.py", *PINS],
               _methods("games.catalog.momiji.rules", "MomijiRules", "view", "redact", "outcome"), False),
    # The outcome alone, against the tests that state its words: a quick re-check.
    "momiji-outcome": ("games/catalog/momiji/rules.py", ["tests/games/momiji/test_scoring.py"],
                       _methods("games.catalog.momiji.rules", "MomijiRules", "outcome"), False),
    "momiji-scoring": ("games/catalog/momiji/scoring.py", ["tests/games/momiji/test_scoring.py"], None, False),
    "travel": ("games/catalog/travel/rules.py",
               ["tests/games/travel/test_hidden.py", "tests/games/test_hidden_oracle.py", *PINS,
                "tests/games/travel/test_base_rules.py"],
               _methods("games.catalog.travel.rules", "TravelRules", "view", "redact", "outcome")
               + _functions("games.catalog.travel.rules", "_hide"), False),
    "travel-outcome": ("games/catalog/travel/rules.py",
                       ["tests/games/travel/test_base_rules.py", "tests/games/travel/test_expansions.py"],
                       _methods("games.catalog.travel.rules", "TravelRules", "outcome"), False),
    "soleils": ("games/catalog/soleils/rules.py",
                ["tests/games/soleils/test_hidden.py", "tests/games/test_hidden_oracle.py", *PINS,
                 "tests/games/soleils/test_sheet.py", "tests/games/soleils/test_rounds.py"],
                # Version 2 only renames the steps in the view; the rest is version 1's.
                _methods("games.catalog.soleils.rules", "SoleilsRulesV1", "view", "redact", "outcome")
                + _methods("games.catalog.soleils.rules", "SoleilsRules", "view"), False),
    "soleils-sheet": ("games/catalog/soleils/sheet.py", ["tests/games/soleils/test_sheet.py"],
                      _functions("games.catalog.soleils.sheet", "tally", "sun_rewards", "filled_pearls"), False),
    "medina": ("games/catalog/medina/rules.py",
               ["tests/games/medina/test_medina_rules.py", "tests/games/test_hidden_oracle.py", *PINS],
               _methods("games.catalog.medina.rules", "MedinaRules", "view", "outcome"), False),
    "medina-scoring": ("games/catalog/medina/scoring.py", ["tests/games/medina/test_medina_rules.py"], None, False),
    "linie1": ("games/catalog/linie1/rules.py",
               ["tests/games/linie1/test_hidden.py", "tests/games/linie1/test_scoring.py",
                "tests/games/test_hidden_oracle.py", *PINS],
               _methods("games.catalog.linie1.rules", "Linie1Rules", "view", "redact", "outcome", "milestones"),
               False),
    "harmonies": ("games/catalog/harmonies/rules.py",
                  ["tests/games/harmonies/test_hidden.py", "tests/games/test_hidden_oracle.py", *PINS,
                   "tests/games/harmonies/test_end_solo_spirits.py"],
                  _methods("games.catalog.harmonies.rules", "HarmoniesRules", "view", "redact", "outcome"), False),
    "harmonies-scoring": ("games/catalog/harmonies/scoring.py",
                          ["tests/games/harmonies/test_scoring.py", "tests/games/harmonies/test_habitats.py",
                           "tests/games/harmonies/test_end_solo_spirits.py"], None, False),
    "japan": ("games/catalog/japan/rules.py",
              ["tests/games/japan/test_hidden.py", "tests/games/test_hidden_oracle.py", *PINS],
              _methods("games.catalog.japan.rules", "JapanRules", "view", "redact", "outcome"), False),
    # Japan scores on the trip: every highlight, experience, mood and ticket is counted there.
    # test_rounds.py plays the trip phase (its questions and tickets) through the rules.
    "japan-trip": ("games/catalog/japan/trip.py",
                   ["tests/games/japan/test_trip.py", "tests/games/japan/test_rounds.py"], None, False),
    # Pure functions: measured against the tests that need no database (corpus exports,
    # the worked example of docs/FAIRNESS.md), so each mutant costs seconds.
    "hashing": ("games/hashing.py", VERIFY_TESTS, None, False),
    "verify": ("games/verify.py", VERIFY_TESTS, None, False),
}

# Every Django app of INSTALLED_APPS must be here, or no test starts in the copy.
COPY = ["api", "config", "games", "table", "tests", "worker", "web", "bench", "docs", "manage.py", "pytest.ini"]
STATUS = re.compile(r"^\s*(\S+__mutmut_\d+): (.+)$")


def _populate(workdir: Path, ref: str | None) -> None:
    if workdir.exists():
        shutil.rmtree(workdir)
    workdir.mkdir(parents=True)
    if ref:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(workdir)], input=archive, check=True)
    else:
        for name in COPY:
            source = ROOT / name
            if source.is_dir():
                shutil.copytree(source, workdir / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif source.exists():
                shutil.copy2(source, workdir / name)


def _configure(workdir: Path, path: str, tests: list[str]) -> list[str]:
    existing = [test for test in tests if (workdir / test).exists()]
    cfg = configparser.ConfigParser()
    cfg["mutmut"] = {
        "source_paths": "games",
        "only_mutate": path,
        "also_copy": "\n" + "\n".join(name for name in COPY if name != "games" and (workdir / name).exists()),
        "pytest_add_cli_args_test_selection": "\n" + "\n".join(existing),
        "pytest_add_cli_args": "\n-p\nno:cacheprovider\n--reuse-db",
        # A mutant that loops forever is stopped and counted as killed (timeout).
        "timeout_multiplier": "5",
        "timeout_constant": "10",
        "use_git_change_detection": "false",
    }
    with open(workdir / "setup.cfg", "w") as handle:
        cfg.write(handle)
    return existing


def mutation_database_url() -> str | None:
    """PostgreSQL for the targets that need it: MUTATE_DATABASE_URL, else DATABASE_URL's
    server with ``_mutate`` added to the name, so a mutation run never shares a test
    database with ``make test``. None (SQLite) when neither names PostgreSQL."""
    url = os.environ.get("MUTATE_DATABASE_URL") or os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return None
    return url if os.environ.get("MUTATE_DATABASE_URL") else url.rstrip("/") + "_mutate"


def _drop_test_database(url: str) -> None:
    """Each mutant's run reuses one test database (--reuse-db); start every target on a fresh one."""
    import dj_database_url
    import psycopg

    db = dj_database_url.parse(url)
    with psycopg.connect(dbname="postgres", user=db["USER"], password=db["PASSWORD"] or None,
                         host=db["HOST"] or None, port=db["PORT"] or None, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "test_{db["NAME"]}"')


def run_target(name: str, label: str, ref: str | None) -> dict:
    path, tests, globs, needs_postgres = TARGETS[name]
    workdir = ROOT / "var" / "mutate" / label / name
    _populate(workdir, ref)
    selected = _configure(workdir, path, tests)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", LUDOPOST_TESTING="1")
    env.pop("REDIS_URL", None)
    postgres = mutation_database_url() if needs_postgres else None
    if postgres:
        env["DATABASE_URL"] = postgres
        _drop_test_database(postgres)
    else:
        env.pop("DATABASE_URL", None)
    started = time.monotonic()
    mutmut = [PYTHON, "-m", "mutmut"]
    run = subprocess.run([*mutmut, "run", "--max-children", "1", *(globs or [])], cwd=workdir, env=env,
                         capture_output=True, text=True)
    log = workdir / "mutmut.log"
    log.write_text(run.stdout + "\n" + run.stderr)
    listing = subprocess.run([*mutmut, "results", "--all", "true"], cwd=workdir, env=env, capture_output=True,
                             text=True).stdout
    verdicts: dict[str, str] = {}
    for line in listing.splitlines():
        match = STATUS.match(line)
        if match:
            verdicts[match.group(1)] = match.group(2).strip()
    if globs:
        from fnmatch import fnmatch
        verdicts = {key: value for key, value in verdicts.items() if any(fnmatch(key, g) for g in globs)}
    counts: dict[str, int] = {}
    for verdict in verdicts.values():
        counts[verdict] = counts.get(verdict, 0) + 1
    result = {"target": name, "file": path, "tests": selected, "ref": ref or "work tree",
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "engine":
              "postgresql" if needs_postgres and "postgres" in env.get("DATABASE_URL", "") else "sqlite",
              "seconds": round(time.monotonic() - started), "exit": run.returncode, "counts": counts,
              "survivors": sorted(k for k, v in verdicts.items() if v not in ("killed", "timeout"))}
    (workdir.parent / f"{name}.json").write_text(json.dumps(result, indent=1, ensure_ascii=False))
    return result


def rerun_survivors(name: str, before: str, after: str) -> dict:
    """Measure ``after`` cheaply: in ``before``'s work directory, with this tree's tests
    copied in, run only the mutants that survived ``before``. Tests are only ever added
    or tightened between the two, so a mutant killed before stays killed."""
    path, tests, globs, needs_postgres = TARGETS[name]
    previous = json.loads((ROOT / "var" / "mutate" / before / f"{name}.json").read_text())
    # A second re-run starts from the first one's survivors, in the first run's directory.
    workdir = ROOT / "var" / "mutate" / previous.get("rerun_of", before) / name
    for dest in (workdir, workdir / "mutants"):
        if dest.exists():
            shutil.rmtree(dest / "tests", ignore_errors=True)
            shutil.copytree(ROOT / "tests", dest / "tests", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    selected = _configure(workdir, path, tests)
    (workdir / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)   # new tests: which cover what
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", LUDOPOST_TESTING="1")
    env.pop("REDIS_URL", None)
    postgres = mutation_database_url() if needs_postgres else None
    if postgres:
        env["DATABASE_URL"] = postgres
        _drop_test_database(postgres)
    else:
        env.pop("DATABASE_URL", None)
    started = time.monotonic()
    mutmut = [PYTHON, "-m", "mutmut"]
    survivors = previous["survivors"]
    run = subprocess.run([*mutmut, "run", "--max-children", "1", *survivors], cwd=workdir, env=env,
                         capture_output=True, text=True) if survivors else None
    if run is not None:
        (workdir / "mutmut-rerun.log").write_text(run.stdout + "\n" + run.stderr)
    listing = subprocess.run([*mutmut, "results", "--all", "true"], cwd=workdir, env=env, capture_output=True,
                             text=True).stdout
    verdicts = {}
    for line in listing.splitlines():
        match = STATUS.match(line)
        if match and match.group(1) in survivors:
            verdicts[match.group(1)] = match.group(2).strip()
    still = sorted(k for k in survivors if verdicts.get(k) not in ("killed", "timeout"))
    counts = dict(previous["counts"])
    total = sum(counts.values())
    counts = {"killed": total - len(still), "survived": len(still)}
    result = {**previous, "tests": selected, "ref": "work tree (tests), " + previous["ref"] + " (mutants)",
              "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
              "seconds": round(time.monotonic() - started), "exit": run.returncode if run else 0,
              "counts": counts, "survivors": still, "rerun_of": previous.get("rerun_of", before)}
    target = ROOT / "var" / "mutate" / after
    target.mkdir(parents=True, exist_ok=True)
    (target / f"{name}.json").write_text(json.dumps(result, indent=1, ensure_ascii=False))
    return result


def table(before: str, after: str) -> str:
    """A Markdown table of two runs' verdicts per target, for docs/TESTING.md."""
    base = ROOT / "var" / "mutate"
    lines = ["| target | file | mutants (before / after) | killed before | survived before | killed after | survived after |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for name in TARGETS:
        runs = []
        for label in (before, after):
            path = base / label / f"{name}.json"
            runs.append(json.loads(path.read_text()) if path.exists() else None)
        if not any(runs):
            continue
        cells = []
        for run in runs:
            if run is None:
                cells += ["–", "–"]
                continue
            killed = run["counts"].get("killed", 0) + run["counts"].get("timeout", 0)
            cells += [str(killed), str(sum(run["counts"].values()) - killed)]
        totals = [str(sum(run["counts"].values())) if run else "–" for run in runs]
        total = sum(next(r for r in reversed(runs) if r)["counts"].values())
        shown = totals[0] if totals[0] == totals[1] else " / ".join(totals)
        lines.append(f"| {name} | {TARGETS[name][0]} | {shown} | " + " | ".join(cells) + " |")
        if name.endswith("-sqlite"):
            # A mutant of a module measured on both engines survives only if it survived both.
            both = []
            for label in (before, after):
                pair = [base / label / f"{target}.json" for target in (name[:-len("-sqlite")], name)]
                if all(path.exists() for path in pair):
                    first, second = (set(json.loads(path.read_text())["survivors"]) for path in pair)
                    both += [str(total - len(first & second)), str(len(first & second))]
                else:
                    both += ["–", "–"]
            lines.append(f"| {name[:-len('-sqlite')]} (both engines) | {TARGETS[name][0]} | {total} | "
                         + " | ".join(both) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("targets", nargs="*", help=f"default: all ({', '.join(TARGETS)})")
    parser.add_argument("--ref", help="mutate this commit's tree instead of the work tree")
    parser.add_argument("--label", default="latest")
    parser.add_argument("--table", nargs=2, metavar=("BEFORE", "AFTER"),
                        help="print the Markdown table of two labelled runs and stop")
    parser.add_argument("--rerun-survivors", metavar="BEFORE",
                        help="re-run only the mutants that survived the run labelled BEFORE, with this "
                             "tree's tests, and label the result --label")
    args = parser.parse_args(argv)
    if args.rerun_survivors:
        for name in args.targets:
            result = rerun_survivors(name, args.rerun_survivors, args.label)
            print(f"{name:15} {result['counts']} ({result['seconds']} s)", flush=True)
            for survivor in result["survivors"]:
                print(f"    survived: {survivor}")
        return 0
    if args.table:
        print(table(*args.table))
        return 0
    unknown = [name for name in args.targets if name not in TARGETS]
    if unknown:
        parser.error(f"unknown targets: {', '.join(unknown)}")
    failed = False
    for name in args.targets or list(TARGETS):
        result = run_target(name, args.label, args.ref)
        counts = ", ".join(f"{count} {verdict}" for verdict, count in sorted(result["counts"].items()))
        print(f"{name:15} {result['file']:34} {counts or 'no mutants'} ({result['seconds']} s)", flush=True)
        for survivor in result["survivors"]:
            print(f"    survived: {survivor}")
        failed |= result["exit"] != 0 or not result["counts"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
