"""`manage.py run_timers`: apply due deadlines for tables nobody is connected to (bots filling quick-match
tables, bot and auto-play moves, timeouts, next hands). Consumers handle the tables they show; this
sweeper covers the rest, e.g. after a restart (docs/design.md#timers-deadlines-and-the-sweeper). `make serve`
runs it with --loop beside Daphne (bin/serve)."""
import logging
import time

from django.core.management.base import BaseCommand
from django.db.models import Q
from django.utils import timezone

from games import services
from games.models import Table

logger = logging.getLogger("paohuzi.timers")


class Command(BaseCommand):
    help = "Apply the deadlines that have passed, once or (with --loop) every --interval seconds."

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="keep sweeping until interrupted")
        parser.add_argument("--interval", type=float, default=1.0)

    def handle(self, *args, loop=False, interval=1.0, **options):
        try:
            while True:
                applied = sweep()
                if applied:
                    self.stdout.write(f"applied deadlines at {applied} table(s)")
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
    for table_id in tables:
        try:
            services.table_tick(table_id=table_id, now=now)
        except Exception:
            logger.exception("table %s: applying a deadline failed", table_id)
    return len(tables)
