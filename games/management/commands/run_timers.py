"""`manage.py run_timers`: the sweeper (games.clock.sweeper) once, or with --loop until interrupted."""
from django.core.management.base import BaseCommand

from games.clock import sweeper


class Command(BaseCommand):
    help = "Apply the deadlines that have passed, once or (with --loop) every --interval seconds."

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="keep sweeping until interrupted")
        parser.add_argument("--interval", type=float, default=1.0)

    def handle(self, *args, loop=False, interval=1.0, **options):
        sweeper.run(loop=loop, interval=interval,
                    report=lambda n: self.stdout.write(f"applied deadlines at {n} table(s)"))
