"""Loading model rows with a plain cursor, for the few queries on the hot path.

The ORM spends ~0.3-0.5 ms building and compiling each query; a move reads the
token's user and the game row (in one joined query). Here the SELECT is written out once and
Django's own converters (JSON text to objects, SQLite's datetimes and booleans) are
looked up once per model and database vendor, then applied to the fetched row.
"""
from __future__ import annotations

from django.db import DEFAULT_DB_ALIAS, connections

# Per (model, vendor, only): the column list, attnames, converters and the pk's index.
_plans: dict[tuple, tuple[str, list[str], list[tuple], int]] = {}


def _plan(model, only: tuple[str, ...] | None, connection):
    key = (model._meta.label, connection.vendor, only)
    plan = _plans.get(key)
    if plan is None:
        fields = [f for f in model._meta.concrete_fields if only is None or f.attname in only or f.primary_key]
        table = model._meta.db_table
        columns = ", ".join(f"{connection.ops.quote_name(table)}.{connection.ops.quote_name(f.column)}"
                            for f in fields)
        converters = []
        for field in fields:
            column = field.get_col(table)
            funcs = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
            converters.append((column, funcs))
        attnames = [f.attname for f in fields]
        plan = (columns, attnames, converters, attnames.index(model._meta.pk.attname))
        _plans[key] = plan
    return plan


def load_one(model, sql_after_select: str, params, *, only: tuple[str, ...] | None = None,
             alias: str | None = None):
    """``SELECT <model's columns> <sql_after_select>`` → one instance, or None.

    ``sql_after_select`` starts with FROM; the columns are qualified with the model's
    table, so joins may be used to filter. ``only`` names the fields to load (the
    others are deferred, as with QuerySet.only).
    """
    row = load_row([(model, only)], sql_after_select, params, alias=alias)
    return None if row is None else row[0]


def load_row(models: list[tuple], sql_after_select: str, params, *, alias: str | None = None):
    """One row of a join → one instance per ``(model, only)`` pair, in order; None if
    no row matched. A model whose primary key came back NULL (the missing side of a
    LEFT JOIN) gives None in its place. Each model's table may appear once."""
    # The wrapper itself, looked up once: each attribute read through the
    # ``django.db.connection`` proxy costs a thread-local lookup.
    connection = connections[DEFAULT_DB_ALIAS]
    plans = [_plan(model, only, connection) for model, only in models]
    select = ", ".join(plan[0] for plan in plans)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {select} {sql_after_select}", params)
        row = cursor.fetchone()
    if row is None:
        return None
    alias = alias or connection.alias
    instances, start = [], 0
    for (model, _), (_, attnames, converters, pk_index) in zip(models, plans):
        values = row[start:start + len(attnames)]
        start += len(attnames)
        if values[pk_index] is None:
            instances.append(None)
            continue
        converted = []
        for value, (column, funcs) in zip(values, converters):
            for func in funcs:
                value = func(value, column, connection)
            converted.append(value)
        instances.append(model.from_db(alias, attnames, converted))
    return instances
