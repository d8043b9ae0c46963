"""The move path's two writes, one plain statement each (docs/design.md#one-move-end-to-end).

Model.save() and QuerySet.create() spend 0.25–0.5 ms of a move here in their machinery (signals, the
SQL compiler, state bookkeeping) on statements of always the same shape: the log row's INSERT and the
hand's UPDATE of the columns a step changes. These build each statement's SQL once and pass every
value through its field's own conversion (pre_save, get_db_prep_save), so JSON, times and time zones
are stored exactly as the ORM stores them, on SQLite and on PostgreSQL. Neither model has signal
receivers; the ActionLog stays append-only (this only inserts).
"""
from __future__ import annotations

from functools import lru_cache

from django.db import connection
from django.db.models import Model


def row_insert(row: Model) -> None:
    """INSERT the unsaved `row` (its primary key is not read back: the move path never uses it)."""
    sql, fields = _insert(type(row))
    values = [f.get_db_prep_save(f.pre_save(row, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)


def row_update(row: Model, names: tuple[str, ...]) -> None:
    """UPDATE only the columns `names` of the saved `row`, as save(update_fields=names) does."""
    sql, fields = _update(type(row), names)
    values = [f.get_db_prep_save(f.pre_save(row, False), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, row.pk])


@lru_cache(maxsize=None)
def _insert(model: type[Model]) -> tuple[str, list]:
    meta, q = model._meta, connection.ops.quote_name
    fields = [f for f in meta.concrete_fields if not f.primary_key]
    columns = ", ".join(q(f.column) for f in fields)
    return f"INSERT INTO {q(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})", fields


@lru_cache(maxsize=None)
def _update(model: type[Model], names: tuple[str, ...]) -> tuple[str, list]:
    meta, q = model._meta, connection.ops.quote_name
    fields = [meta.get_field(name) for name in names]
    assignments = ", ".join(f"{q(f.column)} = %s" for f in fields)
    return f"UPDATE {q(meta.db_table)} SET {assignments} WHERE {q(meta.pk.column)} = %s", fields
