"""The sweeper: apply due deadlines for tables nobody is connected to (bots filling quick-match tables,
bot and auto-play moves, timeouts, next hands). Consumers handle the tables they show; this covers the
rest, e.g. after a restart (docs/design.md#timers-deadlines-and-the-sweeper). `manage.py run_timers` runs it, and
`make serve` runs that with --loop beside Daphne (bin/serve).

Apps above the clock (tournaments) keep clocks of their own: they register a hook (`hook_add`) that
every sweep calls after the tables, so the clock imports nothing upward."""
import logging
import time

from django.db.models import Q
from django.utils import timezone

from games.clock import searches, tick
from games.models import Table

logger = logging.getLogger("paohuzi.timers")

HOOKS: list = []  # callables `hook(now) -> int` (how many things they applied), run after each sweep


def hook_add(hook) -> None:
    """Register a clock of a higher layer (an AppConfig.ready does it): every sweep calls `hook(now)`."""
    if hook not in HOOKS:
        HOOKS.append(hook)


def run(*, loop: bool, interval: float, report) -> None:
    """Sweep once, or (loop) every `interval` seconds until interrupted; `report(n)` after a sweep that
    applied deadlines at n tables."""
    try:
        while True:
            applied = sweep()
            if applied:
                report(applied)
            if not loop:
                return
            time.sleep(interval)
    except KeyboardInterrupt:  # Ctrl-C ends the loop quietly
        pass


def sweep(now=None) -> int:
    """Tick every table with a passed deadline; returns how many were ticked. A table whose tick fails
    is logged and left for the next sweep: it never stops the others, nor the loop."""
    now = now or timezone.now()
    due = (Table.objects.filter(Q(status=Table.Status.WAITING, fill_at__lte=now)
                                | Q(status=Table.Status.PLAYING, hands__deadline__lte=now))
           .values_list("pk", flat=True).distinct())
    tables = list(due)
    try:
        planned = searches.plan(tables)  # the hard bots' moves, searched in the worker pool
    except Exception:
        logger.exception("planning the hard bots' moves failed")
        planned = {}
    try:
        searches.analyses_step()  # replays' analyses asked for: their progress, never waited for
    except Exception:
        logger.exception("advancing the hands' analyses failed")
    for table_id in tables:
        try:
            tick.table_tick(table_id=table_id, now=now, planned=planned.get(table_id))
        except Exception:
            logger.exception("table %s: applying a deadline failed", table_id)
    applied = len(tables)
    for hook in HOOKS:
        try:
            applied += hook(now) or 0
        except Exception:
            logger.exception("the sweep hook %s failed", getattr(hook, "__qualname__", hook))
    return applied
